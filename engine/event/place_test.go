package event

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// locked is an event of len(sums) players, each player's list locked with its checksum (the
// share payload left out: what the placing reads is the checksum), and round 1 paired as
// tables (each pair: its players' IDs, the first player first).
func locked(t *testing.T, sums []string, tables ...[2]int) *Event {
	t.Helper()
	e := testEvent(len(sums), 2, 3)
	for i, s := range sums {
		e.Players[i].List = &List{Link: "l" + s, Party: "Party " + s, Sum: s}
	}
	r := Round{Number: 1}
	for i, p := range tables {
		r.Pairings = append(r.Pairings, Pairing{Table: i + 1, Players: p})
	}
	e.Played = append(e.Played, r)
	if err := e.Check(); err != nil {
		t.Fatal(err)
	}
	return e
}

// gameCode is a result code of a game whose first side played list first and second side
// list second, won by side winner (0 or 1), its first side killing 100 levels and the second
// 40, from a phone that knew at.
func gameCode(id, first, second string, winner int, at At) Code {
	return Code{Game: id, Parties: [2]string{first, second}, Outcome: []string{FirstWins, SecondWins}[winner],
		Killed: [2]int{100, 40}, Left: [2]int{60, 10}, Turns: 5, At: at}
}

// counted is the result of table of the round being played, or nil.
func counted(e *Event, table int) *Result { return e.Played[len(e.Played)-1].Pairings[table-1].Result }

// TestSharedListsFindTheirTable: issue 69's first break. Lists A, A, B, B, round 1 paired 4–1
// and 3–2: a game between lists B and A is counted at the table of the player whose phone
// joined (player 3: table 2, not table 1), its sides by the side that phone played; a code of
// the same lists from a phone that never joined is not guessed: both tables are offered, and
// nothing is counted until the organiser picks.
func TestSharedListsFindTheirTable(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb"}, [2]int{4, 1}, [2]int{3, 2})
	key := e.Key()
	// Player 3's phone: they played the game's first side (list B), and won.
	c := gameCode("g1", "bbbbbbbb", "aaaaaaaa", 0, At{Key: key, Round: 1, Table: 2, Player: 3, Side: 0})
	table, err := e.TakeCode(c, ByCode)
	if err != nil || table != 2 || counted(e, 1) != nil {
		t.Fatalf("counted at table %d (%v); table 1: %+v", table, err, counted(e, 1))
	}
	if r := counted(e, 2); r.Outcome != FirstWins || r.Killed != [2]int{100, 40} {
		t.Fatalf("table 2 (3–2): %+v, want player 3 the winner, 100 levels killed", r)
	}
	// The opponent's phone (player 2) of the same game: counted already, by its ID.
	if _, err := e.TakeCode(gameCode("g1", "bbbbbbbb", "aaaaaaaa", 0, At{Key: key, Round: 1, Table: 2, Player: 2, Side: 1}), ByCode); !errors.Is(err, ErrResult) {
		t.Fatalf("the same game from the other phone: %v", err)
	}

	// A phone that never joined: two tables hold lists B and A.
	e = locked(t, []string{"aaaaaaaa", "aaaaaaaa", "bbbbbbbb", "bbbbbbbb"}, [2]int{4, 1}, [2]int{3, 2})
	c = gameCode("g2", "aaaaaaaa", "bbbbbbbb", 1, At{})
	_, err = e.TakeCode(c, ByCode)
	var u *Unsure
	if !errors.As(err, &u) || !errors.Is(err, ErrWhere) || len(u.Options) != 2 || u.Options[0].Table != 1 || u.Options[1].Table != 2 {
		t.Fatalf("a code that cannot tell its table: %v %+v", err, u)
	}
	if counted(e, 1) != nil || counted(e, 2) != nil {
		t.Fatal("a result counted before the organiser chose its table")
	}
	// Each option is the result as it would be counted: table 1 is 4 (list B) – 1 (list A);
	// the game's first side (list A) lost, so player 4 won there.
	if o := u.Options[0]; o.First != 1 || o.Result.Outcome != FirstWins || o.Result.Killed != [2]int{40, 100} {
		t.Fatalf("table 1's option: %+v", o)
	}
	if err := e.TakeAt(c, ByCode, nil, u.Options[1]); err != nil || counted(e, 2) == nil || counted(e, 1) != nil {
		t.Fatalf("counted where the organiser chose: %v", err)
	}
	if r := counted(e, 2); r.Outcome != FirstWins || r.Killed != [2]int{40, 100} {
		t.Fatalf("table 2 (3–2), player 3 of list B won: %+v", r)
	}
	// Now one table is left for those lists: the next code of them tells.
	if table, err := e.TakeCode(gameCode("g3", "aaaaaaaa", "bbbbbbbb", 0, At{}), ByCode); err != nil || table != 1 {
		t.Fatalf("the last table of those lists: %d %v", table, err)
	}
	// A choice that is not one of the options is refused.
	e = locked(t, []string{"aaaaaaaa", "bbbbbbbb", "cccccccc", "dddddddd"}, [2]int{1, 2}, [2]int{3, 4})
	if err := e.TakeAt(gameCode("g4", "aaaaaaaa", "bbbbbbbb", 0, At{}), ByCode, nil, Placement{Table: 2, First: 3}); !errors.Is(err, ErrResult) {
		t.Fatalf("a result counted at a table of other lists: %v", err)
	}
}

