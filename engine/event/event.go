// Package event is a club night: a tournament run from one phone, with no server. An Event
// holds its set-up (the game, the level, the rounds and their scenarios, the pairing method,
// the points and the tiebreakers), its players with their locked lists, and each round's
// pairings with their results. Everything here is pure Go: the organiser's phone, the command
// line (gnosis event pair|standings FILE) and the tests run the same code.
//
// The pairing is a pure function of the event: a round paired again, from the same event,
// is the same round (Pair). It follows the organiser's rules of ../shared/CLUB-NIGHT.md
// (R-EVT-1 to R-EVT-11): Swiss rounds ranked by points first and paired from the top, never
// twice the same opponents; the bye to the lowest-ranked player who has not had one.
package event

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/luck"
)

// Bounds of an event: what a file, a link or a code may hold.
const (
	MaxPlayers   = 256     // players entered, dropped ones too
	MaxRounds    = 16      // rounds of an event
	MaxRobin     = 8       // players of a round robin
	MaxName      = 80      // characters of an event's, a player's, a party's or a scenario's name
	MaxWhy       = 200     // characters of a swap's or a correction's reason
	MaxFileBytes = 2 << 20 // bytes of an event file: 256 players' lists (MaxList) take a third of it, the rest is for 16 rounds' results; a change past it is refused (ErrTooBig)
	MaxPoints    = 100     // points for a win, a draw, a loss or a bye
	MaxLevels    = 10000   // levels killed or left, scenario points, of one side of a game
	MaxTurns     = 100     // turns of a game
)

// FileKind and FileVersion name an event file (its JSON's "kind" and "version").
const (
	FileKind    = "gnosis-event"
	FileVersion = 1
)

// The games an event plays (the shelf's kinds).
const (
	GameAnima    = "at" // Anima Tactics
	GameDiskwars = "dw" // Warhammer: Diskwars
)

// Editions are the editions of Anima Tactics an event plays (anima.Edition's, the same words,
// checked by engine/eventgame' tests), the default first.
var Editions = []string{"core", "alpha"}

// Method is how a round is paired.
type Method string

// The pairing methods.
const (
	Swiss      Method = "swiss"       // by points, never the same opponents twice (Pair)
	Random     Method = "random"      // at random from the event's seed, never the same opponents twice
	RoundRobin Method = "round-robin" // everyone meets everyone, up to MaxRobin players
)

// Tiebreaker is a column of the standings, compared in the order the organiser picks.
type Tiebreaker string

// The tiebreakers.
const (
	Points     Tiebreaker = "points"   // tournament points: Scoring's for each win, draw, loss and bye
	Margin     Tiebreaker = "margin"   // levels killed minus levels lost, over the games played
	Scenario   Tiebreaker = "scenario" // scenario points, over the games played
	Schedule   Tiebreaker = "sos"      // strength of schedule: the opponents' mean tournament points
	HeadToHead Tiebreaker = "h2h"      // of two players tied on all before, the winner of their game
)

// Tiebreakers are every tiebreaker, in the order an event takes by default.
var Tiebreakers = []Tiebreaker{Points, Margin, Schedule, Scenario, HeadToHead}

// Scoring is the tournament points of a win, a draw, a loss and a bye.
type Scoring struct {
	Win  int `json:"win"`
	Draw int `json:"draw"`
	Loss int `json:"loss"`
	Bye  int `json:"bye"`
}

// Event is a club night: its set-up, its players and its rounds. The event file is its JSON
// (ReadFile, File), the set-up's fields at its top level.
type Event struct {
	Kind    string `json:"kind"`    // FileKind
	Version int    `json:"version"` // FileVersion
	Setup
	Players []Player `json:"players"` // in the order they entered; ID is the place plus one
	Played  []Round  `json:"played"`  // the rounds paired, in order
}

