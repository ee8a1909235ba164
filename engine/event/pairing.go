package event

import (
	"cmp"
	"math/rand/v2"
	"slices"

	"gnosis/engine/core"
)

// seededOrder is each player's place in the event's seeded draw (by ID): round 1's order, and
// the last tiebreak of the standings.
func (e *Event) seededOrder() map[int]int {
	r := rand.New(rand.NewPCG(e.Seed, 0x67_6e_6f_73_69_73)) // "gnosis"
	perm := r.Perm(len(e.Players))
	order := make(map[int]int, len(e.Players))
	for i, p := range perm {
		order[p+1] = i
	}
	return order
}

// Pair pairs the next round and keeps it (Played): Swiss, random or round robin as the event
// says. It is a pure function of the event: the same event pairs the same round. A round is
// paired once the one before has every result; none past the event's rounds.
func (e *Event) Pair() (*Round, error) {
	r, err := e.Next()
	if err != nil {
		return nil, err
	}
	e.Played = append(e.Played, *r)
	return &e.Played[len(e.Played)-1], nil
}

// Next is the next round as Pair would pair it, without keeping it.
func (e *Event) Next() (*Round, error) { return e.next(nil) }

// Pairing is Next a step at a time (core.Paced, core.Budget a step: the pairing from the top
// pauses between its players, and the blossom matching between its stages), so that a round of hundreds of players never holds
// the page; it reads e as it is at each step, so e must not change until it is done. The round
// is Next's: the same event, the same round. Keep keeps it.
func (e *Event) Pairing() *core.Paced[*Round] {
	return core.Pace(core.Budget, e.next)
}

// Keep keeps r, the next round as Next or Pairing paired it (Played); a round of another
// number is refused (ErrRound).
func (e *Event) Keep(r *Round) error {
	if r == nil || r.Number != len(e.Played)+1 {
		return core.Fail(ErrRound, nil, "not the next round: pair it again")
	}
	e.Played = append(e.Played, *r)
	return nil
}

// next is Next, tick (nil: none) called between the pairing's steps (a core.Paced work's).
func (e *Event) next(tick func()) (*Round, error) {
	n := len(e.Played) + 1
	switch {
	case n > e.Rounds:
		return nil, core.Fail(ErrEventIsOver, nil, "every round of the event is paired")
	case n > 1 && e.missing(n-1) > 0:
		return nil, core.Fail(ErrRound, nil, "round %d still misses %d results: pair the next round once every table's result is in", n-1, e.missing(n-1))
	}
	var pairs [][2]int
	var err error
	switch e.Method {
	case RoundRobin:
		pairs, err = e.robin(n)
	default:
		pairs, err = e.swiss(n, tick)
	}
	if err != nil {
		return nil, err
	}
	return &Round{Number: n, Pairings: e.tables(pairs)}, nil
}

// Results are how many games round n (1 to Round()) has, byes left out, and how many of them
// have their result in.
func (e *Event) Results(n int) (in, games int) {
	for _, p := range e.Played[n-1].Pairings {
		if p.Players[1] != Bye {
			games++
			if p.Result != nil {
				in++
			}
		}
	}
	return in, games
}

// missing is how many tables of round n have no result (a bye needs none).
func (e *Event) missing(n int) int {
	in, games := e.Results(n)
	return games - in
}

