package ui

import (
	"strings"
	"testing"

	"gnosis/engine"
	"gnosis/engine/catalog"
)

// TestOutOfPlayShowsOnlyThat: a character whose LP are gone shows "Out of play" and no longer
// its contact or its states; the enemy it was engaged with no longer shows the contact.
func TestOutOfPlayShowsOnlyThat(t *testing.T) {
	cat := catalog.Default()
	card := func(name string) engine.Card {
		c, ok := cat.Character(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		return c
	}
	g, err := engine.NewGame(engine.Setup{Sides: [2]engine.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []engine.Card{card("Nero")}},
		{Name: "B", EncounterLevel: 250, Characters: []engine.Card{card("Xavier")}}}})
	if err != nil {
		t.Fatal(err)
	}
	nero, xavier := engine.Ref{Side: 0, Index: 0}, engine.Ref{Side: 1, Index: 0}
	for _, cmd := range []engine.Command{engine.AdvancePhase{}, engine.AdvancePhase{},
		engine.SetEngaged{A: nero, B: xavier, Engaged: true}, engine.SetState{Ref: nero, State: engine.Poison, Level: 1}} {
		if err := g.Do(cmd); err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
	}
	tr := &Tracker{page: page{s: &Session{cat: cat, game: g, lang: "en"}}}
	line := func(r engine.Ref) string { return strings.Join(tr.characterRow(g.State(), r).marks(), " · ") }
	if got := line(nero); got != "Engaged with Xavier · Poison 1" {
		t.Fatalf("Nero alive: %q", got)
	}
	ch, _ := g.State().Character(nero)
	if err := g.Do(engine.AdjustLP{Ref: nero, Delta: -ch.LP}); err != nil {
		t.Fatal(err)
	}
	if got := line(nero); got != "Out of play" {
		t.Errorf("Nero at 0 LP: %q, want only Out of play", got)
	}
	if got := line(xavier); strings.Contains(got, "Engaged") {
		t.Errorf("Xavier, Nero gone: %q", got)
	}
}
