package session

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gnosis/app/store"
	"gnosis/engine/event"
	"gnosis/engine/shelf"
)

// clubNight is an organiser's phone running a club night of the players named, its round 1
// paired; it returns round 1's link's payload.
func clubNight(t *testing.T, name, date string, seed uint64, players ...string) string {
	t.Helper()
	org, _ := shelfPhone(t, nil)
	org.do(NewEvent{Setup: setup(name, date, 3, seed)})
	for _, p := range players {
		org.do(AddEventPlayer{Name: p})
	}
	org.run(PairEventRound{})
	return org.s.Event().Get().RoundViews(1)[0].Payload()
}

// seatOf is the ID of the player named at the round of payload, and their opponent's name.
func seatOf(t *testing.T, payload, name string) (int, string) {
	t.Helper()
	v, err := event.ReadRound(event.RoundKey + payload)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range v.Tables {
		for i, p := range tb.Players {
			if p == name {
				return tb.IDs[i], tb.Players[1-i]
			}
		}
	}
	t.Fatalf("no %s in the round", name)
	return 0, ""
}

// showPlayed goes to the list of the club nights played, and returns it as counted.
func showPlayed(p *phone) []PlayedNight {
	p.do(Arrived{Fragment: ScreenPlayed, Screen: ScreenPlayed})
	return p.s.Shelf().Played()
}

// TestThePlayersOwnClubNights (issue 73, part 1): a player's phone lists the club nights it
// joined by their rounds' links, newest first, each with its name, day and rounds (table,
// opponent) and the games kept there with their results; a game kept again at the next night
// stays at its own; the list is counted in the request that shows it, again only when the rounds
// joined or the shelf changed; a reload keeps the rounds, and a restore adds those the phone
// lacks, never twice.
func TestThePlayersOwnClubNights(t *testing.T) {
	first := clubNight(t, "Thursday at the Guild", "2026-11-26", 3, "Ana", "Bruno")
	second := clubNight(t, "December Cup", "2026-12-03", 4, "Ana", "Carla", "Dario")
	pl, now := shelfPhone(t, nil)
	*now = time.Date(2026, 11, 26, 19, 0, 0, 0, time.UTC)
	if got := showPlayed(pl); len(got) != 0 || pl.s.Shelf().PlayedAny() {
		t.Fatalf("a new phone's nights: %+v", got)
	}
	pl.do(Arrived{Fragment: ScreenHome, Screen: ScreenHome})

	// Night 1: round 1 against Bruno, a game kept unfinished.
	id, _ := seatOf(t, first, "Ana")
	pl.do(JoinEvent{Link: first, ID: id})
	pl.do(StartGame{Setup: armageddon(t)})
	playSome(t, pl)
	pl.do(KeepGame{Kind: KindAnima})
	if len(pl.s.Shelf().Played()) != 0 {
		t.Error("the nights were counted away from their screen")
	}
	// Night 2, a week on: Ana picked by mistake as another, then as herself; a game begun and
	// the first one kept again as it starts (it stays at night 1), then won.
	*now = time.Date(2026, 12, 3, 19, 0, 0, 0, time.UTC)
	id2, opp2 := seatOf(t, second, "Ana")
	other := 1
	if other == id2 {
		other = 2
	}
	pl.do(JoinEvent{Link: second, ID: other})
	pl.do(JoinEvent{Link: second, ID: id2})
	pl.do(StartGame{Setup: armageddon(t)})
	playSome(t, pl)
	killXavier(t, pl)

	nights := showPlayed(pl)
	if len(nights) != 2 {
		t.Fatalf("two nights: %+v", nights)
	}
	n2, n1 := nights[0], nights[1]
	if n2.Event != "December Cup" || n2.Date != "2026-12-03" || len(n2.Rounds) != 1 || n2.Rounds[0].Round != 1 || n2.Rounds[0].Opponent != opp2 && !n2.Rounds[0].Bye {
		t.Fatalf("the newest night: %+v", n2)
	}
	if g := n2.Rounds[0].Games; n2.Rounds[0].Bye || len(g) != 1 || g[0].Result == shelf.Left {
		t.Fatalf("the newest night's game: %+v", n2.Rounds[0])
	}
	if n1.Event != "Thursday at the Guild" || n1.Date != "2026-11-26" || len(n1.Rounds) != 1 || n1.Rounds[0].Opponent != "Bruno" || n1.Rounds[0].Table != 1 {
		t.Fatalf("the first night: %+v", n1)
	}
	if g := n1.Rounds[0].Games; len(g) != 1 || g[0].Result != shelf.Left || g[0].Opponent == "" {
		t.Fatalf("the first night's game, kept again as the next began: %+v", g)
	}

	// Counted again only when something changed.
	before := &pl.s.shelf.played.nights[0]
	pl.do(SaveSettings{Settings: pl.s.Settings().Get()})
	if &pl.s.shelf.played.nights[0] != before {
		t.Error("the nights were counted again with nothing changed")
	}
	pl.do(DeleteKept{ID: n1.Rounds[0].Games[0].ID})
	if got := pl.s.Shelf().Played(); len(got) != 2 || len(got[1].Rounds[0].Games) != 0 {
		t.Fatalf("a game deleted on the screen: %+v", got)
	}
	pl.do(UndoDeleteKept{})

	// A reload: the rounds joined are the phone's.
	again, _ := shelfPhone(t, pl.mem)
	if got := showPlayed(again); len(got) != 2 || got[1].Rounds[0].Opponent != "Bruno" {
		t.Fatalf("after a reload: %+v", got)
	}
	// A restore on another phone adds the rounds it lacks; on the same phone, none.
	bk := pl.s.Backup()
	fresh, _ := shelfPhone(t, nil)
	fresh.restoreAll(bk)
	if got := fresh.s.settings.prefs.Played; len(got) != 2 || got[1].Event != "December Cup" || fresh.s.settings.prefs.Event != nil {
		t.Errorf("the rounds restored: %+v", got)
	}
	if got := showPlayed(fresh); len(got) != 2 || got[0].Event != "December Cup" || len(got[0].Rounds[0].Games) != 1 {
		t.Fatalf("restored: %+v", got)
	}
	pl.restoreAll(bk)
	if len(pl.s.settings.prefs.Played) != 1 {
		t.Errorf("restored on the same phone: %d rounds before the one played now", len(pl.s.settings.prefs.Played))
	}
	// What a restore says of them (a backup with no game kept: its last words are these).
	lone, _ := shelfPhone(t, nil)
	lone.do(JoinEvent{Link: first, ID: id})
	to, _ := shelfPhone(t, nil)
	to.restoreAll(lone.s.Backup())
	if !strings.Contains(to.s.Toast(), "1 round of your club nights added") {
		t.Errorf("the restore said: %q %q", to.s.Toast(), to.s.Notice())
	}
}

