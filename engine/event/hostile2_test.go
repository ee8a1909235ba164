package event

// Hostile probes of issue 70 (attack-70): an independent model of CLUB-NIGHT.md's R-EVT-1 to
// R-EVT-8 (own standings, own brute force over every perfect matching), held against Next on
// random small events; names; swaps; forged result codes; the 256-player round 16 timing.

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// hostileStanding is the model's line of a player.
type hostileStanding struct {
	id                       int
	points, margin, scenario int
	oppSum, opps             int
	seed                     int
}

// hostileStandings is the model's standings (R-EVT-6/7/8, then the seeded draw): IDs best first.
func hostileStandings(e *Event) []int {
	seed := e.seededOrder() // the seeded draw is a definition of the event, not a rule's logic
	by := map[int]*hostileStanding{}
	for _, p := range e.Players {
		by[p.ID] = &hostileStanding{id: p.ID, seed: seed[p.ID]}
	}
	type game struct{ a, b, winner int }
	var games []game
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Players[1] == Bye {
				by[p.Players[0]].points += e.Scoring.Bye
				continue
			}
			res := p.Result
			if res == nil {
				continue
			}
			a, b := by[p.Players[0]], by[p.Players[1]]
			a.margin += res.Killed[0] - res.Killed[1]
			b.margin += res.Killed[1] - res.Killed[0]
			a.scenario += res.Scenario[0]
			b.scenario += res.Scenario[1]
			w := 0
			switch res.Outcome {
			case FirstWins:
				a.points += e.Scoring.Win
				b.points += e.Scoring.Loss
				w = a.id
			case SecondWins:
				b.points += e.Scoring.Win
				a.points += e.Scoring.Loss
				w = b.id
			default:
				a.points += e.Scoring.Draw
				b.points += e.Scoring.Draw
			}
			games = append(games, game{a.id, b.id, w})
		}
	}
	for _, g := range games {
		by[g.a].oppSum += by[g.b].points
		by[g.a].opps++
		by[g.b].oppSum += by[g.a].points
		by[g.b].opps++
	}
	wins := func(x, y int) int {
		n := 0
		for _, g := range games {
			if g.winner == x && (g.a == y || g.b == y) {
				n++
			}
		}
		return n
	}
	cmpOne := func(t Tiebreaker, a, b *hostileStanding) int {
		switch t {
		case Points:
			return cmp.Compare(b.points, a.points)
		case Margin:
			return cmp.Compare(b.margin, a.margin)
		case Scenario:
			return cmp.Compare(b.scenario, a.scenario)
		case Schedule: // a/n against b/m, exactly; none met: 0
			an, bn := max(a.opps, 1), max(b.opps, 1)
			return cmp.Compare(b.oppSum*an, a.oppSum*bn)
		}
		return 0
	}
	hi := slices.Index(e.Tiebreakers, HeadToHead)
	before, after := e.Tiebreakers, []Tiebreaker(nil)
	if hi >= 0 {
		before, after = e.Tiebreakers[:hi], e.Tiebreakers[hi+1:]
	}
	ids := make([]*hostileStanding, 0, len(by))
	for _, p := range e.Players {
		ids = append(ids, by[p.ID])
	}
	cmpList := func(ts []Tiebreaker, a, b *hostileStanding) int {
		for _, t := range ts {
			if c := cmpOne(t, a, b); c != 0 {
				return c
			}
		}
		return 0
	}
	slices.SortStableFunc(ids, func(a, b *hostileStanding) int { return cmpList(before, a, b) })
	var out []int
	for i := 0; i < len(ids); {
		j := i + 1
		for j < len(ids) && cmpList(before, ids[i], ids[j]) == 0 {
			j++
		}
		group := slices.Clone(ids[i:j])
		two := hi >= 0 && len(group) == 2
		slices.SortStableFunc(group, func(a, b *hostileStanding) int {
			if two {
				if c := cmp.Compare(wins(b.id, a.id), wins(a.id, b.id)); c != 0 {
					return c
				}
			}
			if c := cmpList(after, a, b); c != 0 {
				return c
			}
			return cmp.Compare(a.seed, b.seed)
		})
		for _, s := range group {
			out = append(out, s.id)
		}
		i = j
	}
	return out
}

