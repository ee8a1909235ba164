//go:build !wasm

package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"gnosis/engine/catalog"
)

const usage = `usage:
  gnosis serve [-addr 127.0.0.1:8000] [-dir DIR]   serve the PWA (DIR holds web/app.wasm)
  gnosis static -out DIR [-base /prefix] [-dir DIR] write a static site
  gnosis precompress [-brotli 9] FILE...           write FILE.gz and FILE.br for serve
  gnosis catalog [--json]                          print the card catalog
  gnosis party check [-lang en|es|it] FILE         check a party file against every party rule
  gnosis party encode [-base URL] FILE             print the party's share link
  gnosis party decode LINK                         print the party file of a share link
  gnosis party import FILE                         print the party file of a BattleScribe roster
                                                   (.ros or .rosz); unmatched entries on stderr
  gnosis odds --attack N --damage N --defense N --armor N [--action attack|charge|ranged]
       [--reaction none|dodge|counter] [--mod N] [--gnosis-attack] [--gnosis-defense]
       [--edition core|alpha] [--crit-on N]      print the exact odds of an attack; a ranged
       [--long-range] [--cover] [--elevated]     attack's modifiers (R-ATK-6), both editions
       [--target-engaged] [--moved-cm N]
  gnosis replay [--log] FILE                       play a game file; print the final state
  gnosis table FILE [--charge CHARGER TARGET]      gaps, sight, zones of control, cover, interceptors
  gnosis diskwars odds --fire N --strength S|d6 [--range short|medium|long|siege] [--chaos-as-hit]
                                                   Diskwars: the exact odds of a ranged attack
  gnosis diskwars table FILE [--scatter TARGET N]  Diskwars: gaps, range bands, sight, overlaps;
                                                   where N scatter dice go, in order
  gnosis event pair [--write] [--json] FILE        a club night's next round, as the app pairs it;
                                                   --write keeps it in the event file
  gnosis event standings [--csv] FILE              the event's standings, every tiebreaker's column
  gnosis season standings|ratings [--csv] [--name NAME] [--best N] [--tau T] FILES...
                                                   club nights added up from their event files
                                                   (or folders of them): standings, ratings
  gnosis season site -out DIR [-url URL] [-dir DIR] [--name NAME] [--best N] [--tau T] FILES...
                                                   a ranking site: standings, ratings, a page a
                                                   night and a player (DIR holds web/gnosis.css)
`

func cli() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command and returns the exit status: 0 done, 1 a check that failed (an
// illegal party), 2 bad usage, bad input or an environment error (a missing file, a port in
// use), with a one-line message.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "serve":
		err = serveCmd(args[1:], stderr)
	case "static":
		err = staticCmd(args[1:], stdout)
	case "precompress":
		err = precompressCmd(args[1:], stdout)
	case "catalog":
		err = catalogCmd(args[1:], stdout)
	case "party":
		err = partyCmd(args[1:], stdout, stderr)
	case "odds":
		err = oddsCmd(args[1:], stdout)
	case "replay":
		err = replayCmd(args[1:], stdout)
	case "table":
		err = tableCmd(args[1:], stdout)
	case "diskwars":
		err = diskwarsCmd(args[1:], stdout)
	case "event":
		err = eventCmd(args[1:], stdout)
	case "season":
		err = seasonCmd(args[1:], stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		err = usageError(fmt.Sprintf("unknown command %q", args[0]))
	}
	if err == nil {
		return 0
	}
	var ex exitError
	if errors.As(err, &ex) {
		if ex.msg != "" {
			fmt.Fprintln(stderr, "gnosis:", ex.msg)
		}
		return ex.code
	}
	var u usageError
	if errors.As(err, &u) || errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stderr, "gnosis:", err)
		return 2
	}
	// Anything else is the environment's or the input's: a missing file, a port in use, an
	// unreadable folder. One line, exit 2 (exit 1 is kept for a check that failed).
	fmt.Fprintln(stderr, "gnosis:", strings.Join(strings.Fields(err.Error()), " "))
	return 2
}

type usageError string

func (u usageError) Error() string { return string(u) + "\n" + usage }

func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseNeeding parses args into fs, as a command's flags: a bad flag or an argument left over
// is exit 2 with one line. It returns the flags of need that were not given ("--attack").
func parseNeeding(fs *flag.FlagSet, args []string, need ...string) ([]string, error) {
	if err := fs.Parse(args); err != nil {
		return nil, exitError{2, err.Error()}
	}
	if fs.NArg() > 0 {
		return nil, exitError{2, fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var missing []string
	for _, name := range need {
		if !given[name] {
			missing = append(missing, "--"+name)
		}
	}
	return missing, nil
}

func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return usageError(err.Error())
	}
	if fs.NArg() > 0 {
		return usageError(fmt.Sprintf("unexpected argument %q", fs.Arg(0)))
	}
	return nil
}

func catalogCmd(args []string, stdout io.Writer) error {
	fs := newFlags("catalog")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	cat := catalog.Default()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		return enc.Encode(struct {
			Characters any `json:"characters"`
			Summons    any `json:"summons"`
			Upgrades   any `json:"upgrades"`
		}{cat.All(), cat.Summons(), cat.AllUpgrades()})
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tNAME\tORGANIZATION\tFACTION\tLEVEL\tATK\tDMG\tDEF\tARM\tLP\tACTIONS")
	for _, c := range append(cat.All(), cat.Summons()...) {
		rec := fmt.Sprint(c.Recovery)
		if c.RecoveryVaries {
			rec = "pilot"
		}
		org := c.Organization
		if c.IsSummon() {
			org = "(summon)"
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%d/%s\n", c.ID, c.Name, org, c.Faction, c.Level,
			c.Attack, c.Damage, c.Defense, c.Armor, c.LP, c.Actions, rec)
	}
	return w.Flush()
}