// Setup is what the organiser chooses before the first round: the event's name and day, the
// game and its edition, the level limit of a list, the rounds and each one's scenario, the
// pairing method, the points, the tiebreakers in their order, the seed that draws round 1,
// and whether opponents see each other's lists each round.
type Setup struct {
	Name        string       `json:"name"`
	Date        string       `json:"date"`              // the day, "2026-12-05"
	Game        string       `json:"game"`              // GameAnima or GameDiskwars
	Edition     string       `json:"edition,omitempty"` // Anima Tactics: the edition of the lists, one of Editions
	Level       int          `json:"level"`             // the level limit of a list, in levels (0: none)
	Rounds      int          `json:"rounds"`
	Scenarios   []string     `json:"scenarios,omitempty"` // each round's scenario (anima.Scenario), "" for none named
	Method      Method       `json:"method"`
	Scoring     Scoring      `json:"scoring"`
	Tiebreakers []Tiebreaker `json:"tiebreakers"`
	Seed        uint64       `json:"seed"` // draws round 1 (and every round of Random)
	// Begun is when the night began, in Unix milliseconds (0: not known, a file of an earlier
	// version): it orders two nights of one day in a season (engine/season).
	Begun     int64 `json:"begun,omitempty"`
	ListsOpen bool  `json:"listsOpen"` // opponents see each other's lists each round (else at the end)
}

// Player is one player of an event.
type Player struct {
	ID      int    `json:"id"` // 1, 2, …: the order they entered
	Name    string `json:"name"`
	List    *List  `json:"list,omitempty"` // the list locked for the event (nil: none yet)
	Entered int    `json:"entered"`        // the first round the player is paired in (1: from the start)
	Dropped bool   `json:"dropped,omitempty"`
	Card    string `json:"card,omitempty"` // the key of the player card they entered by (ValidCard; "": by name)
}

// List is a party locked for an event: its share link's payload (engine/share), its name, and
// its checksum (Sum), which a game's result must name.
type List struct {
	Link  string `json:"link"`
	Party string `json:"party"`
	Sum   string `json:"sum"`
	// Levels is the party's level (the levels a typed result may say it killed or kept of it,
	// Event.Type); 0 where not known (a Diskwars army, a list locked before it was kept).
	Levels int `json:"levels,omitempty"`
}

// Round is a round paired: its pairings, tables numbered from the top, and the organiser's
// swaps with their reasons.
type Round struct {
	Number   int       `json:"number"`
	Pairings []Pairing `json:"pairings"`
	Swaps    []Swap    `json:"swaps,omitempty"`
}

// Bye is the second player of a pairing that is a bye.
const Bye = 0

// Pairing is a table of a round: its number (1 at the top), its two players (IDs; the second
// Bye for a bye), its result once in, and the results it replaced (corrections).
type Pairing struct {
	Table   int      `json:"table"`
	Players [2]int   `json:"players"`
	Result  *Result  `json:"result,omitempty"`
	Earlier []Change `json:"earlier,omitempty"`
}

// Outcome of a game, as the pairing's first player sees it.
const (
	FirstWins  = "first"
	SecondWins = "second"
	Drawn      = "draw"
)

// Result is a game's result, sides in the pairing's order: who won, levels killed by each
// (of the other's) and left to each, scenario points, turns; the game's ID and the parties'
// checksums, where it came from a game (a result code or a game file); how it came.
type Result struct {
	Outcome  string    `json:"outcome"` // FirstWins, SecondWins, Drawn
	Killed   [2]int    `json:"killed"`
	Left     [2]int    `json:"left"`
	Scenario [2]int    `json:"scenario"`
	Turns    int       `json:"turns"`
	Game     string    `json:"game,omitempty"`
	Parties  [2]string `json:"parties,omitempty"`
	By       string    `json:"by"` // ByCode, ByFile, ByTyped
	// Unfinished: the game was kept before its end (its code said so, and the organiser counted
	// it as it stood); End how it ended, Length its turns to play, Ahead what put the winner
	// ahead, as the code said (Code).
	Unfinished bool     `json:"unfinished,omitempty"`
	End        string   `json:"end,omitempty"`
	Length     int      `json:"length,omitempty"`
	Ahead      string   `json:"ahead,omitempty"`
	Luck       *[2]Luck `json:"luck,omitempty"` // each side's luck, where the game's log came in (ByFile)
}

