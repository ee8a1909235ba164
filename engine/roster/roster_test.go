package roster

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/engine/roster/unpack"
)

func read(t *testing.T, file string) (party.PartyFile, []Unmatched, error) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return Read(b, catalog.Default(), unpack.Unpack)
}

// TestSecondSourceRoster: a roster made with the SulLind data set, with an Arbiter's summon,
// an agent's nested skill, an ability listed as a selection, an organization advantage and
// an unknown entry.
func TestSecondSourceRoster(t *testing.T) {
	f, unmatched, err := read(t, "azur-sullind.ros")
	if err != nil {
		t.Fatal(err)
	}
	want := party.PartyFile{Version: 1, Name: "Azur vanguard", Edition: anima.Core, Level: 300, Organization: "Azur Alliance",
		Characters: []party.PartyEntry{
			{Name: "High Arbiter Arkeid", Summons: []party.CardRef{{Name: "Alius, Holy Soldier (Lesser)"}}},
			{Name: "Azur Agent", Upgrades: []string{"Azur Agent: Speed", "+2 Speed", "Azur Agent: Defense"}},
			{Name: "Claude Valmore"},
		},
		Advantages: []party.AdvantageRef{{Name: "Shadow Lords"}}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %+v\nwant %+v", f, want)
	}
	if !reflect.DeepEqual(unmatched, []Unmatched{{Name: "Mysterious Stranger"}}) {
		t.Errorf("unmatched %+v", unmatched)
	}
	p, err := party.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if vs := party.CheckParty(p); len(vs) != 0 || p.CharacterLevels() != 75+30+20+5+5+45 {
		t.Errorf("R-PARTY-1 %d levels, violations %v", p.CharacterLevels(), vs)
	}
}

// TestFirstSourceRoster: a roster made with the acebaur data set, zipped and not: its
// spellings, a card chosen on its character, a pilot, a card in a group, an unknown upgrade.
func TestFirstSourceRoster(t *testing.T) {
	plain, unmatched, err := read(t, "church-acebaur.ros")
	if err != nil {
		t.Fatal(err)
	}
	want := party.PartyFile{Version: 1, Name: "Church of Light", Edition: anima.Core, Level: 200,
		Characters: []party.PartyEntry{
			{Name: "Nero", Advantages: []party.AdvantageRef{{Name: "Heavy Armor"}}},
			{Name: "Yuri Olsen"},
			{Name: "Legacy of Solomon", Pilot: "Valeria Strauss"},
		},
		Advantages: []party.AdvantageRef{{Name: "Tactics"}}}
	if !reflect.DeepEqual(plain, want) {
		t.Errorf("got  %+v\nwant %+v", plain, want)
	}
	if !reflect.DeepEqual(unmatched, []Unmatched{{Name: "Rocket Boots", On: "Legacy of Solomon"}}) {
		t.Errorf("unmatched %+v", unmatched)
	}
	zipped, _, err := read(t, "church-acebaur.rosz")
	if err != nil || !reflect.DeepEqual(zipped, plain) {
		t.Errorf("the zipped roster reads otherwise: %+v %v", zipped, err)
	}
}