// TestMirrorMatchFromEitherPhone: issue 69's second break. Ana (1) and Bruno (2) locked one
// list. Bruno starts the game on his phone (his party the game's first side) and wins: from
// his phone or from Ana's (two phones: each knows its side), Bruno is counted the winner. From
// one phone, where both sides are one list and the phone cannot tell who played which, and
// from a phone that never joined, the organiser is asked, the two ways offered.
func TestMirrorMatchFromEitherPhone(t *testing.T) {
	const list = "aaaaaaaa"
	for _, at := range []At{
		{Round: 1, Table: 1, Player: 2, Side: 0}, // Bruno's phone: he played the first side
		{Round: 1, Table: 1, Player: 1, Side: 1}, // Ana's phone, the game's second side
	} {
		e := locked(t, []string{list, list}, [2]int{1, 2})
		at.Key = e.Key()
		table, err := e.TakeCode(gameCode("g", list, list, 0, at), ByCode)
		if err != nil || table != 1 {
			t.Fatalf("%+v: %d %v", at, table, err)
		}
		if r := counted(e, 1); r.Outcome != SecondWins || r.Killed != [2]int{40, 100} || r.Left != [2]int{10, 60} {
			t.Fatalf("from player %d's phone: %+v, want Bruno (second at the table) the winner", at.Player, r)
		}
	}
	for name, at := range map[string]At{
		"one phone":          {Round: 1, Table: 1, Player: 2, Side: -1},
		"a phone not joined": {},
		"another event's":    {Key: "ffffffff", Round: 1, Table: 1, Player: 2, Side: 0},
	} {
		e := locked(t, []string{list, list}, [2]int{1, 2})
		if at.Key == "" && at.Known() {
			at.Key = e.Key()
		}
		_, err := e.TakeCode(gameCode("g", list, list, 0, at), ByCode)
		var u *Unsure
		if !errors.As(err, &u) || len(u.Options) != 2 || u.Options[0].First == u.Options[1].First || counted(e, 1) != nil {
			t.Fatalf("%s: %v %+v", name, err, u)
		}
		if err := e.TakeAt(gameCode("g", list, list, 0, at), ByCode, nil, u.Options[1]); err != nil || counted(e, 1).Outcome != SecondWins {
			t.Fatalf("%s: the organiser's choice (Bruno played the first side): %v %+v", name, err, counted(e, 1))
		}
	}
}

