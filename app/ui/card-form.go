package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/text"
)

// Kinds of card the editor makes.
const (
	formCharacter = "character"
	formSummon    = "summon"
	formAdvantage = "advantage"
)

// field is one input of the card editor.
type field struct {
	key, label string
	kind       string   // "text", "number", "stat", "select", "check"
	options    []string // for "select"
	forKinds   string   // the editor kinds that show it, as a space-separated list
}

var cardFields = []field{
	{key: "name", label: "Name", kind: "text", forKinds: "character summon advantage"},
	{key: "faction", label: "Faction", kind: "select", options: []string{"", "Light", "Darkness", "Unaligned"}, forKinds: "character summon"},
	{key: "organization", label: "Organization", kind: "text", forKinds: "character summon"},
	{key: "categories", label: "Categories (Fighter; Mystic; Prowler)", kind: "text", forKinds: "character summon"},
	{key: "level", label: "Level (cost)", kind: "number", forKinds: "character summon"},
	{key: "attack", label: "Attack", kind: "stat", forKinds: "character summon"},
	{key: "damage", label: "Damage", kind: "stat", forKinds: "character summon"},
	{key: "defense", label: "Defense", kind: "stat", forKinds: "character summon"},
	{key: "armor", label: "Armor", kind: "stat", forKinds: "character summon"},
	{key: "lp", label: "Life Points", kind: "stat", forKinds: "character summon"},
	{key: "resistance", label: "Resistance", kind: "stat", forKinds: "character summon"},
	{key: "walk", label: "Walk (cm)", kind: "number", forKinds: "character summon"},
	{key: "run", label: "Run (cm)", kind: "number", forKinds: "character summon"},
	{key: "actions", label: "Actions", kind: "number", forKinds: "character summon"},
	{key: "recovery", label: "Recovery", kind: "number", forKinds: "character summon"},
	{key: "leader", label: "Leader", kind: "select", options: []string{"", "yes", "optional"}, forKinds: "character"},
	{key: "agent", label: "Organization Agent", kind: "check", forKinds: "character"},
	{key: "summoner_level", label: "Summoner level", kind: "number", forKinds: "character"},
	{key: "affinity", label: "Affinity (Light, Dark, Void…)", kind: "text", forKinds: "character summon"},
	{key: "summon_cost", label: "Summoning cost (actions)", kind: "number", forKinds: "summon"},
	{key: "atman", label: "Atman", kind: "number", forKinds: "summon"},
	{key: "bind", label: "Bind", kind: "number", forKinds: "summon"},
	{key: "stability", label: "Stability", kind: "number", forKinds: "summon"},
	{key: "shock", label: "Shock", kind: "number", forKinds: "summon"},
	{key: "only", label: "Serves only (organizations or factions)", kind: "text", forKinds: "summon"},
	{key: "group", label: "Group", kind: "select", options: []string{"Equipment", "Power", "Plot", "Team", "Special Abilities"}, forKinds: "advantage"},
	{key: "cost", label: "Cost (advantage points)", kind: "number", forKinds: "advantage"},
	{key: "limit", label: "Only for (a character or category)", kind: "text", forKinds: "advantage"},
	{key: "automatic", label: "Automatic", kind: "check", forKinds: "advantage"},
	{key: "use_actions", label: "Actions to use (not Automatic; empty: 1)", kind: "number", forKinds: "advantage"},
	{key: "source", label: "Printing (where the values come from)", kind: "text", forKinds: "character summon advantage"},
}

// cardEditor is the state of the card form: its kind, the own card it edits (-1: a new
// card) and the text of each field.
type cardEditor struct {
	kind   string
	index  int
	fields map[string]string
	err    string
	lang   string // for the form's errors
}

func editCharacter(c anima.Card, index int) *cardEditor {
	kind := formCharacter
	if c.IsSummon() {
		kind = formSummon
	}
	var cats []string
	for _, k := range c.Categories {
		cats = append(cats, string(k))
	}
	num := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	source := c.Source
	if c.ID > 0 {
		source = "" // a correction is the player's printing, not the catalog's
	}
	return &cardEditor{kind: kind, index: index, fields: map[string]string{
		"name": c.Name, "faction": string(c.Faction), "organization": c.Organization, "categories": strings.Join(cats, "; "),
		"level": num(c.Level), "attack": c.Attack.String(), "damage": c.Damage.String(), "defense": c.Defense.String(),
		"armor": c.Armor.String(), "lp": c.LP.String(), "resistance": c.Resistance.String(),
		"walk": strconv.FormatFloat(float64(c.Walk), 'g', -1, 64), "run": strconv.FormatFloat(float64(c.Run), 'g', -1, 64),
		"actions": num(c.Actions), "recovery": num(c.Recovery), "leader": string(c.Leader), "agent": map[bool]string{true: "yes"}[c.Agent],
		"summoner_level": num(c.SummonerLevel), "affinity": strings.Join(c.Affinity, ", "), "summon_cost": num(c.SummonCost),
		"atman": num(c.Atman), "bind": num(c.Bind), "stability": num(c.Stability), "shock": num(c.Shock),
		"only": strings.Join(c.Only, ", "), "source": source,
	}}
}

