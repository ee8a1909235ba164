package diskwars

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// DamageType is what kind of damage a ranged attack deals. R-DW-5.
type DamageType string

// The damage types.
const (
	Physical DamageType = "physical"
	Arcane   DamageType = "arcane"
	True     DamageType = "true"
)

// Ranged is a disc's ranged attack: its greatest band, its Fire (battle dice), its Strength
// and damage type, and the keywords that change its dice: scatter faces ignored, chaos
// counted as a hit. R-DW-3, R-DW-5, R-DW-8.
type Ranged struct {
	MaxBand        Band       `json:"max_band"`
	Fire           int        `json:"fire"`
	Strength       Strength   `json:"strength"`
	Damage         DamageType `json:"damage"`
	IgnoresScatter bool       `json:"ignores_scatter,omitempty"`
	ChaosAsHit     bool       `json:"chaos_as_hit,omitempty"`
}

// DiscCard is a disc as a player makes it (there is no public disc data): a name, its
// diameter in centimetres (R-DW-11), its Move (flips, R-DW-2), a ranged attack if any, Magic
// X (a focused ability dealing X arcane damage, R-DW-7) and the movement and activation
// keywords. Wounds and toughness are the player's to count (a damage counter).
type DiscCard struct {
	Name       string  `json:"name"`
	DiameterCm float64 `json:"diameter_cm"`
	Move       int     `json:"move"`
	Ranged     *Ranged `json:"ranged,omitempty"`
	Magic      int     `json:"magic,omitempty"`
	Fly        bool    `json:"fly,omitempty"`
	Relentless bool    `json:"relentless,omitempty"`
	SureFooted bool    `json:"sure_footed,omitempty"`
	Agile      bool    `json:"agile,omitempty"`
}

// Army is one player's discs.
type Army struct {
	Name  string     `json:"name"`
	Discs []DiscCard `json:"discs"`
}

// Bounds of a disc card.
const (
	MaxMove  = 20
	MaxMagic = 20
)

// ErrBadDisc is the error of a disc card that cannot be played, wrapped in *core.RuleError.
var ErrBadDisc = errors.New("bad disc")

// Validate says what is wrong with a disc card, if anything (ErrBadDisc).
func (c DiscCard) Validate() error {
	switch {
	case strings.TrimSpace(c.Name) == "":
		return refuse("", ErrBadDisc, "a disc needs a name")
	case !(c.DiameterCm > 0) || c.DiameterCm > MaxDiameterCm:
		return refuse("", ErrBadDisc, "%s: diameter %v cm: more than 0 and at most %v", c.Name, c.DiameterCm, MaxDiameterCm)
	case c.Move < 0 || c.Move > MaxMove:
		return refuse("", ErrBadDisc, "%s: Move %d: 0 to %d", c.Name, c.Move, MaxMove)
	case c.Magic < 0 || c.Magic > MaxMagic:
		return refuse("", ErrBadDisc, "%s: Magic %d: 0 to %d", c.Name, c.Magic, MaxMagic)
	}
	if r := c.Ranged; r != nil {
		if _, err := Odds(AttackSpec{Fire: r.Fire, Strength: r.Strength, Band: r.MaxBand}); err != nil || r.MaxBand == "" {
			return refuse("", ErrBadDisc, "%s: ranged attack: Fire 0 to %d, Strength 0 to %d or d6, a greatest band", c.Name, MaxFire, MaxStrength)
		}
		switch r.Damage {
		case Physical, Arcane, True:
		default:
			return refuse("", ErrBadDisc, "%s: damage type %q: physical, arcane or true", c.Name, r.Damage)
		}
	}
	return nil
}

// MarshalJSON writes a Strength as "3" or "d6".
func (s Strength) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// UnmarshalJSON reads a Strength written as "3", 3 or "d6".
func (s *Strength) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	st, err := ParseStrength(strings.Trim(fmt.Sprint(v), `"`))
	if err != nil {
		return err
	}
	*s = st
	return nil
}
