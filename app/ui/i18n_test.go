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

// formText finds the own-card form's labels and select options (cardFields), which the
// form translates when it draws them.
var (
	formLabel   = regexp.MustCompile(`\blabel: ("(?:[^"\\]|\\.)*")`)
	formOptions = regexp.MustCompile(`\boptions: \[\]string\{([^}]*)\}`)
	quoted      = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
)

// TestEveryTextIsTranslated reads the interface's source and checks that every literal
// English text given to c.t or tr, and every label and option of the own-card form, has a
// Spanish and an Italian text.
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
		lits := uiText.FindAllStringSubmatch(string(src), -1)
		if f == "card-form.go" {
			lits = append(lits, formLabel.FindAllStringSubmatch(string(src), -1)...)
			for _, o := range formOptions.FindAllStringSubmatch(string(src), -1) {
				for _, q := range quoted.FindAllString(o[1], -1) {
					if q != `""` {
						lits = append(lits, []string{q, q})
					}
				}
			}
		}
		for _, m := range lits {
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
