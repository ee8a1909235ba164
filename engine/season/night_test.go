package season

import (
	"fmt"
	"slices"
	"testing"

	"gnosis/engine/event"
)

// collide names two nights of one day and seed whose keys are one (a CRC-32's chance, found
// by a search): "Club night 29685295" and "Club night 32060020" on 2026-10-01, seed 42.
func collide(t *testing.T, name string, ps []entrant) *event.Event {
	t.Helper()
	e := nightOf(t, "2026-10-01", 1, ps, alphabetical)
	e.Name, e.Seed = name, 42
	return e
}

// TestTwoNightsOfOneKeyBothCount: two nights that are not one (other names, other players)
// but whose keys collide both count, each player of both in the standings, the later under
// its key and a number; a join by hand names either night.
func TestTwoNightsOfOneKeyBothCount(t *testing.T) {
	a := collide(t, "Club night 29685295", []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}})
	b := collide(t, "Club night 32060020", []entrant{{"Carla", ""}, {"Dani", ""}})
	if a.Key() != b.Key() {
		t.Fatalf("keys %s and %s", a.Key(), b.Key())
	}
	for _, order := range [][]*event.Event{{a, b}, {b, a}} {
		tb, err := Build(Setup{Game: event.GameAnima}, order)
		if err != nil {
			t.Fatal(err)
		}
		if len(tb.Nights) != 2 || tb.Skipped != 0 || names(tb) != "Ana Carla Bruno Dani" || tb.Nights[0].Key != a.Key() || tb.Nights[1].Key != a.Key()+"-2" {
			t.Fatalf("%d nights (%d skipped): %s; keys %s %s", len(tb.Nights), tb.Skipped, names(tb), tb.Nights[0].Key, tb.Nights[1].Key)
		}
		// Dani joined by hand as Ana: the second night's key names her night.
		joined, err := Build(Setup{Game: event.GameAnima, Joins: []Join{{Night: a.Key() + "-2", Player: 2, As: byCard + anaCard}}}, order)
		if err != nil || len(joined.Players) != 3 {
			t.Fatalf("a join on the second night: %v, %d players", err, len(joined.Players))
		}
	}
	// One file opened again for another night (one key, name and day; other players): two nights.
	again := nightOf(t, "2026-10-01", 1, []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}}, alphabetical)
	other := nightOf(t, "2026-10-01", 1, []entrant{{"Carla", ""}, {"Dani", ""}}, alphabetical)
	if tb, err := Build(Setup{Game: event.GameAnima}, []*event.Event{again, other}); err != nil || len(tb.Nights) != 2 || len(tb.Players) != 4 {
		t.Fatalf("one key, two nights: %v", err)
	}
}

// TestTheFullestCopyOfANightCounts: a copy of a night kept after its first round, given with
// its final file in either order, counts once, as the final file (its three rounds), never as
// the copy; a copy of as much played counts once too.
func TestTheFullestCopyOfANightCounts(t *testing.T) {
	ps := []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}, {"Carla", ""}, {"Dani", ""}}
	full := nightOf(t, "2026-10-01", 3, ps, alphabetical)
	stale := nightOf(t, "2026-10-01", 1, ps, alphabetical)
	stale.Rounds = 3
	if !SameNight(full, stale) || Fuller(full, stale) <= 0 {
		t.Fatal("the copy is not seen as the night's")
	}
	want, err := Build(Setup{Game: event.GameAnima}, []*event.Event{full})
	if err != nil {
		t.Fatal(err)
	}
	for _, order := range [][]*event.Event{{stale, full}, {full, stale}, {full, full.Clone()}} {
		tb, err := Build(Setup{Game: event.GameAnima}, order)
		if err != nil || len(tb.Nights) != 1 || tb.Skipped != 1 || tb.Nights[0].Event.Round() != 3 {
			t.Fatalf("%v: %d nights, %d skipped", err, len(tb.Nights), tb.Skipped)
		}
		for i, s := range tb.Standings {
			if w := want.Standings[i]; s.Name != w.Name || s.Points != w.Points || s.Won != w.Won {
				t.Fatalf("line %d: %+v, not %+v", i+1, s, w)
			}
		}
	}
}

