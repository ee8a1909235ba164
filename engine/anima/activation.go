package anima

import (
	"slices"
)

// Activation: in the Action phase the sides alternate, each activating one character that
// has not acted, which acts and then turns its card (R-TURN-4).

// BeginActivation makes a character of the side whose turn it is the active one. R-TURN-4;
// a Stunned character cannot be activated this turn (R-STATE-9).
type BeginActivation struct{ Ref Ref }

// ActivationBegan makes a character the active one. R-TURN-4.
type ActivationBegan struct {
	Ref Ref `json:"ref"`
}

func (c BeginActivation) decide(s State, _ Die) ([]Event, error) {
	ch, err := inPlay(s, c.Ref)
	if err != nil {
		return nil, err
	}
	switch {
	case s.Flow.Phase != Action:
		return nil, refuse("R-TURN-4", ErrWrongPhase, "characters are activated in the Action phase; it is the %s phase", s.Flow.Phase)
	case s.Active != nil:
		a, _ := s.Character(*s.Active)
		return nil, refuse("R-TURN-4", ErrNotAllowed, "%s is active: end its activation first", a.Name)
	case c.Ref.Side != s.Flow.ActiveSide && canActivateAny(s, s.Flow.ActiveSide):
		return nil, refuse("R-TURN-4", ErrNotActive, "it is %s's turn to activate a character", s.Sides[s.Flow.ActiveSide].Name)
	case ch.Activated:
		return nil, refuse("R-TURN-4", ErrAlreadyDone, "%s has already been activated this turn", ch.Name)
	case ch.States[Stunned] > 0: // R-STATE-9 (home): a stunned character is not activated this turn
		return nil, refuse("R-STATE-9", ErrNotAllowed, "%s is stunned: it cannot be activated this turn", ch.Name)
	}
	return []Event{ActivationBegan{Ref: c.Ref}}, nil
}

// EndActivation turns the active character's card; the other side activates next if it
// has a character left (R-TURN-4). A Berserker must spend all its actions attacking while it
// can, its first action a charge (R-STATE-8).
type EndActivation struct{ Ref Ref }

// ActivationEnded turns the active character's card and passes the turn to the other side
// when it has a character left to activate. R-TURN-4.
type ActivationEnded struct {
	Ref      Ref `json:"ref"`
	NextSide int `json:"next_side"`
}

func (c EndActivation) decide(s State, _ Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if err := mustCharge(s, c.Ref, ch); err != nil {
		return nil, err
	}
	if ch.Berserk() && ch.Actions >= CostAttack && ch.States[Paralysis] == 0 {
		for _, e := range ch.Engaged {
			if o, _ := s.Character(e); o.InPlay() && !o.Hidden { // an enemy it may attack (R-HIDE-1)
				return nil, refuse("R-STATE-8", ErrNotAllowed, "%s is a Berserker: it spends all its actions attacking", ch.Name)
			}
		}
	}
	return []Event{ActivationEnded{Ref: c.Ref, NextSide: nextSide(s, c.Ref)}}, nil
}

// nextSide is the side that activates after r's activation ends.
func nextSide(s State, r Ref) int {
	if o := other(r.Side); canActivateAny(s, o) {
		return o
	}
	return r.Side
}

// canActivateAny reports whether side has a character left to activate this turn; when it
// has none, the other side goes on activating. R-TURN-4 (home): play continues until every
// card is turned.
func canActivateAny(s State, side int) bool {
	return slices.ContainsFunc(s.Sides[side].Characters, activatable)
}

// activatable reports whether a character may still be activated this turn: in play, its
// card not turned, not stunned (R-STATE-9).
func activatable(ch Character) bool { return ch.InPlay() && !ch.Activated && ch.States[Stunned] == 0 }

// Activating says which sides may activate a character now: in the Action phase of a game
// not over, with no character active, the side whose turn it is, and the other side too when
// that side has no character left to activate. R-TURN-4.
func Activating(s State) (sides [2]bool) {
	if s.Flow.Phase != Action || s.Active != nil || s.Over() {
		return sides
	}
	a := s.Flow.ActiveSide
	sides[a] = true
	sides[other(a)] = !canActivateAny(s, a)
	return sides
}

// Picking is the side that picks the next character to activate: in the Action phase, with
// no character active, the side whose turn it is, or the other when that side has no one
// left. ok is false at any other moment and once every card is turned. R-TURN-4.
func Picking(s State) (side int, ok bool) {
	sides := Activating(s)
	for _, side := range [2]int{s.Flow.ActiveSide, other(s.Flow.ActiveSide)} {
		if sides[side] && canActivateAny(s, side) {
			return side, true
		}
	}
	return 0, false
}

// Waiting lists the characters whose cards are still to be turned this Action phase
// (MayActivate), side 0's first, each side in its order: those that have not acted. Empty
// outside the Action phase and in a game over. R-TURN-4: play goes on until every card is
// turned.
func Waiting(s State) []Ref {
	var out []Ref
	for side := range s.Sides {
		for i := range s.Sides[side].Characters {
			if r := (Ref{side, i}); MayActivate(s, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// MayActivate reports whether the character at r may be activated when its side's turn comes
// in this Action phase: in play, not yet activated, not stunned (R-STATE-9), in a game not
// over. Unlike Allowed(BeginActivation), it does not ask whose turn it is, so a tracker's
// row can keep its Activate button while the turn passes from side to side. R-TURN-4.
func MayActivate(s State, r Ref) bool {
	ch, ok := s.Character(r)
	return ok && s.Flow.Phase == Action && !s.Over() && activatable(ch)
}

// SetActivated turns a character's card (it has acted this turn) or straightens it.
// R-TURN-4: only in the Action phase, and only for a character in play.
type SetActivated struct {
	Ref       Ref
	Activated bool
}

// ActivationSet turns a character's card (Activated) or straightens it. R-TURN-4.
type ActivationSet struct {
	Ref       Ref  `json:"ref"`
	Activated bool `json:"activated"`
}

func (c SetActivated) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	switch {
	case ch.Activated == c.Activated:
		return nil, nil
	case !ch.InPlay():
		return nil, refuse("R-ATK-11", ErrCharacterRemoved, "%s is out of play at 0 LP", ch.Name)
	case s.Flow.Phase != Action:
		return nil, refuse("R-TURN-4", ErrWrongPhase, "cards are turned in the Action phase; it is the %s phase", s.Flow.Phase)
	}
	return []Event{ActivationSet{Ref: c.Ref, Activated: c.Activated}}, nil
}

func (ActivationBegan) Kind() string { return "activation" }
func (ActivationEnded) Kind() string { return "activation-ended" }
func (ActivationSet) Kind() string   { return "activated" }

func (e ActivationBegan) apply(s *State) { r := e.Ref; s.Active = &r }

func (e ActivationEnded) apply(s *State) {
	s.char(e.Ref).Activated = true
	s.Active = nil
	s.Flow.ActiveSide = e.NextSide
}

func (e ActivationSet) apply(s *State) { s.char(e.Ref).Activated = e.Activated }
