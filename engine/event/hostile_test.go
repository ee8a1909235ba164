package event

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestKeyHoldsAcrossAFileReadBack: an event name longer than MaxName whose 80th character is a
// space is cut to end in a space by Begin (clean trims before it cuts); the file read back
// trims it, so the event's Key (which the round's links carry and the codes name) changes
// after the event's file is read again (a reload of the organiser's phone, another phone).
func TestKeyHoldsAcrossAFileReadBack(t *testing.T) {
	name := strings.Repeat("a", MaxName-1) + " b"
	s := Defaults(name, "2026-12-05", 7)
	e, err := Begin(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(e.File())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("name %q -> %q", e.Name, back.Name)
	if e.Key() != back.Key() {
		t.Errorf("the event's key changes when its own file is read back: %s -> %s", e.Key(), back.Key())
	}
	again, _ := ReadFile(back.File())
	if string(again.File()) != string(back.File()) {
		t.Errorf("not stable")
	}
	if string(back.File()) != string(e.File()) {
		t.Errorf("the file written and read back is not the file")
	}
}

// TestFileWrittenBackIsItsSize: an event file under MaxFileBytes that ReadFile takes, whose reasons
// are "&" (JSON writes each as \u0026, 6 bytes): its File() is past MaxFileBytes and no phone
// reads it back.
func TestFileWrittenBackIsItsSize(t *testing.T) {
	b := inflatingFile(t)
	e, err := ReadFile(b)
	if err != nil {
		t.Fatalf("the file under the bound refused: %v", err)
	}
	out := e.File()
	t.Logf("in %d kB, out %d kB (bound %d kB)", len(b)>>10, len(out)>>10, MaxFileBytes>>10)
	if _, err := ReadFile(out); err != nil {
		t.Errorf("an event file read is written back to one no phone reads: %v", err)
	}
}

// inflatingFile is an event file of 2 players, 16 rounds each 1–2 with a result, and 256 swaps
// a round of reason 200 "&".
func inflatingFile(t testing.TB) []byte {
	e := New("Club", "2026-12-05", 1)
	e.Rounds = MaxRounds
	e.AddPlayer("Ana")
	e.AddPlayer("Bruno")
	why := strings.Repeat("&", MaxWhy)
	for n := 1; n <= MaxRounds; n++ {
		r := Round{Number: n, Pairings: []Pairing{{Table: 1, Players: [2]int{1, 2}, Result: &Result{Outcome: Drawn, By: ByTyped}}}}
		for range MaxPlayers {
			r.Swaps = append(r.Swaps, Swap{Players: [2]int{1, 2}, Why: why})
		}
		e.Played = append(e.Played, r)
	}
	var buf strings.Builder
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(e)
	b := []byte(buf.String())
	if len(b) > MaxFileBytes {
		t.Fatalf("the file itself %d", len(b))
	}
	return b
}

// TestAPlayerWithNoNameIsRefused: a file's player named only by a hidden character ("\u200b")
// is read with an empty name; the round's link then carries a table of two players whose
// second name is "" — which the player's round screen (app/ui/round.go) takes for a bye
// (t.Players[1] == ""), not by its ID.
func TestAPlayerWithNoNameIsRefused(t *testing.T) {
	raw := `{"kind":"gnosis-event","version":1,"name":"Club","date":"2026-12-05","game":"at","edition":"core","level":300,"rounds":2,"method":"swiss","scoring":{"win":3,"draw":1,"loss":0,"bye":3},"tiebreakers":["points"],"seed":1,"listsOpen":true,
"players":[{"id":1,"name":"Ana","entered":1},{"id":2,"name":"\u200b","entered":1}],
"played":[{"number":1,"pairings":[{"table":1,"players":[1,2]}]}]}`
	if _, err := ReadFile([]byte(raw)); !errors.Is(err, ErrBadEvent) {
		t.Fatalf("a file's player with no name after cleaning read: %v", err)
	}
}

// TestACodeBesideATypedResultAsks: lists A, A, B, B at two tables A–B; the organiser typed
// table 1's result (no game ID). A code with no "a" of lists A–B (which may be table 1's game,
// brought late) is counted at table 2 without asking.
func TestACodeBesideATypedResultAsks(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb"}, [2]int{1, 3}, [2]int{2, 4})
	if err := e.Type(1, 1, Result{Outcome: FirstWins}); err != nil {
		t.Fatal(err)
	}
	c := gameCode("g9", "aaaaaaaa", "bbbbbbbb", 0, At{})
	table, err := e.TakeCode(c, ByCode)
	var u *Unsure
	if !errors.As(err, &u) {
		t.Errorf("a code of lists locked at two tables, one typed, counted at table %d without asking (%v)", table, err)
	}
}

// TestForgedWhereIsNotTrustedOtherRoundAsks: a code naming this event's key and a future round (99) is
// asked about, not counted; a code naming a player out of the event is refused.
func TestForgedWhereIsNotTrusted(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "bbbbbbbb", "cccccccc", "dddddddd"}, [2]int{1, 2}, [2]int{3, 4})
	key := e.Key()
	for i, at := range []At{
		{Key: key, Round: 99, Table: 1, Player: 1, Side: 0},
		{Key: key, Round: 1, Table: 1, Player: 200, Side: 0},
		{Key: key, Round: 1, Table: 1, Player: 3, Side: 1},  // player 3 says they played side 1 of a game A–B
		{Key: key, Round: 1, Table: 7, Player: 1, Side: -1}, // table wrong
		{Key: "ffffffff", Round: 1, Table: 1, Player: 1, Side: 0},
	} {
		c := gameCode(fmt.Sprint("f", i), "aaaaaaaa", "bbbbbbbb", 0, at)
		c.At = c.At.Clean()
		f := e.Clone()
		table, err := f.TakeCode(c, ByCode)
		t.Logf("at %+v: table %d, %v", at, table, err)
	}
}

