package ui

import (
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
)

// TestOutOfPlayShowsOnlyThat: a character whose LP are gone shows "Out of play" and no longer
// its contact or its states; the enemy it was engaged with no longer shows the contact.
func TestOutOfPlayShowsOnlyThat(t *testing.T) {
	cat := catalog.Default()
	card := func(name string) anima.Card {
		c, ok := cat.Character(name)
		if !ok {
			t.Fatalf("no %s", name)
		}
		return c
	}
	g, err := anima.NewGame(anima.Setup{Sides: [2]anima.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []anima.Card{card("Nero")}},
		{Name: "B", EncounterLevel: 250, Characters: []anima.Card{card("Xavier")}}}})
	if err != nil {
		t.Fatal(err)
	}
	nero, xavier := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 1, Index: 0}
	for _, cmd := range []anima.Command{anima.AdvancePhase{}, anima.AdvancePhase{},
		anima.SetEngaged{A: nero, B: xavier, Engaged: true}, anima.SetState{Ref: nero, State: anima.Poison, Level: 1}} {
		if err := g.Do(cmd); err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
	}
	tr := newScreen(testSession(t, cat, "en", g), screenGame).(*Tracker)
	line := func(r anima.Ref) string { return strings.Join(tr.characterRow(g.State(), r).marks(), " · ") }
	if got := line(nero); got != "Engaged with Xavier · Poison 1" {
		t.Fatalf("Nero alive: %q", got)
	}
	ch, _ := g.State().Character(nero)
	if err := g.Do(anima.AdjustLP{Ref: nero, Delta: -ch.LP}); err != nil {
		t.Fatal(err)
	}
	if got := line(nero); got != "Out of play" {
		t.Errorf("Nero at 0 LP: %q, want only Out of play", got)
	}
	if got := line(xavier); strings.Contains(got, "Engaged") {
		t.Errorf("Xavier, Nero gone: %q", got)
	}
}

// TestGameReport: the game over's report to share says the result, the levels on the table
// and the history turn by turn, in the player's language.
func TestGameReport(t *testing.T) {
	cat := catalog.Default()
	nero, _ := cat.Character("Nero")
	xavier, _ := cat.Character("Xavier")
	g, err := anima.NewGame(anima.Setup{Turns: 1, Sides: [2]anima.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []anima.Card{nero}},
		{Name: "B", EncounterLevel: 250, Characters: []anima.Card{xavier}}}})
	if err != nil {
		t.Fatal(err)
	}
	for !g.State().Flow.Ended {
		if err := g.Do(anima.AdvanceToAction{}); err != nil {
			t.Fatal(err)
		}
	}
	for lang, want := range map[string][]string{
		"en": {"A – B: Draw\n", "Levels on the table: A 50, B 50", "\nTurn 1\n- "},
		"es": {"A – B: Empate\n", "\nTurno 1\n- "},
	} {
		tr := newScreen(testSession(t, cat, lang, g), screenGame).(*Tracker)
		got := tr.gameReport(g.State())
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, got)
			}
		}
	}
}
