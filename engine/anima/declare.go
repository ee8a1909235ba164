package anima

import (
	"reflect"

	"gnosis/engine/core"
)

// The game's commands and events, declared once. Everything that names them is derived from
// these two tables: the kinds a phone sends the other (MarshalCommand), the events a saved log
// may hold (Entry.UnmarshalJSON), the names of game files (CommandNamed) and the side that gives
// a command (ActingSide). TestDeclarations fails when a command or an event of the package is
// missing here, an event does not survive a JSON round trip, or the history tells an event
// marked silent or says nothing of one that is not. docs/ARCHITECTURE.md: how to add a command.

// CommandDecl declares a command (core.CommandDecl: its name in game files, the field that
// names who gives it, a Ref or an int field named Side, and whether a phone sends it); EventDecl
// an event (core.EventDecl). Both games declare theirs with core's types.
type (
	CommandDecl = core.CommandDecl[Command]
	EventDecl   = core.EventDecl[Event]
)

// Commands are the game's commands.
var Commands = []CommandDecl{
	{Command: AdjustActions{}, File: "actions", Actor: "Ref", Sent: true},
	{Command: AdjustGnosis{}, File: "gnosis", Actor: "Side", Sent: true},
	{Command: AdjustLP{}, File: "lp", Actor: "Ref", Sent: true},
	{Command: AdvancePhase{}, File: "next", Actor: "", Sent: true},
	{Command: AdvanceToAction{}, File: "to-action", Actor: "", Sent: true},
	{Command: Attack{}, File: "attack", Actor: "Attacker", Sent: true},
	{Command: BeginActivation{}, File: "activate", Actor: "Ref", Sent: true},
	{Command: BringFlagHome{}, File: "flag-home", Actor: "Ref", Sent: true},
	{Command: CallSummon{}, File: "summon", Actor: "Summoner", Sent: true},
	{Command: Charge{}, File: "charge", Actor: "Attacker", Sent: true},
	{Command: Concede{}, File: "concede", Actor: "Side", Sent: true},
	{Command: DropUpkeep{}, File: "drop-upkeep", Actor: "Ref", Sent: true},
	{Command: EndActivation{}, File: "end", Actor: "Ref", Sent: true},
	{Command: Escape{}, File: "escape", Actor: "Ref", Sent: true},
	{Command: FindMarker{}, File: "find-marker", Actor: "Side", Sent: false}, // the Treasure scenario's markers: no screen yet
	{Command: GiveOrder{}, File: "order", Actor: "Arbiter", Sent: true},
	{Command: Hide{}, File: "hide", Actor: "Ref", Sent: true},
	{Command: Move{}, File: "move", Actor: "Ref", Sent: true},
	{Command: PlayCard{}, File: "play-card", Actor: "Side", Sent: true},
	{Command: Push{}, File: "push", Actor: "Attacker", Sent: true},
	{Command: Reveal{}, File: "reveal", Actor: "Ref", Sent: true},
	{Command: RollDice{}, File: "roll", Actor: "Side", Sent: true},
	{Command: RollForFirst{}, File: "roll-first", Actor: "", Sent: true},
	{Command: Seek{}, File: "seek", Actor: "Ref", Sent: true},
	{Command: SetActivated{}, File: "turn-card", Actor: "Ref", Sent: false}, // a card turned by hand: no screen offers it
	{Command: SetEngaged{}, File: "engage", Actor: "A", Sent: true},
	{Command: SetNodes{}, File: "nodes", Actor: "Side", Sent: true},
	{Command: SetState{}, File: "state", Actor: "Ref", Sent: true},
	{Command: TakeFlag{}, File: "take-flag", Actor: "Ref", Sent: true},
	{Command: UseAbility{}, File: "ability", Actor: "Ref", Sent: true},
	{Command: UseCard{}, File: "use-card", Actor: "Ref", Sent: true},
}

// Events are the game's events.
var Events = []EventDecl{
	{Event: ActionsChanged{}},
	{Event: ActionsRecovered{}},
	{Event: ActionsSpent{}},
	{Event: ActivationBegan{}},
	{Event: ActivationEnded{}},
	{Event: ActivationSet{}},
	{Event: AttackResolved{}},
	{Event: BindChanged{}},
	{Event: CardDiscarded{}},
	{Event: CardUsed{}},
	{Event: Conceded{}},
	{Event: DiceRolled{}},
	{Event: Engagement{}},
	{Event: FirstRolled{}},
	{Event: FlagHome{}},
	{Event: FlagPickedUp{}},
	{Event: FlagReturned{}},
	{Event: FlagTaken{}, Silent: true}, // the flag's carrier shows on its side; the end tells the flag home
	{Event: GameEnded{}},
	{Event: GameStarted{}},
	{Event: GnosisRenewed{}, Silent: true}, // the Recovery phase's line tells it
	{Event: GnosisSpent{}},
	{Event: HiddenSet{}},
	{Event: InterceptDeclared{}, Silent: true}, // the interceptor's attack tells it
	{Event: KnockedBack{}},
	{Event: LPChanged{}},
	{Event: MarkersChanged{}, Silent: true}, // infiltration's bookkeeping
	{Event: Moved{}},
	{Event: NodesSet{}, Silent: true}, // the nodes show on their side; the end tells the result
	{Event: OrderPointsChanged{}},
	{Event: PhaseBegan{}},
	{Event: Placed{}},
	{Event: Removed{}},
	{Event: Rolled{}},
	{Event: SideCardPlayed{}},
	{Event: Sought{}, Silent: true}, // the seek's roll tells it (Rolled)
	{Event: StateChanged{}},
	{Event: StunnedSet{}, Silent: true}, // the attack that stuns tells it
	{Event: UpkeepSet{}, Silent: true},  // the ability's use tells it
}

// Declared are the game's declarations, from Commands and Events.
var Declared = core.Declare(Commands, Events)

// CommandNamed is a new command of the kind a game file names ("activate", as Commands says),
// as a pointer to decode its arguments into; ok is false for a name no command has.
func CommandNamed(name string) (ptr any, ok bool) { return Declared.CommandNamed(name) }

// CommandNames are the names game files give commands, sorted.
func CommandNames() []string { return Declared.CommandNames() }

// MarshalCommand writes c for another phone: {"k":"AdjustLP","v":{"Ref":…,"Delta":-1}}.
func MarshalCommand(c Command) ([]byte, error) { return Declared.MarshalCommand(c) }

// UnmarshalCommand reads what MarshalCommand wrote; a command this version does not know is
// core.ErrUnknownCommand.
func UnmarshalCommand(b []byte) (Command, error) { return Declared.UnmarshalCommand(b) }

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
