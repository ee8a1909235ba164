package event

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzEventFile: any bytes as an event file: read or refused, never a panic; one read is within
// its bounds (every name at most MaxName characters), ranks its players, pairs its next round
// or says why, and is written back to a file that reads to itself; read and written a step at a
// time (ReadFilePaced, FilePaced), it is the same.
func FuzzEventFile(f *testing.F) {
	e := testEvent(9, 3, 5)
	e.Pair()
	play(e, testRand(5))
	f.Add(e.File())
	f.Add(New("Club", "2026-12-05", 1).File())
	f.Add([]byte(`{"kind":"gnosis-event","version":1,"game":"at","edition":"core","rounds":2,"method":"round-robin","tiebreakers":["h2h"],"players":[{"id":1,"name":"A","entered":1},{"id":2,"name":"B","entered":1,"dropped":true}]}`))
	f.Add([]byte(`{"kind":"gnosis-event","version":1,"game":"at","edition":"core","rounds":2,"method":"swiss","tiebreakers":["h2h"],"players":[{"id":1,"name":"A","entered":1,"card":"abcdefgh234567ab"},{"id":2,"name":"B","entered":1,"card":"abcdefgh234567ac"}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := ReadFile(b)
		paced, perr := ReadFilePaced(b, func() {}) // read in steps: the same event, or refused alike
		if (err == nil) != (perr == nil) || err == nil && string(paced.File()) != string(e.File()) {
			t.Fatalf("read at once: %v; in steps: %v", err, perr)
		}
		if err != nil {
			return
		}
		var enc bytes.Buffer
		je := json.NewEncoder(&enc)
		je.SetEscapeHTML(false)
		je.Encode(e)
		if want := bytes.TrimSuffix(enc.Bytes(), []byte("\n")); string(e.FilePaced(func() {})) != string(want) || string(e.File()) != string(want) {
			t.Fatal("written by hand, or in steps, unlike encoding/json")
		}
		for _, p := range e.Players {
			if utf8.RuneCountInString(p.Name) > MaxName || (p.List != nil && p.List.Sum != Checksum(p.List.Link)) {
				t.Fatalf("a player out of bounds: %+v", p)
			}
		}
		if st := e.Standings(); len(st) != len(e.Players) {
			t.Fatalf("%d standings of %d players", len(st), len(e.Players))
		}
		e.CSV()
		screens(t, e)
		if r, err := e.Next(); err == nil {
			e.Played = append(e.Played, *r)
			if e.Check() != nil {
				t.Fatalf("a round paired breaks the event: %v", e.Check())
			}
		}
		back, err := ReadFile(e.File())
		if err != nil || string(back.File()) != string(e.File()) {
			t.Fatalf("written back: %v", err)
		}
	})
}

// screens reads a file's event as the organiser's and the players' screens do (issue 69: no
// screen of the club night can panic on a file that was read): every round's tables and
// their players, results, corrections and swaps by ID, its links read back, each player's
// seat, the standings' link, the event's luck; a result code of any table placed.
func screens(t *testing.T, e *Event) {
	t.Helper()
	for n := 1; n <= e.Round(); n++ {
		e.Results(n)
		for _, p := range e.Played[n-1].Pairings {
			for _, id := range p.Players {
				if id != Bye && e.Player(id) == nil {
					t.Fatalf("round %d, table %d: no player %d", n, p.Table, id)
				}
			}
		}
		for _, sw := range e.Played[n-1].Swaps {
			if e.Player(sw.Players[0]) == nil || e.Player(sw.Players[1]) == nil {
				t.Fatalf("round %d: a swap of players not in the event: %v", n, sw.Players)
			}
		}
		views := e.RoundViews(n)
		tables := 0
		for _, v := range views {
			back, err := ReadRound(v.Link("https://gnosis.example/"))
			if err != nil {
				t.Fatalf("round %d's link: %v", n, err)
			}
			tables += len(back.Tables)
			for _, tb := range back.Tables {
				if seat, _ := back.Seat(tb.IDs[0]); seat == nil {
					t.Fatalf("round %d: player %d finds no seat", n, tb.IDs[0])
				}
			}
		}
		if tables != len(e.Played[n-1].Pairings) {
			t.Fatalf("round %d: %d tables on its links of %d", n, tables, len(e.Played[n-1].Pairings))
		}
	}
	if _, err := ReadStandings(e.Shared().Link("https://gnosis.example/")); err != nil {
		t.Fatalf("the standings' link: %v", err)
	}
	e.Lucks()
	e.Published()
	if n := e.Round(); n > 0 {
		for _, p := range e.Played[n-1].Pairings {
			if p.Players[1] != Bye {
				c := Code{Game: "fuzz", Parties: [2]string{e.sum(p.Players[0]), e.sum(p.Players[1])}, Outcome: Drawn,
					At: At{Key: e.Key(), Round: n, Table: p.Table, Player: p.Players[0], Side: 0}}
				e.Place(c)
				c.At = At{}
				e.Place(c)
			}
		}
	}
}

// FuzzResultCode: any text as a result code: read or refused, never a panic; one read is
// within its bounds and reads back from its own text.
func FuzzResultCode(f *testing.F) {
	f.Add(Code{Game: "g", Parties: [2]string{"0a0b0c0d", "01020304"}, Outcome: Drawn, Turns: 4}.Text())
	f.Add("GNOSIS-RESULT:e30")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ReadCode(s)
		if err != nil {
			return
		}
		if utf8.RuneCountInString(c.Game) > MaxName || strings.ContainsRune(c.Game, 0) {
			t.Fatalf("a game ID out of bounds: %q", c.Game)
		}
		back, err := ReadCode(c.Text())
		if err != nil || back != c {
			t.Fatalf("read back: %+v, %v", back, err)
		}
	})
}

// FuzzRoundLink: any text as a round's link, or the standings' link: read or refused, never a
// panic; one read is within its bounds, and its link reads back to itself.
func FuzzRoundLink(f *testing.F) {
	e := testEvent(9, 3, 5)
	e.Pair()
	for _, v := range e.RoundViews(1) {
		f.Add(v.Link("https://gnosis.example/"))
	}
	f.Add(e.Shared().Link("https://gnosis.example/"))
	f.Add("#round=AAAA")
	f.Fuzz(func(t *testing.T, link string) {
		if sv, err := ReadStandings(link); err == nil {
			if utf8.RuneCountInString(sv.Event) > MaxName || len(sv.Rows) > MaxPlayers || sv.Round > sv.Of {
				t.Fatalf("standings out of bounds: %+v", sv)
			}
			for _, r := range sv.Rows {
				if utf8.RuneCountInString(r.Name) > MaxName || r.Points < 0 {
					t.Fatalf("a row out of bounds: %+v", r)
				}
			}
			if back, err := ReadStandings(sv.Link("x")); err != nil || len(back.Rows) != len(sv.Rows) {
				t.Fatalf("standings read back: %+v %v", back, err)
			}
		}
		v, err := ReadRound(link)
		if err != nil {
			return
		}
		if utf8.RuneCountInString(v.Event) > MaxName || len(v.Tables) > MaxPlayers || v.Round < 1 || v.Round > v.Of {
			t.Fatalf("a round out of bounds: %+v", v)
		}
		for _, tb := range v.Tables {
			for _, n := range tb.Players {
				if utf8.RuneCountInString(n) > MaxName {
					t.Fatalf("a name out of bounds: %q", n)
				}
			}
		}
		if back, err := ReadRound(v.Link("x")); err != nil || back.Round != v.Round || len(back.Tables) != len(v.Tables) {
			t.Fatalf("read back: %+v %v", back, err)
		}
	})
}
