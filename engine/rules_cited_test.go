package engine

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestEveryRuleIsCited: every rule of the engine's families in RULES.md is named by a test
// of the engine (a t.Run name, a test's text, or a golden game's title line).
func TestEveryRuleIsCited(t *testing.T) {
	rules, err := os.ReadFile("../../shared/RULES.md")
	if err != nil {
		t.Skipf("no rules digest beside the repository: %v", err)
	}
	id := regexp.MustCompile(`R-(CARD|TURN|ACT|ATK|RES|CAP|HIDE|ZOC|MEAS|STATE|GNO|ARB|SUM|SETUP|PARTY)-\d+`)
	want := map[string]bool{}
	for _, r := range id.FindAllString(string(rules), -1) {
		want[r] = true
	}
	cited := map[string]bool{}
	walk := func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		table := strings.HasPrefix(path, "../internal") && strings.HasSuffix(path, ".go")
		if !table && !strings.HasSuffix(path, "_test.go") && !strings.HasSuffix(path, ".game") {
			return nil
		}
		b, _ := os.ReadFile(path)
		text := string(b)
		if strings.HasSuffix(path, ".game") {
			text, _, _ = strings.Cut(text, "\n") // the title line names what it checks
		}
		for _, r := range id.FindAllString(text, -1) {
			cited[r] = true
		}
		return nil
	}
	filepath.WalkDir(".", walk)
	filepath.WalkDir("../internal", walk) // the party rule table
	var missing []string
	for r := range want {
		if !cited[r] {
			missing = append(missing, r)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d rules no test cites: %s", len(missing), strings.Join(missing, " "))
	}
}