// Luck is a side's luck in one game, from its log (luck.Figures, as engine/report measures it):
// its attacks, hits against the expected, the LP they took against the expected, its checks
// passed against the expected.
type Luck = luck.Figures

// How a result came in.
const (
	ByCode  = "code"  // scanned from a player's phone
	ByFile  = "file"  // read from a game file
	ByTyped = "typed" // typed by the organiser
)

// Change is a result replaced by a correction: the result, who changed it and why.
type Change struct {
	Result Result `json:"result"`
	Who    string `json:"who"`
	Why    string `json:"why"`
}

// Swap is the organiser's swap of two players in a round, and why.
type Swap struct {
	Players [2]int `json:"players"`
	Why     string `json:"why"`
}

// Errors of an event (core.RuleError: said in the player's language).
var (
	ErrBadEvent      = errors.New("not an event this version can run")
	ErrNoPairing     = errors.New("no pairing")
	ErrRound         = errors.New("not this round")
	ErrResult        = errors.New("a result refused")
	ErrList          = errors.New("a list refused")
	ErrPlayer        = errors.New("no such player")
	ErrEventFile     = errors.New("not an event file")
	ErrResultCode    = errors.New("not a result code")
	ErrEventIsOver   = errors.New("the event is over")
	ErrRoundLink     = errors.New("not a round's link")
	ErrStandingsLink = errors.New("not a club night's standings")
	ErrWhere         = errors.New("the code cannot tell its table") // *Unsure: the organiser picks
	ErrTooBig        = errors.New("the event would be too big to keep")
)

// New is an event with the defaults of a club night: Anima Tactics in its core edition at
// level 300, three Swiss rounds, 3 points a win, 1 a draw, 0 a loss, 3 a bye, every tiebreaker in
// the default order, lists seen each round, drawn from seed.
func New(name, date string, seed uint64) *Event {
	return &Event{Kind: FileKind, Version: FileVersion, Setup: Defaults(name, date, seed)}
}

// Defaults is the set-up of New: Anima Tactics in its core edition at level 300, three Swiss
// rounds, 3 points a win, 1 a draw, 0 a loss, 3 a bye, every tiebreaker in the default order,
// lists seen each round.
func Defaults(name, date string, seed uint64) Setup {
	return Setup{Name: name, Date: date, Game: GameAnima, Edition: Editions[0],
		Level: 300, Rounds: 3, Method: Swiss, Scoring: Scoring{Win: 3, Draw: 1, Bye: 3},
		Tiebreakers: slices.Clone(Tiebreakers), Seed: seed, ListsOpen: true}
}

// Begin is a new event of the set-up s, its names cleaned and cut (MaxName), or why the
// set-up cannot run (ErrBadEvent): a Diskwars event has no edition, its day is a day (IsDay).
func Begin(s Setup) (*Event, error) {
	s.Name, s.Date = clean(s.Name, MaxName), clean(s.Date, MaxName)
	s.Scenarios = slices.Clone(s.Scenarios)
	for i := range s.Scenarios {
		s.Scenarios[i] = clean(s.Scenarios[i], MaxName)
	}
	s.Tiebreakers = slices.Clone(s.Tiebreakers)
	if s.Game == GameDiskwars {
		s.Edition = ""
	}
	if !IsDay(s.Date) { // as a file is read (ReadFile)
		return nil, core.Fail(ErrBadEvent, nil, "a club night's day is a date as 2026-12-05, not %q", s.Date)
	}
	e := &Event{Kind: FileKind, Version: FileVersion, Setup: s}
	if err := e.Check(); err != nil {
		return nil, err
	}
	return e, nil
}