func TestNotARoster(t *testing.T) {
	for _, file := range []string{"not-a-roster.cat", "empty.rosz"} {
		if _, _, err := read(t, file); !errors.Is(err, ErrNotARoster) {
			t.Errorf("%s: %v", file, err)
		}
	}
	for name, b := range map[string]string{
		"json":          `{"version":1}`,
		"another game":  `<roster name="x" gameSystemName="Warhammer 40,000"></roster>`,
		"a broken zip":  "PK\x03\x04broken",
		"cut short xml": `<roster name="x"><forces>`,
	} {
		if _, _, err := Read([]byte(b), catalog.Default(), unpack.Unpack); !errors.Is(err, ErrNotARoster) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	for _, file := range []string{"azur-sullind.ros", "church-acebaur.ros", "church-acebaur.rosz"} {
		b, _ := os.ReadFile("testdata/" + file)
		f.Add(b)
	}
	cat := catalog.Default()
	f.Fuzz(func(t *testing.T, b []byte) {
		pf, _, err := Read(b, cat, unpack.Unpack)
		if err == nil && (pf.Version != 1 || pf.Level <= 0) {
			t.Errorf("a party with no version or level: %+v", pf)
		}
	})
}

// TestSharedRoster: the roster in ../shared/data/rosters, saved as BattleScribe saves it,
// imports whole (its README says what it must give): level 200 from the encounter chosen,
// the five characters, the agent chosen as a variant with its skill as an upgrade, the
// organization advantage, and the data set's bookkeeping skipped without a word.
// R-PARTY-1, R-PARTY-2, R-PARTY-5.
func TestSharedRoster(t *testing.T) {
	b, err := os.ReadFile("../../../shared/data/rosters/sullind-samael-200.ros")
	if err != nil {
		t.Skipf("no shared rosters beside the repository: %v", err)
	}
	f, unmatched, err := Read(b, catalog.Default(), unpack.Unpack)
	if err != nil {
		t.Fatal(err)
	}
	want := party.PartyFile{Version: 1, Name: "Samael Beta", Edition: anima.Core, Level: 200, Organization: "Samael",
		Characters: []party.PartyEntry{{Name: "Janiel"}, {Name: "Kairos"}, {Name: "Nahimana"}, {Name: "Shadow"},
			{Name: "Samael Agent (Light)", Upgrades: []string{"Samael Agent: Combat Training"}}},
		Advantages: []party.AdvantageRef{{Name: "Supernatural Mastery"}}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %+v\nwant %+v", f, want)
	}
	if len(unmatched) != 0 {
		t.Errorf("R-PARTY-1 unmatched %+v, want none", unmatched)
	}
	p, err := party.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if vs := party.CheckParty(p); len(vs) != 0 || p.CharacterLevels() != 40+40+45+40+20+5 {
		t.Errorf("R-PARTY-1 %d levels, violations %v", p.CharacterLevels(), vs)
	}
	if m := p.Members[4]; len(m.Upgrades) != 1 || m.Upgrades[0].Change != "+1 Atk, +1 Dmg" {
		t.Errorf("the agent's upgrades %+v, want Combat Training (+1 Atk, +1 Dmg)", m.Upgrades)
	}
}

// TestRostersWholeEveryWay: rosters in the shape BattleScribe saves, one for each way of
// giving the encounter, and for agents' skills, a character's upgrades and summons.
func TestRostersWholeEveryWay(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       party.PartyFile
	}{
		{"R-PARTY-2 the tier chosen in Encounter Options (Gamma: 300), over the cost limit; R-PARTY-5 an agent's skill chosen in a group; R-PARTY-10 a summon",
			"sullind-azur-gamma.ros", party.PartyFile{Version: 1, Name: "Azur Gamma", Edition: anima.Core, Level: 300, Organization: "Azur Alliance",
				Characters: []party.PartyEntry{
					{Name: "High Arbiter Arkeid", Summons: []party.CardRef{{Name: "Alius, Holy Soldier (Lesser)"}}},
					{Name: "Azur Agent", Upgrades: []string{"Azur Agent: Survivability"}},
					{Name: "Claude Valmore"}},
				Advantages: []party.AdvantageRef{}}},
		{"R-PARTY-1 the cost limit on \" Levels\"; R-PARTY-4 the Tactician's skills are upgrades, not party cards",
			"sullind-empire-300.ros", party.PartyFile{Version: 1, Name: "Empire patrol", Edition: anima.Core, Level: 300, Organization: "Empire",
				Characters: []party.PartyEntry{{Name: "Empire Tactician", Upgrades: []string{"Tactician: Tactic Redeploy", "Tactician: Organization"}}},
				Advantages: []party.AdvantageRef{{Name: "Tactics"}}}},
		{"R-PARTY-2 the first data set's force named after the encounter (300 Levels (Gamma))",
			"acebaur-church-gamma.ros", party.PartyFile{Version: 1, Name: "Church Gamma", Edition: anima.Core, Level: 300, Organization: "Church",
				Characters: []party.PartyEntry{{Name: "Nero"}, {Name: "Xavier"}}, Advantages: []party.AdvantageRef{}}},
		{"R-PARTY-1 no limit: the total rounded up to 50; R-PARTY-5 the dark agent",
			"sullind-total-185.ros", party.PartyFile{Version: 1, Name: "No limit", Edition: anima.Core, Level: 200, Organization: "Samael",
				Characters: []party.PartyEntry{{Name: "Janiel"}, {Name: "Kairos"}, {Name: "Nahimana"}, {Name: "Shadow"}, {Name: "Samael Agent (Dark)"}},
				Advantages: []party.AdvantageRef{}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, unmatched, err := read(t, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(f, tc.want) {
				t.Errorf("got  %+v\nwant %+v", f, tc.want)
			}
			if len(unmatched) != 0 {
				t.Errorf("unmatched %+v", unmatched)
			}
			p, err := party.ResolveParty(f, catalog.Default())
			if err != nil {
				t.Fatal(err)
			}
			if vs := party.CheckParty(p); len(vs) != 0 {
				t.Errorf("violations %v", vs)
			}
		})
	}
}

// TestRosterNumberBomb: a selection taken two billion times is refused, naming the bound,
// before anything is made of it (it used to allocate until the process died).
func TestRosterNumberBomb(t *testing.T) {
	for name, sel := range map[string]string{
		"a character": `<selection name="Janiel" number="2000000000" type="model"/>`,
		"a summon":    `<selection name="High Arbiter Arkeid" type="model"><selections><selection name="Alius, Holy Soldier (Lesser)" number="2000000000" type="model"/></selections></selection>`,
		"many copies": strings.Repeat(`<selection name="Kairos" number="200" type="model"/>`, 2),
	} {
		b := `<roster name="x" gameSystemName="Anima Tactics"><forces><force name="f"><selections>` + sel + `</selections></force></forces></roster>`
		_, _, err := Read([]byte(b), catalog.Default(), unpack.Unpack)
		if !errors.Is(err, anima.ErrOutOfRange) || !errors.Is(err, ErrNotARoster) || !strings.Contains(err.Error(), "256") {
			t.Errorf("R-PARTY-5 %s: %v", name, err)
		}
	}
}

// TestAgentSkillsAtAnyDepth: an Organization Agent's skill chosen inside its agent type
// ("Church Agent" > "Inquisitor" > "Church Agent: Survivability" > "+4 LP") or inside an
// option group is kept on the agent, the type read as the catalog's variant, for one agent of
// each organization; the skill's detail is no card of its own. R-PARTY-5.
func TestAgentSkillsAtAnyDepth(t *testing.T) {
	f, unmatched, err := read(t, "agents-at-depth.ros")
	if err != nil {
		t.Fatal(err)
	}
	want := []party.PartyEntry{
		{Name: "Church Agent (Inquisitor)", Upgrades: []string{"Church Agent: Survivability"}},
		{Name: "Church Agent (Saint)", Upgrades: []string{"Church Agent: Action Speed"}},
		{Name: "Samael Agent (Light)", Upgrades: []string{"Samael Agent: Combat Training"}},
		{Name: "Empire Agent", Upgrades: []string{"Empire Agent: Survivability"}},
		{Name: "Wissenschaft Agent", Upgrades: []string{"WA: Speed"}},
		{Name: "Azur Agent", Upgrades: []string{"Azur Agent: Survivability"}},
	}
	if !reflect.DeepEqual(f.Characters, want) {
		t.Errorf("got  %+v\nwant %+v", f.Characters, want)
	}
	if len(unmatched) != 0 {
		t.Errorf("unmatched %+v", unmatched)
	}
	p, err := party.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Members[0].Card.LP.Base; got != 14 {
		t.Errorf("the Inquisitor's LP with Survivability: %d, want 10 + 4", got)
	}
}

// TestUnpackBound: package unpack, which imports no engine, bounds a .ros inside a zip as
// every outside file is bounded.
func TestUnpackBound(t *testing.T) {
	if unpack.MaxFile != anima.MaxFileBytes || MaxFile != anima.MaxFileBytes {
		t.Errorf("unpack.MaxFile %d, MaxFile %d, anima.MaxFileBytes %d", unpack.MaxFile, MaxFile, anima.MaxFileBytes)
	}
}
