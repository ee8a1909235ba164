package anima

import (
	"errors"
	"testing"
)

// TestAttackSteps runs an attack's steps one by one and checks what each adds or refuses.
func TestAttackSteps(t *testing.T) {
	g := duel(t, Alpha, []Card{withCaps(mover("Ogre"), "Knockback", "Ranged Attack (16 inches)"), mover("Friend")}, []Card{mover("Foe"), mover("Other")})
	mustDo(t, g, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
	s := g.State()
	melee := attackArgs{attacker: Ref{0, 0}, target: Ref{1, 0}, action: MeleeAttack, cost: CostAttack, what: "attack"}
	// upTo runs the steps before the named one and returns the attack ready for it.
	upTo := func(t *testing.T, s State, d Die, a attackArgs, name string) *attack {
		t.Helper()
		at := startAttack(s, d, a)
		for _, st := range at.steps() {
			if st.name == name {
				return at
			}
			if err := st.run(); err != nil {
				t.Fatalf("step %s: %v", st.name, err)
			}
		}
		t.Fatalf("no step %s", name)
		return nil
	}
	run := func(at *attack, name string) error {
		for _, st := range at.steps() {
			if st.name == name {
				return st.run()
			}
		}
		return errors.New("no step " + name)
	}
	t.Run("target: a friend, a hidden enemy, a sealed ability", func(t *testing.T) {
		a := melee
		a.target = Ref{0, 1}
		wantRule(t, run(upTo(t, s, nil, a, "target"), "target"), "R-ATK-1", ErrNotAllowed)
		hidden := s.Clone()
		hidden.Sides[1].Characters[0].Hidden = true
		wantRule(t, run(upTo(t, hidden, nil, melee, "target"), "target"), "R-HIDE-1", ErrHidden)
		sealed := s.Clone()
		sealed.Sides[0].Characters[0].States[Seal] = 1
		a = melee
		a.ability = "Blade"
		wantRule(t, run(upTo(t, sealed, nil, a, "target"), "target"), "R-STATE-6", ErrNotAllowed)
	})
	t.Run("reaction: no counterattack against a ranged attack, none by a Berserker", func(t *testing.T) {
		a := melee
		a.action, a.reaction = RangedAttack, Counterattack
		wantRule(t, run(upTo(t, s, nil, a, "reaction"), "reaction"), "R-ATK-6", ErrNotAllowed)
		wild := s.Clone()
		wild.Sides[1].Characters[0].States[Berserker] = 1
		a = melee
		a.reaction = Dodge
		wantRule(t, run(upTo(t, wild, nil, a, "reaction"), "reaction"), "R-STATE-8", ErrNotAllowed)
	})
	t.Run("pay: Gnosis points and both sides' actions", func(t *testing.T) {
		a := melee
		a.reaction, a.gnosisA = Dodge, true
		at := upTo(t, s, nil, a, "pay")
		if err := run(at, "pay"); err != nil {
			t.Fatal(err)
		}
		if at.t.now.Sides[0].Gnosis != s.Sides[0].Gnosis-1 || at.t.now.Sides[0].Characters[0].Actions != s.Sides[0].Characters[0].Actions-CostAttack ||
			at.t.now.Sides[1].Characters[0].Actions != s.Sides[1].Characters[0].Actions-CostDodge {
			t.Errorf("%v", at.t.evs)
		}
	})
	t.Run("roll: Intangible keeps weapons out unless outranked", func(t *testing.T) {
		ghost := s.Clone()
		ghost.Sides[1].Characters[0].Caps.Intangible = true
		at := upTo(t, ghost, Script(9), melee, "roll")
		if err := run(at, "roll"); err != nil || !at.out.Hit || at.out.LPLoss != 0 {
			t.Errorf("%+v %v", at.out, err)
		}
	})
	t.Run("damage: the LP lost, never below 0", func(t *testing.T) {
		at := upTo(t, s, Script(10), melee, "damage")
		at.out.LPLoss = 99
		if err := run(at, "damage"); err != nil || at.t.now.Sides[1].Characters[0].LP != 0 {
			t.Errorf("LP %d %v", at.t.now.Sides[1].Characters[0].LP, err)
		}
	})
	t.Run("throw: Knockback 1 in per LP lost", func(t *testing.T) {
		at := upTo(t, s, Script(9), melee, "throw")
		if err := run(at, "throw"); err != nil {
			t.Fatal(err)
		}
		var kb KnockedBack
		for _, ev := range at.t.evs {
			if e, ok := ev.(KnockedBack); ok {
				kb = e
			}
		}
		if kb.Distance != KnockbackPer*Centimetres(at.out.LPLoss) || at.t.now.Sides[1].Characters[0].EngagedWith(Ref{0, 0}) {
			t.Errorf("thrown %v for %d LP, still engaged: %v", kb.Distance, at.out.LPLoss, at.t.evs)
		}
	})
	t.Run("area: only a hit makes the area", func(t *testing.T) {
		a := melee
		a.action, a.area = RangedAttack, []AreaTarget{{Ref: Ref{1, 1}}}
		at := upTo(t, s, Script(1), a, "area")
		n := len(at.t.evs)
		if err := run(at, "area"); err != nil || at.out.Hit || len(at.t.evs) != n {
			t.Errorf("a miss made the area: %v %v", at.t.evs[n:], err)
		}
	})
	t.Run("counter: a free attack at -2 after a counterattack made the attack miss", func(t *testing.T) {
		a := melee
		a.reaction = Counterattack
		at := upTo(t, s, Script(1, 5, 7), a, "counter")
		if err := run(at, "counter"); err != nil {
			t.Fatal(err)
		}
		free, ok := at.t.evs[len(at.t.evs)-2].(AttackResolved)
		if !ok || !free.Free || free.Outcome.Total != 7+5-2 {
			t.Errorf("%v", at.t.evs)
		}
	})
}