// Check says what makes the event one this version cannot run (ErrBadEvent), or nil: its
// bounds, its game and method, its points and tiebreakers, its players and rounds.
func (e *Event) Check() error {
	if err := e.checkSetup(); err != nil {
		return err
	}
	if err := e.checkRanking(); err != nil {
		return err
	}
	names := make(map[string]bool, len(e.Players)) // folded names
	cards := make(map[string]bool, len(e.Players)) // card keys: apart from the names, which may read as anything
	for i, p := range e.Players {
		if p.ID != i+1 || p.Entered < 1 || p.Entered > e.Rounds+1 {
			return core.Fail(ErrBadEvent, nil, "a player out of place: %d", p.ID)
		}
		f := Fold(p.Name)
		if names[f] || f == "" { // R-EVT-11
			return core.Fail(ErrBadEvent, nil, "two players named %s, or one with no name: each player has a name of their own", p.Name)
		}
		names[f] = true
		if p.Card == "" {
			continue
		}
		if !ValidCard(p.Card) || cards[p.Card] {
			return core.Fail(ErrBadEvent, nil, "%s entered by a player card that cannot be, or another player's", p.Name)
		}
		cards[p.Card] = true
	}
	return e.checkRounds()
}

// checkSetup checks the event's kind, game, level, rounds, method and bounds.
func (e *Event) checkSetup() error {
	switch {
	case e.Kind == "":
		return core.Fail(ErrBadEvent, nil, "not a club night's event file: it names no kind (a party's file, a game's, a backup?)")
	case e.Kind != FileKind || e.Version != FileVersion:
		return core.Fail(ErrBadEvent, nil, "not an event file (kind %q, version %d)", e.Kind, e.Version)
	case e.Game != GameAnima && e.Game != GameDiskwars:
		return core.Fail(ErrBadEvent, nil, "an event of a game this version does not know: %q", e.Game)
	case e.Game == GameAnima && !slices.Contains(Editions, e.Edition):
		return core.Fail(ErrBadEvent, nil, "an event of an edition this version does not know: %q", e.Edition)
	case e.Level < 0 || e.Level > MaxLevels:
		return core.Fail(ErrBadEvent, nil, "an event's level is 0 to %d", MaxLevels)
	case e.Rounds < 1 || e.Rounds > MaxRounds:
		return core.Fail(ErrBadEvent, nil, "an event has 1 to %d rounds", MaxRounds)
	case len(e.Scenarios) > e.Rounds:
		return core.Fail(ErrBadEvent, nil, "more scenarios than rounds")
	case e.Method != Swiss && e.Method != Random && e.Method != RoundRobin:
		return core.Fail(ErrBadEvent, nil, "a pairing method this version does not know: %q", string(e.Method))
	case len(e.Players) > MaxPlayers:
		return core.Fail(ErrBadEvent, nil, "an event has at most %d players", MaxPlayers)
	case len(e.Played) > e.Rounds:
		return core.Fail(ErrBadEvent, nil, "more rounds played than the event has")
	}
	return nil
}

// checkRanking checks the points and the tiebreakers.
func (e *Event) checkRanking() error {
	for _, p := range []int{e.Scoring.Win, e.Scoring.Draw, e.Scoring.Loss, e.Scoring.Bye} {
		if p < 0 || p > MaxPoints {
			return core.Fail(ErrBadEvent, nil, "points are 0 to %d", MaxPoints)
		}
	}
	if len(e.Tiebreakers) == 0 || len(e.Tiebreakers) > len(Tiebreakers) {
		return core.Fail(ErrBadEvent, nil, "an event ranks its players by 1 to %d tiebreakers", len(Tiebreakers))
	}
	for i, t := range e.Tiebreakers {
		if !slices.Contains(Tiebreakers, t) || slices.Contains(e.Tiebreakers[:i], t) {
			return core.Fail(ErrBadEvent, nil, "a tiebreaker this version does not know, or twice: %q", string(t))
		}
	}
	return nil
}

