package anima

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gnosis/internal/ruleids"
)

// engineRules are the IDs of the rules of the engine's families, from the rules digest beside
// the repository, else from the summaries the app ships (internal/ruleids).
func engineRules(t *testing.T) map[string]bool {
	t.Helper()
	ids, from, err := ruleids.IDs("../..")
	if err != nil {
		t.Fatal(err)
	}
	family := regexp.MustCompile(`^R-(CARD|TURN|ACT|ATK|RES|CAP|HIDE|ZOC|MEAS|STATE|GNO|ARB|SUM|SETUP|PARTY|DW)-\d+$`)
	want := map[string]bool{}
	for _, r := range ids {
		if family.MatchString(r) {
			want[r] = true
		}
	}
	if len(want) < 60 {
		t.Fatalf("only %d rules of the engine's families in %s", len(want), from)
	}
	return want
}

// TestEveryRuleIsCited: every rule of the engine's families in RULES.md is named by a test
// of the engine (a t.Run name, a test's text, or a golden game's title line).
func TestEveryRuleIsCited(t *testing.T) {
	want := engineRules(t)
	id := regexp.MustCompile(`R-(CARD|TURN|ACT|ATK|RES|CAP|HIDE|ZOC|MEAS|STATE|GNO|ARB|SUM|SETUP|PARTY|DW)-\d+`)
	cited := map[string]bool{}
	walk := func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		table := strings.HasPrefix(path, "../../internal") && strings.HasSuffix(path, ".go")
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
	filepath.WalkDir("..", walk)             // the engine: both games and what they share
	filepath.WalkDir("../../internal", walk) // the party rule table
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

// TestEveryRuleHasOneHome: each rule of the engine's families has exactly one home, a
// "R-X-N (home)" comment on the code that enforces it, in the engine's non-test code, so that
// grep "R-ACT-2 (home)" answers where a rule lives.
func TestEveryRuleHasOneHome(t *testing.T) {
	want := engineRules(t)
	home := regexp.MustCompile(`(R-[A-Z]+-\d+) \(home\)`)
	homes := map[string][]string{}
	filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error { // the engine: both games and what they share
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, _ := os.ReadFile(path)
		for _, m := range home.FindAllStringSubmatch(string(b), -1) {
			homes[m[1]] = append(homes[m[1]], path)
		}
		return nil
	})
	family := regexp.MustCompile(`^R-(CARD|TURN|ACT|ATK|RES|CAP|HIDE|ZOC|MEAS|STATE|GNO|ARB|SUM|SETUP|PARTY|DW)-\d+$`)
	for r := range want {
		if n := len(homes[r]); n != 1 {
			t.Errorf("%s has %d homes %v: want one \"%s (home)\" comment on the code that enforces it", r, n, homes[r], r)
		}
	}
	for r, where := range homes {
		if family.MatchString(r) && !want[r] {
			t.Errorf("%s (home) in %v: no such rule in the rules", r, where)
		}
	}
}
