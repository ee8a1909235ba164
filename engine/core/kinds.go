package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
)

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
