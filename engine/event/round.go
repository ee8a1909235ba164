package event

import (
	"slices"

	"gnosis/engine/core"
	"gnosis/engine/fragment"
)

// RoundKey is the fragment key of a round's link for the players: base#round=<payload>.
const RoundKey = "round="

// MaxRoundPayload is the longest round link's payload, in characters: with the app's address
// before it, one QR code of error correction M holds it (version 40 holds 2,331 bytes). A round
// too big for one code is split over several (RoundViews).
const MaxRoundPayload = 1800

// RoundView is a round as the players' phones see it: the event's name, day and game, the
// round's number of the event's rounds, its scenario, and tables (all the round's, or a page
// of them).
type RoundView struct {
	Event    string  `json:"e"`
	Date     string  `json:"d"`
	Game     string  `json:"g"`
	Round    int     `json:"r"`
	Of       int     `json:"n"`
	Scenario string  `json:"s,omitempty"`
	Tables   []Table `json:"t"`
}

// Table is one table of a round as the players see it: its number, its players' names (the
// second "" for a bye), and their lists' links' payloads where the event publishes them (the
// share format of the event's game; "" where not).
type Table struct {
	Table   int       `json:"t"`
	Players [2]string `json:"p"`
	Lists   [2]string `json:"l,omitempty"`
}

// Published reports whether the players see each other's lists now: each round where the
// organiser chose so (ListsOpen), else once every round is played and counted.
func (e *Event) Published() bool {
	if e.ListsOpen {
		return true
	}
	if len(e.Played) < e.Rounds {
		return false
	}
	for n := range e.Played {
		if e.missing(n+1) > 0 {
			return false
		}
	}
	return true
}

// RoundViews are round n (1 to Round()) for the players, as few pages as fit one QR code each
// (MaxRoundPayload), tables in order; a table too big for a code with its lists goes without
// them. Nil when no round n was paired.
func (e *Event) RoundViews(n int) []RoundView {
	if n < 1 || n > len(e.Played) {
		return nil
	}
	head := RoundView{Event: e.Name, Date: e.Date, Game: e.Game, Round: n, Of: e.Rounds}
	if n <= len(e.Scenarios) {
		head.Scenario = e.Scenarios[n-1]
	}
	lists := e.Published()
	var out []RoundView
	page := head
	for _, p := range e.Played[n-1].Pairings {
		t := Table{Table: p.Table, Players: [2]string{e.Player(p.Players[0]).Name, ""}}
		if p.Players[1] != Bye {
			t.Players[1] = e.Player(p.Players[1]).Name
		}
		if lists {
			for i, id := range p.Players {
				if pl := e.Player(id); pl != nil && pl.List != nil {
					t.Lists[i] = pl.List.Link
				}
			}
		}
		if !page.add(t) {
			if len(page.Tables) > 0 { // the table goes on a new page
				out, page = append(out, page), head
			}
			if !page.add(t) {
				page.add(Table{Table: t.Table, Players: t.Players}) // too big with its lists: without them
			}
		}
	}
	return append(out, page)
}

// add adds t to the view's tables where the view's payload then still fits MaxRoundPayload.
func (v *RoundView) add(t Table) bool {
	next := *v
	next.Tables = append(slices.Clone(v.Tables), t)
	if len(next.Payload()) > MaxRoundPayload {
		return false
	}
	*v = next
	return true
}

// Payload is the view's link payload: its JSON sealed (fragment.Seal).
func (v RoundView) Payload() string { return sealed(v) }

// Link is the view's link under base (the app's address).
func (v RoundView) Link(base string) string { return fragment.Link(base, RoundKey, v.Payload()) }

// ReadRound reads a round's link (or its fragment, or its payload): bounded (MaxRoundPayload),
// its checksum checked, every name cleaned and cut (MaxName), at most MaxPlayers tables, a
// list's payload at most MaxRoundPayload characters. ErrRoundLink says what is wrong.
func ReadRound(link string) (RoundView, error) {
	var v RoundView
	payload := fragment.Payload(link, RoundKey)
	if payload == "" || len(payload) > MaxRoundPayload {
		return v, core.Fail(ErrRoundLink, nil, "not a round's link: scan the round's code on the organiser's phone")
	}
	if err := unseal(payload, &v); err != nil {
		return RoundView{}, core.Fail(ErrRoundLink, err, "the round's link is damaged: scan it again")
	}
	if v.Round < 1 || v.Round > MaxRounds || v.Of < v.Round || v.Of > MaxRounds || len(v.Tables) > MaxPlayers || (v.Game != GameAnima && v.Game != GameDiskwars) {
		return RoundView{}, core.Fail(ErrRoundLink, nil, "the round's link holds a round out of bounds")
	}
	v.Event, v.Date, v.Scenario = clean(v.Event, MaxName), clean(v.Date, MaxName), clean(v.Scenario, MaxName)
	for i := range v.Tables {
		t := &v.Tables[i]
		for j := range t.Players {
			t.Players[j] = clean(t.Players[j], MaxName)
			if len(t.Lists[j]) > MaxRoundPayload {
				t.Lists[j] = ""
			}
		}
	}
	return v, nil
}

// Seat is the table of player named name in the view (nil: not in it), and which of its two
// players they are.
func (v RoundView) Seat(name string) (*Table, int) {
	for i := range v.Tables {
		for j, n := range v.Tables[i].Players {
			if n != "" && n == name {
				return &v.Tables[i], j
			}
		}
	}
	return nil, 0
}