// TestTheRoundsPlayedAreBounded: the rounds joined before the one played now keep their most
// (store.MaxPlayed), the oldest going for a new one; a round joined again takes its own place;
// a restore adds none past the most, and a record's rounds are read cut to their bounds.
func TestTheRoundsPlayedAreBounded(t *testing.T) {
	var played []store.Joined
	var now *store.Joined
	for i := range store.MaxPlayed + 10 {
		j := store.Joined{Event: "Night", Key: fmt.Sprintf("k%d", i), Date: "2026-01-01", Round: 1, At: int64(i)}
		played, now = store.Joining(played, now, j), &j
	}
	if len(played) != store.MaxPlayed || played[0].Key != "k9" || played[len(played)-1].Key != fmt.Sprintf("k%d", store.MaxPlayed+8) {
		t.Fatalf("%d rounds, from %s to %s", len(played), played[0].Key, played[len(played)-1].Key)
	}
	// The round played now, joined again as another player: in its own place.
	re := *now
	re.ID = 2
	if again := store.Joining(played, now, re); len(again) != len(played) {
		t.Fatalf("a round joined again: %d rounds, %d before", len(again), len(played))
	}
	// An older round joined again: out of those played before, played now.
	old := played[5]
	if again := store.Joining(played, now, old); len(again) != len(played) || again[len(again)-1] != *now {
		t.Fatalf("an old round joined again: %d rounds", len(again))
	}
	// A restore: nothing past the most, nothing twice.
	in := []store.Joined{{Event: "Other", Key: "x1", Round: 1, At: 1}}
	if _, added := store.MergePlayed(played, now, in); added != 0 {
		t.Errorf("a restore added %d past the most", added)
	}
	merged, added := store.MergePlayed(played[:3], now, append(played[:5:5], store.Joined{Event: "Other", Key: "x1", Round: 1, At: 1}, store.Joined{Date: "no night"}))
	if added != 3 || len(merged) != 6 || merged[0].Key != "x1" {
		t.Fatalf("a restore added %d: %+v", added, merged)
	}

	// A hand-edited record: its rounds cut to their bounds.
	mem := store.NewMemory()
	long := strings.Repeat("é", 500)
	rec := store.Prefs{Played: make([]store.Joined, store.MaxPlayed+3)}
	for i := range rec.Played {
		rec.Played[i] = store.Joined{Event: long, Opponent: long, Key: long, Round: -4, Table: 1 << 20}
	}
	st := store.New(mem)
	if err := st.SaveSettings(rec); err != nil {
		t.Fatal(err)
	}
	pl, _ := shelfPhone(t, mem)
	got := pl.s.settings.prefs.Played
	if len(got) != store.MaxPlayed || len([]rune(got[0].Event)) > shelf.MaxPlayer || len(got[0].Key) > 16 || got[0].Round != 0 || got[0].Table != 0 {
		t.Fatalf("the record read: %d rounds, %+v", len(got), got[0])
	}
	if n := showPlayed(pl); len(n) != 1 || len(n[0].Rounds) != 1 {
		t.Fatalf("rounds of one night not known: %d nights", len(n))
	}
}
