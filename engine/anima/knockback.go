package anima

import (
	"encoding/json"
)

// ObstacleKind is what a thrown model can meet. R-CAP-5.
type ObstacleKind string

// The obstacles of the falls table.
const (
	MinorObstacle ObstacleKind = "minor"      // no slowdown, 1 damage
	Forest        ObstacleKind = "forest"     // -5 cm, 2 damage, Stunned
	Wall          ObstacleKind = "wall"       // -10 cm, 3 damage, Stunned, goes on if distance remains
	Impassable    ObstacleKind = "impassable" // stops, 5 damage, Stunned
	TableEdge     ObstacleKind = "edge"       // stops, no damage, Stunned
	Base          ObstacleKind = "base"       // another model's base
)

// Crossing is something on the path of a thrown model, At centimetres from where the throw
// starts. For a Base: the model (Ref), whether its owner gives up its movement to step aside
// (Yield), whether the thrown base is larger (then 8+ avoids instead of 6+), whether the
// struck base is large (then, struck, both move half the distance left; a command's knockback
// reads it from the struck character's card, R-CARD-3, and refuses a crossing that says large
// of a base that is not), and whether its
// side spends Gnosis on the roll to avoid it (R-GNO-2). Terrain has no Ref: its JSON has none.
type Crossing struct {
	Kind   ObstacleKind `json:"kind"`
	At     Centimetres  `json:"at_cm"`
	Ref    Ref          `json:"ref"` // written only for a base (MarshalJSON)
	Yield  bool         `json:"yield,omitempty"`
	Larger bool         `json:"larger,omitempty"`
	Large  bool         `json:"large,omitempty"`
	Gnosis bool         `json:"gnosis,omitempty"`
}

// crossingJSON is a Crossing as written: the Ref only for a base.
type crossingJSON struct {
	Kind   ObstacleKind `json:"kind"`
	At     Centimetres  `json:"at_cm"`
	Ref    *Ref         `json:"ref,omitempty"`
	Yield  bool         `json:"yield,omitempty"`
	Larger bool         `json:"larger,omitempty"`
	Large  bool         `json:"large,omitempty"`
	Gnosis bool         `json:"gnosis,omitempty"`
}

func (c Crossing) written() crossingJSON {
	w := crossingJSON{Kind: c.Kind, At: c.At, Yield: c.Yield, Larger: c.Larger, Large: c.Large, Gnosis: c.Gnosis}
	if c.Kind == Base {
		r := c.Ref
		w.Ref = &r
	}
	return w
}

// MarshalJSON writes a Crossing with its Ref only when it is a base: a wall names no model.
func (c Crossing) MarshalJSON() ([]byte, error) { return json.Marshal(c.written()) }

// Impact is what a crossing did: the damage to the thrown model (armor never reduces it),
// whether it was Stunned, and for a base, the struck model's roll, its own damage and how
// far it is pushed the same way.
type Impact struct {
	Crossing
	Damage       int         `json:"damage"`
	Stunned      bool        `json:"stunned,omitempty"`
	Roll         *Roll       `json:"roll,omitempty"`
	Avoided      bool        `json:"avoided,omitempty"`
	StruckDamage int         `json:"struck_damage,omitempty"`
	Pushed       Centimetres `json:"pushed_cm,omitempty"`
}

// MarshalJSON writes an Impact as encoding/json would, its Crossing as Crossing.MarshalJSON
// does (the embedded Crossing's method would otherwise write the Crossing alone).
func (im Impact) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		crossingJSON
		Damage       int         `json:"damage"`
		Stunned      bool        `json:"stunned,omitempty"`
		Roll         *Roll       `json:"roll,omitempty"`
		Avoided      bool        `json:"avoided,omitempty"`
		StruckDamage int         `json:"struck_damage,omitempty"`
		Pushed       Centimetres `json:"pushed_cm,omitempty"`
	}{im.Crossing.written(), im.Damage, im.Stunned, im.Roll, im.Avoided, im.StruckDamage, im.Pushed})
}

// KnockbackPer is how far a knockback throws per point of damage (R-CAP-4): 1 in.
const KnockbackPer Centimetres = 2.5

// Throw follows a thrown model along its path (R-CAP-5): crossings in order while distance
// remains; minor obstacles cost nothing; a forest takes 5 cm, a wall 10 cm; impassable
// terrain and the table edge stop the throw. A crossed base may step aside (Yield) or roll
// d10: 6+ (8+ against a larger thrown base) avoids it; otherwise both lose 1 LP and the
// struck model is pushed the same way as far as the thrown one still goes, or, when the struck
// base is large, both go half that. It returns the distance travelled and the impacts in order.
func Throw(distance Centimetres, path []Crossing, d Die) (Centimetres, []Impact, error) {
	travelled, left := Centimetres(0), distance
	var out []Impact
	last := Centimetres(0)
	for _, c := range path {
		if c.At < last {
			return 0, nil, refuse("R-CAP-5", ErrNotAllowed, "the path is not in order: %v after %v", c.At, last)
		}
		if c.At-last > left {
			break
		}
		left -= c.At - last
		travelled, last = c.At, c.At
		im := Impact{Crossing: c}
		switch c.Kind {
		case MinorObstacle:
			im.Damage = 1
		case Forest:
			im.Damage, im.Stunned = 2, true
			left = max(0, left-5)
		case Wall:
			im.Damage, im.Stunned = 3, true
			left = max(0, left-10)
		case Impassable:
			im.Damage, im.Stunned = 5, true
			left = 0
		case TableEdge:
			im.Stunned = true
			left = 0
		case Base:
			if !c.Yield {
				r, err := rollSafe(d, DieSlot{For: "knockback"}, 1, c.Gnosis, false)
				if err != nil {
					return 0, nil, err
				}
				im.Roll = &r
				need := 6
				if c.Larger {
					need = 8
				}
				if r.Kept >= need {
					im.Avoided = true
				} else {
					im.Damage, im.StruckDamage = 1, 1
					if c.Large {
						left /= 2
					}
					im.Pushed = left
				}
			} else {
				im.Avoided = true
			}
		default:
			return 0, nil, refuse("R-CAP-5", ErrNotAllowed, "obstacle %q: want minor, forest, wall, impassable, edge or base", c.Kind)
		}
		out = append(out, im)
		if left == 0 {
			return travelled, out, nil
		}
	}
	return travelled + left, out, nil
}
