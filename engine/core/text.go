package core

import (
	"strings"
	"unicode"
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
