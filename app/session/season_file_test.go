package session

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
	"gnosis/engine/text"
	"gnosis/internal/eventcases"
)

// TestSeasonFileMovesToAnotherPhone (issue 73, part 6): the organiser's season (a night run on
// the phone, two added from files, a guess split by hand, the best two nights) made into its
// file and opened on a new phone shows the same standings and ratings, its rule and joins,
// kept over a reload; opened again it adds nothing. A phone with a season of its own keeps it
// and its rule and gains the nights it lacks, each counted once. Said in the player's language.
func TestSeasonFileMovesToAnotherPhone(t *testing.T) {
	org, _, nights := organiser(t)
	do(t, org, SetSeason{Name: "Autumn", Game: event.GameAnima, Best: 2})
	tb := counted(t, org)
	for _, p := range tb.Players {
		if p.Guess {
			do(t, org, JoinSeasonPlayer{ID: p.ID})
		}
	}
	rule := org.Season().Setup()
	if len(rule.Joins) == 0 {
		t.Fatal("no join by hand in the season")
	}
	sameTable(t, org, rule, nights)
	file, name, err := org.Season().File()
	if err != nil || name != "Autumn.gnosis-season.json" {
		t.Fatalf("the season's file %q: %v", name, err)
	}

	other, _, mem := open(t, nil, "it")
	if steps := doAll(t, other, OpenSeasonFile{Data: file}); steps < 1 || other.Season().Opening() {
		t.Fatalf("opened in %d steps, still opening: %v", steps, other.Season().Opening())
	}
	if said := other.Toast(); !strings.Contains(said, "3 serate") {
		t.Errorf("said %q", said)
	}
	if got := other.Season().Setup(); got.Name != "Autumn" || got.Best != 2 || len(got.Joins) != len(rule.Joins) {
		t.Errorf("the rule on the other phone: %+v", got)
	}
	sameTable(t, other, rule, nights)
	again, _, _ := open(t, mem, "en")
	sameTable(t, again, rule, nights)
	doAll(t, again, OpenSeasonFile{Data: file})
	if said := again.Toast(); !strings.Contains(said, "own season is kept") || len(again.Season().Nights()) != 3 {
		t.Errorf("opened twice: said %q, %d nights", said, len(again.Season().Nights()))
	}
	sameTable(t, again, rule, nights)

	// A phone with a season of its own: kept, its rule too; the nights it lacks added.
	mine, _, _ := open(t, nil, "en")
	do(t, mine, SetSeason{Name: "Mine", Game: event.GameAnima})
	do(t, mine, AddSeasonFile{Data: nights[2].File()})
	doAll(t, mine, OpenSeasonFile{Data: file})
	if said := mine.Toast(); !strings.Contains(said, "2 nights of the file added") || mine.Season().Setup().Name != "Mine" || len(mine.Season().Nights()) != 3 {
		t.Errorf("opened over a season: said %q, %+v, %d nights", said, mine.Season().Setup(), len(mine.Season().Nights()))
	}
	want := season.Setup{Name: "Mine", Game: event.GameAnima}
	for _, j := range rule.Joins { // the file's joins, for the nights it added
		if j.Night != nights[2].Key() {
			want.Joins = append(want.Joins, j)
		}
	}
	sameTable(t, mine, want, nights)
}

// TestSeasonFileRefused: a season's file that is none, cut, past its bounds, hostile (a night
// that is no event file, words with controls), of another game than this phone's season, or
// that the storage cannot keep, is refused with its cause and what to do, in the player's
// language; nothing is changed, over a reload too.
func TestSeasonFileRefused(t *testing.T) {
	nights, err := eventcases.Season(2, 4, 1, 4, 9)
	if err != nil {
		t.Fatal(err)
	}
	file, err := season.FileOf(season.Setup{Name: "Win\u0000ter\u202e", Game: event.GameAnima}, nights)
	if err != nil {
		t.Fatal(err)
	}
	met, _ := season.Build(season.Setup{Game: event.GameAnima}, nights)
	g := met.Games[0]
	second := met.Players[g.Players[1]].Entries
	at := second[slices.IndexFunc(second, func(en season.Entry) bool { return en.Night == g.Night })].Player
	hostile, err := season.FileOf(season.Setup{Game: event.GameAnima, Joins: []season.Join{{Night: met.Nights[g.Night].Key, Player: at, As: met.Players[g.Players[0]].ID}}}, nights)
	if err != nil {
		t.Fatal(err)
	}
	discs := nights[0].Clone()
	discs.Game = event.GameDiskwars
	s, _, mem := open(t, nil, "en")
	do(t, s, SetSeason{Name: "Discs", Game: event.GameDiskwars})
	do(t, s, AddSeasonFile{Data: discs.File()})
	for _, c := range []struct {
		name, data, said string
	}{
		{"not JSON", "{not json", "not a Gnosis season's file"},
		{"cut", string(file[:len(file)/2]), "not a Gnosis season's file"},
		{"an event file", string(nights[0].File()), "not a Gnosis season's file"},
		{"past its size", string(file) + strings.Repeat(" ", season.MaxFileBytes), "a phone reads one of"},
		{"a night that is none", strings.Replace(string(file), `"kind":"gnosis-event"`, `"kind":"gnosis-party"`, 1), "night 1 of the season's file cannot be read"},
		{"two who met made one", string(hostile), "they are two players"},
		{"another game", string(file), "another game"},
	} {
		doAll(t, s, Dismiss{})
		for r := Request(OpenSeasonFile{Data: []byte(c.data)}); r != nil; {
			r = s.Do(r).Next
		}
		if n := s.Notice(); !strings.Contains(n, c.said) || !strings.Contains(n, "nothing was changed") || len(s.Season().Nights()) != 1 || s.Season().Setup().Name != "Discs" {
			t.Errorf("%s: said %q, %d nights, %+v", c.name, n, len(s.Season().Nights()), s.Season().Setup())
		}
	}

	// The storage full: nothing kept; with room, the file's words cleaned.
	fresh, _, fmem := open(t, nil, "es")
	fmem.Quota = 1
	for r := Request(OpenSeasonFile{Data: file}); r != nil; {
		r = fresh.Do(r).Next
	}
	if n := fresh.Notice(); !strings.Contains(n, "La temporada sigue como estaba") || len(fresh.Season().Nights()) != 0 {
		t.Errorf("the storage full: said %q, %d nights", n, len(fresh.Season().Nights()))
	}
	fmem.Quota = 0
	doAll(t, fresh, Dismiss{})
	doAll(t, fresh, OpenSeasonFile{Data: file})
	if got := fresh.Season().Setup().Name; got != "Winter" {
		t.Errorf("the season's name %q", got)
	}
	after, _, _ := open(t, mem, "en")
	if after.Season().Setup().Name != "Discs" || len(after.Season().Nights()) != 1 {
		t.Errorf("after a reload: %+v", after.Season().Setup())
	}
}