// TestCodeFromAPhoneThatDidNotJoin: a code with no place (a phone that never opened the
// round's link) is counted where its two lists are locked at one table only, its sides by
// the lists; a phone that joined an earlier round's link still finds its player's table, but
// the organiser is asked first (it may be an earlier round's game), as for a phone that joined
// another night (last week's game of the same lists); a code naming a player
// with no table, or lists not theirs, is refused with why.
func TestCodeFromAPhoneThatDidNotJoin(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "bbbbbbbb", "cccccccc", "dddddddd"}, [2]int{1, 2}, [2]int{3, 4})
	table, err := e.TakeCode(gameCode("g1", "dddddddd", "cccccccc", 0, At{}), ByCode)
	if err != nil || table != 2 || counted(e, 2).Outcome != SecondWins {
		t.Fatalf("lists D and C: table %d %v %+v", table, err, counted(e, 2))
	}
	for name, at := range map[string]At{
		"a player out of the event":       {Round: 1, Table: 1, Player: 9, Side: 0},
		"a list not the player's":         {Round: 1, Table: 1, Player: 2, Side: 0},
		"another round's lists":           {Round: 1, Table: 2, Player: 3, Side: 0},
		"a table with its result already": {Round: 1, Table: 2, Player: 4, Side: 0},
	} {
		at.Key = e.Key()
		first := "aaaaaaaa"
		if name == "another round's lists" {
			first = "bbbbbbbb"
		}
		if name == "a table with its result already" {
			first = "dddddddd"
		}
		if _, err := e.TakeCode(gameCode("g-"+name, first, "bbbbbbbb", 0, at), ByCode); !errors.Is(err, ErrResult) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A game of another night (last week's, of the same lists): asked, never counted by its
	// lists alone.
	var other *Unsure
	if _, err := e.TakeCode(gameCode("g-last-week", "aaaaaaaa", "bbbbbbbb", 0, At{Key: "5ea6817f", Round: 1, Table: 1, Player: 1}), ByCode); !errors.As(err, &other) || len(other.Options) != 1 || counted(e, 1) != nil {
		t.Errorf("a code of another night: %v, table 1 %+v", err, counted(e, 1))
	}
	// Round 2: player 1's phone still holds round 1's link.
	play(e, testRand(1))
	e.Played = append(e.Played, Round{Number: 2, Pairings: []Pairing{{Table: 1, Players: [2]int{1, 3}}, {Table: 2, Players: [2]int{2, 4}}}})
	c := gameCode("g5", "aaaaaaaa", "cccccccc", 0, At{Key: e.Key(), Round: 1, Table: 1, Player: 1, Side: 0})
	_, err = e.TakeCode(c, ByCode)
	var u *Unsure
	if !errors.As(err, &u) || len(u.Options) != 1 || u.Options[0].Table != 1 || counted(e, 1) != nil {
		t.Fatalf("a phone of round 1's link in round 2: %v %+v", err, u)
	}
	if err := e.TakeAt(c, ByCode, nil, u.Options[0]); err != nil || counted(e, 1).Outcome != FirstWins {
		t.Fatalf("confirmed: %v", err)
	}
}

// TestEventFileCheckedWhole: R-EVT-10 and issue 69's crash from a file. An event file whose
// swap names player 999, 0 or −3, whose round has no table, whose bye is not last or has a
// result, that pairs a player before they entered or gives a player a second bye, or a round
// robin with a late entrant (R-EVT-9), is refused with its reason; the same event with none
// of that is read.
func TestEventFileCheckedWhole(t *testing.T) {
	base := testEvent(5, 3, 9)
	for range 2 {
		if _, err := base.Pair(); err != nil {
			t.Fatal(err)
		}
		play(base, testRand(2))
	}
	if _, err := ReadFile(base.File()); err != nil {
		t.Fatal(err)
	}
	breaks := map[string]func(e *Event){
		"a swap of player 999": func(e *Event) { e.Played[1].Swaps = []Swap{{Players: [2]int{999, 1}}} },
		"a swap of player 0":   func(e *Event) { e.Played[1].Swaps = []Swap{{Players: [2]int{1, 0}}} },
		"a swap of player −3":  func(e *Event) { e.Played[1].Swaps = []Swap{{Players: [2]int{-3, 2}}} },
		"a swap of one player": func(e *Event) { e.Played[1].Swaps = []Swap{{Players: [2]int{2, 2}}} },
		"a round with no table": func(e *Event) {
			e.Played[1].Pairings = nil
		},
		"a bye not last": func(e *Event) {
			p := e.Played[1].Pairings
			p[0], p[len(p)-1] = p[len(p)-1], p[0]
			for i := range p {
				p[i].Table = i + 1
			}
		},
		"a bye with a result": func(e *Event) {
			p := &e.Played[1].Pairings[len(e.Played[1].Pairings)-1]
			r := result(1, [2]int{1, 1}, [2]int{})
			r.By = ByTyped
			p.Result = &r
		},
		"a player paired before they entered": func(e *Event) { e.Players[e.Played[0].Pairings[0].Players[0]-1].Entered = 2 },
		"a second bye": func(e *Event) {
			p0, p1 := e.Played[0].Pairings, e.Played[1].Pairings
			had := p0[len(p0)-1].Players[0]
			bye := &p1[len(p1)-1]
			for t := range p1[:len(p1)-1] { // the one who had round 1's bye takes round 2's
				for s, id := range p1[t].Players {
					if id == had {
						p1[t].Players[s] = bye.Players[0]
					}
				}
			}
			bye.Players[0] = had
		},
		"a round robin's late entrant": func(e *Event) {
			e.Method, e.Played = RoundRobin, nil
			e.Players[4].Entered = 2
		},
	}
	for name, f := range breaks {
		e := clone(t, base)
		f(e)
		if _, err := ReadFile(e.File()); !errors.Is(err, ErrBadEvent) {
			t.Errorf("%s: read (%v)", name, err)
		}
	}
}

// TestRoundLinksHoldEveryTable: issue 69's fifth part. A round whose players' names escape
// long in JSON (80 "&"), or are long in bytes (80 emoji), under an event and scenario named so
// too, goes to the players with every table on a link that fits a QR code, none dropped; each
// player finds their table by ID.
func TestRoundLinksHoldEveryTable(t *testing.T) {
	for _, name := range []string{"&", "🐉", "\"", "é"} {
		e := testEvent(6, 1, 4)
		e.Name = repeat(name, MaxName)
		e.Date = repeat(name, MaxName)
		e.Scenarios = []string{repeat(name, MaxName)}
		for i := range e.Players {
			e.Players[i].Name = repeat(name, MaxName-2) + fmt.Sprint(i+1)
			sum := fmt.Sprintf("%08x", i)
			e.Players[i].List = &List{Link: repeat("A", MaxRoundPayload), Party: "p", Sum: sum}
		}
		if _, err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		seen := map[int]bool{}
		for _, v := range e.RoundViews(1) {
			if len(v.Payload()) > MaxRoundPayload {
				t.Fatalf("%q: a page of %d characters", name, len(v.Payload()))
			}
			back, err := ReadRound(v.Link("https://gnosis.example/"))
			if err != nil {
				t.Fatalf("%q: %v", name, err)
			}
			for _, tb := range back.Tables {
				for _, id := range tb.IDs {
					if seat, _ := back.Seat(id); id != Bye && (seat == nil || seat.Table != tb.Table) {
						t.Fatalf("%q: player %d's seat", name, id)
					}
					seen[id] = true
				}
			}
		}
		for _, p := range e.Players {
			if !seen[p.ID] {
				t.Errorf("%q: player %d on no link", name, p.ID)
			}
		}
	}
}

// TestStandingsLinkOfEveryName: 256 players named in four-byte characters go out on a
// standings' link within the bound of a link read, every row there.
func TestStandingsLinkOfEveryName(t *testing.T) {
	for _, name := range []string{"🐉", "東", "é", "&"} {
		e := testEvent(MaxPlayers, 1, 6)
		e.Name = repeat(name, MaxName)
		for i := range e.Players {
			e.Players[i].Name = repeat(name, MaxName-3) + fmt.Sprint(i+1)
		}
		v, err := ReadStandings(e.Shared().Link("https://gnosis.example/"))
		if err != nil || len(v.Rows) != MaxPlayers {
			t.Fatalf("%q: %d rows, %v", name, len(v.Rows), err)
		}
	}
}

// repeat is s n times.
func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

// TestOnePlayerOneName: R-EVT-11. Two players of one event may not share a name, compared
// after cleaning and cutting, with case folded and accents dropped: "Ana", "ana", "Aná" and
// "A\u0301NA" are one name, refused with words naming the player entered; a file with two is
// refused whole.
func TestOnePlayerOneName(t *testing.T) {
	e := testEvent(0, 2, 1)
	if _, err := e.AddPlayer("Ana"); err != nil {
		t.Fatal(err)
	}
	for _, again := range []string{"Ana", "ana", " Aná ", "A\u0301NA", "Ana\u200b"} {
		if _, err := e.AddPlayer(again); !errors.Is(err, ErrPlayer) || len(e.Players) != 1 {
			t.Errorf("%q entered beside Ana: %v", again, err)
		}
	}
	for _, other := range []string{"Anna", "Ana B.", "Åsa"} {
		if _, err := e.AddPlayer(other); err != nil {
			t.Errorf("%q refused: %v", other, err)
		}
	}
	if _, err := e.AddPlayer("\u0301\u0301"); !errors.Is(err, ErrPlayer) {
		t.Errorf("a name of accents alone: %v", err)
	}
	e.Players[1].Name = "aNa"
	if err := e.Check(); !errors.Is(err, ErrBadEvent) {
		t.Errorf("an event with two players named Ana: %v", err)
	}
	// A file of two players named Ana reads, the later numbered (TestFilesOfTwinNamesRead).
	if f, err := ReadFile(e.File()); err != nil || f.Players[1].Name != "aNa (2)" {
		t.Errorf("a file with two players named Ana: %v", err)
	}
}

// TestSwap: the organiser's swap of two players of the round being played: refused with why
// for a player not paired, one player twice, two of one table, a table with its result, a
// player who had a bye given another (R-EVT-2); kept with its reason otherwise, a bye staying
// on the last table with the player swapped into it second.
func TestSwap(t *testing.T) {
	e := testEvent(5, 3, 7)
	if err := e.Swap(1, 2, "x"); !errors.Is(err, ErrRound) {
		t.Errorf("a swap before any round: %v", err)
	}
	e.Pair()
	r := e.Played[0].Pairings
	bye := r[len(r)-1].Players[0]
	a, b := r[0].Players[0], r[1].Players[1]
	for name, sw := range map[string][2]int{"a player not in the event": {a, 99}, "one player twice": {a, a}, "two of one table": {r[0].Players[0], r[0].Players[1]}, "the bye's zero": {a, Bye}} {
		if err := e.Swap(sw[0], sw[1], "x"); err == nil {
			t.Errorf("%s swapped", name)
		}
	}
	if err := e.Swap(a, b, "late"); err != nil || e.Played[0].Pairings[0].Players[0] != b || e.Played[0].Pairings[1].Players[1] != a || e.Played[0].Swaps[0].Why != "late" {
		t.Fatalf("a swap of tables 1 and 2: %v %+v", err, e.Played[0])
	}
	if err := e.Swap(a, bye, "asked"); err != nil {
		t.Fatal(err)
	}
	last := e.Played[0].Pairings[len(r)-1]
	if last.Players != [2]int{a, Bye} {
		t.Fatalf("the bye after a swap: %+v", last)
	}
	play(e, testRand(1))
	if err := e.Swap(b, bye, "x"); !errors.Is(err, ErrRound) {
		t.Errorf("a table with its result swapped: %v", err)
	}
	e.Pair()
	r = e.Played[1].Pairings
	if r[len(r)-1].Players[1] != Bye || r[len(r)-1].Players[0] == a {
		t.Fatalf("round 2: %+v", r)
	}
	if err := e.Swap(a, r[len(r)-1].Players[0], "x"); !errors.Is(err, ErrRound) {
		t.Errorf("a second bye given by a swap: %v", err)
	}
	if _, err := ReadFile(e.File()); err != nil {
		t.Errorf("the event after its swaps: %v", err)
	}
}

// TestACorrectionNeedsItsReason: issue 70. A correction without a reason (empty, or spaces and
// marks that clean to nothing) is refused and the result stays; with one, it is kept.
func TestACorrectionNeedsItsReason(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "bbbbbbbb"}, [2]int{1, 2})
	if err := e.Type(1, 1, Result{Outcome: FirstWins}); err != nil {
		t.Fatal(err)
	}
	for _, why := range []string{"", "   ", "\u200b\u202e"} {
		if err := e.Correct(1, 1, Result{Outcome: Drawn}, "org", why); !errors.Is(err, ErrResult) || counted(e, 1).Outcome != FirstWins {
			t.Errorf("a correction because %q: %v", why, err)
		}
	}
	if err := e.Correct(1, 1, Result{Outcome: Drawn}, "org", "misread"); err != nil || counted(e, 1).Outcome != Drawn {
		t.Fatalf("a correction with its reason: %v", err)
	}
}

