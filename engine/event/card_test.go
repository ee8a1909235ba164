package event

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestPlayerCards: issue 73, part 1: a player entered by their card keeps its key in the
// event's file (written as json.Marshal writes it, read back); a key that is not a card's, a
// card entered twice, and a file with either, are refused with words.
func TestPlayerCards(t *testing.T) {
	e := New("Club night", "2026-12-07", 1)
	ana, err := e.AddPlayerCard("Ana", "abcdefgh234567ab")
	if err != nil || ana.Card != "abcdefgh234567ab" {
		t.Fatalf("Ana by her card: %+v %v", ana, err)
	}
	if _, err := e.AddPlayer("Bruno"); err != nil {
		t.Fatal(err)
	}
	for key, why := range map[string]string{
		"abcdefgh234567ab": "in the event already, as Ana",
		"ABCDEFGH234567AB": "not a player card's key",
		"abcdefgh2345671a": "not a player card's key",
		"short":            "not a player card's key",
	} {
		if _, err := e.AddPlayerCard("Carla", key); !errors.Is(err, ErrPlayer) || !strings.Contains(err.Error(), why) {
			t.Errorf("the card %q: %v", key, err)
		}
	}
	want, _ := json.Marshal(e)
	if string(e.File()) != string(want) {
		t.Fatalf("the file by hand:\n%s\njson's:\n%s", e.File(), want)
	}
	back, err := ReadFile(e.File())
	if err != nil || back.Player(1).Card != ana.Card || back.Player(2).Card != "" || back.Carded(ana.Card).Name != "Ana" {
		t.Fatalf("read back: %+v %v", back, err)
	}
	for name, file := range map[string]string{
		"a card twice":        strings.Replace(string(e.File()), `"name":"Bruno","entered":1`, `"name":"Bruno","entered":1,"card":"abcdefgh234567ab"`, 1),
		"a key of upper case": strings.Replace(string(e.File()), `abcdefgh234567ab`, `ABCDEFGH234567AB`, 1),
	} {
		if _, err := ReadFile([]byte(file)); !errors.Is(err, ErrBadEvent) && !errors.Is(err, ErrEventFile) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestFilesOfTwinNamesRead: R-EVT-11, a file written before two players had to have names of
// their own reads (a night in progress or past is never lost to the rule): the later of two
// players of one name, case and accents aside, is given its number after the name, cut to
// MaxName, and the file then reads as it is written.
func TestFilesOfTwinNamesRead(t *testing.T) {
	e := New("Thursday", "2026-12-03", 3)
	long := strings.Repeat("Ž", MaxName)
	for _, name := range []string{"Ana", "Bruno", "Carla", long, "Dario"} {
		if _, err := e.AddPlayer(name); err != nil {
			t.Fatal(err)
		}
	}
	file := strings.NewReplacer(`"name":"Bruno"`, `"name":"ana"`, `"name":"Carla"`, `"name":"ANÁ"`, `"name":"Dario"`, `"name":"`+strings.Repeat("z", MaxName)+`"`).Replace(string(e.File()))
	got, err := ReadFile([]byte(file))
	if err != nil {
		t.Fatalf("a file of twins: %v", err)
	}
	want := []string{"Ana", "ana (2)", "ANÁ (3)", long, strings.Repeat("z", MaxName-4) + " (2)"}
	for i, p := range got.Players {
		if p.Name != want[i] || len([]rune(p.Name)) > MaxName {
			t.Errorf("player %d: %q, want %q", p.ID, p.Name, want[i])
		}
	}
	again, err := ReadFile(got.File())
	if err != nil || string(again.File()) != string(got.File()) {
		t.Errorf("read again: %v", err)
	}
}

// TestANameThatReadsAsACardBlocksNoCard: a player entered by name "Card dddddddddddddddd" is
// a name, not a card: Dora's real card of that key is entered beside them, and the event's
// file reads back (the names and the cards are checked apart).
func TestANameThatReadsAsACardBlocksNoCard(t *testing.T) {
	e := New("Club night", "2026-12-07", 1)
	e.Rounds = 2
	if _, err := e.AddPlayer("card dddddddddddddddd"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddPlayerCard("Dora", "dddddddddddddddd"); err != nil {
		t.Fatalf("Dora's card after a player named as it: %v", err)
	}
	if _, err := e.AddPlayerCard("Card eeeeeeeeeeeeeeee", "eeeeeeeeeeeeeeee"); err != nil {
		t.Fatalf("a card named after its own key: %v", err)
	}
	if err := e.Check(); err != nil {
		t.Fatalf("Check: %v", err)
	}
	back, err := ReadFile(e.File())
	if err != nil || back.Carded("dddddddddddddddd").Name != "Dora" {
		t.Fatalf("read back: %v", err)
	}
}

// TestAFileOfADayThatIsNoDayIsRefused: an event file from outside whose day is not a day
// (YYYY-MM-DD) is refused with words, as Begin refuses such a set-up; the same file kept by a
// phone before days were checked reads (ReadKept), its day and key as they were.
func TestAFileOfADayThatIsNoDayIsRefused(t *testing.T) {
	for _, date := range []string{"2026-1-15", "99999999999", "", "2026-13-01", "2026-01-00", "15/01/2026", "2026-01-15x", "２０２６-01-15"} {
		e := New("Club night", "2026-01-15", 1)
		if _, err := e.AddPlayer("Ana"); err != nil {
			t.Fatal(err)
		}
		key := e.Key()
		e.Date = date
		if _, err := ReadFile(e.File()); !errors.Is(err, ErrEventFile) || !strings.Contains(err.Error(), "is not a date as 2026-12-05") {
			t.Errorf("%q from outside: %v", date, err)
		}
		if _, err := Begin(Defaults("Club night", date, 1)); !errors.Is(err, ErrBadEvent) {
			t.Errorf("%q begun: %v", date, err)
		}
		kept, err := ReadKept(e.File())
		if err != nil || kept.Date != date || (date == "2026-01-15") != (kept.Key() == key) {
			t.Errorf("%q kept: %v", date, err)
		}
	}
	if _, err := ReadFile(New("Club night", "2026-01-15", 1).File()); err != nil {
		t.Fatalf("a day: %v", err)
	}
}

// TestADayNotOnTheCalendarIsRefused: a date of the shape YYYY-MM-DD whose day its month does
// not have (a 30th of February, a 31st of April, a 29th of February outside a leap year) is no
// day: a file from outside with it is refused, and so is a set-up; a leap year's 29th of
// February is a day.
func TestADayNotOnTheCalendarIsRefused(t *testing.T) {
	for _, date := range []string{"2026-02-30", "2026-02-31", "2026-04-31", "2026-06-31", "2026-09-31", "2026-11-31", "2025-02-29", "2100-02-29"} {
		e := New("Club night", "2026-01-15", 1)
		e.Date = date
		if _, err := ReadFile(e.File()); !errors.Is(err, ErrEventFile) || !strings.Contains(err.Error(), "is not a date as 2026-12-05") {
			t.Errorf("%q from outside: %v", date, err)
		}
		if _, err := Begin(Defaults("Club night", date, 1)); !errors.Is(err, ErrBadEvent) {
			t.Errorf("%q begun: %v", date, err)
		}
	}
	for _, date := range []string{"2024-02-29", "2000-02-29", "2026-01-31", "2026-12-31"} {
		if _, err := ReadFile(New("Club night", date, 1).File()); err != nil {
			t.Errorf("%q from outside: %v", date, err)
		}
		if _, err := Begin(Defaults("Club night", date, 1)); err != nil {
			t.Errorf("%q begun: %v", date, err)
		}
	}
}
