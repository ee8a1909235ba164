package diskwars

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Face is a battle die's face. The die has six faces: miss twice, scatter, hit, critical and
// chaos. R-DW-5, R-DW-8.
type Face string

// The battle die's faces.
const (
	Miss     Face = "miss"
	Scatter  Face = "scatter"
	Hit      Face = "hit"
	Critical Face = "critical"
	Chaos    Face = "chaos"
)

// Faces are the six faces of a battle die.
var Faces = [6]Face{Miss, Miss, Scatter, Hit, Critical, Chaos}

// Strength is a ranged attack's damage per hit: a number, or a d6 rolled once per attack and
// applied to every hit of it (D6). R-DW-5, R-DW-8.
type Strength struct {
	N  int
	D6 bool
}

// ParseStrength reads "3" or "d6".
func ParseStrength(s string) (Strength, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "d6" {
		return Strength{D6: true}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > MaxStrength {
		return Strength{}, fmt.Errorf("strength %q: a number from 0 to %d, or d6", s, MaxStrength)
	}
	return Strength{N: n}, nil
}

func (s Strength) String() string {
	if s.D6 {
		return "d6"
	}
	return strconv.Itoa(s.N)
}

// Bounds of an attack: the dice thrown and the strength; of the damage one event records
// (a shot's hits at most Strength, a d6's 6, each; a counter's tap, 1).
const (
	MaxFire     = 20
	MaxStrength = 20
	MaxDamage   = MaxFire * MaxStrength
)

// AttackSpec is a ranged attack as Odds reads it: its Fire (dice thrown), Strength, the
// target's band, and whether chaos counts as a hit. R-DW-5.
type AttackSpec struct {
	Fire       int
	Strength   Strength
	Band       Band
	ChaosAsHit bool
}

// ErrBadAttack is the error of an attack Odds cannot read.
var ErrBadAttack = errors.New("bad attack")

// AttackOdds are the exact chances of a ranged attack's first roll: Damage[i] is the chance
// that the target takes i damage in all, ExpectedDamage its mean, Token the chance that a
// critical gives a target not yet activated its activation token, and Scatter[k] the chance of
// k scatter faces (dice that go to other discs, R-DW-6). R-DW-5, R-DW-8.
type AttackOdds struct {
	Damage         []float64 `json:"damage"`
	ExpectedDamage float64   `json:"expected_damage"`
	Token          float64   `json:"token"`
	Scatter        []float64 `json:"scatter"`
}

// Odds computes the exact odds of an attack by counting every combination of faces: each
// hit or critical deals the Strength (at siege range only criticals count; chaos counts as a
// hit when the attack says so); a d6 Strength is one roll for the whole attack. The dice are
// counted by how many show each kind of face, each count weighted by its number of orderings
// (a multinomial), so Fire 20 costs no more than a few thousand terms. R-DW-5, R-DW-8 (home).
func Odds(a AttackSpec) (AttackOdds, error) {
	if a.Fire < 0 || a.Fire > MaxFire {
		return AttackOdds{}, fmt.Errorf("%w: Fire %d: from 0 to %d", ErrBadAttack, a.Fire, MaxFire)
	}
	if a.Strength.N < 0 || a.Strength.N > MaxStrength {
		return AttackOdds{}, fmt.Errorf("%w: Strength %d: from 0 to %d", ErrBadAttack, a.Strength.N, MaxStrength)
	}
	switch a.Band {
	case Short, Medium, Long, Siege:
	case "":
		a.Band = Short
	default:
		return AttackOdds{}, fmt.Errorf("%w: range %q: short, medium, long or siege", ErrBadAttack, a.Band)
	}
	n := a.Fire
	strengths := []int{a.Strength.N}
	if a.Strength.D6 {
		strengths = []int{1, 2, 3, 4, 5, 6}
	}
	maxS := strengths[len(strengths)-1]
	out := AttackOdds{Damage: make([]float64, n*maxS+1), Scatter: make([]float64, n+1)}
	fact := make([]float64, n+1)
	fact[0] = 1
	for i := 1; i <= n; i++ {
		fact[i] = fact[i-1] * float64(i)
	}
	total := 1.0
	for range n {
		total *= 6
	}
	// m misses (two faces each), s scatters, h hits, c criticals, x chaos.
	for m := 0; m <= n; m++ {
		for s := 0; s <= n-m; s++ {
			for h := 0; h <= n-m-s; h++ {
				for c := 0; c <= n-m-s-h; c++ {
					x := n - m - s - h - c
					p := fact[n] / (fact[m] * fact[s] * fact[h] * fact[c] * fact[x]) * pow2(m) / total
					counted := c
					if a.Band != Siege {
						counted += h
						if a.ChaosAsHit {
							counted += x
						}
					}
					for _, st := range strengths {
						d := counted * st
						out.Damage[d] += p / float64(len(strengths))
						out.ExpectedDamage += float64(d) * p / float64(len(strengths))
					}
					if c > 0 {
						out.Token += p
					}
					out.Scatter[s] += p
				}
			}
		}
	}
	for len(out.Damage) > 1 && out.Damage[len(out.Damage)-1] == 0 {
		out.Damage = out.Damage[:len(out.Damage)-1]
	}
	return out, nil
}

func pow2(n int) float64 { return float64(uint64(1) << uint(n)) }
