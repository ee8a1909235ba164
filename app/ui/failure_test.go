package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
)

// TestRenderCatchesAPanic: a screen that panics (here the builder with no catalog) is drawn as
// the failure screen with its way back, not left to stop the app.
func TestRenderCatchesAPanic(t *testing.T) {
	s := testSession(t, nil, "en", nil, store.SavedParty{ID: "p"})
	var ui app.UI
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("Render panicked: %v", r)
			}
		}()
		ui = newScreen(s, screenBuilder+"p").(*Builder).Render()
	}()
	if s.core.Failure() == "" || ui == nil {
		t.Fatalf("failure %q", s.core.Failure())
	}
	if html := app.HTMLString(ui); !strings.Contains(html, `id="failure"`) {
		t.Errorf("the screen draws no failure: %s", html)
	}
	shell := &Shell{s: s, mounted: true, screen: &screens[0], arg: "p"}
	html := app.HTMLString(shell.Render())
	for _, want := range []string{`id="failure"`, "Something went wrong", `id="failure-home"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the failure screen lacks %s: %s", want, html)
		}
	}
}
