package event

import (
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strings"

	"gnosis/engine/core"
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
	// Unfinished: the game was kept before its end (Outcome is then the side ahead, by Ahead);
	// End how it ended (anima.EndVictory, EndLength, EndConceded), Length its turns to play.
	Unfinished bool   `json:"u,omitempty"`
	End        string `json:"e,omitempty"`
	Length     int    `json:"n,omitempty"`
	Ahead      string `json:"w,omitempty"`
	// At is where the game was played, as the phone that kept it knew it from the round's
	// link its player joined (zero: a phone that never joined).
	At At `json:"a,omitzero"`
}

// CodePrefix begins a result code's text.
const CodePrefix = "GNOSIS-RESULT:"

// MaxCode is the longest result code's text read: what a QR code of version 20 holds, far more
// than a result needs.
const MaxCode = 1000

// Text is the code's text, for its QR code.
func (c Code) Text() string { return CodePrefix + Seal(c) }

// ReadCode reads a result code's text: cleaned and bounded at the door (MaxCode, every name
// MaxName), its checksum checked (ErrResultCode).
func ReadCode(text string) (Code, error) {
	var c Code
	text = strings.TrimSpace(text)
	payload, ok := strings.CutPrefix(text, CodePrefix)
	if !ok || len(text) > MaxCode {
		return c, core.Fail(ErrResultCode, nil, "not a Gnosis result code: scan the code a player's phone shows at the end of a game")
	}
	if err := Unseal(payload, &c); err != nil {
		return c, core.Fail(ErrResultCode, err, "the result code is damaged: scan it again")
	}
	c.Game = clean(c.Game, MaxName)
	for i := range c.Parties {
		c.Parties[i] = clean(c.Parties[i], MaxName)
	}
	c.At = c.At.Clean()
	c.End, c.Ahead = clean(c.End, 16), clean(c.Ahead, 16)
	r := c.result(ByCode)
	if err := r.check(); err != nil {
		return c, core.Fail(ErrResultCode, err, "the result code holds a result out of bounds")
	}
	if !c.said() {
		return c, core.Fail(ErrResultCode, nil, "the result code says a game that cannot be: scan the code the player's phone shows")
	}
	return c, nil
}

// How a game ended, as its code says it (anima.State.End: the same words, checked by
// engine/eventgame' tests).
const (
	EndVictory  = "victory"
	EndLength   = "length"
	EndConceded = "conceded"
)

// Ends and Aheads are what a code may say of how its game ended and what put its winner ahead
// (anima.State.End and Ahead, the same words; "" for not said).
var (
	Ends   = []string{"", EndVictory, EndLength, EndConceded}
	Aheads = []string{"", "flag", "conceded", "standing", "nodes", "levels"}
)

// said reports whether what the code says of its game can be: an end and a lead it knows, an
// unfinished game with no end, a game that ran its length at its last turn, a draw ahead on
// nothing and a win ahead on something (where said), the turn within the length.
func (c Code) said() bool {
	switch {
	case !slices.Contains(Ends, c.End) || !slices.Contains(Aheads, c.Ahead):
		return false
	case c.Unfinished && c.End != "":
		return false
	case c.Length > 0 && c.Turns > c.Length, c.End == EndLength && c.Length > 0 && c.Turns != c.Length:
		return false
	case c.Ahead != "" && c.Outcome == Drawn, c.End == EndConceded && c.Outcome == Drawn:
		return false
	}
	return true
}

