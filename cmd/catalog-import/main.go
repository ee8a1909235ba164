// Command catalog-import makes the catalog's data file from the shared card data, in two
// sources:
//
//	go run ./cmd/catalog-import -data ../shared/data -out engine/catalog/catalog.json -go engine/catalog/data.go
//
// It writes the catalog twice: as the JSON file (the source of truth, read by tools and
// tests) and as Go data (GoSource), which the app starts with instead of decoding the JSON.
//
// The first source is ../shared/data (characters.csv, advantage_cards.csv,
// organization_advantages.csv, bs_pilots.csv); the second is its sullind/ folder (every
// organization, the summons, upgrades and the conflicts between the two; see second.go).
// It keeps facts only (names, numbers, ability names, keywords and costs), converts speeds
// from inches to centimetres (1 in = 2.5 cm), keeps two-valued cells ("5/2") and gives each
// row a stable ID: the first source's rows keep their position in their file (organization
// advantages from 1001); the second source's new rows follow in their file's order
// (characters from 89, advantage cards from 98, organization advantages from 1011, summons
// from 501, upgrades from 1), so new rows must be appended.
package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gnosis/engine/anima"
)

func main() {
	data := flag.String("data", "../shared/data", "the folder of the shared card data")
	out := flag.String("out", "engine/catalog/catalog.json", "the JSON file to write")
	goOut := flag.String("go", "engine/catalog/data.go", "the Go file to write")
	flag.Parse()
	if err := run(*data, *out, *goOut); err != nil {
		fmt.Fprintln(os.Stderr, "catalog-import:", err)
		os.Exit(1)
	}
}

// Data is the whole catalog file.
type Data struct {
	Characters []anima.Card          `json:"characters"`
	Summons    []anima.Card          `json:"summons"`
	Advantages []anima.AdvantageCard `json:"advantages"`
	Pilots     []anima.Pilot         `json:"pilots"`
	Upgrades   []anima.Upgrade       `json:"upgrades"`

	ledBy map[string][]string // pilot -> the Gears it makes a leader (second source's Gear notes)
}

func run(dir, out, goOut string) error {
	d, err := importDir(dir)
	if err != nil {
		return err
	}
	b, err := Encode(d)
	if err != nil {
		return err
	}
	src, err := GoSource(d)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return err
	}
	return os.WriteFile(goOut, src, 0o644)
}

func importDir(dir string) (Data, error) {
	var d Data
	var err error
	steps := []struct {
		file string
		read func(io.Reader) error
	}{
		{"characters.csv", func(r io.Reader) error { d.Characters, err = importCSV(r); return err }},
		{"advantage_cards.csv", func(r io.Reader) error { d.Advantages, err = importAdvantages(r); return err }},
		{"organization_advantages.csv", func(r io.Reader) error {
			orgs, err := importOrganizationAdvantages(r)
			d.Advantages = append(d.Advantages, orgs...)
			return err
		}},
		{"bs_pilots.csv", func(r io.Reader) error { d.Pilots, err = importPilots(r); return err }},
	}
	for _, s := range steps {
		if err := readFile(dir, s.file, s.read); err != nil {
			return d, err
		}
	}
	if err := mergeSecond(&d, dir); err != nil {
		return d, err
	}
	for _, cards := range [][]anima.Card{d.Characters, d.Summons} { // the capabilities the engine applies, typed once here
		for i := range cards {
			cards[i].Traits = anima.ParseTraits(cards[i].Capabilities)
		}
	}
	return d, nil
}

// Encode writes the catalog file {"version":2,"characters":[...],"summons":[...],
// "advantages":[...],"pilots":[...],"upgrades":[...]}, one card per line.
func Encode(d Data) ([]byte, error) {
	var sb strings.Builder
	sb.WriteString("{\"version\":2")
	section := func(name string, n int, item func(int) any) error {
		fmt.Fprintf(&sb, ",\n\"%s\":[\n", name)
		for i := 0; i < n; i++ {
			b, err := json.Marshal(item(i))
			if err != nil {
				return err
			}
			sb.Write(b)
			if i < n-1 {
				sb.WriteString(",")
			}
			sb.WriteString("\n")
		}
		sb.WriteString("]")
		return nil
	}
	if err := section("characters", len(d.Characters), func(i int) any { return d.Characters[i] }); err != nil {
		return nil, err
	}
	if err := section("summons", len(d.Summons), func(i int) any { return d.Summons[i] }); err != nil {
		return nil, err
	}
	if err := section("advantages", len(d.Advantages), func(i int) any { return d.Advantages[i] }); err != nil {
		return nil, err
	}
	if err := section("pilots", len(d.Pilots), func(i int) any { return d.Pilots[i] }); err != nil {
		return nil, err
	}
	if err := section("upgrades", len(d.Upgrades), func(i int) any { return d.Upgrades[i] }); err != nil {
		return nil, err
	}
	sb.WriteString("}\n")
	return []byte(sb.String()), nil
}

