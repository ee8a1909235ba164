package ui

import (
	"errors"
	"reflect"
	"testing"

	"gnosis/app/store"
	"gnosis/engine"
	"gnosis/engine/catalog"
)

// TestBerserkerChargeFromTheSketch: with the models on the sketch of the table, the combat
// assistant opens a Berserker's charge on the nearest enemy (hidden ones left out) and the
// charge it builds at another enemy is refused by R-STATE-8; without positions nothing is
// measured.
func TestBerserkerChargeFromTheSketch(t *testing.T) {
	t.Run("R-STATE-8 the nearest enemy measured on the sketch", func(t *testing.T) {
		cat := catalog.Default()
		var chars [2][]engine.Card
		for side, names := range [2][]string{{"Yuri Olsen"}, {"Nero", "Grey", "Xavier"}} {
			for _, n := range names {
				card, ok := cat.Character(n)
				if !ok {
					t.Fatalf("no %s", n)
				}
				chars[side] = append(chars[side], card)
			}
		}
		g, err := engine.NewGame(engine.Setup{Sides: [2]engine.SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: chars[0]}, {Name: "B", EncounterLevel: 250, Characters: chars[1]}}})
		if err != nil {
			t.Fatal(err)
		}
		yuri, nero, grey, xavier := engine.Ref{Side: 0, Index: 0}, engine.Ref{Side: 1, Index: 0}, engine.Ref{Side: 1, Index: 1}, engine.Ref{Side: 1, Index: 2}
		for _, cmd := range []engine.Command{engine.AdvancePhase{}, engine.AdvancePhase{},
			engine.SetState{Ref: yuri, State: engine.Berserker, Level: 1}, engine.Hide{Ref: xavier, Hidden: true}, engine.BeginActivation{Ref: yuri}} {
			if err := g.Do(cmd); err != nil {
				t.Fatalf("%T: %v", cmd, err)
			}
		}
		c := &Root{cat: cat, game: g, lang: "en"}
		s := g.State()
		if got := c.nearestEnemies(s, yuri); got != nil {
			t.Fatalf("no sketch, yet nearest %v", got)
		}
		c.layout = store.TableLayout{Positions: map[string][2]float64{
			yuri.String(): {60, 60}, nero.String(): {60, 20}, grey.String(): {60, 85}, xavier.String(): {60, 63}}}
		if got := c.nearestEnemies(s, yuri); !reflect.DeepEqual(got, []engine.Ref{grey}) {
			t.Fatalf("nearest %v, want Grey (Xavier is nearer but hidden)", got)
		}
		c.openCombat(s, yuri, "charge")
		if c.combat.Target != grey.String() {
			t.Errorf("the charge opens on %s, want Grey", c.combat.Target)
		}
		c.combat.Target = nero.String()
		cmd, _, err := c.command(s, c.combat)
		if err != nil {
			t.Fatal(err)
		}
		_, err = engine.Decide(s, cmd, engine.Script(5, 5, 5, 5))
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule != "R-STATE-8" {
			t.Errorf("a Berserker's charge at Nero, Grey being nearer: %v", err)
		}
	})
}

// TestActivationTurn: rows keep their Activate button while the turn passes between sides;
// the side whose turn it is shows them, and both when the side to act has no one left.
func TestActivationTurn(t *testing.T) {
	t.Run("R-TURN-4 the sides alternate activations", func(t *testing.T) {
		cat := catalog.Default()
		nero, _ := cat.Character("Nero")
		grey, _ := cat.Character("Grey")
		xavier, _ := cat.Character("Xavier")
		g, err := engine.NewGame(engine.Setup{Sides: [2]engine.SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []engine.Card{nero}}, {Name: "B", EncounterLevel: 250, Characters: []engine.Card{grey, xavier}}}})
		if err != nil {
			t.Fatal(err)
		}
		if turn := activationTurn(g.State()); turn != [2]bool{} {
			t.Errorf("Recovery phase: %v", turn)
		}
		a0, b0 := engine.Ref{Side: 0, Index: 0}, engine.Ref{Side: 1, Index: 0}
		for _, cmd := range []engine.Command{engine.AdvancePhase{}, engine.AdvancePhase{}} {
			if err := g.Do(cmd); err != nil {
				t.Fatal(err)
			}
		}
		s := g.State()
		if turn := activationTurn(s); turn != [2]bool{true, false} || !canActivateOnItsTurn(s, a0) || !canActivateOnItsTurn(s, b0) {
			t.Errorf("side A's turn: %v, rows %v %v", turn, canActivateOnItsTurn(s, a0), canActivateOnItsTurn(s, b0))
		}
		for _, cmd := range []engine.Command{engine.BeginActivation{Ref: a0}} {
			if err := g.Do(cmd); err != nil {
				t.Fatal(err)
			}
		}
		if turn := activationTurn(g.State()); turn != [2]bool{} {
			t.Errorf("Nero active: %v", turn)
		}
		if err := g.Do(engine.EndActivation{Ref: a0}); err != nil {
			t.Fatal(err)
		}
		agree := func(step string) {
			t.Helper()
			s := g.State()
			for side := range 2 {
				for i := range s.Sides[side].Characters {
					r := engine.Ref{Side: side, Index: i}
					if got, want := activationTurn(s)[side] && canActivateOnItsTurn(s, r), engine.Allowed(s, engine.BeginActivation{Ref: r}); got != want {
						t.Errorf("%s, %v: turn and row say %v, the engine %v", step, r, got, want)
					}
				}
			}
		}
		agree("Nero done")
		if err := g.Do(engine.BeginActivation{Ref: b0}); err != nil {
			t.Fatal(err)
		}
		agree("Grey active")
		if err := g.Do(engine.EndActivation{Ref: b0}); err != nil {
			t.Fatal(err)
		}
		agree("A done, B to go")
		if turn := activationTurn(g.State()); !turn[1] {
			t.Errorf("A done, B to go: %v", turn)
		}
	})
}
