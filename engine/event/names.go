package event

import (
	"slices"
	"strings"
	"sync"
	"unicode"
)

// Fold is a player's name as R-EVT-11 compares two: cleaned and cut as a name is kept
// (MaxName), its accents dropped (Unicode NFD, combining marks removed) and its case folded,
// so that "Ana", "ana" and "Aná" are one name. A precomposed letter is decomposed by
// foldFrom/foldTo (every letter whose NFD is one letter and marks: TestFoldIsNFD holds the
// table to golang.org/x/text's NFD, which app.wasm does without: 44 kB of brotli).
func Fold(name string) string {
	from, to := foldTable()
	var b strings.Builder
	for _, r := range clean(name, MaxName) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if i, ok := slices.BinarySearch(from, r); ok {
			r = to[i]
		}
		b.WriteRune(unicode.ToLower(unicode.SimpleFold(unicode.ToUpper(r))))
	}
	return b.String()
}

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