// checkRounds checks the rounds played whole, so that no screen reading the event meets an
// index out of place (R-EVT-10): rounds numbered in order, each with a table at least and tables
// from 1; each player of the event at most once a round, never against themselves, and never
// before the round they entered; a bye only on the last table, with no result, and no player's
// second bye in a Swiss or random event; results within their bounds; each swap of two players
// of the event who are in the round.
func (e *Event) checkRounds() error {
	byes := map[int]bool{}
	for i, r := range e.Played {
		if r.Number != i+1 || len(r.Pairings) > MaxPlayers {
			return core.Fail(ErrBadEvent, nil, "round %d out of place", r.Number)
		}
		if len(r.Pairings) == 0 {
			return core.Fail(ErrBadEvent, nil, "round %d has no table", r.Number)
		}
		seen := map[int]bool{}
		for t, p := range r.Pairings {
			if err := e.checkTable(r, t, p, seen, byes); err != nil {
				return err
			}
		}
		if !slices.ContainsFunc(r.Pairings, func(p Pairing) bool { return p.Players[1] != Bye }) && e.Method != RoundRobin {
			return core.Fail(ErrBadEvent, nil, "round %d has no table", r.Number)
		}
		if err := e.checkSwaps(r, seen); err != nil {
			return err
		}
	}
	if e.Method == RoundRobin && (len(e.Players) > MaxRobin || slices.ContainsFunc(e.Players, func(p Player) bool { return p.Entered != 1 })) {
		return core.Fail(ErrBadEvent, nil, "a round robin has at most %d players, all entered before round 1", MaxRobin)
	}
	return nil
}

// checkSwaps checks round r's swaps: at most MaxPlayers, each of two players of the event
// who are in the round (seen).
func (e *Event) checkSwaps(r Round, seen map[int]bool) error {
	if len(r.Swaps) > MaxPlayers {
		return core.Fail(ErrBadEvent, nil, "round %d: too many swaps", r.Number)
	}
	for _, sw := range r.Swaps {
		a, b := sw.Players[0], sw.Players[1]
		if a < 1 || a > len(e.Players) || b < 1 || b > len(e.Players) || a == b || !seen[a] || !seen[b] {
			return core.Fail(ErrBadEvent, nil, "round %d: a swap of players out of place", r.Number)
		}
	}
	return nil
}

// checkBye checks table t+1 (p) of round r, a bye: the last table (a round robin's byes, one
// for a dropped player's scheduled opponent among them (R-EVT-9), the last tables), with no
// result, and no player's second bye but in a round robin's schedule; byes marks its player.
func (e *Event) checkBye(r Round, t int, p Pairing, byes map[int]bool) error {
	last := t == len(r.Pairings)-1
	if e.Method == RoundRobin {
		last = !slices.ContainsFunc(r.Pairings[t:], func(q Pairing) bool { return q.Players[1] != Bye })
	}
	if !last || p.Result != nil || len(p.Earlier) > 0 {
		return core.Fail(ErrBadEvent, nil, "round %d, table %d: a bye is the last table, with no result", r.Number, t+1)
	}
	if byes[p.Players[0]] && e.Method != RoundRobin {
		return core.Fail(ErrBadEvent, nil, "round %d, table %d: a player's second bye", r.Number, t+1)
	}
	byes[p.Players[0]] = true
	return nil
}

// checkTable checks table t+1 (p) of round r: its players (seen in the round so far, marked),
// its bye (byes: the players who had one, marked), its results.
func (e *Event) checkTable(r Round, t int, p Pairing, seen, byes map[int]bool) error {
	a, b := p.Players[0], p.Players[1]
	if p.Table != t+1 || a < 1 || a > len(e.Players) || b < 0 || b > len(e.Players) || a == b || seen[a] || b != Bye && seen[b] {
		return core.Fail(ErrBadEvent, nil, "round %d, table %d: players out of place", r.Number, t+1)
	}
	seen[a], seen[b] = true, b != Bye
	for _, id := range p.Players {
		if id != Bye && e.Players[id-1].Entered > r.Number {
			return core.Fail(ErrBadEvent, nil, "round %d, table %d: a player paired before they entered", r.Number, t+1)
		}
	}
	if b == Bye {
		return e.checkBye(r, t, p, byes)
	}
	for _, res := range append([]*Result{p.Result}, changed(p.Earlier)...) {
		if res != nil && res.check() != nil {
			return core.Fail(ErrBadEvent, nil, "round %d, table %d: %s", r.Number, t+1, res.check().Error())
		}
	}
	if len(p.Earlier) > MaxRounds {
		return core.Fail(ErrBadEvent, nil, "round %d, table %d: too many corrections", r.Number, t+1)
	}
	return nil
}

func changed(cs []Change) []*Result {
	out := make([]*Result, len(cs))
	for i := range cs {
		out[i] = &cs[i].Result
	}
	return out
}

