package session

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine"
)

// TestEveryPartIsTested: every method of every part of the Session (parts.go) is called by
// the package's tests through its part (s.Parties().List(), …): a method added to a part
// without a test fails here.
func TestEveryPartIsTested(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var tests strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tests.Write(b)
	}
	s := &Session{}
	for _, part := range []any{s.Parties(), s.Cards(), s.Settings(), s.Play(), s.Diskwars(), s.Pair(), s.Navigation()} {
		typ := reflect.TypeOf(part)
		if typ.NumMethod() == 0 {
			t.Errorf("%s has no method", typ.Name())
		}
		for i := range typ.NumMethod() {
			call := "." + typ.Name() + "()." + typ.Method(i).Name + "("
			if !strings.Contains(tests.String(), call) {
				t.Errorf("%s.%s is not tested through its part (no %q in the tests)", typ.Name(), typ.Method(i).Name, call)
			}
		}
	}
}

// TestPartsAnswers: the answers of the parts no other test asks.
func TestPartsAnswers(t *testing.T) {
	s, _, _ := open(t, nil, "es")
	do(t, s, AddParty{File: partyFile("Vanguard", "Nero")})
	if got := s.Parties().FreeName("vanguard"); got != "vanguard (2)" {
		t.Errorf("a free name beside Vanguard: %q", got)
	}
	if got := s.Parties().FreeName("Rearguard"); got != "Rearguard" {
		t.Errorf("a free name: %q", got)
	}
	if got := s.Settings().N(3, "%d character", "%d characters"); got != "3 personajes" {
		t.Errorf("three characters in Spanish: %q", got)
	}

	startGame(t, s)
	st := s.Play().Game().State()
	card, ok := s.Cards().InGame(st, engine.Ref{Side: 0, Index: 0})
	if ch, _ := st.Character(engine.Ref{Side: 0, Index: 0}); !ok || card.Name != ch.Name {
		t.Errorf("the card in play of %s: %+v, %v", ch.Name, card, ok)
	}
	if _, ok := s.Cards().InGame(st, engine.Ref{Side: 5, Index: 0}); ok {
		t.Error("a card in play for no character")
	}

	// On one phone, this phone plays both sides and no character acts elsewhere.
	if !s.Pair().PlaysHere(KindAnima, 0) || !s.Pair().PlaysHere(KindAnima, 1) {
		t.Error("on one phone a side is played elsewhere")
	}
	if _, ok := s.Pair().ActsElsewhere(st); ok {
		t.Error("on one phone a character acts elsewhere")
	}

	// On two phones, the host plays its own side, and the guest's active character acts there.
	host, _ := paired(t)
	mine := host.s.Pair().Duo().Mine
	if !host.s.Pair().PlaysHere(KindAnima, mine) || host.s.Pair().PlaysHere(KindAnima, 1-mine) {
		t.Errorf("the host plays side %d: here %v, the other side here %v", mine, host.s.Pair().PlaysHere(KindAnima, mine), host.s.Pair().PlaysHere(KindAnima, 1-mine))
	}
	if !host.s.Pair().PlaysHere(KindDiskwars, 1-mine) {
		t.Error("a Diskwars side is played elsewhere while only the Anima Tactics game is on two phones")
	}
	hs := host.s.Play().Game().State() // a copy: the active character set on it for the question
	for _, side := range []int{mine, 1 - mine} {
		hs.Active = &engine.Ref{Side: side, Index: 0}
		r, ok := host.s.Pair().ActsElsewhere(hs)
		if want := side != mine; ok != want || ok && r != *hs.Active {
			t.Errorf("side %d's character acts elsewhere: %v (%+v), want %v", side, ok, r, want)
		}
	}
}
