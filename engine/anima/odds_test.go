package anima

import (
	"math"
	"testing"
)

func TestOddsWorkedExample(t *testing.T) {
	// R-ATK-3: Lemures (Attack 5, Damage 4) against Celia (Defense 9, Armor 2) who dodges and
	// rolls 2; Lemures rolls 9: total 14 against 11, SL 3, 7 damage, 5 LP lost.
	spec := AttackSpec{Edition: Core, Action: MeleeAttack, Attack: 5, Damage: 4, Defense: 9, Armor: 2, Reaction: Dodge, CritOn: 10}
	t.Run("R-ATK-3 Lemures hits Celia for 5", func(t *testing.T) {
		o := spec.Resolve(9, 2)
		if o.Total != 14 || o.DefenseVal != 11 || !o.Hit || o.SL != 3 || o.Damage != 7 || o.LPLoss != 5 || o.Critical {
			t.Errorf("%+v", o)
		}
	})
	t.Run("R-ATK-4 a natural 10 hits whatever the defense, SL 0; at least 1 LP in alpha only", func(t *testing.T) {
		s := spec
		s.Defense, s.Armor = 30, 9
		o := s.Resolve(10, 10)
		if !o.Hit || !o.Critical || o.SL != 0 || o.LPLoss != 0 {
			t.Errorf("core: armor cancels a critical: %+v", o)
		}
		s.Edition = Alpha
		if o := s.Resolve(10, 10); !o.Hit || o.LPLoss != 1 {
			t.Errorf("alpha: a critical removes at least 1 LP: %+v", o)
		}
		s.Edition = Core
		s.CritOn = 9
		if o := s.Resolve(9, 10); !o.Critical || !o.Hit {
			t.Errorf("R-ATK-4 Critical Mastery: %+v", o)
		}
	})
	t.Run("R-ATK-5 a counterattack triggers on a miss", func(t *testing.T) {
		s := spec
		s.Reaction = Counterattack
		if o := s.Resolve(1, 10); o.Hit || !o.Counter {
			t.Errorf("%+v", o)
		}
		if o := s.Resolve(9, 1); !o.Hit || o.Counter {
			t.Errorf("%+v", o)
		}
	})
}

func TestOddsExact(t *testing.T) {
	t.Run("R-ATK-1 no reaction: hit when the die reaches Defense - Attack", func(t *testing.T) {
		o, err := ComputeOdds(AttackSpec{Edition: Core, Action: MeleeAttack, Attack: 5, Damage: 4, Defense: 9, Armor: 2, CritOn: 10})
		if err != nil {
			t.Fatal(err)
		}
		// Hit on 4..10: 7/10. LP lost: die d hits with SL d-4, loss 4+SL-2 = d-2.
		if o.Hit != 0.7 || o.Crit != 0.1 || o.Outcomes != 10 || o.LPLoss[0] != 0.3 || o.LPLoss[2] != 0.1 || o.LPLoss[8] != 0.1 {
			t.Errorf("%+v", o)
		}
		if math.Abs(o.ExpectedLPLoss-3.5) > 1e-12 { // (2+3+...+8)/10
			t.Errorf("expected %v", o.ExpectedLPLoss)
		}
	})
	t.Run("R-GNO-2 Gnosis keeps the best of two dice", func(t *testing.T) {
		o, _ := ComputeOdds(AttackSpec{Edition: Core, Action: MeleeAttack, Attack: 0, Damage: 1, Defense: 10, CritOn: 10, GnosisAttack: true})
		if o.Outcomes != 100 || o.HitCount != 19 { // a 10 on either die
			t.Errorf("%+v", o)
		}
	})
	t.Run("R-ATK table alpha charge rolls two dice and keeps the best", func(t *testing.T) {
		core, _ := ComputeOdds(AttackSpec{Edition: Core, Action: ChargeAttack, Attack: 5, Damage: 5, Defense: 10, Mod: 2, CritOn: 10})
		alpha, _ := ComputeOdds(AttackSpec{Edition: Alpha, Action: ChargeAttack, Attack: 5, Damage: 5, Defense: 10, Mod: 2, CritOn: 10})
		if core.Hit != 0.8 || alpha.Hit != 0.96 || alpha.Outcomes != 100 {
			t.Errorf("core %v alpha %v", core.Hit, alpha.Hit)
		}
	})
	t.Run("R-ATK-6 no counterattack against a ranged attack", func(t *testing.T) {
		_, err := ComputeOdds(AttackSpec{Edition: Core, Action: RangedAttack, Reaction: Counterattack, CritOn: 10})
		wantRule(t, err, "R-ATK-6", ErrNotAllowed)
	})
	t.Run("R-ATK-3 the chances add up to one", func(t *testing.T) {
		o, _ := ComputeOdds(AttackSpec{Edition: Alpha, Action: ChargeAttack, Attack: 6, Damage: 8, Defense: 9, Armor: 3, Mod: 2, Reaction: Counterattack, GnosisAttack: true, GnosisDefense: true, CritOn: 9})
		sum := 0.0
		for _, p := range o.LPLoss {
			sum += p
		}
		if math.Abs(sum-1) > 1e-12 || o.Outcomes != 100000 {
			t.Errorf("sum %v outcomes %d", sum, o.Outcomes)
		}
	})
}

