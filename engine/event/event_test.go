package event

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

// TestEveryErrorIsTranslated: every message an event's refusal says is in text's catalogue, so
// that the organiser reads why in their language.
func TestEveryErrorIsTranslated(t *testing.T) {
	found, missing, err := sourcecheck.Missing(".", map[string]int{"Fail": 2}, text.Has)
	if err != nil || found < 30 || len(missing) > 0 {
		t.Errorf("%d messages found; not in text's catalogue: %q; %v", found, missing, err)
	}
}

// result is a typed result: the first player wins (1), the second (2), or a draw (0), with
// levels killed and scenario points.
func result(winner int, killed [2]int, scenario [2]int) Result {
	return Result{Outcome: []string{Drawn, FirstWins, SecondWins}[winner], Killed: killed, Scenario: scenario, Turns: 5}
}

// TestStandingsByHand: a small event whose standings were worked out on paper: points, the
// margin of levels, strength of schedule, scenario points and head-to-head, each deciding a
// place, in the organiser's order; a correction moves the standings and keeps the old result.
func TestStandingsByHand(t *testing.T) {
	e := testEvent(4, 2, 1)
	e.Played = []Round{{Number: 1, Pairings: []Pairing{
		{Table: 1, Players: [2]int{1, 2}},
		{Table: 2, Players: [2]int{3, 4}},
	}}}
	if err := e.Type(1, 1, result(1, [2]int{200, 100}, [2]int{3, 1})); err != nil { // 1 beats 2
		t.Fatal(err)
	}
	if err := e.Type(1, 2, result(1, [2]int{150, 50}, [2]int{2, 2})); err != nil { // 3 beats 4
		t.Fatal(err)
	}
	e.Played = append(e.Played, Round{Number: 2, Pairings: []Pairing{
		{Table: 1, Players: [2]int{1, 3}},
		{Table: 2, Players: [2]int{2, 4}},
	}})
	e.Type(2, 1, result(0, [2]int{100, 100}, [2]int{1, 1})) // 1 and 3 draw
	e.Type(2, 2, result(2, [2]int{0, 300}, [2]int{0, 4}))   // 4 beats 2
	// By hand: points 1: 3+1=4, 3: 3+1=4, 4: 0+3=3, 2: 0. Margin 1: (200-100)+(100-100)=100;
	// 3: (150-50)+0=100; 4: (50-150)+(300-0)=200; 2: (100-200)+(0-300)=-400.
	// SoS 1: (2's 0 + 3's 4)/2 = 2; 3: (4's 3 + 1's 4)/2 = 3.5. Scenario 1: 3+1=4; 3: 2+1=3.
	want := func(order []int, why string) {
		t.Helper()
		st := e.Standings()
		var got []int
		for _, s := range st {
			got = append(got, s.Player)
		}
		if !slices.Equal(got, order) {
			t.Errorf("%s: standings %v, want %v", why, got, order)
		}
	}
	e.Tiebreakers = []Tiebreaker{Points, Schedule, Margin}
	want([]int{3, 1, 4, 2}, "points, then SoS (3.5 over 2)")
	e.Tiebreakers = []Tiebreaker{Points, Scenario}
	want([]int{1, 3, 4, 2}, "points, then scenario (4 over 3)")
	e.Tiebreakers = []Tiebreaker{Margin, Scenario}
	want([]int{4, 1, 3, 2}, "margin first (200, 100, 100), then scenario (4 over 3)")
	st := e.Standings()
	if s := st[0]; s.Player != 4 || s.Margin() != 200 || s.Points != 3 || s.Won != 1 || s.Lost != 1 || s.Schedule() != 2 {
		t.Errorf("player 4's line: %+v (SoS %v)", s, s.Schedule())
	}
	// Head-to-head: 1 and 3 drew; a correction makes 3 the winner, and 3 is ahead of 1 by it.
	if err := e.Correct(2, 1, result(2, [2]int{50, 100}, [2]int{1, 1}), "Organiser", "the sheet was misread"); err != nil {
		t.Fatal(err)
	}
	e.Tiebreakers = []Tiebreaker{HeadToHead, Points}
	want([]int{3, 4, 1, 2}, "head-to-head counts only between two tied: none before it, so points")
	e.Tiebreakers = []Tiebreaker{Points, HeadToHead, Margin}
	want([]int{3, 4, 1, 2}, "3 has 6 points after the correction; 1 and 4 never met: margin (200 over 50)")
	p := e.Played[1].Pairings[0]
	if len(p.Earlier) != 1 || p.Earlier[0].Result.Outcome != Drawn || p.Earlier[0].Why != "the sheet was misread" || p.Result.By != ByTyped {
		t.Errorf("the correction kept %+v", p.Earlier)
	}
	// Two tied on points with the same margin: head-to-head decides between them.
	f := testEvent(2, 1, 1)
	f.Played = []Round{{Number: 1, Pairings: []Pairing{{Table: 1, Players: [2]int{1, 2}}}}}
	f.Type(1, 1, result(2, [2]int{100, 100}, [2]int{0, 0}))
	f.Scoring.Win = 0 // both on 0 points: only head-to-head parts them
	f.Tiebreakers = []Tiebreaker{Points, Margin, HeadToHead}
	if st := f.Standings(); st[0].Player != 2 {
		t.Errorf("head-to-head between two tied: %v first", st[0].Player)
	}
}

