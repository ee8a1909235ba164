package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/app/store"
	"gnosis/engine/catalog"
	"gnosis/engine/text"
)

// The first screen: the page that gnosis serve and the static site send holds the screens a
// first visitor sees, drawn by go-app's server-side rendering of the app's own components (the
// Shell around Home, or around a shared link's screen) over a Session with nothing stored:
//
//   - the home screen, and
//   - a shared party link's screen with the party's place kept (Shared.opening),
//
// each in the three languages (text.EN, ES, IT), under the root go-app replaces
// (<div id="first-screens">). The page script (web/copy.js) shows the one of the browser's language
// and the address's screen as the start copy, the picture that takes no tap, with the
// download's progress, until Go draws the screen in its place; web/gnosis.css shows it before
// the script has (the page's <html data-first-lang data-first-screen>). A stored copy of the
// last screen (the glance), where there is one, is shown instead.

// idFirst is the id of the root of the first screens.
const idFirst = "first-screens"

// The first screens' kinds (data-first), as the page script picks them by the address.
const (
	firstHome   = "home"
	firstShared = "shared"
)

// firstScreens is the Shell's drawing before it is mounted: on the server, the first screens;
// in the browser (hidden under the start copy, or where the address names another screen
// shown alone until Go draws it), the top bar and "Loading…".
func firstScreens() app.UI {
	if !app.IsServer {
		return app.Div().Class("shell").Body(topBar(text.EN, "Gnosis", false), app.P().Class("loading").Text(text.T(text.EN, "Loading…")))
	}
	var shells []app.UI
	for _, lang := range []string{text.EN, text.ES, text.IT} {
		shells = append(shells, firstScreen(lang, firstHome), firstScreen(lang, firstShared))
	}
	return app.Div().ID(idFirst).Body(shells...)
}

// firstScreen is the first screen of kind (firstHome or firstShared) in lang, as the Shell
// draws it over a Session with nothing stored, in IndexedDB as a first visit's is.
func firstScreen(lang, kind string) app.UI {
	core := session.New(session.Config{Backend: store.NewMemory(), Where: store.InIndexedDB,
		Catalog: catalog.Default(), Browser: firstBrowser(lang)})
	// What a browser answers on a first visit, before it is asked to keep the data (Chromium,
	// Firefox): drawn as it will be, so that nothing below it moves when Go has asked.
	core.Do(session.Persistence{State: "not granted"})
	v := &Bridge{core: core}
	c := &Shell{s: v, mounted: true}
	c.screen, c.arg = findScreen(screenHome)
	page := c.screen.page(v, "")
	if kind == firstShared {
		c.screen, c.arg = findScreen(screenShared)
		page = &Shared{page: v.newPage(), cards: core.Cards(), opening: true}
	}
	return c.draw(page).Lang(lang).DataSet("first", kind).
		DataSet("loading", text.T(lang, "Loading…")).
		DataSet("starting", text.T(lang, "Still starting: tap again once the screen is ready."))
}

// firstBrowser is the browser of a first visit in its language, as the server draws it: it
// keeps nothing and says nothing.
type firstBrowser string

func (b firstBrowser) Language() string  { return string(b) }
func (firstBrowser) SetLanguage(string)  {}
func (firstBrowser) Vibrate(int)         {}
func (firstBrowser) Log(string, string)  {}
func (firstBrowser) Mark(string, string) {}
