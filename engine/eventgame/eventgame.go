// Package eventgame ties a club night (engine/event, which knows no game) to the games played at
// it: a party's or an army's link checked against the event's rules and locked as a player's
// list (Submit, ListSum), and a kept game's result code and luck (CodeOf, GameCode, TakeGame).
// The pairing, the standings and the tiebreakers stay in engine/event, apart from the games.
package eventgame

import (
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/event"
	"gnosis/engine/party"
	"gnosis/engine/share"
	"gnosis/engine/shelf"
)

// Submit checks the party a share link (or its QR code's text) holds against event e's rules
// and, when it keeps every one, locks it as player id's list (event.Event.Lock; a Diskwars
// event's: an army's link, its discs checked): the party's checksum is kept (event.List.Sum),
// and a game's result must name it. A list is refused, with its reason, when the link cannot be
// read, the party is of another edition or over the event's level (event.ErrList), or it breaks
// a party rule (the violations, each said in the player's language by Violation.Message); a
// list is locked for good once the player's first round is paired.
func Submit(e *event.Event, id int, link string, cat share.Catalog) ([]party.Violation, error) {
	if err := e.MayLock(id); err != nil {
		return nil, err
	}
	if e.Game == event.GameDiskwars {
		return nil, submitArmy(e, id, link)
	}
	f, err := share.Decode(link, cat)
	if err != nil {
		return nil, err
	}
	switch {
	case string(f.Edition) != e.Edition:
		return nil, core.Fail(event.ErrList, nil, "the list is of the %s edition; the event plays the %s", string(f.Edition), e.Edition)
	case e.Level > 0 && f.Level > e.Level:
		return nil, core.Fail(event.ErrList, nil, "the list is of %d levels; the event's limit is %d", f.Level, e.Level)
	}
	pt, err := party.ResolveParty(f, cat)
	if err != nil {
		return nil, err
	}
	if vs := party.CheckParty(pt); len(vs) > 0 {
		return vs, core.Fail(event.ErrList, nil, "the list breaks %d party rules: it is not locked", len(vs))
	}
	payload, sum, err := listOf(f, cat) // the same party always: one checksum
	if err != nil {
		return nil, err
	}
	return nil, e.Lock(id, event.List{Link: payload, Party: f.Name, Sum: sum, Levels: f.Level})
}

// submitArmy locks a Diskwars army's link (diskwars.DecodeArmy: every disc checked) as player
// id's list: its payload written again, and its checksum.
func submitArmy(e *event.Event, id int, link string) error {
	a, err := diskwars.DecodeArmy(link)
	if err != nil {
		return err
	}
	payload, err := diskwars.EncodeArmy(a)
	if err != nil {
		return err
	}
	return e.Lock(id, event.List{Link: payload, Party: a.Name, Sum: event.Checksum(payload)})
}

// TakeGame counts in e the result of a game kept (a game file's, shelf.Read), as
// event.Event.TakeCode counts its code (CodeOf), with each side's luck from its log: the
// event's luck (event.Event.Lucks) sums it. It says the table; *event.Unsure where the code
// cannot tell it.
func TakeGame(e *event.Event, k shelf.Kept) (table int, err error) {
	c, luck, err := GameCode(k)
	if err != nil {
		return 0, err
	}
	return e.Take(c, event.ByFile, luck)
}

// GameCode is a kept game's result code (CodeOf) and each side's luck from its log.
func GameCode(k shelf.Kept) (event.Code, *[2]event.Luck, error) {
	c, err := CodeOf(k.Game)
	if err != nil {
		return c, nil, err
	}
	return c, &[2]event.Luck{k.Luck.Sides[0].Figures, k.Luck.Sides[1].Figures}, nil
}

// ListSum is the checksum a club night locks a party by (event.List.Sum): the CRC-32 of its
// share payload, read back and written again, so that the party a player's phone starts a game
// with and the list the organiser's phone read from its link have one checksum. A party the
// share format cannot carry has none (its error).
func ListSum(f party.PartyFile, cat share.Catalog) (string, error) {
	_, sum, err := listOf(f, cat)
	return sum, err
}

// listOf is f's share payload and its list checksum (ListSum).
func listOf(f party.PartyFile, cat share.Catalog) (payload, sum string, err error) {
	if payload, err = share.Encode(f, cat); err != nil {
		return "", "", err
	}
	back, err := share.Decode(payload, cat)
	if err != nil {
		return "", "", err
	}
	again, err := share.Encode(back, cat)
	if err != nil {
		return "", "", err
	}
	return payload, event.Checksum(again), nil
}

// CodeOf is the result code of an Anima Tactics game kept on the shelf: its ID, both sides'
// list checksums from its start, who won (the side ahead, for a game left before its end),
// the levels each side killed (of the other's characters put out of play) and has left on
// the table, each side's scenario points and the turns. Both phones of a two-phone game keep
// the same card, so they show the same code. ErrResultCode when the game is a Diskwars one or
// a side began with no list checksum (a party not saved on the phone that started it).
func CodeOf(g shelf.Game) (event.Code, error) {
	if g.Kind != shelf.Anima {
		return event.Code{}, core.Fail(event.ErrResultCode, nil, "a Diskwars game has no result code: the organiser types its result")
	}
	c := event.Code{Game: g.ID, Turns: min(g.Turns, event.MaxTurns), Outcome: event.Drawn, At: g.At.Clean(),
		Unfinished: !g.Over, End: core.CleanText(g.End), Length: min(max(g.Length, 0), event.MaxTurns), Ahead: core.CleanText(g.Ahead)}
	switch {
	case g.Winner == 0:
		c.Outcome = event.FirstWins
	case g.Winner == 1:
		c.Outcome = event.SecondWins
	}
	for i, sd := range g.Sides {
		if sd.List == "" {
			return event.Code{}, core.Fail(event.ErrResultCode, nil, "%s began with no saved party's list: the organiser types this game's result", sd.Name)
		}
		c.Parties[i], c.Left[i] = sd.List, min(sd.Levels, event.MaxLevels)
		for _, ch := range sd.Characters {
			c.Scenario[i] = min(c.Scenario[i]+ch.Points, event.MaxLevels)
		}
		for _, ch := range g.Sides[1-i].Characters {
			if ch.Out > 0 {
				c.Killed[i] = min(c.Killed[i]+ch.Level, event.MaxLevels)
			}
		}
	}
	return c, nil
}
