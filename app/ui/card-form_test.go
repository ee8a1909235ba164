package ui

import (
	"strings"
	"testing"

	"gnosis/engine/anima"
)

func TestCardFormRoundTrip(t *testing.T) {
	celia := anima.Card{ID: 66, Name: "Celia", Faction: anima.Unaligned, Organization: "Wissenschaft", Categories: []anima.Category{anima.Fighter},
		Level: 45, Attack: anima.S(5), Damage: anima.S(3), Defense: anima.Stat{Base: 9, Alt: 11, HasAlt: true}, Armor: anima.S(2),
		LP: anima.S(12), Resistance: anima.S(10), Walk: 30, Run: 40, Actions: 4, Recovery: 3, Source: "catalog"}
	ed := editCharacter(celia, -1)
	if ed.fields["source"] != "" {
		t.Error("R-CARD-1 a correction keeps the catalog's source")
	}
	ed.fields["source"] = "Saga I starter, first printing"
	got, err := ed.card()
	if err != nil {
		t.Fatal(err)
	}
	celia.ID, celia.Source = 0, "Saga I starter, first printing"
	if got.Defense != celia.Defense || got.Walk != 30 || got.Level != 45 || got.Name != "Celia" || got.ID != 0 {
		t.Errorf("%+v", got)
	}
}

func TestCardFormErrors(t *testing.T) {
	for field, value := range map[string]string{"level": "ten", "defense": "9/x", "walk": "8in", "lp": "", "name": " "} {
		ed := newEditor(formCharacter)
		for k, v := range map[string]string{"name": "Zed", "level": "30", "lp": "10", "categories": "fighter"} {
			ed.fields[k] = v
		}
		ed.fields[field] = value
		if _, err := ed.card(); err == nil {
			t.Errorf("R-CARD-1 %s = %q accepted", field, value)
		}
	}
	ed := newEditor(formSummon)
	for k, v := range map[string]string{"name": "Elhaym", "level": "30", "lp": "10", "bind": "3", "affinity": "Light", "shock": "1"} {
		ed.fields[k] = v
	}
	s, err := ed.card()
	if err != nil || !s.IsSummon() || s.Bind != 3 || s.Shock != 1 || !s.HasAffinity("light") {
		t.Fatalf("R-SUM-1 summon %+v %v", s, err)
	}
	ed.fields["bind"] = ""
	if _, err := ed.card(); err == nil || !strings.Contains(err.Error(), "Bind") {
		t.Errorf("R-SUM-1 a summon without Bind: %v", err)
	}
	adv := newEditor(formAdvantage)
	adv.fields["name"], adv.fields["cost"], adv.fields["limit"] = "Lucky Charm", "5", "Mystic"
	a, err := adv.advantage()
	if err != nil || a.Group != anima.Equipment || a.Cost != 5 || a.Only != "Mystic" {
		t.Fatalf("R-PARTY-9 %+v %v", a, err)
	}
	adv.fields["cost"] = "-1"
	if _, err := adv.advantage(); err == nil {
		t.Error("a negative cost accepted")
	}
}

func TestSliceHelpersCopy(t *testing.T) {
	s := []int{1, 2, 3}
	if r := removeAt(s, 1); len(r) != 2 || r[1] != 3 || s[1] != 2 {
		t.Errorf("removeAt: %v %v", r, s)
	}
}
