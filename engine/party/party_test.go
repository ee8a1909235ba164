package party

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/core"
)

// card is a character card for the tests: its name, level, LP, actions and Recovery, a Light
// Fighter with Attack 5, Damage 5, Defense 9 and Resistance 10.
func card(name string, level, lp, actions, recovery int) anima.Card {
	return anima.Card{Name: name, Level: level, LP: anima.S(lp), Actions: actions, Recovery: recovery,
		Categories: []anima.Category{anima.Fighter}, Faction: anima.Light, Attack: anima.S(5), Damage: anima.S(5), Defense: anima.S(9), Resistance: anima.S(10)}
}

// mover is card with the walk and run of a human (20 and 30 cm).
func mover(name string) anima.Card {
	c := card(name, 40, 12, 4, 3)
	c.Walk, c.Run = 20, 30
	return c
}

func TestSummonerBringsOnePerLevel(t *testing.T) {
	t.Run("R-PARTY-10 counts summoned beings, not kinds", func(t *testing.T) {
		sm := anima.Card{Kind: anima.KindSummon, Name: "Elhaym", Level: 30, LP: anima.S(10), Actions: 4, Recovery: 3, Bind: 3, SummonCost: 2, Affinity: []string{"Light"},
			Categories: []anima.Category{anima.Fighter}, Attack: anima.S(5), Damage: anima.S(5), Defense: anima.S(8)}
		caller := mover("Caller")
		caller.SummonerLevel, caller.Affinity = 1, []string{"Light"}
		p := Party{File: PartyFile{Level: 250}, Members: []Member{{Card: caller, Summons: []anima.Card{sm, sm}}}}
		vs := checkSummons(p)
		if !slices.ContainsFunc(vs, func(v Violation) bool { return v.Rule == "R-PARTY-10" }) {
			t.Errorf("two of one summon for a level 1 summoner: %v", vs)
		}
		caller.SummonerLevel = 2
		p.Members[0].Card = caller
		if vs := checkSummons(p); len(vs) != 0 {
			t.Errorf("two of one summon for a level 2 summoner: %v", vs)
		}
	})
}

func TestViolationWording(t *testing.T) {
	t.Run("R-PARTY-4 one leader where none is allowed reads in the singular", func(t *testing.T) {
		boss := mover("Griever")
		boss.Leader = anima.Leader
		vs := CheckParty(Party{File: PartyFile{Level: 200, Edition: anima.Core}, Members: []Member{{Card: boss}}})
		if len(vs) != 1 || vs[0].Message("en") != "Griever is a leader, but 200 levels allow no leader (one per full 250): field it in a larger encounter or remove it." {
			t.Errorf("%v", vs)
		}
	})
	t.Run("R-PARTY-4 R-PARTY-2 in alpha the reason is the encounter table's, and Italian says Lider", func(t *testing.T) {
		boss := mover("Griever")
		boss.Leader = anima.Leader
		vs := CheckParty(Party{File: PartyFile{Level: 250, Edition: anima.Alpha}, Members: []Member{{Card: boss}}})
		if len(vs) != 1 || vs[0].Message("en") != "Griever is a leader, but 250 levels allow no leader (the encounter table gives the first at 300): field it in a larger encounter or remove it." {
			t.Errorf("%v", vs)
		}
		if it := vs[0].Message("it"); !strings.Contains(it, "lider") || strings.Contains(it, "leader") {
			t.Errorf("in Italian: %q", it)
		}
	})
	t.Run("R-PARTY-9 an Equipment card, not a Equipment card", func(t *testing.T) {
		v := violation("R-PARTY-9", NoEntry, "assign", "Heavy Armor", anima.Equipment)
		if got := v.Message("en"); got != "Heavy Armor is one of the Equipment cards: assign it to a character." {
			t.Error(got)
		}
	})
}

