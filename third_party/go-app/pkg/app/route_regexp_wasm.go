//go:build wasm

package app

import "github.com/maxence-charriere/go-app/v10/pkg/errors"

// compileRoute panics in a wasm build: regexp, 270 kB of code, is left out of
// app.wasm, and RouteWithRegexp with it. Outside wasm (the server, the static
// site's pages) a pattern is compiled as go-app does; route each path with Route.
func compileRoute(pattern string) routePattern {
	panic(errors.New("RouteWithRegexp is not built into wasm (no regexp in app.wasm): route each path with Route").
		WithTag("pattern", pattern))
}
