package event

import (
	"gnosis/engine/core"
)

// Lock locks l as player id's list, its link and checksum as engine/eventgame's Submit made
// them from the party or army a player's link holds, checked against the event's rules. A game's
// result must name its checksum (Code.Parties). Refused when there is no player id (ErrPlayer),
// when the player's list is locked for good (a round with them paired: ErrList), or when its link
// is longer than MaxList (ErrList). Its party's name is cleaned and cut (MaxName).
func (e *Event) Lock(id int, l List) error {
	if err := e.MayLock(id); err != nil {
		return err
	}
	if err := listFits(l.Link); err != nil {
		return err
	}
	l.Party = clean(l.Party, MaxName)
	e.Player(id).List = &l
	return nil
}

// MayLock says why player id's list cannot be locked now (Lock's ErrPlayer and ErrList for a
// list locked for good), or nil.
func (e *Event) MayLock(id int) error {
	p := e.Player(id)
	switch {
	case p == nil:
		return core.Fail(ErrPlayer, nil, "no player %d in the event", id)
	case p.List != nil && e.paired(id):
		return core.Fail(ErrList, nil, "%s's list is locked: the player has been paired with it", p.Name)
	}
	return nil
}

// MaxList is the longest list's link payload an event locks, in characters: what one QR code
// of a round's link holds (MaxRoundPayload), far more than a real party or army needs. It
// bounds the event's file: 256 players' lists take at most a third of MaxFileBytes.
const MaxList = MaxRoundPayload

// listFits refuses a list's payload longer than MaxList.
func listFits(payload string) error {
	if len(payload) > MaxList {
		return core.Fail(ErrList, nil, "the list's link is %d characters long: a club night locks a list of at most %d, what one QR code holds; shorten its names", len(payload), MaxList)
	}
	return nil
}

// paired reports whether player id is in a round paired.
func (e *Event) paired(id int) bool {
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Players[0] == id || p.Players[1] == id {
				return true
			}
		}
	}
	return false
}
