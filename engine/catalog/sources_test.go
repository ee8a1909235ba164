package catalog

import (
	"encoding/csv"
	"os"
	"slices"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/tabletop"
)

const sharedData = "../../../shared/data"

func readCSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no shared card data beside the repository: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for _, cells := range rows[1:] {
		m := map[string]string{}
		for i, h := range rows[0] {
			m[h] = strings.TrimSpace(cells[i])
		}
		out = append(out, m)
	}
	return out
}

// TestCountsPerOrganizationAndKind: both sources, every organization (R-CARD-2).
func TestCountsPerOrganizationAndKind(t *testing.T) {
	c := Default()
	characters := map[string]int{}
	variants := 0
	for _, card := range c.All() {
		if card.VariantOf != "" {
			variants++
			if _, ok := c.Character(card.VariantOf); !ok {
				t.Errorf("%s is a version of %q, which is not in the catalog", card.Name, card.VariantOf)
			}
			continue
		}
		org := card.Organization
		if card.IsWanderer() {
			org = "Wanderers"
		}
		characters[org]++
	}
	want := map[string]int{"Azur Alliance": 26, "Black Sun": 16, "Church": 25, "Empire": 25, "Samael": 25,
		"Wissenschaft": 23, "Wanderers": 37, "Church;Samael": 1}
	total := 0
	for org, n := range want {
		total += n
		if characters[org] != n {
			t.Errorf("%s: %d characters, want %d", org, characters[org], n)
		}
	}
	if total != 178 || variants != 6 || len(characters) != len(want) {
		t.Errorf("%d characters and %d other profiles, want 178 and 6; organizations %v", total, variants, characters)
	}

	kinds := map[anima.AdvantageGroup]int{}
	orgAdvantages := map[string]int{}
	for _, a := range c.Advantages() {
		kinds[a.Group]++
		if a.Group == anima.OrganizationAdvantage {
			orgAdvantages[a.Organization]++
		}
	}
	wantKinds := map[anima.AdvantageGroup]int{anima.Equipment: 48, anima.Power: 21, anima.Plot: 14, anima.Team: 15,
		anima.SpecialAbility: 1, anima.OrganizationAdvantage: 24}
	for g, n := range wantKinds {
		if kinds[g] != n {
			t.Errorf("%s: %d cards, want %d", g, kinds[g], n)
		}
	}
	for org, n := range map[string]int{"Azur Alliance": 4, "Black Sun": 3, "Church": 4, "Empire": 4, "Samael": 4, "Wissenschaft": 4, "Wanderer": 1} {
		if orgAdvantages[org] != n {
			t.Errorf("%s: %d organization advantages, want %d", org, orgAdvantages[org], n)
		}
	}
	if n := len(c.Summons()); n != 16 {
		t.Errorf("%d summons, want 16", n)
	}
	if n := len(c.AllUpgrades()); n != 154 {
		t.Errorf("%d upgrades, want 154", n)
	}
	arbiters := 0
	for _, card := range c.All() {
		if card.OrderPoints > 0 {
			arbiters++
			if card.Influence != anima.Inches(12) || card.OrderPoints != 3 {
				t.Errorf("R-ARB-1 %s: influence %v, %d Order points", card.Name, card.Influence, card.OrderPoints)
			}
		}
	}
	if arbiters != 5 {
		t.Errorf("R-ARB-1: %d Arbiters, want 5", arbiters)
	}
}

// TestOldIDsUnchanged: every card of the first source keeps its ID (its row), so that the
// links and files made with the old catalog name the same cards.
func TestOldIDsUnchanged(t *testing.T) {
	c := Default()
	for i, row := range readCSV(t, sharedData+"/characters.csv") {
		if got, ok := c.ByID(i + 1); !ok || got.Name != row["name"] {
			t.Errorf("ID %d is %q, want %q", i+1, got.Name, row["name"])
		}
	}
	for i, row := range readCSV(t, sharedData+"/advantage_cards.csv") {
		if got, ok := c.AdvantageByID(i + 1); !ok || got.Name != row["name"] {
			t.Errorf("advantage ID %d is %q, want %q", i+1, got.Name, row["name"])
		}
	}
	for i, row := range readCSV(t, sharedData+"/organization_advantages.csv") {
		if got, ok := c.AdvantageByID(1001 + i); !ok || got.Name != row["name"] {
			t.Errorf("organization advantage ID %d is %q, want %q", 1001+i, got.Name, row["name"])
		}
	}
	for i, row := range readCSV(t, sharedData+"/bs_pilots.csv") {
		if got, ok := c.PilotByID(i + 1); !ok || got.Name != row["name"] {
			t.Errorf("pilot ID %d is %q, want %q", i+1, got.Name, row["name"])
		}
	}
}