// eligible are the players paired in round n: entered by then, not dropped.
func (e *Event) eligible(n int) []int {
	var ids []int
	for _, p := range e.Players {
		if !p.Dropped && p.Entered <= n {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// tables numbers pairs from the top (R-EVT-5), for every method: by the better-ranked player of
// each pair as R-EVT-1 ranks them (points, then the standings' order, then the seeded draw), the
// better-ranked player first, the byes last.
func (e *Event) tables(pairs [][2]int) []Pairing {
	rank := map[int]int{}
	st := e.Standings()
	slices.SortStableFunc(st, func(a, b Standing) int {
		if c := cmp.Compare(b.Points, a.Points); c != 0 {
			return c
		}
		return cmp.Compare(a.Place, b.Place)
	})
	for i, s := range st {
		rank[s.Player] = i
	}
	better := func(p [2]int) int {
		if p[1] == Bye {
			return 1 << 30
		}
		return min(rank[p[0]], rank[p[1]])
	}
	for i, p := range pairs { // the better-ranked player first
		if p[1] != Bye && rank[p[1]] < rank[p[0]] {
			pairs[i] = [2]int{p[1], p[0]}
		}
	}
	slices.SortStableFunc(pairs, func(a, b [2]int) int { return cmp.Compare(better(a), better(b)) })
	out := make([]Pairing, len(pairs))
	for i, p := range pairs {
		out[i] = Pairing{Table: i + 1, Players: p}
	}
	return out
}

// swiss pairs round n by points (Swiss) or at random (Random), in the field's order (R-EVT-1):
// the bye first, to the lowest-ranked eligible player without one without whom the rest can be
// paired (R-EVT-4), then the rest from the top (R-EVT-3: fromTop), no two who have met (R-EVT-2).
func (e *Event) swiss(n int, tick func()) ([][2]int, error) {
	ids := e.eligible(n)
	if len(ids) < 2 {
		return nil, core.Fail(ErrNoPairing, nil, "round %d has %d players to pair: at least two are needed", n, len(ids))
	}
	f := e.field(ids, n)
	if tick != nil { // the standings and the games met, a step apart from the pairing's
		tick()
	}
	if len(f.ids)%2 == 0 {
		pairs, ok := f.fromTop(-1, tick)
		if !ok {
			return nil, core.Fail(ErrNoPairing, nil, "round %d cannot be paired without two players meeting again", n)
		}
		return pairs, nil
	}
	i := f.byeFromBottom(e.byes(), tick) // R-EVT-4: the bye first, from the bottom
	if i < 0 {
		return nil, core.Fail(ErrNoPairing, nil, "round %d cannot be paired: every player who may take the bye has had one, or the rest would meet again", n)
	}
	pairs, _ := f.fromTop(i, tick)
	return append(pairs, [2]int{f.ids[i], Bye}), nil
}

// swapKeepsRules says why swapping a (at table pa) and b (at table pb) in round n would break
// R-EVT-2 (a second bye, two players meeting again), or nil.
func (e *Event) swapKeepsRules(n int, pa, pb *Pairing, a, b int) error {
	byes, met := e.byesBefore(n), e.metBefore(n)
	for _, q := range []struct {
		p          *Pairing
		with, left int // the player who comes to p, the one who leaves it
	}{{pa, b, a}, {pb, a, b}} {
		stays := q.p.Players[0] + q.p.Players[1] - q.left
		switch {
		case q.p.Players[1] == Bye && byes[q.with]:
			return core.Fail(ErrRound, nil, "%s had a bye already: a player has one bye at most", e.Player(q.with).Name)
		case stays != Bye && met[pairKey(stays, q.with)]:
			return core.Fail(ErrRound, nil, "%s and %s have met already: nobody meets the same opponent twice", e.Player(q.with).Name, e.Player(stays).Name)
		}
	}
	return nil
}

// metBefore are the pairs of players who met in a round before round n (met's).
func (e *Event) metBefore(n int) map[[2]int]bool {
	before := *e
	before.Played = e.Played[:n-1]
	return before.met()
}

// byes are the players who have had a bye.
func (e *Event) byes() map[int]bool { return e.byesBefore(len(e.Played) + 1) }

// byesBefore are the players who had a bye in a round before round n.
func (e *Event) byesBefore(n int) map[int]bool {
	byes := map[int]bool{}
	for _, r := range e.Played[:n-1] {
		for _, p := range r.Pairings {
			if p.Players[1] == Bye {
				byes[p.Players[0]] = true
			}
		}
	}
	return byes
}

// field is the players of a round in pairing order (R-EVT-1: best first) and who has met whom.
type field struct {
	ids []int
	met map[[2]int]bool
}

// field orders ids for round n as R-EVT-1 ranks them: a Swiss round's by points, then the
// standings' order, then the event's seeded draw (the standings' last tiebreak: before any game
// the seeded draw alone, the order the standings show then); a random round's in the round's
// own draw from the seed.
func (e *Event) field(ids []int, n int) *field {
	f := &field{ids: slices.Clone(ids), met: e.met()}
	points := map[int]int{}
	if e.Method == Swiss {
		place := map[int]int{}
		for _, s := range e.Standings() {
			place[s.Player], points[s.Player] = s.Place, s.Points
		}
		slices.SortStableFunc(f.ids, func(a, b int) int {
			if c := cmp.Compare(points[b], points[a]); c != 0 {
				return c
			}
			return cmp.Compare(place[a], place[b])
		})
	} else {
		r := rand.New(rand.NewPCG(e.Seed, uint64(n)))
		r.Shuffle(len(f.ids), func(i, j int) { f.ids[i], f.ids[j] = f.ids[j], f.ids[i] })
	}
	return f
}

// robin is round n of a round robin among the players of round 1 (the circle method, in the
// seeded order): a player dropped since leaves their opponent a bye.
func (e *Event) robin(n int) ([][2]int, error) {
	var ids []int
	for _, p := range e.Players {
		if p.Entered == 1 {
			ids = append(ids, p.ID)
		}
	}
	switch {
	case len(ids) < 2 || len(ids) > MaxRobin:
		return nil, core.Fail(ErrNoPairing, nil, "a round robin has 2 to %d players", MaxRobin)
	case n > len(ids)-1+len(ids)%2:
		return nil, core.Fail(ErrNoPairing, nil, "a round robin of %d players has %d rounds", len(ids), len(ids)-1+len(ids)%2)
	}
	seeded := e.seededOrder()
	slices.SortFunc(ids, func(a, b int) int { return cmp.Compare(seeded[a], seeded[b]) })
	if len(ids)%2 == 1 {
		ids = append(ids, Bye)
	}
	m := len(ids)
	rot := make([]int, m) // the circle: the first stays, the rest turn by n-1
	rot[0] = ids[0]
	for i := 1; i < m; i++ {
		rot[i] = ids[1+(i-1+n-1)%(m-1)]
	}
	var pairs [][2]int
	for i := range m / 2 {
		a, b := rot[i], rot[m-1-i]
		if a == Bye || e.Player(a).Dropped {
			a, b = b, a
		}
		switch {
		case a == Bye || e.Player(a).Dropped:
			continue // neither plays
		case b == Bye || e.Player(b).Dropped:
			pairs = append(pairs, [2]int{a, Bye})
		default:
			pairs = append(pairs, [2]int{a, b})
		}
	}
	if !slices.ContainsFunc(pairs, func(p [2]int) bool { return p[1] != Bye }) {
		return nil, core.Fail(ErrNoPairing, nil, "round %d has no game to play: the players left have dropped", n)
	}
	return pairs, nil
}

// Swap swaps players a and b of the round being played (the organiser's choice), and keeps
// why. Neither table may have a result yet; a player never meets themselves.
func (e *Event) Swap(a, b int, why string) error {
	n := len(e.Played)
	switch {
	case n == 0:
		return core.Fail(ErrRound, nil, "no round is paired yet")
	case e.Method == RoundRobin: // R-EVT-9: its schedule, or players meet twice
		return core.Fail(ErrRound, nil, "a round robin's rounds follow its schedule: a swap would have players meet twice")
	}
	r := &e.Played[n-1]
	var pa, pb *Pairing
	var ia, ib int
	for t := range r.Pairings {
		for s, id := range r.Pairings[t].Players {
			if id == a && a != Bye {
				pa, ia = &r.Pairings[t], s
			}
			if id == b && b != Bye {
				pb, ib = &r.Pairings[t], s
			}
		}
	}
	switch {
	case pa == nil || pb == nil || a == b:
		return core.Fail(ErrPlayer, nil, "both players must be paired in round %d", n)
	case pa.Result != nil || pb.Result != nil:
		return core.Fail(ErrRound, nil, "a table with its result in keeps its players")
	case pa == pb:
		return core.Fail(ErrRound, nil, "the two players are at the same table already")
	}
	if err := e.swapKeepsRules(n, pa, pb, a, b); err != nil {
		return err
	}
	pa.Players[ia], pb.Players[ib] = b, a
	for _, p := range []*Pairing{pa, pb} { // a bye stays second
		if p.Players[0] == Bye {
			p.Players[0], p.Players[1] = p.Players[1], p.Players[0]
		}
	}
	r.Swaps = append(r.Swaps, Swap{Players: [2]int{a, b}, Why: clean(why, MaxWhy)})
	return nil
}
