package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"gnosis/engine/anima"
)

// FileVersion is the catalog file version this code reads.
const FileVersion = 2

// Catalog is a validated, read-only set of character cards, summon cards, advantage cards
// (with the organization advantages), Gear pilots and upgrades. It implements party.Catalog.
// Characters and summons share one space of IDs; a summon may bear a character's name (a
// creature also hired as a character), so each has its own look-up by name.
type Catalog struct {
	cards       []anima.Card
	byName      map[string]int
	byID        map[int]int
	summons     []anima.Card
	summonNames map[string]int
	summonIDs   map[int]int
	upgrades    []anima.Upgrade
	advantages  []anima.AdvantageCard
	advByName   map[string]int
	advByID     map[int]int
	pilots      []anima.Pilot
	pilotByName map[string]int
}

// ErrCatalog is wrapped by every Parse error.
var ErrCatalog = errors.New("catalog")

type file struct {
	Version    int                   `json:"version"`
	Characters []anima.Card          `json:"characters"`
	Summons    []anima.Card          `json:"summons"`
	Advantages []anima.AdvantageCard `json:"advantages"`
	Pilots     []anima.Pilot         `json:"pilots"`
	Upgrades   []anima.Upgrade       `json:"upgrades"`
}

// Parse reads a catalog file ({"version":2,"characters":[...],"summons":[...],
// "advantages":[...],"pilots":[...],"upgrades":[...]}) and validates every card
// (anima.Card.Validate, anima.AdvantageCard.Validate), refusing duplicate names within a
// section, duplicate IDs, a summon that is not one, and an upgrade of no character. Errors
// wrap ErrCatalog and name the card.
func Parse(b []byte) (*Catalog, error) {
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCatalog, err)
	}
	return build(f)
}

// build validates and indexes the catalog of a file (Parse's checks and errors).
func build(f file) (*Catalog, error) {
	if f.Version != FileVersion {
		return nil, fmt.Errorf("%w: file version %d, want %d", ErrCatalog, f.Version, FileVersion)
	}
	c := &Catalog{}
	for _, step := range []func(file) error{c.indexCharacters, c.indexSummons, c.indexUpgrades, c.indexAdvantages, c.indexPilots} {
		if err := step(f); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// indexCharacters checks the file's characters and indexes them by name and ID.
func (c *Catalog) indexCharacters(f file) error {
	c.cards, c.byName, c.byID = f.Characters, map[string]int{}, map[int]int{}
	for i, card := range f.Characters {
		if err := card.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrCatalog, err)
		}
		key := fold(card.Name)
		if _, dup := c.byName[key]; dup {
			return fmt.Errorf("%w: %q appears twice", ErrCatalog, card.Name)
		}
		if _, dup := c.byID[card.ID]; dup || card.ID <= 0 {
			return fmt.Errorf("%w: %q has ID %d, used twice or not positive", ErrCatalog, card.Name, card.ID)
		}
		c.byName[key], c.byID[card.ID] = i, i
	}
	return nil
}

// indexSummons checks the file's summons (their IDs apart from the characters') and indexes
// them.
func (c *Catalog) indexSummons(f file) error {
	c.summons, c.summonNames, c.summonIDs = f.Summons, map[string]int{}, map[int]int{}
	for i, s := range f.Summons {
		if err := s.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrCatalog, err)
		}
		if !s.IsSummon() {
			return fmt.Errorf("%w: %q is in the summons but is not a summon", ErrCatalog, s.Name)
		}
		if _, dup := c.summonNames[fold(s.Name)]; dup {
			return fmt.Errorf("%w: summon %q appears twice", ErrCatalog, s.Name)
		}
		_, dupChar := c.byID[s.ID]
		if _, dup := c.summonIDs[s.ID]; dup || dupChar || s.ID <= 0 {
			return fmt.Errorf("%w: summon %q has ID %d, used twice or not positive", ErrCatalog, s.Name, s.ID)
		}
		c.summonNames[fold(s.Name)], c.summonIDs[s.ID] = i, i
	}
	return nil
}

