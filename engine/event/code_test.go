package event

import (
	"encoding/json"
	"errors"
	"testing"

	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/engine/share"
	"gnosis/engine/shelf"
	"gnosis/internal/gamecases"
)

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
	e := testEvent(2, 1, 5)
	for id, pf := range []party.PartyFile{a, b} {
		l, err := share.Link("https://gnosis.example/", pf, cat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Submit(id+1, l, cat); err != nil {
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
	read, err := ReadCode(c.Text())
	if err != nil || read != c {
		t.Fatalf("read back: %+v %v", read, err)
	}
	if c.Left != [2]int{k.Game.Sides[0].Levels, k.Game.Sides[1].Levels} || c.Turns != k.Game.Turns || c.Game != k.Game.ID {
		t.Errorf("the code %+v against the card %+v", c, k.Game)
	}
	table, err := e.TakeCode(read, ByCode)
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
	e3 := testEvent(2, 1, 5)
	e3.Players[0].List, e3.Players[1].List = e.Players[0].List, e.Players[1].List
	if _, err := e3.Pair(); err != nil {
		t.Fatal(err)
	}
	if table, err := e3.TakeGame(back); err != nil || table != 1 || e3.Played[0].Pairings[0].Result.By != ByFile {
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
	if _, err := e3.TakeGame(back); !errors.Is(err, ErrResult) {
		t.Errorf("a game file counted twice: %v", err)
	}
	// A list changed after it was locked: another party played.
	changed := a
	changed.Characters = changed.Characters[:2]
	e2 := testEvent(2, 1, 5)
	e2.Players[0].List, e2.Players[1].List = e.Players[0].List, e.Players[1].List
	if _, err := e2.Pair(); err != nil {
		t.Fatal(err)
	}
	c3, err := CodeOf(playedGame(t, changed, b, 12).Game)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e2.TakeCode(c3, ByCode); !errors.Is(err, ErrResult) {
		t.Errorf("a game of a list not locked: %v", err)
	}
	// A game of a party not saved has no code.
	k.Game.Sides[1].List = ""
	if _, err := CodeOf(k.Game); !errors.Is(err, ErrResultCode) {
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
	e := testEvent(2, 1, 5)
	var lists [2]string
	for id, pf := range []party.PartyFile{a, b} {
		l, _ := share.Link("https://gnosis.example/", pf, cat)
		if _, err := e.Submit(id+1, l, cat); err != nil {
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
	if back, err := ReadCode(c.Text()); err != nil || back != c {
		t.Fatalf("read back: %+v %v", back, err)
	}
	_, err = e.TakeCode(c, ByCode)
	var u *Unsure
	if !errors.As(err, &u) || len(u.Options) != 1 || e.Played[0].Pairings[0].Result != nil {
		t.Fatalf("an unfinished game counted without asking: %v", err)
	}
	if err := e.TakeAt(c, ByCode, nil, u.Options[0]); err != nil {
		t.Fatal(err)
	}
	if r := e.Played[0].Pairings[0].Result; !r.Unfinished || r.Turns != 1 || r.Length != 2 || r.Ahead != c.Ahead {
		t.Fatalf("counted as it stood: %+v", r)
	}
	// Played to its end: counted at once, its end said.
	e2 := testEvent(2, 1, 5)
	e2.Players = e.Players
	e2.Pair()
	done := playedGame(t, a, b, 11)
	c2, _ := CodeOf(done.Game)
	if c2.Unfinished || c2.End == "" {
		t.Fatalf("a finished game's code: %+v", c2)
	}
	if _, err := e2.TakeCode(c2, ByCode); err != nil || e2.Played[0].Pairings[0].Result.End != c2.End {
		t.Fatalf("a finished game: %v", err)
	}
}
