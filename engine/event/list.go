package event

import (
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/party"
	"gnosis/engine/share"
)

// Submit checks the party a share link (or its QR code's text) holds against the event's rules
// and, when it keeps every one, locks it as player id's list (a Diskwars event's: an army's
// link, its discs checked): the party's checksum is kept
// (List.Sum), and a game's result must name it. A list is refused, with its reason, when the
// link cannot be read, the party is of another edition or over the event's level, or it breaks
// a party rule (the violations, each said in the player's language by Violation.Message); a
// list is locked for good once the player's first round is paired.
func (e *Event) Submit(id int, link string, cat share.Catalog) ([]party.Violation, error) {
	p := e.Player(id)
	switch {
	case p == nil:
		return nil, core.Fail(ErrPlayer, nil, "no player %d in the event", id)
	case p.List != nil && e.paired(id):
		return nil, core.Fail(ErrList, nil, "%s's list is locked: the player has been paired with it", p.Name)
	case e.Game == GameDiskwars:
		return nil, e.submitArmy(p, link)
	}
	f, err := share.Decode(link, cat)
	if err != nil {
		return nil, err
	}
	switch {
	case f.Edition != e.Edition:
		return nil, core.Fail(ErrList, nil, "the list is of the %s edition; the event plays the %s", string(f.Edition), string(e.Edition))
	case e.Level > 0 && f.Level > e.Level:
		return nil, core.Fail(ErrList, nil, "the list is of %d levels; the event's limit is %d", f.Level, e.Level)
	}
	pt, err := party.ResolveParty(f, cat)
	if err != nil {
		return nil, err
	}
	if vs := party.CheckParty(pt); len(vs) > 0 {
		return vs, core.Fail(ErrList, nil, "the list breaks %d party rules: it is not locked", len(vs))
	}
	payload, sum, err := listOf(f, cat) // the same party always: one checksum
	if err != nil {
		return nil, err
	}
	if err := listFits(payload); err != nil {
		return nil, err
	}
	p.List = &List{Link: payload, Party: clean(f.Name, MaxName), Sum: sum}
	return nil, nil
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

// submitArmy locks a Diskwars army's link (diskwars.DecodeArmy: every disc checked) as p's
// list: its payload written again, and its checksum.
func (e *Event) submitArmy(p *Player, link string) error {
	a, err := diskwars.DecodeArmy(link)
	if err != nil {
		return err
	}
	payload, err := diskwars.EncodeArmy(a)
	if err != nil {
		return err
	}
	if err := listFits(payload); err != nil {
		return err
	}
	p.List = &List{Link: payload, Party: clean(a.Name, MaxName), Sum: Checksum(payload)}
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
