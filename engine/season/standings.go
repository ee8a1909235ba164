package season

import (
	"cmp"
	"slices"

	"gnosis/engine/event"
)

// Standing is a season player's line: their place (1 at the top, every place one player's),
// the season's tournament points (every night's, or the best Setup.Best nights'), the nights
// they played, their games won, drawn and lost, byes, levels killed and lost (Margin), the
// strength of schedule (Schedule), and their rating after the last night.
type Standing struct {
	Place        int
	Player       int // index in Table.Players
	Name         string
	Points       int
	Nights       int
	Won          int
	Drawn        int
	Lost         int
	Byes         int
	LevelsKilled int
	LevelsLost   int
	Rating       Rating
	Ratings      []Rating // after each night they played, in order
	nightPoints  []int
	oppSum, opps int    // the opponents' season points, summed over the games played, and the games
	fold         string // Name folded (event.Fold), once: the order of two tied on everything else
}

// Margin is levels killed minus levels lost over the season.
func (s Standing) Margin() int { return s.LevelsKilled - s.LevelsLost }

// Played is the games played (byes not counted).
func (s Standing) Played() int { return s.Won + s.Drawn + s.Lost }

// Schedule is the strength of schedule: the mean season points of the opponents of each game
// played (0 with none).
func (s Standing) Schedule() float64 {
	if s.opps == 0 {
		return 0
	}
	return float64(s.oppSum) / float64(s.opps)
}

// stand adds up each player's nights (each night's own standings: its points, with its byes)
// and orders them: points, margin, strength of schedule, head-to-head between two tied on all
// three, games won, then name.
func (t *Table) stand() {
	st := make([]Standing, len(t.Players))
	for i, p := range t.Players {
		st[i] = Standing{Player: i, Name: p.Name, fold: p.fold}
	}
	who := t.who
	for ni, n := range t.Nights {
		t.tick()
		for _, s := range n.Event.Standings() {
			a := &st[who[Entry{ni, s.Player}]]
			a.Nights++
			a.nightPoints = append(a.nightPoints, s.Points)
			a.Won, a.Drawn, a.Lost, a.Byes = a.Won+s.Won, a.Drawn+s.Drawn, a.Lost+s.Lost, a.Byes+s.Byes
			a.LevelsKilled, a.LevelsLost = a.LevelsKilled+s.LevelsKilled, a.LevelsLost+s.LevelsLost
		}
	}
	unit := t.pace()
	for i := range st {
		unit()
		st[i].Points = best(st[i].nightPoints, t.Setup.Best)
	}
	won := map[[2]int]int{}
	for _, g := range t.Games {
		unit()
		a, b := &st[g.Players[0]], &st[g.Players[1]]
		a.oppSum, a.opps = a.oppSum+b.Points, a.opps+1
		b.oppSum, b.opps = b.oppSum+a.Points, b.opps+1
		switch g.Outcome {
		case event.FirstWins:
			won[g.Players]++
		case event.SecondWins:
			won[[2]int{g.Players[1], g.Players[0]}]++
		}
	}
	t.Standings = t.sorted(st, won)
}

// sorted is the lines st in the standings' order (compare, then headToHead), tick called
// between units of the sorting: the lines' indexes are sorted, not the lines, and each
// comparison reads the names folded once (a season of 200 nights of 256 players each sorted
// 51,200 lines, folding two names at each of some 800,000 comparisons, in one piece).
func (t *Table) sorted(st []Standing, won map[[2]int]int) []Standing {
	unit := t.pace()
	order := make([]int32, len(st))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { // IDs differ: a total order, as a stable sort's
		unit()
		return compare(&st[a], &st[b], t.Players)
	})
	out := make([]Standing, len(st))
	for i, at := range order {
		unit()
		out[i] = st[at]
	}
	headToHead(out, won)
	for i := range out {
		out[i].Place = i + 1
	}
	return out
}

// unitsATick are the units of work (a comparison, a player's line) between two ticks of a
// long loop of a season's adding-up (pace): some tens of microseconds' worth each.
const unitsATick = 2048

// pace is a function to call at each unit of a long loop's work: it calls t.tick every
// unitsATick units.
func (t *Table) pace() func() {
	n := 0
	return func() {
		if n++; n == unitsATick {
			n = 0
			t.tick()
		}
	}
}

// best is the sum of the n greatest of points (n 0: all).
func best(points []int, n int) int {
	s := slices.Clone(points)
	slices.SortFunc(s, func(a, b int) int { return b - a })
	if n > 0 && n < len(s) {
		s = s[:n]
	}
	sum := 0
	for _, p := range s {
		sum += p
	}
	return sum
}

// compare orders two lines: points, margin, strength of schedule (exactly, as fractions),
// games won, then name and ID (headToHead then orders two tied on the first three).
func compare(a, b *Standing, ps []Player) int {
	return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Margin(), a.Margin()),
		cmp.Compare(b.oppSum*max(a.opps, 1), a.oppSum*max(b.opps, 1)),
		cmp.Compare(b.Won, a.Won), cmp.Compare(a.fold, b.fold), cmp.Compare(ps[a.Player].ID, ps[b.Player].ID))
}

// headToHead puts first, of two lines tied on points, margin and strength of schedule (and
// only two: among three, who beat whom may go round), the one who won more of their games
// against the other (won: [winner, loser] → games).
func headToHead(st []Standing, won map[[2]int]int) {
	tied := func(a, b Standing) bool {
		return a.Points == b.Points && a.Margin() == b.Margin() && a.oppSum*max(b.opps, 1) == b.oppSum*max(a.opps, 1)
	}
	for i := 0; i+1 < len(st); {
		j := i + 1
		for j < len(st) && tied(st[i], st[j]) {
			j++
		}
		if a, b := st[i].Player, st[i+1].Player; j-i == 2 && won[[2]int{b, a}] > won[[2]int{a, b}] {
			st[i], st[i+1] = st[i+1], st[i]
		}
		i = j
	}
}

// ByRating are the standings' lines ordered by rating: the highest first, then the least
// deviation (the surer), then the standings' order.
func (t *Table) ByRating() []Standing {
	out := slices.Clone(t.Standings)
	slices.SortStableFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Rating.R, a.Rating.R), cmp.Compare(a.Rating.RD, b.Rating.RD))
	})
	return out
}
