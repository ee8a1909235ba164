package ui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
)

// quietBrowser is the page as a native test has it: nothing to buzz, log or mark.
type quietBrowser struct{}

func (quietBrowser) Language() string    { return "en" }
func (quietBrowser) SetLanguage(string)  {}
func (quietBrowser) Vibrate(int)         {}
func (quietBrowser) Log(string, string)  {}
func (quietBrowser) Mark(string, string) {}

// testSession is a Session over an in-memory device holding the game g (nil: none) and the
// parties, in lang, reading cards from cat (nil: none, for a screen that should fail).
func testSession(t *testing.T, cat *catalog.Catalog, lang string, g *anima.Game, parties ...store.SavedParty) *Bridge {
	t.Helper()
	b := store.NewMemory()
	st := store.New(b)
	if err := st.SaveSettings(store.Prefs{Language: lang}); err != nil {
		t.Fatal(err)
	}
	if g != nil {
		if err := st.SaveGame(g); err != nil {
			t.Fatal(err)
		}
	}
	if len(parties) > 0 {
		if err := st.SaveParties(parties); err != nil {
			t.Fatal(err)
		}
	}
	return &Bridge{core: session.New(session.Config{Backend: b, Catalog: cat, Browser: quietBrowser{}})}
}

// newScreen is the screen the fragment names, made as the Shell makes it (screens): with the
// parts of s its constructor gives.
func newScreen(s *Bridge, fragment string) app.UI {
	sc, arg := findScreen(fragment)
	return sc.page(s, arg)
}