// TestOneCardUnderTwoNamesIsAGuess: one card's key entered as Ana at a night and as Mallory at
// another joins the two as one player no more silently: the player is a guess (Renamed) for
// the organiser to split (two players) or join by hand as themselves (one, no guess).
func TestOneCardUnderTwoNamesIsAGuess(t *testing.T) {
	n1 := nightOf(t, "2026-10-01", 1, []entrant{{"Ana", anaCard}, {"Bruno", ""}}, alphabetical)
	n2 := nightOf(t, "2026-11-01", 1, []entrant{{"Mallory", anaCard}, {"Bruno", ""}}, alphabetical)
	nights := []*event.Event{n1, n2}
	tb, err := Build(Setup{Game: event.GameAnima}, nights)
	if err != nil {
		t.Fatal(err)
	}
	card := tb.Players[tb.Who(0, 1)]
	if card.ID != byCard+anaCard || !card.Guess || !card.Renamed || len(card.Entries) != 2 {
		t.Fatalf("one card, two names: %+v", card)
	}
	as := func(id string) []Join {
		return []Join{{Night: n1.Key(), Player: 1, As: id}, {Night: n2.Key(), Player: 1, As: id}}
	}
	split, err := Build(Setup{Game: event.GameAnima, Joins: as("")}, nights)
	if err != nil || len(split.Players) != 3 || split.Players[split.Who(0, 1)].Guess {
		t.Fatalf("split: %v, %s", err, names(split))
	}
	one, err := Build(Setup{Game: event.GameAnima, Joins: as(card.ID)}, nights)
	if p := one.Players[one.Who(0, 1)]; err != nil || len(one.Players) != 2 || p.Guess || p.Renamed || p.Name != "Mallory" {
		t.Fatalf("joined as themselves: %v, %+v", err, p)
	}
	// One name, in another case: no guess.
	n3 := nightOf(t, "2026-12-01", 1, []entrant{{"ANA", anaCard}, {"Bruno", ""}}, alphabetical)
	same, _ := Build(Setup{Game: event.GameAnima}, []*event.Event{n1, n3})
	if p := same.Players[same.Who(0, 1)]; p.Guess {
		t.Fatalf("Ana and ANA: %+v", p)
	}
}

// TestNightsAreInTheOrderOfTheirDays: the season's nights are ordered by their days, not their
// dates' words: a night a phone kept as 2026-1-15 comes before 2026-02-01, and the name a
// player played their latest night under is February's.
func TestNightsAreInTheOrderOfTheirDays(t *testing.T) {
	feb := nightOf(t, "2026-02-01", 1, []entrant{{"Ana B.", anaCard}, {"Bruno", brunoCard}}, alphabetical)
	jan := nightOf(t, "2026-01-15", 1, []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}}, alphabetical)
	jan.Date = "2026-1-15"
	tb, err := Build(Setup{Game: event.GameAnima}, []*event.Event{feb, jan})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Nights[0].Date != "2026-1-15" || tb.Players[tb.Who(1, 1)].Name != "Ana B." {
		t.Fatalf("nights %s, %s; Ana as %q", tb.Nights[0].Date, tb.Nights[1].Date, tb.Players[tb.Who(1, 1)].Name)
	}
	for date, want := range map[string]int{"2026-01-15": 20260115, "2026-1-5": 20260105, "2026-13-01": 0, "soon": 0, "2026-01-15 and more": 0} {
		if got := dayOf(date); got != want {
			t.Errorf("%q: %d", date, got)
		}
	}
}

// TestNightsOfOneDayAreInTheOrderTheyBegan: three nights of one day count in the order they
// began (event.Setup.Begun), whatever their keys say, so the ratings follow the play.
func TestNightsOfOneDayAreInTheOrderTheyBegan(t *testing.T) {
	var nights []*event.Event
	for i, begun := range []int64{3000, 1000, 2000} {
		e := nightOf(t, "2026-12-07", 1, []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}}, alphabetical)
		e.Name, e.Begun = fmt.Sprintf("Night %d", i), begun
		nights = append(nights, e)
	}
	tb, err := Build(Setup{Game: event.GameAnima}, nights)
	if err != nil {
		t.Fatal(err)
	}
	var got []int64
	for _, n := range tb.Nights {
		got = append(got, n.Event.Begun)
	}
	if !slices.Equal(got, []int64{1000, 2000, 3000}) {
		t.Errorf("nights in the order they began %v, want 1000, 2000, 3000", got)
	}
}