// hostileRank is the model's R-EVT-1 ranking of the players ids for pairing: points first, then
// the standings' order (the model's).
func hostileRank(e *Event, ids []int) []int {
	order := hostileStandings(e)
	place := map[int]int{}
	for i, id := range order {
		place[id] = i
	}
	pts := hostilePoints(e)
	out := slices.Clone(ids)
	slices.SortFunc(out, func(a, b int) int {
		if c := cmp.Compare(pts[b], pts[a]); c != 0 {
			return c
		}
		return cmp.Compare(place[a], place[b])
	})
	return out
}

func hostilePoints(e *Event) map[int]int {
	pts := map[int]int{}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Players[1] == Bye {
				pts[p.Players[0]] += e.Scoring.Bye
				continue
			}
			if p.Result == nil {
				continue
			}
			switch p.Result.Outcome {
			case FirstWins:
				pts[p.Players[0]] += e.Scoring.Win
				pts[p.Players[1]] += e.Scoring.Loss
			case SecondWins:
				pts[p.Players[1]] += e.Scoring.Win
				pts[p.Players[0]] += e.Scoring.Loss
			default:
				pts[p.Players[0]] += e.Scoring.Draw
				pts[p.Players[1]] += e.Scoring.Draw
			}
		}
	}
	return pts
}

// hostileMatchings are every perfect matching of ranked (places 0..n-1) where ok allows a pair.
func hostileMatchings(n int, ok func(i, j int) bool) [][]int {
	var out [][]int
	mate := make([]int, n)
	for i := range mate {
		mate[i] = -1
	}
	var rec func()
	rec = func() {
		i := slices.Index(mate, -1)
		if i < 0 {
			out = append(out, slices.Clone(mate))
			return
		}
		for j := i + 1; j < n; j++ {
			if mate[j] == -1 && ok(i, j) {
				mate[i], mate[j] = j, i
				rec()
				mate[i], mate[j] = -1, -1
			}
		}
	}
	rec()
	return out
}

// hostileSwiss is the model's Swiss round n (R-EVT-2/3/4/5): the tables in order (a bye [id, 0]).
func hostileSwiss(e *Event, n int) ([][2]int, bool) {
	var ids []int
	for _, p := range e.Players {
		if !p.Dropped && p.Entered <= n {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) < 2 {
		return nil, false
	}
	ranked := hostileRank(e, ids)
	met := map[[2]int]bool{}
	hadBye := map[int]bool{}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Players[1] == Bye {
				hadBye[p.Players[0]] = true
			} else {
				met[[2]int{p.Players[0], p.Players[1]}] = true
				met[[2]int{p.Players[1], p.Players[0]}] = true
			}
		}
	}
	bye := 0
	field := ranked
	if len(ranked)%2 == 1 {
		for i := len(ranked) - 1; i >= 0; i-- {
			if hadBye[ranked[i]] {
				continue
			}
			rest := slices.Delete(slices.Clone(ranked), i, i+1)
			if len(hostileMatchings(len(rest), func(a, b int) bool { return !met[[2]int{rest[a], rest[b]}] })) > 0 {
				bye, field = ranked[i], rest
				break
			}
		}
		if bye == 0 {
			return nil, false
		}
	}
	all := hostileMatchings(len(field), func(a, b int) bool { return !met[[2]int{field[a], field[b]}] })
	if len(all) == 0 {
		return nil, false
	}
	key := func(m []int) []int { // each pair by its top player, the partner's place
		var k []int
		for i := range m {
			if m[i] > i {
				k = append(k, m[i])
			}
		}
		return k
	}
	best := all[0]
	for _, m := range all[1:] {
		if slices.Compare(key(m), key(best)) < 0 {
			best = m
		}
	}
	var tables [][2]int
	for i := range best {
		if best[i] > i {
			tables = append(tables, [2]int{field[i], field[best[i]]})
		}
	}
	// R-EVT-5: tables from the top by the better-ranked player (ranked already), bye last.
	if bye != 0 {
		tables = append(tables, [2]int{bye, Bye})
	}
	return tables, true
}

// hostilePlay gives results to the round being played.
func hostilePlay(e *Event, r *rand.Rand) {
	round := &e.Played[len(e.Played)-1]
	for t := range round.Pairings {
		p := &round.Pairings[t]
		if p.Players[1] == Bye {
			continue
		}
		res := Result{Outcome: []string{FirstWins, SecondWins, Drawn}[r.IntN(3)], By: ByTyped, Turns: 3,
			Killed: [2]int{50 * r.IntN(3), 50 * r.IntN(3)}, Scenario: [2]int{r.IntN(2), r.IntN(2)}}
		p.Result = &res
	}
}

