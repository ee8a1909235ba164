// Package gamefile reads and plays game files: a set-up and the players' commands, one per
// line, with the dice rolled at the table. It is what `gnosis replay` reads and what the
// engine's golden scenarios are written in:
//
//	# Lemures attacks Celia, who dodges (R-ATK-3)
//	setup {"edition":"core","sides":[{"name":"Samael","level":250,"characters":[{"card":{...}}]},
//	       {"name":"Wissenschaft","level":250,"characters":[{"name":"Celia","override":{"defense":9,"armor":2}}]}]}
//	next
//	next
//	activate 0/0
//	dice 9 2
//	attack {"attacker":"0/0","target":"1/0","reaction":"dodge"}
//
// A line is a command name and its arguments as JSON (characters as "side/index", from 0);
// "#" starts a comment. Commands that roll take their dice, in order, from the dice lines
// before them.
package gamefile

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/party"
)

// Catalog finds catalog cards by name.
type Catalog interface {
	Character(name string) (anima.Card, bool)
}

// Setup is the first line of a game file.
type Setup struct {
	Edition  anima.Edition  `json:"edition"`
	Scenario anima.Scenario `json:"scenario"`
	Turns    int            `json:"turns"`
	First    int            `json:"first"`
	Seed     uint64         `json:"seed"` // the game's own die (anima.State.Die); 0: seed 1, so a file always plays the same
	Sides    [2]SideSetup   `json:"sides"`
}

// SideSetup is a side of a game file's set-up: its characters and summons one by one, or a
// whole party file (Party: its name, level, cards and summons as the app starts a game from it,
// party.Party.Side; the catalog must then be an party.Catalog).
type SideSetup struct {
	Party        *party.PartyFile `json:"party"`
	Name         string           `json:"name"`
	Level        int              `json:"level"`
	Characters   []CardSetup      `json:"characters"`
	Summons      []SummonLine     `json:"summons"`
	Infiltrators []int            `json:"infiltrators"`
}

// CardSetup is a catalog card by name, with Override (any card field as JSON, such as an
// older printing's {"defense":9}), or an own card in full.
type CardSetup struct {
	Name     string          `json:"name"`
	Override json.RawMessage `json:"override"`
	Card     *anima.Card     `json:"card"`
}

// SummonLine is a summon card and the index of its summoner.
type SummonLine struct {
	CardSetup
	Summoner int `json:"summoner"`
}

func (c CardSetup) resolve(cat Catalog) (anima.Card, error) {
	if c.Card != nil {
		return *c.Card, c.Card.Validate()
	}
	card, ok := cat.Character(c.Name)
	if !ok {
		return card, fmt.Errorf("%q is not in the catalog", c.Name)
	}
	if len(c.Override) > 0 {
		if err := json.Unmarshal(c.Override, &card); err != nil {
			return card, fmt.Errorf("%s override: %w", c.Name, err)
		}
	}
	return card, card.Validate()
}

// Line is a command of a game file with its line number.
type Line struct {
	N       int
	Name    string
	Command anima.Command
}

// File is a parsed game file.
type File struct {
	Setup anima.Setup
	Lines []Line
	Dice  map[int][]int // dice lines by the line number of the command that follows them
}

// MaxTurns is the longest game a set-up may ask for.
const MaxTurns = 100

// Parse reads a game file. Errors name the line.
func Parse(text string, cat Catalog) (File, error) {
	f := File{Dice: map[int][]int{}}
	b, err := anima.CheckFile([]byte(text), "game file")
	if err != nil {
		return f, err
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var pending []int
	haveSetup := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(stripComment(sc.Text()))
		if line == "" {
			continue
		}
		name, args, _ := strings.Cut(line, " ")
		args = strings.TrimSpace(args)
		bad := func(err error) (File, error) { return File{}, fmt.Errorf("line %d (%s): %w", n, name, err) }
		switch {
		case name == "setup":
			if haveSetup {
				return bad(fmt.Errorf("a game has one set-up"))
			}
			su, err := parseSetup(args, cat)
			if err != nil {
				return bad(err)
			}
			f.Setup, haveSetup = su, true
			continue
		case !haveSetup:
			return bad(fmt.Errorf("a game file begins with its set-up"))
		case name == "dice":
			dice, err := parseDice(args)
			if err != nil {
				return bad(err)
			}
			pending = append(pending, dice...)
			continue
		}
		cmd, err := parseCommand(name, args)
		if err != nil {
			return bad(err)
		}
		if len(pending) > 0 {
			f.Dice[n] = pending
			pending = nil
		}
		f.Lines = append(f.Lines, Line{N: n, Name: name, Command: cmd})
	}
	if !haveSetup {
		return File{}, fmt.Errorf("no set-up line")
	}
	return f, sc.Err()
}

