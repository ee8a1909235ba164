package anima

import (
	"errors"
	"slices"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/text"
)

// Faction is a character's alignment. R-CARD-1, R-PARTY-6.
type Faction string

// The factions. A card with no faction printed (a Wanderer of no side) has Faction "".
const (
	Light     Faction = "Light"
	Darkness  Faction = "Darkness"
	Unaligned Faction = "Unaligned"
)

// In is the faction as the rulebooks of lang name it (Luz, Tenebra…).
func (f Faction) In(lang string) string { return text.Word(lang, "faction", string(f)) }

// Category is a character type printed on the card. R-CARD-1.
type Category string

// In is the category as the rulebooks of lang name it (Guerrero, Predatore…).
func (k Category) In(lang string) string { return text.Word(lang, "category", string(k)) }

// The categories.
const (
	Mystic  Category = "Mystic"
	Fighter Category = "Fighter"
	Prowler Category = "Prowler"
)

// Leadership says whether a card may lead a party (R-PARTY-4): "yes", "optional" (the card
// may be fielded as a leader or not), or "" (never a leader).
type Leadership string

// The leadership values.
const (
	NotLeader      Leadership = ""
	Leader         Leadership = "yes"
	OptionalLeader Leadership = "optional"
)

// Ability is a special ability named on a card: its name, type keywords (Ki, Magic,
// Subterfuge, Attack, Effect, Reactive, ...) and its cost in actions. Cost 0 with no
// keywords is a passive ability. CostPlus marks a variable cost of at least Cost
// (printed as "oo+"). No card text is kept, only these facts. R-ACT-1.
type Ability struct {
	Name     string   `json:"name"`
	Keywords []string `json:"keywords,omitempty"`
	Cost     int      `json:"cost,omitempty"`
	CostPlus bool     `json:"cost_plus,omitempty"`
	// Makes is the action the ability is, read once from its keywords (TypeAbility) when the
	// catalog is imported or a card pack read: an Attack, a Ranged Attack, a Charge, or an
	// effect; "" for a passive ability. Magic marks a Ki or Magic ability (R-CAP-3).
	Makes AbilityAction `json:"makes,omitempty"`
	Magic bool          `json:"magic,omitempty"`
	// Upkeep is what the ability costs in actions each Maintenance phase to keep it active
	// (R-TURN-3), 0 when it is not sustained.
	Upkeep int `json:"upkeep,omitempty"`
}

// Has reports whether the ability's keywords include k, in any case and spaces around it
// aside ("Reactive", "Effect").
func (a Ability) Has(k string) bool {
	return slices.ContainsFunc(a.Keywords, func(w string) bool { return strings.EqualFold(strings.TrimSpace(w), k) })
}

// KeywordsIn is the ability's printed keywords in lang, joined by commas ("Ki, Ataque"); a
// keyword the catalogue does not know stays as printed.
func (a Ability) KeywordsIn(lang string) string { return text.Words(lang, "keyword", a.Keywords) }

// AbilityAction is the action an ability is (Ability.Makes).
type AbilityAction string

// The actions an ability may be.
const (
	AbilityAttack AbilityAction = "attack" // a melee Attack (R-ATK)
	AbilityRanged AbilityAction = "ranged" // a Ranged Attack (R-ATK-6)
	AbilityCharge AbilityAction = "charge" // a Charge (R-ATK-8)
	AbilityEffect AbilityAction = "effect" // an effect: a state, a resistance check (R-RES)
	AbilityOrder  AbilityAction = "order"  // an Arbiter's order, paid in Order points (R-ARB-1)
)

// CardKind tells a character card from a summon card.
type CardKind string

// The card kinds; "" reads as KindCharacter.
const (
	KindCharacter CardKind = "character"
	KindSummon    CardKind = "summon"
)