// TestEveryConflictHasBothPrintings: each of the 49 differences between the sources is kept
// with both values on its card, and the card carries the default printing's.
func TestEveryConflictHasBothPrintings(t *testing.T) {
	c := Default()
	rows := readCSV(t, sharedData+"/sullind/conflicts.csv")
	if len(rows) != 49 {
		t.Fatalf("%d conflicts, want 49", len(rows))
	}
	for _, row := range rows {
		name, field := row["name_ours"], row["field"]
		var printed []anima.Printed
		def := anima.Printing("")
		if card, ok := c.Character(name); ok {
			printed, def = card.Printed, card.Printing
		} else if a, ok := c.Advantage(name); ok {
			printed, def = a.Printed, a.Printing
		} else if p, ok := c.Pilot(name); ok {
			printed, def = p.Printed, p.Printing
		} else {
			t.Errorf("%s: not in the catalog", name)
			continue
		}
		first, ok1 := anima.PrintedAs(printed, anima.FirstPrinting, field)
		second, ok2 := anima.PrintedAs(printed, anima.SecondPrinting, field)
		if !ok1 || !ok2 || first != row["ours"] || second != row["theirs"] {
			t.Errorf("%s %s: printed %q/%q, want %q/%q", name, field, first, second, row["ours"], row["theirs"])
		}
		want := anima.DefaultPrinting
		if field == "missing" {
			want = anima.FirstPrinting // only the first source has the card
		}
		if def != want {
			t.Errorf("%s: printing %q, want %q", name, def, want)
		}
	}
}

// TestPrintings: the card carries the default printing's values and may be fielded in the
// other.
func TestPrintings(t *testing.T) {
	c := Default()
	grey, _ := c.Character("Grey")
	if grey.Attack.String() != "5" || grey.Damage.String() != "4" || grey.Actions != 4 {
		t.Errorf("Grey (second source): %s/%s, %d actions", grey.Attack, grey.Damage, grey.Actions)
	}
	first, err := grey.WithPrinting(anima.FirstPrinting)
	if err != nil || first.Attack.String() != "6/8" || first.Damage.String() != "5/8" || first.Actions != 5 || first.Printing != anima.FirstPrinting {
		t.Errorf("Grey (first source): %+v %v", first, err)
	}
	zafini, _ := c.Character("Gemini (Zafini)")
	noah := func(card anima.Card) int {
		for _, a := range card.Abilities {
			if a.Name == "Noah" {
				return a.Cost
			}
		}
		return -1
	}
	z1, _ := zafini.WithPrinting(anima.FirstPrinting)
	if noah(zafini) != 2 || noah(z1) != 3 || z1.Resistance.Base != 11 || zafini.Resistance.Base != 10 {
		t.Errorf("Zafini's Noah %d/%d, Resistance %s/%s", noah(z1), noah(zafini), z1.Resistance, zafini.Resistance)
	}
	if zafini.Abilities[0].Cost != z1.Abilities[0].Cost && zafini.Abilities[0].Name != "Noah" {
		t.Error("another ability changed")
	}
	nero, _ := c.Character("Nero")
	if _, err := nero.WithPrinting(anima.FirstPrinting); err == nil {
		t.Error("Nero is printed alike in both: pinning him to a printing must be refused")
	}
	if _, err := grey.WithPrinting("third"); err == nil {
		t.Error("an unknown printing must be refused")
	}
	ft, _ := c.Advantage("Field Treatment")
	if _, err := ft.WithPrinting(anima.SecondPrinting); err == nil || ft.Printing != anima.FirstPrinting {
		t.Errorf("Field Treatment is not a card of the second source: %v", err)
	}
}

