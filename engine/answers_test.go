package engine

import (
	"testing"
)

// TestAnswersForScreens: the questions a screen asks are answered by the engine, the same way
// the rules it decides by answer them.
func TestAnswersForScreens(t *testing.T) {
	rolled := func(g *Game, n int, check CheckKind) bool {
		for _, e := range g.Since(n) {
			if r, ok := e.Event.(Rolled); ok && r.Check == check {
				return true
			}
		}
		return false
	}
	t.Run("R-SUM-4 FacesStability: a summon losing its last Bind point rolls Stability, one with more to lose does not", func(t *testing.T) {
		for _, bind := range []int{1, 2, 3} {
			g := summoning(t, Core, bind)
			sm, _ := g.State().Character(Ref{0, 1})
			n := g.Len()
			g.SetDie(Script(9, 9, 9))
			mustDo(t, g, AdvanceToAction{})
			if got := rolled(g, n, CheckStability); got != FacesStability(sm) {
				t.Errorf("Bind %d: Stability rolled %v, FacesStability %v", bind, got, FacesStability(sm))
			}
		}
	})
	t.Run("R-STATE-7 FacesDoom: a Doom counter coming off rolls the Doom check", func(t *testing.T) {
		for _, doom := range []int{0, 1} {
			g := melee(t, Core)
			if doom > 0 {
				mustDo(t, g, SetState{Ref: Ref{0, 0}, State: Doom, Level: doom})
			}
			mustDo(t, g, EndActivation{Ref: Ref{0, 0}})
			ann, _ := g.State().Character(Ref{0, 0})
			n := g.Len()
			g.SetDie(Script(2, 2, 2, 2))
			mustDo(t, g, AdvanceToAction{})
			if got := rolled(g, n, CheckDoom); got != FacesDoom(ann) {
				t.Errorf("Doom %d: rolled %v, FacesDoom %v", doom, got, FacesDoom(ann))
			}
		}
	})
	t.Run("R-ATK-11 TakesOut: the chance of losing the target's LP or more", func(t *testing.T) {
		o := Odds{LPLoss: []float64{0.5, 0.2, 0.25, 0.05}}
		for lp, want := range map[int]float64{0: 1, 1: 0.5, 2: 0.3, 3: 0.05, 4: 0} {
			if got := o.TakesOut(lp); got < want-1e-9 || got > want+1e-9 {
				t.Errorf("TakesOut(%d) = %g, want %g", lp, got, want)
			}
		}
	})
	t.Run("R-STATE-8 Berserk: the Berserker state, as the charge's nearest-enemy rule reads it", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, SetState{Ref: Ref{0, 0}, State: Berserker, Level: 1})
		if ann, _ := g.State().Character(Ref{0, 0}); !ann.Berserk() {
			t.Error("a Berserker is not Berserk")
		}
		if bo, _ := g.State().Character(Ref{1, 0}); bo.Berserk() {
			t.Error("Bo is Berserk")
		}
	})
}

// TestParseRef: a character's text reads back as its reference; a text that names none is
// refused, and its reference names no character (it used to read as the first side's first).
func TestParseRef(t *testing.T) {
	g := newTestGame(t)
	for _, r := range []Ref{{0, 0}, {1, 1}} {
		if got, ok := ParseRef(r.String()); !ok || got != r {
			t.Errorf("%v read back as %v, %v", r, got, ok)
		}
	}
	for _, bad := range []string{"", "x", "1/", "/0", "1-0"} {
		r, ok := ParseRef(bad)
		if _, found := g.State().Character(r); ok || found {
			t.Errorf("%q read as %v (%v), a character %v", bad, r, ok, found)
		}
	}
}
