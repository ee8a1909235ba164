package anima

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine/text"
)

// Upgrade is an option bought on one character when the party is formed: an agent's skill,
// an optional leader's upgrade, a Black Sun modification or a Gear Mk. Trithemius
// modification. Level is its cost in levels, added to the character's (R-PARTY-1); Change is
// its stat change as printed ("+1 Atk, +1 Dmg", "+2 Speed", "+1 APR"); Abilities and Powers
// are what it adds to the card; Leader says that it makes the character a leader (counted by
// R-PARTY-4). Group is the source's selection group; Requires names the option it is
// nested in (one of a nested group may be bought, with its parent). ID is the catalog's
// stable ID. Source names the transcription.
type Upgrade struct {
	ID        int       `json:"id"`
	Character string    `json:"character"`
	Group     string    `json:"group,omitempty"`
	Name      string    `json:"name"`
	Level     int       `json:"level"`
	Change    string    `json:"change,omitempty"`
	Abilities []Ability `json:"abilities,omitempty"`
	Powers    []string  `json:"powers,omitempty"`
	Leader    bool      `json:"leader,omitempty"`
	Requires  string    `json:"requires,omitempty"`
	Source    string    `json:"source,omitempty"`
}

// upgradeStats name the card's stats an upgrade's change abbreviates, as Card.stat knows them
// (APR and Speed are not stats of two values: WithUpgrades changes them itself).
var upgradeStats = map[string]string{"Atk": "attack", "Dmg": "damage", "Def": "defense", "Arm": "armor", "LP": "life_points", "Res": "resistance"}

// ErrUpgrade is wrapped by the errors of WithUpgrades.
var ErrUpgrade = errors.New("upgrade")

// StatChange is one change of an upgrade: the stat ("Atk", "Dmg", "Def", "Arm", "LP",
// "APR" for Recovery, "Speed" in inches on both speeds) and by how much.
type StatChange struct {
	Stat  string
	Delta int
}

// ParseChange reads an upgrade's printed change, "+1 Atk, +2 Dmg", into its parts. It
// refuses a stat it does not know, so that no change is silently dropped.
func ParseChange(printed string) ([]StatChange, error) {
	var out []StatChange
	for _, part := range SplitList(printed) {
		num, stat, ok := strings.Cut(strings.TrimSpace(part), " ")
		n, err := strconv.Atoi(strings.TrimPrefix(num, "+"))
		if !ok || err != nil {
			return nil, fmt.Errorf("%w: change %q: want such as +1 Atk", ErrUpgrade, part)
		}
		if stat = strings.TrimSpace(stat); upgradeStats[stat] == "" && stat != "APR" && stat != "Speed" {
			return nil, fmt.Errorf("%w: change %q: unknown stat %q", ErrUpgrade, part, stat)
		}
		out = append(out, StatChange{Stat: stat, Delta: n})
	}
	return out, nil
}

// ChangeIn is an upgrade's printed change said in lang, its stats abbreviated in that language
// ("+1 Atk, +2 Dmg" is "+1 Ata, +2 Daño" in Spanish); a change it cannot read is said as printed.
func ChangeIn(printed, lang string) string {
	changes, err := ParseChange(printed)
	if err != nil {
		return printed
	}
	parts := make([]string, len(changes))
	for i, c := range changes {
		parts[i] = fmt.Sprintf("%+d %s", c.Delta, text.Word(lang, "stat", c.Stat))
	}
	return strings.Join(parts, ", ")
}

func addStat(s Stat, n int) Stat {
	s.Base += n
	if s.HasAlt {
		s.Alt += n
	}
	return s
}

// WithUpgrades returns the card as fielded with the upgrades bought on it: its level raised
// by theirs, their stat changes made, their abilities and powers added, a leader if one of
// them makes it one. Errors wrap ErrUpgrade: an upgrade of another character, one bought
// twice, a nested option without its parent or beside another of its group, a change it
// cannot read.
func (c Card) WithUpgrades(us []Upgrade) (Card, error) {
	if len(us) == 0 {
		return c, nil
	}
	bad := func(format string, a ...any) (Card, error) {
		return c, fail(ErrUpgrade, "%s: %s", c.Name, text.M(format, a...))
	}
	out := c
	out.Abilities = append([]Ability(nil), c.Abilities...)
	out.Powers = append([]string(nil), c.Powers...)
	bought := map[string]bool{}
	for _, u := range us {
		bought[strings.ToLower(u.Name)] = true
	}
	groups, seen := map[string]string{}, map[string]bool{}
	for _, u := range us {
		switch {
		case !strings.EqualFold(u.Character, c.Name):
			return bad("%s is an upgrade of %s", u.Name, u.Character)
		case seen[strings.ToLower(u.Name)]:
			return bad("%s is bought twice", u.Name)
		case u.Requires != "" && !bought[strings.ToLower(u.Requires)]:
			return bad("%s needs %s", u.Name, u.Requires)
		}
		seen[strings.ToLower(u.Name)] = true
		if u.Requires != "" {
			if other, dup := groups[u.Group]; dup {
				return bad("%s and %s are one choice: keep one", other, u.Name)
			}
			groups[u.Group] = u.Name
		}
		changes, err := ParseChange(u.Change)
		if err != nil {
			return c, err
		}
		out.Level += u.Level
		for _, ch := range changes {
			switch ch.Stat {
			case "APR":
				out.Recovery = min(out.Recovery+ch.Delta, out.Actions)
			case "Speed":
				out.Walk += Inches(float64(ch.Delta))
				out.Run += Inches(float64(ch.Delta))
			default: // a stat of two values (ParseChange knows no other)
				s := out.stat(upgradeStats[ch.Stat])
				*s = addStat(*s, ch.Delta)
			}
		}
		out.Abilities = append(out.Abilities, u.Abilities...)
		out.Powers = append(out.Powers, u.Powers...)
		if u.Leader {
			out.Leader = Leader
		}
	}
	return out, nil
}
