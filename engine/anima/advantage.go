package anima

import (
	"errors"
	"fmt"
	"strings"

	"gnosis/engine/text"
)

// AdvantageGroup is the kind of an advantage card. R-PARTY-8, R-PARTY-9.
type AdvantageGroup string

// The advantage groups. Equipment and Power cards are assigned to one character; Plot and
// Team cards stay with the party; Organization advantages come free with an organization
// party, by tier (R-PARTY-2, R-PARTY-7).
const (
	Plot                  AdvantageGroup = "Plot"
	Equipment             AdvantageGroup = "Equipment"
	Power                 AdvantageGroup = "Power"
	Team                  AdvantageGroup = "Team"
	SpecialAbility        AdvantageGroup = "Special Abilities"
	OrganizationAdvantage AdvantageGroup = "Organization"
)

// Assigned reports whether cards of the group are assigned to a character. R-PARTY-9.
func (g AdvantageGroup) Assigned() bool { return g == Equipment || g == Power }

// AdvantageCard is an advantage card or an organization advantage: its name, group, cost in
// advantage points (paid from the advantage points, then the levels; R-PARTY-3), Only (a
// character name or category it is limited to; empty: anyone), Automatic (costs no actions
// to use), Organization (for organization advantages) and Source. ID is the catalog's
// stable ID, 0 for a player's own card.
type AdvantageCard struct {
	ID           int            `json:"id,omitempty"`
	Name         string         `json:"name"`
	Group        AdvantageGroup `json:"group"`
	Cost         int            `json:"cost"`
	Only         string         `json:"only,omitempty"`
	Automatic    bool           `json:"automatic,omitempty"`
	Actions      int            `json:"actions,omitempty"`  // what a use costs in actions as printed ("1 AP"); 0: Automatic, or not printed (costs 1, UseCard)
	Reactive     bool           `json:"reactive,omitempty"` // used at any time, not only in its bearer's activation
	Organization string         `json:"organization,omitempty"`
	SingleUse    bool           `json:"single_use,omitempty"`  // used once, then spent (R-PARTY-9)
	Maintenance  string         `json:"maintenance,omitempty"` // its upkeep each Maintenance phase, as printed ("1 LP"); "" none
	Members      []string       `json:"members,omitempty"`     // a Team card's characters
	Printing     Printing       `json:"printing,omitempty"`    // the printing these values are, where the two differ
	Printed      []Printed      `json:"printed,omitempty"`     // both printings' values where they differ
	Source       string         `json:"source,omitempty"`
}

// inPlay is the card as a game starts with it, not yet used. R-PARTY-9.
func (a AdvantageCard) inPlay() CardInPlay {
	return CardInPlay{Name: a.Name, Group: a.Group, Automatic: a.Automatic, Actions: a.Actions, Reactive: a.Reactive, SingleUse: a.SingleUse, Maintenance: a.Maintenance}
}

// Counts reports whether the card counts against R-PARTY-8 (organization advantages do not).
func (a AdvantageCard) Counts() bool { return a.Group != OrganizationAdvantage }

// Fits reports whether the card may be assigned to c (its Only limit). R-PARTY-9.
//
// Only is a character's name ("Hiro", which also fits "Hiro Ebersbacher"), or a list of
// limits separated by ";": categories (Mystic, Fighter, Prowler), factions (Light, Darkness),
// organizations, or Summoner. "All" and "Any" fit anyone. The source does not say whether a
// list means both or either; Gnosis reads limits of one kind as either ("Fighter;Prowler")
// and limits of different kinds as both ("Darkness;Mystic": a Mystic of Darkness).
func (a AdvantageCard) Fits(c Card) bool {
	only := strings.TrimSpace(a.Only)
	if only == "" || strings.EqualFold(only, "All") || strings.EqualFold(only, "Any") {
		return true
	}
	byKind := map[string]bool{} // kind -> some limit of that kind fits
	for _, term := range SplitList(only) {
		term = strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(term, " only"), " Only"))
		kind, fits := limitFits(term, c)
		byKind[kind] = byKind[kind] || fits
	}
	for _, fits := range byKind {
		if !fits {
			return false
		}
	}
	return true
}

