package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gnosis/engine/anima"
)

// The second source, ../shared/data/sullind (its README says how it was transcribed). Its
// rows are merged into the first source's:
//   - a card of both sources keeps the first source's ID and name; what the first source
//     leaves blank (base size, upkeep, an Arbiter's influence and orders, a Controller's GP,
//     an Undead's Infection, team members, who may carry a card, single use) is taken from the
//     second;
//   - every field of conflicts.csv keeps both values (anima.Printed), and the card carries
//     the default printing's (anima.DefaultPrinting, the second: it includes the 2011 errata
//     and the 2013 update; no value of conflicts.csv is printed in the rulebook seeds). A card
//     only the first source has (Field Treatment) stays a first-printing card;
//   - a card only the second source has is appended with a new ID.

// aliases name the first source's card for a second-source name (conflicts.csv, "Matching").
var aliases = map[string]string{
	"Yuri Olson":                     "Yuri Olsen",
	"Gemini: Zack":                   "Gemini (Zack)",
	"Gemini: Zafini":                 "Gemini (Zafini)",
	"Church Agent (Neutral Warrior)": "Church Agent",
	"Control Bound":                  "Control Bond",
	"Piercing Weapons":               "Piercing Weapon",
	"Lord of the Abyss":              "Team Lords Of The Abyss",
	"Divine Mediation":               "Divine Meditation",
	"The Gear Project":               "Gear Project",
	"Alma-AI":                        "Alma AI",
}

// variants are the profiles that are versions of another card (the source's README,
// "Variant profiles"): one character, so R-PARTY-5 counts them as one.
var variants = map[string]string{
	"Church Agent (Neutral Mystic)":         "Church Agent",
	"Church Agent (Saint)":                  "Church Agent",
	"Church Agent (Inquisitor)":             "Church Agent",
	"Samael Agent (Dark)":                   "Samael Agent (Light)",
	"The Colonel (Les Jaeger)":              "The Colonel",
	"Takanosuke (Kujaku Hime & Takanosuke)": "Takanosuke",
}

// First IDs of the second source's new rows.
const (
	firstNewCharacter    = 89
	firstNewAdvantage    = 98
	firstNewOrgAdvantage = 1011
	firstSummon          = 501
)

func ours(name string) string {
	if a, ok := aliases[name]; ok {
		return a
	}
	return name
}

// advantageKey matches advantage cards across the sources: case-insensitive, without a
// leading "Team " or "The ", "and" read as "&".
func advantageKey(name string) string {
	k := strings.ToLower(strings.TrimSpace(ours(name)))
	for _, p := range []string{"team ", "the "} {
		k = strings.TrimPrefix(k, p)
	}
	return strings.ReplaceAll(k, " and ", " & ")
}

// readFile opens name (a path under dir) and reads it with read, naming it in an error.
func readFile(dir, name string, read func(io.Reader) error) error {
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		return err
	}
	defer f.Close()
	if err := read(f); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// mergeSecond merges the second source, the folder sullind/ of the data folder dir.
func mergeSecond(d *Data, dir string) error {
	steps := []struct {
		file string
		read func(io.Reader) error
	}{
		{"characters.csv", func(r io.Reader) error { return mergeCharacters(d, r) }},
		{"summons.csv", func(r io.Reader) error { return importSummons(d, r) }},
		{"advantage_cards.csv", func(r io.Reader) error { return mergeAdvantages(d, r) }},
		{"organization_advantages.csv", func(r io.Reader) error { return mergeOrganizationAdvantages(d, r) }},
		{"pilots.csv", func(r io.Reader) error { return mergePilots(d, r) }},
		{"upgrade_options.csv", func(r io.Reader) error { return importUpgrades(d, r) }},
		{"conflicts.csv", func(r io.Reader) error { return applyConflicts(d, r) }},
	}
	for _, s := range steps {
		if err := readFile(dir, "sullind/"+s.file, s.read); err != nil {
			return err
		}
	}
	return nil
}

func atoiOr0(v string) (int, error) {
	if v == "" {
		return 0, nil
	}
	return strconv.Atoi(v)
}

// secondExtras reads the second source's appended columns onto c.
func secondExtras(c *anima.Card, get func(string) string) error {
	var err error
	if c.Gnosis, err = atoiOr0(get("gnosis_points")); err != nil {
		return fmt.Errorf("gnosis_points: %w", err)
	}
	if c.Infection, err = atoiOr0(get("infection")); err != nil {
		return fmt.Errorf("infection: %w", err)
	}
	if v := get("influence_zone"); v != "" {
		in, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("influence_zone: %w", err)
		}
		c.Influence = anima.Inches(in)
	}
	if c.OrderPoints, err = atoiOr0(get("orders_per_turn")); err != nil {
		return fmt.Errorf("orders_per_turn: %w", err)
	}
	return nil
}