func TestPartySide(t *testing.T) {
	blade := anima.AdvantageCard{Name: "Blade", Group: anima.Equipment, Cost: 5}
	plot := anima.AdvantageCard{Name: "Plan", Group: anima.Plot, Cost: 5}
	org := anima.AdvantageCard{Name: "Order", Group: anima.OrganizationAdvantage}
	summon := card("Imp", 10, 5, 2, 1)
	summon.Kind = anima.KindSummon
	p := Party{File: PartyFile{Name: "Mine", Level: 200}, Advantages: []anima.AdvantageCard{plot, org},
		Members: []Member{{Card: card("A", 50, 12, 4, 2), Advantages: []anima.AdvantageCard{blade}, Summons: []anima.Card{summon}}, {Card: card("B", 40, 12, 4, 2)}, {Card: summon}}}
	t.Run("R-PARTY-8 summons do not count as starting characters", func(t *testing.T) {
		if got := p.Starting(); got != 2 {
			t.Errorf("Starting = %d, want 2", got)
		}
	})
	t.Run("R-PARTY-9 cards go to their characters, the plot to the side", func(t *testing.T) {
		side := p.Side()
		if side.Name != "Mine" || side.EncounterLevel != 200 || len(side.Characters) != 3 {
			t.Fatalf("side %+v", side)
		}
		if !reflect.DeepEqual(side.Cards[0], []anima.AdvantageCard{blade}) || len(side.Cards[1]) != 0 {
			t.Errorf("cards %v", side.Cards)
		}
		if !reflect.DeepEqual(side.SideCards, []anima.AdvantageCard{plot}) {
			t.Errorf("side cards %v, want the plot only", side.SideCards)
		}
		if len(side.Summons) != 1 || side.Summons[0].Summoner != 0 {
			t.Errorf("summons %v", side.Summons)
		}
	})
}

// TestOrganizationsIn: R-PARTY-7 an organization is named as the rulebooks of the reader's
// language name it, in the builder and inside a violation's message.
func TestOrganizationsIn(t *testing.T) {
	if got := anima.OrganizationIn("es", "Black Sun") + ", " + anima.OrganizationIn("it", "Azur Alliance") + ", " + anima.OrganizationIn("es", "Nowhere"); got != "Sol Negro, Alleanza Azur, Nowhere" {
		t.Errorf("organizations: %q", got)
	}
	if got := orgName("Church; Empire").In("it"); got != "Chiesa, Impero" {
		t.Errorf("a card of two organizations: %q", got)
	}
}

// FuzzPartyFile: no party file makes ParsePartyFile panic, and what it accepts has clean
// names and writes back to a file it reads the same.
func FuzzPartyFile(f *testing.F) {
	f.Add([]byte(`{"version":1,"name":"Church vanguard","edition":"core","level":300,"organization":"Church","characters":[{"name":"Nero","advantages":["Heavy Armor"]}],"advantages":["Tactics"]}`))
	f.Add([]byte(`{"version":1,"name":"RTL\u202e","edition":"alpha","level":9999,"characters":[{"card":{"name":"x","level":1,"lp":"1","actions":1,"recovery":1}}]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParsePartyFile(b)
		if err != nil {
			return
		}
		if p.Name != core.CleanText(p.Name) {
			t.Fatalf("name %q not clean", p.Name)
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParsePartyFile(out); err != nil {
			t.Fatalf("a party file it wrote does not read back: %v", err)
		}
	})
}

// TestHiddenCharactersInNames (finding 12): a party's names lose the zero-width space and the
// line separator, as they already lost control and bidirectional characters; the joiners that
// emoji need stay.
func TestHiddenCharactersInNames(t *testing.T) {
	for in, want := range map[string]string{
		"Ne\u200Bro":            "Nero",
		"Church\u2028vanguard":  "Churchvanguard",
		"a\u2029b\u2060c\uFEFF": "abc",
		"RTL\u202Egnp.exe":      "RTLgnp.exe",
		"team 👩\u200D👩\u200D👧":  "team 👩\u200D👩\u200D👧",
	} {
		if got := core.CleanText(in); got != want {
			t.Errorf("core.CleanText(%q) = %q, want %q", in, got, want)
		}
	}
	f, err := ParsePartyFile([]byte(`{"version":1,"name":"Van\u200bguard\u2028","edition":"core","level":250,"characters":[]}`))
	if err != nil || f.Name != "Vanguard" {
		t.Errorf("party name %q, %v", f.Name, err)
	}
}
