package anima

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"gnosis/engine/core"
)

// fill sets every field of v (a pointer) to a value drawn from r: numbers, strings, bools,
// pointers and slices of one element, nested structs alike, so that a round trip that drops a
// field shows.
func fill(r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(r.IntN(9) + 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(r.IntN(9) + 1))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(r.IntN(90)+1) / 4)
	case reflect.String:
		v.SetString([]string{"Yuri", "Opugnis", "Fire Ball"}[r.IntN(3)])
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(r, v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(r, v.Index(0))
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fill(r, v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i))
			}
		}
		if c, ok := v.Addr().Interface().(*Crossing); ok {
			c.Kind = Base // a crossing names a character only when it is a base
		}
	}
}

// TestEveryCommandCrossesToTheOtherPhone: every command declared Sent is a kind that
// MarshalCommand writes and UnmarshalCommand reads back equal, every field filled.
func TestEveryCommandCrossesToTheOtherPhone(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, d := range Commands {
		if !d.Sent {
			continue
		}
		name := reflect.TypeOf(d.Command).Name()
		p := reflect.New(reflect.TypeOf(d.Command))
		fill(r, p.Elem())
		c := p.Elem().Interface().(Command)
		b, err := MarshalCommand(c)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		back, err := UnmarshalCommand(b)
		if err != nil || !reflect.DeepEqual(back, c) {
			t.Errorf("%s: %s read back as %#v, %v", name, b, back, err)
		}
	}
}

func TestUnknownCommandsAreRefused(t *testing.T) {
	for _, b := range []string{`{"k":"Teleport","v":{}}`, `{"k":"AdjustLP","v":{"Wings":1}}`, `[1]`, `{"k":"AdjustLP","v":"x"}`} {
		if _, err := UnmarshalCommand([]byte(b)); !errors.Is(err, core.ErrUnknownCommand) {
			t.Errorf("%s: %v, want ErrUnknownCommand", b, err)
		}
	}
	if _, err := MarshalCommand(nil); !errors.Is(err, core.ErrUnknownCommand) {
		t.Errorf("nil: %v", err)
	}
}

// TestAcceptMakesTheSameGame: a game that appends what another copy decided (Accept) has the
// other's log and state, undo included; what does not follow is refused and changes nothing.
func TestAcceptMakesTheSameGame(t *testing.T) {
	host := newTestGame(t)
	guest, err := LoadGame(host.Log())
	if err != nil {
		t.Fatal(err)
	}
	yuri := Ref{Side: 0, Index: 0}
	for _, c := range []Command{AdvanceToAction{}, BeginActivation{Ref: yuri}, AdjustLP{Ref: Ref{Side: 1}, Delta: -3}, EndActivation{Ref: yuri}} {
		n := host.Len()
		mustDo(t, host, c)
		if err := guest.Accept(host.Since(n)); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
	if !reflect.DeepEqual(guest.Log(), host.Log()) || !reflect.DeepEqual(guest.State(), host.State()) {
		t.Fatal("the guest's game is not the host's")
	}
	if err := host.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := guest.Undo(); err != nil || !reflect.DeepEqual(guest.State(), host.State()) {
		t.Fatalf("after an undo on both: %v", err)
	}
	n := host.Len()
	mustDo(t, host, AdjustLP{Ref: yuri, Delta: -1})
	next := host.Since(n)
	before := guest.Log()
	for _, bad := range [][]Entry{
		nil,
		{{Gesture: next[0].Gesture + 1, Event: next[0].Event}},
		{{Gesture: next[0].Gesture, Event: LPChanged{Ref: Ref{Side: 1, Index: 7}, Delta: -1}}},
		{{Gesture: next[0].Gesture, Event: host.Log()[0].Event}},
	} {
		if err := guest.Accept(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
		if !reflect.DeepEqual(guest.Log(), before) {
			t.Fatalf("a refused gesture changed the log")
		}
	}
}

// TestActingSide: a command is given by the side of the character it names first, or of the
// side it names; the next phase is nobody's.
func TestActingSide(t *testing.T) {
	for _, tc := range []struct {
		c    Command
		side int
		ok   bool
	}{
		{AdjustLP{Ref: Ref{Side: 1, Index: 2}}, 1, true},
		{Attack{Attacker: Ref{Side: 0}, Target: Ref{Side: 1}}, 0, true},
		{CallSummon{Summoner: Ref{Side: 1}, Summon: Ref{Side: 1, Index: 3}}, 1, true},
		{AdjustGnosis{Side: 1}, 1, true},
		{SetNodes{Side: 0, Nodes: 2}, 0, true},
		{SetEngaged{A: Ref{Side: 1}, B: Ref{Side: 0}}, 1, true},
		{AdvancePhase{}, 0, false},
		{RollForFirst{}, 0, false},
	} {
		if side, ok := ActingSide(tc.c); side != tc.side || ok != tc.ok {
			t.Errorf("%T: side %d %v, want %d %v", tc.c, side, ok, tc.side, tc.ok)
		}
	}
}

// TestResumedGameLeavesItsEntriesAlone: a game made by ResumeGame never writes into the
// entries it was given (the store keeps them as what the device holds), an undo and a new
// gesture included.
func TestResumedGameLeavesItsEntriesAlone(t *testing.T) {
	g := newTestGame(t)
	mustDo(t, g, AdjustLP{Ref: Ref{}, Delta: -1}, AdjustLP{Ref: Ref{}, Delta: -1})
	entries, _, err := g.LogJSON()
	if err != nil {
		t.Fatal(err)
	}
	stored := make([][]byte, len(entries))
	copy(stored, entries)
	was := string(stored[len(stored)-1])
	r, err := ResumeGame(stored, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Undo(); err != nil {
		t.Fatal(err)
	}
	mustDo(t, r, AdjustActions{Ref: Ref{}, Delta: -1})
	if _, _, err := r.LogJSON(); err != nil {
		t.Fatal(err)
	}
	if string(stored[len(stored)-1]) != was {
		t.Fatalf("the resumed game wrote %s into the entries it was given", stored[len(stored)-1])
	}
}

// TestDiceThrown: an attack's events say how many dice it threw; a counter's, none.
func TestDiceThrown(t *testing.T) {
	g := newTestGame(t)
	n := g.Len()
	mustDo(t, g, AdjustLP{Ref: Ref{}, Delta: -1})
	var evs []Event
	for _, e := range g.Since(n) {
		evs = append(evs, e.Event)
	}
	if DiceThrown(evs) != 0 {
		t.Errorf("a counter threw %d dice", DiceThrown(evs))
	}
	if got := DiceThrown([]Event{Rolled{Roll: Roll{Dice: []int{3, 9}}}, FirstRolled{Rounds: make([][2]Roll, 1)}}); got != 4 {
		t.Errorf("a check of 2 dice and a roll-off of 1 round: %d dice", got)
	}
}
