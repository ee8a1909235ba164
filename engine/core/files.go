package core

import (
	"bytes"
	"errors"
	"strings"

	"gnosis/engine/text"
)

// MaxFileBytes bounds a file read from outside: a party, game, table or field file, a
// roster, a card pack (bytes).
const MaxFileBytes = 4 << 20

// ErrOutOfRange is wrapped by the errors of a number outside its bounds, in both games.
var ErrOutOfRange = errors.New("out of range")

// CheckFile refuses an outside file (what names it: "party file") larger than MaxFileBytes
// (ErrOutOfRange), before it is decoded, and returns it without a UTF-8 byte order mark.
func CheckFile(b []byte, what string) ([]byte, error) {
	if len(b) > MaxFileBytes {
		return nil, Refuse("", ErrOutOfRange, "a %s of %d bytes: at most %d", FieldName(what), len(b), MaxFileBytes)
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