// result is the code's result as the game has its sides.
func (c Code) result(by string) Result {
	return Result{Outcome: c.Outcome, Killed: c.Killed, Left: c.Left, Scenario: c.Scenario, Turns: c.Turns, Game: c.Game, Parties: c.Parties, By: by,
		Unfinished: c.Unfinished, End: c.End, Length: c.Length, Ahead: c.Ahead}
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

// Placement is where a game's result may be counted in the round being played: its table and
// the player who played the game's first side (the result, in the pairing's order, as it
// would be counted).
type Placement struct {
	Table  int
	First  int
	Result Result
}

// Unsure is the error of a result its code cannot place alone (ErrWhere): the game's lists are
// locked at several tables of the round, or it is a mirror match (one list on both sides) and
// the code does not say which player played which side. The organiser picks one of Options
// (TakeAt); nothing is counted meanwhile.
type Unsure struct {
	*core.RuleError
	Options []Placement
}

// Unwrap is the RuleError, so that errors.Is finds ErrWhere and the interface says it.
func (u *Unsure) Unwrap() error { return u.RuleError }

// TakeCode counts a game's result from its code (ByCode) or a game file (ByFile: the same
// fields, read from the kept game), in the round being played, at the one table Place finds;
// where the code cannot tell the table or the sides, an *Unsure error offers the options, and
// nothing is counted. It says the table.
func (e *Event) TakeCode(c Code, by string) (table int, err error) {
	return e.Take(c, by, nil)
}

// Take is TakeCode, with the game's luck where its log came in (nil: none).
func (e *Event) Take(c Code, by string, luck *[2]Luck) (table int, err error) {
	places, typed, err := e.place(c)
	if err != nil {
		return 0, err
	}
	if why := e.unsure(c, places, typed); why != nil {
		return 0, &Unsure{RuleError: why, Options: places}
	}
	return places[0].Table, e.TakeAt(c, by, luck, places[0])
}

// unsure says why a code's placements need the organiser's choice, or nil where the code
// tells its one table and sides: several placements, a phone that joined another round or
// another night (last week's game of the same lists, or a night set up again), or a
// table of the same lists whose result was typed (it may be this game, brought late).
func (e *Event) unsure(c Code, places []Placement, typed bool) *core.RuleError {
	var err error
	switch {
	case c.Unfinished:
		err = core.Fail(ErrWhere, nil, "this game was kept unfinished, at turn %d: count it as it stands only if the players agree, or type the result they agree", c.Turns)
	case c.End == "" && c.Length > 0 && c.Turns < c.Length:
		err = core.Fail(ErrWhere, nil, "this code does not say how its game ended, at turn %d of %d: count it as it stands only if the players agree", c.Turns, c.Length)
	case c.At.Key != "" && c.At.Key != e.Key(): // an old game, or a night begun again
		err = core.Fail(ErrWhere, nil, "the phone that kept this game had joined another club night: pick its result only if it is this round's game")
	case c.At.Known() && c.At.Key == e.Key() && c.At.Round != len(e.Played):
		err = core.Fail(ErrWhere, nil, "the phone that kept this game joined round %d; round %d is being played: pick its result if this is this round's game", c.At.Round, len(e.Played))
	case len(places) == 1 && typed:
		err = core.Fail(ErrWhere, nil, "another table of this game's lists has a result typed by hand: pick this result if the game is not that table's")
	case len(places) == 1:
		return nil
	case c.Parties[0] == c.Parties[1] && places[0].Table == places[len(places)-1].Table:
		err = core.Fail(ErrWhere, nil, "both sides played one list, and the code does not say who played which: pick the result the players tell you")
	default:
		err = core.Fail(ErrWhere, nil, "this game's lists are locked at %d tables, and the code does not say which: pick the result the players tell you", tablesOf(places))
	}
	var re *core.RuleError
	errors.As(err, &re)
	return re
}

// tablesOf is how many tables the placements name.
func tablesOf(places []Placement) int {
	n := 0
	for i, p := range places {
		if i == 0 || p.Table != places[i-1].Table {
			n++
		}
	}
	return n
}

// Place is where the result of code c may be counted in the round being played, each table
// once for each way its players may have played the game's sides, in table order. A code
// whose phone joined this event (At: the event's Key) is placed at its player's table of
// the round, its sides by the side the phone played; a code that cannot tell (a phone that
// never joined, one phone's mirror match) is placed by its lists: every table whose two
// locked lists are the game's, each way round the lists allow. One placement: the code
// tells. None: an error that says why (ErrResult: counted already, lists not locked at any
// table, the player's table has its result; ErrRound: no round paired).
func (e *Event) Place(c Code) ([]Placement, error) {
	places, _, err := e.place(c)
	return places, err
}

// place is Place, and whether a table of the code's lists has a typed result (placed by its
// lists only: the code may be that table's game).
func (e *Event) place(c Code) ([]Placement, bool, error) {
	n := len(e.Played)
	if n == 0 {
		return nil, false, core.Fail(ErrRound, nil, "no round is paired yet")
	}
	if r, t := e.counted(c.Game); r > 0 {
		if p, _ := e.table(r, t); p != nil && p.Result != nil && p.Result.Game == c.Game && p.Result.Unfinished && !c.Unfinished {
			return nil, false, core.Fail(ErrResult, nil, "this game was counted unfinished at table %d of round %d: to count how it ended, correct that table's result with this code's numbers", t, r)
		}
		return nil, false, core.Fail(ErrResult, nil, "this game was counted already: table %d of round %d", t, r)
	}
	res := c.result(ByCode)
	if err := res.check(); err != nil {
		return nil, false, core.Fail(ErrResult, err, "a result out of bounds")
	}
	var places []Placement
	var typed bool
	var err error
	if c.At.Known() && c.At.Key == e.Key() {
		places, err = e.placeAt(c, c.At)
	} else {
		places, typed, err = e.placeByLists(c, res)
	}
	return alike(places), typed, err
}

// alike is places with each table's ways that count the same result once: a mirror match's
// two sides of a 0–0 draw are one result (nothing to ask).
func alike(places []Placement) []Placement {
	out := places[:0:0]
	for _, p := range places {
		if !slices.ContainsFunc(out, func(q Placement) bool {
			return q.Table == p.Table && q.Result.Outcome == p.Result.Outcome && q.Result.Killed == p.Result.Killed &&
				q.Result.Left == p.Result.Left && q.Result.Scenario == p.Result.Scenario
		}) {
			out = append(out, p)
		}
	}
	return out
}

// placeByLists places code c (its result res) by its lists alone: every table of the round
// being played whose two locked lists are the game's and that has no result, each way round
// the lists allow.
func (e *Event) placeByLists(c Code, res Result) ([]Placement, bool, error) {
	n := len(e.Played)
	var out []Placement
	full, typed := 0, 0
	for _, p := range e.Played[n-1].Pairings {
		if p.Players[1] == Bye {
			continue
		}
		sums := [2]string{e.sum(p.Players[0]), e.sum(p.Players[1])}
		if sums[0] == "" || sums[1] == "" {
			continue
		}
		if sums == c.Parties || sums == [2]string{c.Parties[1], c.Parties[0]} {
			if p.Result != nil {
				full++
				if p.Result.Game == "" {
					typed++ // it may be this very game, typed before its code came
				}
				continue
			}
		}
		if sums == c.Parties {
			out = append(out, Placement{Table: p.Table, First: p.Players[0], Result: res})
		}
		if sums == [2]string{c.Parties[1], c.Parties[0]} {
			out = append(out, Placement{Table: p.Table, First: p.Players[1], Result: res.flipped()})
		}
	}
	if len(out) == 0 && full > 0 {
		return nil, false, core.Fail(ErrResult, nil, "every table of round %d with this game's lists has its result already: correct it there if it is wrong", n)
	}
	if len(out) == 0 {
		return nil, false, core.Fail(ErrResult, nil, "the parties of this game are not the lists locked for a table of round %d: a player played another list, or the wrong opponent", n)
	}
	return out, typed > 0, nil
}

// counted is the round and table where the game id was counted, as its result or one a
// correction replaced (0, 0: nowhere; "" is no game).
func (e *Event) counted(id string) (round, table int) {
	if id == "" {
		return 0, 0
	}
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			for _, res := range append([]*Result{p.Result}, changed(p.Earlier)...) {
				if res != nil && res.Game == id {
					return r.Number, p.Table
				}
			}
		}
	}
	return 0, 0
}

