package e2e

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The suite runs two tests at a time (make test-e2e: go test -parallel 2): most of a test's
// time is spent waiting on its own browser and server (each test starts its own gnosis serve on
// a free port and its own Chromium on a profile of its own in t.TempDir()), so two of them
// share the two cores well. A test that measures time does not: it runs alone, before the
// others (go test runs the tests that are not parallel first, one by one, then the parallel
// ones).
//
// A test runs beside another when its first statement is parallel(t); a test that runs alone is
// in alone, with the reason. TestSuiteLayout fails for a test that is neither, or both.

// alone are the tests that run by themselves, each with why: a page's time measured (a task's
// length, a latency, a paint's moment or order) or the CPU slowed 4× (Chromium's throttling,
// which the other test's browser would slow further), against a bound or a race the test
// means to catch.
var alone = map[string]string{
	"TestClubNightWorkIsBounded":    "the longest task at 4× CPU, against 500 ms",
	"TestClubNightRestoreIsBounded": "the longest task of a restore at 4× CPU, against 2,000 ms",
	"TestShelfWorkIsBounded":        "the longest task at 4× CPU, against 500 ms",
	"TestFirstPaintStaysTheLargest": "the largest paint at 4× CPU, before app.wasm's request",
	"TestGlanceShowsWhatIsKept":     "4× CPU, and a long press held for twice the press's time",
	"TestJournalBeforeTheCopy":      "4× CPU, a tap then a reload at once",
	"TestSeenAfterTheDrawing":       "4× CPU, so that a screen patched a frame late is caught",
	"TestALargeSeasonIsBounded":     "the longest task of a season's adding-up at 4× CPU, against 1,000 ms",
	// A toast lasts 4 s (session.ToastTime) and must still show when its place is read, after the
	// way back from the history: beside another test on a busy machine it was gone (2026-12-07).
	"TestSeatModeShowsTheActingSide": "the roll's toast, shown 4 s, read after the way back to the game",
	// The page fetches the workers' files once idle for a while (web/files.js keepWhenIdle), for
	// the service worker to keep: beside another test that fetch came while the test held the
	// quota at 1 byte, and failed (net::ERR_FAILED, 2026-12-07).
	"TestStorageProblems": "the workers' files fetched once idle, before or after the full quota",
	// make bench's (GNOSIS_BENCH=1; skipped otherwise): timings against floors of the same run.
	"TestTapLatency":          "make bench: tap to repaint at 4× CPU",
	"TestSaveLatency":         "make bench: tap to saved",
	"TestRestoreResponsive":   "make bench: tap to repaint during a restore, at 4× CPU",
	"TestStartTrace":          "make bench: starts at 4× CPU, a ratio to go-app's hello world",
	"TestGlancePaint":         "make bench: the copy's paint at 4× CPU, a ratio to a static page",
	"TestTwoPhonesLatency":    "make bench: a tap painted on the other phone at 4× CPU",
	"TestReportOpens":         "make bench: the report's tap to repaint at 4× CPU",
	"TestShelfOpens":          "make bench: the shelf's tap to repaint at 4× CPU",
	"TestFirstVisitLongTasks": "make bench: a first visit's long tasks at 4× CPU",
	"TestLighthouse":          "make bench: Lighthouse's simulated timings",
	// GNOSIS_PREVIEW=1 (skipped otherwise).
	"TestMakePreview": "writes ../web/preview.png, in the folder every test's server serves",
}

// parallel lets the test run beside another (go test -parallel sets how many at a time): the
// first statement of every test not in alone.
func parallel(t *testing.T) {
	t.Helper()
	t.Parallel()
}

// TestSuiteLayout: every test of the suite either runs beside another (its first statement is
// parallel(t)) or is in alone, not both, and alone names only tests there are. None changes
// what the whole process shares: its environment (os.Setenv; t.Setenv panics in a parallel
// test), its folder (os.Chdir, t.Chdir), and none calls t.Parallel but through parallel. It runs
// without GNOSIS_E2E too (TestMain), in make test-unit.
func TestSuiteLayout(t *testing.T) {
	parallel(t)
	files, err := filepath.Glob("*_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the suite's files: %v %v", files, err)
	}
	fset := token.NewFileSet()
	tests := map[string]bool{} // name: calls parallel(t) first
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == "TestMain" {
				continue
			}
			tests[fn.Name.Name] = len(fn.Body.List) > 0 && callsParallel(fn.Body.List[0])
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			switch sel.Sel.Name {
			case "Setenv", "Chdir", "Unsetenv", "Clearenv", "Parallel":
				if sel.Sel.Name == "Parallel" && name == "parallel_test.go" {
					return true
				}
				t.Errorf("%s: the suite's tests run two at a time: no %s (a test's own state goes in t.TempDir(), a browser's flags or its server's arguments; parallel(t) for t.Parallel)",
					fset.Position(call.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
	var names []string
	for n := range tests {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		_, isAlone := alone[n]
		switch {
		case tests[n] && isAlone:
			t.Errorf("%s calls parallel(t) and is in alone (%s): which is it?", n, alone[n])
		case !tests[n] && !isAlone:
			t.Errorf("%s neither calls parallel(t) first nor is in alone (parallel_test.go): a test runs beside another unless it measures time", n)
		}
	}
	for n := range alone {
		if _, ok := tests[n]; !ok {
			t.Errorf("alone names %s, which is no test of the suite", n)
		}
	}
}

// callsParallel reports whether the statement is parallel(t).
func callsParallel(s ast.Stmt) bool {
	e, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := e.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && id.Name == "parallel"
}
