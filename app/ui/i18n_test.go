package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// uiText finds the English texts the interface passes to c.t or tr as a literal.
var uiText = regexp.MustCompile(`\b(?:c\.t|tr\([A-Za-z.]+,)\s*\(?("(?:[^"\\]|\\.)*")`)

// TestEveryTextIsTranslated reads the interface's source and checks that every literal
// English text given to c.t or tr has a Spanish and an Italian text.
func TestEveryTextIsTranslated(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	missing := map[string]bool{}
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "i18n-texts.go" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range uiText.FindAllStringSubmatch(string(src), -1) {
			s, err := strconv.Unquote(m[1])
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			found++
			v, ok := texts[s]
			if !ok || v[0] == "" || v[1] == "" {
				missing[f+": "+strconv.Quote(s)] = true
			}
		}
	}
	if found < 100 {
		t.Fatalf("found only %d texts: the pattern no longer matches the source", found)
	}
	var list []string
	for k := range missing {
		list = append(list, k)
	}
	sort.Strings(list)
	for _, k := range list {
		t.Errorf("no Spanish or Italian text for %s", k)
	}
}