// TestMirrorMatchOnTwoPhonesCountsOnce: a mirror match (players 1 and 2, both list A) from each phone of a
// two-phone game: each phone knows its side; the first counts at once, the other is counted
// already.
func TestMirrorMatchOnTwoPhonesCountsOnce(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "aaaaaaaa"}, [2]int{1, 2})
	key := e.Key()
	// player 2's phone played the game's first side and won.
	c := gameCode("m1", "aaaaaaaa", "aaaaaaaa", 0, At{Key: key, Round: 1, Table: 1, Player: 2, Side: 0})
	table, err := e.TakeCode(c, ByCode)
	if err != nil || table != 1 {
		t.Fatalf("mirror from player 2's phone: %d %v", table, err)
	}
	if r := counted(e, 1); r.Outcome != SecondWins {
		t.Errorf("player 2 won, counted %+v", r)
	}
}

// TestACorrectedGameIsNotCountedAgain: lists A, A, B, B at two tables A–B; a code with no "a"
// is placed by the organiser at table 1, whose result is then corrected (a typo); the same
// game's code (or file) brought again is counted at table 2: one game counted twice.
func TestACorrectedGameIsNotCountedAgain(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb"}, [2]int{1, 3}, [2]int{2, 4})
	c := gameCode("g1", "aaaaaaaa", "bbbbbbbb", 0, At{})
	_, err := e.TakeCode(c, ByCode)
	var u *Unsure
	if !errors.As(err, &u) {
		t.Fatalf("not asked: %v", err)
	}
	if err := e.TakeAt(c, ByCode, nil, u.Options[0]); err != nil {
		t.Fatal(err)
	}
	if err := e.Correct(1, u.Options[0].Table, Result{Outcome: FirstWins, Killed: [2]int{90, 40}}, "org", "typo in the levels"); err != nil {
		t.Fatal(err)
	}
	table, err := e.TakeCode(c, ByFile)
	if err == nil {
		t.Errorf("game g1, counted at table %d and corrected, counted again at table %d", u.Options[0].Table, table)
	}
}

