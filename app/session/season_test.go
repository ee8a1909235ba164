package session

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
	"gnosis/internal/eventcases"
)

// TestSeasonOnThePhone (issue 73, part 4): the organiser's season is the past nights kept on
// the phone and the event files added, added up as engine/season adds them up (standings,
// ratings, CSV); bad files are refused with their cause and change nothing; a night left out,
// a rule changed, a file removed; all of it kept over a reload and carried by a backup, whose
// restore adds and overwrites nothing.
func TestSeasonOnThePhone(t *testing.T) {
	s, mem, nights := organiser(t)
	if ns := s.Season().Nights(); len(ns) != 3 || ns[0].Added || !ns[1].Added || !ns[0].In {
		t.Fatalf("the season's nights: %+v", ns)
	}
	sameTable(t, s, season.Setup{Game: event.GameAnima}, nights)

	// Refused, with the cause named, nothing changed.
	other := nights[0].Clone()
	other.Game, other.Name = event.GameDiskwars, "Discs"
	for _, c := range []struct {
		data []byte
		said string
	}{
		{[]byte("{not json"), "cannot be added to the season"},
		{nights[1].File(), "is in the season already"},
		{nights[0].File(), "is in the season already"},
		{other.File(), "another game"},
	} {
		s.Do(AddSeasonFile{Data: c.data})
		if n := s.Notice(); !strings.Contains(n, c.said) || len(s.Season().Nights()) != 3 {
			t.Errorf("a file refused: %q, want %q; %d nights", n, c.said, len(s.Season().Nights()))
		}
		s.Do(Dismiss{})
	}
	s.Do(SetSeason{Game: event.GameAnima, Best: -1})
	if s.Notice() == "" || s.Season().Setup().Best != 0 {
		t.Errorf("a rule out of bounds: %q, %+v", s.Notice(), s.Season().Setup())
	}
	s.Do(Dismiss{})

	// The first night left out, the rule: the best night.
	kept := s.Season().Nights()[0].Key
	do(t, s, LeaveSeasonNight{Key: kept, Out: true})
	do(t, s, SetSeason{Name: " Autumn ", Game: event.GameAnima, Best: 1})
	rule := season.Setup{Name: "Autumn", Game: event.GameAnima, Best: 1}
	sameTable(t, s, rule, nights[1:])
	csv, name := s.Season().CSV(season.CSVHeader)
	if want, _ := season.Build(rule, nights[1:]); !bytes.Equal(csv, want.CSVHeaded(season.CSVHeader)) || name != "Autumn standings.csv" || s.Season().FileName("png") != "Autumn standings.png" {
		t.Errorf("the CSV %q:\n%s", name, csv)
	}

	// Kept over a reload.
	again, _, _ := open(t, mem, "en")
	if ns := again.Season().Nights(); len(ns) != 3 || ns[0].In || again.Season().Setup().Name != "Autumn" || len(again.Season().Broken()) != 0 {
		t.Fatalf("after a reload: %+v, %+v", ns, again.Season().Setup())
	}
	sameTable(t, again, rule, nights[1:])

	// In the backup (with the past nights): a new phone takes it whole, the night left out left
	// out; a phone with a season of its own keeps its rule and gains the nights it lacks, the one
	// it has kept once.
	bk := again.Backup()
	fresh, _, _ := open(t, nil, "en")
	doAll(t, fresh, RestoreFile{Data: bk})
	if ns := fresh.Season().Nights(); fresh.Season().Setup().Name != "Autumn" || len(ns) != 3 || ns[0].In || !strings.Contains(fresh.Toast(), "2 nights added to the season") {
		t.Errorf("restored on a new phone: %+v %+v, said %q", fresh.Season().Setup(), fresh.Season().Nights(), fresh.Toast())
	}
	mine, _, _ := open(t, nil, "en")
	do(t, mine, SetSeason{Name: "Mine", Game: event.GameAnima})
	do(t, mine, AddSeasonFile{Data: nights[2].File()})
	doAll(t, mine, RestoreFile{Data: bk})
	if ns := mine.Season().Nights(); mine.Season().Setup().Name != "Mine" || len(ns) != 3 || !ns[0].In || ns[1].Name != "Night 3" {
		t.Errorf("restored over a season: %+v %+v", mine.Season().Setup(), mine.Season().Nights())
	}

	// A file removed; the night kept back in.
	do(t, again, RemoveSeasonFile{Key: again.Season().Nights()[1].Key})
	do(t, again, LeaveSeasonNight{Key: kept, Out: false})
	sameTable(t, again, rule, []*event.Event{nights[0], nights[2]})
}