// indexUpgrades checks the file's upgrades: each of a character of the catalog, numbered in
// order, with a change the engine reads.
func (c *Catalog) indexUpgrades(f file) error {
	c.upgrades = f.Upgrades
	for i, u := range f.Upgrades {
		if _, ok := c.byName[fold(u.Character)]; !ok || u.ID != i+1 || u.Name == "" {
			return fmt.Errorf("%w: upgrade %d %q of %q: no such character, or not the %dth upgrade", ErrCatalog, u.ID, u.Name, u.Character, i+1)
		}
		if _, err := anima.ParseChange(u.Change); err != nil {
			return fmt.Errorf("%w: %w", ErrCatalog, err)
		}
	}
	return nil
}

// indexAdvantages checks the file's advantage cards and indexes them by name and ID.
func (c *Catalog) indexAdvantages(f file) error {
	c.advantages, c.advByName, c.advByID = f.Advantages, map[string]int{}, map[int]int{}
	for i, a := range f.Advantages {
		if err := a.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrCatalog, err)
		}
		if _, dup := c.advByName[fold(a.Name)]; dup {
			return fmt.Errorf("%w: advantage %q appears twice", ErrCatalog, a.Name)
		}
		if _, dup := c.advByID[a.ID]; dup || a.ID <= 0 {
			return fmt.Errorf("%w: advantage %q has ID %d, used twice or not positive", ErrCatalog, a.Name, a.ID)
		}
		c.advByName[fold(a.Name)], c.advByID[a.ID] = i, i
	}
	return nil
}

// indexPilots checks the file's pilots and indexes them by name.
func (c *Catalog) indexPilots(f file) error {
	c.pilots, c.pilotByName = f.Pilots, map[string]int{}
	for i, p := range f.Pilots {
		if p.Name == "" || len(p.Gears) == 0 || p.Recovery <= 0 {
			return fmt.Errorf("%w: pilot %q needs a name, a Gear and a Recovery", ErrCatalog, p.Name)
		}
		if _, dup := c.pilotByName[fold(p.Name)]; dup {
			return fmt.Errorf("%w: pilot %q appears twice", ErrCatalog, p.Name)
		}
		c.pilotByName[fold(p.Name)] = i
	}
	return nil
}

// Advantage finds an advantage card or organization advantage by name, case-insensitively.
func (c *Catalog) Advantage(name string) (anima.AdvantageCard, bool) {
	i, ok := c.advByName[fold(name)]
	if !ok {
		return anima.AdvantageCard{}, false
	}
	return c.advantages[i], true
}

// AdvantageByID finds an advantage card by its stable ID.
func (c *Catalog) AdvantageByID(id int) (anima.AdvantageCard, bool) {
	i, ok := c.advByID[id]
	if !ok {
		return anima.AdvantageCard{}, false
	}
	return c.advantages[i], true
}

// Advantages returns the advantage cards and organization advantages in file order.
func (c *Catalog) Advantages() []anima.AdvantageCard {
	return append([]anima.AdvantageCard(nil), c.advantages...)
}

// Pilot finds a Gear pilot by name, case-insensitively.
func (c *Catalog) Pilot(name string) (anima.Pilot, bool) {
	i, ok := c.pilotByName[fold(name)]
	if !ok {
		return anima.Pilot{}, false
	}
	return c.pilots[i], true
}

// PilotByID finds a Gear pilot by its stable ID.
func (c *Catalog) PilotByID(id int) (anima.Pilot, bool) {
	for _, p := range c.pilots {
		if p.ID == id {
			return p, true
		}
	}
	return anima.Pilot{}, false
}

// PilotsFor lists the pilots that may pilot the named Gear.
func (c *Catalog) PilotsFor(gear string) []anima.Pilot {
	var out []anima.Pilot
	for _, p := range c.pilots {
		if p.Pilots(gear) {
			out = append(out, p)
		}
	}
	return out
}

// defaultCatalog is catalog.json as the app ships it: built from the same data written as Go
// (data.go, made by cmd/catalog-import), which the linker lays out in memory, so nothing is
// decoded at start. TestDefaultIsTheFile checks that it is the file's catalog.
var defaultCatalog = sync.OnceValue(func() *Catalog {
	c, err := build(embedded)
	if err != nil {
		panic(err) // the data is checked by the tests; this is a build defect
	}
	return c
})

