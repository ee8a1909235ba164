package catalog

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"testing"

	"gnosis/engine/anima"
)

func TestDefaultLoadsEveryRow(t *testing.T) {
	c := Default()
	if c.Len() != 184 {
		t.Fatalf("%d character profiles, want 88 of the first source and 96 of the second", c.Len())
	}
	for i, card := range c.All() {
		if card.ID != i+1 {
			t.Errorf("%s has ID %d, want %d (IDs are stable row positions)", card.Name, card.ID, i+1)
		}
		if got, ok := c.ByID(card.ID); !ok || got.Name != card.Name {
			t.Errorf("ByID(%d) = %q", card.ID, got.Name)
		}
	}
}

func TestCards(t *testing.T) {
	c := Default()
	t.Run("R-CARD-1 Claire Adelheid keeps her two-valued Damage and speeds in centimetres", func(t *testing.T) {
		claire, ok := c.Character("claire adelheid")
		if !ok {
			t.Fatal("not found")
		}
		if claire.Damage.String() != "5/2" || claire.Level != 45 || claire.LP.Base != 14 || claire.Walk != 20 || claire.Run != 30 {
			t.Errorf("%+v", claire)
		}
		if a := claire.Abilities[1]; a.Name != "Nuala" || a.Cost != 3 || len(a.Keywords) != 2 {
			t.Errorf("ability %+v", a)
		}
	})
	t.Run("R-CARD-1 Lilith has two categories and is a leader", func(t *testing.T) {
		l, _ := c.Character("Lilith")
		if !l.HasCategory(anima.Mystic) || !l.HasCategory(anima.Fighter) || l.Leader != anima.Leader || l.Defense.String() != "9/11" {
			t.Errorf("%+v", l)
		}
		if !l.HasCapability("critical mastery") {
			t.Error("capability not found")
		}
	})
	t.Run("R-PARTY-5 agents are flagged", func(t *testing.T) {
		a, _ := c.Character("Empire Agent")
		if !a.Agent || a.Level != 20 {
			t.Errorf("%+v", a)
		}
	})
	t.Run("R-TURN-2 Gears' recovery varies with the pilot", func(t *testing.T) {
		g, _ := c.Character("Theurgia")
		if !g.RecoveryVaries || g.Recovery != 0 {
			t.Errorf("%+v", g)
		}
	})
	t.Run("R-SUM-1 summoners keep level and affinity", func(t *testing.T) {
		g, _ := c.Character("Genma")
		if g.SummonerLevel != 3 || len(g.Affinity) != 3 {
			t.Errorf("%+v", g)
		}
	})
	t.Run("R-CARD-1 every card names its source", func(t *testing.T) {
		for _, card := range c.All() {
			if card.Source == "" {
				t.Errorf("%s has no source", card.Name)
			}
		}
	})
}

func TestFilter(t *testing.T) {
	c := Default()
	if got := c.Filter(Query{Text: "nero"}); len(got) != 1 || got[0].Name != "Nero" {
		t.Errorf("text: %v", got)
	}
	emp := c.Filter(Query{Organization: "empire", Faction: anima.Darkness})
	if len(emp) == 0 {
		t.Fatal("no dark Empire cards")
	}
	for i, card := range emp {
		if card.Organization != "Empire" || card.Faction != anima.Darkness {
			t.Errorf("%s: %s %s", card.Name, card.Organization, card.Faction)
		}
		if i > 0 && emp[i-1].Name > card.Name {
			t.Errorf("not sorted: %s before %s", emp[i-1].Name, card.Name)
		}
	}
	for _, card := range c.Filter(Query{Category: anima.Mystic, MaxLevel: 40}) {
		if !card.HasCategory(anima.Mystic) || card.Level > 40 {
			t.Errorf("category/level filter let %s through", card.Name)
		}
	}
	if got := len(c.Filter(Query{})); got != 184 {
		t.Errorf("empty query: %d", got)
	}
	want := []string{"Azur Alliance", "Black Sun", "Church", "Empire", "Samael", "Wissenschaft"}
	if got := c.Organizations(); !slices.Equal(got, want) {
		t.Errorf("organizations %v, want %v", got, want)
	}
	if got := c.Filter(Query{Organization: "Samael", Text: "ergo"}); len(got) != 1 {
		t.Errorf("Ergo Mundus serves Samael too: %v", got)
	}
	if got := c.Filter(Query{Organization: "Wanderers"}); len(got) != 38 {
		t.Errorf("%d Wanderers, want 38", len(got))
	}
}

