package report

import (
	"cmp"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"gnosis/engine/anima"
	"gnosis/engine/diskwars"
	"gnosis/engine/luck"
)

// A game kept on the shelf keeps its luck summed up (GameLuck): each side's figures and the
// exact distribution of what its attacks took in all (and of its checks passed), so that the
// luck of a season of games is the convolution of the games' distributions (MeasureSeason),
// without their logs read again. Convolution is associative, so the season's distribution is
// the one every exchange of every game implies together, as a game's is.

// Dist is the distribution of a count: P[i] is the chance of exactly Off+i. Its JSON is
// {"off":N,"p":"…"}, the chances as little-endian float64s in base64 (an exact copy, a third of
// decimal text's size).
type Dist struct {
	Off int
	P   []float64
}

// MaxDist bounds a kept distribution's length and offset (a game's LP taken by one side spread
// over more than that is not a game's).
const MaxDist = 1 << 16

type distJSON struct {
	Off int    `json:"off"`
	P   string `json:"p"`
}

// MarshalJSON writes d as {"off":N,"p":"<base64>"}.
func (d Dist) MarshalJSON() ([]byte, error) {
	b := make([]byte, 8*len(d.P))
	for i, p := range d.P {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(p))
	}
	return json.Marshal(distJSON{d.Off, base64.RawStdEncoding.EncodeToString(b)})
}

// ErrDist is a kept distribution that is not one: chances not finite, below 0 or summing far
// from 1, too long, or a negative offset.
var ErrDist = errors.New("not a distribution")

