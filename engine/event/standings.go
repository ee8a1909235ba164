package event

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
)

// Standing is a player's line of the standings: their place (1 at the top; tied players
// share none: every place is one player's), tournament points, games played, won, drawn and
// lost, byes, levels killed and lost, scenario points, and strength of schedule (the
// opponents' mean tournament points, as a fraction: Schedule()).
type Standing struct {
	Place        int
	Player       int // ID
	Name         string
	Points       int
	Played       int
	Won          int
	Drawn        int
	Lost         int
	Byes         int
	LevelsKilled int // levels killed
	LevelsLost   int // levels lost
	Scenario     int
	Opponents    []int // IDs of the opponents met, in round order
	oppSum       int   // the opponents' tournament points, summed
	Dropped      bool
}

// Margin is levels killed minus levels lost.
func (s Standing) Margin() int { return s.LevelsKilled - s.LevelsLost }

// Schedule is the strength of schedule: the opponents' mean tournament points (0 with none).
func (s Standing) Schedule() float64 {
	if len(s.Opponents) == 0 {
		return 0
	}
	return float64(s.oppSum) / float64(len(s.Opponents))
}

// compareSchedule compares two strengths of schedule exactly, as fractions (none met: 0).
func compareSchedule(a, b Standing) int {
	return cmp.Compare(a.oppSum*max(len(b.Opponents), 1), b.oppSum*max(len(a.Opponents), 1))
}

// Standings are every player's standing after the results in so far, best first, ranked by
// the event's tiebreakers in order, then by the event's seeded order (so that no two players
// share a place).
func (e *Event) Standings() []Standing {
	by := e.tally()
	out := make([]Standing, 0, len(by))
	for _, p := range e.Players {
		s := by[p.ID]
		for _, o := range s.Opponents {
			s.oppSum += by[o].Points
		}
		s.Name, s.Dropped = p.Name, p.Dropped
		out = append(out, s)
	}
	won := e.headToHead()
	seeded := e.seededOrder()
	// Head-to-head orders only two players tied on every tiebreaker before it: the runs of
	// players tied so are found first.
	before := e.Tiebreakers
	if i := slices.Index(before, HeadToHead); i >= 0 {
		before = before[:i]
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return e.compare(a, b, before, nil) })
	twos := map[[2]int]bool{}
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && e.compare(out[i], out[j], before, nil) == 0 {
			j++
		}
		if j-i == 2 {
			twos[pairKey(out[i].Player, out[i+1].Player)] = true
		}
		i = j
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		h2h := won
		if !twos[pairKey(a.Player, b.Player)] {
			h2h = nil
		}
		if c := e.compare(a, b, e.Tiebreakers, h2h); c != 0 {
			return c
		}
		return cmp.Compare(seeded[a.Player], seeded[b.Player])
	})
	for i := range out {
		out[i].Place = i + 1
	}
	return out
}

// compare orders two standings by the tiebreakers ts (<0: a first); head-to-head by won
// (nil: not between these two).
func (e *Event) compare(a, b Standing, ts []Tiebreaker, won map[[2]int]int) int {
	for _, t := range ts {
		var c int
		switch t {
		case Points:
			c = cmp.Compare(b.Points, a.Points)
		case Margin:
			c = cmp.Compare(b.Margin(), a.Margin())
		case Scenario:
			c = cmp.Compare(b.Scenario, a.Scenario)
		case Schedule:
			c = compareSchedule(b, a)
		case HeadToHead:
			c = cmp.Compare(won[[2]int{b.Player, a.Player}], won[[2]int{a.Player, b.Player}])
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

// tally sums each player's results, by ID.
func (e *Event) tally() map[int]Standing {
	by := make(map[int]Standing, len(e.Players))
	for _, p := range e.Players {
		by[p.ID] = Standing{Player: p.ID}
	}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			a, b := by[p.Players[0]], by[p.Players[1]]
			if p.Players[1] == Bye {
				a.Byes++
				a.Points += e.Scoring.Bye
				by[a.Player] = a
				continue
			}
			res := p.Result
			if res == nil {
				continue
			}
			a.Opponents, b.Opponents = append(a.Opponents, b.Player), append(b.Opponents, a.Player)
			a.Played, b.Played = a.Played+1, b.Played+1
			a.LevelsKilled, b.LevelsKilled = a.LevelsKilled+res.Killed[0], b.LevelsKilled+res.Killed[1]
			a.LevelsLost, b.LevelsLost = a.LevelsLost+res.Killed[1], b.LevelsLost+res.Killed[0]
			a.Scenario, b.Scenario = a.Scenario+res.Scenario[0], b.Scenario+res.Scenario[1]
			switch res.Outcome {
			case FirstWins:
				a.Won, b.Lost = a.Won+1, b.Lost+1
				a.Points, b.Points = a.Points+e.Scoring.Win, b.Points+e.Scoring.Loss
			case SecondWins:
				b.Won, a.Lost = b.Won+1, a.Lost+1
				b.Points, a.Points = b.Points+e.Scoring.Win, a.Points+e.Scoring.Loss
			default:
				a.Drawn, b.Drawn = a.Drawn+1, b.Drawn+1
				a.Points, b.Points = a.Points+e.Scoring.Draw, b.Points+e.Scoring.Draw
			}
			by[a.Player], by[b.Player] = a, b
		}
	}
	return by
}

// headToHead counts the games each player won against each other: [winner, loser].
func (e *Event) headToHead() map[[2]int]int {
	won := map[[2]int]int{}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Result == nil || p.Players[1] == Bye {
				continue
			}
			switch p.Result.Outcome {
			case FirstWins:
				won[p.Players]++
			case SecondWins:
				won[[2]int{p.Players[1], p.Players[0]}]++
			}
		}
	}
	return won
}