// readRows reads a CSV with a header and calls row for each line with a getter by column.
func readRows(r io.Reader, row func(n int, get func(string) string) error) error {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return err
	}
	if len(rows) < 2 {
		return fmt.Errorf("no rows")
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for n, cells := range rows[1:] {
		get := func(name string) string {
			i, ok := col[name]
			if !ok || i >= len(cells) {
				return ""
			}
			return strings.TrimSpace(cells[i])
		}
		if err := row(n, get); err != nil {
			return fmt.Errorf("row %d (%s): %w", n+2, get("name"), err)
		}
	}
	return nil
}

func importAdvantages(r io.Reader) ([]anima.AdvantageCard, error) {
	var out []anima.AdvantageCard
	err := readRows(r, func(n int, get func(string) string) error {
		cost, err := strconv.Atoi(get("cost_advantage_pts"))
		if err != nil {
			return err
		}
		a := anima.AdvantageCard{ID: n + 1, Name: get("name"), Group: anima.AdvantageGroup(get("group_in_file")), Cost: cost,
			Only:      strings.TrimSpace(strings.TrimSuffix(get("category"), "Only")),
			Automatic: strings.EqualFold(get("actions"), "Automatic"), Source: get("source")}
		out = append(out, a)
		return a.Validate()
	})
	return out, err
}

func importOrganizationAdvantages(r io.Reader) ([]anima.AdvantageCard, error) {
	var out []anima.AdvantageCard
	err := readRows(r, func(n int, get func(string) string) error {
		a := anima.AdvantageCard{ID: 1001 + n, Name: get("name"), Group: anima.OrganizationAdvantage,
			Organization: get("organization"), Source: get("source")}
		out = append(out, a)
		return a.Validate()
	})
	return out, err
}

