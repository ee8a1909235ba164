package docs

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gnosis/internal/standalone"
)

// tripBounds are issue 72's bounds on the trips in app/session: the stays at most (a stay: the
// calls of app/session in one file, one after the other, the engine's and the store's between
// them aside), and the most times one file of app/session is entered (0: no bound).
var tripBounds = map[string]struct{ stays, entered int }{
	"a counter tap":        {8, 4},
	"an Activate":          {10, 0},
	"a guest's attack":     {100, 0},
	"taking a result code": {0, 0},
}

// TestTripsTraced: issue 72: each trip of ARCHITECTURE.md's "Trips" (app/session's TestTrip,
// GNOSIS_TRIP) runs in a copy of the tree (as internal/standalone makes one) whose every
// function of app/ and engine/ records its call at its top; the calls of app/session, in the
// order they came, are the trip's stays (a file's calls one after the other), and the document
// lists them, both ways. The trips are held to tripBounds. GNOSIS_TRIPS_UPDATE=1 writes the
// document's lists from the trace. It builds app/session's tests once (a minute):
// GNOSIS_LONG_TESTS=1 (make test) runs it.
func TestTripsTraced(t *testing.T) {
	if os.Getenv("GNOSIS_LONG_TESTS") == "" {
		t.Skip("builds a traced copy of the tree: GNOSIS_LONG_TESTS=1 (make test-unit)")
	}
	doc, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	names := tripNames(t, string(doc))
	bin := tracedTrips(t)
	traced := map[string][]stay{}
	for _, name := range names {
		traced[name] = stays(tripCalls(t, bin, name))
		holdToBounds(t, name, traced[name])
	}
	if os.Getenv("GNOSIS_TRIPS_UPDATE") != "" {
		if err := os.WriteFile("ARCHITECTURE.md", []byte(writeTrips(string(doc), traced)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, name := range names {
		if got, listed := tripText(traced[name]), tripListed(string(doc), name); got != listed {
			t.Errorf("%s: ARCHITECTURE.md lists\n%s\nthe trace is (GNOSIS_TRIPS_UPDATE=1 writes it)\n%s", name, listed, got)
		}
	}
}

// stay is one file's calls in a trip, one after the other.
type stay struct {
	file  string
	funcs []string // in the order first called
}

// holdToBounds fails a trip beyond its bounds (tripBounds).
func holdToBounds(t *testing.T, name string, ss []stay) {
	t.Helper()
	b := tripBounds[name]
	if b.stays > 0 && len(ss) > b.stays {
		t.Errorf("%s: %d stays in app/session, at most %d", name, len(ss), b.stays)
	}
	for f, n := range entered(ss) {
		if b.entered > 0 && n > b.entered {
			t.Errorf("%s: %s entered %d times, at most %d", name, f, n, b.entered)
		}
	}
}

// entered is how many stays each file has.
func entered(ss []stay) map[string]int {
	m := map[string]int{}
	for _, s := range ss {
		m[s.file]++
	}
	return m
}

// stays are the calls of app/session among calls ("file\tfunction"), as stays.
func stays(calls []string) []stay {
	var ss []stay
	for _, c := range calls {
		file, fn, _ := strings.Cut(c, "\t")
		if !strings.HasPrefix(file, "app/session/") {
			continue
		}
		if len(ss) == 0 || ss[len(ss)-1].file != file {
			ss = append(ss, stay{file: file})
		}
		if s := &ss[len(ss)-1]; !slices.Contains(s.funcs, fn) {
			s.funcs = append(s.funcs, fn)
		}
	}
	return ss
}

// tripText is a trip's stays as ARCHITECTURE.md lists them: a line of counts, then a stay a
// line, its functions in the order first called (a function literal: "a literal in `F`").
func tripText(ss []stay) string {
	m := entered(ss)
	var files []string
	for f := range m {
		files = append(files, f)
	}
	sort.Strings(files)
	var counts []string
	for _, f := range files {
		counts = append(counts, fmt.Sprintf("`%s` %d", strings.TrimPrefix(f, "app/session/"), m[f]))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d stays in app/session, %d returns to a file left; entered: %s.\n\n", len(ss), len(ss)-len(m), strings.Join(counts, ", "))
	for _, s := range ss {
		var funcs []string
		for _, fn := range s.funcs {
			if in, ok := strings.CutSuffix(fn, ".func"); ok {
				funcs = append(funcs, "a literal in `"+in+"`") // a function literal of in
			} else {
				funcs = append(funcs, "`"+fn+"`")
			}
		}
		fmt.Fprintf(&b, "- `%s`: %s\n", s.file, strings.Join(funcs, ", "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// tripNames are the trips under ARCHITECTURE.md's "Trips" ("### A counter tap" is "a counter
// tap").
func tripNames(t *testing.T, doc string) []string {
	t.Helper()
	sec := tripsSection(t, doc)
	var names []string
	for _, line := range strings.Split(sec, "\n") {
		if name, ok := strings.CutPrefix(line, "### "); ok {
			names = append(names, strings.ToLower(name[:1])+name[1:])
		}
	}
	for name := range tripBounds {
		if !slices.Contains(names, name) {
			t.Errorf("ARCHITECTURE.md's Trips has no %q", name)
		}
	}
	return names
}

// tripsSection is ARCHITECTURE.md's "Trips", to the next section.
func tripsSection(t *testing.T, doc string) string {
	t.Helper()
	_, sec, ok := strings.Cut(doc, "\n## Trips\n")
	if !ok {
		t.Fatal("ARCHITECTURE.md has no Trips")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	return sec
}

// tripListed is what ARCHITECTURE.md lists under the trip name: its text to the next heading.
func tripListed(doc, name string) string {
	_, after, ok := strings.Cut(doc, "\n### "+strings.ToUpper(name[:1])+name[1:]+"\n")
	if !ok {
		return ""
	}
	end := len(after)
	for _, h := range []string{"\n### ", "\n## "} {
		if i := strings.Index(after, h); i >= 0 && i < end {
			end = i
		}
	}
	return strings.TrimSpace(after[:end])
}

// writeTrips is doc with each trip's list in place of the one it has: the text from the
// trip's heading to the next heading.
func writeTrips(doc string, traced map[string][]stay) string {
	for name, ss := range traced {
		head := "\n### " + strings.ToUpper(name[:1]) + name[1:] + "\n"
		i := strings.Index(doc, head)
		if i < 0 {
			continue
		}
		start := i + len(head)
		end := len(doc)
		for _, h := range []string{"\n### ", "\n## "} {
			if j := strings.Index(doc[start:], h); j >= 0 && start+j < end {
				end = start + j
			}
		}
		doc = doc[:start] + "\n" + tripText(ss) + "\n" + doc[end:]
	}
	return doc
}

// tripCalls runs the trip name in the traced test binary bin: the calls it made.
func tripCalls(t *testing.T, bin, name string) []string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "calls")
	cmd := exec.Command(bin, "-test.count=1", "-test.run", "^TestTrip$")
	cmd.Dir = filepath.Dir(bin)
	cmd.Env = append(os.Environ(), "GNOSIS_TRIP="+name, "GNOSIS_TRIP_PART=trip", "GNOSIS_TRACE_OUT="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("%s: no trace: %v", name, err)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n")
}

// tracedTrips copies the tree (standalone.Copy: git's files) into a temporary folder, puts a recording call at
// the top of every function of app/ and engine/ there (and of every function literal), and
// builds app/session's tests: the test binary, which records the calls of a trip (tracing)
// into GNOSIS_TRACE_OUT.
func tracedTrips(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "gnosis")
	_, err = standalone.Copy(root, dir, func(name string, b []byte) ([]byte, error) {
		if traced(name) {
			return instrument(name, b)
		}
		return b, nil
	})
	if errors.Is(err, standalone.ErrNotGit) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "internal", "calltrace", "calltrace.go"), []byte(calltraceSource))
	write(t, filepath.Join(dir, "app", "session", "zz_calltrace_test.go"), []byte(tracingSource))
	bin := filepath.Join(dir, "app", "session", "session.test")
	build := exec.Command("go", "test", "-c", "-o", bin, "./app/session/")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the traced copy does not build: %v\n%s", err, out)
	}
	return bin
}

// traced says whether the file name (from the repository's root) is traced: app/'s and
// engine/'s Go files, their tests aside.
func traced(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") &&
		(strings.HasPrefix(name, "app/") || strings.HasPrefix(name, "engine/"))
}

// write writes b to path, its folder made.
func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// instrument is the Go file name's source b with a call recording it at the top of every
// function's body (calltrace.Enter("file\tType.Method")), and the import it needs.
func instrument(name string, b []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, b, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	type insert struct {
		at   int
		text string
	}
	var inserts []insert
	record := func(body *ast.BlockStmt, fn string) {
		inserts = append(inserts, insert{fset.Position(body.Lbrace).Offset + 1, "calltrace__.Enter(" + strconv.Quote(name+"\t"+fn) + ");"})
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Body != nil {
			fn := fd.Name.Name
			if fd.Recv != nil {
				fn = receiver(fd.Recv.List[0].Type) + "." + fn
			}
			record(fd.Body, fn)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok {
					record(lit.Body, fn+".func")
				}
				return true
			})
			continue
		}
		var in string // the package variable whose value holds the literal
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				in = n.Names[0].Name
			case *ast.FuncLit:
				record(n.Body, in+".func")
			}
			return true
		})
	}
	if len(inserts) == 0 {
		return b, nil
	}
	inserts = append(inserts, insert{fset.Position(f.Name.End()).Offset, "; import calltrace__ \"gnosis/internal/calltrace\""})
	sort.Slice(inserts, func(i, j int) bool { return inserts[i].at > inserts[j].at })
	out := slices.Clone(b)
	for _, in := range inserts {
		out = slices.Insert(out, in.at, []byte(in.text)...)
	}
	return out, nil
}

