// Package report tells a game after (or during) it from its log alone: each side's luck against
// the exact odds the engine computed for every exchange. Nothing new is stored: the log holds
// every die, and the engine the spec each exchange was resolved with (anima.ExchangeSpec).
package report

import (
	"slices"
	"sort"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/luck"
)

// Exchange is one attack of the log measured against its odds: who attacked whom, how, on which
// turn, the LP the dice made the target lose (before its LP capped it, as the odds count it),
// what the odds expected, and where the loss falls in its distribution: AtLeast is the chance
// of a loss this large or larger (8%: "8% to do this much"), Percentile the mid-percentile
// (the chance of less, plus half the chance of exactly this: 0.5 is as likely as not).
//
// A check (a Seek, an escape, Stability, Doom, Shock: anima.CheckChance; the roll-off for who acts
// first, anima.RollOffChance, a check of each side's) is an exchange too, with Check set:
// Attacker is who rolled it (a side's roll-off: its Index is -1), Hit whether it succeeded,
// HitChance its chance, and AtLeast the chance of doing as well.
type Exchange struct {
	Gesture    int              `json:"gesture"`
	Turn       int              `json:"turn"`
	Side       int              `json:"side"` // the attacker's
	Attacker   anima.Ref        `json:"attacker"`
	Target     anima.Ref        `json:"target"`
	Action     anima.ActionKind `json:"action,omitempty"`
	Check      anima.CheckKind  `json:"check,omitempty"`
	Hit        bool             `json:"hit"`
	HitChance  float64          `json:"hit_chance"`
	LPLoss     int              `json:"lp_loss"`
	Expected   float64          `json:"expected"`
	AtLeast    float64          `json:"at_least"`
	Percentile float64          `json:"percentile"`

	dist []float64 // the loss's distribution (anima.Odds.LPLoss)
}

// Side is a side's luck in its attacks: how many it made (Attacks; Left: those whose odds
// cannot be rebuilt, none in 300 whole games; a Push or a Slam counts by its hit only), hits against the expected number, LP
// its attacks took against the expected LP, and Percentile, the mid-percentile of the LP taken
// in all within the distribution every exchange's odds imply together (the convolution of the
// exchanges' loss distributions, the dice independent; exact but for chances under 1e-18 at its
// ends, dropped as it grows): 0.5 is average luck, 0.9 luckier
// than nine games in ten, 0.1 unluckier. Luckiest and Unluckiest are its three exchanges of the
// highest and the lowest percentile.
//
// Checks counts its checks (ChecksLeft: those whose threshold the log does not hold, a
// Resistance check's difficulty), Passed those passed against ExpectedPassed, and
// ChecksPercentile the mid-percentile of the number passed (the exact distribution of a sum of
// independent successes).
type Side struct {
	luck.Figures
	Percentile       float64    `json:"percentile"`
	ChecksPercentile float64    `json:"checks_percentile"`
	Luckiest         []Exchange `json:"luckiest"`
	Unluckiest       []Exchange `json:"unluckiest"`

	dist, passedDist Dist // the distributions of LP taken and checks passed, for the shelf (KeepLuck)
}

// Luck is both sides' luck in the game of log, and every exchange measured, in the log's order.
type Luck struct {
	Sides     [2]Side    `json:"sides"`
	Exchanges []Exchange `json:"exchanges"`
}

// MeasureLuck measures every attack of log (an Anima Tactics game's, anima.Game.Log) against
// its exact odds (anima.ExchangeSpec, anima.ComputeOdds). Dice entered by hand count as dice
// the app rolled. R-ATK-1 to R-ATK-5.
func MeasureLuck(log []anima.Entry) Luck { return MeasureLuckPaced(log, nil) }

// MeasureLuckPaced is MeasureLuck, tick (nil: none) called between the log's entries and the
// exchanges summed (a core.Paced work's).
func MeasureLuckPaced(log []anima.Entry, tick func()) Luck {
	var l Luck
	turn := 1
	for e, s := range core.Ticking(anima.Before(log), tick) {
		if s.Flow.Turn > 0 {
			turn = s.Flow.Turn
		}
		if f, ok := e.Event.(anima.FirstRolled); ok { // a roll-off: a check of each side's
			p, ok := anima.RollOffChance(s, f)
			for side := range 2 {
				sd := &l.Sides[side]
				sd.Checks++
				if !ok {
					sd.ChecksLeft++
					continue
				}
				x := Exchange{Gesture: e.Gesture, Turn: turn, Side: side, Attacker: anima.Ref{Side: side, Index: -1}, Check: anima.CheckInitiative, Hit: f.First == side, HitChance: p[side]}
				x.AtLeast, x.Percentile = passed(p[side], x.Hit)
				l.Exchanges = append(l.Exchanges, x)
			}
			continue
		}
		if r, ok := e.Event.(anima.Rolled); ok {
			side := &l.Sides[r.Ref.Side]
			side.Checks++
			p, ok := anima.CheckChance(s, r)
			if !ok {
				side.ChecksLeft++
				continue
			}
			x := Exchange{Gesture: e.Gesture, Turn: turn, Side: r.Ref.Side, Attacker: r.Ref, Check: r.Check, Hit: r.Success, HitChance: p}
			x.AtLeast, x.Percentile = passed(p, r.Success)
			l.Exchanges = append(l.Exchanges, x)
			continue
		}
		a, ok := e.Event.(anima.AttackResolved)
		if !ok {
			continue
		}
		side := &l.Sides[a.Attacker.Side]
		side.Attacks++
		x, ok := measure(s, a)
		if !ok {
			side.Left++
			continue
		}
		x.Gesture, x.Turn = e.Gesture, turn
		l.Exchanges = append(l.Exchanges, x)
	}
	for i := range l.Sides {
		l.Sides[i].sum(l.Exchanges, i, tick)
	}
	return l
}