// TestALargeSeasonFileIsOpenedInSteps: a season's file of a hundred nights is read a step at a
// time (SeasonStep, each of core.Budget at most), and opens as the season it was made from.
func TestALargeSeasonFileIsOpenedInSteps(t *testing.T) {
	nights, err := eventcases.Season(100, 16, 4, 40, 3)
	if err != nil {
		t.Fatal(err)
	}
	setup := season.Setup{Name: "Big", Game: event.GameAnima}
	file, err := season.FileOf(setup, nights)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := open(t, nil, "en")
	steps := doAll(t, s, OpenSeasonFile{Data: file})
	if steps < 3 {
		t.Skipf("a hundred nights' file read in %d steps of %v on this machine", steps, core.Budget)
	}
	if len(s.Season().Nights()) != 100 {
		t.Fatalf("%d nights", len(s.Season().Nights()))
	}
	sameTable(t, s, setup, nights)
}

// TestASeasonPastTheNightsAFileHoldsIsRefusedWithWhatToDo: a season of more nights than a
// season's file holds (season.MaxFileNights) makes no file, and says to leave nights out; a file
// of more nights made elsewhere is refused on opening with the same advice, never "ask for
// its file again", which cannot help.
func TestASeasonPastTheNightsAFileHoldsIsRefusedWithWhatToDo(t *testing.T) {
	nights, err := eventcases.Season(season.MaxFileNights+1, 4, 1, 8, 5)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := open(t, nil, "en")
	doAll(t, s, OpenEventFile{Data: nights[0].File()})
	do(t, s, EndEvent{})
	file, err := season.FileOf(season.Setup{Name: "Long", Game: event.GameAnima}, nights[1:])
	if err != nil {
		t.Fatal(err)
	}
	doAll(t, s, OpenSeasonFile{Data: file})
	if n := len(s.Season().Nights()); n != season.MaxFileNights+1 {
		t.Fatalf("%d nights on the phone", n)
	}
	if _, _, err := s.Season().File(); err == nil || !strings.Contains(s.Settings().ErrText(err), "leave nights out of the season") {
		t.Fatalf("a file of %d nights: %v", season.MaxFileNights+1, err)
	}
	do(t, s, LeaveSeasonNight{Key: s.Season().Nights()[0].Key, Out: true})
	if _, _, err := s.Season().File(); err != nil {
		t.Fatalf("a night left out: %v", err)
	}

	raws := make([]json.RawMessage, len(nights))
	for i, e := range nights {
		raws[i] = e.File()
	}
	big, _ := json.Marshal(season.File{Kind: season.FileKind, Version: season.FileVersion, Setup: season.Setup{Game: event.GameAnima}, Nights: raws})
	for _, lang := range []string{"en", "es"} {
		other, _, _ := open(t, nil, lang)
		for r := Request(OpenSeasonFile{Data: big}); r != nil; {
			r = other.Do(r).Next
		}
		n := other.Notice()
		if !strings.Contains(n, fmt.Sprintf(text.T(lang, "a season's file of more than %d nights, the most a phone reads: the phone that made it can leave nights out of its season and make its file again"), season.MaxFileNights)) ||
			strings.Contains(n, "Ask the phone") || strings.Contains(n, "Pide otra vez") || len(other.Season().Nights()) != 0 {
			t.Errorf("%s: said %q", lang, n)
		}
	}
}

// TestASeasonFileOpenedWholeIsAddedUpOnce: a season's file taken whole by a new phone is added
// up once, as it is checked on opening: its table is the season's, with no adding-up after
// (a file of 200 large nights was added up twice), and the same as engine/season's.
func TestASeasonFileOpenedWholeIsAddedUpOnce(t *testing.T) {
	nights, err := eventcases.Season(6, 8, 2, 12, 4)
	if err != nil {
		t.Fatal(err)
	}
	setup := season.Setup{Name: "Once", Game: event.GameAnima}
	file, err := season.FileOf(setup, nights)
	if err != nil {
		t.Fatal(err)
	}
	s, _, _ := open(t, nil, "en")
	doAll(t, s, OpenSeasonFile{Data: file})
	runs := s.Season().Run()
	tb, err := s.Season().Table()
	if err != nil || tb == nil || s.Season().Counting() || s.Season().Run() != runs || len(tb.Nights) != len(nights) {
		t.Fatalf("after opening: %v, counting %v, runs %d then %d", err, s.Season().Counting(), runs, s.Season().Run())
	}
	sameTable(t, s, setup, nights)
}