func mergeCharacters(d *Data, r io.Reader) error {
	byName := map[string]int{}
	for i, c := range d.Characters {
		byName[c.Name] = i
	}
	next := firstNewCharacter
	return readRows(r, func(n int, get func(string) string) error {
		theirs, err := card(get)
		if err != nil {
			return err
		}
		if theirs.Organization == "Wanderers" {
			theirs.Organization = "Wanderer" // the first source's word
		}
		if err := secondExtras(&theirs, get); err != nil {
			return err
		}
		if _, pilot, ok := strings.Cut(theirs.Notes, "Leader when piloted by "); ok {
			pilot, _, _ = strings.Cut(pilot, " |")
			if d.ledBy == nil {
				d.ledBy = map[string][]string{}
			}
			d.ledBy[pilot] = append(d.ledBy[pilot], ours(theirs.Name))
		}
		i, both := byName[ours(theirs.Name)]
		if !both {
			theirs.ID, next = next, next+1
			theirs.VariantOf = variants[theirs.Name]
			d.Characters = append(d.Characters, theirs)
			return theirs.Validate()
		}
		c := &d.Characters[i]
		if c.BaseSize == "" {
			c.BaseSize = theirs.BaseSize
		}
		c.Influence, c.OrderPoints, c.Gnosis, c.Infection = theirs.Influence, max(c.OrderPoints, theirs.OrderPoints), theirs.Gnosis, theirs.Infection
		if len(c.Powers) == 0 {
			c.Powers = theirs.Powers
		}
		if len(c.Capabilities) == 0 {
			c.Capabilities = theirs.Capabilities
		}
		for _, a := range theirs.Abilities {
			for j := range c.Abilities {
				if strings.EqualFold(c.Abilities[j].Name, a.Name) && a.Upkeep > 0 {
					c.Abilities[j].Upkeep = a.Upkeep
				}
			}
		}
		c.Source += "; " + theirs.Source
		return nil
	})
}

func importSummons(d *Data, r io.Reader) error {
	return readRows(r, func(n int, get func(string) string) error {
		s, err := card(get)
		if err != nil {
			return err
		}
		s.ID, s.Kind = firstSummon+n, anima.KindSummon
		for _, x := range []struct {
			col string
			to  *int
		}{{"atman", &s.Atman}, {"summon_cost", &s.SummonCost}, {"bind", &s.Bind}, {"stability", &s.Stability}, {"shock", &s.Shock}} {
			if *x.to, err = strconv.Atoi(get(x.col)); err != nil {
				return fmt.Errorf("%s %q: %w", x.col, get(x.col), err)
			}
		}
		s.Affinity = list(get("affinity"), ";")
		d.Summons = append(d.Summons, s)
		return s.Validate()
	})
}

// only reads who may carry a card ("Mystic", "Darkness;Mystic", "Takanosuke only"), "" for
// anyone.
func only(v string) string {
	if strings.EqualFold(v, "All") || strings.EqualFold(v, "Any") {
		return ""
	}
	return v
}

