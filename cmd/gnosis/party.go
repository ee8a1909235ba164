//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/engine/roster"
	"gnosis/engine/roster/unpack"
	"gnosis/engine/share"
)

// exitError carries an exit status with its message.
type exitError struct {
	code int
	msg  string
}

func (e exitError) Error() string { return e.msg }

func partyCmd(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError("party needs a command: check, encode, decode or import")
	}
	switch args[0] {
	case "check":
		return partyCheck(args[1:], stdout)
	case "encode":
		return partyEncode(args[1:], stdout)
	case "decode":
		return partyDecode(args[1:], stdout)
	case "import":
		return partyImport(args[1:], stdout, stderr)
	}
	return usageError(fmt.Sprintf("unknown party command %q", args[0]))
}

// checkResult is the output of gnosis party check.
type checkResult struct {
	Legal           bool            `json:"legal"`
	Levels          int             `json:"levels"`
	LevelLimit      int             `json:"level_limit"`
	AdvantagePoints int             `json:"advantage_points"`
	Violations      []violationJSON `json:"violations"`
}

type violationJSON struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// readParty reads the party file at path and resolves it against the catalog. An error is
// an exitError with status 2: the file unreadable, or its path and why it is not a party.
func readParty(path string) (party.PartyFile, party.Party, error) {
	b, err := readInput(path)
	if err != nil {
		return party.PartyFile{}, party.Party{}, err
	}
	f, err := party.ParsePartyFile(b)
	if err != nil {
		return party.PartyFile{}, party.Party{}, exitError{2, fmt.Sprintf("%s: %v", path, err)}
	}
	p, err := party.ResolveParty(f, catalog.Default())
	if err != nil {
		return party.PartyFile{}, party.Party{}, exitError{2, fmt.Sprintf("%s: %v", path, err)}
	}
	return f, p, nil
}

// partyCheck reads a party file and prints whether it keeps every party rule (R-PARTY-1..10).
// "levels" is what the party draws from the encounter level: its characters and whatever
// its advantage cards cost beyond the advantage points. Exit 0 legal, 1 not, 2 unreadable.
func partyCheck(args []string, stdout io.Writer) error {
	fs := newFlags("party check")
	lang := fs.String("lang", "en", "language of the messages: en, es or it")
	if err := fs.Parse(args); err != nil {
		return usageError(err.Error())
	}
	if fs.NArg() != 1 {
		return usageError("party check needs one FILE")
	}
	if *lang != "en" && *lang != "es" && *lang != "it" {
		return usageError(fmt.Sprintf("-lang %q: want en, es or it", *lang))
	}
	f, p, err := readParty(fs.Arg(0))
	if err != nil {
		return err
	}
	vs := party.CheckParty(p)
	out := checkResult{Legal: len(vs) == 0, Levels: p.LevelsSpent(), LevelLimit: f.Level, AdvantagePoints: p.AdvantagePoints(), Violations: []violationJSON{}}
	for _, v := range vs {
		out.Violations = append(out.Violations, violationJSON{Rule: v.Rule, Message: v.Message(*lang)})
	}
	enc := json.NewEncoder(stdout)
	if err := enc.Encode(out); err != nil {
		return err
	}
	if !out.Legal {
		return exitError{1, ""}
	}
	return nil
}

// partyEncode prints the share link of a party file.
func partyEncode(args []string, stdout io.Writer) error {
	fs := newFlags("party encode")
	base := fs.String("base", "http://127.0.0.1:8000/", "the address the app is served from")
	if err := fs.Parse(args); err != nil {
		return usageError(err.Error())
	}
	if fs.NArg() != 1 {
		return usageError("party encode needs one FILE")
	}
	if u, err := url.Parse(*base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usageError(fmt.Sprintf("-base %q: want the app's http:// or https:// address", *base))
	}
	f, _, err := readParty(fs.Arg(0))
	if err != nil {
		return err
	}
	link, err := share.Link(*base, f, catalog.Default())
	if err != nil {
		return exitError{2, fmt.Sprintf("%s: %v", fs.Arg(0), err)}
	}
	_, err = fmt.Fprintln(stdout, link)
	return err
}

// stdin is where `party decode -` reads its link (a test replaces it).
var stdin io.Reader = os.Stdin

// maxLinkFile is the most bytes read for a link from a file or stdin.
const maxLinkFile = 1 << 20

// partyDecode prints the party file of a share link, given as the argument, in a file, or on
// standard input ("-"); a bad link exits 2 with one line.
func partyDecode(args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return usageError("party decode needs one LINK, a FILE holding one, or - to read it from standard input")
	}
	link := args[0]
	var from io.Reader
	if link == "-" {
		from = stdin
	} else if info, err := os.Stat(link); err == nil && info.Mode().IsRegular() {
		f, err := os.Open(link)
		if err != nil {
			return exitError{2, err.Error()}
		}
		defer f.Close()
		from = f
	}
	if from != nil {
		b, err := io.ReadAll(io.LimitReader(from, maxLinkFile+1))
		if err != nil {
			return exitError{2, err.Error()}
		}
		if len(b) > maxLinkFile {
			return exitError{2, fmt.Sprintf("%s: more than %d bytes; a link is far shorter", args[0], maxLinkFile)}
		}
		link = strings.TrimSpace(string(b))
	}
	f, err := share.Decode(link, catalog.Default())
	if err != nil {
		return exitError{2, err.Error()}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(f)
}

// partyImport prints the party file of a BattleScribe or New Recruit roster (.ros, or the
// zipped .rosz) and lists on stderr what matched no catalog card, one line each. An
// unreadable file, or one that is no roster, exits 2 with one line.
func partyImport(args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		return usageError("party import needs one FILE (.ros or .rosz)")
	}
	b, err := readInput(args[0])
	if err != nil {
		return err
	}
	f, unmatched, err := roster.Read(b, catalog.Default(), unpack.Unpack)
	if err != nil {
		return exitError{2, fmt.Sprintf("%s: %v", args[0], err)}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return err
	}
	for _, u := range unmatched {
		if u.On != "" {
			fmt.Fprintf(stderr, "not in the catalog: %s (chosen on %s)\n", u.Name, u.On)
		} else {
			fmt.Fprintf(stderr, "not in the catalog: %s\n", u.Name)
		}
	}
	return nil
}
