package session

import (
	"cmp"
	"slices"
	"time"

	"gnosis/app/store"
	"gnosis/engine/shelf"
)

// The club nights this phone's player played (issue 73): made of the rounds' links the player
// joined (store.Prefs.Event, Played) and the games kept marked with a night (shelf.Game.Event,
// At), nothing kept twice. The list is counted again in a request, once the rounds joined or
// the shelf changed, while its screen is shown (Session.Do): never while a screen is drawn.

// ScreenPlayed lists the club nights this phone's player played.
const ScreenPlayed = "/played"

// PlayedNight is a club night the player played, as their phone knows it: its name, its day
// ("2026-12-05" as the organiser wrote it; a game's day where no round's link was kept), and
// its rounds, in order (a round 0 first: games whose round was not known). Nights go newest
// first by when the player was first there (a game kept again later stays at its night).
type PlayedNight struct {
	Event  string
	Date   string
	Rounds []PlayedRound
	first  int64 // when the player first joined it or began a game there (milliseconds since 1970; 0 not known)
}

// PlayedRound is a round the player played: its number (0: not known), the table, the opponent
// ("" not known; Bye: none, a bye), and the games of it kept on this phone.
type PlayedRound struct {
	Round    int
	Table    int
	Opponent string
	Bye      bool
	Games    []PlayedGame
}

// PlayedGame is a game kept on the shelf at a club night: its ID (OpenKept), its result for
// the player, and its opponent as the game names them.
type PlayedGame struct {
	ID       string
	Result   shelf.Result
	Opponent string
}

// playedView is the club nights counted (countPlayed), and what they were counted from: the
// shelf's changes and the rounds joined's (settingsPart.joins).
type playedView struct {
	nights  []PlayedNight
	changes int
	joins   int
	counted bool
}

// Played is the club nights the player played, newest first, as last counted (the part's own:
// to read only).
func (v Shelf) Played() []PlayedNight { return v.p.played.nights }

// PlayedAny reports whether the player has a club night to list: a round joined, or a game
// kept at one.
func (v Shelf) PlayedAny() bool {
	return v.p.atNight > 0 || v.p.settings.prefs.Event != nil || len(v.p.settings.prefs.Played) > 0
}

// countPlayed counts the club nights played again where the rounds joined or the shelf changed
// since: each round joined a round of its night, each game kept at a night under its round
// (by its night's key and round, else its night's name and day).
func (p *shelfPart) countPlayed() {
	v := &p.played
	if v.counted && v.changes == p.changes && v.joins == p.settings.joins {
		return
	}
	c := nightCount{at: map[nightID]int{}}
	for _, j := range p.settings.rounds() {
		c.join(j)
	}
	for _, i := range p.newest {
		if g := &p.games[i]; g.Event != "" {
			c.game(g)
		}
	}
	for i := range c.nights {
		slices.SortStableFunc(c.nights[i].Rounds, func(a, b PlayedRound) int { return cmp.Compare(a.Round, b.Round) })
	}
	slices.SortStableFunc(c.nights, func(a, b PlayedNight) int { return cmp.Compare(b.first, a.first) })
	*v = playedView{nights: c.nights, changes: p.changes, joins: p.settings.joins, counted: true}
}

// nightID names a club night: its event's key where known, else its name and day.
type nightID struct{ key, event, date string }

// nightCount is the club nights being counted, and where each is among them.
type nightCount struct {
	nights []PlayedNight
	at     map[nightID]int
}

// night is the night of id, added (named event, on date) where it is not counted yet.
func (c *nightCount) night(id nightID, event, date string) *PlayedNight {
	i, ok := c.at[id]
	if !ok {
		i = len(c.nights)
		c.at[id] = i
		c.nights = append(c.nights, PlayedNight{Event: event, Date: date})
	}
	return &c.nights[i]
}

// join counts j, a round joined: its night's round (the last round's link joined for it).
func (c *nightCount) join(j store.Joined) {
	id := nightID{key: j.Key}
	if j.Key == "" {
		id = nightID{event: j.Event, date: j.Date}
	}
	n := c.night(id, j.Event, j.Date)
	n.began(j.At)
	r := PlayedRound{Round: j.Round, Table: j.Table, Opponent: j.Opponent, Bye: j.Bye}
	if i := n.round(j.Round); i >= 0 {
		n.Rounds[i] = r
		return
	}
	n.Rounds = append(n.Rounds, r)
}

// game counts g, a game kept at a club night: under its round where that was joined, else a
// round of its own (one for all of a night's games whose round is not known).
func (c *nightCount) game(g *shelf.Game) {
	began := cmp.Or(g.Started, g.Kept)
	day := time.UnixMilli(began).Format(time.DateOnly)
	id := nightID{key: g.At.Key}
	if g.At.Key == "" {
		id = nightID{event: g.Event, date: day}
	}
	n := c.night(id, g.Event, day)
	n.began(began)
	mine := g.Mine
	if g.At.Known() && g.At.Side >= 0 {
		mine = g.At.Side
	}
	o := g.Sides[1-min(max(mine, 0), 1)]
	pg := PlayedGame{ID: g.ID, Result: resultFor(g, mine), Opponent: cmp.Or(o.Player, o.Name)}
	i := n.round(g.At.Round)
	if i < 0 {
		i = len(n.Rounds)
		n.Rounds = append(n.Rounds, PlayedRound{Round: g.At.Round, Table: g.At.Table, Opponent: pg.Opponent})
	}
	n.Rounds[i].Games = append(n.Rounds[i].Games, pg)
}

// began notes that the player was at the night at (milliseconds since 1970; 0 not known).
func (n *PlayedNight) began(at int64) {
	if at > 0 && (n.first == 0 || at < n.first) {
		n.first = at
	}
}

// round is where round r is among the night's rounds (-1: not yet).
func (n *PlayedNight) round(r int) int {
	return slices.IndexFunc(n.Rounds, func(x PlayedRound) bool { return x.Round == r })
}

// resultFor is g's result for the player of side mine (shelf.Game.Result).
func resultFor(g *shelf.Game, mine int) shelf.Result {
	h := *g
	h.Mine = mine
	return h.Result()
}
