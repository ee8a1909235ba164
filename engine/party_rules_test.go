package engine_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gnosis/engine"
	"gnosis/engine/catalog"
)

func e(name string, advantages ...string) engine.PartyEntry {
	en := engine.PartyEntry{Name: name}
	for _, a := range advantages {
		en.Advantages = append(en.Advantages, engine.AdvantageRef{Name: a})
	}
	return en
}

func summoner(name string, summons ...engine.Card) engine.PartyEntry {
	en := engine.PartyEntry{Name: name}
	for i := range summons {
		en.Summons = append(en.Summons, engine.CardRef{Card: &summons[i]})
	}
	return en
}

func own(c engine.Card) engine.PartyEntry { return engine.PartyEntry{Card: &c} }

func piloted(gear, pilot string) engine.PartyEntry {
	return engine.PartyEntry{Name: gear, Pilot: pilot}
}

// summon cards are the player's own: the catalog has no summon stats.
func summon(name string, level int, affinity ...string) engine.Card {
	return engine.Card{Kind: engine.KindSummon, Name: name, Level: level, Categories: []engine.Category{engine.Fighter},
		LP: engine.S(10), Actions: 4, Recovery: 3, Attack: engine.S(5), Damage: engine.S(5), Defense: engine.S(8),
		SummonCost: 3, Atman: level, Bind: 3, Stability: 5, Shock: 1, Affinity: affinity}
}

type partyCase struct {
	name     string
	edition  engine.Edition // "" runs the case in both editions
	level    int
	org      string
	members  []engine.PartyEntry
	party    []string // party-level advantages
	want     []string // violated rules, in order, with repeats
	wantWhom []int    // for the first violation: its entry, when it names one
}

var lightChurch250 = []engine.PartyEntry{e("Nero"), e("Grey"), e("Saint Hazael"), e("Luzbell"), e("Alis Testarrosa"), e("Saint Astraega")}

