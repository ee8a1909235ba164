package event

import (
	"strings"
	"testing"
)

// TestARoundsLinkFindsAPlayerByCard: issue 73, part 1: a round's link carries each carded
// player's key's first CardTagLen letters, and a phone holding that card finds its player by
// it (ByCard); a player entered by name, another card, a tag forged out of a card's alphabet
// or on a bye find no one.
func TestARoundsLinkFindsAPlayerByCard(t *testing.T) {
	e := New("Club", "2026-12-07", 7)
	e.Rounds = 2
	ana, bruno := "abcdefgh234567ab", "zyxwvuts765432zz"
	if _, err := e.AddPlayerCard("Ana", ana); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddPlayerCard("Bruno", bruno); err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddPlayer("Carla"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	views := e.RoundViews(1)
	v, err := ReadRound(views[0].Link("https://gnosis.example/"))
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]int{ana: 1, bruno: 2, "abcdefghzzzzzzzz": 1, "qqqqqqqqqqqqqqqq": 0, "abc": 0} {
		if got := v.ByCard(key); got != want {
			t.Errorf("card %q found player %d, want %d", key, got, want)
		}
	}
	if strings.Contains(views[0].Payload(), ana) {
		t.Error("the round's link carries a whole card's key")
	}
	forged := RoundView{Key: "k", Event: "Club", Date: "d", Game: GameAnima, Round: 1, Of: 2, Tables: []Table{
		{Table: 1, IDs: [2]int{1, 2}, Players: [2]string{"Ana", "Bruno"}, Cards: [2]string{"ABCDEFGH", "zyxwvut"}},
		{Table: 2, IDs: [2]int{3, Bye}, Players: [2]string{"Carla", ""}, Cards: [2]string{"", "qqqqqqqq"}},
	}}
	back, err := ReadRound(forged.Link("https://gnosis.example/"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range back.Tables {
		if tb.Cards != [2]string{} {
			t.Errorf("table %d kept tags out of a card's alphabet or on a bye: %q", tb.Table, tb.Cards)
		}
	}
}
