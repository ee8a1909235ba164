package diskwars

import (
	"encoding/json"
	"fmt"
	"reflect"

	"gnosis/engine/core"
)

// The game's commands and events, declared once, as Anima Tactics declares its own (the
// engine's declare.go): the kinds a phone sends the other, the events a saved log may hold and
// the side that gives a command are derived from these two tables, and TestDeclarations fails
// when a command or an event of the package is missing here, an event does not survive a JSON
// round trip, or the history tells an event marked silent or has no line for one that is not.

// CommandDecl declares a command: a value of its type, the field that names who gives it
// (Actor: a disc's index, whose side gives it; ActorTurn: the side whose turn it is; "": nobody,
// a command of the whole game) and whether a phone sends it to the other (Sent: a screen
// offers it).
type CommandDecl struct {
	Command Command
	Actor   string
	Sent    bool
}

// ActorTurn is the Actor of a command the side whose turn it is gives.
const ActorTurn = "(turn)"

// EventDecl declares an event: a value of its type (its kind in saved logs is its Kind method)
// and whether the history has no line for it (Silent).
type EventDecl struct {
	Event  Event
	Silent bool
}

// Commands are the game's commands.
var Commands = []CommandDecl{
	{Activate{}, "Disc", true},
	{AdjustDamage{}, "Disc", true},
	{EndActivation{}, ActorTurn, true},
	{Focus{}, "Disc", true},
	{FromReserve{}, "Disc", true},
	{Move{}, "Disc", true},
	{NextRound{}, "", true},
	{Pass{}, "Disc", true},
	{Shoot{}, "Attacker", true},
}

// Events are the game's events.
var Events = []EventDecl{
	{ActivationBegan{}, false},
	{ActivationEnded{}, false},
	{Damaged{}, false},
	{Focused{}, false},
	{Moved{}, false},
	{Placed{}, false},
	{Removed{}, false},
	{RoundBegan{}, false},
	{Shot{}, false},
	{Started{}, false},
	{TokenGiven{}, false},
}

// commandKinds are the commands a phone may send the other: the Sent ones.
var commandKinds = func() core.Kinds {
	var sent []any
	for _, d := range Commands {
		if d.Sent {
			sent = append(sent, d.Command)
		}
	}
	return core.NewKinds(sent...)
}()

// eventKinds maps a Kind to the event's type, for reading saved logs.
var eventKinds = func() map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for _, d := range Events {
		m[d.Event.Kind()] = reflect.TypeOf(d.Event)
	}
	return m
}()

// decodeEvent reads an event of the kind named.
func decodeEvent(kind string, b json.RawMessage) (Event, error) {
	t, ok := eventKinds[kind]
	if !ok {
		return nil, fmt.Errorf("unknown event %q", kind)
	}
	p := reflect.New(t)
	if err := json.Unmarshal(b, p.Interface()); err != nil {
		return nil, err
	}
	return p.Elem().Interface().(Event), nil
}

// ActingSide is the side whose player gives c in s: the side of the disc its declared Actor
// field names (the disc that acts or shoots), or the side whose turn it is (ActorTurn). A
// command of the whole game (the next round) is nobody's (ok false), as is one naming no disc
// of s. On two phones each phone gives its own side's commands.
func ActingSide(s State, c Command) (side int, ok bool) {
	name := ""
	for _, d := range Commands {
		if reflect.TypeOf(d.Command) == reflect.TypeOf(c) {
			name = d.Actor
		}
	}
	switch name {
	case "":
		return 0, false
	case ActorTurn:
		return s.Turn, true
	}
	disc := int(reflect.ValueOf(c).FieldByName(name).Int())
	if disc < 0 || disc >= len(s.Discs) {
		return 0, false
	}
	return s.Discs[disc].Side, true
}
