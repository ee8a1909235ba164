package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
	"gnosis/engine/text"
)

// The glance: when the page is hidden (the player leaves the app, or reloads it), the screen
// as it is drawn, the home screen or the game's, is kept as data (web/copy.js keepGlance);
// at the next start the page script paints that copy while app.wasm downloads and compiles,
// if the app's version, the screen and the records it was drawn from are still what they
// were. The copy is a picture: it takes no tap (a tap there says the app is still starting,
// and changes nothing), so that no number shows as taken that a reload or a kill could lose;
// it goes in the same task as go-app's first drawing of the screen (dropGlance).

// glanceLeave lists the ids of the elements the copy leaves out: what the next start does not
// draw (a toast fades).
var glanceLeave = []any{idToast}

// keepGlanceWhenHidden keeps the screen as the page is hidden, in the event itself; as the page
// goes (a reload) it is kept after the journal (saveWhenHidden): a page that goes leaves no
// time for go-app's update loop. A change still waiting to be saved is kept after its save
// instead, and, if the page goes first, in the journal, which a copy never shows over.
func (s *Bridge) keepGlanceWhenHidden() {
	app.Window().Get("document").Call("addEventListener", "visibilitychange", app.FuncOf(func(app.Value, []app.Value) any {
		s.keepGlanceIfHidden()
		return nil
	}))
}

// forgetGlance takes the kept copy and its sum out of localStorage: the journal needs the room.
func (s *Bridge) forgetGlance() { s.page.Call("forgetGlance") }

// keepGlanceIfHidden keeps the screen if the page is hidden (keepGlance).
func (s *Bridge) keepGlanceIfHidden() {
	if app.Window().Get("document").Get("visibilityState").String() == "hidden" {
		s.keepGlance()
	}
}

// keepGlance keeps the screen if it is one the next start draws as it is now: the home screen
// or the game's, every change saved and drawn, no sheet, rule, notice or failure over it.
func (s *Bridge) keepGlance() {
	if !s.glanceable() {
		return
	}
	lang := s.core.Settings().Lang()
	why := s.page.Call("keepGlance", map[string]any{
		"leave":    glanceLeave,
		"journal":  store.JournalKey,
		"loading":  text.T(lang, "Loading…"),
		"starting": text.T(lang, "Still starting: tap again once the screen is ready."),
	}).String()
	if why != "" {
		browser{}.Log("warn", "gnosis: the screen was not kept for the next start: "+why)
	}
}

// watchRecords has the page script keep the texts of the records a screen is drawn from
// (store.ScreenRecords) and count those set aside, for the sum a copy of the screen is kept
// with: called before the store reads them, while the records read ahead are there.
func (s *Bridge) watchRecords() {
	s.page.Call("watchRecords", toAny(store.ScreenRecords), store.AsidePrefix)
}

// glanceable says whether the screen drawn now is drawn the same at the next start.
func (s *Bridge) glanceable() bool {
	switch {
	case !s.onHomeOrGame, s.core.Play().SavePending(), s.redrawPending, s.rule != "":
		return false
	case s.core.Failure() != "", s.core.Notice() != "", s.core.Settings().UpdateReady(), len(s.core.Problems()) > 0, s.core.Settings().Keepless():
		return false
	}
	return !s.page.Get("sheetOpen").Truthy() && !s.page.Get("ruleOpen").Truthy()
}

// dropGlance takes the copy away: go-app has drawn the screen.
func (s *Bridge) dropGlance() { s.page.Call("dropGlance") }

// toAny is a list of texts as JavaScript takes it.
func toAny(v []string) []any {
	out := make([]any, len(v))
	for i, x := range v {
		out[i] = x
	}
	return out
}
