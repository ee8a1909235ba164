package core

import (
	"fmt"
	"reflect"
	"slices"
)

// CommandDecl declares a command of a game: a value of its type, its name in game files
// ("activate"; "" where the game has no files of commands), the field that names who gives it
// (Actor, as the game reads it: a character's Ref or a side's int for Anima Tactics, a disc's
// index for Diskwars; "" for a command of the whole game), and whether a phone sends it to the
// other (Sent: a screen offers it; one no screen offers stays out of the wire, and its rules
// out of app.wasm's reach through it).
type CommandDecl[C any] struct {
	Command C
	File    string
	Actor   string
	Sent    bool
}

// EventDecl declares an event of a game: a value of its type (its kind in saved logs is its
// Kind method) and whether the history has no line for it (Silent: what it records is told by
// another event of the same gesture, or is bookkeeping).
type EventDecl[E any] struct {
	Event  E
	Silent bool
}

// Event is what a game's events have in common: the kind a saved log names them by.
type Event interface{ Kind() string }

// Declarations are a game's commands and events, declared once (each game's declare.go):
// everything that names them is derived from these two tables, the kinds a phone sends the
// other (MarshalCommand), the events a saved log may hold (EventType), the names of game files
// (CommandNamed), the side that gives a command (Actor), and the whole games' check that every
// declared command is played (Unplayed).
type Declarations[C any, E Event] struct {
	Commands []CommandDecl[C]
	Events   []EventDecl[E]
	sent     Kinds                   // the Sent commands
	events   map[string]reflect.Type // the events by Kind
}

// Declare makes the declarations of a game's commands and events, once, as the game's package
// is initialised (a package variable). Two events of one Kind, or two commands of one type, are
// a programming error: it panics.
func Declare[C any, E Event](commands []CommandDecl[C], events []EventDecl[E]) *Declarations[C, E] {
	d := &Declarations[C, E]{Commands: commands, Events: events, events: map[string]reflect.Type{}}
	var sent []any
	seen := map[reflect.Type]bool{}
	for _, c := range commands {
		t := reflect.TypeOf(c.Command)
		if seen[t] {
			panic(fmt.Sprintf("core: command %s declared twice", t.Name()))
		}
		seen[t] = true
		if c.Sent {
			sent = append(sent, c.Command)
		}
	}
	d.sent = NewKinds(sent...)
	for _, e := range events {
		if _, twice := d.events[e.Event.Kind()]; twice {
			panic(fmt.Sprintf("core: two events of kind %q", e.Event.Kind()))
		}
		d.events[e.Event.Kind()] = reflect.TypeOf(e.Event)
	}
	eventTypes[reflect.TypeFor[E]()] = d.events // for Entry[E].UnmarshalJSON
	return d
}

// MarshalCommand writes c for another phone: {"k":"AdjustLP","v":{"Ref":…,"Delta":-1}}. A
// command not declared Sent is ErrUnknownCommand.
func (d *Declarations[C, E]) MarshalCommand(c C) ([]byte, error) { return d.sent.Marshal(c) }

// UnmarshalCommand reads what MarshalCommand wrote; a command this version does not know (or
// does not send) is ErrUnknownCommand.
func (d *Declarations[C, E]) UnmarshalCommand(b []byte) (C, error) {
	v, err := d.sent.Unmarshal(b)
	if err != nil {
		var zero C
		return zero, err
	}
	return v.(C), nil // every kind registered is a C
}

// EventType is the type of the event of kind, as a saved log names it; ok is false for a kind
// no declared event has.
func (d *Declarations[C, E]) EventType(kind string) (t reflect.Type, ok bool) {
	t, ok = d.events[kind]
	return t, ok
}

// Actor is the declared Actor field of c's type, "" when it has none (or c is not declared).
func (d *Declarations[C, E]) Actor(c C) string {
	t := reflect.TypeOf(c)
	for _, cd := range d.Commands {
		if reflect.TypeOf(cd.Command) == t {
			return cd.Actor
		}
	}
	return ""
}

// CommandNamed is a new command of the kind a game file names ("activate"), as a pointer to
// decode its arguments into; ok is false for a name no command has.
func (d *Declarations[C, E]) CommandNamed(name string) (ptr any, ok bool) {
	for _, cd := range d.Commands {
		if cd.File != "" && cd.File == name {
			return reflect.New(reflect.TypeOf(cd.Command)).Interface(), true
		}
	}
	return nil, false
}

// CommandNames are the names game files give commands, sorted.
func (d *Declarations[C, E]) CommandNames() []string {
	var out []string
	for _, cd := range d.Commands {
		if cd.File != "" {
			out = append(out, cd.File)
		}
	}
	slices.Sort(out)
	return out
}

// Unplayed is the declared commands never played and events never seen by a game's whole games
// (played counts both by type name), but those exempt names, each said as a problem: a command
// declared and never played is one no test plays through what the engine offers.
func (d *Declarations[C, E]) Unplayed(played map[string]int, exempt map[string]bool) []string {
	var out []string
	for _, cd := range d.Commands {
		if n := reflect.TypeOf(cd.Command).Name(); played[n] == 0 && !exempt[n] {
			out = append(out, n+": declared, never played by the whole games' player")
		}
	}
	for _, ed := range d.Events {
		if n := reflect.TypeOf(ed.Event).Name(); played[n] == 0 && !exempt[n] {
			out = append(out, n+": declared, never seen in the whole games")
		}
	}
	return out
}
