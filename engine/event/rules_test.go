package event

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// clubNightRules are the organiser's rules' IDs (R-EVT-1 …): from ../shared/CLUB-NIGHT.md
// beside the repository where it is, else the eleven this version follows.
func clubNightRules(t *testing.T) []string {
	var ids []string
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "CLUB-NIGHT.md"))
	if err != nil {
		for i := 1; i <= 11; i++ {
			ids = append(ids, fmt.Sprintf("R-EVT-%d", i))
		}
		return ids
	}
	for _, m := range regexp.MustCompile(`(?m)^- (R-EVT-\d+) `).FindAllStringSubmatch(string(b), -1) {
		ids = append(ids, m[1])
	}
	if len(ids) < 11 {
		t.Fatalf("CLUB-NIGHT.md: %d rules read", len(ids))
	}
	return ids
}

// TestEveryClubNightRuleIsCited: every rule of CLUB-NIGHT.md is named by a test of the club
// night (this package's, or the organiser's phone's in app/session).
func TestEveryClubNightRuleIsCited(t *testing.T) {
	cited := map[string]bool{}
	id := regexp.MustCompile(`R-EVT-\d+`)
	for _, dir := range []string{".", filepath.Join("..", "..", "app", "session")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		for _, f := range files {
			b, _ := os.ReadFile(f)
			for _, r := range id.FindAllString(string(b), -1) {
				cited[r] = true
			}
		}
	}
	for _, r := range clubNightRules(t) {
		if !cited[r] {
			t.Errorf("%s is cited by no test", r)
		}
	}
}

// TestTablesFromTheTop: R-EVT-5. Tables are numbered from the top for every method, by the
// better-ranked player of each pair (R-EVT-1: its points, then its place in the standings,
// whatever the organiser's first tiebreaker), the bye last.
func TestTablesFromTheTop(t *testing.T) {
	for k, m := range []Method{Swiss, Random, RoundRobin, Swiss, Random} {
		n := 7
		if m == RoundRobin {
			n = 5
		}
		e := testEvent(n, 3, 4)
		e.Method = m
		if k >= 3 { // margin before points: the ranking for pairing is by points all the same
			e.Tiebreakers = []Tiebreaker{Margin, Points, Schedule}
		}
		for range 3 {
			round, err := e.Pair()
			if err != nil {
				t.Fatal(err)
			}
			place, points := map[int]int{}, map[int]int{}
			for _, s := range e.Standings() {
				place[s.Player], points[s.Player] = s.Place, s.Points
			}
			last := [2]int{1 << 30, 0}      // points high to low, then places low to high
			better := func(a, b int) bool { // a ranks above b (R-EVT-1)
				return points[a] > points[b] || points[a] == points[b] && place[a] < place[b]
			}
			for i, p := range round.Pairings {
				if p.Players[1] == Bye {
					if i != len(round.Pairings)-1 {
						t.Fatalf("%s, round %d: a bye at table %d", m, round.Number, p.Table)
					}
					continue
				}
				a, b := p.Players[0], p.Players[1]
				if better(b, a) {
					t.Fatalf("%s, round %d, table %d: the better-ranked player second", m, round.Number, p.Table)
				}
				top := [2]int{points[a], place[a]}
				if top[0] > last[0] || top[0] == last[0] && top[1] < last[1] {
					t.Fatalf("%s, round %d: table %d %v above the table before %v", m, round.Number, p.Table, top, last)
				}
				last = top
			}
			play(e, testRand(uint64(round.Number)))
		}
	}
}

// TestMarginAndByes: R-EVT-6. Margin is the levels a player's side put out of play less the
// levels the opponent's side did, over their games; a bye is no game (played, won, drawn and
// lost count games) and has a column of its own, scoring the bye's points and nothing else.
func TestMarginAndByes(t *testing.T) {
	e := testEvent(3, 2, 1)
	e.Played = []Round{{Number: 1, Pairings: []Pairing{
		{Table: 1, Players: [2]int{1, 2}, Result: &Result{Outcome: FirstWins, Killed: [2]int{150, 40}, By: ByTyped}},
		{Table: 2, Players: [2]int{3, Bye}},
	}}}
	st := map[int]Standing{}
	for _, s := range e.Standings() {
		st[s.Player] = s
	}
	if a := st[1]; a.Margin() != 110 || a.Played != 1 || a.Won != 1 {
		t.Errorf("player 1: %+v", a)
	}
	if b := st[2]; b.Margin() != -110 || b.Lost != 1 {
		t.Errorf("player 2: %+v", b)
	}
	if c := st[3]; c.Byes != 1 || c.Played != 0 || c.Won != 0 || c.Margin() != 0 || c.Points != e.Scoring.Bye || len(c.Opponents) != 0 {
		t.Errorf("player 3, the bye: %+v", c)
	}
}