// hostileEvent is a random small Swiss event.
func hostileEvent(r *rand.Rand, tbs []Tiebreaker) *Event {
	e := New("Club", "2026-12-07", r.Uint64())
	e.Rounds = 2 + r.IntN(5)
	e.Scoring = Scoring{Win: 3, Draw: 1, Loss: r.IntN(2), Bye: r.IntN(4)}
	e.Tiebreakers = tbs
	n := 2 + r.IntN(8)
	for i := range n {
		e.AddPlayer(fmt.Sprintf("P%d", i+1))
	}
	return e
}

func hostileTiebreakers(r *rand.Rand) []Tiebreaker {
	t := slices.Clone(Tiebreakers)
	r.Shuffle(len(t), func(i, j int) { t[i], t[j] = t[j], t[i] })
	return t[:1+r.IntN(len(t))]
}

// TestHostileStandingsAgainstModel: the standings' order (R-EVT-6/7/8) against the model, on
// random events whose tiebreakers are in every order.
func TestHostileStandingsAgainstModel(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 1))
	bad := 0
	for it := 0; it < 3000 && bad < 5; it++ {
		e := hostileEvent(r, hostileTiebreakers(r))
		for e.Round() < e.Rounds {
			if _, err := e.Pair(); err != nil {
				break
			}
			hostilePlay(e, r)
			got := []int{}
			for _, s := range e.Standings() {
				got = append(got, s.Player)
			}
			if want := hostileStandings(e); !slices.Equal(got, want) {
				bad++
				t.Errorf("event %d round %d tiebreakers %v: standings %v, model %v", it, e.Round(), e.Tiebreakers, got, want)
			}
		}
	}
}

// TestHostileSwissAgainstModel: every Swiss round (pairs and tables, R-EVT-2/3/4/5) against the
// model's brute force, on random events of 2 to 9 players with late entries, drops and
// returns, and tiebreakers in every order (points among them or not).
func TestHostileSwissAgainstModel(t *testing.T) { hostileSwissAgainstModel(t, false) }

// TestHostileSwissAgainstModelPointsFirst: the same with points the first tiebreaker.
func TestHostileSwissAgainstModelPointsFirst(t *testing.T) { hostileSwissAgainstModel(t, true) }

