package eventgame

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"gnosis/engine/catalog"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/event"
	"gnosis/engine/party"
	"gnosis/engine/share"
	"gnosis/engine/shelf"
	"gnosis/internal/gamecases"
)

// night is a club night of n players ("Player 1"…) and the rounds, drawn from seed.
func night(n, rounds int, seed uint64) *event.Event {
	e := event.New("Club night", "2026-12-05", seed)
	e.Rounds = rounds
	for i := range n {
		if _, err := e.AddPlayer(fmt.Sprintf("Player %d", i+1)); err != nil {
			panic(err)
		}
	}
	return e
}

// TestListsLockedAndResultsChecked: a list by link is checked against the event's rules and
// locked; a list over the level, of another edition or breaking a rule is refused with its
// reason in each language; a result code whose parties are not a table's locked lists, or a
// game counted already, is refused; a code read back is the code made.
func TestListsLockedAndResultsChecked(t *testing.T) {
	cat := catalog.Default()
	f, link := church(t)
	e := night(4, 3, 9)
	for id := 1; id <= 4; id++ {
		g := f
		g.Name = "Church " + string(rune('A'+id-1))
		l, err := share.Link("https://gnosis.example/", g, cat)
		if err != nil {
			t.Fatal(err)
		}
		if vs, err := Submit(e, id, l, cat); err != nil || len(vs) > 0 {
			t.Fatalf("player %d's legal list: %v %v", id, vs, err)
		}
		if got := e.Player(id).List.Levels; got != g.Level { // a typed result's bound (event.Event.Type)
			t.Fatalf("player %d's list locked with %d levels, its party's level %d", id, got, g.Level)
		}
	}
	if e.Player(1).List.Sum == e.Player(2).List.Sum || e.Player(1).List.Sum != event.Checksum(e.Player(1).List.Link) {
		t.Fatalf("checksums: %+v %+v", e.Player(1).List, e.Player(2).List)
	}
	// Refused: over the level, another edition, a rule broken.
	over := f
	over.Level = 400
	bad := f
	bad.Characters = append(bad.Characters, f.Characters[0], f.Characters[0])
	for name, pf := range map[string]party.PartyFile{"over the level": over, "a rule broken": bad} {
		l, err := share.Link("https://gnosis.example/", pf, cat)
		if err != nil {
			t.Fatal(err)
		}
		vs, err := Submit(e, 1, l, cat)
		var re *core.RuleError
		if !errors.Is(err, event.ErrList) || !errors.As(err, &re) || re.In("es") == re.In("en") {
			t.Errorf("%s: %v (%d violations)", name, err, len(vs))
		}
	}
	if _, err := Submit(e, 1, "https://gnosis.example/#p=AAAA", cat); err == nil {
		t.Error("a broken link was locked")
	}
	_ = link
	round, err := e.Pair()
	if err != nil {
		t.Fatal(err)
	}
	table := round.Pairings[0]
	a, b := e.Player(table.Players[0]), e.Player(table.Players[1])
	if _, err := Submit(e, a.ID, link, cat); !errors.Is(err, event.ErrList) {
		t.Errorf("a list changed once paired: %v", err)
	}
	// A code from the second player's phone: its sides the other way round.
	c := event.Code{Game: "g1", Parties: [2]string{b.List.Sum, a.List.Sum}, Outcome: event.FirstWins, Killed: [2]int{250, 100}, Left: [2]int{200, 50}, Scenario: [2]int{3, 1}, Turns: 5}
	read, err := event.ReadCode(c.Text())
	if err != nil || read != c {
		t.Fatalf("the code read back: %+v, %v", read, err)
	}
	if n, err := e.TakeCode(read, event.ByCode); err != nil || n != table.Table {
		t.Fatalf("the code taken: table %d, %v", n, err)
	}
	got := e.Played[0].Pairings[0].Result
	if got.Outcome != event.SecondWins || got.Killed != [2]int{100, 250} || got.Parties != [2]string{a.List.Sum, b.List.Sum} || got.By != event.ByCode {
		t.Errorf("the result, the first player's side first: %+v", got)
	}
	if _, err := e.TakeCode(read, event.ByCode); !errors.Is(err, event.ErrResult) {
		t.Errorf("a game counted twice: %v", err)
	}
	other := e.Played[0].Pairings[1]
	wrong := event.Code{Game: "g2", Parties: [2]string{e.Player(other.Players[0]).List.Sum, event.Checksum("another list")}, Outcome: event.Drawn}
	_, err = e.TakeCode(wrong, event.ByFile)
	var re *core.RuleError
	if !errors.Is(err, event.ErrResult) || !errors.As(err, &re) || !strings.Contains(re.In("it"), "1") {
		t.Errorf("a result with a list not locked: %v", err)
	}
	for _, damaged := range []string{"", "GNOSIS-RESULT:", "GNOSIS-RESULT:!!", c.Text() + "x", strings.Replace(c.Text(), "e", "f", 1), "GNOSIS-RESULT:" + strings.Repeat("A", event.MaxCode)} {
		if _, err := event.ReadCode(damaged); !errors.Is(err, event.ErrResultCode) {
			t.Errorf("%.40q read: %v", damaged, err)
		}
	}
}