// placeAt places code c by where its phone says it was played: its player's table of the
// round being played (a round's link joined earlier still names the right player), their side
// of the game where the phone knew it, else by the lists.
func (e *Event) placeAt(c Code, at At) ([]Placement, error) {
	n := len(e.Played)
	pl := e.Player(at.Player)
	if pl == nil {
		return nil, core.Fail(ErrResult, nil, "the code names a player this club night does not have")
	}
	var p *Pairing
	for t := range e.Played[n-1].Pairings {
		if q := &e.Played[n-1].Pairings[t]; q.Players[0] == at.Player || q.Players[1] == at.Player {
			p = q
		}
	}
	switch {
	case p == nil:
		return nil, core.Fail(ErrResult, nil, "%s has no table in round %d", pl.Name, n)
	case p.Players[1] == Bye:
		return nil, core.Fail(ErrResult, nil, "%s has the bye in round %d", pl.Name, n)
	case p.Result != nil:
		return nil, core.Fail(ErrResult, nil, "table %d of round %d has its result already: correct it there if it is wrong", p.Table, n)
	}
	sums := [2]string{e.sum(p.Players[0]), e.sum(p.Players[1])}
	if sums[0] == "" || sums[1] == "" {
		return nil, core.Fail(ErrResult, nil, "table %d of round %d has a list not locked: type its result", p.Table, n)
	}
	if sums != c.Parties && sums != [2]string{c.Parties[1], c.Parties[0]} {
		return nil, core.Fail(ErrResult, nil, "the parties of this game are not the lists locked at table %d of round %d: a player played another list, or the wrong opponent", p.Table, n)
	}
	res := c.result(ByCode)
	mine := 0 // the player's place at the table
	if p.Players[1] == at.Player {
		mine = 1
	}
	ways := []Placement{{Table: p.Table, First: p.Players[0], Result: res}, {Table: p.Table, First: p.Players[1], Result: res.flipped()}}
	switch {
	case at.Side == 0 || at.Side == 1:
		w := ways[0]
		if at.Side != mine { // the player played the game's other side than their place
			w = ways[1]
		}
		if w.Result.Parties != sums {
			return nil, core.Fail(ErrResult, nil, "%s played a list that is not the one locked for them", pl.Name)
		}
		return []Placement{w}, nil
	case sums[0] != sums[1] && sums == c.Parties:
		return ways[:1], nil
	case sums[0] != sums[1]:
		return ways[1:], nil
	}
	return ways, nil
}

