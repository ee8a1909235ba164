package ui

import (
	"errors"
	"reflect"
	"testing"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/core"
	"gnosis/engine/tabletop"
)

// TestBerserkerChargeFromTheSketch: with the models on the sketch of the table, the combat
// assistant opens a Berserker's charge on the nearest enemy (hidden ones left out) and the
// charge it builds at another enemy is refused by R-STATE-8; without positions nothing is
// measured.
func TestBerserkerChargeFromTheSketch(t *testing.T) {
	t.Run("R-STATE-8 the nearest enemy measured on the sketch", func(t *testing.T) {
		cat := catalog.Default()
		var chars [2][]anima.Card
		for side, names := range [2][]string{{"Yuri Olsen"}, {"Nero", "Grey", "Xavier"}} {
			for _, n := range names {
				card, ok := cat.Character(n)
				if !ok {
					t.Fatalf("no %s", n)
				}
				chars[side] = append(chars[side], card)
			}
		}
		g, err := anima.NewGame(anima.Setup{Sides: [2]anima.SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: chars[0]}, {Name: "B", EncounterLevel: 250, Characters: chars[1]}}})
		if err != nil {
			t.Fatal(err)
		}
		yuri, nero, grey, xavier := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 1, Index: 0}, anima.Ref{Side: 1, Index: 1}, anima.Ref{Side: 1, Index: 2}
		for _, cmd := range []anima.Command{anima.AdvancePhase{}, anima.AdvancePhase{},
			anima.SetState{Ref: yuri, State: anima.Berserker, Level: 1}, anima.Hide{Ref: xavier, Hidden: true}, anima.BeginActivation{Ref: yuri}} {
			if err := g.Do(cmd); err != nil {
				t.Fatalf("%T: %v", cmd, err)
			}
		}
		ses := testSession(t, cat, "en", g)
		c := &CombatSheet{page: ses.newPage(), play: ses.core.Play(), cards: ses.core.Cards(), Attacker: yuri, Action: "charge"}
		s := g.State()
		if got := ses.core.Play().NearestEnemies(s, yuri); got != nil {
			t.Fatalf("no sketch, yet nearest %v", got)
		}
		ses.core.Do(session.SaveLayout{Layout: tabletop.Layout{Positions: map[string][2]float64{
			yuri.String(): {60, 60}, nero.String(): {60, 20}, grey.String(): {60, 85}, xavier.String(): {60, 63}}}})
		if got := ses.core.Play().NearestEnemies(s, yuri); !reflect.DeepEqual(got, []anima.Ref{grey}) {
			t.Fatalf("nearest %v, want Grey (Xavier is nearer but hidden)", got)
		}
		c.openCombat(s, yuri, "charge")
		if c.draft.Target != grey.String() {
			t.Errorf("the charge opens on %s, want Grey", c.draft.Target)
		}
		c.draft.Target = nero.String()
		cmd, _, err := c.command(s, c.draft)
		if err != nil {
			t.Fatal(err)
		}
		_, err = anima.Decide(s, cmd, anima.Script(5, 5, 5, 5))
		var re *core.RuleError
		if !errors.As(err, &re) || re.Rule != "R-STATE-8" {
			t.Errorf("a Berserker's charge at Nero, Grey being nearer: %v", err)
		}
	})
}