// UnmarshalJSON reads a distribution MarshalJSON wrote, checked (ErrDist).
func (d *Dist) UnmarshalJSON(b []byte) error {
	var j distJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	raw, err := base64.RawStdEncoding.DecodeString(j.P)
	if err != nil || len(raw)%8 != 0 || len(raw) > 8*MaxDist || j.Off < 0 || j.Off > MaxDist {
		return fmt.Errorf("%w: its length or offset", ErrDist)
	}
	p := make([]float64, len(raw)/8)
	sum := 0.0
	for i := range p {
		p[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
		if math.IsNaN(p[i]) || p[i] < 0 || p[i] > 1 {
			return fmt.Errorf("%w: a chance of %v", ErrDist, p[i])
		}
		sum += p[i]
	}
	if len(p) > 0 && math.Abs(sum-1) > 1e-6 {
		return fmt.Errorf("%w: its chances sum to %v", ErrDist, sum)
	}
	*d = Dist{j.Off, p}
	return nil
}

// Moment is an exchange as the shelf keeps it: the game's gesture and turn (a Diskwars shot's
// round), the side, the attacker's and the target's names (a check: who rolled it; a roll-off:
// the side's name), the action or check, whether it hit (a check: passed), the LP it took (a
// shot: the damage), the expected, the chance of as much or more, and its mid-percentile. Game
// is the kept game's ID, set by the season that picks it.
type Moment struct {
	Game       string  `json:"game,omitempty"`
	Gesture    int     `json:"gesture"`
	Turn       int     `json:"turn"`
	Side       int     `json:"side"`
	Attacker   string  `json:"attacker"`
	Target     string  `json:"target,omitempty"`
	Action     string  `json:"action,omitempty"`
	Check      string  `json:"check,omitempty"`
	Hit        bool    `json:"hit,omitempty"`
	LP         int     `json:"lp,omitempty"`
	Expected   float64 `json:"expected,omitempty"`
	AtLeast    float64 `json:"at_least"`
	Percentile float64 `json:"percentile"`
}

// SideLuck is one side's luck in one game as kept: its attacks (a Diskwars side's shots) and
// those left unmeasured, hits against the expected, the LP they took (damage) against the
// expected and its distribution, the checks, those passed against the expected and its
// distribution, and its three luckiest and unluckiest exchanges.
type SideLuck struct {
	luck.Figures
	Dist       Dist     `json:"dist"`
	PassedDist Dist     `json:"passed_dist"`
	Luckiest   []Moment `json:"luckiest,omitempty"`
	Unluckiest []Moment `json:"unluckiest,omitempty"`
}

// GameLuck is a kept game's luck: both sides'.
type GameLuck struct {
	Sides [2]SideLuck `json:"sides"`
}

// KeepLuck sums up an Anima Tactics game's luck (MeasureLuck) for the shelf, naming who made
// each exchange as st (the game's state) names them.
func KeepLuck(l Luck, st anima.State) GameLuck {
	var g GameLuck
	name := func(r anima.Ref) string {
		if c, ok := st.Character(r); ok {
			return c.Name
		}
		if r.Side >= 0 && r.Side < 2 {
			return st.Sides[r.Side].Name
		}
		return ""
	}
	moments := func(xs []Exchange) []Moment {
		var out []Moment
		for _, x := range xs {
			m := Moment{Gesture: x.Gesture, Turn: x.Turn, Side: x.Side, Attacker: name(x.Attacker), Action: string(x.Action), Check: string(x.Check),
				Hit: x.Hit, LP: x.LPLoss, Expected: x.Expected, AtLeast: x.AtLeast, Percentile: x.Percentile}
			if x.Check == "" {
				m.Target = name(x.Target)
			}
			out = append(out, m)
		}
		return out
	}
	for i, sd := range l.Sides {
		g.Sides[i] = SideLuck{Figures: sd.Figures, Dist: sd.dist, PassedDist: sd.passedDist, Luckiest: moments(sd.Luckiest), Unluckiest: moments(sd.Unluckiest)}
	}
	return g
}

// KeepShots sums up a Diskwars game's luck (MeasureShots) for the shelf, naming the discs as st
// does: its LP are the damage of the shots' first rolls, and it has no checks.
func KeepShots(l ShotLuck, st diskwars.State) GameLuck {
	var g GameLuck
	name := func(i int) string {
		if i >= 0 && i < len(st.Discs) {
			return st.Discs[i].Card.Name
		}
		return ""
	}
	moments := func(xs []Shot) []Moment {
		var out []Moment
		for _, x := range xs {
			out = append(out, Moment{Gesture: x.Gesture, Turn: x.Round, Side: x.Side, Attacker: name(x.Attacker), Target: name(x.Target),
				Hit: x.Damage > 0, LP: x.Damage, Expected: x.Expected, AtLeast: x.AtLeast, Percentile: x.Percentile})
		}
		return out
	}
	for i, sd := range l.Sides {
		hits := 0
		for _, x := range l.Shots {
			if x.Side == i && x.Damage > 0 {
				hits++
			}
		}
		g.Sides[i] = SideLuck{Figures: luck.Figures{Attacks: sd.Shots, Left: sd.Left, Hits: hits, LP: sd.Damage, ExpectedLP: sd.ExpectedDamage}, Dist: sd.dist,
			PassedDist: Dist{P: []float64{1}}, Luckiest: moments(sd.Luckiest), Unluckiest: moments(sd.Unluckiest)}
		for _, x := range l.Shots {
			if x.Side == i {
				g.Sides[i].ExpectedHits += 1 - x.AnyDamage
			}
		}
	}
	return g
}

// SeasonGame is one game of a season: its ID on the shelf, which of its sides is the player's
// (Mine: 0 or 1), and its luck as kept.
type SeasonGame struct {
	ID   string
	Mine int
	Luck GameLuck
}

// SeasonSide is one side's luck over a season's games (the player's, or their opponents'
// together): the games, attacks and hits against the expected, the LP taken against the
// expected with its chance of as much or more and its mid-percentile in the convolution of
// every game's distribution (every exchange of every game, the dice independent; exact but for
// chances under 1e-18 at its ends), the same of its checks, and the season's three luckiest and
// unluckiest exchanges (each naming its game).
type SeasonSide struct {
	Games int `json:"games"`
	luck.Figures
	AtLeast          float64  `json:"at_least"`
	Percentile       float64  `json:"percentile"`
	ChecksPercentile float64  `json:"checks_percentile"`
	Luckiest         []Moment `json:"luckiest"`
	Unluckiest       []Moment `json:"unluckiest"`
}

// Season is the luck over a set of games: Sides[0] the player's, Sides[1] their opponents'.
type Season struct {
	Sides [2]SeasonSide `json:"sides"`
}

// MeasureSeason measures the luck of a set of games (of one game, Anima Tactics or Diskwars:
// LP and damage are not summed together): each side's figures summed, and the percentile of
// its total in the convolution of the games' distributions (ConvolveAll).
func MeasureSeason(games []SeasonGame) Season {
	var s Season
	for who := range 2 { // 0: the player's sides, 1: the opponents'
		sd := &s.Sides[who]
		var lp, passed []Dist
		var mine []Moment
		for _, g := range games {
			side := g.Mine
			if side != 0 && side != 1 {
				side = 0
			}
			if who == 1 {
				side = 1 - side
			}
			l := g.Luck.Sides[side]
			sd.Games++
			sd.Figures.Add(l.Figures)
			lp, passed = append(lp, l.Dist), append(passed, l.PassedDist)
			for _, m := range slices.Concat(l.Luckiest, l.Unluckiest) {
				m.Game = g.ID
				mine = append(mine, m)
			}
		}
		total := ConvolveAll(lp)
		sd.AtLeast, sd.Percentile = place(total.P, sd.LP-total.Off)
		checks := ConvolveAll(passed)
		_, sd.ChecksPercentile = place(checks.P, sd.Passed-checks.Off)
		sort.SliceStable(mine, func(i, j int) bool { // one exchange kept as both lucky and unlucky (a game of two) once
			a, b := mine[i], mine[j]
			return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.Gesture, b.Gesture), cmp.Compare(a.Attacker, b.Attacker), cmp.Compare(a.Check, b.Check)) < 0
		})
		mine = slices.CompactFunc(mine, func(a, b Moment) bool {
			return a.Game == b.Game && a.Gesture == b.Gesture && a.Attacker == b.Attacker && a.Check == b.Check && a.Target == b.Target
		})
		sd.Luckiest, sd.Unluckiest = extremes(mine, func(m Moment) float64 { return m.Percentile })
	}
	return s
}