// cardActions reads what a use of an advantage card costs in actions as the second source
// prints it ("1 AP", "1 AP (Once per turn)", "Reactive - 2 AP"); 0 for Automatic or none.
// R-PARTY-9.
func cardActions(printed string) int {
	m := apCost.FindStringSubmatch(printed)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

var apCost = regexp.MustCompile(`(\d+)\s*AP\b`)

func mergeAdvantages(d *Data, r io.Reader) error {
	byKey := map[string]int{}
	for i, a := range d.Advantages {
		if a.Group != anima.OrganizationAdvantage {
			byKey[advantageKey(a.Name)] = i
		}
	}
	next := firstNewAdvantage
	var added []anima.AdvantageCard
	err := readRows(r, func(n int, get func(string) string) error {
		cost, err := strconv.Atoi(get("cost"))
		if err != nil {
			return err
		}
		theirs := anima.AdvantageCard{Name: get("name"), Group: anima.AdvantageGroup(get("group")), Cost: cost,
			Only: only(get("category")), Automatic: strings.HasPrefix(get("actions"), "Automatic"),
			Actions: cardActions(get("actions")), Reactive: strings.Contains(get("actions"), "Reactive"),
			SingleUse: get("single_use") == "yes", Members: list(get("team_characters"), ";"), Source: get("source")}
		if get("maintenance") == "yes" {
			theirs.Maintenance = "yes"
			if strings.Contains(get("notes"), "1 LP") {
				theirs.Maintenance = "1 LP"
			}
		}
		i, both := byKey[advantageKey(theirs.Name)]
		if !both {
			theirs.ID, next = next, next+1
			added = append(added, theirs)
			return theirs.Validate()
		}
		a := &d.Advantages[i]
		if a.Only == "" {
			a.Only = theirs.Only
		}
		a.SingleUse, a.Maintenance, a.Members = theirs.SingleUse, theirs.Maintenance, theirs.Members
		a.Automatic = a.Automatic || theirs.Automatic
		a.Actions, a.Reactive = theirs.Actions, theirs.Reactive
		a.Source += "; " + theirs.Source
		return nil
	})
	// New cards go after the first source's advantage cards, before the organization advantages.
	var cards, orgs []anima.AdvantageCard
	for _, a := range d.Advantages {
		if a.Group == anima.OrganizationAdvantage {
			orgs = append(orgs, a)
		} else {
			cards = append(cards, a)
		}
	}
	d.Advantages = append(append(cards, added...), orgs...)
	return err
}

func mergeOrganizationAdvantages(d *Data, r io.Reader) error {
	byName := map[string]int{}
	for i, a := range d.Advantages {
		if a.Group == anima.OrganizationAdvantage {
			byName[strings.ToLower(a.Name)] = i
		}
	}
	next := firstNewOrgAdvantage
	return readRows(r, func(n int, get func(string) string) error {
		theirs := anima.AdvantageCard{Name: get("name"), Group: anima.OrganizationAdvantage,
			Organization: get("organization"), Source: get("source")}
		if theirs.Organization == "Wanderers" {
			theirs.Organization = "Wanderer"
		}
		i, both := byName[strings.ToLower(ours(theirs.Name))]
		if !both {
			theirs.ID, next = next, next+1
			d.Advantages = append(d.Advantages, theirs)
			return theirs.Validate()
		}
		d.Advantages[i].Source += "; " + theirs.Source
		return nil
	})
}

// mergePilots takes the second source's Gears that a pilot makes a leader (a "Leader"
// keyword, "Leader when piloted by …" on the Gear): Reist leads only in Grimorium Verum.
func mergePilots(d *Data, r io.Reader) error {
	return readRows(r, func(n int, get func(string) string) error {
		name := ours(get("name"))
		for i := range d.Pilots {
			p := &d.Pilots[i]
			if !strings.EqualFold(p.Name, name) {
				continue
			}
			p.Source += "; " + get("source")
			p.LeaderOf = d.ledBy[get("name")]
			return nil
		}
		return fmt.Errorf("pilot %q is not in the first source", get("name"))
	})
}

// importUpgrades reads upgrade_options.csv: a nested group "A > B" is bought with option A.
func importUpgrades(d *Data, r io.Reader) error {
	return readRows(r, func(n int, get func(string) string) error {
		level, err := strconv.Atoi(get("level_cost"))
		if err != nil {
			return err
		}
		u := anima.Upgrade{ID: n + 1, Character: ours(get("character")), Group: get("group"), Name: get("option"),
			Level: level, Change: get("stat_change"), Source: get("source")}
		if parent, _, nested := strings.Cut(u.Group, " > "); nested {
			u.Requires = parent
		}
		if _, err := anima.ParseChange(u.Change); err != nil {
			return err
		}
		for _, g := range list(get("grants"), ";") {
			switch {
			case g == "Leader":
				u.Leader = true
			case strings.HasPrefix(g, "organization advantage "):
				// The Nameless's leadership comes as an organization advantage of its own.
			case strings.ContainsAny(g, "(["):
				u.Abilities = append(u.Abilities, ParseAbility(g))
			default:
				u.Powers = append(u.Powers, g)
			}
		}
		found := false
		for _, c := range d.Characters {
			found = found || c.Name == u.Character
		}
		if !found {
			return fmt.Errorf("upgrade %q of %q: no such character", u.Name, u.Character)
		}
		d.Upgrades = append(d.Upgrades, u)
		return nil
	})
}

// applyConflicts keeps both values of every field of conflicts.csv and gives the card the
// default printing's.
func applyConflicts(d *Data, r io.Reader) error {
	return readRows(r, func(n int, get func(string) string) error {
		name, field := get("name_ours"), get("field")
		both := []anima.Printed{
			{Printing: anima.FirstPrinting, Field: field, Value: get("ours")},
			{Printing: anima.SecondPrinting, Field: field, Value: get("theirs")},
		}
		for i := range d.Characters {
			if c := &d.Characters[i]; c.Name == name {
				c.Printed, c.Printing = append(c.Printed, both...), anima.FirstPrinting
				def, err := c.WithPrinting(anima.DefaultPrinting)
				if err != nil {
					return err
				}
				*c = def
				return nil
			}
		}
		for i := range d.Advantages {
			if a := &d.Advantages[i]; a.Name == name {
				a.Printed, a.Printing = append(a.Printed, both...), anima.FirstPrinting
				if field == "missing" { // only the first source has it: it stays as printed there
					return nil
				}
				def, err := a.WithPrinting(anima.DefaultPrinting)
				if err != nil {
					return err
				}
				*a = def
				return nil
			}
		}
		for i := range d.Pilots {
			if p := &d.Pilots[i]; p.Name == name {
				p.Printed, p.Printing = append(p.Printed, both...), anima.DefaultPrinting
				if field == "innate_abilities" { // the second source's keywords, without the leadership (LeaderOf)
					p.Capabilities = nil
					for _, k := range list(get("theirs"), ";") {
						if k != "Leader" {
							p.Capabilities = append(p.Capabilities, k)
						}
					}
				}
				return nil
			}
		}
		return fmt.Errorf("%q is not a card of the first source", name)
	})
}
