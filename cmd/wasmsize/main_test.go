//go:build !wasm

package main

import "testing"

// TestPackageOfAName: a function's name, as the wasm linker writes it, is counted under its
// package: a known import path it begins with, else the path with its slashes back (a
// domain's dots kept, a method's brackets dropped), cut to a depth.
func TestPackageOfAName(t *testing.T) {
	for name, want := range map[string]string{
		"gnosis_app_ui.__EventScreen_.Render":                           "gnosis/app/ui",
		"runtime.mallocgc":                                              "runtime",
		"github.com_maxence_charriere_go_app_v10_pkg_app.__Elem_.Mount": "github.com/maxence/charriere/go/app/v10/pkg/app",
		"fmt.__pp_.doPrintf":                                            "fmt",
		"internal_runtime_maps.ctrlGroup.matchH2":                       "internal/runtime/maps",
		"type_.eq.crypto_cipher.gcmFallback":                            "type",
		"":                                                              "(no name)",
	} {
		if got := pkg(name, nil, 0); got != want {
			t.Errorf("%q: %q, want %q", name, got, want)
		}
	}
	if got := pkg("gnosis_engine_event.Pair", nil, 2); got != "gnosis/engine" {
		t.Errorf("at depth 2: %q", got)
	}
	known := []string{"github.com/maxence-charriere/go-app/v10/pkg/app", "github.com/maxence-charriere/go-app/v10/pkg/errors"}
	if got := pkg("github.com_maxence_charriere_go_app_v10_pkg_app.__Elem_.Mount", known, 0); got != known[0] {
		t.Errorf("by the known paths: %q", got)
	}
}
