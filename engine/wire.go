package engine

import (
	"reflect"
)

// MarshalCommand writes c for another phone: {"k":"AdjustLP","v":{"Ref":…,"Delta":-1}}.
func MarshalCommand(c Command) ([]byte, error) { return Declared.MarshalCommand(c) }

// UnmarshalCommand reads what MarshalCommand wrote; a command this version does not know is
// core.ErrUnknownCommand.
func UnmarshalCommand(b []byte) (Command, error) { return Declared.UnmarshalCommand(b) }

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
	name := Declared.Actor(c)
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
