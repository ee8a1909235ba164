package diskwars

import (
	"reflect"

	"gnosis/engine/core"
)

// The game's commands and events, declared once, as Anima Tactics declares its own (the
// engine's declare.go): the kinds a phone sends the other, the events a saved log may hold and
// the side that gives a command are derived from these two tables, and TestDeclarations fails
// when a command or an event of the package is missing here, an event does not survive a JSON
// round trip, or the history tells an event marked silent or has no line for one that is not.

// CommandDecl declares a command (core.CommandDecl: the field that names who gives it, a
// disc's index, ActorTurn for the side whose turn it is, or "" for nobody, a command of the whole
// game; and whether a phone sends it: a screen offers it); EventDecl an event (core.EventDecl).
// Both games declare theirs with core's types. Diskwars has no game files of commands: no File.
type (
	CommandDecl = core.CommandDecl[Command]
	EventDecl   = core.EventDecl[Event]
)

// ActorTurn is the Actor of a command the side whose turn it is gives.
const ActorTurn = "(turn)"

// Commands are the game's commands.
var Commands = []CommandDecl{
	{Command: Activate{}, Actor: "Disc", Sent: true},
	{Command: AdjustDamage{}, Actor: "Disc", Sent: true},
	{Command: EndActivation{}, Actor: ActorTurn, Sent: true},
	{Command: Focus{}, Actor: "Disc", Sent: true},
	{Command: FromReserve{}, Actor: "Disc", Sent: true},
	{Command: Move{}, Actor: "Disc", Sent: true},
	{Command: NextRound{}, Actor: "", Sent: true},
	{Command: Pass{}, Actor: "Disc", Sent: true},
	{Command: Shoot{}, Actor: "Attacker", Sent: true},
}

// Events are the game's events.
var Events = []EventDecl{
	{Event: ActivationBegan{}},
	{Event: ActivationEnded{}},
	{Event: Damaged{}},
	{Event: Focused{}},
	{Event: Moved{}},
	{Event: Placed{}},
	{Event: Removed{}},
	{Event: RoundBegan{}},
	{Event: Shot{}},
	{Event: Started{}},
	{Event: TokenGiven{}},
}

// Declared are the game's declarations, from Commands and Events.
var Declared = core.Declare(Commands, Events)

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

// MarshalCommand writes c for another phone: {"k":"Shoot","v":{"Attacker":2,"Target":5}}.
func MarshalCommand(c Command) ([]byte, error) { return Declared.MarshalCommand(c) }

// UnmarshalCommand reads what MarshalCommand wrote; a command this version does not know is
// core.ErrUnknownCommand.
func UnmarshalCommand(b []byte) (Command, error) { return Declared.UnmarshalCommand(b) }
