package session

import (
	"reflect"
	"testing"
	"time"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// TestLargestNightInSteps: issue 69: the largest club night (256 players, played to round 15)
// is paired a step at a time, each a step of the page (core.Budget, natively well under a
// second), the round the engine pairs from the same event (event.Next); a change of the event
// while it is paired pairs it again from the event changed.
func TestLargestNightInSteps(t *testing.T) {
	night, err := eventcases.Night("https://gnosis.example/", event.MaxRounds-1, 69)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := open(t, nil, "en")
	do(t, s, OpenEventFile{Data: night.File()})

	// A change while the round is paired: the round paired is the changed event's.
	out := do(t, s, PairEventRound{})
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
