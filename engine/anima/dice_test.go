package anima

import (
	"errors"
	"strings"
	"testing"

	"gnosis/engine/core"
	"gnosis/engine/text"
)

// TestDiceFor: the dice a command rolls, in order, named, from the engine's own rolls.
func TestDiceFor(t *testing.T) {
	labels := func(slots []DieSlot, lang string) []string {
		var out []string
		for _, s := range slots {
			out = append(out, s.In(lang))
		}
		return out
	}
	same := func(t *testing.T, got []DieSlot, want ...string) {
		t.Helper()
		g := labels(got, text.EN)
		if len(g) != len(want) {
			t.Fatalf("slots %q, want %q", g, want)
		}
		for i := range want {
			if g[i] != want[i] {
				t.Fatalf("slots %q, want %q", g, want)
			}
		}
	}
	t.Run("R-ATK-1 alpha charge: two attack dice, then the dodge, then Gnosis's die", func(t *testing.T) {
		g := duel(t, Alpha, []Card{mover("Nero")}, []Card{mover("Lilith")})
		mustDo(t, g, BeginActivation{Ref{0, 0}})
		c := Charge{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Distance: 20, AttackOptions: AttackOptions{Reaction: Dodge, GnosisDefense: true}}
		slots, err := DiceFor(g.State(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		same(t, slots, "Nero: charge die 1 of 2", "Nero: charge die 2 of 2", "Lilith: dodge die", "Lilith: Gnosis die")
		if got := slots[2].In(text.ES); got != "Lilith: dado de esquiva" {
			t.Errorf("in Spanish: %q", got)
		}
	})
	t.Run("R-ATK-5 a counterattack's free attack is foreseen once the miss is entered", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("Nero")}, []Card{mover("Lilith")})
		mustDo(t, g, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
		c := Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, AttackOptions: AttackOptions{Reaction: Counterattack}}
		slots, err := DiceFor(g.State(), c, []int{10, 1})
		if err != nil {
			t.Fatal(err)
		}
		same(t, slots, "Nero: attack die", "Lilith: counterattack die")
		slots, err = DiceFor(g.State(), c, []int{1, 10})
		if err != nil {
			t.Fatal(err)
		}
		same(t, slots, "Nero: attack die", "Lilith: counterattack die", "Lilith: free attack die")
		if err := CheckDice(g.State(), c, []int{1, 10}); !errors.Is(err, core.ErrNoDice) || err.Error() != "1 die more needed; next: Lilith: free attack die" {
			t.Errorf("too few: %v", err)
		}
		if err := CheckDice(g.State(), c, []int{1, 10, 4}); err != nil {
			t.Errorf("all three: %v", err)
		}
	})
	t.Run("R-GNO-2 extra dice are refused with the count; a bad face too", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("Nero")}, []Card{mover("Lilith")})
		mustDo(t, g, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
		c := Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, AttackOptions: AttackOptions{GnosisAttack: true}}
		err := CheckDice(g.State(), c, []int{1, 2, 3, 4})
		if !errors.Is(err, core.ErrTooManyDice) || err.Error() != "this needs 2 dice; 4 were entered" {
			t.Errorf("too many: %v", err)
		}
		var re *core.RuleError
		if !errors.As(err, &re) || re.In(text.IT) != "questo richiede 2 dadi; ne sono stati inseriti 4" {
			t.Errorf("in Italian: %v", err)
		}
		if _, err := DiceFor(g.State(), c, []int{11}); !errors.Is(err, core.ErrNoDice) {
			t.Errorf("a face of 11: %v", err)
		}
		if err := CheckDice(g.State(), c, nil); err != nil {
			t.Errorf("none entered (the app rolls): %v", err)
		}
	})
	t.Run("a refused command says its rule, not its dice", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("Nero")}, []Card{mover("Lilith")})
		_, err := DiceFor(g.State(), Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}}, []int{5})
		var re *core.RuleError
		if !errors.As(err, &re) || re.Rule == "" {
			t.Errorf("got %v, want a rule's refusal", err)
		}
	})
}

// TestExplain: the combat result tells every die of both sides and each step, with the
// rulebook's worked example. R-ATK-3.
func TestExplain(t *testing.T) {
	lemures, celia := card("Lemures", 40, 12, 4, 3), card("Celia", 40, 12, 4, 3)
	lemures.Attack, lemures.Damage = S(5), S(4)
	celia.Defense, celia.Armor = S(9), S(2)
	g := duel(t, Core, []Card{lemures}, []Card{celia})
	mustDo(t, g, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
	before, n := g.State(), len(g.Log())
	g.SetDie(Script(9, 2))
	mustDo(t, g, Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, AttackOptions: AttackOptions{Reaction: Dodge}})
	var evs []Event
	for _, e := range g.Log()[n:] {
		evs = append(evs, e.Event)
	}
	got := strings.Join(Explain(before, evs, text.EN), "\n")
	for _, want := range []string{
		"Lemures: dice [9], keeps 9; 9 + 5 = 14",
		"Celia (dodge): dice [2], keeps 2; Defense 9 + 2 = 11",
		"success level 3; Damage 4 + 3 = 7; Armor 2; 5 LP lost",
		"Celia loses 5 LP",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	if es := strings.Join(Explain(before, evs, text.ES), "\n"); !strings.Contains(es, "Celia (esquiva): dados [2], se queda 2; Defensa 9 + 2 = 11") {
		t.Errorf("in Spanish:\n%s", es)
	}
}
