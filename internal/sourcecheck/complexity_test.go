package sourcecheck

import (
	"regexp"
	"testing"

	"github.com/fzipp/gocyclo"
)

// TestComplexity: no function of app/ has a cyclomatic complexity (gocyclo's) over 15, and
// none of engine/ over 20; tests are not counted. A function past its bound is split into
// functions that each say one thing.
func TestComplexity(t *testing.T) {
	tests := regexp.MustCompile(`_test\.go$`)
	for _, c := range []struct {
		dir   string
		limit int
	}{{"../../app", 15}, {"../../engine", 20}} {
		stats := gocyclo.Analyze([]string{c.dir}, tests)
		if len(stats) < 200 {
			t.Fatalf("%s: only %d functions read", c.dir, len(stats))
		}
		for _, s := range stats.SortAndFilter(-1, c.limit) {
			t.Errorf("%s: %s %s has a complexity of %d, over %d", s.Pos, s.PkgName, s.FuncName, s.Complexity, c.limit)
		}
	}
}