// TestOddsAgainstSimulation checks the exact odds against 1,000,000 seeded attacks rolled
// with the engine's die, for several attacks.
func TestOddsAgainstSimulation(t *testing.T) {
	specs := []AttackSpec{
		{Edition: Core, Action: MeleeAttack, Attack: 5, Damage: 4, Defense: 9, Armor: 2, Reaction: Dodge, CritOn: 10},
		{Edition: Alpha, Action: ChargeAttack, Attack: 6, Damage: 6, Defense: 9, Armor: 3, Mod: 2, Reaction: Counterattack, GnosisAttack: true, CritOn: 9},
		{Edition: Core, Action: RangedAttack, Attack: 5, Damage: 4, Defense: 8, Armor: 1, Mod: -3, Reaction: Dodge, GnosisDefense: true, CritOn: 10},
	}
	const n = 1_000_000
	for i, spec := range specs {
		exact, err := ComputeOdds(spec)
		if err != nil {
			t.Fatal(err)
		}
		die := NewSeededDie(uint64(i + 1))
		var hits, crits, counters int
		loss := make([]int, len(exact.LPLoss)+1)
		for range n {
			ar, _ := roll(die, DieSlot{}, spec.AttackDice(), false, false)
			dv := 0
			if spec.DefenseDice() > 0 {
				dr, _ := roll(die, DieSlot{}, spec.DefenseDice(), false, false)
				dv = dr.Kept
			}
			o := spec.Resolve(ar.Kept, dv)
			if o.Hit {
				hits++
			}
			if o.Critical {
				crits++
			}
			if o.Counter {
				counters++
			}
			loss[o.LPLoss]++
		}
		near := func(name string, got int, p float64) {
			sd := math.Sqrt(p * (1 - p) / n)
			if d := math.Abs(float64(got)/n - p); d > 5*sd+1e-9 {
				t.Errorf("R-ATK-1 spec %d %s: simulated %v, exact %v", i, name, float64(got)/n, p)
			}
		}
		near("hit", hits, exact.Hit)
		near("crit", crits, exact.Crit)
		near("counter", counters, exact.Counterattack)
		for j, p := range exact.LPLoss {
			near("lp loss", loss[j], p)
		}
	}
}

func BenchmarkOdds(b *testing.B) {
	spec := AttackSpec{Edition: Alpha, Action: ChargeAttack, Attack: 6, Damage: 8, Defense: 9, Armor: 3, Mod: 2, Reaction: Counterattack, GnosisAttack: true, GnosisDefense: true, CritOn: 9}
	for b.Loop() {
		if _, err := ComputeOdds(spec); err != nil {
			b.Fatal(err)
		}
	}
}

func TestStateAttackSpec(t *testing.T) {
	g := newTestGame(t)
	mustDo(t, g, SetState{Ref: Ref{0, 0}, State: Berserker, Level: 1}, SetState{Ref: Ref{1, 0}, State: Shield, Level: 1})
	sp, err := g.State().AttackSpec(Ref{0, 0}, Ref{1, 0}, ChargeAttack, Modifiers{}, Dodge, true, false)
	if err != nil {
		t.Fatal(err)
	}
	// R-STATE-8 Berserker +1/+1, R-STATE-3 Shield +4 Armor, charge +2.
	if sp.Attack != 6 || sp.Damage != 6 || sp.Armor != 4 || sp.Mod != 2 || sp.Reaction != Dodge || !sp.GnosisAttack {
		t.Errorf("%+v", sp)
	}
}
