package session

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
	"gnosis/internal/eventcases"
)

// TestPlayerCardOnThePhone (issue 73, part 1): a phone makes its player card once (a name
// with nothing to show refused), keeps it over a reload and a change of settings, renames it
// with its key kept; the organiser enters its player by its link (or the link pasted as the
// name), once; a damaged card is refused, said; a backup carries the card to a phone that
// has none, never over a phone's own.
func TestPlayerCardOnThePhone(t *testing.T) {
	s, _, mem := open(t, nil, "it")
	if s.Settings().Card() != nil {
		t.Fatal("a card before one was made")
	}
	s.Do(MakePlayerCard{Name: " \u200b "})
	if s.Notice() == "" || s.Settings().Card() != nil {
		t.Fatalf("a card of no name: %q %+v", s.Notice(), s.Settings().Card())
	}
	s.Do(Dismiss{})
	do(t, s, MakePlayerCard{Name: "  Ana <b>  "})
	card := s.Settings().Card()
	if card == nil || card.Name != "Ana <b>" || !event.ValidCard(card.Key) {
		t.Fatalf("the card made: %+v", card)
	}
	do(t, s, SaveSettings{Settings: store.Prefs{Vibrate: true}}) // another choice, from a view
	again, _, _ := open(t, mem, "it")
	if c := again.Settings().Card(); c == nil || *c != *card {
		t.Fatalf("after a reload and a setting: %+v, made %+v", c, card)
	}
	do(t, again, MakePlayerCard{Name: "Ana Maria"})
	if c := again.Settings().Card(); c == nil || c.Name != "Ana Maria" || c.Key != card.Key {
		t.Fatalf("renamed: %+v, its key was %q", c, card.Key)
	}

	// The organiser enters Ana by her card's link, and Bruno by his pasted as a name.
	org, _, _ := open(t, nil, "es")
	do(t, org, NewEvent{Setup: setup("Club", "2026-12-05", 2, 7)})
	do(t, org, AddEventPlayerCard{Link: again.Settings().Card().Link("https://gnosis.example/")})
	bruno, err := season.NewCard("Bruno", strings.NewReader(strings.Repeat("b", 10)))
	if err != nil {
		t.Fatal(err)
	}
	do(t, org, AddEventPlayer{Name: bruno.Link("https://gnosis.example/")})
	do(t, org, AddEventPlayer{Name: "Carla"})
	e := org.Event().Get()
	if p := e.Player(1); p.Name != "Ana Maria" || p.Card != card.Key || e.Player(2).Name != "Bruno" || e.Player(2).Card != bruno.Key || e.Player(3).Card != "" {
		t.Fatalf("entered: %+v", e.Players)
	}
	org.Do(AddEventPlayerCard{Link: bruno.Link("https://gnosis.example/")})
	if n := org.Notice(); !strings.Contains(n, "Bruno") || len(org.Event().Get().Players) != 3 {
		t.Errorf("a card scanned twice: %q, %d players", n, len(org.Event().Get().Players))
	}
	org.Do(Dismiss{})
	link := bruno.Link("https://gnosis.example/")
	org.Do(AddEventPlayerCard{Link: link[:len(link)-3] + "AAA"})
	if n := org.Notice(); !strings.Contains(n, "ficha de jugador") || len(org.Event().Get().Players) != 3 {
		t.Errorf("a damaged card: %q, %d players", n, len(org.Event().Get().Players))
	}
	org.Do(Dismiss{})

	// A backup carries the card to a new phone, and not over another's own card.
	bk := again.Backup()
	fresh, _, _ := open(t, nil, "en")
	doAll(t, fresh, RestoreFile{Data: bk})
	if c := fresh.Settings().Card(); c == nil || c.Key != card.Key || c.Name != "Ana Maria" || !strings.Contains(fresh.Toast(), "your player card restored") {
		t.Errorf("restored on a new phone: %+v, said %q", c, fresh.Toast())
	}
	own, _, _ := open(t, nil, "en")
	do(t, own, MakePlayerCard{Name: "Dario"})
	mine := *own.Settings().Card()
	doAll(t, own, RestoreFile{Data: bk})
	if c := own.Settings().Card(); c == nil || *c != mine {
		t.Errorf("a phone's own card after a restore: %+v, was %+v", c, mine)
	}
}

// TestABackupTooBigIsRefusedWhenMade (trial of issue 70: a backup of 300 past nights was 4.3 MB
// and no restore read it): a backup is read up to store.MaxBackupBytes, and one that would be
// larger is refused when it is made, saying its size and what to delete, never written for a
// restore to refuse.
func TestABackupTooBigIsRefusedWhenMade(t *testing.T) {
	night, err := eventcases.Night("https://gnosis.example/", event.MaxRounds-1, 69)
	if err != nil {
		t.Fatal(err)
	}
	s, _, mem := open(t, nil, "es")
	st := store.New(mem)
	var nights []store.Night
	for i := 0; i*len(night.File()) < 5<<20; i++ { // a backup past the 4 MB of other files
		night.Name = fmt.Sprint("Night ", i)
		if nights, err = st.KeepNight(nights, night, int64(i)); err != nil {
			t.Fatal(err)
		}
	}
	s, _, _ = open(t, mem, "es")
	b, err := s.BackupFile()
	if err != nil || len(b) < 5<<20 {
		t.Fatalf("a backup of %d bytes: %v", len(b), err)
	}
	fresh, _, _ := open(t, nil, "es")
	doAll(t, fresh, RestoreFile{Data: b})
	if got := len(fresh.Event().Nights()); got != len(nights) {
		t.Fatalf("restored %d of %d past nights", got, len(nights))
	}
	doAll(t, fresh, RestoreFile{Data: b}) // again: the nights are on the phone, and it says so
	if got := len(fresh.Event().Nights()); got != len(nights) || !strings.Contains(fresh.Toast(), fmt.Sprintf("%d noches de club pasadas ya en el teléfono", len(nights))) {
		t.Fatalf("restored again: %d past nights, said %q", got, fresh.Toast())
	}
	for len(b) <= store.MaxBackupBytes { // more nights, past the bound
		night.Name = fmt.Sprint("Night ", len(nights))
		if nights, err = st.KeepNight(nights, night, int64(len(nights))); err != nil {
			t.Fatal(err)
		}
		s, _, _ = open(t, mem, "es")
		b = s.Backup()
	}
	if b, err := s.BackupFile(); b != nil || !errors.Is(err, core.ErrOutOfRange) || !strings.Contains(s.Settings().ErrText(err), "copia de seguridad ocuparía") {
		t.Errorf("a backup past the bound: %d bytes, %v", len(b), err)
	}
}
