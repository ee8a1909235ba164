//go:build !wasm

package app

import "regexp"

func compileRoute(pattern string) routePattern {
	return regexp.MustCompile(pattern)
}