// parseDice reads a dice line's faces: d10 results, 1 to 10.
func parseDice(args string) ([]int, error) {
	var out []int
	for _, w := range strings.Fields(args) {
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 || v > 10 {
			return nil, fmt.Errorf("a d10 shows 1 to 10, not %q", w)
		}
		out = append(out, v)
	}
	return out, nil
}

// parseCommand reads a command line: its name and its arguments, a JSON object or a bare
// character ("activate 0/1").
func parseCommand(name, args string) (anima.Command, error) {
	v, ok := anima.CommandNamed(name) // the names are the engine's (anima.Commands)
	if !ok {
		return nil, fmt.Errorf("unknown command; want one of setup, dice, %s", strings.Join(anima.CommandNames(), ", "))
	}
	if args == "" {
		args = "{}"
	}
	if strings.HasPrefix(args, `"`) || (args[0] >= '0' && args[0] <= '9') {
		args = `{"ref":` + quoteRef(args) + `}` // activate 0/1, end 0/1, reveal 1/2
	}
	dec := json.NewDecoder(strings.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return nil, err
	}
	return deref(v), nil
}

// stripComment cuts a line at the "#" that starts a comment: one outside the JSON's strings
// (a name may hold "#").
func stripComment(line string) string {
	inString, escaped := false, false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case c == '#' && !inString:
			return line[:i]
		}
	}
	return line
}

func quoteRef(s string) string {
	if strings.HasPrefix(s, `"`) {
		return s
	}
	return strconv.Quote(s)
}

func parseSetup(args string, cat Catalog) (anima.Setup, error) {
	var su Setup
	dec := json.NewDecoder(strings.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return anima.Setup{}, err
	}
	out := anima.Setup{Edition: su.Edition, Scenario: su.Scenario, Turns: su.Turns, First: su.First, Seed: max(su.Seed, 1)}
	if su.Turns < 0 || su.Turns > MaxTurns {
		return anima.Setup{}, fmt.Errorf("turns %d: want 0 (ten turns) to %d", su.Turns, MaxTurns)
	}
	for i, side := range su.Sides {
		if side.Level < 0 || side.Level > anima.MaxPartyLevel {
			return anima.Setup{}, fmt.Errorf("side %d: level %d: want 0 to %d", i+1, side.Level, anima.MaxPartyLevel)
		}
		s := anima.SideSetup{Name: side.Name, EncounterLevel: side.Level, Infiltrators: side.Infiltrators}
		if side.Party != nil {
			full, ok := cat.(party.Catalog)
			if !ok {
				return anima.Setup{}, fmt.Errorf("side %d: a party needs the whole catalog", i+1)
			}
			p, err := party.ResolveParty(*side.Party, full)
			if err != nil {
				return anima.Setup{}, fmt.Errorf("side %d: %w", i+1, err)
			}
			s = p.Side()
			s.Infiltrators = side.Infiltrators
		}
		for _, c := range side.Characters {
			card, err := c.resolve(cat)
			if err != nil {
				return anima.Setup{}, err
			}
			s.Characters = append(s.Characters, card)
		}
		for _, sm := range side.Summons {
			card, err := sm.resolve(cat)
			if err != nil {
				return anima.Setup{}, err
			}
			s.Summons = append(s.Summons, anima.SummonSetup{Card: card, Summoner: sm.Summoner})
		}
		out.Sides[i] = s
	}
	return out, nil
}

// Refused is the first command of a game file that the rules refused.
type Refused struct {
	Line    int    `json:"line"`
	Command string `json:"command"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// Play starts the game and sends every command with its dice. It returns the game and,
// when a command is refused, which and why (the game then holds what came before).
func Play(f File) (*anima.Game, *Refused, error) {
	g, err := anima.NewGame(f.Setup)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range f.Lines {
		g.SetDie(anima.Script(f.Dice[l.N]...))
		if err := g.Do(l.Command); err != nil {
			r := &Refused{Line: l.N, Command: l.Name, Message: err.Error()}
			if re, ok := err.(*core.RuleError); ok {
				r.Rule, r.Message = re.Rule, re.Msg.String()
			}
			return g, r, nil
		}
	}
	return g, nil, nil
}
