package season

import (
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/event"
)

// Setup is what the organiser chooses for a season: its name, the game of its nights, how many
// of a player's nights count (Best: their best nights' tournament points; 0: every night's),
// Glicko-2's system constant (Tau; 0: the default), and the players joined or split by hand.
type Setup struct {
	Name  string  `json:"name"`
	Game  string  `json:"game"`           // event.GameAnima or event.GameDiskwars
	Best  int     `json:"best,omitempty"` // the best N nights count (0: all)
	Tau   float64 `json:"tau,omitempty"`  // 0.2 to 1.2 (0: Tau)
	Joins []Join  `json:"joins,omitempty"`
}

// Join is the organiser's hand on who a night's player is: the player of ID Player at the night
// of key Night (event.Event.Key) counted as the season's player As (another player's ID, to join
// the two: one person entered once by card and once by name), or, As "", as a player of their
// own (to split a guess by name: two people of one name).
type Join struct {
	Night  string `json:"night"`
	Player int    `json:"player"`
	As     string `json:"as"`
}

// Bounds of a season: the nights it adds up (a region's over years, on the command line), the
// hand joins kept.
const (
	MaxNights = 10000
	MaxJoins  = 10000
	MaxBest   = 1000
)

// Errors of a season (core.RuleError: said in the player's language).
var (
	ErrSeason = errors.New("not a season this version can add up")
	ErrJoin   = errors.New("a join refused")
)

// A season player's ID says how their nights were joined: by their card's key, by their name
// where no night had a card (a guess), or alone (split by hand).
const (
	byCard  = "card:"
	byName  = "name:"
	byHand  = "alone:"
	maxTau  = 1.2
	minTauV = 0.2
)

// Player is a player of the season: their ID (joined by card, by name, or alone), the name
// they played their latest night under, and each night they played (Entries, in the season's
// order of nights). Guess: joined across nights by their name alone, no night having their
// card, or (Renamed) by one card entered under names that differ (folded) at nights the
// organiser has not joined by hand: the organiser may split them (Join, As ""), or join them
// by hand (a card's player joined as their own ID: one person who changed their name).
type Player struct {
	ID      string
	Name    string
	Guess   bool
	Renamed bool
	Entries []Entry
	fold    string // Name folded (event.Fold)
	first   string // the name folded of their first night joined by card, not by hand
}

// Entry is a season player at one night: the night's index in Table.Nights and their ID there.
type Entry struct {
	Night  int
	Player int
}

// Night is a night of the season as its lines show it: its key, name and day, its players,
// and the event.
type Night struct {
	Key     string
	Name    string
	Date    string
	Players int
	Event   *event.Event
	day     int // Date's day (dayOf), the season's order
}

// Table is a season added up (Build): its nights in order of their days, its players, their
// standings, ratings and games.
type Table struct {
	Setup     Setup
	Nights    []Night
	Players   []Player
	Standings []Standing
	Games     []Game
	Skipped   int // copies of a night given twice or more (SameNight), the fullest counted

	who     map[Entry]int // each night's player's index in Players
	gamesOf [][]int       // each player's games, indexes in Games
	tick    func()        // called between units of work while it is built (BuildPaced)
}

// Game is a game of the season: its night, round and table, the two season players (by index
// in Table.Players), who won as the first sees it, and their parties' names.
type Game struct {
	Night, Round, Table int
	Players             [2]int
	Outcome             string // event.FirstWins, SecondWins or Drawn, as the first player sees it
	Parties             [2]string
	Luck                *[2]event.Luck // each side's luck, where the game's file came in (nil: none)
}

// Build adds up the season of setup from nights (event files read: event.ReadFile), in order
// of their days (then keys): each night's players joined across nights by their card's key, by
// their name where neither night has a card (a guess), as the organiser's joins say otherwise;
// the standings (Standings) and each player's Glicko-2 rating, a night a rating period. A night
// given twice (SameNight) counts once, its copy with the most played (Fuller; Skipped); two
// nights of one key both count, keyed apart. Refused (ErrSeason) past MaxNights or MaxJoins, for a
// night of another game, or for a join that makes one player of two at one night (ErrJoin).
func Build(setup Setup, nights []*event.Event) (*Table, error) {
	return BuildPaced(setup, nights, func() {})
}

// BuildPaced is Build calling tick between its units of work (a night of each of its stages),
// for core.Pace: a season of a hundred nights added up a step at a time on a phone.
func BuildPaced(setup Setup, nights []*event.Event, tick func()) (*Table, error) {
	if err := checkSetup(setup, len(nights)); err != nil {
		return nil, err
	}
	t := &Table{Setup: setup, tick: tick}
	defer func() { t.tick = nil }()
	byKey := map[string][]int{}
	for _, e := range nights {
		if e.Game != setup.Game {
			return nil, core.Fail(ErrSeason, nil, "%s is a night of another game: a season adds up the nights of one game", e.Name)
		}
		t.addNight(e, byKey)
	}
	t.sortNights()
	t.keyApart(byKey)
	if err := t.join(); err != nil {
		return nil, err
	}
	t.games()
	t.stand()
	t.rate()
	return t, nil
}

