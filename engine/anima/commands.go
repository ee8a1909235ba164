package anima

import (
	"errors"

	"gnosis/engine/core"
)

// Command is a player's wish. Decide checks it against the state.
type Command interface {
	decide(s State, d Die) ([]Event, error)
}

// Decide checks c against s and returns the events it causes, or a *core.RuleError that cites
// the rule it breaks and changes nothing. Commands that roll take their dice from d (nil:
// such a command is refused with core.ErrNoDice); the results are recorded in the events. Once
// the game is over every command is refused under R-TURN-5 (ErrGameOver).
func Decide(s State, c Command, d Die) ([]Event, error) {
	if s.Over() {
		return nil, refuse("R-TURN-5", ErrGameOver, "the game is over; start a new game")
	}
	return c.decide(s, d)
}

// AdjustLP adds Delta Life Points to a character (negative for damage). LP stays within
// 0..MaxLP: a character at 0 LP is out of play and its levels leave the table. R-ATK-11.
type AdjustLP struct {
	Ref   Ref
	Delta int
}

// AdjustActions adds Delta actions to a character, within 0..MaxActions. R-ACT-1, R-TURN-2.
type AdjustActions struct {
	Ref   Ref
	Delta int
}

func (c AdjustLP) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	switch to := ch.LP + c.Delta; {
	case c.Delta == 0:
		return nil, nil
	case to < 0:
		return nil, refuse("R-ATK-11", ErrLPOutOfRange, "%s has %d LP; LP never go below 0", ch.Name, ch.LP)
	case to > ch.MaxLP:
		return nil, refuse("R-STATE-4", ErrLPOutOfRange, "%s has %d of %d LP; LP never go above the starting LP", ch.Name, ch.LP, ch.MaxLP)
	}
	return []Event{LPChanged{Ref: c.Ref, Delta: c.Delta}}, nil
}

func (c AdjustActions) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	switch to := ch.Actions + c.Delta; {
	case c.Delta == 0:
		return nil, nil
	case !ch.InPlay():
		return nil, refuse("R-ATK-11", ErrCharacterRemoved, "%s is out of play at 0 LP", ch.Name)
	case to < 0:
		return nil, refuse("R-ACT-1", ErrActionsOutOfRange, "%s has %d actions left; it cannot spend more", ch.Name, ch.Actions)
	case to > ch.MaxActions:
		return nil, refuse("R-TURN-2", ErrActionsOutOfRange, "%s has %d of %d actions; actions never go above the total", ch.Name, ch.Actions, ch.MaxActions)
	}
	return []Event{ActionsChanged{Ref: c.Ref, Delta: c.Delta}}, nil
}

// Allowed reports whether Decide would accept c in s and change something, whatever the
// dice show (it asks with a PreviewDie: a roll-off for who acts first ends, and what comes
// after it is checked too). The UI greys out the controls whose commands are not allowed.
func Allowed(s State, c Command) bool {
	evs, err := Decide(s, c, &PreviewDie{})
	if errors.Is(err, core.ErrNoDice) {
		return true // only the dice stopped it (a roll-off tying on every 5): the rules allow it
	}
	return err == nil && len(evs) > 0
}

// Check returns why Decide would refuse c in s whatever the dice show (a *core.RuleError), or nil:
// the reason to give before anything is rolled.
func Check(s State, c Command) error {
	if _, err := Decide(s, c, &PreviewDie{}); !errors.Is(err, core.ErrNoDice) {
		return err
	}
	return nil
}

// AdjustGnosis corrects a side's Gnosis points left this turn by hand, within 0 and the
// points of its encounter level (R-GNO-1).
type AdjustGnosis struct {
	Side  int
	Delta int
}

func (c AdjustGnosis) decide(s State, _ Die) ([]Event, error) {
	if c.Side < 0 || c.Side > 1 {
		return nil, refuse("R-GNO-1", ErrNotAllowed, "there are two sides")
	}
	to := s.Sides[c.Side].Gnosis + c.Delta
	if c.Delta == 0 {
		return nil, nil
	}
	if to < 0 || to > GnosisPoints(s.Edition, s.Sides[c.Side].EncounterLevel) {
		return nil, refuse("R-GNO-1", ErrNoGnosis, "%s has %d of %d Gnosis points", s.Sides[c.Side].Name, s.Sides[c.Side].Gnosis, GnosisPoints(s.Edition, s.Sides[c.Side].EncounterLevel))
	}
	return []Event{GnosisRenewed{Side: c.Side, Points: to}}, nil
}

// SetState sets a state's counters by hand (the player corrects the table). R-STATE-1.
type SetState struct {
	Ref   Ref
	State StateKind
	Level int
}

func (c SetState) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if c.State < 0 || c.State >= numStates || c.Level < 0 {
		return nil, refuse("R-STATE-1", ErrNotAllowed, "a state has a known kind and 0 or more counters")
	}
	if c.Level > 0 && ch.Caps.ImmuneTo(c.State) {
		return nil, refuse("R-CAP-1", ErrNotAllowed, "%s is immune to %s", ch.Name, c.State)
	}
	if delta := c.Level - ch.States[c.State]; delta != 0 {
		return []Event{StateChanged{Ref: c.Ref, State: c.State, Delta: delta}}, nil
	}
	return nil, nil
}
