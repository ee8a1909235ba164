package session

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// TestLargestNightInSteps: issue 69: the largest club night's file (256 players, played to
// round 15) is opened a step at a time, read and written again, then saved in a step of its
// own; its round 16 is paired a step at a time, each a step of the page (core.Budget, natively
// well under a second), the round the engine pairs from the same event (event.Next); a change
// of the event while it is paired pairs it again from the event changed.
func TestLargestNightInSteps(t *testing.T) {
	night, err := eventcases.Night("https://gnosis.example/", event.MaxRounds-1, 69)
	if err != nil {
		t.Fatal(err)
	}
	s, _, mem := open(t, nil, "en")
	out := do(t, s, OpenEventFile{Data: night.File()})
	if out.Next == nil || !s.Event().Opening() || s.Event().Get() != nil {
		t.Fatal("the largest file opened in one step, or not said to be opening")
	}
	if steps := 1 + doAll(t, s, out.Next); steps < 2 || s.Event().Opening() || string(s.Event().Get().File()) != string(night.File()) {
		t.Fatalf("opened in %d steps, still opening %v, the event as the file has it %v", steps, s.Event().Opening(), s.Event().Get() != nil)
	}
	if kept, _, _ := open(t, mem, "en"); kept.Event().Get() == nil || string(kept.Event().Get().File()) != string(night.File()) {
		t.Fatal("the file opened is not kept on the device")
	}

	// A change while the round is paired: the round paired is the changed event's.
	out = do(t, s, PairEventRound{})
	if out.Next == nil || !s.Event().Pairing() {
		t.Skip("round 16 paired in one step: this machine is too fast to see the steps")
	}
	do(t, s, DropEventPlayer{ID: 7, Dropped: true})
	want, err := s.Event().Get().Next()
	if err != nil {
		t.Fatal(err)
	}
	steps, longest := 1, time.Duration(0)
	for r := out.Next; r != nil; steps++ {
		began := time.Now()
		r = do(t, s, r).Next
		longest = max(longest, time.Since(began))
	}
	t.Logf("round 16 of 256 players paired in %d steps, the longest %v", steps, longest)
	e := s.Event().Get()
	if s.Event().Pairing() || e.Round() != 16 || !reflect.DeepEqual(e.Played[15], *want) {
		t.Fatalf("round 16 paired in steps: round %d, pairing still %v, the same as the engine's %v", e.Round(), s.Event().Pairing(), e.Round() == 16 && reflect.DeepEqual(e.Played[15], *want))
	}
	if steps < 2 || longest > time.Second {
		t.Errorf("paired in %d steps, the longest %v", steps, longest)
	}
}

// TestATypedResultKeepsTheNightWhole: a typed result is kept without the event checked whole
// again (changeExact), as event.Type's own checks are exact: on the largest night, round 16
// paired, every result Type takes at any table of any round (in bounds or not, a bye's table,
// a table with its result in) leaves an event that Check takes whole.
func TestATypedResultKeepsTheNightWhole(t *testing.T) {
	night, err := eventcases.Night("https://gnosis.example/", event.MaxRounds-1, 69)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := night.Pair(); err != nil || night.Check() != nil {
		t.Fatalf("round 16 paired: %v, checked: %v", err, night.Check())
	}
	rnd := rand.New(rand.NewPCG(69, 4))
	bound := func(n int) int { return rnd.IntN(n+3) - 1 } // -1 to n+1
	outcomes := []string{event.FirstWins, event.SecondWins, event.Drawn, "", "lost"}
	taken := 0
	for try := range 1000 {
		n := night.Round() - rnd.IntN(2)
		table := 1 + rnd.IntN(len(night.Played[n-1].Pairings)+1)
		res := event.Result{Outcome: outcomes[rnd.IntN(len(outcomes))], Killed: [2]int{bound(300), bound(10)}, Left: [2]int{bound(300), bound(10)},
			Scenario: [2]int{bound(event.MaxLevels), 0}, Turns: bound(event.MaxTurns), Length: bound(event.MaxTurns), Unfinished: try%3 == 0, End: "x", By: "anything"}
		if try%5 == 0 {
			res.Luck = &[2]event.Luck{{Attacks: bound(3), ExpectedHits: float64(bound(2))}, {}}
		}
		e := night.Clone()
		if e.Type(n, table, res) != nil {
			continue
		}
		taken++
		if err := e.Check(); err != nil {
			t.Fatalf("round %d, table %d: %+v taken by Type, and the event is not whole: %v", n, table, res, err)
		}
	}
	if taken < 30 {
		t.Fatalf("only %d results of 1,000 taken: the test tries too few in bounds", taken)
	}
}
