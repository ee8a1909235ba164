// Command catalog-import makes the catalog's data file from the shared card data:
//
//	go run ./cmd/catalog-import -in ../shared/data/characters.csv -out engine/catalog/characters.json
//
// It keeps facts only (names, numbers, ability names, keywords and costs), converts speeds
// from inches to centimetres (1 in = 2.5 cm), keeps two-valued cells ("5/2") and gives each
// row a stable ID: its position in the file, so new rows must be appended.
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

	"gnosis/engine"
)

func main() {
	in := flag.String("in", "../shared/data/characters.csv", "the characters CSV")
	out := flag.String("out", "engine/catalog/characters.json", "the JSON file to write")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "catalog-import:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	cards, err := importCSV(f)
	if err != nil {
		return err
	}
	b, err := Encode(cards)
	if err != nil {
		return err
	}
	return os.WriteFile(out, b, 0o644)
}

// Encode writes the catalog file: {"version":1,"characters":[...]}, one card per line.
func Encode(cards []engine.Card) ([]byte, error) {
	var sb strings.Builder
	sb.WriteString("{\"version\":1,\"characters\":[\n")
	for i, c := range cards {
		b, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		sb.Write(b)
		if i < len(cards)-1 {
			sb.WriteString(",")
		}
		sb.WriteString("\n")
	}
	sb.WriteString("]}\n")
	return []byte(sb.String()), nil
}

func importCSV(r io.Reader) ([]engine.Card, error) {
	rows, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, err
	}
	if len(rows) < 2 {
		return nil, fmt.Errorf("no rows")
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	var cards []engine.Card
	for n, row := range rows[1:] {
		get := func(name string) string { return strings.TrimSpace(row[col[name]]) }
		c, err := card(get)
		if err != nil {
			return nil, fmt.Errorf("row %d (%s): %w", n+2, get("name"), err)
		}
		c.ID = n + 1
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("row %d: %w", n+2, err)
		}
		cards = append(cards, c)
	}
	return cards, nil
}

func card(get func(string) string) (engine.Card, error) {
	c := engine.Card{
		Name:         get("name"),
		Faction:      engine.Faction(get("faction")),
		Organization: get("organization"),
		BaseSize:     get("base_size"),
		Leader:       engine.Leadership(get("leader")),
		Agent:        get("agent") == "yes",
		Powers:       list(get("powers"), ";"),
		Capabilities: list(get("rules_links"), ";"),
		Affinity:     list(get("affinity"), ","),
		Source:       get("source"),
		Notes:        get("notes"),
	}
	for _, k := range list(get("category"), ";") {
		c.Categories = append(c.Categories, engine.Category(k))
	}
	var err error
	ints := []struct {
		col string
		to  *int
	}{{"level", &c.Level}, {"actions_total", &c.Actions}}
	for _, x := range ints {
		if *x.to, err = strconv.Atoi(get(x.col)); err != nil {
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
		to  *engine.Stat
	}{
		{"attack", &c.Attack}, {"damage", &c.Damage}, {"defense", &c.Defense},
		{"armor", &c.Armor}, {"life_points", &c.LP}, {"resistance", &c.Resistance},
	}
	for _, x := range stats {
		if *x.to, err = engine.ParseStat(get(x.col)); err != nil {
			return c, fmt.Errorf("%s: %w", x.col, err)
		}
	}
	// Speeds are printed in inches (an empty unit is the same English card format).
	if u := get("speed_unit"); u != "in" && u != "" {
		return c, fmt.Errorf("speed unit %q: want in", u)
	}
	for _, x := range []struct {
		col string
		to  *engine.Centimetres
	}{{"speed_walk", &c.Walk}, {"speed_run", &c.Run}} {
		in, err := strconv.ParseFloat(get(x.col), 64)
		if err != nil {
			return c, fmt.Errorf("%s %q: %w", x.col, get(x.col), err)
		}
		*x.to = engine.Inches(in)
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
	fixedCost    = regexp.MustCompile(`\s*\[(\d+)\]\s*$`)
)

// ParseAbility reads one ability cell such as "Nuala (Ki, Attack) [3]", "ooo+ — Final Burst
// (Ki, Attack)" (a cost of at least 3) or "Gae Bolg" (passive). It tolerates the data's
// slips: a missing closing parenthesis and "Special Effect" written without a comma.
func ParseAbility(text string) engine.Ability {
	a := engine.Ability{}
	text = strings.TrimSpace(text)
	if m := variableCost.FindStringSubmatch(text); m != nil {
		a.Cost, a.CostPlus = len(m[1]), true
		text = text[len(m[0]):]
	}
	if m := fixedCost.FindStringSubmatch(text); m != nil {
		a.Cost, _ = strconv.Atoi(m[1])
		text = text[:len(text)-len(m[0])]
	}
	name, kw, _ := strings.Cut(text, "(")
	a.Name = strings.TrimSpace(name)
	kw = strings.TrimSuffix(strings.TrimSpace(kw), ")")
	kw = strings.ReplaceAll(kw, "Special Effect", "Special, Effect")
	a.Keywords = list(kw, ",")
	return a
}
