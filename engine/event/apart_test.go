package event

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestTheTournamentCoreStandsApart: issue 70, part 7: the club night's pairing, standings and
// tiebreakers import no game engine, nor anything that imports one: the games' side of an
// event (a party's list, a kept game's code) is engine/eventgame's. What this package may
// import of the project: core, fragment, luck and text, which know no game; the season
// (engine/season, issue 73) this package too, and nothing more.
func TestTheTournamentCoreStandsApart(t *testing.T) {
	allowed := []string{"gnosis/engine/core", "gnosis/engine/fragment", "gnosis/engine/luck", "gnosis/engine/text"}
	seen := map[string]bool{}
	var walk func(path string)
	walk = func(path string) {
		if seen[path] {
			return
		}
		seen[path] = true
		for _, imp := range imports(t, path) {
			if !strings.HasPrefix(imp, "gnosis/") {
				continue
			}
			if !slices.Contains(allowed, imp) {
				t.Errorf("%s imports %s: the tournament core knows no game", path, imp)
			}
			walk(imp)
		}
	}
	walk("gnosis/engine/event")
	allowed = append(allowed, "gnosis/engine/event")
	walk("gnosis/engine/season")
	if len(seen) < 4 {
		t.Fatalf("the walk saw %d packages: %v", len(seen), seen)
	}
}

// imports are the project's package path's imports, read from its Go files but its tests (the
// module's root two folders up: "gnosis/engine/core" is ../core).
func imports(t *testing.T, path string) []string {
	t.Helper()
	dir := filepath.Join("..", "..", strings.TrimPrefix(path, "gnosis/"))
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		src, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, f.Name()), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		for _, im := range src.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			out = append(out, p)
		}
	}
	return out
}
