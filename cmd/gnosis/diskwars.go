//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"gnosis/engine/diskwars"
)

// diskwarsCmd answers Warhammer: Diskwars's questions (engine/diskwars): the exact odds of a
// ranged attack, and what a battlefield file says of every pair of discs and of where scatter
// dice go. Bad input exits 2 with one line.
func diskwarsCmd(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return exitError{2, "diskwars needs odds or table"}
	}
	switch args[0] {
	case "odds":
		return diskwarsOdds(args[1:], stdout)
	case "table":
		return diskwarsTable(args[1:], stdout)
	}
	return exitError{2, fmt.Sprintf("diskwars %q: want odds or table", args[0])}
}

// diskwarsOdds prints the exact odds of a ranged attack as
// {"damage":[p0,p1,...],"expected_damage":x,"token":p,"scatter":[q0,q1,...]}. R-DW-5, R-DW-8.
func diskwarsOdds(args []string, stdout io.Writer) error {
	fs := newFlags("diskwars odds")
	fire := fs.Int("fire", 0, "battle dice thrown")
	strength := fs.String("strength", "", "damage per hit: a number or d6")
	band := fs.String("range", "short", "short, medium, long or siege")
	chaos := fs.Bool("chaos-as-hit", false, "chaos faces count as hits")
	if missing, err := parseNeeding(fs, args, "fire", "strength"); err != nil {
		return err
	} else if len(missing) > 0 {
		return exitError{2, "diskwars odds needs --fire N and --strength S or d6"}
	}
	st, err := diskwars.ParseStrength(*strength)
	if err != nil {
		return exitError{2, err.Error()}
	}
	o, err := diskwars.Odds(diskwars.AttackSpec{Fire: *fire, Strength: st, Band: diskwars.Band(*band), ChaosAsHit: *chaos})
	if err != nil {
		return exitError{2, err.Error()}
	}
	return json.NewEncoder(stdout).Encode(o)
}

// diskwarsTable reads a field file and prints {"pairs":[{"a","b","gap_cm","band","los",
// "overlap"}],"scatter":[IDs]}: every ordered pair of discs, and with --scatter TARGET N the
// discs N scatter dice of an attack on TARGET go to, in order. R-DW-3, R-DW-4, R-DW-6.
func diskwarsTable(args []string, stdout io.Writer) error {
	var target string
	n := 0
	file, b, err := fileWithPair(args, "diskwars table", "scatter", "TARGET and N", func(a, b string) error {
		v, err := strconv.Atoi(b)
		if err != nil || v < 0 || v > diskwars.MaxFire {
			return exitError{2, fmt.Sprintf("--scatter %s %s: N is a number of dice from 0 to %d", a, b, diskwars.MaxFire)}
		}
		target, n = a, v
		return nil
	})
	if err != nil {
		return err
	}
	f, err := diskwars.ParseField(b)
	if err != nil {
		return exitError{2, file + ": " + err.Error()}
	}
	out := struct {
		Pairs   []diskwars.Pair `json:"pairs"`
		Scatter *[]string       `json:"scatter,omitempty"`
	}{Pairs: f.Pairs()}
	if target != "" {
		t, ok := f.Disc(target)
		if !ok {
			return exitError{2, "--scatter names a disc the field does not have: " + target}
		}
		ids := []string{}
		for _, d := range diskwars.ScatterOrder(t, f.Discs, n) {
			ids = append(ids, d.ID)
		}
		out.Scatter = &ids
	}
	return json.NewEncoder(stdout).Encode(out)
}