func editAdvantage(a anima.AdvantageCard, index int) *cardEditor {
	return &cardEditor{kind: formAdvantage, index: index, fields: map[string]string{
		"name": a.Name, "group": string(a.Group), "cost": strconv.Itoa(a.Cost), "limit": a.Only,
		"automatic": map[bool]string{true: "yes"}[a.Automatic], "source": a.Source,
		"use_actions": map[bool]string{true: strconv.Itoa(a.Actions)}[a.Actions > 0],
	}}
}

func newEditor(kind string) *cardEditor {
	switch kind {
	case formAdvantage:
		return editAdvantage(anima.AdvantageCard{Group: anima.Equipment}, -1)
	case formSummon:
		return editCharacter(anima.Card{Kind: anima.KindSummon, Actions: 4, Recovery: 3, Categories: []anima.Category{anima.Fighter}}, -1)
	}
	return editCharacter(anima.Card{Actions: 4, Recovery: 3, Walk: 20, Run: 30}, -1)
}

func splitList(s, sep string) []string {
	var out []string
	for _, x := range strings.Split(s, sep) {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// card reads the form into a card and validates it (anima.Card.Validate); the error
// names the field to fix.
// readInts reads the whole numbers of the form into c: level, actions, recovery, and a
// summoner's level or a summon's numbers.
func (ed *cardEditor) readInts(c *anima.Card) error {
	f := ed.fields
	ints := map[string]*int{"level": &c.Level, "actions": &c.Actions, "recovery": &c.Recovery}
	if ed.kind == formCharacter {
		ints["summoner_level"] = &c.SummonerLevel
	}
	if ed.kind == formSummon {
		for k, p := range map[string]*int{"summon_cost": &c.SummonCost, "atman": &c.Atman, "bind": &c.Bind, "stability": &c.Stability, "shock": &c.Shock} {
			ints[k] = p
		}
	}
	for _, fd := range cardFields {
		p, ok := ints[fd.key]
		if !ok || strings.TrimSpace(f[fd.key]) == "" {
			continue
		}
		v, err := strconv.Atoi(strings.TrimSpace(f[fd.key]))
		if err != nil {
			return fmt.Errorf(text.T(ed.lang, "%s: %q is not a whole number"), text.T(ed.lang, fd.label), f[fd.key])
		}
		*p = v
	}
	return nil
}

func (ed *cardEditor) card() (anima.Card, error) {
	f := ed.fields
	c := anima.Card{Name: strings.TrimSpace(f["name"]), Faction: anima.Faction(f["faction"]), Organization: strings.TrimSpace(f["organization"]),
		Leader: anima.Leadership(f["leader"]), Agent: f["agent"] == "yes", Affinity: splitList(f["affinity"], ","),
		Source: strings.TrimSpace(f["source"])}
	if ed.kind == formSummon {
		c.Kind, c.Leader, c.Agent = anima.KindSummon, "", false
		c.Only = splitList(f["only"], ",")
	}
	for _, k := range splitList(f["categories"], ";") {
		c.Categories = append(c.Categories, anima.Category(strings.ToUpper(k[:1])+strings.ToLower(k[1:])))
	}
	if err := ed.readInts(&c); err != nil {
		return c, err
	}
	for _, fd := range cardFields {
		if fd.kind != "stat" {
			continue
		}
		v := strings.TrimSpace(f[fd.key])
		if v == "" {
			v = "0"
		}
		s, err := anima.ParseStat(v)
		if err != nil {
			var re *core.RuleError
			if errors.As(err, &re) {
				return c, fmt.Errorf("%s: %s", text.T(ed.lang, fd.label), re.In(ed.lang))
			}
			return c, err
		}
		*map[string]*anima.Stat{"attack": &c.Attack, "damage": &c.Damage, "defense": &c.Defense, "armor": &c.Armor, "lp": &c.LP, "resistance": &c.Resistance}[fd.key] = s
	}
	for key, p := range map[string]*anima.Centimetres{"walk": &c.Walk, "run": &c.Run} {
		if v := strings.TrimSpace(f[key]); v != "" {
			cm, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return c, fmt.Errorf(text.T(ed.lang, "speed %q: want centimetres such as 20"), v)
			}
			*p = anima.Centimetres(cm)
		}
	}
	return c, c.Validate()
}

// advantage reads the form into an advantage card and validates it.
func (ed *cardEditor) advantage() (anima.AdvantageCard, error) {
	f := ed.fields
	a := anima.AdvantageCard{Name: strings.TrimSpace(f["name"]), Group: anima.AdvantageGroup(f["group"]), Only: strings.TrimSpace(f["limit"]),
		Automatic: f["automatic"] == "yes", Source: strings.TrimSpace(f["source"])}
	if v := strings.TrimSpace(f["cost"]); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return a, fmt.Errorf(text.T(ed.lang, "cost %q: want a whole number of advantage points"), v)
		}
		a.Cost = n
	}
	if v := strings.TrimSpace(f["use_actions"]); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return a, fmt.Errorf(text.T(ed.lang, "actions to use %q: want a whole number"), v)
		}
		a.Actions = n
	}
	return a, a.Validate()
}