// sortNights puts the nights in order of their days (dayOf: 2026-1-15 before 2026-02-01), then
// of their dates, then of when they began (event.Setup.Begun: two nights of one day in the order
// they were played), then of their keys, then (two nights of one key: SameNight) of their
// names, seeds and players.
func (t *Table) sortNights() {
	slices.SortStableFunc(t.Nights, func(a, b Night) int {
		return cmp.Or(cmp.Compare(a.day, b.day), cmp.Compare(a.Date, b.Date), cmp.Compare(a.Event.Begun, b.Event.Begun), cmp.Compare(a.Key, b.Key), cmp.Compare(a.Name, b.Name), cmp.Compare(a.Event.Seed, b.Event.Seed), comparePlayers(a.Event, b.Event))
	})
}

// comparePlayers orders two nights by their players' names and cards, in order.
func comparePlayers(a, b *event.Event) int {
	for i := range min(len(a.Players), len(b.Players)) {
		if c := cmp.Or(cmp.Compare(a.Players[i].Name, b.Players[i].Name), cmp.Compare(a.Players[i].Card, b.Players[i].Card)); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a.Players), len(b.Players))
}

// checkSetup refuses a set-up past its bounds.
func checkSetup(s Setup, nights int) error {
	switch {
	case nights > MaxNights:
		return core.Fail(ErrSeason, nil, "a season adds up %d nights at most", MaxNights)
	case len(s.Joins) > MaxJoins:
		return core.Fail(ErrSeason, nil, "a season keeps %d joins at most", MaxJoins)
	case s.Game != event.GameAnima && s.Game != event.GameDiskwars:
		return core.Fail(ErrSeason, nil, "a season of a game this version does not know: %q", s.Game)
	case s.Best < 0 || s.Best > MaxBest:
		return core.Fail(ErrSeason, nil, "the best nights counted are 0 (all) to %d", MaxBest)
	case s.Tau != 0 && !(s.Tau >= minTauV && s.Tau <= maxTau): // NaN too
		return core.Fail(ErrSeason, nil, "τ is 0.2 to 1.2")
	}
	return nil
}

// join makes the season's players: each night's player's ID by their card, else their folded
// name, else as a join says; a name's ID over two nights or more is a guess.
func (t *Table) join() error {
	hand := make(map[Entry]string, len(t.Setup.Joins))
	byKey := make(map[string]int, len(t.Nights))
	for i, n := range t.Nights {
		byKey[n.Key] = i
	}
	for _, j := range t.Setup.Joins {
		if i, ok := byKey[j.Night]; ok {
			hand[Entry{i, j.Player}] = j.As
		}
	}
	index := map[string]int{}
	for ni, n := range t.Nights {
		t.tick()
		at := map[string]string{} // the season IDs met at this night, and whose
		for _, p := range n.Event.Players {
			fold := event.Fold(p.Name)
			id := byName + fold
			if p.Card != "" {
				id = byCard + p.Card
			}
			as, byHandJoin := hand[Entry{ni, p.ID}]
			if byHandJoin {
				id = as
				if as == "" {
					id = byHand + n.Key + "/" + strconv.Itoa(p.ID)
				}
			}
			if other, ok := at[id]; ok {
				return core.Fail(ErrJoin, nil, "%s and %s both played %s: they are two players", other, p.Name, n.Name)
			}
			at[id] = p.Name
			i, ok := index[id]
			if !ok {
				i = len(t.Players)
				index[id] = i
				t.Players = append(t.Players, Player{ID: id})
			}
			sp := &t.Players[i]
			sp.Name, sp.fold = p.Name, fold
			sp.Entries = append(sp.Entries, Entry{ni, p.ID})
			if !byHandJoin && strings.HasPrefix(id, byCard) { // one card under two names: a guess
				if sp.first == "" {
					sp.first = fold
				}
				sp.Renamed = sp.Renamed || sp.first != fold
			}
		}
	}
	t.who = make(map[Entry]int)
	unit := t.pace()
	for i := range t.Players {
		unit()
		p := &t.Players[i]
		p.Guess = len(p.Entries) > 1 && strings.HasPrefix(p.ID, byName) || p.Renamed
		for _, en := range p.Entries {
			t.who[en] = i
		}
	}
	return nil
}

// Who is the index in Players of the player of ID id at night ni (-1: none).
func (t *Table) Who(ni, id int) int {
	if i, ok := t.who[Entry{ni, id}]; ok {
		return i
	}
	return -1
}

// GamesOf are the games player i played (indexes in Games, in the season's order).
func (t *Table) GamesOf(i int) []int { return t.gamesOf[i] }

// games lists every game of the season with a result, byes left out.
func (t *Table) games() {
	who := t.who
	t.gamesOf = make([][]int, len(t.Players))
	for ni, n := range t.Nights {
		t.tick()
		e := n.Event
		for ri, r := range e.Played {
			for _, p := range r.Pairings {
				if p.Result == nil || p.Players[1] == event.Bye {
					continue
				}
				g := Game{Night: ni, Round: ri + 1, Table: p.Table, Outcome: p.Result.Outcome, Luck: p.Result.Luck,
					Players: [2]int{who[Entry{ni, p.Players[0]}], who[Entry{ni, p.Players[1]}]}}
				for side, id := range p.Players {
					if pl := e.Player(id); pl != nil && pl.List != nil {
						g.Parties[side] = pl.List.Party
					}
				}
				t.gamesOf[g.Players[0]] = append(t.gamesOf[g.Players[0]], len(t.Games))
				t.gamesOf[g.Players[1]] = append(t.gamesOf[g.Players[1]], len(t.Games))
				t.Games = append(t.Games, g)
			}
		}
	}
}
