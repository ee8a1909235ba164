package store

import (
	"errors"
	"strings"
	"testing"

	"gnosis/engine"
	"gnosis/engine/catalog"
)

func party(name string) SavedParty {
	return SavedParty{ID: "p-" + name, Party: engine.PartyFile{Version: 1, Name: name, Edition: engine.Core, Level: 250,
		Characters: []engine.PartyEntry{{Name: "Nero"}, {Name: "Grey"}}}}
}

func game(t *testing.T) *engine.Game {
	nero, _ := catalog.Default().Character("Nero")
	g, err := engine.NewGame(engine.Setup{Sides: [2]engine.SideSetup{{Name: "A", Characters: []engine.Card{nero}}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Do(engine.AdjustLP{Ref: engine.Ref{}, Delta: -2}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRoundTrip(t *testing.T) {
	s := New(NewMemory())
	if ps, err := s.Parties(); err != nil || ps != nil {
		t.Fatalf("empty store: %v %v", ps, err)
	}
	want := []SavedParty{party("Church"), party("Light")}
	if err := s.SaveParties(want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Parties()
	if err != nil || len(got) != 2 || got[1].Party.Name != "Light" || got[0].Party.Characters[1].Name != "Grey" {
		t.Fatalf("%+v %v", got, err)
	}
	g := game(t)
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	back, ok, err := s.Game()
	if err != nil || !ok || back.State().Sides[0].Characters[0].LP != 12 {
		t.Fatalf("game: %v %v", ok, err)
	}
	own := OwnCards{Characters: []engine.Card{{Kind: engine.KindSummon, Name: "Elhaym", Level: 30, LP: engine.S(10), Actions: 4, Recovery: 3, Bind: 3, Affinity: []string{"Light"}}},
		Advantages: []engine.AdvantageCard{{Name: "Lucky Charm", Group: engine.Equipment, Cost: 5}}}
	if err := s.SaveCards(own); err != nil {
		t.Fatal(err)
	}
	if back, err := s.Cards(); err != nil || back.Characters[0].Bind != 3 || back.Advantages[0].Cost != 5 {
		t.Fatalf("own cards: %+v %v", back, err)
	}
	if err := s.DeleteGame(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Game(); ok || err != nil {
		t.Fatalf("deleted game: %v %v", ok, err)
	}
}

func TestFullQuotaKeepsThePreviousRecord(t *testing.T) {
	m := NewMemory()
	s := New(m)
	if err := s.SaveParties([]SavedParty{party("Church")}); err != nil {
		t.Fatal(err)
	}
	m.Quota = len(m.Values[PartiesKey]) + 10
	many := []SavedParty{party("Church"), party("Empire"), party("Samael")}
	if err := s.SaveParties(many); !errors.Is(err, ErrNotSaved) {
		t.Fatalf("over quota: %v", err)
	}
	got, err := s.Parties()
	if err != nil || len(got) != 1 || got[0].Party.Name != "Church" {
		t.Fatalf("the previous record was lost: %+v %v", got, err)
	}
}

func TestUnreadableRecordsAreSetAside(t *testing.T) {
	for name, raw := range map[string]string{
		"corrupt":        `{"v":1,"parties":[{"id":`,
		"future version": `{"v":7,"parties":[]}`,
	} {
		t.Run(name, func(t *testing.T) {
			m := NewMemory()
			m.Values[PartiesKey] = raw
			s := New(m)
			ps, err := s.Parties()
			if !errors.Is(err, ErrUnreadable) || ps != nil {
				t.Fatalf("%v %v", ps, err)
			}
			if m.Values["gnosis.unreadable."+PartiesKey+".1"] != raw || !strings.Contains(err.Error(), "gnosis.unreadable.") {
				t.Fatalf("not set aside: %v", m.Values)
			}
			if err := s.SaveParties([]SavedParty{party("New")}); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("a corrupt game log is set aside", func(t *testing.T) {
		m := NewMemory()
		m.Values[GameKey] = `{"v":1,"game":[{"g":1,"k":"lp","e":{}}]}`
		_, ok, err := New(m).Game()
		if ok || !errors.Is(err, ErrUnreadable) || m.Values["gnosis.unreadable."+GameKey+".1"] == "" {
			t.Fatalf("%v %v", ok, err)
		}
	})
	t.Run("a record that cannot be set aside is never written over", func(t *testing.T) {
		m := NewMemory()
		m.Values[PartiesKey] = `not json`
		m.Quota = len(`not json`) + 1
		s := New(m)
		if _, err := s.Parties(); !errors.Is(err, ErrUnreadable) {
			t.Fatal(err)
		}
		m.Quota = 0
		if err := s.SaveParties(nil); !errors.Is(err, ErrProtected) || m.Values[PartiesKey] != `not json` {
			t.Fatalf("%v, value %q", err, m.Values[PartiesKey])
		}
	})
}