// measure is a's exchange against its odds in s; one that takes no LP by its kind (a Push, a
// Slam) is measured by its hit (anima.HitSpec), its LP none whatever the dice.
func measure(s anima.State, a anima.AttackResolved) (Exchange, bool) {
	spec, full := anima.ExchangeSpec(s, a)
	if !full {
		var ok bool
		if spec, ok = anima.HitSpec(s, a); !ok {
			return Exchange{}, false
		}
	}
	o, err := anima.ComputeOdds(spec)
	if err != nil {
		return Exchange{}, false
	}
	x := Exchange{Side: a.Attacker.Side, Attacker: a.Attacker, Target: a.Target, Action: a.Action, Hit: a.Outcome.Hit,
		HitChance: o.Hit, LPLoss: a.Outcome.LPLoss, Expected: o.ExpectedLPLoss, dist: o.LPLoss}
	x.AtLeast, x.Percentile = place(o.LPLoss, a.Outcome.LPLoss)
	if !full { // its luck is its hit's: the chance of hitting, and where a hit falls
		x.dist, x.Expected = []float64{1}, 0
		x.AtLeast, x.Percentile = passed(o.Hit, true)
	}
	return x, true
}

// sum fills the side's figures from the exchanges of its attacks.
func (sd *Side) sum(all []Exchange, side int, tick func()) {
	var mine []Exchange
	total, spare, off := []float64{1}, []float64(nil), 0 // the distribution of the LP taken in all from off (none yet), and a buffer
	passed, spareC := []float64{1}, []float64(nil)       // the same of the checks passed
	for _, x := range all {
		if x.Side != side {
			continue
		}
		if tick != nil {
			tick()
		}
		mine = append(mine, x)
		if x.Check != "" {
			sd.Passed += b2i(x.Hit)
			sd.ExpectedPassed += x.HitChance
			passed, spareC = convolve(passed, []float64{1 - x.HitChance, x.HitChance}, spareC), passed
			continue
		}
		if x.Hit {
			sd.Hits++
		}
		sd.ExpectedHits += x.HitChance
		sd.LP += x.LPLoss
		sd.ExpectedLP += x.Expected
		total, spare = convolve(total, x.dist, spare), total
		var cut int
		total, cut = trim(total)
		off += cut
	}
	_, sd.Percentile = place(total, sd.LP-off)
	_, sd.ChecksPercentile = place(passed, sd.Passed)
	sd.dist, sd.passedDist = Dist{off, total}, Dist{0, passed}
	sd.Luckiest, sd.Unluckiest = extremes(mine, func(x Exchange) float64 { return x.Percentile })
}

// extremes are the three of xs of the highest percentile, highest first, and the three of the
// lowest, lowest first (xs is sorted in place).
func extremes[T any](xs []T, percentile func(T) float64) (luckiest, unluckiest []T) {
	sort.SliceStable(xs, func(i, j int) bool { return percentile(xs[i]) > percentile(xs[j]) })
	n := min(3, len(xs))
	luckiest = append([]T(nil), xs[:n]...)
	slices.Reverse(xs)
	return luckiest, append([]T(nil), xs[:n]...)
}

// place is where v falls in the distribution p (p[i]: the chance of exactly i): the chance of
// v or more, and the mid-percentile (the chance of less, plus half the chance of v).
func place(p []float64, v int) (atLeast, percentile float64) {
	below := 0.0
	for i, q := range p {
		switch {
		case i < v:
			below += q
		case i >= v:
			atLeast += q
		}
	}
	at := 0.0
	if v >= 0 && v < len(p) {
		at = p[v]
	}
	return atLeast, below + at/2
}

// passed is where a roll that succeeds with chance p falls, as place says, by whether it did.
func passed(p float64, did bool) (atLeast, percentile float64) {
	return place([]float64{1 - p, p}, b2i(did))
}

// negligible is a chance too small to count: a side's distribution drops its ends below it as
// it grows (hundreds of exchanges spread it over thousands of LP, nearly all of them
// impossible in practice), which moves its percentile by less than 1e-10.
const negligible = 1e-18

// trim drops p's first and last chances below negligible: the rest, and how many it dropped
// at the start (the new distribution's offset).
func trim(p []float64) ([]float64, int) {
	lo, hi := 0, len(p)
	for lo < hi-1 && p[lo] < negligible {
		lo++
	}
	for hi > lo+1 && p[hi-1] < negligible {
		hi--
	}
	return p[lo:hi], lo
}

// convolve is the distribution of the sum of two independent counts of distributions a and b,
// written over buf's storage when it is large enough (a side's hundreds of exchanges convolve
// with two buffers, not one each).
func convolve(a, b, buf []float64) []float64 {
	if len(b) == 0 {
		return append(buf[:0], a...)
	}
	n := len(a) + len(b) - 1
	out := buf[:0]
	if cap(out) < n {
		out = make([]float64, n, 2*n)
	}
	out = out[:n]
	clear(out)
	for i, p := range a {
		if p == 0 {
			continue
		}
		for j, q := range b {
			out[i+j] += p * q
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
