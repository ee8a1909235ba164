package anima_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/internal/partycases"
)

func TestPartyRules(t *testing.T) {
	cat := catalog.Default()
	n := 0
	for _, tc := range partycases.Cases {
		for _, ed := range tc.Editions() {
			n++
			t.Run(tc.Name+" ("+string(ed)+")", func(t *testing.T) {
				f := tc.File(ed)
				p, err := party.ResolveParty(f, cat)
				if err != nil {
					t.Fatal(err)
				}
				vs := party.CheckParty(p)
				var got []string
				for _, v := range vs {
					got = append(got, v.Rule)
					for _, lang := range []string{"en", "es", "it"} {
						if m := v.Message(lang); m == "" || strings.Contains(m, "%!") {
							t.Errorf("%s message %q", lang, m)
						}
					}
				}
				if !reflect.DeepEqual(got, tc.Want) {
					t.Fatalf("violations %v, want %v:\n%v", got, tc.Want, vs)
				}
				if len(tc.WantWhom) > 0 && vs[0].Entry != tc.WantWhom[0] {
					t.Errorf("the violation names entry %d, want %d", vs[0].Entry, tc.WantWhom[0])
				}
				// Every party survives the file format.
				b, err := json.Marshal(f)
				if err != nil {
					t.Fatal(err)
				}
				back, err := party.ParsePartyFile(b)
				if err != nil || !reflect.DeepEqual(back, f) {
					t.Fatalf("round trip: %v\n%s", err, b)
				}
			})
		}
	}
	if n < 80 {
		t.Errorf("only %d party cases", n)
	}
}

func TestBudget(t *testing.T) {
	cat := catalog.Default()
	f := party.PartyFile{Version: 1, Edition: anima.Core, Level: 300, Characters: []party.PartyEntry{partycases.E("Nero", "Greater Life Potion"), partycases.E("Grey")}, Advantages: []party.AdvantageRef{{Name: "Power Source"}}}
	p, err := party.ResolveParty(f, cat)
	if err != nil {
		t.Fatal(err)
	}
	// Characters 90; cards 15 + 20 = 35, 30 from the advantage points and 5 from the levels.
	if p.CharacterLevels() != 90 || p.AdvantageCost() != 35 || p.AdvantagePoints() != 30 || p.AdvantagePointsSpent() != 30 ||
		p.LevelsSpent() != 95 || p.LevelsLeft() != 205 || p.AdvantageCards() != 2 {
		t.Errorf("R-PARTY-3 chars %d cards %d AP %d/%d spent %d left %d", p.CharacterLevels(), p.AdvantageCost(), p.AdvantagePointsSpent(), p.AdvantagePoints(), p.LevelsSpent(), p.LevelsLeft())
	}
	for _, tc := range []struct {
		ed                               anima.Edition
		level, ap, leaders, agents, orgs int
	}{
		{anima.Core, 250, 25, 1, 1, 1}, {anima.Alpha, 250, 20, 0, 1, 1}, {anima.Core, 450, 45, 1, 3, 2},
		{anima.Alpha, 450, 40, 1, 3, 2}, {anima.Core, 600, 60, 2, 4, 3}, {anima.Alpha, 700, 70, 2, 4, 3}, {anima.Core, 99, 9, 0, 0, 0},
	} {
		if ap, l, a, o := anima.AdvantagePoints(tc.ed, tc.level), anima.LeadersAllowed(tc.ed, tc.level), anima.AgentsAllowed(tc.level), anima.OrganizationAdvantagesAllowed(tc.level); ap != tc.ap || l != tc.leaders || a != tc.agents || o != tc.orgs {
			t.Errorf("R-PARTY-2 %s %d: AP %d leaders %d agents %d org %d", tc.ed, tc.level, ap, l, a, o)
		}
	}
}