// Default returns the embedded catalog, parsed once.
func Default() *Catalog { return defaultCatalog() }

func fold(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// IsWanderers reports whether an organization filter names the Wanderers (R-PARTY-7).
func IsWanderers(org string) bool { return fold(org) == "wanderers" || fold(org) == "wanderer" }

// Len is the number of characters.
func (c *Catalog) Len() int { return len(c.cards) }

// All returns every card in file order (a copy of the slice; the cards share their
// ability lists, which callers must not change).
func (c *Catalog) All() []anima.Card { return append([]anima.Card(nil), c.cards...) }

// Character finds a card by name, case-insensitively.
func (c *Catalog) Character(name string) (anima.Card, bool) {
	i, ok := c.byName[fold(name)]
	if !ok {
		return anima.Card{}, false
	}
	return c.cards[i], true
}

// ByID finds a character or summon card by its stable ID.
func (c *Catalog) ByID(id int) (anima.Card, bool) {
	if i, ok := c.byID[id]; ok {
		return c.cards[i], true
	}
	if i, ok := c.summonIDs[id]; ok {
		return c.summons[i], true
	}
	return anima.Card{}, false
}

// Summon finds a summon card by name, case-insensitively. R-SUM-1.
func (c *Catalog) Summon(name string) (anima.Card, bool) {
	i, ok := c.summonNames[fold(name)]
	if !ok {
		return anima.Card{}, false
	}
	return c.summons[i], true
}

// Summons returns the summon cards in file order.
func (c *Catalog) Summons() []anima.Card { return append([]anima.Card(nil), c.summons...) }

// Upgrades lists the upgrades that may be bought on the named character, in file order.
func (c *Catalog) Upgrades(character string) []anima.Upgrade {
	card, ok := c.Character(character)
	if !ok {
		return nil
	}
	var out []anima.Upgrade
	for _, u := range c.upgrades {
		if strings.EqualFold(u.Character, card.Name) {
			out = append(out, u)
		}
	}
	return out
}

// Upgrade finds an upgrade of the named character by its name, case-insensitively.
func (c *Catalog) Upgrade(character, name string) (anima.Upgrade, bool) {
	for _, u := range c.Upgrades(character) {
		if fold(u.Name) == fold(name) {
			return u, true
		}
	}
	return anima.Upgrade{}, false
}

// AllUpgrades returns every upgrade in file order.
func (c *Catalog) AllUpgrades() []anima.Upgrade { return append([]anima.Upgrade(nil), c.upgrades...) }

// Query filters the catalog. Zero fields match everything. Text matches any part of the
// name, case-insensitively; Organization "Wanderers" (or "Wanderer") keeps the cards of no
// organization; MaxLevel keeps cards of at most that level.
type Query struct {
	Text         string
	Organization string
	Faction      anima.Faction
	Category     anima.Category
	MaxLevel     int
}

// Filter returns the cards matching q, sorted by name.
func (c *Catalog) Filter(q Query) []anima.Card {
	text := fold(q.Text)
	var out []anima.Card
	for _, card := range c.cards {
		if text != "" && !strings.Contains(strings.ToLower(card.Name), text) {
			continue
		}
		if q.Organization != "" && !card.InOrganization(q.Organization) && !(card.IsWanderer() && IsWanderers(q.Organization)) {
			continue
		}
		if q.Faction != "" && card.Faction != q.Faction {
			continue
		}
		if q.Category != "" && !card.HasCategory(q.Category) {
			continue
		}
		if q.MaxLevel > 0 && card.Level > q.MaxLevel {
			continue
		}
		out = append(out, card)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Organizations lists the organizations present, sorted (R-CARD-2: the list is data).
func (c *Catalog) Organizations() []string {
	seen := map[string]bool{}
	var out []string
	for _, card := range c.cards {
		for _, o := range card.Organizations() {
			if !seen[o] {
				seen[o] = true
				out = append(out, o)
			}
		}
	}
	sort.Strings(out)
	return out
}