// check says what is out of a result's bounds, or nil.
func (r *Result) check() error {
	if r.Outcome != FirstWins && r.Outcome != SecondWins && r.Outcome != Drawn {
		return fmt.Errorf("an outcome this version does not know: %q", r.Outcome)
	}
	for _, n := range []int{r.Killed[0], r.Killed[1], r.Left[0], r.Left[1], r.Scenario[0], r.Scenario[1]} {
		if n < 0 || n > MaxLevels {
			return fmt.Errorf("levels and scenario points are 0 to %d", MaxLevels)
		}
	}
	if r.Turns < 0 || r.Turns > MaxTurns || r.Length < 0 || r.Length > MaxTurns || r.By != ByCode && r.By != ByFile && r.By != ByTyped {
		return fmt.Errorf("turns 0 to %d, and a way in this version knows", MaxTurns)
	}
	if r.Luck != nil {
		for _, l := range r.Luck {
			if !luckInBounds(l) {
				return fmt.Errorf("a game's luck out of bounds")
			}
		}
	}
	return nil
}

// luckInBounds reports whether a side's luck is within what a game can hold.
func luckInBounds(l Luck) bool {
	for _, n := range []int{l.Attacks, l.Left, l.Hits, l.LP, l.Checks, l.ChecksLeft, l.Passed} {
		if n < 0 || n > MaxLevels*MaxTurns {
			return false
		}
	}
	for _, x := range []float64{l.ExpectedHits, l.ExpectedLP, l.ExpectedPassed} {
		if !(x >= 0 && x <= MaxLevels*MaxTurns) {
			return false
		}
	}
	return true
}

// clean is s cleaned (core.CleanText) and cut at n characters, with no space at either end:
// cleaned again, it is the same (an event's Key is of its cleaned name).
func clean(s string, n int) string {
	s = strings.TrimSpace(core.CleanText(s))
	if len(s) <= n { // no more bytes than n: no more letters
		return s
	}
	if r := []rune(s); len(r) > n {
		s = strings.TrimSpace(string(r[:n]))
	}
	return s
}

// Player is the player id, or nil.
func (e *Event) Player(id int) *Player {
	if id < 1 || id > len(e.Players) {
		return nil
	}
	return &e.Players[id-1]
}

// Round is the number of the round being played: the last paired (0 before the first).
func (e *Event) Round() int { return len(e.Played) }

// AddPlayer enters a player named name, from the next round on (a late entry misses the
// rounds paired already: no points, no bye). Round robin takes no late entry.
func (e *Event) AddPlayer(name string) (*Player, error) {
	name = clean(name, MaxName)
	switch {
	case Fold(name) == "":
		return nil, core.Fail(ErrPlayer, nil, "a player needs a name")
	case e.named(name) != nil: // R-EVT-11
		return nil, core.Fail(ErrPlayer, nil, "%s is in the event already, as %s: two players need two names (add an initial)", name, e.named(name).Name)
	case len(e.Players) >= MaxPlayers:
		return nil, core.Fail(ErrPlayer, nil, "an event has at most %d players", MaxPlayers)
	case e.Method == RoundRobin && len(e.Played) > 0:
		return nil, core.Fail(ErrPlayer, nil, "a round robin takes no player once it has begun")
	case e.Method == RoundRobin && len(e.Players) >= MaxRobin:
		return nil, core.Fail(ErrPlayer, nil, "a round robin has at most %d players", MaxRobin)
	case len(e.Played) >= e.Rounds:
		return nil, core.Fail(ErrEventIsOver, nil, "every round of the event is paired")
	}
	e.Players = append(e.Players, Player{ID: len(e.Players) + 1, Name: name, Entered: len(e.Played) + 1})
	return &e.Players[len(e.Players)-1], nil
}

// Drop takes player id out of the next rounds' pairings (dropped), or puts them back (a
// player who comes back misses the rounds paired meanwhile).
func (e *Event) Drop(id int, dropped bool) error {
	p := e.Player(id)
	if p == nil {
		return core.Fail(ErrPlayer, nil, "no player %d in the event", id)
	}
	p.Dropped = dropped
	return nil
}