// TestSecondSourceFields: what the second source adds to the cards.
func TestSecondSourceFields(t *testing.T) {
	c := Default()
	for name, want := range map[string]string{"Nero": "small", "Wrath of Nature": "medium"} {
		if card, _ := c.Character(name); card.BaseSize != want {
			t.Errorf("R-CARD-3 %s: base %q, want %q", name, card.BaseSize, want)
		}
	}
	djinn, ok := c.Summon("Al-Djinn")
	if !ok || !djinn.IsSummon() || djinn.Level != 55 || djinn.Atman != 60 || djinn.Bind != 2 || djinn.Stability != 7 || djinn.Shock != 3 {
		t.Errorf("R-SUM-1 Al-Djinn: %+v", djinn)
	}
	if hired, _ := c.Character("Al-Djinn"); hired.IsSummon() || hired.Level != 60 {
		t.Errorf("Al-Djinn hired as a character: %+v", hired)
	}
	upkeep := 0
	for _, a := range djinn.Abilities {
		if a.Name == "Ash Slave" {
			upkeep = a.Upkeep
		}
	}
	if upkeep != 1 {
		t.Errorf("R-TURN-3 Ash Slave upkeep %d, want 1", upkeep)
	}
	if promethea, _ := c.Character("Promethea"); promethea.Gnosis != 3 {
		t.Errorf("Promethea's GP %d", promethea.Gnosis)
	}
	if a, _ := c.Advantage("Cursed Weapon"); a.Maintenance != "1 LP" {
		t.Errorf("Cursed Weapon maintenance %q", a.Maintenance)
	}
	if a, _ := c.Advantage("Alaron"); !a.SingleUse || a.Only != "Mystic" {
		t.Errorf("Alaron: %+v", a)
	}
	if ergo, _ := c.Character("Ergo Mundus"); !ergo.InOrganization("Church") || !ergo.InOrganization("samael") || ergo.IsWanderer() {
		t.Errorf("Ergo Mundus: %q", ergo.Organization)
	}
	// Upgrades: the agents' skills, the optional leaders' upgrades.
	if us := c.Upgrades("Azur Agent"); len(us) != 12 {
		t.Errorf("Azur Agent: %d upgrades", len(us))
	}
	tiamat, _ := c.Upgrade("Tiamat", "His True Power...")
	if !tiamat.Leader || tiamat.Level != 5 || len(tiamat.Abilities) != 1 || tiamat.Abilities[0].Cost != 3 {
		t.Errorf("Tiamat's upgrade: %+v", tiamat)
	}
	if u, ok := c.Upgrade("Church Agent", "Church Agent: Action Speed"); !ok || u.Change != "+1 APR" {
		t.Errorf("the first source's Church Agent takes the Neutral Warrior's skills: %+v", u)
	}
	if u := c.AllUpgrades()[8]; u.ID != 9 || u.Requires != "Azur Agent: Speed" || u.Name != "+6 Speed" {
		t.Errorf("upgrade 9: %+v", u)
	}
	reist, _ := c.Pilot("Reist Ebersbacher")
	gv, _ := c.Character("Grimorium Verum")
	steiner, _ := c.Pilot("Steiner Wenzel")
	if led, _ := gv.WithPilot(reist); gv.Leader == anima.Leader || led.Leader != anima.Leader {
		t.Error("R-PARTY-4 Reist makes Grimorium Verum a leader")
	}
	if led, _ := gv.WithPilot(steiner); led.Leader == anima.Leader {
		t.Error("R-PARTY-4 Steiner does not make Grimorium Verum a leader")
	}
}

// TestSecondSourceFieldsInPlay: what the second source adds reaches the game. Each Arbiter
// comes to the table with its Order points, its zone of influence and the orders its card
// names at their costs (R-ARB-1); every base size is one the geometry knows (R-CARD-3); the
// single use and maintenance cards keep their flags in play (R-PARTY-9, R-TURN-3).
func TestSecondSourceFieldsInPlay(t *testing.T) {
	cat := Default()
	arbiters := 0
	for _, c := range cat.All() {
		if size, _ := anima.ParseBase(c.BaseSize); (c.BaseSize != "" && !strings.HasPrefix(c.BaseSize, size)) || tabletop.BaseRadius[size] == 0 {
			t.Errorf("R-CARD-3 %s: base %q is no size the geometry knows", c.Name, c.BaseSize)
		}
		if c.OrderPoints == 0 {
			continue
		}
		arbiters++
		g, err := anima.NewGame(anima.Setup{Sides: [2]anima.SideSetup{{Name: "A", Characters: []anima.Card{c}}, {Name: "B"}}})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		ch, _ := g.State().Character(anima.Ref{})
		var want []anima.Order
		for _, a := range c.Abilities {
			if a.Makes == anima.AbilityOrder {
				want = append(want, anima.Order{Name: a.Name, Cost: a.Cost, Reactive: slices.Contains(a.Keywords, "Reactive"),
					Target: slices.Contains(a.Keywords, "Attack") || slices.Contains(a.Keywords, "Effect")})
			}
		}
		if len(want) == 0 || !slices.Equal(ch.Orders, want) || ch.MaxOrderPoints != c.OrderPoints || ch.Influence != 30 || ch.BaseSize != c.BaseSize {
			t.Errorf("R-ARB-1 %s in play: orders %+v (card %+v), %d Order points, influence %v, base %q", c.Name, ch.Orders, want, ch.MaxOrderPoints, ch.Influence, ch.BaseSize)
		}
	}
	if arbiters != 5 {
		t.Errorf("%d Arbiters, want 5", arbiters)
	}
	var single, upkeep int
	for _, a := range cat.Advantages() {
		if a.SingleUse {
			single++
		}
		if a.Maintenance != "" {
			upkeep++
			if n, lp, ok := anima.ParseUpkeep(a.Maintenance); !ok || !lp || n != 1 {
				t.Errorf("R-TURN-3 %s: upkeep %q does not read as 1 LP", a.Name, a.Maintenance)
			}
		}
	}
	if single != 28 || upkeep != 1 {
		t.Errorf("R-PARTY-9 %d single use cards (want 28), %d maintenance cards (want 1)", single, upkeep)
	}
}