// Card is a character or summon card: every printed number and name that the rules use.
// Speeds are in Centimetres. RecoveryVaries marks a Gear whose Recovery comes from its
// pilot (Recovery is then 0 until a pilot is chosen). For a summon, Level is its cost in
// levels and SummonCost, Atman, Bind, Stability, Shock and Only come from its card
// (R-SUM-1); Only lists the organizations or factions it may serve (empty: any). Source
// names the printing or transcription the values come from. ID is the catalog's stable
// ID, 0 for a player's own card. R-CARD-1.
type Card struct {
	ID             int         `json:"id,omitempty"`
	Kind           CardKind    `json:"kind,omitempty"`
	Name           string      `json:"name"`
	Faction        Faction     `json:"faction,omitempty"`
	Organization   string      `json:"organization,omitempty"`
	Categories     []Category  `json:"categories"`
	Level          int         `json:"level"`
	Attack         Stat        `json:"attack"`
	Damage         Stat        `json:"damage"`
	Defense        Stat        `json:"defense"`
	Armor          Stat        `json:"armor"`
	LP             Stat        `json:"lp"`
	Resistance     Stat        `json:"resistance"`
	Walk           Centimetres `json:"walk_cm"`
	Run            Centimetres `json:"run_cm"`
	Actions        int         `json:"actions"`
	Recovery       int         `json:"recovery"`
	RecoveryVaries bool        `json:"recovery_varies,omitempty"`
	BaseSize       string      `json:"base_size,omitempty"`
	Leader         Leadership  `json:"leader,omitempty"`
	Agent          bool        `json:"agent,omitempty"`
	Abilities      []Ability   `json:"abilities,omitempty"`
	Powers         []string    `json:"powers,omitempty"`
	Capabilities   []string    `json:"capabilities,omitempty"`
	Traits         Traits      `json:"traits,omitzero"` // the capabilities the engine applies, parsed once (ParseTraits)
	SummonerLevel  int         `json:"summoner_level,omitempty"`
	Affinity       []string    `json:"affinity,omitempty"`
	SummonCost     int         `json:"summon_cost,omitempty"`
	Atman          int         `json:"atman,omitempty"`
	Bind           int         `json:"bind,omitempty"`
	Stability      int         `json:"stability,omitempty"`
	Shock          int         `json:"shock,omitempty"`
	Only           []string    `json:"only,omitempty"`
	OrderPoints    int         `json:"order_points,omitempty"` // an Arbiter's Order points per turn (R-ARB-1)
	Influence      Centimetres `json:"influence_cm,omitempty"` // an Arbiter's zone of influence, from the base's edge (R-ARB-1)
	Gnosis         int         `json:"gnosis,omitempty"`       // a Black Sun Controller's Gnosis points (GP)
	Infection      int         `json:"infection,omitempty"`    // a Black Sun Undead's Infection
	VariantOf      string      `json:"variant_of,omitempty"`   // the catalog card this profile is a version of
	Printing       Printing    `json:"printing,omitempty"`     // the printing these values are, where the two differ
	Printed        []Printed   `json:"printed,omitempty"`      // both printings' values where they differ
	Source         string      `json:"source,omitempty"`
	Notes          string      `json:"notes,omitempty"`
}

// IsSummon reports whether the card is a summon. R-SUM-1.
func (c Card) IsSummon() bool { return c.Kind == KindSummon }

// IsWanderer reports whether the card belongs to no organization (R-PARTY-7).
// R-CARD-2 (home): organizations are data (Card.Organization), any name; none is a Wanderer.
func (c Card) IsWanderer() bool {
	return c.Organization == "" || strings.EqualFold(c.Organization, "Wanderer") || strings.EqualFold(c.Organization, "Wanderers")
}

// Organizations lists the card's organizations: one, or several for a card printed for more
// than one ("Church;Samael"); none for a Wanderer. R-CARD-2.
func (c Card) Organizations() []string {
	if c.IsWanderer() {
		return nil
	}
	return SplitList(c.Organization)
}

// FitsOrganization reports whether the card may join a party of organization org: a card of
// that organization, or a Wanderer (at most one of them, which CheckParty counts). An empty
// org is a faction party: every card fits. R-PARTY-7.
func (c Card) FitsOrganization(org string) bool {
	return org == "" || c.IsWanderer() || c.InOrganization(org)
}

// InOrganization reports whether the card belongs to org (case-insensitive). R-PARTY-7.
func (c Card) InOrganization(org string) bool {
	for _, o := range c.Organizations() {
		if strings.EqualFold(o, strings.TrimSpace(org)) {
			return true
		}
	}
	return false
}

// HasAffinity reports whether the card lists an affinity with element (case-insensitive;
// "Dark" and "Darkness" are one element). R-PARTY-10.
func (c Card) HasAffinity(element string) bool {
	norm := func(s string) string {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "darkness" {
			return "dark"
		}
		return s
	}
	for _, a := range c.Affinity {
		if norm(a) == norm(element) {
			return true
		}
	}
	return false
}

// HasCategory reports whether the card prints category k.
func (c Card) HasCategory(k Category) bool {
	for _, x := range c.Categories {
		if x == k {
			return true
		}
	}
	return false
}

// HasCapability reports whether the card lists the capability (case-insensitive prefix:
// "Immunity" matches "Immunity (Poison)").
func (c Card) HasCapability(name string) bool {
	for _, x := range c.Capabilities {
		if len(x) >= len(name) && strings.EqualFold(x[:len(name)], name) {
			return true
		}
	}
	return false
}

// ErrInvalidCard is wrapped by every error of Card.Validate.
var ErrInvalidCard = errors.New("invalid card")

