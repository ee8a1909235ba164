package report

import (
	"slices"

	"gnosis/engine/core"
	"gnosis/engine/diskwars"
)

// Shot is one Diskwars shot measured against its exact odds (diskwars.Odds): who shot at whom
// in which round, the damage its first roll's faces dealt the target, what the odds expected,
// the chance of this much or more (AtLeast), the chance of any damage at all (AnyDamage: what a
// shot that did none is measured by) and the mid-percentile.
type Shot struct {
	Gesture    int     `json:"gesture"`
	Round      int     `json:"round"`
	Side       int     `json:"side"`
	Attacker   int     `json:"attacker"`
	Target     int     `json:"target"`
	Damage     int     `json:"damage"`
	Expected   float64 `json:"expected"`
	AtLeast    float64 `json:"at_least"`
	AnyDamage  float64 `json:"any_damage"`
	Percentile float64 `json:"percentile"`

	dist []float64
}

// ShotSide is a Diskwars side's luck in its shots: how many (Left: those the odds cannot read),
// the damage its targets took from the first rolls against the expected, the mid-percentile of
// that damage in the convolution of its shots' distributions, and its three luckiest and
// unluckiest shots.
type ShotSide struct {
	Shots          int     `json:"shots"`
	Left           int     `json:"left"`
	Damage         int     `json:"damage"`
	ExpectedDamage float64 `json:"expected_damage"`
	Percentile     float64 `json:"percentile"`
	Luckiest       []Shot  `json:"luckiest"`
	Unluckiest     []Shot  `json:"unluckiest"`

	dist Dist // the distribution of the damage, for the shelf (KeepShots)
}

// ShotLuck is both sides' luck in a Diskwars game, and every shot measured.
type ShotLuck struct {
	Sides [2]ShotSide `json:"sides"`
	Shots []Shot      `json:"shots"`
}

// MeasureShots measures every shot of a Diskwars game's log against its exact odds: the
// damage the target took from the shot's own faces (scatter dice, which go to other discs, are
// not in the odds). R-DW-5, R-DW-8.
func MeasureShots(log []diskwars.Entry) ShotLuck { return MeasureShotsPaced(log, nil) }

// MeasureShotsPaced is MeasureShots, tick (nil: none) called between the log's entries and the
// shots summed (a core.Paced work's).
func MeasureShotsPaced(log []diskwars.Entry, tick func()) ShotLuck {
	var l ShotLuck
	for e, s := range core.Ticking(diskwars.Before(log), tick) {
		ev, ok := e.Event.(diskwars.Shot)
		if !ok || ev.Attacker < 0 || ev.Attacker >= len(s.Discs) {
			continue
		}
		side := s.Discs[ev.Attacker].Side
		sd := &l.Sides[side]
		sd.Shots++
		spec, damage, ok := diskwars.ShotSpec(s, ev)
		o, err := diskwars.Odds(spec)
		if !ok || err != nil {
			sd.Left++
			continue
		}
		x := Shot{Gesture: e.Gesture, Round: s.Round, Side: side, Attacker: ev.Attacker, Target: ev.Target, Damage: damage, Expected: o.ExpectedDamage, dist: o.Damage}
		x.AtLeast, x.Percentile = place(o.Damage, damage)
		x.AnyDamage, _ = place(o.Damage, 1)
		l.Shots = append(l.Shots, x)
	}
	for i := range l.Sides {
		sd := &l.Sides[i]
		var mine []Shot
		total, spare, off := []float64{1}, []float64(nil), 0
		for _, x := range l.Shots {
			if tick != nil {
				tick()
			}
			if x.Side == i {
				mine = append(mine, x)
				sd.Damage += x.Damage
				sd.ExpectedDamage += x.Expected
				total, spare = convolve(total, x.dist, spare), total
				var cut int
				total, cut = trim(total)
				off += cut
			}
		}
		_, sd.Percentile = place(total, sd.Damage-off)
		sd.dist = Dist{off, slices.Clone(total)}
		sd.Luckiest, sd.Unluckiest = extremes(mine, func(x Shot) float64 { return x.Percentile })
	}
	return l
}
