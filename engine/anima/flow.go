package anima

import (
	"fmt"

	"gnosis/engine/text"
)

// Phase is one of the three phases of a turn, in order. R-TURN-1.
type Phase int

// The phases of a turn.
const (
	Recovery Phase = iota
	Maintenance
	Action
)

func (p Phase) String() string {
	switch p {
	case Recovery:
		return "Recovery"
	case Maintenance:
		return "Maintenance"
	case Action:
		return "Action"
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// StandardTurns is the length of the standard scenario. R-TURN-1.
const StandardTurns = 10

// Flow is where the game is: turn (1..StandardTurns), phase, and whether it has ended.
// It is kept apart from the characters' counters.
//
// First is the side that acts first each turn (R-SETUP-5); ActiveSide is the side whose turn
// it is to activate a character in the Action phase (R-TURN-4).
type Flow struct {
	Turn       int   `json:"turn"`
	Phase      Phase `json:"phase"`
	Ended      bool  `json:"ended,omitempty"`
	First      int   `json:"first,omitempty"`
	ActiveSide int   `json:"active_side,omitempty"`
}

// next is the one transition table of the turn: Recovery -> Maintenance -> Action ->
// the next turn's Recovery; after the Action phase of the last turn the game ends (a
// lastTurn of 0 has no limit).
// R-TURN-1 (home), R-TURN-5.
func (f Flow) next(lastTurn int) Flow {
	n := f
	switch f.Phase {
	case Recovery:
		n.Phase = Maintenance
	case Maintenance:
		n.Phase, n.ActiveSide = Action, f.First
	default:
		if lastTurn > 0 && f.Turn >= lastTurn {
			n.Ended = true
			return n
		}
		n.Turn, n.Phase = f.Turn+1, Recovery
	}
	return n
}

// NextFlow is where the next phase step leads from s: the next phase, the next turn's
// Recovery phase, or the game's end after the last turn's Action phase. R-TURN-1.
func (s State) NextFlow() Flow { return s.Flow.next(s.Turns) }

// PhasesToAction are the phases that begin on the way from s to the next Action phase
// (AdvanceToAction), in order, that Action phase last; none when the game ends first.
// R-TURN-1.
func (s State) PhasesToAction() []Phase {
	var out []Phase
	for f := s.Flow; !f.Ended; {
		if f = f.next(s.Turns); f.Ended {
			return nil
		}
		out = append(out, f.Phase)
		if f.Phase == Action {
			break
		}
	}
	return out
}

// In is the turn and the phase in lang, as the home screen says them ("Turn 2 · Action phase").
func (f Flow) In(lang string) string {
	if f.Ended {
		return text.F(lang, "Turn %d", f.Turn) + " · " + text.T(lang, "Game over")
	}
	return text.F(lang, "Turn %d", f.Turn) + " · " + text.F(lang, "%s phase", f.Phase)
}

func (f Flow) String() string {
	if f.Ended {
		return fmt.Sprintf("turn %d, game over", f.Turn)
	}
	return fmt.Sprintf("turn %d, %s phase", f.Turn, f.Phase)
}