// ConvolveAll is the distribution of the sum of independent counts of distributions ds (none:
// the sum 0 for certain), convolved as a tree: pairs, then pairs of pairs, each product trimmed
// of its ends under 1e-18 as a game's is. Two long distributions (a season's hundreds of games
// spread over thousands of LP) are convolved through the Fourier transform (fft.go), whose
// rounding leaves a noise of about 1e-16 times the largest chance in every chance: chances under
// fftFloor are dropped as noise, which moves a percentile by less than 1e-10. A thousand games'
// luck then takes milliseconds, where their products one after the other would take hundreds
// of millions of multiplications.
func ConvolveAll(ds []Dist) Dist {
	level := make([]Dist, 0, len(ds))
	for _, d := range ds {
		if len(d.P) > 0 {
			level = append(level, d)
		}
	}
	if len(level) == 0 {
		return Dist{P: []float64{1}}
	}
	plans := map[int]*fftPlan{}
	for len(level) > 1 {
		next := make([]Dist, (len(level)+1)/2)
		var waiting []int // merges through the transform, done two at a time
		for j := range len(level) / 2 {
			a, b := level[2*j], level[2*j+1]
			if p := fftWorth(a.P, b.P, plans); p == nil {
				next[j] = merged(a, b, convolve(a.P, b.P, nil))
			} else {
				waiting = append(waiting, j)
			}
		}
		for i := 0; i < len(waiting); i += 2 {
			j := waiting[i]
			a, b := level[2*j], level[2*j+1]
			if i+1 == len(waiting) {
				next[j] = merged(a, b, fftConvolve(a.P, b.P, fftWorth(a.P, b.P, plans)))
				break
			}
			k := waiting[i+1]
			c, d := level[2*k], level[2*k+1]
			p := fftWorth(c.P, d.P, plans)
			if q := fftWorth(a.P, b.P, plans); q.n > p.n {
				p = q
			}
			ab, cd := fftConvolve2(a.P, b.P, c.P, d.P, p)
			next[j], next[k] = merged(a, b, ab), merged(c, d, cd)
		}
		if len(level)%2 == 1 {
			next[len(next)-1] = level[len(level)-1]
		}
		level = next
	}
	return level[0]
}

// fftFloor is the chance under which a product through the Fourier transform is noise.
const fftFloor = 1e-14

// fftCost is what a Fourier transform costs, in multiplications per point and per log2 of its
// size (two transforms a product; measured: BenchmarkMeasureSeason1000).
const fftCost = 2

// fftWorth is the plan to convolve a and b through the Fourier transform (kept in plans by
// size), or nil where the plain convolution is cheaper.
func fftWorth(a, b []float64, plans map[int]*fftPlan) *fftPlan {
	n := len(a) + len(b) - 1
	size, log := 1, 0
	for size < n {
		size, log = size*2, log+1
	}
	if len(a)*len(b) < fftCost*size*log {
		return nil
	}
	p := plans[size]
	if p == nil {
		p = newFFTPlan(size)
		plans[size] = p
	}
	return p
}

// merged is the distribution of the sum of a and b, their product p trimmed.
func merged(a, b Dist, p []float64) Dist {
	p, cut := trim(p)
	return Dist{Off: a.Off + b.Off + cut, P: p}
}
