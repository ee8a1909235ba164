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