var partyCases = []partyCase{
	{name: "R-PARTY-1 an empty party is legal", level: 250},
	{name: "R-PARTY-1 characters exactly at the encounter level", level: 250, members: lightChurch250},
	{name: "R-PARTY-2 Gamma gives one organization advantage", level: 300, org: "Church", members: []engine.PartyEntry{e("Nero"), e("Xavier")}, party: []string{"Miracles"}},
	{name: "R-PARTY-2 two organization advantages at 300 are too many", level: 300, org: "Church", members: []engine.PartyEntry{e("Nero"), e("Xavier")}, party: []string{"Miracles", "Exterminators"}, want: []string{"R-PARTY-2"}},
	{name: "R-PARTY-2 Sigma gives two organization advantages", level: 450, org: "Church", members: []engine.PartyEntry{e("Nero"), e("Xavier")}, party: []string{"Miracles", "Exterminators"}},
	{name: "R-PARTY-2 Alpha tier gives no organization advantage", level: 150, org: "Church", members: []engine.PartyEntry{e("Nero")}, party: []string{"Miracles"}, want: []string{"R-PARTY-2"}},
	{name: "R-PARTY-3 characters over the encounter level", level: 250, members: append(slices.Clone(lightChurch250), e("Sarah Reindhold")), want: []string{"R-PARTY-3"}},
	{name: "R-PARTY-3 advantage cards paid with the advantage points", edition: engine.Core, level: 250,
		members: []engine.PartyEntry{e("Nero", "Heavy Armor"), e("Grey", "Magus Wand"), e("Saint Hazael", "Life Potion"), e("Luzbell"), e("Alis Testarrosa"), e("Saint Astraega")}},
	{name: "R-PARTY-3 alpha advantage points follow the tier (Beta: 20)", edition: engine.Alpha, level: 250,
		members: []engine.PartyEntry{e("Nero", "Heavy Armor"), e("Grey", "Magus Wand"), e("Saint Hazael", "Life Potion"), e("Luzbell"), e("Alis Testarrosa"), e("Saint Astraega")},
		want:    []string{"R-PARTY-3"}},
	{name: "R-PARTY-3 advantage cards beyond the advantage points", level: 250,
		members: []engine.PartyEntry{e("Nero", "Heavy Armor"), e("Grey", "Magus Wand"), e("Saint Hazael", "Life Potion"), e("Luzbell"), e("Alis Testarrosa"), e("Saint Astraega")},
		party:   []string{"Tactics"}, want: []string{"R-PARTY-3"}},
	{name: "R-PARTY-3 unspent levels pay for advantage cards", level: 250, members: []engine.PartyEntry{e("Nero", "Magus Wand"), e("Grey", "Greater Life Potion")}, party: []string{"Power Source"}, want: []string{"R-PARTY-8"}},
	{name: "R-PARTY-3 a Gear costs its level plus its pilot's", level: 100, org: "Wissenschaft", members: []engine.PartyEntry{piloted("Goethia", "Frederick Mausser"), e("Alessa Raincross")}, want: []string{"R-PARTY-3"}},
	{name: "R-PARTY-3 a Gear with a light pilot fits", level: 100, org: "Wissenschaft", members: []engine.PartyEntry{piloted("Goethia", "Valeria Strauss"), e("Veronica")}},
	{name: "R-PARTY-4 no leader under 250", level: 200, members: []engine.PartyEntry{e("Romeo Exxet")}, want: []string{"R-PARTY-4"}, wantWhom: []int{0}},
	{name: "R-PARTY-4 one leader at 250 (core)", edition: engine.Core, level: 250, members: []engine.PartyEntry{e("Romeo Exxet"), e("Nero")}},
	{name: "R-PARTY-4 no leader at 250 in alpha (Beta tier)", edition: engine.Alpha, level: 250, members: []engine.PartyEntry{e("Romeo Exxet"), e("Nero")}, want: []string{"R-PARTY-4"}},
	{name: "R-PARTY-4 two leaders at 300 are too many", level: 300, members: []engine.PartyEntry{e("Nero"), e("Romeo Exxet"), e("High Saint Elienai")}, want: []string{"R-PARTY-4", "R-PARTY-4"}, wantWhom: []int{1}},
	{name: "R-PARTY-4 two leaders at 500 (core)", edition: engine.Core, level: 500, members: []engine.PartyEntry{e("Romeo Exxet"), e("High Saint Elienai")}},
	{name: "R-PARTY-4 one leader at 500 in alpha (Sigma tier)", edition: engine.Alpha, level: 500, members: []engine.PartyEntry{e("Romeo Exxet"), e("High Saint Elienai")}, want: []string{"R-PARTY-4", "R-PARTY-4"}},
	{name: "R-PARTY-4 optional leaders are not counted", level: 200, org: "Samael", members: []engine.PartyEntry{e("Covel")}},
	{name: "R-PARTY-5 a character twice", level: 250, members: []engine.PartyEntry{e("Nero"), e("Grey"), e("nero")}, want: []string{"R-PARTY-5"}, wantWhom: []int{2}},
	{name: "R-PARTY-5 an agent profile repeats within the count", level: 300, members: []engine.PartyEntry{e("Church Agent"), e("Church Agent"), e("Nero")}},
	{name: "R-PARTY-5 three agents at 300", level: 300, members: []engine.PartyEntry{e("Church Agent"), e("Church Agent"), e("Saint")}, want: []string{"R-PARTY-5", "R-PARTY-5", "R-PARTY-5"}},
	{name: "R-PARTY-5 no agent under 150 levels", level: 100, members: []engine.PartyEntry{e("Empire Agent")}, want: []string{"R-PARTY-5"}},
	{name: "R-PARTY-6 Light and Darkness never mix", level: 250, members: []engine.PartyEntry{e("Nero"), e("Xavier")}, want: []string{"R-PARTY-6", "R-PARTY-6"}},
	{name: "R-PARTY-6 Unaligned joins Light", level: 250, members: []engine.PartyEntry{e("Nero"), e("Damien")}},
	{name: "R-PARTY-6 Unaligned joins Darkness", level: 250, members: []engine.PartyEntry{e("Xavier"), e("Damien")}},
	{name: "R-PARTY-6 an all-Unaligned party", level: 250, members: []engine.PartyEntry{e("Damien"), e("Tiamat")}},
	{name: "R-PARTY-7 an organization party ignores factions", level: 250, org: "Church", members: []engine.PartyEntry{e("Nero"), e("Xavier"), e("Damien")}},
	{name: "R-PARTY-7 a character of another organization", level: 250, org: "Church", members: []engine.PartyEntry{e("Nero"), e("Tiamat")}, want: []string{"R-PARTY-7"}, wantWhom: []int{1}},
	{name: "R-PARTY-7 one Wanderer joins an organization", level: 300, org: "Church", members: []engine.PartyEntry{e("Nero"), e("Xavier"), e("Ergo Mundus")}},
	{name: "R-PARTY-7 two Wanderers are too many", level: 300, org: "Church", members: []engine.PartyEntry{e("Nero"), e("Ergo Mundus"), e("Dereck Shezard")}, want: []string{"R-PARTY-7", "R-PARTY-7"}},
	{name: "R-PARTY-7 an advantage of another organization", level: 300, org: "Church", members: []engine.PartyEntry{e("Nero")}, party: []string{"Combat Mastery"}, want: []string{"R-PARTY-7"}},
	{name: "R-PARTY-7 organization advantages need an organization party", level: 300, members: []engine.PartyEntry{e("Nero")}, party: []string{"Miracles"}, want: []string{"R-PARTY-7"}},
	{name: "R-PARTY-8 as many advantage cards as characters", level: 250, members: []engine.PartyEntry{e("Nero", "Heavy Armor"), e("Grey")}, party: []string{"Tactics"}},
	{name: "R-PARTY-8 more advantage cards than characters", level: 250, members: []engine.PartyEntry{e("Nero", "Heavy Armor")}, party: []string{"Tactics"}, want: []string{"R-PARTY-8"}},
	{name: "R-PARTY-8 organization advantages do not count", level: 300, org: "Church", members: []engine.PartyEntry{e("Nero")}, party: []string{"Tactics", "Miracles"}},
	{name: "R-PARTY-8 summons are not starting characters", level: 250, members: []engine.PartyEntry{summoner("Sarah Reindhold", summon("Elhaym", 30, "Light"))}, party: []string{"Tactics", "Logistics"}, want: []string{"R-PARTY-8"}},
	{name: "R-PARTY-9 equipment is assigned to a character", level: 250, members: []engine.PartyEntry{e("Nero"), e("Grey")}, party: []string{"Heavy Armor"}, want: []string{"R-PARTY-9"}},
	{name: "R-PARTY-9 two equipment cards on one character", level: 250, members: []engine.PartyEntry{e("Nero", "Heavy Armor", "Life Potion"), e("Grey")}, want: []string{"R-PARTY-9"}, wantWhom: []int{0}},
	{name: "R-PARTY-9 an equipment and a power on one character", level: 250, members: []engine.PartyEntry{e("Nero", "Heavy Armor", "Aura"), e("Grey")}, want: []string{"R-PARTY-9"}},
	{name: "R-PARTY-9 a card limited to Hiro, on Hiro", level: 250, members: []engine.PartyEntry{e("Hiro", "Red Theurgia!!! Go!!!")}},
	{name: "R-PARTY-9 a card limited to Hiro, on Celia", level: 250, members: []engine.PartyEntry{e("Celia", "Red Theurgia!!! Go!!!")}, want: []string{"R-PARTY-9"}, wantWhom: []int{0}},
	{name: "R-PARTY-9 a power limited to Ophiel, on Ophiel", level: 300, members: []engine.PartyEntry{e("Ophiel", "Lord of the Shadows")}},
	{name: "R-PARTY-9 a plot card stays with the party", level: 250, members: []engine.PartyEntry{e("Nero", "Tactics")}, want: []string{"R-PARTY-9"}},
	{name: "R-PARTY-10 a summon with its summoner", level: 250, members: []engine.PartyEntry{summoner("Saint Hazael", summon("Elhaym", 30, "Light")), e("Nero")}},
	{name: "R-PARTY-10 two of one summon count as one entity", level: 250, members: []engine.PartyEntry{summoner("Sarah Reindhold", summon("Elhaym", 30, "Light"), summon("Elhaym", 30, "Light"))}},
	{name: "R-PARTY-10 a level 1 summoner with two kinds of summon", level: 250, members: []engine.PartyEntry{summoner("Sarah Reindhold", summon("Elhaym", 30, "Light"), summon("Seraph", 20, "Light"))}, want: []string{"R-PARTY-10"}},
	{name: "R-PARTY-10 no affinity with the summon", level: 250, members: []engine.PartyEntry{summoner("Damaris", summon("Umbra", 20, "Dark"))}, want: []string{"R-PARTY-10"}},
	{name: "R-PARTY-10 Dark affinity calls Darkness summons", level: 250, org: "Samael", members: []engine.PartyEntry{summoner("Genma", summon("Umbra", 20, "Darkness"), summon("Void Wisp", 20, "Void"))}},
	{name: "R-PARTY-10 summons only for summoners", level: 250, members: []engine.PartyEntry{summoner("Nero", summon("Elhaym", 30, "Light"))}, want: []string{"R-PARTY-10"}},
	{name: "R-PARTY-10 a summon restricted to Samael", level: 250, org: "Church", members: []engine.PartyEntry{summoner("Saint Hazael", func() engine.Card {
		c := summon("Nephilim", 20, "Light")
		c.Only = []string{"Samael"}
		return c
	}())}, want: []string{"R-PARTY-10"}},
	{name: "R-PARTY-10 summons cost levels", level: 100, members: []engine.PartyEntry{summoner("Saint Hazael", summon("Elhaym", 30, "Light")), e("Sarah Reindhold")}, want: []string{"R-PARTY-3"}},
	{name: "R-PARTY-10 a summon is not fielded alone", level: 250, members: []engine.PartyEntry{own(summon("Elhaym", 30, "Light"))}, want: []string{"R-PARTY-10"}},
	{name: "R-PARTY-10 a character is not a summon", level: 250, members: []engine.PartyEntry{{Name: "Saint Hazael", Summons: []engine.CardRef{{Name: "Nero"}}}}, want: []string{"R-PARTY-10"}},
}