// Validate checks that the card can be played: a name, a level, at least one Life Point and
// one action, Recovery within 0..Actions (unless it varies), known categories (a card may
// print none) and faction.
// R-CARD-1 (home). The error wraps ErrInvalidCard and names the card and the field.
func (c Card) Validate() error {
	if strings.TrimSpace(c.Name) == "" {
		return fail(ErrInvalidCard, "a card needs a name")
	}
	bad := func(format string, a ...any) error {
		return fail(ErrInvalidCard, "%s: %s", c.Name, text.M(format, a...))
	}
	if m, ok := c.wrongNumber(); ok {
		return fail(ErrInvalidCard, "%s: %s", c.Name, m)
	}
	if m, ok := c.wrongWord(); ok {
		return fail(ErrInvalidCard, "%s: %s", c.Name, m)
	}
	for _, a := range c.Abilities {
		if strings.TrimSpace(a.Name) == "" || a.Cost < 0 || a.Cost > MaxAbilityCost {
			return bad("ability %q cost %d: want a name and a cost of 0 to %d", a.Name, a.Cost, MaxAbilityCost)
		}
	}
	if err := c.inBounds(); err != nil {
		var re *core.RuleError
		if errors.As(err, &re) {
			return fail(ErrInvalidCard, "%s: %s", c.Name, re.Msg)
		}
		return err
	}
	return nil
}

// because is a reason of the catalogue (a key and its arguments) that a card cannot be
// played.
func because(format string, args ...any) text.Msg { return text.M(format, args...) }

// wrongNumber is what is wrong with the card's level, LP, actions, recovery or speed, if
// anything (R-CARD-1).
func (c Card) wrongNumber() (text.Msg, bool) {
	switch {
	case c.Level <= 0:
		return because("level %d: must be more than 0", c.Level), true
	case c.LP.Base <= 0:
		return because("life points %s: must be at least 1", c.LP), true
	case c.Actions <= 0:
		return because("actions %d: must be at least 1", c.Actions), true
	case c.Recovery < 0 || c.Recovery > c.Actions:
		return because("recovery %d: must be between 0 and the %d actions", c.Recovery, c.Actions), true
	case !c.RecoveryVaries && c.Recovery == 0:
		return because("recovery 0: a card recovers at least one action, or its recovery varies"), true
	case c.Walk < 0 || c.Run < 0:
		return because("speed %v/%v: must not be negative", c.Walk, c.Run), true
	}
	return text.Msg{}, false
}

// wrongWord is what is wrong with the card's categories, faction, kind or leader mark, if
// anything (R-CARD-1, R-SUM-1).
func (c Card) wrongWord() (text.Msg, bool) {
	for _, k := range c.Categories {
		if k != Mystic && k != Fighter && k != Prowler {
			return because("category %q: want Mystic, Fighter or Prowler", string(k)), true
		}
	}
	switch c.Faction {
	case Light, Darkness, Unaligned, "":
	default:
		return because("faction %q: want Light, Darkness or Unaligned", string(c.Faction)), true
	}
	switch c.Kind {
	case "", KindCharacter:
	case KindSummon:
		if c.Bind <= 0 || len(c.Affinity) == 0 {
			return because("a summon needs at least 1 Bind point and an affinity (R-SUM-1)"), true
		}
	default:
		return because("kind %q: want character or summon", string(c.Kind)), true
	}
	switch c.Leader {
	case NotLeader, Leader, OptionalLeader:
	default:
		return because("leader %q: want yes, optional or empty", string(c.Leader)), true
	}
	return text.Msg{}, false
}

// inBounds checks every number of the card against the bounds of bounds.go.
func (c Card) inBounds() error {
	return firstErr(
		InRange("level", c.Level, 1, MaxCardLevel),
		statInRange("attack", c.Attack, -MaxStat, MaxStat),
		statInRange("damage", c.Damage, 0, MaxStat),
		statInRange("defense", c.Defense, 0, MaxStat),
		statInRange("armor", c.Armor, 0, MaxStat),
		statInRange("life points", c.LP, 1, MaxCardLP),
		statInRange("resistance", c.Resistance, 0, MaxStat),
		InRange("actions", c.Actions, 1, MaxActions),
		InRange("walk (cm)", int(c.Walk), 0, MaxSpeed),
		InRange("run (cm)", int(c.Run), 0, MaxSpeed),
		InRange("summoner level", c.SummonerLevel, 0, MaxStat),
		InRange("summon cost", c.SummonCost, 0, MaxCardLevel),
		InRange("atman", c.Atman, 0, MaxCardLevel),
		InRange("bind", c.Bind, 0, MaxStat),
		InRange("stability", c.Stability, 0, MaxStat),
		InRange("shock", c.Shock, -MaxStat, MaxStat),
		InRange("order points", c.OrderPoints, 0, MaxStat),
	)
}

// ParseBase reads a card's base as printed (Card.BaseSize): the size of the base on the table
// ("small", "medium" or "large") and the size it counts as for the rules, such as an escape's
// modifier (R-CARD-3): "medium (counts as small: Unnatural Size)" is a medium base counted as
// small. An empty or unknown base is small.
func ParseBase(printed string) (size, countsAs string) {
	word := func(s string) string {
		s = strings.ToLower(strings.TrimSpace(s))
		for _, w := range [...]string{"small", "medium", "large"} {
			if strings.HasPrefix(s, w) {
				return w
			}
		}
		return "small"
	}
	size, countsAs = word(printed), word(printed)
	if _, rest, ok := strings.Cut(strings.ToLower(printed), "counts as "); ok {
		countsAs = word(rest)
	}
	return size, countsAs
}
