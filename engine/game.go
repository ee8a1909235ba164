package engine

import (
	"encoding/json"
	"fmt"
)

// SideSetup is one side at the start: a name, the encounter level and the characters'
// cards. A side may have no characters (an opponent that is not tracked).
type SideSetup struct {
	Name           string
	EncounterLevel int
	Characters     []Card
}

// Setup starts a game. Turns defaults to StandardTurns (R-TURN-1); Edition to Core.
type Setup struct {
	Edition Edition
	Turns   int
	Sides   [2]SideSetup
}

// Start turns a Setup into the GameStarted event, or refuses a set-up that cannot be
// played (a card that fails Card.Validate, a bad edition, no character at all).
// First turn: each character starts with Recovery + 1 actions, never above its total (R-SETUP-4).
func Start(su Setup) (GameStarted, error) {
	if su.Edition == "" {
		su.Edition = Core
	}
	if su.Turns == 0 {
		su.Turns = StandardTurns
	}
	if !su.Edition.Valid() {
		return GameStarted{}, refuse("R-SETUP-4", ErrBadSetup, fmt.Sprintf("edition %q: choose core or alpha", su.Edition))
	}
	if su.Turns < 1 {
		return GameStarted{}, refuse("R-TURN-1", ErrBadSetup, fmt.Sprintf("%d turns: a game lasts at least one turn", su.Turns))
	}
	ev := GameStarted{Edition: su.Edition, Turns: su.Turns}
	total := 0
	for i, side := range su.Sides {
		ev.Sides[i] = Side{Name: side.Name, EncounterLevel: side.EncounterLevel, Characters: make([]Character, 0, len(side.Characters))}
		for _, c := range side.Characters {
			if err := c.Validate(); err != nil {
				return GameStarted{}, refuse("R-CARD-1", ErrBadSetup, err.Error())
			}
			ev.Sides[i].Characters = append(ev.Sides[i].Characters, Character{
				Name:       c.Name,
				Level:      c.Level,
				LP:         c.LP.Base,
				MaxLP:      c.LP.Base,
				Actions:    min(c.Recovery+1, c.Actions),
				MaxActions: c.Actions,
				Recovery:   c.Recovery,
			})
		}
		total += len(side.Characters)
	}
	if total == 0 {
		return GameStarted{}, refuse("R-SETUP-4", ErrBadSetup, "no characters: add characters to a party first")
	}
	return ev, nil
}

// Game is a game as its log of events. The zero Game has no log; use NewGame or
// LoadGame. Its current state is kept folded for speed and always equals Replay(Log).
type Game struct {
	log   []Entry
	state State
}

// NewGame starts a game from a set-up (see Start for the errors).
func NewGame(su Setup) (*Game, error) {
	ev, err := Start(su)
	if err != nil {
		return nil, err
	}
	g := &Game{}
	g.append(1, ev)
	return g, nil
}

// Replay folds a log into a state. It returns an error when the log does not begin with
// GameStarted or names a character that does not exist.
func Replay(log []Entry) (State, error) {
	var s State
	for i, e := range log {
		if err := check(s, e.Event, i); err != nil {
			return State{}, err
		}
		e.Event.apply(&s)
	}
	return s, nil
}

// check guards Replay against a log that was edited by hand or corrupted, so that apply
// never indexes out of range.
func check(s State, ev Event, i int) error {
	_, start := ev.(GameStarted)
	if (i == 0) != start {
		return fmt.Errorf("%w: event %d (%s): a game log begins with one game-started event", ErrBadSetup, i+1, ev.Kind())
	}
	var r Ref
	switch e := ev.(type) {
	case LPChanged:
		r = e.Ref
	case ActionsChanged:
		r = e.Ref
	case ActivationSet:
		r = e.Ref
	case ActionsRecovered:
		r = e.Ref
	default:
		return nil
	}
	if _, ok := s.Character(r); !ok {
		return fmt.Errorf("%w: event %d (%s) names side %d character %d", ErrNoSuchCharacter, i+1, ev.Kind(), r.Side+1, r.Index+1)
	}
	return nil
}

// LoadGame rebuilds a game from a saved log (see Replay for the errors).
func LoadGame(log []Entry) (*Game, error) {
	s, err := Replay(log)
	if err != nil {
		return nil, err
	}
	return &Game{log: append([]Entry(nil), log...), state: s}, nil
}

func (g *Game) append(gesture int, evs ...Event) {
	for _, ev := range evs {
		g.log = append(g.log, Entry{Gesture: gesture, Event: ev})
		ev.apply(&g.state)
	}
}

// Do decides c against the current state and appends its events as one gesture. A refused
// command returns its *RuleError and changes nothing.
func (g *Game) Do(c Command) error {
	evs, err := Decide(g.state, c)
	if err != nil || len(evs) == 0 {
		return err
	}
	g.append(g.lastGesture()+1, evs...)
	return nil
}

func (g *Game) lastGesture() int {
	if len(g.log) == 0 {
		return 0
	}
	return g.log[len(g.log)-1].Gesture
}

// CanUndo reports whether there is a gesture after the start to undo.
func (g *Game) CanUndo() bool { return g.lastGesture() > 1 }

// Undo removes the last gesture whole (every event of one command) and refolds the state.
// The start of the game cannot be undone (ErrNothingToUndo).
func (g *Game) Undo() error {
	if !g.CanUndo() {
		return ErrNothingToUndo
	}
	last := g.lastGesture()
	n := len(g.log)
	for n > 0 && g.log[n-1].Gesture == last {
		n--
	}
	g.log = g.log[:n:n]
	s, err := Replay(g.log)
	if err != nil {
		return err // cannot happen: a prefix of a valid log is valid
	}
	g.state = s
	return nil
}

// State returns a copy of the current state.
func (g *Game) State() State { return g.state.Clone() }

// Log returns a copy of the event log.
func (g *Game) Log() []Entry { return append([]Entry(nil), g.log...) }

// MarshalJSON writes the log as a JSON array of entries.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.log) }

// UnmarshalJSON reads a log written by MarshalJSON and replays it (see Replay).
func (g *Game) UnmarshalJSON(b []byte) error {
	var log []Entry
	if err := json.Unmarshal(b, &log); err != nil {
		return err
	}
	ng, err := LoadGame(log)
	if err != nil {
		return err
	}
	*g = *ng
	return nil
}