// TestStrengthOfSchedule: R-EVT-7. The mean of the current points of the opponents of the games
// with a result: a dropped opponent counts with the points they have, a game still without its
// result does not count, a bye is no opponent; 0 with none; compared as fractions, exactly.
func TestStrengthOfSchedule(t *testing.T) {
	e := testEvent(5, 3, 1)
	win := func(a, b int) Pairing {
		return Pairing{Players: [2]int{a, b}, Result: &Result{Outcome: FirstWins, By: ByTyped}}
	}
	r1 := []Pairing{win(1, 2), win(3, 4), {Players: [2]int{5, Bye}}}
	r2 := []Pairing{win(1, 3), {Players: [2]int{2, 5}}, {Players: [2]int{4, Bye}}} // 2–5 without its result
	for i, rs := range [][]Pairing{r1, r2} {
		for k := range rs {
			rs[k].Table = k + 1
		}
		e.Played = append(e.Played, Round{Number: i + 1, Pairings: rs})
	}
	e.Players[2].Dropped = true // player 3 dropped: counts with their 3 points
	st := map[int]Standing{}
	for _, s := range e.Standings() {
		st[s.Player] = s
	}
	// Player 1 met 2 (0 points) and 3 (3): 1.5. Player 2 met only 1 (6): 2–5 has no result.
	// Player 5: byes only, no opponent: 0.
	if got := st[1].Schedule(); got != 1.5 {
		t.Errorf("player 1's strength of schedule %v, want 1.5", got)
	}
	if got := st[2].Schedule(); got != 6 || len(st[2].Opponents) != 1 {
		t.Errorf("player 2's %v over %v, want 6 over one game", got, st[2].Opponents)
	}
	if got := st[5].Schedule(); got != 0 {
		t.Errorf("player 5's %v, want 0", got)
	}
	// Exactly: 1/3 against 2/6 are equal; 1/3 against 33/100 are not.
	a := Standing{Opponents: []int{1, 2, 3}, oppSum: 1}
	b := Standing{Opponents: []int{1, 2, 3, 4, 5, 6}, oppSum: 2}
	c := Standing{Opponents: make([]int, 100), oppSum: 33}
	if compareSchedule(a, b) != 0 || compareSchedule(a, c) <= 0 {
		t.Error("strengths of schedule not compared as fractions")
	}
}

// TestHeadToHeadSplitsTwoOnly: R-EVT-8. Head-to-head orders two players tied on every
// tiebreaker before it by their games against each other; three tied are not split by it (the
// next tiebreaker, then the seeded draw, orders them).
func TestHeadToHeadSplitsTwoOnly(t *testing.T) {
	e := testEvent(4, 3, 9)
	e.Tiebreakers = []Tiebreaker{Points, HeadToHead}
	e.Scoring = Scoring{Win: 3, Draw: 1, Bye: 3}
	win := func(table, a, b int) Pairing {
		return Pairing{Table: table, Players: [2]int{a, b}, Result: &Result{Outcome: FirstWins, By: ByTyped}}
	}
	// Two tied: 2 beat 1; both on 3 points.
	e.Played = []Round{{Number: 1, Pairings: []Pairing{win(1, 2, 1), win(2, 3, 4)}}, {Number: 2, Pairings: []Pairing{win(1, 1, 4), win(2, 3, 2)}}}
	st := e.Standings()
	if st[0].Player != 3 || st[1].Player != 2 || st[2].Player != 1 {
		t.Fatalf("two tied on 3 points, 2 having beaten 1: %v %v %v", st[0].Player, st[1].Player, st[2].Player)
	}
	// Three tied, each beating one: head-to-head says nothing; the seeded draw orders them.
	e = testEvent(3, 3, 9)
	e.Tiebreakers = []Tiebreaker{Points, HeadToHead}
	e.Played = []Round{{Number: 1, Pairings: []Pairing{win(1, 1, 2), {Table: 2, Players: [2]int{3, Bye}}}},
		{Number: 2, Pairings: []Pairing{win(1, 2, 3), {Table: 2, Players: [2]int{1, Bye}}}},
		{Number: 3, Pairings: []Pairing{win(1, 3, 1), {Table: 2, Players: [2]int{2, Bye}}}}}
	seeded := e.seededOrder()
	st = e.Standings()
	for i := 1; i < len(st); i++ {
		if seeded[st[i-1].Player] > seeded[st[i].Player] {
			t.Fatalf("three tied ordered by head-to-head, not the seeded draw: %v", st)
		}
	}
}

// TestRoundRobinRules: R-EVT-9. A round robin has at most 8 players, all entered before round 1
// (a later one refused, as a file too); a dropped player's scheduled opponent has the bye that
// round, even a second one.
func TestRoundRobinRules(t *testing.T) {
	e := testEvent(5, 5, 3)
	e.Method = RoundRobin
	if _, err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddPlayer("Late"); !errors.Is(err, ErrPlayer) {
		t.Errorf("a late entrant in a round robin: %v", err)
	}
	play(e, testRand(1))
	had := 0
	for _, p := range e.Played[0].Pairings {
		if p.Players[1] == Bye {
			had = p.Players[0]
		}
	}
	// Drop, in round 2, whoever the schedule pairs with the player who had round 1's bye.
	next, _ := clone(t, e).Next()
	for _, p := range next.Pairings {
		if p.Players[0] == had || p.Players[1] == had {
			other := p.Players[0] + p.Players[1] - had
			e.Drop(other, true)
		}
	}
	round, err := e.Pair()
	if err != nil {
		t.Fatal(err)
	}
	byes := 0
	for _, p := range round.Pairings {
		if p.Players == [2]int{had, Bye} {
			byes++
		}
	}
	if byes != 1 {
		t.Fatalf("the dropped player's opponent %d has no bye in round 2: %v", had, round.Pairings)
	}
	if _, err := ReadFile(e.File()); err != nil {
		t.Fatalf("a round robin with a second bye, read back: %v", err)
	}
	big := testEvent(9, 3, 1)
	big.Method = RoundRobin
	if _, err := ReadFile(big.File()); !errors.Is(err, ErrBadEvent) {
		t.Errorf("a round robin of 9 players read: %v", err)
	}
}
