package anima

// Hostile probes of issue 70 (attack-70): Concede.

import (
	"encoding/json"
	"testing"
)

// TestHostileConcedeUndoPlayOn: concede, undo, play on, redo refused or not, concede again.
func TestHostileConcedeUndoPlayOn(t *testing.T) {
	g := newTestGame(t)
	mustDo(t, g, AdvanceToAction{})
	mustDo(t, g, Concede{Side: 1})
	if st := g.State(); st.Winner() != 0 || st.End() != EndConceded {
		t.Fatalf("winner %d end %q", st.Winner(), st.End())
	}
	if err := g.Do(Concede{Side: 0}); err == nil {
		t.Errorf("the winner conceded after the other side: taken, winner now %d", g.State().Winner())
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	st := g.State()
	if st.Over() || st.Conceded != 0 || st.End() != "" {
		t.Fatalf("undone: over %v conceded %d end %q", st.Over(), st.Conceded, st.End())
	}
	mustDo(t, g, AdjustLP{Ref: Ref{Side: 1}, Delta: -3})
	if st := g.State(); st.Over() {
		t.Fatal("over after playing on")
	}
	// The game's log read back: a concession replays.
	mustDo(t, g, Concede{Side: 0})
	b, err := json.Marshal(g.Log())
	if err != nil {
		t.Fatal(err)
	}
	var log []Entry
	if err := json.Unmarshal(b, &log); err != nil {
		t.Fatal(err)
	}
	h, err := LoadGame(log)
	if err != nil {
		t.Fatalf("a conceded game's log does not read back: %v", err)
	}
	if st := h.State(); st.Winner() != 1 || st.End() != EndConceded || st.Ahead() != AheadConceded {
		t.Errorf("read back: winner %d end %q ahead %q", st.Winner(), st.End(), st.Ahead())
	}
}

// TestHostileConcedeAfterTheEnd: a game over by Armageddon (the Church's one character killed):
// the beaten side's concession, or the winner's, after the end.
func TestHostileConcedeAfterTheEnd(t *testing.T) {
	g, err := NewGame(Setup{Scenario: Armageddon, Sides: [2]SideSetup{
		{Name: "Empire", EncounterLevel: 250, Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
		{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, AdvanceToAction{}, AdjustLP{Ref: Ref{Side: 1}, Delta: -14})
	if !g.State().Over() || g.State().Winner() != 0 {
		t.Fatalf("over %v winner %d", g.State().Over(), g.State().Winner())
	}
	if err := g.Do(Concede{Side: 0}); err == nil {
		t.Errorf("the winner of a finished game conceded it: winner now %d, end %q", g.State().Winner(), g.State().End())
	}
}
