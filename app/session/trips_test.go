package session

import (
	"os"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/event"
)

// The trips docs/ARCHITECTURE.md follows through the code ("Trips"), each a scene set up and
// then the trip taken from the Session's request on, between tracing(true) and tracing(false):
// docs' TestTripsTraced runs TestTrip for each in a copy of the tree whose every function of
// app/ and engine/ records its call while tracing is on, and holds the order of the calls
// against the document; TestOnePhoneRunsNoTwoPhoneCode runs two of them under coverage, scene
// alone and scene and trip.
var trips = map[string]func(t *testing.T, tripToo bool){
	"a counter tap": func(t *testing.T, tripToo bool) {
		p, _ := shelfPhone(t, nil)
		p.do(StartGame{Setup: twoSides(t)})
		if tripToo {
			tracing(true)
			p.do(TapCounter{Ref: anima.Ref{Side: 1}, Counter: CounterLP, Delta: -1})
			tracing(false)
		}
	},
	"an Activate": func(t *testing.T, tripToo bool) {
		p, _ := shelfPhone(t, nil)
		p.do(StartGame{Setup: twoSides(t)})
		p.do(Command{Cmd: anima.AdvanceToAction{}})
		first := p.s.Play().Game().State().Flow.First
		if tripToo {
			tracing(true)
			p.do(Command{Cmd: anima.BeginActivation{Ref: anima.Ref{Side: first}}})
			tracing(false)
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
			tracing(true)
			guest.do(Command{Cmd: anima.Attack{Attacker: attacker, Target: target}, Dice: []int{8}})
			pass(t, host, guest)
			tracing(false)
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
			tracing(true)
			p.do(TapCounter{Ref: target, Counter: CounterLP, Delta: -1})
			p.do(Command{Cmd: anima.Attack{Attacker: attacker, Target: target}, Dice: []int{8}})
			p.do(UndoRedo{Game: KindAnima, Undo: true})
			p.do(SaveNow{})
			tracing(false)
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
			tracing(true)
			p.do(KeepGame{Kind: KindAnima})
			id := p.s.Shelf().List(Query{})[0].ID
			p.run(OpenKept{ID: id})
			tracing(false)
			if v, ok := p.s.Shelf().OpenedView(id); !ok || v.Report == nil {
				t.Fatal("the game kept is not opened with its report")
			}
		}
	},
	"taking a result code": func(t *testing.T, tripToo bool) {
		org, _ := shelfPhone(t, nil)
		org.do(NewEvent{Setup: setup("Club", "2026-11-29", 2, 5)})
		for id, name := range []string{"Ana", "Bruno", "Carla", "Dario"} {
			org.do(AddEventPlayer{Name: name})
			org.do(SubmitEventList{ID: id + 1, Link: eventLink(t, "Church "+string(rune('A'+id)))})
		}
		org.run(PairEventRound{})
		e := org.s.Event().Get()
		p := e.Played[0].Pairings[0]
		c := event.Code{Game: "g1", Parties: [2]string{e.Player(p.Players[0]).List.Sum, e.Player(p.Players[1]).List.Sum}, Outcome: event.FirstWins, Killed: [2]int{150, 20}, Turns: 4}
		if tripToo {
			tracing(true)
			org.do(TakeResultCode{Text: c.Text()})
			tracing(false)
			if in, _ := org.s.Event().Get().Results(1); in != 1 {
				t.Fatalf("the result code is not counted: %q", org.s.Notice())
			}
		}
	},
}

// tracing turns the recording of calls on and off around a trip (the copy docs'
// TestTripsTraced makes sets it); here it does nothing.
var tracing = func(on bool) {}

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
