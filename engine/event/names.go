package event

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Fold is a player's name as R-EVT-11 compares two: cleaned and cut as a name is kept
// (MaxName), its accents dropped (Unicode NFD, combining marks removed), what shows as nothing
// dropped (format characters such as a zero-width joiner or a soft hyphen, Hangul fillers), its
// spaces one space, and its case folded, so that "Ana", "ana", "Aná" and "A\u200dna" are one
// name. A precomposed letter is decomposed by
// foldFrom/foldTo (every letter whose NFD is one letter and marks: TestFoldIsNFD holds the
// table to golang.org/x/text's NFD, which app.wasm does without: 44 kB of brotli).
func Fold(name string) string {
	from, to := foldTable()
	var b strings.Builder
	space := false
	for _, r := range clean(name, MaxName) {
		switch {
		case r < utf8.RuneSelf && r != ' ' && (r < '\t' || r > '\r'): // ASCII but a space: its small letter, no table read
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
		case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Cf, r), hangulFiller(r): // marks, and what shows as nothing
			continue
		case unicode.IsSpace(r): // any space, as many as typed: one
			space = b.Len() > 0
			continue
		default:
			if i, ok := slices.BinarySearch(from, r); ok {
				r = to[i]
			}
			r = unicode.ToLower(unicode.SimpleFold(unicode.ToUpper(r)))
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// hangulFiller reports whether r is a Hangul filler: a letter that shows as a blank.
func hangulFiller(r rune) bool { return r == 0x115F || r == 0x1160 || r == 0x3164 || r == 0xFFA0 }

// foldTable is foldFrom and foldTo as runes, read once.
var foldTable = sync.OnceValues(func() ([]rune, []rune) { return []rune(foldFrom), []rune(foldTo) })

// named is the player of the event whose name is name (Fold), or nil.
func (e *Event) named(name string) *Player {
	f := Fold(name)
	for i := range e.Players {
		if Fold(e.Players[i].Name) == f {
			return &e.Players[i]
		}
	}
	return nil
}