func hostileSwissAgainstModel(t *testing.T, pointsFirst bool) {
	r := rand.New(rand.NewPCG(70, 2))
	pairsBad, tablesBad, refusals := 0, 0, 0
	for it := 0; it < 4000; it++ {
		tbs := hostileTiebreakers(r)
		if pointsFirst {
			tbs = append([]Tiebreaker{Points}, slices.DeleteFunc(tbs, func(x Tiebreaker) bool { return x == Points })...)
		}
		e := hostileEvent(r, tbs)
		for e.Round() < e.Rounds {
			if r.IntN(3) == 0 {
				e.AddPlayer(fmt.Sprintf("Late%d", len(e.Players)+1))
			}
			if r.IntN(3) == 0 && len(e.Players) > 0 {
				e.Drop(1+r.IntN(len(e.Players)), r.IntN(3) > 0)
			}
			n := e.Round() + 1
			want, ok := hostileSwiss(e, n)
			got, err := e.Next()
			if !ok || err != nil {
				if ok != (err == nil) {
					refusals++
					if refusals < 5 {
						t.Errorf("event %d round %d: model ok %v, Next %v", it, n, ok, err)
					}
				}
				break
			}
			var gotT [][2]int
			for _, p := range got.Pairings {
				gotT = append(gotT, p.Players)
			}
			norm := func(ts [][2]int) [][2]int {
				out := [][2]int{}
				for _, x := range ts {
					if x[1] != Bye && x[1] < x[0] {
						x = [2]int{x[1], x[0]}
					}
					out = append(out, x)
				}
				slices.SortFunc(out, func(a, b [2]int) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
				return out
			}
			if !slices.Equal(norm(gotT), norm(want)) {
				pairsBad++
				if pairsBad < 6 {
					t.Errorf("event %d round %d (tiebreakers %v): pairs %v, model %v", it, n, e.Tiebreakers, gotT, want)
				}
			} else if !slices.Equal(gotT, want) {
				tablesBad++
				if tablesBad < 6 {
					pts := hostilePoints(e)
					var st []string
					for _, s := range e.Standings() {
						st = append(st, fmt.Sprintf("%d:%dpt", s.Player, pts[s.Player]))
					}
					t.Errorf("event %d round %d (tiebreakers %v): tables %v, model (R-EVT-5 by R-EVT-1) %v; standings %v", it, n, e.Tiebreakers, gotT, want, st)
				}
			}
			e.Played = append(e.Played, *got)
			hostilePlay(e, r)
		}
	}
	t.Logf("pairs differing: %d, tables differing: %d, refusals differing: %d", pairsBad, tablesBad, refusals)
}

// TestHostileTablesWhenPointsAreNotFirst: a fixed case of R-EVT-5 with the standings ranked by
// margin before points: 4 players after round 1.
func TestHostileTablesWhenPointsAreNotFirst(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		e := New("Club", "2026-12-07", seed)
		e.Tiebreakers = []Tiebreaker{Margin, Points}
		e.Rounds = 2
		for _, n := range []string{"A", "B", "C", "D", "E", "F"} {
			e.AddPlayer(n)
		}
		e.Pair()
		// Table 1: first wins on a tiny margin; table 2: first loses but kills a lot; table 3 drawn.
		ps := e.Played[0].Pairings
		ps[0].Result = &Result{Outcome: FirstWins, Killed: [2]int{10, 0}, By: ByTyped}
		ps[1].Result = &Result{Outcome: SecondWins, Killed: [2]int{500, 0}, By: ByTyped}
		ps[2].Result = &Result{Outcome: Drawn, Killed: [2]int{0, 0}, By: ByTyped}
		next, err := e.Next()
		if err != nil {
			t.Fatal(err)
		}
		pts := hostilePoints(e)
		// R-EVT-5: each table's better-ranked player (R-EVT-1: points first) in order, best first.
		rank := hostileRank(e, e.eligible(2))
		pos := map[int]int{}
		for i, id := range rank {
			pos[id] = i
		}
		prev := -1
		for _, p := range next.Pairings {
			if p.Players[1] == Bye {
				continue
			}
			better := min(pos[p.Players[0]], pos[p.Players[1]])
			if pos[p.Players[0]] != better || better < prev {
				var st []string
				for _, s := range e.Standings() {
					st = append(st, fmt.Sprintf("%s(%dpt, margin %d)", s.Name, pts[s.Player], s.Margin()))
				}
				t.Fatalf("seed %d: tiebreakers margin then points; round 2 tables %+v; standings %v; R-EVT-1 ranking %v: a table's first player or its place is not by the better-ranked player (points first)", seed, next.Pairings, st, rank)
			}
			prev = better
		}
	}
}

// TestHostileNames: names that differ only by what a screen does not show, or R-EVT-11's folds.
func TestHostileNames(t *testing.T) {
	cases := []struct {
		a, b string
		same bool // R-EVT-11 (NFD, marks dropped, case folded) or invisible: one name
		why  string
	}{
		{"Ana", "ana", true, "case"},
		{"Ana", "Aná", true, "accent"},
		{"Ana", "A\u0301na", true, "combining accent"},
		{"Ana", "ANA\u0301", true, "case and accent"},
		{"Ana", "A\u200bna", true, "zero-width space (cleaned)"},
		{"Ana", "A\u200dna", true, "zero-width joiner (invisible)"},
		{"Ana", "A\u200cna", true, "zero-width non-joiner (invisible)"},
		{"Ana", "A\u00adna", true, "soft hyphen (invisible)"},
		{"Ana", "A\u2063na", true, "invisible separator"},
		{"Ana", "Ana\u3164", true, "Hangul filler (blank)"},
		{"Ana Lopez", "Ana  Lopez", true, "two spaces inside"},
		{"Ana Lopez", "Ana\u00a0Lopez", true, "no-break space"},
		{"Ana", "Ａｎａ", false, "full width (NFKD, not NFD: the rule keeps them apart)"},
		{"Kevin", "\u212Aevin", true, "Kelvin sign (case folds to k)"},
		{"Straße", "STRASSE", false, "sharp s (simple folding keeps it)"},
		{"Øyvind", "Oyvind", false, "Ø has no NFD decomposition"},
		{"Iñaki", "Inaki", true, "ñ"},
		{"Ǆemal", "ǆemal", true, "digraph case"},
		{"İlker", "ilker", true, "dotted capital I (NFD: I + dot above)"},
	}
	for _, c := range cases {
		e := New("Club", "2026-12-07", 1)
		if _, err := e.AddPlayer(c.a); err != nil {
			t.Fatal(err)
		}
		_, err := e.AddPlayer(c.b)
		refused := err != nil
		if refused != c.same {
			t.Errorf("%s: %q then %q: second refused %v (err %v); expected refused %v", c.why, c.a, c.b, refused, err, c.same)
		}
	}
}

