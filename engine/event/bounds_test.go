package event_test

import (
	"testing"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// night is the largest club night, played to round 15 (eventcases.Night), made once.
var night = func() func(tb testing.TB) *event.Event {
	var e *event.Event
	return func(tb testing.TB) *event.Event {
		tb.Helper()
		if e == nil {
			var err error
			if e, err = eventcases.Night("http://localhost/", event.MaxRounds-1, 69); err != nil {
				tb.Fatal(err)
			}
		}
		return e
	}
}()

// TestNightInBounds: the largest night's file is inside the event file's bound, and reads back
// as it was written.
func TestNightInBounds(t *testing.T) {
	e := night(t)
	b := e.File()
	t.Logf("the file of %d players and %d rounds: %d bytes", len(e.Players), e.Round(), len(b))
	if len(b) > event.MaxFileBytes {
		t.Fatalf("the largest night's file is %d bytes, over the bound of %d", len(b), event.MaxFileBytes)
	}
	back, err := event.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.File()) != string(b) {
		t.Error("the largest night's file does not read back as written")
	}
}

// BenchmarkPairRound16 pairs round 16 of the largest night (256 players, Swiss).
func BenchmarkPairRound16(b *testing.B) {
	e := night(b)
	for b.Loop() {
		if _, err := e.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadNightFile reads the largest night's file (ReadFile: decoded, cleaned, checked).
func BenchmarkReadNightFile(b *testing.B) {
	f := night(b).File()
	b.SetBytes(int64(len(f)))
	for b.Loop() {
		if _, err := event.ReadFile(f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNightStandings are the largest night's standings as the organiser's screen shows them
// (Shared), and their link.
func BenchmarkNightStandings(b *testing.B) {
	e := night(b)
	for b.Loop() {
		e.Shared().Link("http://localhost/")
	}
}

// BenchmarkNightRoundViews are round 15's views for the players' QR codes.
func BenchmarkNightRoundViews(b *testing.B) {
	e := night(b)
	for b.Loop() {
		e.RoundViews(e.Round())
	}
}

// TestCloneSharesNothing: a clone of the largest night writes the same file, and a change of
// every part of the clone (names, lists, scenarios, tiebreakers, results and their luck,
// corrections, swaps) leaves the event as it was.
func TestCloneSharesNothing(t *testing.T) {
	e := night(t)
	before := string(e.File())
	c := e.Clone()
	if string(c.File()) != before {
		t.Fatal("the clone's file is not the event's")
	}
	c.Name, c.Scenarios[0], c.Tiebreakers[0] = "x", "x", event.Margin
	c.Players[0].Name, c.Players[0].List.Party = "x", "x"
	for i := range c.Played {
		r := &c.Played[i]
		r.Swaps[0].Why = "x"
		for j := range r.Pairings {
			p := &r.Pairings[j]
			p.Players[0] = 1
			if p.Result != nil {
				p.Result.Turns = 99
				if p.Result.Luck != nil {
					p.Result.Luck[0].Attacks = 99
				}
			}
			for k := range p.Earlier {
				p.Earlier[k].Why = "x"
				p.Earlier[k].Result.Killed[0] = 99
				if l := p.Earlier[k].Result.Luck; l != nil {
					l[1].Hits = 99
				}
			}
		}
	}
	if string(e.File()) != before {
		t.Error("a change of the clone changed the event")
	}
}

// BenchmarkCloneNight copies the largest night (Clone), as every change of the organiser's
// makes its copy.
func BenchmarkCloneNight(b *testing.B) {
	e := night(b)
	for b.Loop() {
		e.Clone()
	}
}
