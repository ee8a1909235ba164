package diskwars

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

func TestOdds(t *testing.T) {
	t.Run("R-DW-5 one die: a hit or a critical deals the Strength", func(t *testing.T) {
		o, err := Odds(AttackSpec{Fire: 1, Strength: Strength{N: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Damage) != 3 || !near(o.Damage[0], 4.0/6) || !near(o.Damage[2], 2.0/6) || !near(o.ExpectedDamage, 4.0/6) {
			t.Errorf("damage %v, expected %v", o.Damage, o.ExpectedDamage)
		}
		if !near(o.Token, 1.0/6) || !near(o.Scatter[0], 5.0/6) || !near(o.Scatter[1], 1.0/6) {
			t.Errorf("token %v, scatter %v", o.Token, o.Scatter)
		}
	})
	t.Run("R-DW-5 siege range: criticals only", func(t *testing.T) {
		o, _ := Odds(AttackSpec{Fire: 1, Strength: Strength{N: 2}, Band: Siege, ChaosAsHit: true})
		if !near(o.Damage[2], 1.0/6) {
			t.Errorf("damage %v", o.Damage)
		}
	})
	t.Run("R-DW-8 chaos counts as a hit when the attack says so", func(t *testing.T) {
		o, _ := Odds(AttackSpec{Fire: 1, Strength: Strength{N: 2}, ChaosAsHit: true})
		if !near(o.Damage[2], 3.0/6) {
			t.Errorf("damage %v", o.Damage)
		}
	})
	t.Run("R-DW-8 a d6 Strength is rolled once for every hit of the attack", func(t *testing.T) {
		o, _ := Odds(AttackSpec{Fire: 2, Strength: Strength{D6: true}})
		// Two hits share one d6: damage 2, 4, …, 12 each (1/9)·(1/6); never an odd total above 6.
		if !near(o.Damage[12], 1.0/9/6) || !near(o.Damage[11], 0) || !near(o.Damage[5], (2*(2.0/6)*(4.0/6))/6) {
			t.Errorf("damage %v", o.Damage)
		}
	})
	t.Run("R-DW-5 the chances add up to one", func(t *testing.T) {
		for fire := 0; fire <= MaxFire; fire++ {
			o, err := Odds(AttackSpec{Fire: fire, Strength: Strength{D6: true}, Band: Medium})
			if err != nil {
				t.Fatal(err)
			}
			sum, sc := 0.0, 0.0
			for _, p := range o.Damage {
				sum += p
			}
			for _, p := range o.Scatter {
				sc += p
			}
			if math.Abs(sum-1) > 1e-9 || math.Abs(sc-1) > 1e-9 {
				t.Errorf("Fire %d: damage sums to %v, scatter to %v", fire, sum, sc)
			}
		}
	})
	t.Run("bad attacks are refused", func(t *testing.T) {
		for _, a := range []AttackSpec{{Fire: -1}, {Fire: MaxFire + 1}, {Fire: 1, Strength: Strength{N: -1}}, {Fire: 1, Band: "close"}} {
			if _, err := Odds(a); !errors.Is(err, ErrBadAttack) {
				t.Errorf("%+v: %v", a, err)
			}
		}
		for _, s := range []string{"", "d8", "-1", "21", "x"} {
			if _, err := ParseStrength(s); err == nil {
				t.Errorf("strength %q taken", s)
			}
		}
	})
}

// TestOddsAgainstASimulation throws a million seeded attacks of Fire 6 with d6 Strength, and
// of Fire 4 at siege range with chaos as a hit, and finds the exact odds within sampling
// error. R-DW-5, R-DW-8.
func TestOddsAgainstASimulation(t *testing.T) {
	const n = 1_000_000
	for _, a := range []AttackSpec{{Fire: 6, Strength: Strength{D6: true}}, {Fire: 4, Strength: Strength{N: 3}, Band: Siege, ChaosAsHit: true}} {
		exact, err := Odds(a)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(7, 11))
		damage := make([]float64, len(exact.Damage))
		scatter := make([]float64, a.Fire+1)
		token := 0.0
		for range n {
			st := a.Strength.N
			if a.Strength.D6 {
				st = 1 + r.IntN(6)
			}
			counted, crits, scatters := 0, 0, 0
			for range a.Fire {
				switch Faces[r.IntN(6)] {
				case Hit:
					if a.Band != Siege {
						counted++
					}
				case Critical:
					counted++
					crits++
				case Chaos:
					if a.ChaosAsHit && a.Band != Siege {
						counted++
					}
				case Scatter:
					scatters++
				}
			}
			damage[counted*st]++
			scatter[scatters]++
			if crits > 0 {
				token++
			}
		}
		tol := 4 * math.Sqrt(0.25/n) // four standard errors at worst
		for i := range damage {
			if math.Abs(damage[i]/n-exact.Damage[i]) > tol {
				t.Errorf("%+v: damage %d: simulated %.5f, exact %.5f", a, i, damage[i]/n, exact.Damage[i])
			}
		}
		for i := range scatter {
			if math.Abs(scatter[i]/n-exact.Scatter[i]) > tol {
				t.Errorf("%+v: %d scatters: simulated %.5f, exact %.5f", a, i, scatter[i]/n, exact.Scatter[i])
			}
		}
		if math.Abs(token/n-exact.Token) > tol {
			t.Errorf("%+v: token: simulated %.5f, exact %.5f", a, token/n, exact.Token)
		}
	}
}

func BenchmarkOdds(b *testing.B) {
	for range b.N {
		Odds(AttackSpec{Fire: 6, Strength: Strength{D6: true}, Band: Medium})
	}
}