// TestHostileSwapIntoTheBye: swaps with a bye (R-EVT-2, R-EVT-4: a bye kept last, no second bye).
func TestHostileSwapIntoTheBye(t *testing.T) {
	e := New("Club", "2026-12-07", 4)
	e.Rounds = 3
	for _, n := range []string{"A", "B", "C", "D", "E"} {
		e.AddPlayer(n)
	}
	e.Pair()
	ps := e.Played[0].Pairings
	bye1 := ps[len(ps)-1].Players[0]
	for i := range ps[:len(ps)-1] {
		ps[i].Result = &Result{Outcome: FirstWins, By: ByTyped}
	}
	e.Pair()
	r2 := &e.Played[1]
	bye2 := r2.Pairings[len(r2.Pairings)-1].Players[0]
	if bye2 == bye1 {
		t.Fatal("a second bye")
	}
	// The round-1 bye swapped into round 2's bye: refused.
	if err := e.Swap(bye1, bye2, "late"); err == nil {
		t.Errorf("player %d, who had the round-1 bye, swapped into round 2's bye", bye1)
	}
	if err := e.Swap(bye2, bye1, "late"); err == nil {
		t.Errorf("the same swap the other way round was taken")
	}
	// Swapping with the bye's 0.
	if err := e.Swap(bye2, Bye, "x"); err == nil {
		t.Errorf("a swap with the bye's 0 was taken")
	}
	// A player without a bye swapped into it: taken, the bye still last, on a player's first.
	other := 0
	for _, p := range r2.Pairings {
		for _, id := range p.Players {
			if id != Bye && id != bye1 && id != bye2 {
				other = id
			}
		}
	}
	if err := e.Swap(other, bye2, "asked"); err != nil {
		t.Fatalf("a swap into the bye: %v", err)
	}
	last := r2.Pairings[len(r2.Pairings)-1]
	if last.Players != [2]int{other, Bye} {
		t.Errorf("after the swap, the last table is %v", last.Players)
	}
	// The swap may make two players meet again (R-EVT-2 is absolute).
	met := map[[2]int]bool{}
	for _, p := range e.Played[0].Pairings {
		met[pairKey(p.Players[0], p.Players[1])] = true
	}
	for _, p := range r2.Pairings {
		if p.Players[1] != Bye && met[pairKey(p.Players[0], p.Players[1])] {
			t.Logf("R-EVT-2: after the organiser's swap, %v meet again (swap allowed it)", p.Players)
		}
	}
	if err := e.Check(); err != nil {
		t.Errorf("after swaps the event does not check: %v", err)
	}
	// A swap that makes a rematch.
	e2 := New("Club", "2026-12-07", 4)
	e2.Rounds = 3
	for _, n := range []string{"A", "B", "C", "D"} {
		e2.AddPlayer(n)
	}
	e2.Pair()
	r1 := e2.Played[0].Pairings
	for i := range r1 {
		r1[i].Result = &Result{Outcome: FirstWins, By: ByTyped}
	}
	e2.Pair()
	p := e2.Played[1].Pairings
	// swap so that table 1's first meets its round-1 opponent
	a := p[0].Players[0]
	var foe int
	for _, q := range r1 {
		if q.Players[0] == a {
			foe = q.Players[1]
		} else if q.Players[1] == a {
			foe = q.Players[0]
		}
	}
	if err := e2.Swap(p[0].Players[1], foe, "rematch"); err == nil {
		t.Errorf("R-EVT-2 (absolute): a swap made %d and %d meet again; it was taken", a, foe)
	}
}

// TestHostileForgedUnfinishedIsCountedWithoutAsking: a code of a game kept at turn 1 of 5, its
// "u" cut (e empty): counted at once at its table, no question asked.
func TestHostileForgedUnfinishedIsCountedWithoutAsking(t *testing.T) {
	e := New("Club", "2026-12-07", 4)
	e.Rounds = 2
	e.AddPlayer("A")
	e.AddPlayer("B")
	e.Players[0].List = &List{Sum: "aaaaaaaa"}
	e.Players[1].List = &List{Sum: "bbbbbbbb"}
	e.Pair()
	p := e.Played[0].Pairings[0]
	sums := [2]string{e.sum(p.Players[0]), e.sum(p.Players[1])}
	c := Code{Game: "g", Parties: sums, Outcome: FirstWins, Killed: [2]int{50, 0}, Turns: 1, Length: 5, Ahead: "levels"}
	honest := c
	honest.Unfinished = true
	if _, err := e.Clone().TakeCode(honest, ByCode); !errors.Is(err, ErrWhere) {
		t.Fatalf("the honest unfinished code: %v", err)
	}
	table, err := e.TakeCode(c, ByCode)
	if err == nil {
		t.Errorf("a code with no end (e empty), at turn 1 of 5 and 'ahead on levels', with u cut, counted at table %d without asking: %+v", table, e.Played[0].Pairings[0].Result)
	}
}

