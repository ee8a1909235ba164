package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Edition selects where the rulebooks disagree: Core (the Spanish/English rulebook, the
// default) or Alpha (the Italian Alpha 1.0 revision).
type Edition string

// The editions.
const (
	Core  Edition = "core"
	Alpha Edition = "alpha"
)

// Valid reports whether e is a known edition ("" is not; use Core).
func (e Edition) Valid() bool { return e == Core || e == Alpha }

// PartyFileVersion is the version of the party file format written today.
const PartyFileVersion = 1

// PartyFile is a party as stored and exchanged (the import/export format):
// {"version":1,"name":...,"edition":"core","level":250,"organization":"",
// "characters":[{"name":"Nero"}],"advantages":[]}. Names are catalog names,
// matched case-insensitively. Level is the encounter level. R-PARTY-1.
type PartyFile struct {
	Version      int          `json:"version"`
	Name         string       `json:"name"`
	Edition      Edition      `json:"edition"`
	Level        int          `json:"level"`
	Organization string       `json:"organization"`
	Characters   []PartyEntry `json:"characters"`
	Advantages   []string     `json:"advantages"`
}

// PartyEntry is one character of a party, with what is assigned to it.
type PartyEntry struct {
	Name       string   `json:"name"`
	Advantages []string `json:"advantages,omitempty"`
	Summons    []string `json:"summons,omitempty"`
	Pilot      string   `json:"pilot,omitempty"`
}

// Catalog finds character cards by name (case-insensitive).
type Catalog interface {
	Character(name string) (Card, bool)
}

// Party is a PartyFile with its characters' cards looked up.
type Party struct {
	File  PartyFile
	Cards []Card
}

// Errors of ResolveParty; test with errors.Is.
var (
	ErrPartyVersion = errors.New("unknown party file version")
	ErrUnknownCard  = errors.New("unknown character")
	ErrPartyLevel   = errors.New("bad encounter level")
)

// ResolveParty looks every character of f up in cat. It refuses an unknown file version,
// an unknown edition, an encounter level of 0 or less, and an unknown name, saying which.
func ResolveParty(f PartyFile, cat Catalog) (Party, error) {
	if f.Version != PartyFileVersion {
		return Party{}, fmt.Errorf("%w %d: this version of Gnosis reads version %d", ErrPartyVersion, f.Version, PartyFileVersion)
	}
	if !f.Edition.Valid() {
		return Party{}, fmt.Errorf("%w %q: want core or alpha", ErrPartyVersion, f.Edition)
	}
	if f.Level <= 0 {
		return Party{}, fmt.Errorf("%w %d: choose an encounter level such as 250", ErrPartyLevel, f.Level)
	}
	p := Party{File: f, Cards: make([]Card, 0, len(f.Characters))}
	for _, e := range f.Characters {
		c, ok := cat.Character(e.Name)
		if !ok {
			return Party{}, fmt.Errorf("%w %q: not in the catalog; check the spelling or add it as your own card", ErrUnknownCard, strings.TrimSpace(e.Name))
		}
		p.Cards = append(p.Cards, c)
	}
	return p, nil
}

// LevelsSpent is the sum of the characters' levels. R-PARTY-1.
func (p Party) LevelsSpent() int {
	n := 0
	for _, c := range p.Cards {
		n += c.Level
	}
	return n
}

// LevelsLeft is the encounter level minus the levels spent; negative when over budget.
// R-PARTY-3: characters never cost more than the encounter level.
func (p Party) LevelsLeft() int { return p.File.Level - p.LevelsSpent() }

// GnosisPoints is the number of Gnosis points a side gets each turn: one per full 100
// encounter levels. R-GNO-1.
func GnosisPoints(encounterLevel int) int {
	if encounterLevel < 0 {
		return 0
	}
	return encounterLevel / 100
}
