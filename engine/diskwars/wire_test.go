package diskwars

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/core"
)

// TestEveryCommandCrossesToTheOtherPhone: every command (TestDeclarations: every type with a
// decide method) is a kind that MarshalCommand writes and UnmarshalCommand reads back equal.
func TestEveryCommandCrossesToTheOtherPhone(t *testing.T) {
	samples := []Command{
		Activate{Disc: 3}, Move{Disc: 1, Path: []r2.Point{{X: 1.5, Y: 2}, {X: 3, Y: 4.25}}}, Shoot{Attacker: 1, Target: 4}, Focus{Disc: 2, Magic: true, Target: 4, Band: Long, NeedsSight: true},
		Pass{Disc: 1}, EndActivation{}, FromReserve{Disc: 6, At: r2.Point{X: 10, Y: 80}}, NextRound{First: 1}, AdjustDamage{Disc: 2, Delta: -1},
	}
	for _, d := range Commands {
		if !slices.ContainsFunc(samples, func(c Command) bool { return reflect.TypeOf(c) == reflect.TypeOf(d.Command) }) {
			t.Errorf("%T: no sample command in this test", d.Command)
		}
	}
	for _, c := range samples {
		b, err := MarshalCommand(c)
		if err != nil {
			t.Fatalf("%T: %v", c, err)
		}
		back, err := UnmarshalCommand(b)
		if err != nil || !reflect.DeepEqual(back, c) {
			t.Errorf("%T: %s read back as %#v, %v", c, b, back, err)
		}
	}
	if _, err := UnmarshalCommand([]byte(`{"k":"Teleport","v":{}}`)); !errors.Is(err, core.ErrUnknownCommand) {
		t.Errorf("an unknown command: %v", err)
	}
}

// TestAcceptMakesTheSameGame: a game that appends what another copy decided has the other's
// log and state; what does not follow is refused and changes nothing.
func TestAcceptMakesTheSameGame(t *testing.T) {
	host := field(t, nil, []DiscCard{knight}, []DiscCard{orcs}, at(10, 10), at(40, 40))
	b, err := host.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	guest, err := LoadGame(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []Command{Activate{Disc: 0}, EndActivation{}} {
		n := host.Len()
		if err := host.Do(c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
		if err := guest.Accept(host.Since(n)); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
	if !reflect.DeepEqual(guest.Log(), host.Log()) || !reflect.DeepEqual(guest.State(), host.State()) {
		t.Fatal("the guest's game is not the host's")
	}
	before := guest.Log()
	last := host.Log()[len(host.Log())-1]
	for _, bad := range [][]Entry{nil, {{Gesture: last.Gesture, Event: last.Event}}, {{Gesture: last.Gesture + 1, Event: host.Log()[0].Event}}, {{Gesture: last.Gesture + 1, Event: ActivationBegan{Disc: 99}}}} {
		if err := guest.Accept(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
		if !reflect.DeepEqual(guest.Log(), before) {
			t.Fatal("a refused gesture changed the log")
		}
	}
}

// TestActingSide: a command is given by the side of the disc it names; the end of an
// activation by the side whose turn it is; the next round by nobody.
func TestActingSide(t *testing.T) {
	g := field(t, nil, []DiscCard{knight}, []DiscCard{orcs}, at(10, 10), at(40, 40))
	s := g.State()
	for _, tc := range []struct {
		c    Command
		side int
		ok   bool
	}{
		{Activate{Disc: 1}, 1, true}, {Shoot{Attacker: 0, Target: 1}, 0, true}, {AdjustDamage{Disc: 1}, 1, true},
		{EndActivation{}, s.Turn, true}, {NextRound{First: 1}, 0, false}, {Pass{Disc: 7}, 0, false},
	} {
		if side, ok := ActingSide(s, tc.c); side != tc.side || ok != tc.ok {
			t.Errorf("%T: side %d %v, want %d %v", tc.c, side, ok, tc.side, tc.ok)
		}
	}
}