// organiser is the organiser's phone of TestSeasonOnThePhone: the season of three nights of four
// players (eventcases.Season), the first run on the phone and ended, the two others added from
// their files.
func organiser(t *testing.T) (*Session, *store.Memory, []*event.Event) {
	t.Helper()
	nights, err := eventcases.Season(3, 4, 2, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	s, _, mem := open(t, nil, "en")
	doAll(t, s, OpenEventFile{Data: nights[0].File()}) // the first night run on this phone
	do(t, s, EndEvent{})
	do(t, s, AddSeasonFile{Data: nights[1].File()})
	do(t, s, AddSeasonFile{Data: nights[2].File()})
	return s, mem, nights
}

// counted is the phone's season added up to its end (SeasonStep, as the screen sends it).
func counted(t *testing.T, s *Session) *season.Table {
	t.Helper()
	s.Season().Table()
	for s.Season().Counting() {
		doAll(t, s, SeasonStep{})
	}
	got, err := s.Season().Table()
	if err != nil || got == nil {
		t.Fatalf("the season: %v", err)
	}
	return got
}

// sameTable fails unless the phone's season is the one engine/season adds up from setup and
// nights: the standings, their points and ratings, line by line.
func sameTable(t *testing.T, s *Session, setup season.Setup, nights []*event.Event) {
	t.Helper()
	want, err := season.Build(setup, nights)
	if err != nil {
		t.Fatal(err)
	}
	got := counted(t, s)
	if len(got.Standings) != len(want.Standings) || len(got.Nights) != len(want.Nights) {
		t.Fatalf("the season: %d lines, want %d", len(got.Standings), len(want.Standings))
	}
	for i, w := range want.Standings {
		if g := got.Standings[i]; g.Name != w.Name || g.Points != w.Points || g.Rating != w.Rating {
			t.Errorf("line %d: %s %d %+v, want %s %d %+v", i+1, g.Name, g.Points, g.Rating, w.Name, w.Points, w.Rating)
		}
	}
}

// TestSeasonJoinsByHand: a player joined by name alone (a guess) is split into a player a
// night, kept over a reload; two split players are joined again by hand; a join that would
// make one player of two who met at a night is refused, said, nothing kept.
func TestSeasonJoinsByHand(t *testing.T) {
	nights, err := eventcases.Season(3, 4, 2, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	s, _, mem := open(t, nil, "en")
	for _, e := range nights {
		do(t, s, AddSeasonFile{Data: e.File()})
	}
	tb := counted(t, s)
	var guess season.Player
	for _, p := range tb.Players {
		if p.Guess {
			guess = p
		}
	}
	if len(guess.Entries) < 2 {
		t.Fatalf("no guess by name in the season: %+v", tb.Players)
	}
	do(t, s, JoinSeasonPlayer{ID: guess.ID})
	var joins []season.Join
	for _, en := range guess.Entries {
		joins = append(joins, season.Join{Night: tb.Nights[en.Night].Key, Player: en.Player})
	}
	split := season.Setup{Game: event.GameAnima, Joins: joins}
	sameTable(t, s, split, nights)
	again, _, _ := open(t, mem, "en")
	sameTable(t, again, split, nights)
	after := counted(t, again)
	if len(after.Players) != len(tb.Players)+len(guess.Entries)-1 || len(again.Season().Setup().Joins) != len(guess.Entries) {
		t.Fatalf("split: %d players, was %d; joins %+v", len(after.Players), len(tb.Players), again.Season().Setup().Joins)
	}

	// Two of them joined again: the second night's counted as the first's.
	var alone []season.Player
	for _, p := range after.Players {
		if p.Name == guess.Name {
			alone = append(alone, p)
		}
	}
	do(t, again, JoinSeasonPlayer{ID: alone[1].ID, As: alone[0].ID})
	if got := counted(t, again); len(got.Players) != len(after.Players)-1 {
		t.Errorf("joined again: %d players, want %d", len(got.Players), len(after.Players)-1)
	}

	// Joined with someone they played at a night: refused.
	now := counted(t, again)
	a := now.Games[0].Players
	before := again.Season().Setup().Joins
	again.Do(JoinSeasonPlayer{ID: now.Players[a[0]].ID, As: now.Players[a[1]].ID})
	if n := again.Notice(); !strings.Contains(n, "they are two players") || len(again.Season().Setup().Joins) != len(before) {
		t.Errorf("a join of two who met: %q, joins %+v", n, again.Season().Setup().Joins)
	}
}

// TestSeasonWithTheStorageFull: a season's change the storage refuses is not made, said in the
// season's words; the season stays as it was kept, over a reload too.
func TestSeasonWithTheStorageFull(t *testing.T) {
	nights, err := eventcases.Season(2, 4, 1, 4, 9)
	if err != nil {
		t.Fatal(err)
	}
	s, _, mem := open(t, nil, "es")
	do(t, s, AddSeasonFile{Data: nights[0].File()})
	mem.Quota = 1
	s.Do(AddSeasonFile{Data: nights[1].File()})
	if n := s.Notice(); !strings.Contains(n, "La temporada sigue como estaba") || len(s.Season().Nights()) != 1 {
		t.Errorf("a file added with the storage full: %q, %d nights", n, len(s.Season().Nights()))
	}
	s.Do(Dismiss{})
	s.Do(SetSeason{Name: "Invierno", Game: event.GameAnima, Best: 2})
	if s.Notice() == "" || s.Season().Setup().Best != 0 {
		t.Errorf("a rule kept with the storage full: %q, %+v", s.Notice(), s.Season().Setup())
	}
	s.Do(Dismiss{})
	s.Do(RemoveSeasonFile{Key: s.Season().Nights()[0].Key})
	if s.Notice() == "" || len(s.Season().Nights()) != 1 {
		t.Errorf("a file taken off with the storage full: %q, %d nights", s.Notice(), len(s.Season().Nights()))
	}
	mem.Quota = 0
	again, _, _ := open(t, mem, "es")
	if ns := again.Season().Nights(); len(ns) != 1 || again.Season().Setup().Best != 0 {
		t.Errorf("after a reload: %+v %+v", ns, again.Season().Setup())
	}
}

// TestALargeSeasonIsCountedInSteps: a season of a hundred nights is added up a step at a time
// (SeasonStep, each of core.Budget at most: its nights read, then season.BuildPaced), and comes
// out as engine/season adds it up at once; a request that needs it as it is (a join) finishes
// it first.
// TestASeasonBegunAnewIsAskedForAgain: a change as the season is added up begins another
// adding-up (Season.Run), whose steps a screen asks for again: a screen that kept asking for
// the first one's waited for ever (the season after a reload, its nights read meanwhile).
func TestASeasonBegunAnewIsAskedForAgain(t *testing.T) {
	nights, err := eventcases.Season(100, 16, 4, 40, 3)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := open(t, nil, "en")
	for _, e := range nights {
		do(t, s, AddSeasonFile{Data: e.File()})
	}
	if s.Season().Table(); !s.Season().Counting() {
		t.Skipf("a hundred nights added up in one step of %v on this machine", core.Budget)
	}
	first := s.Season().Run()
	do(t, s, SetSeason{Name: "Spring", Game: event.GameAnima, Best: 2})
	if s.Season().Table(); s.Season().Run() == first {
		t.Fatalf("after a change: the same run %d", first)
	}
	doAll(t, s, SeasonStep{})
	if s.Season().Counting() {
		t.Error("still adding up after its steps")
	}
}

func TestALargeSeasonIsCountedInSteps(t *testing.T) {
	nights, err := eventcases.Season(100, 16, 4, 40, 3)
	if err != nil {
		t.Fatal(err)
	}
	s, _, mem := open(t, nil, "en")
	for _, e := range nights {
		do(t, s, AddSeasonFile{Data: e.File()})
	}
	if got, _ := s.Season().Table(); got != nil || !s.Season().Counting() {
		t.Skipf("a hundred nights added up in one step of %v on this machine", core.Budget)
	}
	if steps := doAll(t, s, SeasonStep{}); steps < 1 || s.Season().Counting() {
		t.Errorf("added up in %d steps, counting %v", steps, s.Season().Counting())
	}
	sameTable(t, s, season.Setup{Game: event.GameAnima}, nights)

	again, _, _ := open(t, mem, "en")
	again.Season().Table()
	tb, _ := season.Build(season.Setup{Game: event.GameAnima}, nights)
	do(t, again, JoinSeasonPlayer{ID: tb.Players[0].ID, As: ""})
	if again.Season().Counting() || len(again.Season().Setup().Joins) != len(tb.Players[0].Entries) {
		t.Errorf("a join while counting: counting %v, joins %d", again.Season().Counting(), len(again.Season().Setup().Joins))
	}
}

// TestANewerCopyOfANightTakesTheOldersPlace: a copy of a night kept after its first round,
// added to the season, then its final file (after a reload, nothing read yet): the final file
// takes the copy's place, said so, and the season counts it once with its three rounds; the
// copy added again is in the season already. A past night of the phone's own, kept before its
// end, is left out for its newer copy, which counts in its place.
func TestANewerCopyOfANightTakesTheOldersPlace(t *testing.T) {
	nights, err := eventcases.Season(1, 6, 3, 6, 11)
	if err != nil {
		t.Fatal(err)
	}
	full := nights[0]
	stale := full.Clone()
	stale.Played = stale.Played[:1]
	s, _, mem := open(t, nil, "en")
	do(t, s, AddSeasonFile{Data: stale.File()})
	r, _, _ := open(t, mem, "en")
	do(t, r, AddSeasonFile{Data: full.File()})
	if said := r.Toast(); !strings.Contains(said, "takes the place of the older one") || len(r.Season().Nights()) != 1 {
		t.Fatalf("said %q, %d nights", said, len(r.Season().Nights()))
	}
	if tb := counted(t, r); len(tb.Nights) != 1 || tb.Nights[0].Event.Round() != 3 {
		t.Fatalf("%d nights, the first of %d rounds", len(tb.Nights), tb.Nights[0].Event.Round())
	}
	sameTable(t, r, r.Season().Setup(), nights)
	r.Do(AddSeasonFile{Data: stale.File()})
	if n := r.Notice(); !strings.Contains(n, "in the season already") {
		t.Errorf("the older copy again: %q", n)
	}

	own, _, _ := open(t, nil, "en")
	doAll(t, own, OpenEventFile{Data: stale.File()})
	do(t, own, EndEvent{})
	do(t, own, AddSeasonFile{Data: full.File()})
	ns := own.Season().Nights()
	if len(ns) != 2 || ns[0].In || !ns[1].In || !ns[1].Added {
		t.Fatalf("the past night and its newer copy: %+v", ns)
	}
	sameTable(t, own, own.Season().Setup(), nights)
}

// TestTwoNightsOfOneKeyAreBothAdded: two club nights whose keys collide (a CRC-32's chance:
// "Club night 29685295" and "Club night 32060020", 2026-10-01, seed 42) are two nights: the
// second is added beside the first, and both count.
func TestTwoNightsOfOneKeyAreBothAdded(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	var es []*event.Event
	for i, name := range []string{"Club night 29685295", "Club night 32060020"} {
		e := event.New(name, "2026-10-01", 42)
		for _, p := range []string{"Ana", "Bruno"} {
			if _, err := e.AddPlayer(fmt.Sprintf("%s %d", p, i)); err != nil {
				t.Fatal(err)
			}
		}
		es = append(es, e)
		do(t, s, AddSeasonFile{Data: e.File()})
	}
	if es[0].Key() != es[1].Key() {
		t.Fatal("the keys differ")
	}
	if tb := counted(t, s); len(tb.Nights) != 2 || len(tb.Players) != 4 {
		t.Fatalf("%d nights, %d players", len(tb.Nights), len(tb.Players))
	}
}

// TestOneCardUnderTwoNamesIsJoinedByHand: a card entered as Ana at one night and Mallory at
// another is a guess on the phone (season.Player.Renamed); the organiser joins it as itself
// (one person), kept over a reload, and it is a guess no more.
func TestOneCardUnderTwoNamesIsJoinedByHand(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	for i, name := range []string{"Ana", "Mallory"} {
		e := event.New(fmt.Sprintf("Night %d", i+1), fmt.Sprintf("2026-1%d-01", i), 5)
		if _, err := e.AddPlayerCard(name, "aaaaaaaaaaaaaaaa"); err != nil {
			t.Fatal(err)
		}
		if _, err := e.AddPlayer("Bruno"); err != nil {
			t.Fatal(err)
		}
		do(t, s, AddSeasonFile{Data: e.File()})
	}
	tb := counted(t, s)
	i := slices.IndexFunc(tb.Players, func(p season.Player) bool { return p.Renamed })
	if i < 0 || !tb.Players[i].Guess {
		t.Fatalf("no guess: %+v", tb.Players)
	}
	do(t, s, JoinSeasonPlayer{ID: tb.Players[i].ID, As: tb.Players[i].ID})
	r, _, _ := open(t, mem, "en")
	for _, p := range counted(t, r).Players {
		if p.ID == tb.Players[i].ID && (p.Guess || p.Renamed || len(p.Entries) != 2) {
			t.Fatalf("still a guess: %+v", p)
		}
	}
}
