package roster

import (
	"errors"
	"os"
	"reflect"
	"testing"

	"gnosis/engine"
	"gnosis/engine/catalog"
)

func read(t *testing.T, file string) (engine.PartyFile, []Unmatched, error) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	return Read(b, catalog.Default())
}

// TestSecondSourceRoster: a roster made with the SulLind data set, with an Arbiter's summon,
// an agent's nested skill, an ability listed as a selection, an organization advantage and
// an unknown entry.
func TestSecondSourceRoster(t *testing.T) {
	f, unmatched, err := read(t, "azur-sullind.ros")
	if err != nil {
		t.Fatal(err)
	}
	want := engine.PartyFile{Version: 1, Name: "Azur vanguard", Edition: engine.Core, Level: 300, Organization: "Azur Alliance",
		Characters: []engine.PartyEntry{
			{Name: "High Arbiter Arkeid", Summons: []engine.CardRef{{Name: "Alius, Holy Soldier (Lesser)"}}},
			{Name: "Azur Agent", Upgrades: []string{"Azur Agent: Speed", "+2 Speed", "Azur Agent: Defense"}},
			{Name: "Claude Valmore"},
		},
		Advantages: []engine.AdvantageRef{{Name: "Shadow Lords"}}}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("got  %+v\nwant %+v", f, want)
	}
	if !reflect.DeepEqual(unmatched, []Unmatched{{Name: "Mysterious Stranger"}}) {
		t.Errorf("unmatched %+v", unmatched)
	}
	p, err := engine.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if vs := engine.CheckParty(p); len(vs) != 0 || p.CharacterLevels() != 75+30+20+5+5+45 {
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
	want := engine.PartyFile{Version: 1, Name: "Church of Light", Edition: engine.Core, Level: 200,
		Characters: []engine.PartyEntry{
			{Name: "Nero", Advantages: []engine.AdvantageRef{{Name: "Heavy Armor"}}},
			{Name: "Yuri Olsen"},
			{Name: "Legacy of Solomon", Pilot: "Valeria Strauss"},
		},
		Advantages: []engine.AdvantageRef{{Name: "Tactics"}}}
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
		if _, _, err := Read([]byte(b), catalog.Default()); !errors.Is(err, ErrNotARoster) {
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
		pf, _, err := Read(b, cat)
		if err == nil && (pf.Version != 1 || pf.Level <= 0) {
			t.Errorf("a party with no version or level: %+v", pf)
		}
	})
}