func TestResolvePartyRefuses(t *testing.T) {
	cat := catalog.Default()
	base := party.PartyFile{Version: 1, Edition: anima.Core, Level: 250, Characters: []party.PartyEntry{partycases.E("Nero")}}
	for name, tc := range map[string]struct {
		edit func(*party.PartyFile)
		want error
	}{
		"R-PARTY-1 unknown version":         {func(f *party.PartyFile) { f.Version = 2 }, party.ErrPartyVersion},
		"R-PARTY-1 unknown edition":         {func(f *party.PartyFile) { f.Edition = "beta" }, party.ErrPartyVersion},
		"R-PARTY-1 no encounter level":      {func(f *party.PartyFile) { f.Level = 0 }, party.ErrPartyLevel},
		"R-PARTY-1 unknown character":       {func(f *party.PartyFile) { f.Characters = []party.PartyEntry{partycases.E("Neró")} }, party.ErrUnknownCard},
		"R-PARTY-9 unknown advantage card":  {func(f *party.PartyFile) { f.Characters = []party.PartyEntry{partycases.E("Nero", "Excalibur")} }, party.ErrUnknownCard},
		"R-PARTY-3 unknown pilot":           {func(f *party.PartyFile) { f.Characters = []party.PartyEntry{partycases.Piloted("Goethia", "Nobody")} }, party.ErrUnknownCard},
		"R-PARTY-3 a pilot of another Gear": {func(f *party.PartyFile) { f.Characters = []party.PartyEntry{partycases.Piloted("Goethia", "Hiro")} }, anima.ErrBadPilot},
		"R-CARD-1 an own card with no LP": {func(f *party.PartyFile) {
			f.Characters = []party.PartyEntry{partycases.Own(anima.Card{Name: "X", Level: 10, Actions: 4, Recovery: 3})}
		}, anima.ErrInvalidCard},
	} {
		t.Run(name, func(t *testing.T) {
			f := base
			tc.edit(&f)
			if _, err := party.ResolveParty(f, cat); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
	for _, bad := range []string{`{`, `{"version":2}`, `{"version":1,"characters":[{"name":"Nero","advantages":[7]}]}`} {
		if _, err := party.ParsePartyFile([]byte(bad)); err == nil {
			t.Errorf("ParsePartyFile(%s) accepted", bad)
		}
	}
}

func TestOwnCardsInline(t *testing.T) {
	in := `{"version":1,"name":"Mine","edition":"alpha","level":300,"organization":"",
	"characters":[{"card":{"name":"Celia (first printing)","faction":"Unaligned","organization":"Wissenschaft","categories":["Fighter"],"level":45,"attack":5,"damage":3,"defense":9,"armor":2,"lp":12,"resistance":10,"walk_cm":30,"run_cm":40,"actions":4,"recovery":3},
	  "advantages":[{"card":{"name":"Lucky Charm","group":"Equipment","cost":5}}]},
	 {"name":"saint hazael","summons":[{"card":{"kind":"summon","name":"Elhaym","categories":["Fighter"],"level":30,"lp":10,"actions":4,"recovery":3,"bind":3,"stability":5,"shock":1,"affinity":["Light"]}}]}],
	"advantages":["Tactics"]}`
	f, err := party.ParsePartyFile([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	p, err := party.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if p.Members[0].Card.Defense.Base != 9 || p.Members[0].Advantages[0].Name != "Lucky Charm" || p.Members[1].Summons[0].Shock != 1 {
		t.Fatalf("%+v", p.Members)
	}
	if vs := party.CheckParty(p); len(vs) != 0 {
		t.Errorf("violations %v", vs)
	}
	if p.CharacterLevels() != 45+45+30 || p.AdvantageCost() != 15 {
		t.Errorf("levels %d cards %d", p.CharacterLevels(), p.AdvantageCost())
	}
}

func TestCardPack(t *testing.T) {
	pack := anima.NewCardPack([]anima.Card{partycases.Summon("Elhaym", 30, "Light")}, []anima.AdvantageCard{{Name: "Lucky Charm", Group: anima.Equipment, Cost: 5}})
	b, _ := json.Marshal(pack)
	back, err := anima.ParseCardPack(b)
	if err != nil || !reflect.DeepEqual(back, pack) {
		t.Fatalf("%v %+v", err, back)
	}
	for _, bad := range []string{`{`, `{"version":1,"kind":"party"}`, `{"version":2,"kind":"gnosis-card-pack"}`,
		`{"version":1,"kind":"gnosis-card-pack","characters":[{"name":"X","level":0}]}`,
		`{"version":1,"kind":"gnosis-card-pack","advantages":[{"name":"Y","group":"Weapon"}]}`} {
		if _, err := anima.ParseCardPack([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func TestViolationLanguages(t *testing.T) {
	f := party.PartyFile{Version: 1, Edition: anima.Core, Level: 250, Characters: []party.PartyEntry{partycases.E("Nero")}, Advantages: []party.AdvantageRef{{Name: "Heavy Armor"}}}
	p, _ := party.ResolveParty(f, catalog.Default())
	vs := party.CheckParty(p)
	if len(vs) != 1 || vs[0].Rule != "R-PARTY-9" {
		t.Fatalf("%v", vs)
	}
	for lang, want := range map[string]string{"en": "Equipment card", "es-ES": "carta de Equipo", "it": "carta Equipaggiamento", "fr": "Equipment card"} {
		if got := vs[0].Message(lang); !strings.Contains(got, want) {
			t.Errorf("R-PARTY-9 in %s: %q", lang, got)
		}
	}
}

func BenchmarkCheckParty(b *testing.B) {
	f := party.PartyFile{Version: 1, Edition: anima.Core, Level: 300, Organization: "Church",
		Characters: []party.PartyEntry{partycases.E("Nero", "Heavy Armor"), partycases.E("Xavier"), partycases.E("Ergo Mundus"), partycases.E("Grey"), partycases.E("Luzbell"), partycases.Summoner("Saint Hazael", partycases.Summon("Elhaym", 30, "Light"))},
		Advantages: []party.AdvantageRef{{Name: "Tactics"}, {Name: "Miracles"}}}
	cat := catalog.Default()
	for b.Loop() {
		p, err := party.ResolveParty(f, cat)
		if err != nil {
			b.Fatal(err)
		}
		party.CheckParty(p)
	}
}

func TestPartyText(t *testing.T) {
	f := party.PartyFile{Version: 1, Name: "Church vanguard", Edition: anima.Core, Level: 300, Organization: "Church",
		Characters: []party.PartyEntry{partycases.E("Nero", "Heavy Armor"), partycases.E("Xavier"), partycases.E("Ergo Mundus")},
		Advantages: []party.AdvantageRef{{Name: "Tactics"}, {Name: "Miracles"}}}
	p, err := party.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	want := "Church vanguard — 300 levels, Core edition, Church organization\n" +
		"- Nero (50) + Heavy Armor (5)\n- Xavier (50)\n- Ergo Mundus (100)\n" +
		"Party cards: Tactics (10), Miracles (organization)\n" +
		"Levels 200/300 · advantage points 15/30 · keeps every party rule\n"
	if got := p.Text("en"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	f.Organization = ""
	p, _ = party.ResolveParty(f, catalog.Default())
	if got := p.Text("en"); !strings.Contains(got, "breaks R-PARTY-6, R-PARTY-7") {
		t.Errorf("R-PARTY-6 verdict: %s", got)
	}
	// Upgrades and a printing chosen are on the character's line; the words in the player's
	// language.
	grey := partycases.E("Grey")
	grey.Printing = anima.FirstPrinting
	f = party.PartyFile{Version: 1, Name: "Azur", Edition: anima.Core, Level: 250, Organization: "Azur Alliance",
		Characters: []party.PartyEntry{partycases.Upgraded("Azur Agent", "Azur Agent: Defense"), grey}}
	if p, err = party.ResolveParty(f, catalog.Default()); err != nil {
		t.Fatal(err)
	}
	got := p.Text("es")
	for _, want := range []string{"Azur — 250 niveles, edición Básica, organización Alianza Azur\n", "- Azur Agent (20) + Azur Agent: Defense (5)\n", // the line adds up: the upgrade counted once
		"- Grey (40) · Impresión: primera fuente\n", "Niveles 65/250"} {
		if !strings.Contains(got, want) {
			t.Errorf("in Spanish, no %q in\n%s", want, got)
		}
	}
}

// TestLevelsOverWith: R-PARTY-3 how many levels past the encounter level a card would take
// the characters (the builder says it of each card once the budget is spent).
func TestLevelsOverWith(t *testing.T) {
	cat := catalog.Default()
	nero, _ := cat.Character("Nero")
	grey, _ := cat.Character("Grey")
	p, err := party.ResolveParty(party.PartyFile{Version: 1, Edition: anima.Core, Level: 100, Characters: []party.PartyEntry{{Name: "Nero"}}}, cat)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.LevelsOverWith(grey), nero.Level+grey.Level-100; got != want {
		t.Errorf("Grey beside Nero at 100: %d over, want %d", got, want)
	}
	p.File.Level = 50
	if got := p.LevelsOverWith(grey); got != grey.Level {
		t.Errorf("Grey past a full budget: %d over, want his %d levels", got, grey.Level)
	}
}

// TestCheckAdd: what a card would break if added, said of the card, so that the builder
// greys it out with the reason. R-PARTY-3, R-PARTY-4, R-PARTY-5, R-PARTY-6, R-PARTY-7.
func TestCheckAdd(t *testing.T) {
	cat := catalog.Default()
	partyOf := func(org string, level int, names ...string) party.Party {
		f := party.PartyFile{Version: 1, Name: "p", Edition: anima.Core, Level: level, Organization: org}
		for _, n := range names {
			f.Characters = append(f.Characters, party.PartyEntry{Name: n})
		}
		p, err := party.ResolveParty(f, cat)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	card := func(name string) anima.Card {
		c, ok := cat.Character(name)
		if !ok {
			t.Fatalf("no %s in the catalog", name)
		}
		return c
	}
	rules := func(vs []party.Violation) string {
		var out []string
		for _, v := range vs {
			out = append(out, v.Rule)
			if v.Entry != party.NoEntry {
				t.Errorf("%v: said of entry %d, not of the card", v, v.Entry)
			}
		}
		return strings.Join(out, " ")
	}
	light := partyOf("", 250, "Claire Adelheid", "Yuri Olsen")
	for _, tc := range []struct {
		name string
		p    party.Party
		card string
		want string
	}{
		{"an Unaligned card joins a Light party", light, "Tiamat", ""},
		{"R-PARTY-4 a second leader at 250 levels", light, "Griever", "R-PARTY-4"},
		{"R-PARTY-6 a Darkness card does not", light, "Iosara", "R-PARTY-6"},
		{"R-PARTY-5 a character already there", light, "Claire Adelheid", "R-PARTY-5"},
		{"R-PARTY-3 a card over the budget", partyOf("", 100, "Claire Adelheid", "Daniella Meris"), "Erika", "R-PARTY-3"},
		{"R-PARTY-7 a card of the party's organization", partyOf("Empire", 250, "Claire Adelheid"), "Iosara", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := rules(party.NewAdding(tc.p).Check(card(tc.card))); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	for _, c := range cat.All() {
		if c.Organization != "Empire" && !c.IsWanderer() {
			if got := rules(party.NewAdding(partyOf("Empire", 250, "Claire Adelheid")).Check(c)); got != "R-PARTY-7" {
				t.Errorf("R-PARTY-7 %s of %s joins an Empire party: %q", c.Name, c.Organization, got)
			}
			break
		}
	}
}

// TestUpgradesChangeTheCard: R-PARTY-1 an upgrade's level is paid with its character's, and
// its stat changes are made (Speed in inches on both speeds, APR on Recovery up to Actions).
func TestUpgradesChangeTheCard(t *testing.T) {
	cat := catalog.Default()
	f := party.PartyFile{Version: 1, Edition: anima.Core, Level: 300, Characters: []party.PartyEntry{
		partycases.Upgraded("Gear Mk. Trithemius", "Modification: +4 LP and +1 Armor", "Modification: Flight, +2 Speed", "Modification: +1 APR"),
		partycases.Upgraded("Church Agent (Inquisitor)", "Church Agent: Combat Training", "Church Agent: Light Expert"),
	}}
	p, err := party.ResolveParty(f, cat)
	if err != nil {
		t.Fatal(err)
	}
	gear, _ := cat.Character("Gear Mk. Trithemius")
	got := p.Members[0].Card
	if got.Level != gear.Level+20 || got.LP.Base != gear.LP.Base+4 || got.Armor.Base != gear.Armor.Base+1 ||
		got.Walk != gear.Walk+5 || got.Run != gear.Run+5 || got.Recovery != min(gear.Recovery+1, gear.Actions) {
		t.Errorf("Trithemius %+v from %+v", got, gear)
	}
	agent, _ := cat.Character("Church Agent (Inquisitor)")
	got = p.Members[1].Card
	if got.Level != agent.Level+10 || got.Attack.Base != agent.Attack.Base+1 || got.Damage.Base != agent.Damage.Base+2 || len(p.Members[1].Upgrades) != 2 {
		t.Errorf("Inquisitor %+v from %+v", got, agent)
	}
	if p.CharacterLevels() != gear.Level+20+agent.Level+10 {
		t.Errorf("levels %d", p.CharacterLevels())
	}
	if _, err := anima.ParseChange("+1 Luck"); !errors.Is(err, anima.ErrUpgrade) {
		t.Errorf("an unknown stat: %v", err)
	}
	t.Run("R-PARTY-3 an upgrade that takes the party over its level breaks the budget", func(t *testing.T) {
		buy := func(level int, upgrades ...string) party.Party {
			f := party.PartyFile{Version: 1, Edition: anima.Core, Level: level, Characters: []party.PartyEntry{partycases.Upgraded("Gear Mk. Trithemius", upgrades...)}}
			p, err := party.ResolveParty(f, cat)
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		at := gear.Level + 10 // room for the first modification, not the second
		before, one, two := buy(at), buy(at, "Modification: +4 LP and +1 Armor"), buy(at, "Modification: +4 LP and +1 Armor", "Modification: +1 APR")
		if vs := party.NewAdding(before).Broken(one); len(vs) != 0 {
			t.Errorf("an upgrade within the level: %v", vs)
		}
		if vs := party.NewAdding(one).Broken(two); len(vs) != 1 || vs[0].Rule != "R-PARTY-3" {
			t.Errorf("an upgrade past the level breaks %v", vs)
		}
		if vs := party.NewAdding(two).Broken(two); len(vs) != 0 {
			t.Errorf("no change breaks nothing: %v", vs)
		}
	})
}