func TestAdvantagesAndPilots(t *testing.T) {
	c := Default()
	t.Run("R-PARTY-9 equipment limited to one character", func(t *testing.T) {
		a, ok := c.Advantage("red theurgia!!! go!!!")
		if !ok || a.Group != anima.Equipment || a.Only != "Hiro" || a.Cost != 20 || a.Printing != anima.SecondPrinting {
			t.Errorf("%+v", a)
		}
		if first, err := a.WithPrinting(anima.FirstPrinting); err != nil || first.Cost != 0 {
			t.Errorf("first printing: %+v %v", first, err)
		}
		hiro, _ := c.Character("Hiro")
		celia, _ := c.Character("Celia")
		if !a.Fits(hiro) || a.Fits(celia) {
			t.Error("Only is not applied")
		}
	})
	t.Run("R-PARTY-7 organization advantages name their organization", func(t *testing.T) {
		a, ok := c.Advantage("Miracles")
		if !ok || a.Group != anima.OrganizationAdvantage || a.Organization != "Church" || a.Cost != 0 || a.ID != 1004 {
			t.Errorf("%+v", a)
		}
		if got, _ := c.AdvantageByID(1); got.Name != "Chosen Prey" || got.Cost != 15 {
			t.Errorf("ID 1: %+v", got)
		}
	})
	t.Run("R-CARD-1 a Gear takes its pilot's level and Recovery", func(t *testing.T) {
		gear, _ := c.Character("Legacy of Solomon")
		p, ok := c.Pilot("Reist Ebersbacher")
		if !ok {
			t.Fatal("no pilot")
		}
		g, err := gear.WithPilot(p)
		if err != nil || g.Level != 85 || g.Recovery != 3 || g.RecoveryVaries || !g.HasCapability("Initiative") {
			t.Errorf("%+v %v", g, err)
		}
		if len(c.PilotsFor("Theurgia")) != 4 {
			t.Errorf("Theurgia pilots: %v", c.PilotsFor("Theurgia"))
		}
		edgard, _ := c.Pilot("Edgard Ivanesku")
		if edgard.Recovery != 2 {
			t.Errorf("Edgard's recovery %d", edgard.Recovery)
		}
	})
}

func TestParseRefuses(t *testing.T) {
	for name, in := range map[string]string{
		"not json":     `{`,
		"version":      `{"version":1,"characters":[]}`,
		"invalid card": `{"version":2,"characters":[{"id":1,"name":"X","level":0,"lp":1,"actions":1,"recovery":1}]}`,
		"duplicate":    `{"version":2,"characters":[{"id":1,"name":"X","level":5,"lp":1,"actions":1,"recovery":1},{"id":2,"name":"x","level":5,"lp":1,"actions":1,"recovery":1}]}`,
		"duplicate id": `{"version":2,"characters":[{"id":1,"name":"X","level":5,"lp":1,"actions":1,"recovery":1},{"id":1,"name":"Y","level":5,"lp":1,"actions":1,"recovery":1}]}`,
		"bad stat":     `{"version":2,"characters":[{"id":1,"name":"X","level":5,"lp":"a/b","actions":1,"recovery":1}]}`,
	} {
		if _, err := Parse([]byte(in)); !errors.Is(err, ErrCatalog) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

func BenchmarkParse(b *testing.B) {
	file := catalogFile(b)
	for b.Loop() {
		if _, err := Parse(file); err != nil {
			b.Fatal(err)
		}
	}
}

// catalogFile reads catalog.json, the file the app's catalog is made from.
func catalogFile(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDefaultIsTheFile: the catalog the app starts with (Go data, data.go) is catalog.json's,
// card for card and look-up for look-up; cmd/catalog-import writes both.
func TestDefaultIsTheFile(t *testing.T) {
	want, err := Parse(catalogFile(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := Default(); !reflect.DeepEqual(got, want) {
		for i := range min(len(got.cards), len(want.cards)) {
			if !reflect.DeepEqual(got.cards[i], want.cards[i]) {
				t.Fatalf("card %d: data.go has\n%+v\ncatalog.json has\n%+v", i, got.cards[i], want.cards[i])
			}
		}
		t.Fatal("engine/catalog/data.go does not hold catalog.json's catalog: run go run ./cmd/catalog-import")
	}
}

// BenchmarkDefault is what the app does with its catalog at start: check and index the Go data.
func BenchmarkDefault(b *testing.B) {
	for b.Loop() {
		if _, err := build(embedded); err != nil {
			b.Fatal(err)
		}
	}
}
