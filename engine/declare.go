package engine

import (
	"reflect"
	"slices"

	"gnosis/engine/core"
)

// The game's commands and events, declared once. Everything that names them is derived from
// these two tables: the kinds a phone sends the other (MarshalCommand), the events a saved log
// may hold (Entry.UnmarshalJSON), the names of game files (CommandNamed) and the side that gives
// a command (ActingSide). TestDeclarations fails when a command or an event of the package is
// missing here, an event does not survive a JSON round trip, or the history tells an event
// marked silent or says nothing of one that is not. docs/ARCHITECTURE.md: how to add a command.

// CommandDecl declares a command: a value of its type, its name in game files ("activate"), the
// field that names who gives it (Actor: a Ref, whose side gives it, or an int field named Side;
// "" for a command of the whole game), and whether a phone sends it to the other (Sent: a screen
// offers it; one no screen offers stays out of the wire, and its rules out of app.wasm's reach
// through it).
type CommandDecl struct {
	Command Command
	File    string
	Actor   string
	Sent    bool
}

// EventDecl declares an event: a value of its type (its kind in saved logs is its Kind method)
// and whether the history has no line for it (Silent: what it records is told by another event
// of the same gesture, or is bookkeeping).
type EventDecl struct {
	Event  Event
	Silent bool
}

// Commands are the game's commands.
var Commands = []CommandDecl{
	{AdjustActions{}, "actions", "Ref", true},
	{AdjustGnosis{}, "gnosis", "Side", true},
	{AdjustLP{}, "lp", "Ref", true},
	{AdvancePhase{}, "next", "", true},
	{AdvanceToAction{}, "to-action", "", true},
	{Attack{}, "attack", "Attacker", true},
	{BeginActivation{}, "activate", "Ref", true},
	{BringFlagHome{}, "flag-home", "Ref", true},
	{CallSummon{}, "summon", "Summoner", true},
	{Charge{}, "charge", "Attacker", true},
	{DropUpkeep{}, "drop-upkeep", "Ref", true},
	{EndActivation{}, "end", "Ref", true},
	{Escape{}, "escape", "Ref", true},
	{FindMarker{}, "find-marker", "Side", false}, // the Treasure scenario's markers: no screen yet
	{GiveOrder{}, "order", "Arbiter", true},
	{Hide{}, "hide", "Ref", true},
	{Move{}, "move", "Ref", true},
	{PlayCard{}, "play-card", "Side", true},
	{Push{}, "push", "Attacker", true},
	{Reveal{}, "reveal", "Ref", true},
	{RollDice{}, "roll", "Side", true},
	{RollForFirst{}, "roll-first", "", true},
	{Seek{}, "seek", "Ref", true},
	{SetActivated{}, "turn-card", "Ref", false}, // a card turned by hand: no screen offers it
	{SetEngaged{}, "engage", "A", true},
	{SetNodes{}, "nodes", "Side", true},
	{SetState{}, "state", "Ref", true},
	{TakeFlag{}, "take-flag", "Ref", true},
	{UseAbility{}, "ability", "Ref", true},
	{UseCard{}, "use-card", "Ref", true},
}

// Events are the game's events.
var Events = []EventDecl{
	{ActionsChanged{}, false},
	{ActionsRecovered{}, false},
	{ActionsSpent{}, false},
	{ActivationBegan{}, false},
	{ActivationEnded{}, false},
	{ActivationSet{}, false},
	{AttackResolved{}, false},
	{BindChanged{}, false},
	{CardDiscarded{}, false},
	{CardUsed{}, false},
	{DiceRolled{}, false},
	{Engagement{}, false},
	{FirstRolled{}, false},
	{FlagHome{}, false},
	{FlagPickedUp{}, false},
	{FlagReturned{}, false},
	{FlagTaken{}, true}, // the flag's carrier shows on its side; the end tells the flag home
	{GameEnded{}, false},
	{GameStarted{}, false},
	{GnosisRenewed{}, true}, // the Recovery phase's line tells it
	{GnosisSpent{}, false},
	{HiddenSet{}, false},
	{InterceptDeclared{}, true}, // the interceptor's attack tells it
	{KnockedBack{}, false},
	{LPChanged{}, false},
	{MarkersChanged{}, true}, // infiltration's bookkeeping
	{Moved{}, false},
	{NodesSet{}, true}, // the nodes show on their side; the end tells the result
	{OrderPointsChanged{}, false},
	{PhaseBegan{}, false},
	{Placed{}, false},
	{Removed{}, false},
	{Rolled{}, false},
	{SideCardPlayed{}, false},
	{Sought{}, true}, // the seek's roll tells it (Rolled)
	{StateChanged{}, false},
	{StunnedSet{}, true}, // the attack that stuns tells it
	{UpkeepSet{}, true},  // the ability's use tells it
}

// commandKinds are the commands a phone may send the other: the Sent ones.
var commandKinds = core.NewKinds(sentCommands()...)

func sentCommands() []any {
	var out []any
	for _, d := range Commands {
		if d.Sent {
			out = append(out, d.Command)
		}
	}
	return out
}

// eventKinds maps a Kind to the event's type, for reading saved logs.
var eventKinds = func() map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for _, d := range Events {
		m[d.Event.Kind()] = reflect.TypeOf(d.Event)
	}
	return m
}()

// CommandNamed is a new command of the kind a game file names ("activate", as Commands says),
// as a pointer to decode its arguments into; ok is false for a name no command has.
func CommandNamed(name string) (ptr any, ok bool) {
	for _, d := range Commands {
		if d.File == name {
			return reflect.New(reflect.TypeOf(d.Command)).Interface(), true
		}
	}
	return nil, false
}

// CommandNames are the names game files give commands, sorted.
func CommandNames() []string {
	var out []string
	for _, d := range Commands {
		out = append(out, d.File)
	}
	slices.Sort(out)
	return out
}

// actorField is the declared Actor field of c's type, "" when it has none (or is not declared).
func actorField(c Command) string {
	t := reflect.TypeOf(c)
	for _, d := range Commands {
		if reflect.TypeOf(d.Command) == t {
			return d.Actor
		}
	}
	return ""
}
