package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// ErrUnknownCommand is a command another phone sent that this version cannot read: a kind it
// does not know, or fields that are not the kind's.
var ErrUnknownCommand = errors.New("unknown command")

// Kinds reads and writes the values of a set of types (a game's commands) as
// {"k":kind,"v":{fields}}, the kind being the Go type's name, so that a phone can send a
// command to the phone that decides it. Every kind must be registered (NewKinds). (One
// non-generic reader serves both games: a generic one is compiled once per game.)
type Kinds struct{ types map[string]reflect.Type }

// NewKinds registers the kinds of vs (values, not pointers).
func NewKinds(vs ...any) Kinds {
	k := Kinds{types: map[string]reflect.Type{}}
	for _, v := range vs {
		t := reflect.TypeOf(v)
		k.types[t.Name()] = t
	}
	return k
}

// Names lists the kinds registered, in no order.
func (k Kinds) Names() []string {
	var out []string
	for n := range k.types {
		out = append(out, n)
	}
	return out
}

type kindJSON struct {
	Kind  string          `json:"k"`
	Value json.RawMessage `json:"v"`
}

// Marshal writes v with its kind; a kind not registered is ErrUnknownCommand.
func (k Kinds) Marshal(v any) ([]byte, error) {
	t := reflect.TypeOf(v)
	if t == nil || k.types[t.Name()] != t {
		return nil, Fail(ErrUnknownCommand, fmt.Errorf("%v", t), "a command this version cannot send")
	}
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return json.Marshal(kindJSON{Kind: t.Name(), Value: body})
}

// Unmarshal reads what Marshal wrote: the value (not a pointer) of its kind. An unknown kind,
// or fields the kind does not have, is ErrUnknownCommand.
func (k Kinds) Unmarshal(b []byte) (any, error) {
	var raw kindJSON
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, Fail(ErrUnknownCommand, err, "a command this version cannot read")
	}
	t, ok := k.types[raw.Kind]
	if !ok {
		return nil, Fail(ErrUnknownCommand, fmt.Errorf("kind %q", raw.Kind), "a command this version cannot read")
	}
	p := reflect.New(t)
	if len(raw.Value) > 0 {
		d := json.NewDecoder(bytes.NewReader(raw.Value))
		d.DisallowUnknownFields()
		if err := d.Decode(p.Interface()); err != nil {
			return nil, Fail(ErrUnknownCommand, err, "a command this version cannot read")
		}
	}
	return p.Elem().Interface(), nil
}

// MarshalCommand writes c for another phone: {"k":"AdjustLP","v":{"Ref":…,"Delta":-1}}.
func MarshalCommand(c Command) ([]byte, error) { return commandKinds.Marshal(c) }

// UnmarshalCommand reads what MarshalCommand wrote; a command this version does not know is
// ErrUnknownCommand.
func UnmarshalCommand(b []byte) (Command, error) {
	v, err := commandKinds.Unmarshal(b)
	if err != nil {
		return nil, err
	}
	return v.(Command), nil // every kind registered is a Command
}

// Accept appends a gesture decided by another copy of this game (the phone that orders a game
// played on two phones decides every command; the other appends what it decided): entries
// whose gesture is the next one, none of them a start, each naming characters and sides that
// exist (Replay's checks). What it refuses changes nothing (ErrBadSetup, ErrNoSuchCharacter,
// ErrUnknownEvent). The gestures left to redo are forgotten, as after Do.
func (g *Game) Accept(entries []Entry) error {
	if len(entries) == 0 {
		return fail(ErrBadSetup, "an empty gesture")
	}
	next := g.lastGesture() + 1
	s := g.state.Clone()
	for i, e := range entries {
		if e.Gesture != next || e.Event == nil {
			return fail(ErrBadSetup, "gesture %d where %d comes next", e.Gesture, next)
		}
		if err := check(s, e.Event, len(g.log)+i); err != nil {
			return err
		}
		fold(&s, e.Event)
	}
	g.log = append(g.log, entries...)
	g.state = s
	g.undone = nil
	return nil
}

// ActingSide is the side whose player gives c: the side of the character its declared Actor
// field names (the character that acts, attacks, orders, summons), or the side that field is
// (Gnosis, cards, Nodes). A command for the whole game (the next phase, the roll for who acts
// first) has none (ok false). On two phones each phone gives its own side's commands.
func ActingSide(c Command) (side int, ok bool) {
	name := actorField(c)
	if name == "" {
		return 0, false
	}
	switch f := reflect.ValueOf(c).FieldByName(name).Interface().(type) {
	case Ref:
		return f.Side, true
	case int:
		return f, true
	}
	return 0, false
}
