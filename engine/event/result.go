package event

import (
	"fmt"
	"hash/crc32"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/party"
	"gnosis/engine/share"
	"gnosis/engine/shelf"
)

// Code is a game's result as a player's phone shows it in one QR code, and the organiser's
// scans: the game's ID, both parties' checksums (List.Sum), the result, levels left and
// killed, scenario points and turns, each side in the game's order. Its text is
// CodePrefix and the JSON sealed (fragment.Seal: base64url with a CRC-32).
type Code struct {
	Game     string    `json:"g"`
	Parties  [2]string `json:"p"`
	Outcome  string    `json:"o"` // FirstWins, SecondWins or Drawn, the game's first side first
	Killed   [2]int    `json:"k"`
	Left     [2]int    `json:"l"`
	Scenario [2]int    `json:"s"`
	Turns    int       `json:"t"`
}

// CodePrefix begins a result code's text.
const CodePrefix = "GNOSIS-RESULT:"

// MaxCode is the longest result code's text read: what a QR code of version 20 holds, far more
// than a result needs.
const MaxCode = 1000

// Text is the code's text, for its QR code.
func (c Code) Text() string { return CodePrefix + sealed(c) }

// ReadCode reads a result code's text: cleaned and bounded at the door (MaxCode, every name
// MaxName), its checksum checked (ErrResultCode).
func ReadCode(text string) (Code, error) {
	var c Code
	text = strings.TrimSpace(text)
	payload, ok := strings.CutPrefix(text, CodePrefix)
	if !ok || len(text) > MaxCode {
		return c, core.Fail(ErrResultCode, nil, "not a Gnosis result code: scan the code a player's phone shows at the end of a game")
	}
	if err := unseal(payload, &c); err != nil {
		return c, core.Fail(ErrResultCode, err, "the result code is damaged: scan it again")
	}
	c.Game = clean(c.Game, MaxName)
	for i := range c.Parties {
		c.Parties[i] = clean(c.Parties[i], MaxName)
	}
	r := c.result(ByCode)
	if err := r.check(); err != nil {
		return c, core.Fail(ErrResultCode, err, "the result code holds a result out of bounds")
	}
	return c, nil
}

// result is the code's result as the game has its sides.
func (c Code) result(by string) Result {
	return Result{Outcome: c.Outcome, Killed: c.Killed, Left: c.Left, Scenario: c.Scenario, Turns: c.Turns, Game: c.Game, Parties: c.Parties, By: by}
}

// flipped is r with its sides the other way round.
func (r Result) flipped() Result {
	switch r.Outcome {
	case FirstWins:
		r.Outcome = SecondWins
	case SecondWins:
		r.Outcome = FirstWins
	}
	r.Killed = [2]int{r.Killed[1], r.Killed[0]}
	r.Left = [2]int{r.Left[1], r.Left[0]}
	r.Scenario = [2]int{r.Scenario[1], r.Scenario[0]}
	r.Parties = [2]string{r.Parties[1], r.Parties[0]}
	if r.Luck != nil {
		r.Luck = &[2]Luck{r.Luck[1], r.Luck[0]}
	}
	return r
}

// Checksum is a list's checksum: the CRC-32 of its share payload, in hex.
func Checksum(payload string) string { return fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(payload))) }

// TakeCode counts a game's result from its code (ByCode) or a game file (ByFile: the same
// fields, read from the kept game), in the round being played: its parties must be the locked
// lists of one of the round's tables, and the game not counted already. It says the table.
func (e *Event) TakeCode(c Code, by string) (table int, err error) {
	return e.take(c, by, nil)
}

// TakeGame counts the result of a game kept (a game file's, shelf.Read), as TakeCode counts
// its code (CodeOf), with each side's luck from its log: the event's luck (Lucks) sums it.
func (e *Event) TakeGame(k shelf.Kept) (table int, err error) {
	c, err := CodeOf(k.Game)
	if err != nil {
		return 0, err
	}
	luck := [2]Luck{k.Luck.Sides[0].Figures, k.Luck.Sides[1].Figures}
	return e.take(c, ByFile, &luck)
}

// take is TakeCode, with the game's luck where its log came in (nil: none).
func (e *Event) take(c Code, by string, luck *[2]Luck) (table int, err error) {
	n := len(e.Played)
	if n == 0 {
		return 0, core.Fail(ErrRound, nil, "no round is paired yet")
	}
	if c.Game != "" {
		for _, r := range e.Played {
			for _, p := range r.Pairings {
				if p.Result != nil && p.Result.Game == c.Game {
					return 0, core.Fail(ErrResult, nil, "this game was counted already: table %d of round %d", p.Table, r.Number)
				}
			}
		}
	}
	r := &e.Played[n-1]
	for t := range r.Pairings {
		p := &r.Pairings[t]
		if p.Players[1] == Bye {
			continue
		}
		sums := [2]string{e.sum(p.Players[0]), e.sum(p.Players[1])}
		if sums[0] == "" || sums[1] == "" {
			continue
		}
		res := c.result(by)
		res.Luck = luck
		if err := res.check(); err != nil {
			return 0, core.Fail(ErrResult, err, "a result out of bounds")
		}
		switch {
		case sums == c.Parties:
		case sums == [2]string{c.Parties[1], c.Parties[0]}:
			res = res.flipped()
		default:
			continue
		}
		if p.Result != nil {
			return 0, core.Fail(ErrResult, nil, "table %d of round %d has its result already: correct it there if it is wrong", p.Table, n)
		}
		p.Result = &res
		return p.Table, nil
	}
	return 0, core.Fail(ErrResult, nil, "the parties of this game are not the lists locked for a table of round %d: a player played another list, or the wrong opponent", n)
}