// church is the legal Church party of the command line's tests, and a link of it.
func church(t *testing.T) (party.PartyFile, string) {
	t.Helper()
	f, err := party.ParsePartyFile([]byte(churchJSON))
	if err != nil {
		t.Fatal(err)
	}
	link, err := share.Link("https://gnosis.example/", f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	return f, link
}

// churchJSON is a legal party of the core edition at 300 levels.
const churchJSON = `{"version":1,"name":"Church vanguard","edition":"core","level":300,"organization":"Church",
 "characters":[{"name":"Nero","advantages":["Heavy Armor"]},{"name":"Xavier"},{"name":"Ergo Mundus"}],
 "advantages":["Tactics","Miracles"]}`

// FuzzSubmit: any text as a list's link: locked or refused, never a panic; a list locked keeps
// its link's checksum and its link reads back as a party.
func FuzzSubmit(f *testing.F) {
	cat := catalog.Default()
	if pf, err := party.ParsePartyFile([]byte(churchJSON)); err == nil {
		if l, err := share.Link("https://gnosis.example/", pf, cat); err == nil {
			f.Add(l)
		}
	}
	f.Add("https://gnosis.example/#p=AAAA")
	f.Add("not a link")
	f.Fuzz(func(t *testing.T, link string) {
		e := night(2, 1, 1)
		if _, err := Submit(e, 1, link, cat); err != nil {
			return
		}
		l := e.Player(1).List
		if l.Sum != event.Checksum(l.Link) {
			t.Fatalf("a list locked with another checksum: %+v", l)
		}
		if _, err := share.Decode(l.Link, cat); err != nil {
			t.Fatalf("a list locked that does not read back: %v", err)
		}
	})
}

// TestRoundViews: a round of 60 players with their lists goes to the players in as few links
// as each fit one QR code, every table once and in order; each link reads back to its page,
// and every player finds their table and their opponent's list; with lists kept to the end,
// a round's links carry none until every round is counted.
func TestRoundViews(t *testing.T) {
	cat := catalog.Default()
	f, _ := church(t)
	e := night(60, 2, 7)
	for id := 1; id <= 60; id++ {
		g := f
		g.Name = fmt.Sprintf("Church of player %d", id)
		l, err := share.Link("https://gnosis.example/", g, cat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Submit(e, id, l, cat); err != nil {
			t.Fatal(err)
		}
	}
	e.Scenarios = []string{"nodes", "flag"}
	if _, err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	views := e.RoundViews(1)
	if len(views) < 2 {
		t.Fatalf("60 players' lists in %d link", len(views))
	}
	table := 0
	for _, v := range views {
		link := v.Link("https://gnosis.example/")
		if p := v.Payload(); len(p) > event.MaxRoundPayload {
			t.Errorf("a page of %d characters", len(p))
		}
		back, err := event.ReadRound(link)
		if err != nil || back.Round != 1 || back.Of != 2 || back.Scenario != "nodes" || len(back.Tables) != len(v.Tables) {
			t.Fatalf("read back: %+v %v", back, err)
		}
		for _, tb := range back.Tables {
			table++
			if tb.Table != table {
				t.Fatalf("table %d where %d was next", tb.Table, table)
			}
			for side, name := range tb.Players {
				seat, i := back.Seat(tb.IDs[side])
				if seat == nil || seat.Table != tb.Table || i != side || tb.Lists[1-side] == "" || seat.Sums[side] != e.Player(tb.IDs[side]).List.Sum {
					t.Fatalf("%s's seat: %+v %d", name, seat, i)
				}
				if _, err := share.Decode(tb.Lists[1-side], cat); err != nil {
					t.Fatalf("%s's opponent's list: %v", name, err)
				}
			}
		}
	}
	if table != 30 {
		t.Fatalf("%d tables in the links, 30 paired", table)
	}
	e.ListsOpen = false
	for _, v := range e.RoundViews(1) {
		for _, tb := range v.Tables {
			if tb.Lists != [2]string{} {
				t.Fatalf("lists kept to the end, published in round 1: table %d", tb.Table)
			}
		}
	}
	if e.RoundViews(2) != nil || e.RoundViews(0) != nil {
		t.Error("a round not paired has views")
	}
	for _, bad := range []string{"", "https://gnosis.example/#round=", "https://gnosis.example/#round=AAAA", views[0].Link("x") + "A", "#round=" + strings.Repeat("A", event.MaxRoundPayload+1)} {
		if _, err := event.ReadRound(bad); !errors.Is(err, event.ErrRoundLink) {
			t.Errorf("%.40q read: %v", bad, err)
		}
	}
}

// TestDiskwarsLists: a Diskwars event locks an army's link (its discs checked) and refuses a
// party's link or a damaged one.
func TestDiskwarsLists(t *testing.T) {
	e := night(2, 1, 3)
	e.Game, e.Edition = event.GameDiskwars, ""
	army := diskwars.Army{Name: "Reikland", Discs: []diskwars.DiscCard{{Name: "Swordsmen", DiameterCm: 5, Move: 3}}}
	link, err := diskwars.ArmyLink("https://gnosis.example/", army)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Submit(e, 1, link, catalog.Default()); err != nil || e.Player(1).List == nil || e.Player(1).List.Party != "Reikland" {
		t.Fatalf("the army locked: %+v %v", e.Player(1).List, err)
	}
	_, party := church(t)
	if _, err := Submit(e, 2, party, catalog.Default()); err == nil {
		t.Error("a party's link locked at a Diskwars event")
	}
}

// playedGame is a game between parties a and b, started as a player's phone starts it (each
// side's list checksum from ListSum) and played at random to its end: a kept card.
func playedGame(t *testing.T, a, b party.PartyFile, seed uint64) shelf.Kept {
	t.Helper()
	cat := catalog.Default()
	var lists [2]string
	for i, f := range []party.PartyFile{a, b} {
		var err error
		if lists[i], err = ListSum(f, cat); err != nil {
			t.Fatal(err)
		}
	}
	g, err := gamecases.PartyGame([2]party.PartyFile{a, b}, lists, seed, 3000)
	if err != nil {
		t.Fatal(err)
	}
	k, err := shelf.KeepAnima(g)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestResultCodeFromTheGame: a game started on a player's phone from a saved party carries
// its list's checksum; the result code of the game kept (on either phone, or from its game
// file) is counted at the table of the two locked lists, whichever side the phone had, and
// says what the card says; a game played with a list changed after it was locked is refused.
func TestResultCodeFromTheGame(t *testing.T) {
	cat := catalog.Default()
	f, _ := church(t)
	a, b := f, f
	a.Name, b.Name = "Ana's Church", "Bruno's Church"
	e := night(2, 1, 5)
	for id, pf := range []party.PartyFile{a, b} {
		l, err := share.Link("https://gnosis.example/", pf, cat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Submit(e, id+1, l, cat); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	// Bruno's phone started the game: his party is its first side.
	k := playedGame(t, b, a, 11)
	c, err := CodeOf(k.Game)
	if err != nil {
		t.Fatal(err)
	}
	// The game file (the other phone's copy, or the organiser's) says the same code.
	raw, _ := json.Marshal(shelf.FileOf(k))
	back, err := shelf.Read(raw)
	if err != nil {
		t.Fatal(err)
	}
	if c2, err := CodeOf(back.Game); err != nil || c2 != c {
		t.Fatalf("the game file's code: %+v (%v), the phone's %+v", c2, err, c)
	}
	read, err := event.ReadCode(c.Text())
	if err != nil || read != c {
		t.Fatalf("read back: %+v %v", read, err)
	}
	if c.Left != [2]int{k.Game.Sides[0].Levels, k.Game.Sides[1].Levels} || c.Turns != k.Game.Turns || c.Game != k.Game.ID {
		t.Errorf("the code %+v against the card %+v", c, k.Game)
	}
	table, err := e.TakeCode(read, event.ByCode)
	if err != nil || table != 1 {
		t.Fatalf("taken: table %d, %v", table, err)
	}
	got := e.Played[0].Pairings[0]
	first := 1 // the pairing's first player's side in the game: Bruno's is the game's first
	if got.Players[0] == 2 {
		first = 0
	}
	if got.Result.Left[0] != c.Left[first] || got.Result.Killed[0] != c.Killed[first] {
		t.Errorf("the result %+v, the code %+v, the pairing %v", got.Result, c, got.Players)
	}
	// The game file, on a phone that counted nothing yet: the same table, with each side's luck.
	e3 := night(2, 1, 5)
	e3.Players[0].List, e3.Players[1].List = e.Players[0].List, e.Players[1].List
	if _, err := e3.Pair(); err != nil {
		t.Fatal(err)
	}
	if table, err := TakeGame(e3, back); err != nil || table != 1 || e3.Played[0].Pairings[0].Result.By != event.ByFile {
		t.Fatalf("the game file taken: table %d, %v", table, err)
	}
	lucks := e3.Lucks()
	if len(lucks) != 2 {
		t.Fatalf("the event's luck: %+v", lucks)
	}
	for _, l := range lucks {
		side := 1 // Ana's side in the game
		if l.ID == 2 {
			side = 0
		}
		if l.Games != 1 || l.Luck != back.Luck.Sides[side].Figures {
			t.Errorf("%s's luck %+v, the game's side %+v", l.Name, l.Luck, back.Luck.Sides[side].Figures)
		}
	}
	if _, err := TakeGame(e3, back); !errors.Is(err, event.ErrResult) {
		t.Errorf("a game file counted twice: %v", err)
	}
	// A list changed after it was locked: another party played.
	changed := a
	changed.Characters = changed.Characters[:2]
	e2 := night(2, 1, 5)
	e2.Players[0].List, e2.Players[1].List = e.Players[0].List, e.Players[1].List
	if _, err := e2.Pair(); err != nil {
		t.Fatal(err)
	}
	c3, err := CodeOf(playedGame(t, changed, b, 12).Game)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e2.TakeCode(c3, event.ByCode); !errors.Is(err, event.ErrResult) {
		t.Errorf("a game of a list not locked: %v", err)
	}
	// A game of a party not saved has no code.
	k.Game.Sides[1].List = ""
	if _, err := CodeOf(k.Game); !errors.Is(err, event.ErrResultCode) {
		t.Errorf("a code with no list: %v", err)
	}
}

// TestAnUnfinishedGameIsAsked: issue 70. A game kept before its end (turn 1 of 2) makes a code
// marked unfinished, with its turn, its length and what puts the side ahead; the organiser's
// phone does not count it as a win: it asks (ErrWhere), and counted as it stands the table's
// result says it was unfinished. A game played to its end is counted at once, its end said.
func TestAnUnfinishedGameIsAsked(t *testing.T) {
	cat := catalog.Default()
	f, _ := church(t)
	a, b := f, f
	a.Name, b.Name = "Ana's Church", "Bruno's Church"
	e := night(2, 1, 5)
	var lists [2]string
	for id, pf := range []party.PartyFile{a, b} {
		l, _ := share.Link("https://gnosis.example/", pf, cat)
		if _, err := Submit(e, id+1, l, cat); err != nil {
			t.Fatal(err)
		}
		lists[id], _ = ListSum(pf, cat)
	}
	if _, err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	g, err := gamecases.PartyGame([2]party.PartyFile{a, b}, lists, 3, 12) // a few gestures: turn 1 of 2
	if err != nil {
		t.Fatal(err)
	}
	k, err := shelf.KeepAnima(g)
	if err != nil {
		t.Fatal(err)
	}
	c, err := CodeOf(k.Game)
	if err != nil || !c.Unfinished || c.Length != 2 || c.Turns != 1 || c.Ahead != k.Game.Ahead {
		t.Fatalf("an unfinished game's code: %+v %v", c, err)
	}
	if back, err := event.ReadCode(c.Text()); err != nil || back != c {
		t.Fatalf("read back: %+v %v", back, err)
	}
	_, err = e.TakeCode(c, event.ByCode)
	var u *event.Unsure
	if !errors.As(err, &u) || len(u.Options) != 1 || e.Played[0].Pairings[0].Result != nil {
		t.Fatalf("an unfinished game counted without asking: %v", err)
	}
	if err := e.TakeAt(c, event.ByCode, nil, u.Options[0]); err != nil {
		t.Fatal(err)
	}
	if r := e.Played[0].Pairings[0].Result; !r.Unfinished || r.Turns != 1 || r.Length != 2 || r.Ahead != c.Ahead {
		t.Fatalf("counted as it stood: %+v", r)
	}
	// Played to its end: counted at once, its end said.
	e2 := night(2, 1, 5)
	e2.Players = e.Players
	e2.Pair()
	done := playedGame(t, a, b, 11)
	c2, _ := CodeOf(done.Game)
	if c2.Unfinished || c2.End == "" {
		t.Fatalf("a finished game's code: %+v", c2)
	}
	if _, err := e2.TakeCode(c2, event.ByCode); err != nil || e2.Played[0].Pairings[0].Result.End != c2.End {
		t.Fatalf("a finished game: %v", err)
	}
}
