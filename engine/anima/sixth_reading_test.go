package anima

import "testing"

// The rulings of 2026-12-02 (RULES.md): a game length agreed for Armageddon applies (R-SCN-3),
// and a found marker stays while markers outnumber hidden characters (R-SETUP-7).

// playTurns plays g through its phases, every character activated and its activation ended at
// once, until it is over or turn last is done: what the table does when nobody attacks.
func playTurns(t *testing.T, g *Game, last int) {
	t.Helper()
	for range 500 {
		s := g.State()
		if s.Over() || s.Flow.Turn > last {
			return
		}
		var next Command
		for _, ch := range Actions(s) {
			switch c := ch.Command.(type) {
			case EndActivation:
				next = c
			case AdvancePhase, AdvanceToAction:
				if next == nil {
					next = c
				}
			case BeginActivation:
				if _, ends := next.(EndActivation); !ends {
					next = c
				}
			}
		}
		if next == nil {
			t.Fatalf("turn %d, %s phase: nothing to do", s.Flow.Turn, s.Flow.Phase)
		}
		mustDo(t, g, next)
	}
	t.Fatal("500 steps and the turns are not played")
}

func TestRSCN3AgreedLength(t *testing.T) {
	armageddon := func(t *testing.T, turns int) *Game {
		t.Helper()
		g, err := NewGame(Setup{Scenario: Armageddon, Turns: turns, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann"), mover("Al")}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo")}}}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	t.Run("R-SCN-3 R-TURN-5 an Armageddon game of two turns agreed ends with its second turn, enemies standing on both sides: the levels on the table decide", func(t *testing.T) {
		g := armageddon(t, 2)
		playTurns(t, g, 3)
		s := g.State()
		if !s.Over() || s.Flow.Turn != 2 || s.Winner() != 0 {
			t.Fatalf("over %v at turn %d, winner %d: want over at the end of turn 2, A ahead on levels", s.Over(), s.Flow.Turn, s.Winner())
		}
	})
	t.Run("R-SCN-3 an Armageddon game with no length agreed has none: twelve turns and it goes on", func(t *testing.T) {
		g := armageddon(t, 0)
		playTurns(t, g, 12)
		if s := g.State(); s.Over() || s.Flow.Turn < 12 {
			t.Fatalf("over %v at turn %d: want no end while enemies stand on both sides", s.Over(), s.Flow.Turn)
		}
	})
}

func TestRSETUP7FoundMarkerStays(t *testing.T) {
	t.Run("R-SETUP-7 while markers outnumber hidden characters, a Seek that finds an occupied marker leaves it, the character hidden", func(t *testing.T) {
		g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("A"), mover("B")}, Infiltrators: []int{0}},
			{Name: "B", Characters: []Card{mover("Foe")}}}})
		if err != nil {
			t.Fatal(err)
		}
		before := g.State().Sides[0] // 4 markers, 1 hides
		mustDo(t, g, FindMarker{Side: 0, Reveal: &Ref{0, 0}})
		after := g.State().Sides[0]
		if after.Markers != before.Markers || after.Markers != 4 || !after.Characters[0].OffTable {
			t.Fatalf("markers %d → %d, the infiltrator off the table %v: want the marker kept and the character hidden", before.Markers, after.Markers, after.Characters[0].OffTable)
		}
	})
}