// sum is player id's locked list's checksum ("" none).
func (e *Event) sum(id int) string {
	if p := e.Player(id); p != nil && p.List != nil {
		return p.List.Sum
	}
	return ""
}

// Type keeps a result the organiser typed for table of round n (ByTyped), the first player's
// side first; a table with a result keeps it (Correct changes it).
func (e *Event) Type(n, table int, r Result) error {
	p, err := e.table(n, table)
	if err != nil {
		return err
	}
	if p.Result != nil {
		return core.Fail(ErrResult, nil, "table %d of round %d has its result already: correct it there if it is wrong", table, n)
	}
	r.By, r.Game, r.Parties = ByTyped, "", [2]string{}
	if err := r.check(); err != nil {
		return core.Fail(ErrResult, err, "a result out of bounds")
	}
	p.Result = &r
	return nil
}

// Correct replaces the result of table of round n with r (typed), keeping the one it replaces,
// who changed it and why; the standings follow.
func (e *Event) Correct(n, table int, r Result, who, why string) error {
	p, err := e.table(n, table)
	if err != nil {
		return err
	}
	if p.Result == nil {
		return core.Fail(ErrResult, nil, "table %d of round %d has no result to correct", table, n)
	}
	if len(p.Earlier) >= MaxRounds {
		return core.Fail(ErrResult, nil, "a table keeps at most %d corrections", MaxRounds)
	}
	r.By = ByTyped
	if err := r.check(); err != nil {
		return core.Fail(ErrResult, err, "a result out of bounds")
	}
	p.Earlier = append(p.Earlier, Change{Result: *p.Result, Who: clean(who, MaxName), Why: clean(why, MaxWhy)})
	p.Result = &r
	return nil
}

// table is the pairing at table of round n.
func (e *Event) table(n, table int) (*Pairing, error) {
	if n < 1 || n > len(e.Played) || table < 1 || table > len(e.Played[n-1].Pairings) {
		return nil, core.Fail(ErrRound, nil, "no table %d in round %d", table, n)
	}
	p := &e.Played[n-1].Pairings[table-1]
	if p.Players[1] == Bye {
		return nil, core.Fail(ErrRound, nil, "table %d of round %d is a bye", table, n)
	}
	return p, nil
}

// ListSum is the checksum a club night locks a party by (List.Sum): the CRC-32 of its share
// payload, read back and written again, so that the party a player's phone starts a game with
// and the list the organiser's phone read from its link have one checksum. A party the share
// format cannot carry has none (its error).
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
	return payload, Checksum(again), nil
}

// CodeOf is the result code of an Anima Tactics game kept on the shelf: its ID, both sides'
// list checksums from its start, who won (the side ahead, for a game left before its end),
// the levels each side killed (of the other's characters put out of play) and has left on
// the table, each side's scenario points and the turns. Both phones of a two-phone game keep
// the same card, so they show the same code. ErrResultCode when the game is a Diskwars one or
// a side began with no list checksum (a party not saved on the phone that started it).
func CodeOf(g shelf.Game) (Code, error) {
	if g.Kind != shelf.Anima {
		return Code{}, core.Fail(ErrResultCode, nil, "a Diskwars game has no result code: the organiser types its result")
	}
	c := Code{Game: g.ID, Turns: min(g.Turns, MaxTurns), Outcome: Drawn}
	switch {
	case g.Winner == 0:
		c.Outcome = FirstWins
	case g.Winner == 1:
		c.Outcome = SecondWins
	}
	for i, sd := range g.Sides {
		if sd.List == "" {
			return Code{}, core.Fail(ErrResultCode, nil, "%s began with no saved party's list: the organiser types this game's result", sd.Name)
		}
		c.Parties[i], c.Left[i] = sd.List, min(sd.Levels, MaxLevels)
		for _, ch := range sd.Characters {
			c.Scenario[i] = min(c.Scenario[i]+ch.Points, MaxLevels)
		}
		for _, ch := range g.Sides[1-i].Characters {
			if ch.Out > 0 {
				c.Killed[i] = min(c.Killed[i]+ch.Level, MaxLevels)
			}
		}
	}
	return c, nil
}
