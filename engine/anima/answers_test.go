package anima

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
			st := g.State()
			sm, _ := st.Character(Ref{0, 1})
			n := g.Len()
			g.SetDie(Script(9, 9, 9))
			mustDo(t, g, AdvanceToAction{})
			if got := rolled(g, n, CheckStability); got != FacesStability(st, sm) {
				t.Errorf("Bind %d: Stability rolled %v, FacesStability %v", bind, got, FacesStability(st, sm))
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

// TestCheckChance: R-STATE-7 R-SUM-4 R-GNO-2 a check's chance, counted over every throw of its
// dice: Doom keeps the lower die (with Gnosis, two), Stability the higher; a check whose
// threshold the log does not hold (Resistance) has none.
func TestCheckChance(t *testing.T) {
	s := summoning(t, Core, 1).State()
	sm := Ref{0, 1}
	count := func(n int, lower bool, pass func(int) bool) float64 {
		hits, all := 0, 0
		var rec func(k, kept int)
		rec = func(k, kept int) {
			if k == n {
				all++
				if pass(kept) {
					hits++
				}
				return
			}
			for v := 1; v <= 10; v++ {
				next := max(kept, v)
				if lower {
					next = min(kept, v)
				}
				rec(k+1, next)
			}
		}
		start := 0
		if lower {
			start = 11
		}
		rec(0, start)
		return float64(hits) / float64(all)
	}
	for _, tc := range []struct {
		r    Rolled
		want float64
	}{
		{Rolled{Ref: sm, Check: CheckDoom, Roll: Roll{Dice: []int{3}, Kept: 3}, Total: 3, Success: true}, count(1, true, func(v int) bool { return v < 8 })},
		{Rolled{Ref: sm, Check: CheckDoom, Roll: Roll{Dice: []int{9, 8}, Kept: 8}, Total: 8, Success: false}, count(2, true, func(v int) bool { return v < 8 })},
		{Rolled{Ref: sm, Check: CheckStability, Roll: Roll{Dice: []int{4, 7}, Kept: 7}, Total: 7, Success: true}, count(2, false, func(v int) bool { return v > 5 })},
		{Rolled{Ref: sm, Check: CheckSeek, Roll: Roll{Dice: []int{8}, Kept: 8}, Total: 8, Success: true}, 0.3},
		{Rolled{Ref: sm, Check: CheckShock, Roll: Roll{Dice: []int{1, 6}, Kept: 1}, Total: -1, Success: true}, count(2, true, func(v int) bool { return v-2 <= 0 })},
	} {
		if got, ok := CheckChance(s, tc.r); !ok || got < tc.want-1e-12 || got > tc.want+1e-12 {
			t.Errorf("%s %v: %v (%v), want %v", tc.r.Check, tc.r.Roll.Dice, got, ok, tc.want)
		}
	}
	if _, ok := CheckChance(s, Rolled{Ref: sm, Check: CheckResistance, Roll: Roll{Dice: []int{4}, Kept: 4}, Total: 9, Success: true}); ok {
		t.Error("a Resistance check has a chance without its difficulty")
	}
}

// TestRollOffChance: R-SETUP-5 R-GNO-2 each side's chance of acting first is its share of the
// throws that do not tie, counted one throw at a time (Gnosis: two dice, the best kept).
func TestRollOffChance(t *testing.T) {
	s := melee(t, Core).State()
	e := FirstRolled{Rounds: [][2]Roll{{{Dice: []int{7, 2}, Kept: 7}, {Dice: []int{4}, Kept: 4}}}, First: 0}
	p, ok := RollOffChance(s, e)
	win, lose := 0, 0
	for a1 := 1; a1 <= 10; a1++ {
		for a2 := 1; a2 <= 10; a2++ {
			for b := 1; b <= 10; b++ {
				switch a := max(a1, a2) + s.InitiativeBonus(0); {
				case a > b+s.InitiativeBonus(1):
					win++
				case a < b+s.InitiativeBonus(1):
					lose++
				}
			}
		}
	}
	if want := float64(win) / float64(win+lose); !ok || p[0] < want-1e-12 || p[0] > want+1e-12 || p[1] < 1-want-1e-12 || p[1] > 1-want+1e-12 {
		t.Errorf("%v (%v), want %v", p, ok, want)
	}
	e.First = 1 // the dice say side 0 won
	if _, ok := RollOffChance(s, e); ok {
		t.Error("a roll-off whose dice do not give its winner has a chance")
	}
}
