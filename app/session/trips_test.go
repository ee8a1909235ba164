package session

import (
	"os"
	"testing"

	"gnosis/engine/anima"
)

// The trips docs/ARCHITECTURE.md follows through the code ("Trips"), each a scene set up and
// then the trip taken from the Session's request on: docs' TestTrips runs TestTrip for each,
// scene alone and scene and trip, under coverage, and holds the files the trip alone enters
// against the list the document gives.
var trips = map[string]func(t *testing.T, tripToo bool){
	"a counter tap": func(t *testing.T, tripToo bool) {
		p, _ := shelfPhone(t, nil)
		p.do(StartGame{Setup: twoSides(t)})
		if tripToo {
			p.do(TapCounter{Ref: anima.Ref{Side: 1}, Counter: CounterLP, Delta: -1})
		}
	},
	"an Activate": func(t *testing.T, tripToo bool) {
		p, _ := shelfPhone(t, nil)
		p.do(StartGame{Setup: twoSides(t)})
		p.do(Command{Cmd: anima.AdvanceToAction{}})
		first := p.s.Play().Game().State().Flow.First
		if tripToo {
			p.do(Command{Cmd: anima.BeginActivation{Ref: anima.Ref{Side: first}}})
		}
	},
	"a guest's attack": func(t *testing.T, tripToo bool) {
		host, guest := paired(t)
		xavier, nero := anima.Ref{Side: 1}, anima.Ref{}
		host.do(AllowBoth{Both: true})
		for _, c := range []anima.Command{anima.SetEngaged{A: nero, B: xavier, Engaged: true}, anima.AdvanceToAction{}} {
			host.do(Command{Cmd: c})
		}
		pass(t, host, guest)
		first := host.s.Play().Game().State().Flow.First
		attacker, target := anima.Ref{Side: first}, anima.Ref{Side: 1 - first}
		guest.do(Command{Cmd: anima.BeginActivation{Ref: attacker}})
		pass(t, host, guest)
		if tripToo { // the guest's attack to the host's log, and back to the guest
			guest.do(Command{Cmd: anima.Attack{Attacker: attacker, Target: target}, Dice: []int{8}})
			pass(t, host, guest)
		}
	},
	"a one-phone tap, attack, undo and save": func(t *testing.T, tripToo bool) {
		p, _ := shelfPhone(t, nil)
		p.do(StartGame{Setup: twoSides(t)})
		xavier, nero := anima.Ref{Side: 1}, anima.Ref{}
		for _, c := range []anima.Command{anima.SetEngaged{A: nero, B: xavier, Engaged: true}, anima.AdvanceToAction{}} {
			p.do(Command{Cmd: c})
		}
		first := p.s.Play().Game().State().Flow.First
		attacker, target := anima.Ref{Side: first}, anima.Ref{Side: 1 - first}
		p.do(Command{Cmd: anima.BeginActivation{Ref: attacker}})
		p.do(SaveNow{})
		if tripToo {
			n := p.s.Play().Game().Len()
			p.do(TapCounter{Ref: target, Counter: CounterLP, Delta: -1})
			p.do(Command{Cmd: anima.Attack{Attacker: attacker, Target: target}, Dice: []int{8}})
			p.do(UndoRedo{Game: KindAnima, Undo: true})
			p.do(SaveNow{})
			if got := p.s.Play().Game().Len(); got != n+1 || p.s.Play().SavePending() {
				t.Fatalf("the tap, the attack and its undo: %d entries from %d, save pending %v", got, n, p.s.Play().SavePending())
			}
		}
	},
	"keeping a game and opening its report": func(t *testing.T, tripToo bool) {
		p, _ := shelfPhone(t, nil)
		p.do(StartGame{Setup: armageddon(t)})
		playSome(t, p)
		if tripToo {
			p.do(KeepGame{Kind: KindAnima})
			id := p.s.Shelf().List(Query{})[0].ID
			p.run(OpenKept{ID: id})
			if v, ok := p.s.Shelf().OpenedView(id); !ok || v.Report == nil {
				t.Fatal("the game kept is not opened with its report")
			}
		}
	},
}

// TestTrip runs the trip GNOSIS_TRIP names: its scene, and with GNOSIS_TRIP_PART=trip the trip
// too (docs' TestTrips runs it under coverage); skipped otherwise.
func TestTrip(t *testing.T) {
	name := os.Getenv("GNOSIS_TRIP")
	if name == "" {
		for _, trip := range trips { // each trip's scene and trip play, as part of the tests
			trip(t, true)
		}
		return
	}
	trip, ok := trips[name]
	if !ok {
		t.Fatalf("no trip %q", name)
	}
	trip(t, os.Getenv("GNOSIS_TRIP_PART") == "trip")
}
