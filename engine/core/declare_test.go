package core

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// A game of two commands and two events, declared as both games declare theirs.
type (
	testCommand interface{ test() }
	hit         struct {
		Attacker int
		Damage   []int
	}
	wait      struct{ Side int }
	testEvent interface{ Kind() string }
	hurt      struct{ LP int }
	waited    struct{}
)

func (hit) test()           {}
func (wait) test()          {}
func (hurt) Kind() string   { return "hurt" }
func (waited) Kind() string { return "waited" }
func newTestDeclarations() *Declarations[testCommand, testEvent] {
	return Declare([]CommandDecl[testCommand]{
		{Command: hit{}, File: "hit", Actor: "Attacker", Sent: true},
		{Command: wait{}, File: "wait", Actor: "Side"}, // no screen offers it
	}, []EventDecl[testEvent]{{Event: hurt{}}, {Event: waited{}, Silent: true}})
}

// TestDeclarations: what both games derive from their declarations: a Sent command crosses to
// the other phone and reads back equal, every field kept; one not Sent, or unknown, or with a
// field its kind has not, is ErrUnknownCommand; events are found by their Kind, commands by
// their game-file name, and the whole games' check names what was never played.
func TestDeclarations(t *testing.T) {
	d := newTestDeclarations()
	c := hit{Attacker: 2, Damage: []int{3, 1}}
	b, err := d.MarshalCommand(c)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := d.UnmarshalCommand(b); err != nil || !reflect.DeepEqual(back, testCommand(c)) {
		t.Errorf("%s read back as %#v, %v", b, back, err)
	}
	if _, err := d.MarshalCommand(wait{Side: 1}); !errors.Is(err, ErrUnknownCommand) {
		t.Errorf("a command no phone sends was written: %v", err)
	}
	for _, bad := range []string{`{"k":"wait","v":{}}`, `{"k":"teleport","v":{}}`, `{"k":"hit","v":{"Range":3}}`, `[`} {
		if _, err := d.UnmarshalCommand([]byte(bad)); !errors.Is(err, ErrUnknownCommand) {
			t.Errorf("%s: %v, want ErrUnknownCommand", bad, err)
		}
	}
	if typ, ok := d.EventType("hurt"); !ok || typ != reflect.TypeOf(hurt{}) {
		t.Errorf("the event of kind hurt: %v %v", typ, ok)
	}
	if _, ok := d.EventType("healed"); ok {
		t.Error("an event of an undeclared kind")
	}
	if d.Actor(c) != "Attacker" || d.Actor(wait{}) != "Side" {
		t.Errorf("actors: %q %q", d.Actor(c), d.Actor(wait{}))
	}
	if p, ok := d.CommandNamed("hit"); !ok || reflect.TypeOf(p) != reflect.TypeOf(&hit{}) {
		t.Errorf("the command named hit: %T %v", p, ok)
	}
	if _, ok := d.CommandNamed(""); ok {
		t.Error("a command named by nothing")
	}
	if got := d.CommandNames(); !slices.Equal(got, []string{"hit", "wait"}) {
		t.Errorf("names: %v", got)
	}
	want := []string{"wait: declared, never played by the whole games' player", "waited: declared, never seen in the whole games"}
	if got := d.Unplayed(map[string]int{"hit": 3, "hurt": 3}, nil); !slices.Equal(got, want) {
		t.Errorf("unplayed: %q, want %q", got, want)
	}
	if got := d.Unplayed(map[string]int{"hit": 3, "hurt": 3}, map[string]bool{"wait": true, "waited": true}); got != nil {
		t.Errorf("unplayed, those exempt left out: %q", got)
	}
}

// TestDeclaredTwice: two commands of one type, or two events of one kind, are a programming
// error caught at start.
func TestDeclaredTwice(t *testing.T) {
	for name, declare := range map[string]func(){
		"command": func() {
			Declare([]CommandDecl[testCommand]{{Command: hit{}}, {Command: hit{}}}, []EventDecl[testEvent]{})
		},
		"event": func() {
			Declare([]CommandDecl[testCommand]{}, []EventDecl[testEvent]{{Event: hurt{}}, {Event: hurt{LP: 1}}})
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("a %s declared twice was taken", name)
				}
			}()
			declare()
		}()
	}
}