// limitFits says what kind of limit term is ("category", "faction", "summoner",
// "organization", else "name") and whether card c is within it.
func limitFits(term string, c Card) (kind string, fits bool) {
	is := func(words ...string) bool {
		for _, w := range words {
			if strings.EqualFold(term, w) {
				return true
			}
		}
		return false
	}
	switch {
	case is("Mystic", "Fighter", "Prowler", "Warrior"):
		for _, k := range c.Categories {
			if strings.EqualFold(string(k), term) || (k == Fighter && is("Warrior")) {
				return "category", true
			}
		}
		return "category", false
	case is("Light", "Darkness", "Dark", "Unaligned"):
		return "faction", strings.EqualFold(string(c.Faction), term) || (c.Faction == Darkness && is("Dark"))
	case is("Summoner"):
		return "summoner", c.SummonerLevel > 0
	case isOrganization(term):
		return "organization", c.InOrganization(term)
	}
	return "name", strings.EqualFold(term, c.Name) || strings.HasPrefix(strings.ToLower(c.Name), strings.ToLower(term)+" ")
}

// Organizations are the seven organizations of R-CARD-2 (Tol Rauko, in no catalog, included;
// the Wanderers are none). The list is the rulebook's; cards may name others (data).
var Organizations = []string{"Azur Alliance", "Black Sun", "Church", "Empire", "Samael", "Tol Rauko", "Wissenschaft"}

// OrganizationIn is an organization's name as the rulebooks of lang write it (Iglesia, Sole
// Nero); a name the catalogue does not know stays as it is.
func OrganizationIn(lang, org string) string { return text.Word(lang, "organization", org) }

func isOrganization(name string) bool {
	for _, o := range Organizations {
		if strings.EqualFold(o, strings.TrimSpace(name)) {
			return true
		}
	}
	return false
}

// Validate checks the card: a name, a known group, a cost of 0 or more, and an organization
// for an organization advantage. Errors wrap ErrInvalidCard.
func (a AdvantageCard) Validate() error {
	switch {
	case strings.TrimSpace(a.Name) == "":
		return fail(ErrInvalidCard, "an advantage card needs a name")
	case a.Cost < 0 || a.Cost > MaxCardLevel:
		return fail(ErrInvalidCard, "%s: cost %d: want 0 to %d", a.Name, a.Cost, MaxCardLevel)
	case a.Actions < 0 || a.Actions > MaxActions:
		return fail(ErrInvalidCard, "%s: actions %d: want 0 to %d", a.Name, a.Actions, MaxActions)
	}
	switch a.Group {
	case Plot, Equipment, Power, Team, SpecialAbility:
	case OrganizationAdvantage:
		if a.Organization == "" {
			return fail(ErrInvalidCard, "%s: an organization advantage names its organization", a.Name)
		}
	default:
		return fail(ErrInvalidCard, "%s: group %q: want Plot, Equipment, Power, Team, Special Abilities or Organization", a.Name, string(a.Group))
	}
	return nil
}

// Pilot is a pilot of Wissenschaft Gears: the Gears it may pilot, the levels it adds to the
// Gear, the Gear's Recovery with it, and the capabilities it brings.
type Pilot struct {
	ID           int      `json:"id"`
	Name         string   `json:"name"`
	Gears        []string `json:"gears"`
	Level        int      `json:"level"`
	Recovery     int      `json:"recovery"`
	Capabilities []string `json:"capabilities,omitempty"`
	// LeaderOf lists the Gears this pilot makes a leader (R-PARTY-4).
	LeaderOf []string  `json:"leader_of,omitempty"`
	Printing Printing  `json:"printing,omitempty"`
	Printed  []Printed `json:"printed,omitempty"`
	Source   string    `json:"source,omitempty"`
}

// Pilots reports whether the pilot may pilot the named Gear.
func (p Pilot) Pilots(gear string) bool {
	for _, g := range p.Gears {
		if strings.EqualFold(g, gear) {
			return true
		}
	}
	return false
}

// ErrBadPilot is returned by WithPilot.
var ErrBadPilot = errors.New("bad pilot")

// WithPilot returns the Gear card as fielded with pilot p: its level raised by the pilot's,
// its Recovery the pilot's, the pilot's capabilities added.
func (c Card) WithPilot(p Pilot) (Card, error) {
	if !p.Pilots(c.Name) {
		return c, fmt.Errorf("%w: %s cannot pilot %s", ErrBadPilot, p.Name, c.Name)
	}
	c.Level += p.Level
	c.Recovery = min(p.Recovery, c.Actions)
	c.RecoveryVaries = false
	c.Capabilities = append(append([]string(nil), c.Capabilities...), p.Capabilities...)
	for _, g := range p.LeaderOf {
		if strings.EqualFold(g, c.Name) {
			c.Leader = Leader
		}
	}
	c.Traits = ParseTraits(c.Capabilities)
	return c, nil
}
