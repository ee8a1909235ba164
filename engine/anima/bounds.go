package anima

import (
	"errors"
	"fmt"
	"reflect"

	"gnosis/engine/core"
)

// Bounds on every number a card, a party, an attack or a game may hold. The printed cards stay
// well inside them (Attack, Damage, Defense, Armor and Resistance up to 15, LP up to 60, levels
// up to 150, encounters of 1,000 levels); they leave room for a player's own cards and refuse
// only numbers no card could print, which would otherwise overflow sums or size tables by
// the billion. Each error names the field and the range and wraps ErrOutOfRange.
const (
	MaxStat        = 99                // Attack, Damage, Defense, Armor, Resistance; Bind, Stability, Shock, Atman
	MaxCardLP      = 999               // a card's Life Points
	MaxActions     = 99                // a card's actions and recovery
	MaxCardLevel   = 999               // a card's level, a summon's cost, an advantage card's cost
	MaxPartyLevel  = 9999              // an encounter's level (R-PARTY-1)
	MaxSpeed       = 500               // a card's Walk and Run, in centimetres
	MaxModifier    = 99                // a modifier to an attack roll, either sign
	MaxAbilityCost = 99                // an ability's cost in actions
	MaxPartyItems  = 256               // characters, advantage cards or summons in one list of a party
	MaxFileBytes   = core.MaxFileBytes // a file read from outside: a party, game, table or field file, a roster, a card pack (bytes)
)

// ErrOutOfRange is wrapped by the errors of a number outside its bounds (core.ErrOutOfRange).
var ErrOutOfRange = core.ErrOutOfRange

// ErrNotAFile is wrapped by the errors of a file that is not what it should be (not a party
// file, not a card pack), or of a version this Gnosis does not read.
var ErrNotAFile = errors.New("not a file of this kind")

// CheckFile is core.CheckFile: an outside file past MaxFileBytes is refused (ErrOutOfRange).
func CheckFile(b []byte, what string) ([]byte, error) { return core.CheckFile(b, what) }

// FieldName is core.FieldName: a number's, a list's or a file's name in the player's language.
type FieldName = core.FieldName

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

// Bounds on what a recorded event holds: a game's log read from the device, a backup, a game
// file or the other phone is refused when an event holds more (checkRecorded), so that what is
// computed from it (the report's exact chances, the counters) stays finite.
const (
	MaxRollOffRounds = 100       // the rounds of one roll-off for who acts first, ties rolled again (R-SETUP-5)
	MaxRecorded      = 1_000_000 // any other number an event records (LP, actions, counters, distances), either sign
	MaxRecordedText  = 1000      // a text an event records (what a roll was for, a reason), in bytes
)

var (
	rollType  = reflect.TypeOf(Roll{})
	roundType = reflect.TypeOf([][2]Roll(nil))
)

// checkRecorded refuses an event (not the start, which Setup's checks bound) holding a roll
// of more than MaxRollDice dice and Gnosis's, a die that is not 1 to 10, a kept die that was not thrown,
// more than MaxRollOffRounds rounds of a roll-off, any other number beyond ±MaxRecorded or a
// text longer than MaxRecordedText (ErrOutOfRange).
func checkRecorded(ev Event) error {
	return checkValue(reflect.ValueOf(ev), ev.Kind())
}

func checkValue(v reflect.Value, kind string) error {
	switch {
	case v.Type() == rollType:
		return checkRoll(v, kind)
	case v.Type() == roundType && v.Len() > MaxRollOffRounds:
		return fail(ErrOutOfRange, "a %s event of %d rounds of the roll for who acts first: at most %d", kind, v.Len(), MaxRollOffRounds)
	}
	if err := checkScalar(v, kind); err != nil {
		return err
	}
	return checkInside(v, kind)
}

// checkRoll refuses a roll (v, a Roll) no d10 could make; none is no roll.
func checkRoll(v reflect.Value, kind string) error {
	dice, kept := v.Field(0), v.Field(1).Int() // Roll's Dice and Kept
	n := dice.Len()
	if n == 0 && kept == 0 {
		return nil
	}
	if n == 0 || n > MaxRollDice+1 {
		return badRoll(kind, n, kept)
	}
	thrown := false
	for i := range n {
		d := dice.Index(i).Int()
		if d < 1 || d > 10 {
			return badRoll(kind, n, kept)
		}
		thrown = thrown || d == kept
	}
	if !thrown {
		return badRoll(kind, n, kept)
	}
	return nil
}

// checkScalar refuses a number beyond ±MaxRecorded or a text over MaxRecordedText.
func checkScalar(v reflect.Value, kind string) error {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n := v.Int(); n < -MaxRecorded || n > MaxRecorded {
			return badNumber(kind, fmt.Sprint(n))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if v.Uint() > MaxRecorded {
			return badNumber(kind, fmt.Sprint(v.Uint()))
		}
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); !(f >= -MaxRecorded && f <= MaxRecorded) {
			return badNumber(kind, fmt.Sprint(f))
		}
	case reflect.String:
		if v.Len() > MaxRecordedText {
			return fail(ErrOutOfRange, "a %s event holds a text of %d bytes: at most %d", kind, v.Len(), MaxRecordedText)
		}
	}
	return nil
}

// checkInside checks what a pointer, an interface, a struct, a slice, an array or a map holds.
func checkInside(v reflect.Value, kind string) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return checkValue(v.Elem(), kind)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if err := checkValue(v.Field(i), kind); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if err := checkValue(v.Index(i), kind); err != nil {
				return err
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if err := checkValue(it.Value(), kind); err != nil {
				return err
			}
		}
	}
	return nil
}

// badRoll refuses a recorded roll of n dice, kept kept, that no d10 could make.
func badRoll(kind string, n int, kept int64) error {
	return fail(ErrOutOfRange, "a %s event records %d dice kept at %d: at most %d dice, each 1 to 10, the one kept among them", kind, n, kept, MaxRollDice+1)
}

// badNumber refuses a recorded number beyond ±MaxRecorded.
func badNumber(kind, n string) error {
	return fail(ErrOutOfRange, "a %s event records %s: at most %d either way", kind, n, MaxRecorded)
}