// TestEventFileRoundTrip: an event played to its end is written and read back whole; a file
// over its bounds or broken is refused with its reason.
func TestEventFileRoundTrip(t *testing.T) {
	e := testEvent(9, 4, 3)
	r := testRand(3)
	for e.Round() < e.Rounds {
		if _, err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		play(e, r)
	}
	back, err := ReadFile(e.File())
	if err != nil || string(back.File()) != string(e.File()) {
		t.Fatalf("read back: %v", err)
	}
	if _, err := e.Pair(); !errors.Is(err, ErrEventIsOver) {
		t.Errorf("a round past the last: %v", err)
	}
	for name, b := range map[string][]byte{
		"too large":     make([]byte, MaxFileBytes+1),
		"not JSON":      []byte("{"),
		"another kind":  []byte(`{"kind":"gnosis-game","version":1}`),
		"17 rounds":     []byte(strings.Replace(string(e.File()), `"rounds":4`, `"rounds":17`, 1)),
		"a stray table": []byte(strings.Replace(string(e.File()), `"table":1`, `"table":7`, 1)),
	} {
		if _, err := ReadFile(b); err == nil {
			t.Errorf("%s: read", name)
		}
	}
}

// TestCloneOfEachField: a clone of an event (what a change is made on) equals it, and a
// change to any part of the clone leaves the event as it was.
func TestCloneOfEachField(t *testing.T) {
	e := testEvent(5, 3, 2)
	e.Scenarios = []string{"nodes"}
	e.Players[0].List = &List{Link: "x", Party: "p", Sum: Checksum("x")}
	e.Pair()
	play(e, testRand(3))
	e.Correct(1, 1, Result{Outcome: Drawn, By: ByTyped, Luck: &[2]Luck{{Attacks: 1}}}, "o", "w")
	e.Played[0].Swaps = []Swap{{Players: [2]int{1, 2}}}
	before := string(e.File())
	c := e.Clone()
	if string(c.File()) != before {
		t.Fatal("the clone is not the event")
	}
	c.Scenarios[0], c.Tiebreakers[0] = "flag", HeadToHead
	c.Players[0].Name, c.Players[0].List.Sum = "X", "y"
	c.Played[0].Swaps[0].Why = "z"
	c.Played[0].Pairings[0].Players[0] = 9
	c.Played[0].Pairings[0].Result.Killed[0] = 99
	c.Played[0].Pairings[0].Result.Luck[0].Attacks = 7
	c.Played[0].Pairings[0].Earlier[0].Result.Turns = 50
	if string(e.File()) != before {
		t.Fatal("a change to the clone changed the event")
	}
}