// TestHostileRandomEventRules: a random event's rounds: R-EVT-2 (no rematch, no second bye), bye
// last, tables by the better-ranked (R-EVT-5).
func TestHostileRandomEventRules(t *testing.T) {
	r := rand.New(rand.NewPCG(70, 3))
	bad := 0
	for it := 0; it < 2000 && bad < 5; it++ {
		e := hostileEvent(r, hostileTiebreakers(r))
		e.Method = Random
		for e.Round() < e.Rounds {
			if r.IntN(3) == 0 {
				e.AddPlayer(fmt.Sprintf("Late%d", len(e.Players)+1))
			}
			n := e.Round() + 1
			got, err := e.Next()
			if err != nil {
				break
			}
			rank := hostileRank(e, e.eligible(n))
			pos := map[int]int{}
			for i, id := range rank {
				pos[id] = i
			}
			prev := -1
			for i, p := range got.Pairings {
				if p.Players[1] == Bye {
					if i != len(got.Pairings)-1 {
						bad++
						t.Errorf("bye not last")
					}
					continue
				}
				b := min(pos[p.Players[0]], pos[p.Players[1]])
				if pos[p.Players[0]] != b || b < prev {
					bad++
					t.Errorf("event %d round %d (%v): random tables %v not from the top by R-EVT-1 ranking %v", it, n, e.Tiebreakers, got.Pairings, rank)
					break
				}
				prev = b
			}
			e.Played = append(e.Played, *got)
			hostilePlay(e, r)
		}
	}
}

var _ = strings.Repeat

// TestHostileRoundRobinSecondByeBySwap: a round robin of 5: the bye of round 2 swapped to the
// player who had round 1's bye (R-EVT-2: a round robin's byes follow its schedule; a swap is
// not the schedule).
func TestHostileRoundRobinSecondByeBySwap(t *testing.T) {
	e := New("Robin", "2026-12-07", 5)
	e.Method, e.Rounds = RoundRobin, 5
	for _, n := range []string{"A", "B", "C", "D", "E"} {
		e.AddPlayer(n)
	}
	e.Pair()
	ps := e.Played[0].Pairings
	bye1 := ps[len(ps)-1].Players[0]
	for i := range ps {
		if ps[i].Players[1] != Bye {
			ps[i].Result = &Result{Outcome: FirstWins, By: ByTyped}
		}
	}
	e.Pair()
	ps = e.Played[1].Pairings
	bye2 := ps[len(ps)-1].Players[0]
	if err := e.Swap(bye1, bye2, "wants to rest"); err == nil {
		t.Errorf("a swap gave player %d, who had round 1's bye, round 2's bye too, in a round robin", bye1)
	}
}

// TestHostileRoundRobinTables: R-EVT-5 in a round robin of 8, points first: tables from the top.
func TestHostileRoundRobinTables(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for it := range 200 {
		e := New("Robin", "2026-12-07", uint64(it))
		e.Method, e.Rounds = RoundRobin, 7
		for i := range 8 {
			e.AddPlayer(fmt.Sprintf("P%d", i))
		}
		for e.Round() < e.Rounds {
			if r.IntN(8) == 0 {
				e.Drop(1+r.IntN(8), true)
			}
			n := e.Round() + 1
			got, err := e.Next()
			if err != nil {
				break
			}
			rank := hostileRank(e, e.eligible(n))
			pos := map[int]int{}
			for i, id := range rank {
				pos[id] = i
			}
			prev := -1
			for _, p := range got.Pairings {
				if p.Players[1] == Bye {
					continue
				}
				b := min(pos[p.Players[0]], pos[p.Players[1]])
				if pos[p.Players[0]] != b || b < prev {
					t.Fatalf("event %d round %d: round robin tables %v not from the top (ranking %v)", it, n, got.Pairings, rank)
				}
				prev = b
			}
			e.Played = append(e.Played, *got)
			hostilePlay(e, r)
		}
	}
}