// TakeAt counts the result of code c at pl, one of Place's placements (the organiser's
// choice where Place offers several), with the game's luck where its log came in (nil: none).
func (e *Event) TakeAt(c Code, by string, luck *[2]Luck, pl Placement) error {
	places, err := e.Place(c)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(places, func(q Placement) bool { return q.Table == pl.Table && q.First == pl.First })
	if i < 0 {
		return core.Fail(ErrResult, nil, "this game cannot be counted at table %d that way: its lists are not the ones locked there", pl.Table)
	}
	res := c.result(by)
	res.Luck = luck
	if places[i].First != e.Played[len(e.Played)-1].Pairings[pl.Table-1].Players[0] {
		res = res.flipped()
	}
	if err := res.check(); err != nil {
		return core.Fail(ErrResult, err, "a result out of bounds")
	}
	e.Played[len(e.Played)-1].Pairings[pl.Table-1].Result = &res
	return nil
}

// Key is the event's key, which a round's link carries and a game's result code names (At):
// a checksum of its seed, name and day, the same on every phone the event's file opens on.
func (e *Event) Key() string { return Checksum(fmt.Sprintf("%d\x00%s\x00%s", e.Seed, e.Name, e.Date)) }

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
	if err := e.inLevels(p, r); err != nil {
		return err
	}
	p.Result = &r
	return nil
}

// inLevels refuses a typed result that says more levels of a side's list were killed and kept
// than the list has: its party's level (List.Levels), else the event's (Level); a bye's or
// an unknown side's bound is none.
func (e *Event) inLevels(p *Pairing, r Result) error {
	for side := range 2 {
		levels, name := e.Level, ""
		if pl := e.Player(p.Players[side]); pl != nil {
			name = pl.Name
			if pl.List != nil && pl.List.Levels > 0 {
				levels = pl.List.Levels
			}
		}
		if levels > 0 && r.Killed[1-side]+r.Left[side] > levels {
			return core.Fail(ErrResult, nil, "%d levels of %s's list killed and %d left: the list has %d levels", r.Killed[1-side], name, r.Left[side], levels)
		}
	}
	return nil
}

// Correct replaces the result of table of round n with r (typed), keeping the one it replaces,
// who changed it and why (a correction without its reason is refused); the standings follow.
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
	if clean(why, MaxWhy) == "" {
		return core.Fail(ErrResult, nil, "a correction needs its reason: say why the result changes")
	}
	r.By = ByTyped
	if err := r.check(); err != nil {
		return core.Fail(ErrResult, err, "a result out of bounds")
	}
	if err := e.inLevels(p, r); err != nil {
		return err
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
