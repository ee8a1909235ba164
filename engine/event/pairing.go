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

// Pairing is Next a step at a time (core.Paced, core.Budget a step: the weighted matching of a
// large field pauses between its stages), so that a round of hundreds of players never holds
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

// next is Next, tick (nil: none) called between the matching's stages (a core.Paced work's).
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

// tables numbers pairs from the top: the table of the pair with the most points first
// (its better player's place in the standings breaking ties), the bye last.
func (e *Event) tables(pairs [][2]int) []Pairing {
	place := map[int]int{}
	points := map[int]int{}
	for _, s := range e.Standings() {
		place[s.Player], points[s.Player] = s.Place, s.Points
	}
	top := func(p [2]int) (int, int) {
		if p[1] == Bye {
			return -1, 1 << 30
		}
		return max(points[p[0]], points[p[1]]), min(place[p[0]], place[p[1]])
	}
	for i, p := range pairs { // the better placed player first
		if p[1] != Bye && place[p[1]] < place[p[0]] {
			pairs[i] = [2]int{p[1], p[0]}
		}
	}
	slices.SortStableFunc(pairs, func(a, b [2]int) int {
		pa, qa := top(a)
		pb, qb := top(b)
		if c := cmp.Compare(pb, pa); c != 0 {
			return c
		}
		return cmp.Compare(qa, qb)
	})
	out := make([]Pairing, len(pairs))
	for i, p := range pairs {
		out[i] = Pairing{Table: i + 1, Players: p}
	}
	return out
}

// swiss pairs round n by points (Swiss) or at random (Random): the lowest eligible player
// without a bye gets the bye, then the rest are paired at the least cost (cost), no two who
// have met. Round 1, and every round of Random, is in the seeded order of the round.
func (e *Event) swiss(n int, tick func()) ([][2]int, error) {
	ids := e.eligible(n)
	if len(ids) < 2 {
		return nil, core.Fail(ErrNoPairing, nil, "round %d has %d players to pair: at least two are needed", n, len(ids))
	}
	f := e.field(ids, n)
	f.tick = tick
	byes := e.byes()
	if len(f.ids)%2 == 0 {
		pairs, ok := f.best(-1)
		if !ok {
			return nil, core.Fail(ErrNoPairing, nil, "round %d cannot be paired without two players meeting again", n)
		}
		return pairs, nil
	}
	for i := len(f.ids) - 1; i >= 0; i-- { // the bye: the lowest first
		if byes[f.ids[i]] {
			continue
		}
		if pairs, ok := f.best(i); ok {
			return append(pairs, [2]int{f.ids[i], Bye}), nil
		}
	}
	return nil, core.Fail(ErrNoPairing, nil, "round %d cannot be paired: every player who may take the bye has had one, or the rest would meet again", n)
}

// byes are the players who have had a bye.
func (e *Event) byes() map[int]bool {
	byes := map[int]bool{}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Players[1] == Bye {
				byes[p.Players[0]] = true
			}
		}
	}
	return byes
}

// field is the players of a round in pairing order (points, then place: best first), their
// points, and who has met whom.
type field struct {
	ids    []int
	points []int
	met    map[[2]int]bool
	tick   func() // called between the matching's stages (nil: none)
}

// field orders ids for round n: by points then standings (Swiss after round 1), else in the
// round's seeded order.
func (e *Event) field(ids []int, n int) *field {
	f := &field{ids: slices.Clone(ids), met: e.met()}
	points := map[int]int{}
	if e.Method == Swiss && n > 1 {
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
	for _, id := range f.ids {
		f.points = append(f.points, points[id])
	}
	return f
}

// cost of pairing the players at i and j: the square of their points' difference, so that
// players of equal points meet whenever they can and a floater meets the nearest points.
func (f *field) cost(i, j int) int {
	d := f.points[i] - f.points[j]
	return d * d
}

// Cost is a pairing's cost as Pair minimises it: the sum over its games of the square of the
// two players' difference in tournament points (a bye costs nothing).
func (e *Event) Cost(r Round) int {
	points := map[int]int{}
	for _, s := range e.Standings() {
		points[s.Player] = s.Points
	}
	c := 0
	for _, p := range r.Pairings {
		if p.Players[1] != Bye {
			d := points[p.Players[0]] - points[p.Players[1]]
			c += d * d
		}
	}
	return c
}

// best pairs every player of the field but the one at skip (-1: none) at the least cost, no
// two who have met; ok is false when no pairing exists. Among pairings of the least cost it
// takes the one whose players are nearest in pairing order (the sum of their distances in it,
// least). It is a weighted matching (maxWeightMatching: O(n³)) of the players who may meet,
// each edge weighing more the cheaper the pair, in two places: the cost first, the distance
// after, never enough to outweigh one point of cost.
func (f *field) best(skip int) ([][2]int, bool) {
	n := len(f.ids)
	top := 0
	for i := range n {
		for j := i + 1; j < n; j++ {
			top = max(top, f.cost(i, j))
		}
	}
	near := int64(n + 1)           // a distance's place: n at most
	place := near*int64(n/2+1) + 1 // a cost's place: more than every distance of a pairing
	var edges []wedge
	for i := range n {
		for j := i + 1; j < n; j++ {
			if i == skip || j == skip || f.met[pairKey(f.ids[i], f.ids[j])] {
				continue
			}
			w := int64(top-f.cost(i, j)+1)*place + near - int64(j-i)
			edges = append(edges, wedge{i, j, w})
		}
	}
	mate := weightMatching(n, edges, true, f.tick)
	var pairs [][2]int
	for i, j := range mate {
		switch {
		case i == skip:
		case j < 0:
			return nil, false
		case i < j:
			pairs = append(pairs, [2]int{f.ids[i], f.ids[j]})
		}
	}
	return pairs, true
}

// floor is the least the players not yet used could cost: in pairing order, two by two.
func (f *field) floor(used []bool) int {
	c, prev := 0, -1
	for i, u := range used {
		if u {
			continue
		}
		if prev < 0 {
			prev = i
			continue
		}
		c += f.cost(prev, i)
		prev = -1
	}
	return c
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
	return pairs, nil
}

// Swap swaps players a and b of the round being played (the organiser's choice), and keeps
// why. Neither table may have a result yet; a player never meets themselves.
func (e *Event) Swap(a, b int, why string) error {
	n := len(e.Played)
	if n == 0 {
		return core.Fail(ErrRound, nil, "no round is paired yet")
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
	pa.Players[ia], pb.Players[ib] = b, a
	for _, p := range []*Pairing{pa, pb} { // a bye stays second
		if p.Players[0] == Bye {
			p.Players[0], p.Players[1] = p.Players[1], p.Players[0]
		}
	}
	r.Swaps = append(r.Swaps, Swap{Players: [2]int{a, b}, Why: clean(why, MaxWhy)})
	return nil
}
