package event

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// TestFoldIsNFD: Fold's table of precomposed letters is every printable rune below U+30000
// whose NFD, its combining marks removed, is one other rune (R-EVT-11), as golang.org/x/text
// decomposes it; GNOSIS_UPDATE=1 writes fold_table.go anew. Over those runes and some names,
// Fold is NFD with its marks removed, case folded.
func TestFoldIsNFD(t *testing.T) {
	var from, to []rune
	for r := rune(0); r < 0x30000; r++ {
		if !unicode.IsPrint(r) {
			continue
		}
		var out []rune
		for _, x := range norm.NFD.String(string(r)) {
			if !unicode.Is(unicode.Mn, x) {
				out = append(out, x)
			}
		}
		if len(out) == 1 && out[0] != r {
			from, to = append(from, r), append(to, out[0])
		}
	}
	if os.Getenv("GNOSIS_UPDATE") != "" {
		src := fmt.Sprintf("// Code written by TestFoldIsNFD (GNOSIS_UPDATE=1 go test ./engine/event -run TestFoldIsNFD): do not edit.\n\npackage event\n\n// foldFrom are the precomposed letters Fold decomposes, in order; foldTo each one's letter.\nconst (\n\tfoldFrom = %s\n\tfoldTo   = %s\n)\n", strconv.QuoteToASCII(string(from)), strconv.QuoteToASCII(string(to)))
		if err := os.WriteFile("fold_table.go", []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if foldFrom != string(from) || foldTo != string(to) {
		t.Fatalf("fold_table.go is not x/text's NFD (%d letters, %d in the table): GNOSIS_UPDATE=1 go test ./engine/event -run TestFoldIsNFD", len(from), len([]rune(foldFrom)))
	}
	nfd := func(s string) string {
		var b strings.Builder
		for _, r := range norm.NFD.String(clean(s, MaxName)) {
			if !unicode.Is(unicode.Mn, r) {
				b.WriteRune(unicode.ToLower(unicode.SimpleFold(unicode.ToUpper(r))))
			}
		}
		return b.String()
	}
	for _, name := range append([]string{"Ana", "Aná", "ÅSA", "Ñandú", "Ελένη", "Άρης", "Йосиф", "Łukasz", "Øyvind", "Dvořák", "Nguyễn Văn"}, string(from)) {
		if Fold(name) != nfd(name) {
			t.Errorf("%q: Fold %q, NFD %q", name, Fold(name), nfd(name))
		}
	}
}