// calltraceSource is the traced copy's recorder: the calls made while it is on.
const calltraceSource = `// Package calltrace records the calls of a traced copy of the tree (docs' TestTripsTraced).
package calltrace

import (
	"sync"
	"sync/atomic"
)

var (
	on    atomic.Bool
	mu    sync.Mutex
	calls []string
)

// Enter records a call ("file\tfunction") while the recording is on.
func Enter(where string) {
	if !on.Load() {
		return
	}
	mu.Lock()
	calls = append(calls, where)
	mu.Unlock()
}

// Record turns the recording on, or off: then it gives the calls recorded.
func Record(start bool) []string {
	on.Store(start)
	mu.Lock()
	defer mu.Unlock()
	if start {
		calls = nil
		return nil
	}
	return calls
}
`

// tracingSource sets app/session's tests' tracing in the traced copy: the calls of a trip go
// to GNOSIS_TRACE_OUT, a line each.
const tracingSource = `package session

import (
	"os"
	"strings"

	"gnosis/internal/calltrace"
)

func init() {
	tracing = func(on bool) {
		calls := calltrace.Record(on)
		if !on {
			os.WriteFile(os.Getenv("GNOSIS_TRACE_OUT"), []byte(strings.Join(calls, "\n")+"\n"), 0o644)
		}
	}
}
`
