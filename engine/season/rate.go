package season

import (
	"math"

	"gnosis/engine/event"
)

// rate rates every player of the season, a night a rating period (Glicko-2): each who played
// it rated from its games against their opponents' ratings before it; a player away from
// nights grows less certain a night at a time (step 6), never past a new player's deviation.
// A player is rated from their first night on; a night of a bye alone is as a night away.
func (t *Table) rate() {
	tau := t.Setup.Tau
	if tau == 0 {
		tau = Tau
	}
	ratings := make([]Rating, len(t.Players))
	last := make([]int, len(t.Players)) // the night after which each was last rated, -1: never
	for i := range last {
		last[i] = -1
	}
	at := make([]int, len(t.Players)) // index in t.Standings
	unit := t.pace()
	for i, s := range t.Standings {
		unit()
		at[s.Player] = i
	}
	gi, nights := 0, t.byNight()
	for ni := range t.Nights {
		t.tick()
		present := nights[ni]
		for _, p := range present {
			ratings[p] = absent(ratings[p], last[p], ni)
		}
		matches := map[int][]Match{}
		for ; gi < len(t.Games) && t.Games[gi].Night == ni; gi++ {
			g := t.Games[gi]
			s := score(g.Outcome)
			a, b := g.Players[0], g.Players[1]
			matches[a] = append(matches[a], Match{Opponent: ratings[b], Score: s})
			matches[b] = append(matches[b], Match{Opponent: ratings[a], Score: 1 - s})
		}
		next := make(map[int]Rating, len(present))
		for _, p := range present {
			r := Rate(ratings[p], matches[p], tau)
			if len(matches[p]) == 0 { // a night of a bye only: as a night away
				r.RD = math.Min(r.RD, StartRD)
			}
			next[p] = r
		}
		for _, p := range present {
			ratings[p], last[p] = next[p], ni
			t.Standings[at[p]].Ratings = append(t.Standings[at[p]].Ratings, next[p])
		}
	}
	for p := range ratings {
		unit()
		t.Standings[at[p]].Rating = absent(ratings[p], last[p], len(t.Nights))
	}
}

// byNight is, for each night, the season players who played it (their indexes).
func (t *Table) byNight() [][]int {
	out := make([][]int, len(t.Nights))
	unit := t.pace()
	for i, p := range t.Players {
		unit()
		for _, en := range p.Entries {
			out[en.Night] = append(out[en.Night], i)
		}
	}
	return out
}

// absent is r after the nights from last+1 to now-1 away (none rated before, last -1: a new
// player's rating): its deviation grown a night at a time (step 6: φ² + σ² each), at most a new
// player's.
func absent(r Rating, last, now int) Rating {
	if last < 0 {
		return NewRating()
	}
	if k := now - last - 1; k > 0 {
		r.RD = math.Min(math.Sqrt(r.RD*r.RD+float64(k)*math.Pow(r.Volatility*glickoScale, 2)), StartRD)
	}
	return r
}

// score is a game's score for its first side: 1 a win, 0.5 a draw, 0 a loss.
func score(outcome string) float64 {
	switch outcome {
	case event.FirstWins:
		return 1
	case event.SecondWins:
		return 0
	}
	return 0.5
}
