package core

import (
	"encoding/json"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"
)

// CleanText is a name or a label as Gnosis keeps it: without control characters, without
// the invisible characters that reorder text (bidirectional overrides, embeddings, isolates and
// marks), which could make "RTL‮gnp.exe" show as "RTLexe.png", without zero-width spaces and
// joiners that hide a name's real spelling, and without line separators; spaces around it
// trimmed. The zero-width (non-)joiners that emoji and some scripts need are kept.
// Every name that comes from outside (a party file, a link, a card pack, a backup) passes
// through it.
func CleanText(s string) string {
	// strings.Map returns s itself when no rune is dropped.
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if hiddenRune(r) {
			return -1
		}
		return r
	}, s))
}

func hiddenRune(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r == 0x061C, r == 0x200E, r == 0x200F: // Arabic letter mark, LRM, RLM
		return true
	case r >= 0x202A && r <= 0x202E: // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	case r == 0x200B, r == 0x2060, r == 0xFEFF, r == 0x180E: // zero-width space, word joiner, BOM, Mongolian vowel separator
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators: a name is one line
		return true
	}
	return false
}

// Bounds on what a game's start, decoded from a log (storage, a game file, a backup, the
// other phone), may hold: MaxStartText bytes a text (a side's or a character's name, an
// ability's), MaxStartItems items a list (characters, cards, discs, terrain).
const (
	MaxStartText  = 1000
	MaxStartItems = 1024
)

// CleanDecoded cleans every text that v (a pointer to a decoded value) holds, in place, at the
// door where it was decoded: each string passed through CleanText and cut to maxText bytes
// (at a character's boundary), and refuses a list of more than maxItems items (ErrOutOfRange),
// so that a name of 15 MB or one carrying control characters never reaches a state, a card
// on the shelf or a screen.
func CleanDecoded(v any, maxText, maxItems int) error {
	return cleanValue(reflect.ValueOf(v), maxText, maxItems)
}

func cleanValue(v reflect.Value, maxText, maxItems int) error {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return cleanValue(v.Elem(), maxText, maxItems)
		}
	case reflect.String:
		if v.CanSet() {
			v.SetString(strings.TrimSpace(CutText(CleanText(v.String()), maxText)))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				if err := cleanValue(v.Field(i), maxText, maxItems); err != nil {
					return err
				}
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Len() > maxItems {
			return Fail(ErrOutOfRange, nil, "a list of %d items is too long", v.Len())
		}
		for i := range v.Len() {
			if err := cleanValue(v.Index(i), maxText, maxItems); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.Len() > maxItems {
			return Fail(ErrOutOfRange, nil, "a list of %d items is too long", v.Len())
		}
	}
	return nil
}

// DecodeStart decodes a game's start (b, its JSON) into v and cleans it (CleanDecoded, within
// MaxStartText and MaxStartItems): what each game's start's UnmarshalJSON does, given v as a
// type of the start without that method.
func DecodeStart[T any](b []byte, v *T) error {
	if err := json.Unmarshal(b, v); err != nil {
		return err
	}
	return CleanDecoded(v, MaxStartText, MaxStartItems)
}

// CutText is s cut to at most n bytes, at a character's boundary.
func CutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
