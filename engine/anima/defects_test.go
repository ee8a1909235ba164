package anima

import (
	"reflect"
	"testing"
)

// Regression tests of defects found by a code review.

// lastAttack is the last attack of the game's log.
func lastAttack(t *testing.T, g *Game) AttackResolved {
	t.Helper()
	log := g.Log()
	for i := len(log) - 1; i >= 0; i-- {
		if a, ok := log[i].Event.(AttackResolved); ok {
			return a
		}
	}
	t.Fatal("no attack in the log")
	return AttackResolved{}
}

// toAction advances a new game to the Action phase of turn 1.
func toAction(t *testing.T, g *Game) {
	t.Helper()
	mustDo(t, g, AdvancePhase{}, AdvancePhase{})
}

// TestUndoRollsTheSameDice: the game's own die is a function of the log, so undo and the
// same attack again give the same roll; another attack after it rolls new dice.
func TestUndoRollsTheSameDice(t *testing.T) {
	g := newTestGame(t)
	toAction(t, g)
	yuri, nero := Ref{0, 0}, Ref{1, 0}
	mustDo(t, g, BeginActivation{Ref: yuri}, SetEngaged{A: yuri, B: nero, Engaged: true})
	attack := Attack{Attacker: yuri, Target: nero, AttackOptions: AttackOptions{Reaction: Dodge}}
	before := g.State()
	mustDo(t, g, attack)
	first := lastAttack(t, g)
	for try := range 5 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, attack)
		if again := lastAttack(t, g); !reflect.DeepEqual(again.Attack, first.Attack) || !reflect.DeepEqual(again.Defense, first.Defense) {
			t.Fatalf("try %d: undo and attack again rolled %v/%v, first %v/%v", try, again.Attack, again.Defense, first.Attack, first.Defense)
		}
	}
	s := g.State()
	if s.Rolls != len(first.Attack.Dice)+len(first.Defense.Dice) {
		t.Errorf("the log holds %d dice, the state counts %d", len(first.Attack.Dice)+len(first.Defense.Dice), s.Rolls)
	}
	// A reloaded game rolls as the original would.
	_, back := roundTrip(t, g)
	if a, b := s.Die().Roll(), back.State().Die().Roll(); a != b {
		t.Errorf("the reloaded game rolls %d, the game %d", b, a)
	}
	// The next roll is a new one: the dice in the log moved the die on.
	seqA, seqB := make([]int, 8), make([]int, 8)
	da, db := before.Die(), s.Die()
	for i := range seqA {
		seqA[i], seqB[i] = da.Roll(), db.Roll()
	}
	if reflect.DeepEqual(seqA, seqB) {
		t.Errorf("the dice after an attack repeat the dice before it: %v", seqA)
	}
}

// TestDropOneUpkeep: dropping one character's sustained ability keeps another character's
// ability of the same name (R-TURN-3).
func TestDropOneUpkeep(t *testing.T) {
	g := newTestGame(t)
	toAction(t, g)
	yuri, kronen := Ref{0, 0}, Ref{0, 1}
	mustDo(t, g,
		UseAbility{Ref: yuri, Ability: "Aura", Cost: 1, Upkeep: 1, Reactive: true},
		UseAbility{Ref: kronen, Ability: "Aura", Cost: 1, Upkeep: 1, Reactive: true},
		SetActivated{Ref: yuri, Activated: true}, // the turn ends with nobody active
		AdvancePhase{}, AdvancePhase{Drop: []UpkeepDrop{{Ref: yuri, Ability: "Aura"}}})
	s := g.State()
	if len(s.Sides[0].Characters[0].Upkeep) != 0 {
		t.Errorf("Yuri still sustains %v", s.Sides[0].Characters[0].Upkeep)
	}
	if k := s.Sides[0].Characters[1].Upkeep; len(k) != 1 || k[0].Ability != "Aura" {
		t.Errorf("Kronen's Aura was dropped with Yuri's: %v", k)
	}
}

// TestOneStunned: the Stunned of a fall and the Stunned put by hand are one state (R-STATE-9):
// either keeps the character from being activated this turn, and it is gone next turn.
func TestOneStunned(t *testing.T) {
	for _, how := range []string{"by hand", "old log"} {
		g := newTestGame(t)
		toAction(t, g)
		nero := Ref{1, 0}
		if how == "by hand" {
			mustDo(t, g, SetState{Ref: nero, State: Stunned, Level: 1})
		} else {
			if err := g.Accept([]Entry{{Gesture: g.Gesture() + 1, Event: StunnedSet{Ref: nero}}}); err != nil { // as an old log holds it
				t.Fatal(err)
			}
		}
		mustDo(t, g, BeginActivation{Ref: Ref{0, 0}}, EndActivation{Ref: Ref{0, 0}})
		if st := g.State(); st.Flow.ActiveSide != 0 {
			t.Errorf("%s: the turn passed to a side whose one character is stunned", how)
		}
		mustDo(t, g, BeginActivation{Ref: Ref{0, 1}}, EndActivation{Ref: Ref{0, 1}})
		wantRule(t, g.Do(BeginActivation{Ref: nero}), "R-STATE-9", ErrNotAllowed)
		mustDo(t, g, AdvancePhase{})
		if n := g.State().Sides[1].Characters[0].States[Stunned]; n != 0 {
			t.Errorf("%s: still stunned next turn (%d)", how, n)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{})
		if !canActivateAny(g.State(), 1) {
			t.Errorf("%s: Nero cannot be activated next turn", how)
		}
	}
}