func importPilots(r io.Reader) ([]anima.Pilot, error) {
	var out []anima.Pilot
	err := readRows(r, func(n int, get func(string) string) error {
		p := anima.Pilot{ID: n + 1, Name: get("name"), Gears: list(get("gear"), ";"), Source: get("source")}
		if v := get("level_cost_added_to_gear"); v != "" {
			var err error
			if p.Level, err = strconv.Atoi(v); err != nil {
				return err
			}
		}
		// Recovery is printed as lit spheres, "ooo"; one row writes zeros for the letter o.
		raw := get("recharge_raw")
		if strings.Trim(raw, "o0") != "" || raw == "" {
			return fmt.Errorf("recharge %q: want spheres such as ooo", raw)
		}
		p.Recovery = len(raw)
		if caps := get("innate_abilities"); caps != "-" {
			p.Capabilities = list(caps, ",")
			if strings.HasPrefix(caps, "Summoner") {
				p.Capabilities = []string{caps}
			}
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

func importCSV(r io.Reader) ([]anima.Card, error) {
	var cards []anima.Card
	err := readRows(r, func(n int, get func(string) string) error {
		c, err := card(get)
		if err != nil {
			return err
		}
		c.ID = n + 1
		cards = append(cards, c)
		return c.Validate()
	})
	return cards, err
}

func card(get func(string) string) (anima.Card, error) {
	c := anima.Card{
		Name:         get("name"),
		Faction:      anima.Faction(get("faction")),
		Organization: get("organization"),
		BaseSize:     get("base_size"),
		Leader:       anima.Leadership(get("leader")),
		Agent:        get("agent") == "yes",
		Powers:       list(get("powers"), ";"),
		Capabilities: list(get("rules_links"), ";"),
		Affinity:     list(strings.ReplaceAll(get("affinity"), ";", ","), ","),
		Source:       get("source"),
		Notes:        get("notes"),
	}
	for _, k := range list(get("category"), ";") {
		c.Categories = append(c.Categories, anima.Category(k))
	}
	var err error
	ints := []struct {
		col string
		to  *int
	}{{"level", &c.Level}, {"actions_total", &c.Actions}}
	for _, x := range ints {
		// An agent's level "30/35" is its level without and with its skills: the skills are
		// upgrades (upgrade_options.csv) with their own costs, so the first value is the card's.
		first, _, _ := strings.Cut(get(x.col), "/")
		if *x.to, err = strconv.Atoi(first); err != nil {
			return c, fmt.Errorf("%s %q: %w", x.col, get(x.col), err)
		}
	}
	if v := get("summoner_level"); v != "" {
		if c.SummonerLevel, err = strconv.Atoi(v); err != nil {
			return c, fmt.Errorf("summoner_level %q: %w", v, err)
		}
	}
	if get("recovery") == "Varies" {
		c.RecoveryVaries = true
	} else if c.Recovery, err = strconv.Atoi(get("recovery")); err != nil {
		return c, fmt.Errorf("recovery %q: %w", get("recovery"), err)
	}
	stats := []struct {
		col string
		to  *anima.Stat
	}{
		{"attack", &c.Attack}, {"damage", &c.Damage}, {"defense", &c.Defense},
		{"armor", &c.Armor}, {"life_points", &c.LP}, {"resistance", &c.Resistance},
	}
	for _, x := range stats {
		if *x.to, err = anima.ParseStat(get(x.col)); err != nil {
			return c, fmt.Errorf("%s: %w", x.col, err)
		}
	}
	// Speeds are printed in inches (an empty unit is the same English card format).
	if u := get("speed_unit"); u != "in" && u != "" {
		return c, fmt.Errorf("speed unit %q: want in", u)
	}
	for _, x := range []struct {
		col string
		to  *anima.Centimetres
	}{{"speed_walk", &c.Walk}, {"speed_run", &c.Run}} {
		// The second source prints "-" for a character that does not move and "8/12" for two
		// speeds; the first value is taken, and the printed one stays in the notes.
		v, _, two := strings.Cut(get(x.col), "/")
		if v == "-" || two {
			c.Notes = strings.TrimPrefix(c.Notes+"; "+x.col+" printed "+get(x.col), "; ")
		}
		if v == "-" {
			v = "0"
		}
		in, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return c, fmt.Errorf("%s %q: %w", x.col, get(x.col), err)
		}
		*x.to = anima.Inches(in)
	}
	for _, a := range list(get("special_abilities"), ";") {
		c.Abilities = append(c.Abilities, ParseAbility(a))
	}
	return c, nil
}

func list(cell, sep string) []string {
	var out []string
	for _, x := range strings.Split(cell, sep) {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

var (
	variableCost = regexp.MustCompile(`^(o+)\+\s*[—-]\s*`)
	fixedCost    = regexp.MustCompile(`\s*\[(\d+)(\+| OT)?\]\s*$`)
	upkeep       = regexp.MustCompile(`^Upkeep (\d+)$`)
)

// ParseAbility reads one ability cell such as "Nuala (Ki, Attack) [3]", "ooo+ — Final Burst
// (Ki, Attack)" or "Rage (Ki, Effect) [2+]" (a cost of at least 3 or 2), "Ash Slave (Magic,
// Effect, Upkeep 1) [2]" (kept active for 1 action each Maintenance), an Arbiter's order
// "Hold (Order, Special, Action) [1 OT]" (its cost in Order points) or "Gae Bolg" (passive).
// It tolerates the data's slips: a missing closing parenthesis and "Special Effect" written
// without a comma.
func ParseAbility(text string) anima.Ability {
	a := anima.Ability{}
	text = strings.TrimSpace(text)
	if m := variableCost.FindStringSubmatch(text); m != nil {
		a.Cost, a.CostPlus = len(m[1]), true
		text = text[len(m[0]):]
	}
	if m := fixedCost.FindStringSubmatch(text); m != nil {
		a.Cost, _ = strconv.Atoi(m[1])
		a.CostPlus = m[2] == "+"
		text = text[:len(text)-len(m[0])]
	}
	name, kw, _ := strings.Cut(text, "(")
	a.Name = strings.TrimSpace(name)
	kw = strings.TrimSuffix(strings.TrimSpace(kw), ")")
	kw = strings.ReplaceAll(kw, "Special Effect", "Special, Effect")
	for _, k := range list(kw, ",") {
		if m := upkeep.FindStringSubmatch(k); m != nil {
			a.Upkeep, _ = strconv.Atoi(m[1])
			continue
		}
		a.Keywords = append(a.Keywords, k)
	}
	return anima.TypeAbility(a)
}