// met reports the pairs of players who have played each other (or were paired), as
// [lower ID, higher ID].
func (e *Event) met() map[[2]int]bool {
	m := map[[2]int]bool{}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Players[1] != Bye {
				m[pairKey(p.Players[0], p.Players[1])] = true
			}
		}
	}
	return m
}

func pairKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// CSVHeader are the standings' columns as CSV writes them, in order.
var CSVHeader = []string{"place", "player", "points", "played", "won", "drawn", "lost", "byes", "levels killed", "levels lost", "margin", "scenario", "strength of schedule", "dropped"}

// CSV is the standings as a spreadsheet reads them (CSVHeader, then a row a player, best
// first); a name is never read as a formula.
func (e *Event) CSV() []byte { return e.CSVHeaded(CSVHeader) }

// CSVHeaded is CSV under header (CSVHeader's columns in the player's language).
func (e *Event) CSVHeaded(header []string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(header)
	for _, s := range e.Standings() {
		name := s.Name
		if name != "" && strings.ContainsRune("=+-@\t\r", rune(name[0])) {
			name = "'" + name
		}
		w.Write([]string{strconv.Itoa(s.Place), name, strconv.Itoa(s.Points), strconv.Itoa(s.Played), strconv.Itoa(s.Won),
			strconv.Itoa(s.Drawn), strconv.Itoa(s.Lost), strconv.Itoa(s.Byes), strconv.Itoa(s.LevelsKilled), strconv.Itoa(s.LevelsLost),
			strconv.Itoa(s.Margin()), strconv.Itoa(s.Scenario), strconv.FormatFloat(s.Schedule(), 'f', 2, 64), strconv.FormatBool(s.Dropped)})
	}
	w.Flush()
	return b.Bytes()
}

// PlayerLuck is a player's luck over the event's games whose logs came in (results from game
// files): how many, and the sum of their sides' figures (attacks, hits and LP against the
// expected, checks passed against the expected).
type PlayerLuck struct {
	ID    int
	Name  string
	Games int
	Luck
}

// Ahead is the LP the player's attacks took beyond the expected (below it: negative).
func (l PlayerLuck) Ahead() float64 { return float64(l.LP) - l.ExpectedLP }

// Lucks are the event's luck, player by player, the luckiest first (by Ahead; then by name):
// only players with a game whose log came in.
func (e *Event) Lucks() []PlayerLuck {
	by := map[int]*PlayerLuck{}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Result == nil || p.Result.Luck == nil || p.Players[1] == Bye {
				continue
			}
			for side, id := range p.Players {
				l := by[id]
				if l == nil {
					l = &PlayerLuck{ID: id, Name: e.Player(id).Name}
					by[id] = l
				}
				l.Games++
				l.Luck.Add(p.Result.Luck[side])
			}
		}
	}
	out := make([]PlayerLuck, 0, len(by))
	for _, l := range by {
		out = append(out, *l)
	}
	slices.SortFunc(out, func(a, b PlayerLuck) int {
		if c := cmp.Compare(b.Ahead(), a.Ahead()); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	return out
}
