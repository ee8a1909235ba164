//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"io"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/gamefile"
)

// oddsCmd prints the exact odds of an attack (R-ATK-1..5, R-GNO-2):
// {"hit":p,"crit":p,"expected_lp_loss":x,"lp_loss":[p0,p1,...],"counterattack":p}.
// A charge adds its +2 by itself; --mod adds any other modifier. An impossible or malformed
// request exits 2 with one line on stderr.
func oddsCmd(args []string, stdout io.Writer) error {
	fs := newFlags("odds")
	need := map[string]*int{}
	for _, name := range []string{"attack", "damage", "defense", "armor"} {
		need[name] = fs.Int(name, 0, "")
	}
	action := fs.String("action", "attack", "attack, charge or ranged")
	reaction := fs.String("reaction", "none", "none, dodge or counter")
	mod := fs.Int("mod", 0, "modifier to the attack roll")
	ga := fs.Bool("gnosis-attack", false, "the attacker spends Gnosis")
	gd := fs.Bool("gnosis-defense", false, "the defender spends Gnosis")
	edition := fs.String("edition", "core", "core or alpha")
	critOn := fs.Int("crit-on", 10, "the least natural roll that is a critical")
	long := fs.Bool("long-range", false, "ranged: beyond half the range")
	cover := fs.Bool("cover", false, "ranged: the target has cover")
	elevated := fs.Bool("elevated", false, "ranged: the shooter stands higher")
	engaged := fs.Bool("target-engaged", false, "ranged: the target is engaged in melee")
	moved := fs.Float64("moved-cm", 0, "ranged: how far the shooter moved this turn (alpha)")
	missing, err := parseNeeding(fs, args, "attack", "damage", "defense", "armor")
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return exitError{2, fmt.Sprintf("odds needs %v", missing)}
	}
	spec := anima.AttackSpec{Edition: anima.Edition(*edition), Action: anima.ActionKind(*action), Attack: *need["attack"], Damage: *need["damage"],
		Defense: *need["defense"], Armor: *need["armor"], Mod: *mod, Reaction: anima.Reaction(*reaction), GnosisAttack: *ga, GnosisDefense: *gd, CritOn: *critOn}
	if spec.Action == anima.ChargeAttack {
		spec.Mod += 2
	}
	ranged := anima.Modifiers{LongRange: *long, Cover: *cover, Elevated: *elevated}
	if ranged != (anima.Modifiers{}) || *engaged || *moved != 0 {
		if spec.Action != anima.RangedAttack {
			return exitError{2, "--long-range, --cover, --elevated, --target-engaged and --moved-cm are for --action ranged"}
		}
		spec.Mod += anima.RangedMod(spec.Edition, ranged, *engaged, anima.Centimetres(*moved))
	}
	for _, name := range []string{"attack", "damage", "defense", "armor"} { // printed stats (engine/anima/bounds.go)
		if v := *need[name]; v < 0 || v > anima.MaxStat {
			return exitError{2, fmt.Sprintf("--%s %d: want 0 to %d", name, v, anima.MaxStat)}
		}
	}
	if *mod < -anima.MaxModifier || *mod > anima.MaxModifier {
		return exitError{2, fmt.Sprintf("--mod %d: want %d to %d", *mod, -anima.MaxModifier, anima.MaxModifier)}
	}
	if *moved < 0 || *moved > anima.MaxSpeed {
		return exitError{2, fmt.Sprintf("--moved-cm %v: want 0 to %d", *moved, anima.MaxSpeed)}
	}
	o, err := anima.ComputeOdds(spec)
	if err != nil {
		return exitError{2, err.Error()}
	}
	return json.NewEncoder(stdout).Encode(o)
}

// replayCmd plays a game file (package gamefile) and prints the final state as JSON, or the
// first refused command with its rule (exit 1). --log prints the event log in notation
// instead of the state. An unreadable file exits 2.
func replayCmd(args []string, stdout io.Writer) error {
	fs := newFlags("replay")
	log := fs.Bool("log", false, "print the event log in notation")
	if err := fs.Parse(args); err != nil {
		return exitError{2, err.Error()}
	}
	if fs.NArg() != 1 {
		return exitError{2, "replay needs one FILE"}
	}
	b, err := readInput(fs.Arg(0))
	if err != nil {
		return err
	}
	f, err := gamefile.Parse(string(b), catalog.Default())
	if err != nil {
		return exitError{2, fmt.Sprintf("%s: %v", fs.Arg(0), err)}
	}
	g, refused, err := gamefile.Play(f)
	if err != nil {
		return exitError{2, fmt.Sprintf("%s: %v", fs.Arg(0), err)}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if refused != nil {
		enc.Encode(struct {
			Refused *gamefile.Refused `json:"refused"`
		}{refused})
		return exitError{1, ""}
	}
	if *log {
		_, err := io.WriteString(stdout, anima.Notation(g.Log()))
		return err
	}
	return enc.Encode(g.State())
}