func TestPartyRules(t *testing.T) {
	cat := catalog.Default()
	n := 0
	for _, tc := range partyCases {
		for _, ed := range []engine.Edition{engine.Core, engine.Alpha} {
			if tc.edition != "" && tc.edition != ed {
				continue
			}
			n++
			t.Run(tc.name+" ("+string(ed)+")", func(t *testing.T) {
				f := engine.PartyFile{Version: 1, Name: tc.name, Edition: ed, Level: tc.level, Organization: tc.org, Characters: tc.members}
				for _, a := range tc.party {
					f.Advantages = append(f.Advantages, engine.AdvantageRef{Name: a})
				}
				p, err := engine.ResolveParty(f, cat)
				if err != nil {
					t.Fatal(err)
				}
				vs := engine.CheckParty(p)
				var got []string
				for _, v := range vs {
					got = append(got, v.Rule)
					for _, lang := range []string{"en", "es", "it"} {
						if m := v.Message(lang); m == "" || strings.Contains(m, "%!") {
							t.Errorf("%s message %q", lang, m)
						}
					}
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Fatalf("violations %v, want %v:\n%v", got, tc.want, vs)
				}
				if len(tc.wantWhom) > 0 && vs[0].Entry != tc.wantWhom[0] {
					t.Errorf("the violation names entry %d, want %d", vs[0].Entry, tc.wantWhom[0])
				}
				// Every party survives the file format.
				b, err := json.Marshal(f)
				if err != nil {
					t.Fatal(err)
				}
				back, err := engine.ParsePartyFile(b)
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
	f := engine.PartyFile{Version: 1, Edition: engine.Core, Level: 300, Characters: []engine.PartyEntry{e("Nero", "Magus Wand"), e("Grey")}, Advantages: []engine.AdvantageRef{{Name: "Power Source"}}}
	p, err := engine.ResolveParty(f, cat)
	if err != nil {
		t.Fatal(err)
	}
	// Characters 90; cards 15 + 20 = 35, 30 from the advantage points and 5 from the levels.
	if p.CharacterLevels() != 90 || p.AdvantageCost() != 35 || p.AdvantagePoints() != 30 || p.AdvantagePointsSpent() != 30 ||
		p.LevelsSpent() != 95 || p.LevelsLeft() != 205 || p.AdvantageCards() != 2 {
		t.Errorf("R-PARTY-3 chars %d cards %d AP %d/%d spent %d left %d", p.CharacterLevels(), p.AdvantageCost(), p.AdvantagePointsSpent(), p.AdvantagePoints(), p.LevelsSpent(), p.LevelsLeft())
	}
	for _, tc := range []struct {
		ed                               engine.Edition
		level, ap, leaders, agents, orgs int
	}{
		{engine.Core, 250, 25, 1, 1, 1}, {engine.Alpha, 250, 20, 0, 1, 1}, {engine.Core, 450, 45, 1, 3, 2},
		{engine.Alpha, 450, 40, 1, 3, 2}, {engine.Core, 600, 60, 2, 4, 3}, {engine.Alpha, 700, 70, 2, 4, 3}, {engine.Core, 99, 9, 0, 0, 0},
	} {
		if ap, l, a, o := engine.AdvantagePoints(tc.ed, tc.level), engine.LeadersAllowed(tc.ed, tc.level), engine.AgentsAllowed(tc.level), engine.OrganizationAdvantagesAllowed(tc.level); ap != tc.ap || l != tc.leaders || a != tc.agents || o != tc.orgs {
			t.Errorf("R-PARTY-2 %s %d: AP %d leaders %d agents %d org %d", tc.ed, tc.level, ap, l, a, o)
		}
	}
}

func TestResolvePartyRefuses(t *testing.T) {
	cat := catalog.Default()
	base := engine.PartyFile{Version: 1, Edition: engine.Core, Level: 250, Characters: []engine.PartyEntry{e("Nero")}}
	for name, tc := range map[string]struct {
		edit func(*engine.PartyFile)
		want error
	}{
		"R-PARTY-1 unknown version":         {func(f *engine.PartyFile) { f.Version = 2 }, engine.ErrPartyVersion},
		"R-PARTY-1 unknown edition":         {func(f *engine.PartyFile) { f.Edition = "beta" }, engine.ErrPartyVersion},
		"R-PARTY-1 no encounter level":      {func(f *engine.PartyFile) { f.Level = 0 }, engine.ErrPartyLevel},
		"R-PARTY-1 unknown character":       {func(f *engine.PartyFile) { f.Characters = []engine.PartyEntry{e("Neró")} }, engine.ErrUnknownCard},
		"R-PARTY-9 unknown advantage card":  {func(f *engine.PartyFile) { f.Characters = []engine.PartyEntry{e("Nero", "Excalibur")} }, engine.ErrUnknownCard},
		"R-PARTY-3 unknown pilot":           {func(f *engine.PartyFile) { f.Characters = []engine.PartyEntry{piloted("Goethia", "Nobody")} }, engine.ErrUnknownCard},
		"R-PARTY-3 a pilot of another Gear": {func(f *engine.PartyFile) { f.Characters = []engine.PartyEntry{piloted("Goethia", "Hiro")} }, engine.ErrBadPilot},
		"R-CARD-1 an own card with no LP": {func(f *engine.PartyFile) {
			f.Characters = []engine.PartyEntry{own(engine.Card{Name: "X", Level: 10, Actions: 4, Recovery: 3})}
		}, engine.ErrInvalidCard},
	} {
		t.Run(name, func(t *testing.T) {
			f := base
			tc.edit(&f)
			if _, err := engine.ResolveParty(f, cat); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
	for _, bad := range []string{`{`, `{"version":2}`, `{"version":1,"characters":[{"name":"Nero","advantages":[7]}]}`} {
		if _, err := engine.ParsePartyFile([]byte(bad)); err == nil {
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
	f, err := engine.ParsePartyFile([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if p.Members[0].Card.Defense.Base != 9 || p.Members[0].Advantages[0].Name != "Lucky Charm" || p.Members[1].Summons[0].Shock != 1 {
		t.Fatalf("%+v", p.Members)
	}
	if vs := engine.CheckParty(p); len(vs) != 0 {
		t.Errorf("violations %v", vs)
	}
	if p.CharacterLevels() != 45+45+30 || p.AdvantageCost() != 15 {
		t.Errorf("levels %d cards %d", p.CharacterLevels(), p.AdvantageCost())
	}
}

func TestCardPack(t *testing.T) {
	pack := engine.NewCardPack([]engine.Card{summon("Elhaym", 30, "Light")}, []engine.AdvantageCard{{Name: "Lucky Charm", Group: engine.Equipment, Cost: 5}})
	b, _ := json.Marshal(pack)
	back, err := engine.ParseCardPack(b)
	if err != nil || !reflect.DeepEqual(back, pack) {
		t.Fatalf("%v %+v", err, back)
	}
	for _, bad := range []string{`{`, `{"version":1,"kind":"party"}`, `{"version":2,"kind":"gnosis-card-pack"}`,
		`{"version":1,"kind":"gnosis-card-pack","characters":[{"name":"X","level":0}]}`,
		`{"version":1,"kind":"gnosis-card-pack","advantages":[{"name":"Y","group":"Weapon"}]}`} {
		if _, err := engine.ParseCardPack([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	own := engine.Own{Catalog: catalog.Default(), Characters: []engine.Card{{Name: "Celia", Level: 45, LP: engine.S(12), Defense: engine.S(9), Armor: engine.S(2), Actions: 4, Recovery: 3}}}
	if c, _ := own.Character("celia"); c.Defense.Base != 9 {
		t.Error("an own card does not replace the catalog's printing")
	}
	if c, ok := own.Character("Nero"); !ok || c.Level != 50 {
		t.Error("the catalog is not consulted")
	}
}

func TestViolationLanguages(t *testing.T) {
	f := engine.PartyFile{Version: 1, Edition: engine.Core, Level: 250, Characters: []engine.PartyEntry{e("Nero")}, Advantages: []engine.AdvantageRef{{Name: "Heavy Armor"}}}
	p, _ := engine.ResolveParty(f, catalog.Default())
	vs := engine.CheckParty(p)
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
	f := engine.PartyFile{Version: 1, Edition: engine.Core, Level: 300, Organization: "Church",
		Characters: []engine.PartyEntry{e("Nero", "Heavy Armor"), e("Xavier"), e("Ergo Mundus"), e("Grey"), e("Luzbell"), summoner("Saint Hazael", summon("Elhaym", 30, "Light"))},
		Advantages: []engine.AdvantageRef{{Name: "Tactics"}, {Name: "Miracles"}}}
	cat := catalog.Default()
	for b.Loop() {
		p, err := engine.ResolveParty(f, cat)
		if err != nil {
			b.Fatal(err)
		}
		engine.CheckParty(p)
	}
}