// TestATypedResultWithinTheLists (the trial: 130 levels killed of a list of 80 went into the
// standings' margin): a typed result, or its correction, that says more levels of a side's list
// were killed and kept than the list has (its party's level, else the event's) is refused,
// said with its numbers, and the table keeps what it had.
func TestATypedResultWithinTheLists(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "bbbbbbbb"}, [2]int{1, 2})
	e.Level = 300
	e.Player(2).List.Levels = 80
	if err := e.Type(1, 1, Result{Outcome: FirstWins, Killed: [2]int{130, 20}}); !errors.Is(err, ErrResult) || counted(e, 1) != nil {
		t.Fatalf("130 levels killed of a list of 80: %v", err)
	}
	if err := e.Type(1, 1, Result{Outcome: FirstWins, Killed: [2]int{20, 290}, Left: [2]int{20, 10}}); !errors.Is(err, ErrResult) {
		t.Fatalf("310 levels of a list of the event's 300: %v", err)
	}
	ok := Result{Outcome: FirstWins, Killed: [2]int{60, 100}, Left: [2]int{200, 20}}
	if err := e.Type(1, 1, ok); err != nil || counted(e, 1).Killed != ok.Killed {
		t.Fatalf("a result within both lists: %v", err)
	}
	if err := e.Correct(1, 1, Result{Outcome: FirstWins, Killed: [2]int{70, 100}, Left: [2]int{200, 20}}, "org", "typo"); !errors.Is(err, ErrResult) || counted(e, 1).Killed != ok.Killed {
		t.Errorf("a correction past the list's 80 levels: %v, kept %+v", err, counted(e, 1))
	}
	var f Event
	if err := json.Unmarshal(e.File(), &f); err != nil || f.Player(2).List.Levels != 80 || f.Player(1).List.Levels != 0 {
		t.Errorf("the list's levels in the file: %v", err)
	}
}

