package anima

import (
	"strings"
	"testing"
)

// TestConcede: a side's concession ends the game at once (every command then refused under
// R-TURN-5), the other side the winner, however the table stands; the game says it ended by a
// concession, and the history tells it; undone, the game goes on as it was. A game left before
// its end says it is unfinished and what puts the side ahead.
func TestConcede(t *testing.T) {
	g := newTestGame(t)
	st := g.State()
	if st.End() != "" || st.Ahead() != AheadLevels || st.Winner() != 0 {
		t.Fatalf("a game going on: end %q, ahead %q, winner %d", st.End(), st.Ahead(), st.Winner())
	}
	mustDo(t, g, Concede{Side: 0}) // the Empire, ahead on levels, concedes
	st = g.State()
	if !st.Over() || st.Winner() != 1 || st.End() != EndConceded || st.Ahead() != AheadConceded {
		t.Fatalf("conceded: over %v, winner %d, end %q, ahead %q", st.Over(), st.Winner(), st.End(), st.Ahead())
	}
	wantRule(t, g.Do(AdjustLP{Ref: Ref{1, 0}, Delta: -1}), "R-TURN-5", ErrGameOver)
	lines := History(g.Log(), "en")
	if last := lines[len(lines)-1].Text; !strings.Contains(last, "Empire concedes: Church wins") {
		t.Fatalf("the history's last line: %q", last)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if st := g.State(); st.Over() || st.Conceded != 0 {
		t.Fatal("undone, the game is still conceded")
	}
	if err := g.Do(Concede{Side: 2}); err == nil {
		t.Error("a side 2 conceded")
	}
}

// TestHistoryNamesSidesOfAMirrorMatch: issue 70. Where both sides bear one name and field the
// same characters, the history names each side by its number and each character with its side.
func TestHistoryNamesSidesOfAMirrorMatch(t *testing.T) {
	g, err := NewGame(Setup{Sides: [2]SideSetup{
		{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4)}},
		{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, AdjustLP{Ref: Ref{1, 0}, Delta: -2}, Concede{Side: 1})
	text := ""
	for _, l := range History(g.Log(), "en") {
		text += l.Text + "\n"
	}
	if !strings.Contains(text, "Nero (Church 2)") || !strings.Contains(text, "Church 2 concedes: Church 1 wins") {
		t.Fatalf("a mirror match's history:\n%s", text)
	}
}