// TestRoundLinksOfTheLongestNames: 256 players named 80 of a 4-byte character (or 80 quotes), lists
// at MaxList, the event, day and scenario names 80 of the same: every table on exactly one
// link, each link within MaxRoundPayload, each read back.
func TestRoundLinksOfTheLongestNames(t *testing.T) {
	for _, ch := range []string{"🐉", `"`, `\`, "&"} {
		e := testEvent(MaxPlayers, 2, 9)
		e.Name, e.Date = repeat(ch, MaxName), repeat(ch, MaxName)
		e.Scenarios = []string{repeat(ch, MaxName)}
		for i := range e.Players {
			e.Players[i].Name = repeat(ch, MaxName)
			link := repeat("A", MaxList)
			e.Players[i].List = &List{Link: link, Party: "x", Sum: Checksum(link)}
		}
		if _, err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		seen := map[int]int{}
		views := e.RoundViews(1)
		for _, v := range views {
			if len(v.Payload()) > MaxRoundPayload {
				t.Errorf("%q: a page of %d", ch, len(v.Payload()))
			}
			back, err := ReadRound(v.Link("https://gnosis.example/"))
			if err != nil {
				t.Errorf("%q: %v", ch, err)
				continue
			}
			for _, tb := range back.Tables {
				seen[tb.Table]++
				if tb.Players[0] == "" || (tb.IDs[1] != Bye && tb.Players[1] == "") {
					t.Errorf("%q: table %d has a name empty: %+v", ch, tb.Table, tb.Players)
				}
			}
		}
		for _, p := range e.Played[0].Pairings {
			if seen[p.Table] != 1 {
				t.Errorf("%q: table %d on %d links", ch, p.Table, seen[p.Table])
			}
		}
		t.Logf("%q: %d tables on %d links", ch, len(e.Played[0].Pairings), len(views))
	}
}

// TestHandEditedRoundLinkHasNoNamedBye: a round's link hand-edited so that a bye carries a name, or a
// game's second player has none: ReadRound takes both; the round screen (app/ui/round.go) tells
// a bye by its second name being "", not by its ID.
func TestHandEditedRoundLinkHasNoNamedBye(t *testing.T) {
	for _, tb := range []Table{
		{Table: 1, IDs: [2]int{1, Bye}, Players: [2]string{"Ana", "Bruno"}},
		{Table: 1, IDs: [2]int{1, 2}, Players: [2]string{"Ana", ""}},
		{Table: 3, IDs: [2]int{1, 2}, Players: [2]string{"Ana", "Bruno"}},
	} {
		v := RoundView{Key: "k", Event: "Club", Date: "d", Game: GameAnima, Round: 1, Of: 2, Tables: []Table{tb, {Table: 3, IDs: [2]int{3, 4}, Players: [2]string{"C", "D"}}}}
		back, err := ReadRound(v.Link("https://gnosis.example/"))
		if err != nil {
			continue // refused: nothing of it is shown
		}
		if b := back.Tables[0]; b.IDs[1] == Bye && (b.Players[1] != "" || b.Lists[1] != "") {
			t.Errorf("%+v: a bye read with a second player %q", tb, b.Players[1])
		}
	}
}

// TestACodeAtATableWithoutListsIsRefused: player 2 has no list locked; a code naming player 1 (from a
// joined phone) whose second party is "" is counted at their table, though no list is locked
// there (by its lists alone, the same code is refused).
func TestACodeAtATableWithoutListsIsRefused(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "bbbbbbbb"}, [2]int{1, 2})
	e.Players[1].List = nil
	c := gameCode("g1", "aaaaaaaa", "", 0, At{Key: e.Key(), Round: 1, Table: 1, Player: 1, Side: 0})
	f := e.Clone()
	_, byLists := f.TakeCode(Code{Game: "g0", Parties: c.Parties, Outcome: Drawn}, ByCode)
	table, err := e.TakeCode(c, ByCode)
	t.Logf("by lists: %v; with a: table %d, %v", byLists, table, err)
	if err == nil {
		t.Errorf("a code naming no list for player 2 (none locked) counted at table %d", table)
	}
}