// TestAGameCountedUnfinishedThenEnded (the trial: a game's code taken at turn 1, unfinished,
// and its end's code then refused as "counted already" with no way on): the end's code is
// refused saying the game was counted unfinished, and how to count its end (a correction).
func TestAGameCountedUnfinishedThenEnded(t *testing.T) {
	e := locked(t, []string{"aaaaaaaa", "bbbbbbbb"}, [2]int{1, 2})
	early := gameCode("g1", "aaaaaaaa", "bbbbbbbb", 0, At{})
	early.Unfinished, early.Turns, early.Length = true, 1, 2
	_, err := e.TakeCode(early, ByCode)
	var u *Unsure
	if !errors.As(err, &u) || e.TakeAt(early, ByCode, nil, u.Options[0]) != nil || !counted(e, 1).Unfinished {
		t.Fatalf("the unfinished game counted as it stood: %v", err)
	}
	end := gameCode("g1", "aaaaaaaa", "bbbbbbbb", 1, At{})
	end.Turns, end.Length, end.End = 2, 2, EndLength
	if _, err := e.TakeCode(end, ByCode); !errors.Is(err, ErrResult) || !strings.Contains(err.Error(), "counted unfinished") || !counted(e, 1).Unfinished {
		t.Errorf("its end's code: %v", err)
	}
	if _, err := e.TakeCode(early, ByCode); err == nil || strings.Contains(err.Error(), "counted unfinished") {
		t.Errorf("the same unfinished code again: %v", err)
	}
}
