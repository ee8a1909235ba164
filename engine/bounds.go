package engine

import (
	"bytes"
	"errors"
	"strings"

	"gnosis/engine/text"
)

// Bounds on every number a card, a party, an attack or a game may hold. The printed cards stay
// well inside them (Attack, Damage, Defense, Armor and Resistance up to 15, LP up to 60, levels
// up to 150, encounters of 1,000 levels); they leave room for a player's own cards and refuse
// only numbers no card could print, which would otherwise overflow sums or size tables by
// the billion. Each error names the field and the range and wraps ErrOutOfRange.
const (
	MaxStat        = 99      // Attack, Damage, Defense, Armor, Resistance; Bind, Stability, Shock, Atman
	MaxCardLP      = 999     // a card's Life Points
	MaxActions     = 99      // a card's actions and recovery
	MaxCardLevel   = 999     // a card's level, a summon's cost, an advantage card's cost
	MaxPartyLevel  = 9999    // an encounter's level (R-PARTY-1)
	MaxSpeed       = 500     // a card's Walk and Run, in centimetres
	MaxModifier    = 99      // a modifier to an attack roll, either sign
	MaxAbilityCost = 99      // an ability's cost in actions
	MaxPartyItems  = 256     // characters, advantage cards or summons in one list of a party
	MaxFileBytes   = 4 << 20 // a file read from outside: a party, game, table or field file, a roster, a card pack (bytes)
)

// ErrOutOfRange is wrapped by the errors of a number outside its bounds.
var ErrOutOfRange = errors.New("out of range")

// ErrNotAFile is wrapped by the errors of a file that is not what it should be (not a party
// file, not a card pack), or of a version this Gnosis does not read.
var ErrNotAFile = errors.New("not a file of this kind")

// CheckFile refuses an outside file (what names it: "party file") larger than MaxFileBytes,
// before it is decoded, and returns it without a UTF-8 byte order mark.
func CheckFile(b []byte, what string) ([]byte, error) {
	if len(b) > MaxFileBytes {
		return nil, fail(ErrOutOfRange, "a %s of %d bytes: at most %d", FieldName(what), len(b), MaxFileBytes)
	}
	return bytes.TrimPrefix(b, []byte("\uFEFF")), nil
}

// FieldName is a number's name on a card or a party, a list of a party, or a kind of file
// ("level", "summons of Nero", "party file"), said in the player's language (the catalogue's
// "field:" words; a word it does not have is said as it is); "summons of Nero" says its first
// words and keeps the name.
type FieldName string

// In is the name in lang.
func (f FieldName) In(lang string) string {
	if w, name, ok := strings.Cut(string(f), " of "); ok {
		return text.F(lang, "%s of %s", text.Word(lang, "field", w), name)
	}
	return text.Word(lang, "field", string(f))
}

// InRange returns nil when lo <= v <= hi, else an error naming field (a FieldName) and the
// range (ErrOutOfRange).
func InRange(field string, v, lo, hi int) error {
	if v < lo || v > hi {
		return fail(ErrOutOfRange, "%s %d: want %d to %d", FieldName(field), v, lo, hi)
	}
	return nil
}

// statInRange checks both values of a printed stat.
func statInRange(field string, s Stat, lo, hi int) error {
	if err := InRange(field, s.Base, lo, hi); err != nil {
		return err
	}
	if s.HasAlt {
		return InRange(field, s.Alt, lo, hi)
	}
	return nil
}

// firstErr returns the first non-nil error.
func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
