package standalone

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestStandsAlone copies the repository's files (git's: tracked, and untracked but not
// ignored) into a temporary folder with nothing beside it, builds every package there and runs
// the tests of every test file that reads beside the repository: they pass without ../shared
// (those that check the project against the card data skip; the rules' tests run on the IDs
// the app ships).
func TestStandsAlone(t *testing.T) {
	if os.Getenv("GNOSIS_STANDALONE") != "" {
		t.Skip("this is the copy")
	}
	if os.Getenv("GNOSIS_STANDS_ALONE") == "" { // a minute under load: make test runs it on its own line
		t.Skip("builds and tests a copy of the tree: GNOSIS_STANDS_ALONE=1 (make test-unit) runs it")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "gnosis")
	n, err := Copy(root, dir, nil)
	if errors.Is(err, ErrNotGit) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "shared")); err == nil {
		t.Fatal("something lies beside the copy")
	}
	// Every package builds; the tests in every test file that reads beside the repository (one
	// naming shared/, or the rules' IDs through internal/ruleids) run.
	pkgs, tests := map[string]bool{}, map[string]bool{}
	testFunc := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, "_test.go") || strings.Contains(path, "standalone") {
			return nil
		}
		b, _ := os.ReadFile(path)
		if !bytes.Contains(b, []byte("shared/")) && !bytes.Contains(b, []byte("internal/ruleids")) {
			return nil
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(path))
		pkgs["./"+filepath.ToSlash(rel)] = true
		for _, m := range testFunc.FindAllSubmatch(b, -1) {
			tests[string(m[1])] = true
		}
		return nil
	})
	if len(pkgs) < 4 || len(tests) < 5 {
		t.Fatalf("only %d packages, %d tests read beside the repository: %v %v", len(pkgs), len(tests), pkgs, tests)
	}
	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build in the copy: %v\n%s", err, out)
	}
	var names []string
	for name := range tests {
		names = append(names, name)
	}
	args := []string{"test", "-count=1", "-v", "-run", "^(" + strings.Join(names, "|") + ")$"}
	for p := range pkgs {
		args = append(args, p)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GNOSIS_STANDALONE=1", "GNOSIS_LONG_TESTS=", "GNOSIS_E2E=", "GNOSIS_BENCH=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the Go tests of a copy of %d files with nothing beside it: %v\n%s", n, err, out)
	}
	if skipped := strings.Count(string(out), "--- SKIP"); skipped > 0 {
		t.Logf("%d skip without the data beside the repository", skipped)
	}
	if ran := strings.Count(string(out), "--- PASS"); ran < 3 {
		t.Fatalf("only %d of the tests that read beside the repository ran and passed:\n%s", ran, out)
	}
	t.Logf("a copy of %d files with nothing beside it: built, and %d tests that read beside the repository pass:\n%s", n, len(tests), out)
}
