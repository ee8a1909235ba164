package anima

import (
	"fmt"
	"slices"
	"strings"

	"gnosis/engine/text"
)

// Traits are the capabilities of a card that the engine applies, in typed form: read once
// from the printed capability names (ParseTraits) when the catalog is imported or an own card
// is made, never at game start. CritOn is 9 with Critical Mastery (0: the usual 10, R-ATK-4);
// Range is the Ranged Attack's reach (0: none, R-CAP-1).
type Traits struct {
	CritOn int         `json:"crit_on,omitempty"`
	Range  Centimetres `json:"range_cm,omitempty"`
	Caps   Caps        `json:"caps,omitzero"`
}

// IsZero reports whether no capability the engine applies is present.
func (t Traits) IsZero() bool {
	return t.CritOn == 0 && t.Range == 0 && t.Caps.IsZero()
}

// IsZero reports whether no capability is set.
func (c Caps) IsZero() bool {
	return !c.DamageAccumulator && !c.DamageResistance && !c.Intangible && !c.Flight && !c.Knockback && !c.Initiative && len(c.Immune) == 0
}

// TypeAbility sets what an ability is from its printed keywords: a "Charge" keyword makes a
// Charge, "Ranged Attack" a Ranged Attack, "Attack" a melee Attack, any other keyword or a cost
// an effect, none a passive ability; "Ki" or "Magic" make it magic. The catalog import and
// the card packs call it once; play reads Makes and Magic.
func TypeAbility(a Ability) Ability {
	has := a.Has
	switch {
	case has("Order"):
		a.Makes = AbilityOrder
	case has("Charge"):
		a.Makes = AbilityCharge
	case has("Ranged Attack"):
		a.Makes = AbilityRanged
	case has("Attack"):
		a.Makes = AbilityAttack
	case len(a.Keywords) > 0 || a.Cost > 0:
		a.Makes = AbilityEffect
	default:
		a.Makes = ""
	}
	a.Magic = has("Ki") || has("Magic")
	return a
}

// ParseTraits reads printed capability names ("Critical Mastery", "Ranged Attack (16 inches)",
// "Immunity (Poison, Blind)", "Damage Resistance", ...) into Traits. Unknown names are kept on
// the card for the player to read and change nothing here. The transcriptions' spellings are
// cleaned ("Posion", "Blindness").
func ParseTraits(capabilities []string) Traits {
	var t Traits
	for _, cap := range capabilities {
		low := strings.ToLower(strings.TrimSpace(cap))
		switch {
		case strings.HasPrefix(low, "critical mastery"):
			t.CritOn = 9
		case strings.HasPrefix(low, "damage resistance"):
			t.Caps.DamageResistance = true
		case strings.HasPrefix(low, "damage accumulator"), strings.HasPrefix(low, "accumulator"):
			t.Caps.DamageAccumulator = true
		case strings.HasPrefix(low, "intangible"):
			t.Caps.Intangible = true
		case strings.HasPrefix(low, "flight"):
			t.Caps.Flight = true
		case strings.HasPrefix(low, "knockback"):
			t.Caps.Knockback = true
		case strings.HasPrefix(low, "initiative"):
			t.Caps.Initiative = true
		case strings.HasPrefix(low, "ranged attack"):
			var in float64
			if _, err := fmt.Sscanf(low, "ranged attack (%g inches)", &in); err == nil {
				t.Range = Inches(in)
			}
		case strings.HasPrefix(low, "immunity"):
			if _, list, ok := strings.Cut(low, "("); ok {
				for _, name := range strings.Split(strings.TrimSuffix(list, ")"), ",") {
					name = strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(name, "posion", "poison"), "blindness", "blind"))
					if k, err := ParseState(name); err == nil && !slices.Contains(t.Caps.Immune, k) {
						t.Caps.Immune = append(t.Caps.Immune, k)
					}
				}
			}
		}
	}
	return t
}

// CapabilityIn is a capability as printed on a card ("Immunity (Poison)", "Summoner (Level 1)",
// "Ranged Attack (16 inches)") in lang: its name and what it names in brackets (states, a
// level, a distance) in that language's words; what the catalogue does not know stays as printed.
func CapabilityIn(lang, capability string) string {
	if text.Lang(lang) == text.EN {
		return capability // as printed
	}
	name, args, ok := strings.Cut(strings.TrimSpace(capability), "(")
	name = strings.TrimSpace(name)
	out := text.Word(lang, "capability", name)
	if !ok {
		return out
	}
	args, rest, _ := strings.Cut(args, ")")
	parts := strings.Split(args, ",")
	for i, a := range parts {
		a = strings.TrimSpace(a)
		switch k, err := ParseState(strings.Replace(a, "Posion", "Poison", 1)); {
		case err == nil:
			a = k.In(lang)
		case strings.HasPrefix(a, "Level "):
			a = text.F(lang, "Level %s", strings.TrimPrefix(a, "Level "))
		case strings.HasSuffix(a, " inches"):
			a = text.F(lang, "%s in", strings.TrimSuffix(a, " inches"))
		}
		parts[i] = a
	}
	return out + " (" + strings.Join(parts, ", ") + ")" + rest
}
