package event

import (
	"slices"
	"strings"

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
	Key      string  `json:"k"` // the event's Key, which a game's result code names
	Event    string  `json:"e"`
	Date     string  `json:"d"`
	Game     string  `json:"g"`
	Round    int     `json:"r"`
	Of       int     `json:"n"`
	Scenario string  `json:"s,omitempty"`
	Tables   []Table `json:"t"`
}

// Table is one table of a round as the players see it: its number, its players' IDs in the
// event (the second Bye for a bye) and names, their lists' checksums (List.Sum: what a
// player's phone tells its side of a game by), their lists' links' payloads where the
// event publishes them (the share format of the event's game; "" where not), and the first
// CardTagLen letters of each one's player card's key ("": entered by name), by which a player's
// phone that holds the card finds its player (ByCard).
type Table struct {
	Table   int       `json:"t"`
	IDs     [2]int    `json:"i"`
	Players [2]string `json:"p"`
	Sums    [2]string `json:"c,omitempty"`
	Lists   [2]string `json:"l,omitempty"`
	Cards   [2]string `json:"a,omitempty"`
}

// CardTagLen is the letters of a player card's key a round's link carries: 40 bits, enough to
// tell a night's players apart, and 8 characters a player in the round's code.
const CardTagLen = 8

// ByCard is the ID of the view's player whose card's key begins with the tag of key (a player
// card's key, ValidCard), 0 where none or more than one is.
func (v RoundView) ByCard(key string) int {
	if !ValidCard(key) {
		return 0
	}
	id := 0
	for _, t := range v.Tables {
		for j, tag := range t.Cards {
			if tag != "" && tag == key[:CardTagLen] && t.IDs[j] != Bye {
				if id != 0 {
					return 0
				}
				id = t.IDs[j]
			}
		}
	}
	return id
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
// (MaxRoundPayload), tables in order, every table of the round on one of them: a table too big
// for a code with its lists goes without them, and one too big even so (names long in bytes)
// goes with its page's names cut (fit). Nil when no round n was paired.
func (e *Event) RoundViews(n int) []RoundView {
	if n < 1 || n > len(e.Played) {
		return nil
	}
	head := RoundView{Key: e.Key(), Event: e.Name, Date: e.Date, Game: e.Game, Round: n, Of: e.Rounds}
	if n <= len(e.Scenarios) {
		head.Scenario = e.Scenarios[n-1]
	}
	lists := e.Published()
	var out []RoundView
	page := head
	for _, p := range e.Played[n-1].Pairings {
		t := Table{Table: p.Table, IDs: p.Players}
		for i, id := range p.Players {
			if pl := e.Player(id); pl != nil && id != Bye {
				t.Players[i] = pl.Name
				if pl.Card != "" {
					t.Cards[i] = pl.Card[:min(len(pl.Card), CardTagLen)]
				}
				if pl.List != nil {
					t.Sums[i] = pl.List.Sum
					if lists {
						t.Lists[i] = pl.List.Link
					}
				}
			}
		}
		if page.add(t) {
			continue
		}
		if len(page.Tables) > 0 { // the table goes on a new page
			out, page = append(out, page), head
			if page.add(t) {
				continue
			}
		}
		t.Lists = [2]string{}
		if !page.add(t) { // too big with its lists: without them
			page = fit(head, t)
		}
	}
	return append(out, page)
}

// fit is a page of head holding table t alone, their names cut until it fits one code: a
// table is never left out of a round's links.
func fit(head RoundView, t Table) RoundView {
	for n := MaxName; ; n = n * 3 / 4 {
		page := head
		page.Event, page.Date, page.Scenario = clean(head.Event, n), clean(head.Date, n), clean(head.Scenario, n)
		u := t
		u.Players = [2]string{clean(t.Players[0], n), clean(t.Players[1], n)}
		if page.add(u) || n <= 1 {
			return page
		}
	}
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
func (v RoundView) Payload() string { return Seal(v) }

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
	if err := Unseal(payload, &v); err != nil {
		return RoundView{}, core.Fail(ErrRoundLink, err, "the round's link is damaged: scan it again")
	}
	if v.Round < 1 || v.Round > MaxRounds || v.Of < v.Round || v.Of > MaxRounds || len(v.Tables) > MaxPlayers || (v.Game != GameAnima && v.Game != GameDiskwars) {
		return RoundView{}, core.Fail(ErrRoundLink, nil, "the round's link holds a round out of bounds")
	}
	v.Key, v.Event, v.Date, v.Scenario = clean(v.Key, 16), clean(v.Event, MaxName), clean(v.Date, MaxName), clean(v.Scenario, MaxName)
	seen := map[int]bool{}
	for i := range v.Tables {
		if !v.Tables[i].clean(seen) {
			return RoundView{}, core.Fail(ErrRoundLink, nil, "the round's link holds its tables out of place: scan the round's code on the organiser's phone again")
		}
	}
	return v, nil
}

// clean cleans and cuts the table's names and lists as a link is read, and reports whether
// its number and players are in place (seen: the players of the tables before, marked).
func (t *Table) clean(seen map[int]bool) bool {
	if t.Table < 1 || t.Table > MaxPlayers || t.IDs[0] < 1 || t.IDs[0] > MaxPlayers || t.IDs[1] < 0 || t.IDs[1] > MaxPlayers ||
		seen[t.IDs[0]] || seen[t.IDs[1]] || t.IDs[0] == t.IDs[1] {
		return false
	}
	seen[t.IDs[0]], seen[t.IDs[1]] = true, t.IDs[1] != Bye
	if t.IDs[1] == Bye { // a bye has no second player, whatever the link says
		t.Players[1], t.Sums[1], t.Lists[1], t.Cards[1] = "", "", "", ""
	}
	for j := range t.Players {
		t.Players[j], t.Sums[j] = clean(t.Players[j], MaxName), clean(t.Sums[j], 16)
		if t.Cards[j] != "" && (len(t.Cards[j]) != CardTagLen || !ValidCard(t.Cards[j]+strings.Repeat("a", CardKeyLen-CardTagLen))) {
			t.Cards[j] = "" // not a card's tag: as if entered by name
		}
		if len(t.Lists[j]) > MaxRoundPayload {
			t.Lists[j] = ""
		}
	}
	return true
}

// Seat is the table of player id in the view (nil: not in it), and which of its two players
// they are (R-EVT-11: a player's phone picks its player by ID, never by name).
func (v RoundView) Seat(id int) (*Table, int) {
	for i := range v.Tables {
		for j, n := range v.Tables[i].IDs {
			if n != Bye && n == id {
				return &v.Tables[i], j
			}
		}
	}
	return nil, 0
}
