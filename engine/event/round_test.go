package event

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gnosis/engine/catalog"
	"gnosis/engine/diskwars"
	"gnosis/engine/share"
)

// TestRoundViews: a round of 60 players with their lists goes to the players in as few links
// as each fit one QR code, every table once and in order; each link reads back to its page,
// and every player finds their table and their opponent's list; with lists kept to the end,
// a round's links carry none until every round is counted.
func TestRoundViews(t *testing.T) {
	cat := catalog.Default()
	f, _ := church(t)
	e := testEvent(60, 2, 7)
	for id := 1; id <= 60; id++ {
		g := f
		g.Name = fmt.Sprintf("Church of player %d", id)
		l, err := share.Link("https://gnosis.example/", g, cat)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Submit(id, l, cat); err != nil {
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
		if p := v.Payload(); len(p) > MaxRoundPayload {
			t.Errorf("a page of %d characters", len(p))
		}
		back, err := ReadRound(link)
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
	for _, bad := range []string{"", "https://gnosis.example/#round=", "https://gnosis.example/#round=AAAA", views[0].Link("x") + "A", "#round=" + strings.Repeat("A", MaxRoundPayload+1)} {
		if _, err := ReadRound(bad); !errors.Is(err, ErrRoundLink) {
			t.Errorf("%.40q read: %v", bad, err)
		}
	}
}

// TestDiskwarsLists: a Diskwars event locks an army's link (its discs checked) and refuses a
// party's link or a damaged one.
func TestDiskwarsLists(t *testing.T) {
	e := testEvent(2, 1, 3)
	e.Game, e.Edition = GameDiskwars, ""
	army := diskwars.Army{Name: "Reikland", Discs: []diskwars.DiscCard{{Name: "Swordsmen", DiameterCm: 5, Move: 3}}}
	link, err := diskwars.ArmyLink("https://gnosis.example/", army)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Submit(1, link, catalog.Default()); err != nil || e.Player(1).List == nil || e.Player(1).List.Party != "Reikland" {
		t.Fatalf("the army locked: %+v %v", e.Player(1).List, err)
	}
	_, party := church(t)
	if _, err := e.Submit(2, party, catalog.Default()); err == nil {
		t.Error("a party's link locked at a Diskwars event")
	}
}

// TestStandingsLink: the standings go out as a link that reads back to the standings on the
// organiser's screen, line by line, with the event's tiebreakers; a damaged link is refused.
func TestStandingsLink(t *testing.T) {
	e := testEvent(9, 3, 5)
	for range 2 {
		if _, err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		play(e, testRand(5))
	}
	link := e.Shared().Link("https://gnosis.example/")
	v, err := ReadStandings(link)
	if err != nil {
		t.Fatal(err)
	}
	st := e.Standings()
	if v.Round != 2 || v.Of != 3 || len(v.Rows) != len(st) || !slices.Equal(v.Tiebreakers, e.Tiebreakers) {
		t.Fatalf("read back: %+v", v)
	}
	for i, s := range st {
		r := v.Rows[i]
		if r.Name != s.Name || r.Points != s.Points || r.Won != s.Won || r.Margin != s.Margin() || r.ScheduleText() != strconv.FormatFloat(s.Schedule(), 'f', 2, 64) {
			t.Errorf("row %d: %+v, the standing %+v", i+1, r, s)
		}
	}
	for _, bad := range []string{"", "#standings=", "#standings=AAAA", link + "A", link[:len(link)-3]} {
		if _, err := ReadStandings(bad); !errors.Is(err, ErrStandingsLink) {
			t.Errorf("%.40q read: %v", bad, err)
		}
	}
}
