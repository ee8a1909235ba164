// Package docs holds the project's documents, and a test that what they say of the code is
// where they say it is.
package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tripLine is a line of ARCHITECTURE.md's trip: "- `file`: `Type.Func`, `Func`".
var tripLine = regexp.MustCompile("^- `([^`]+)`: (.+)$")

// TestTrips: every step of the trips that docs/ARCHITECTURE.md lists file by file (an
// Activate's, a counter tap's) is a function declared in that file (a Go function or method,
// or a page script's function), so that a list cannot name a file or a function the trip no
// longer passes.
func TestTrips(t *testing.T) {
	b, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	trips := strings.Split(string(b), "file by file, in order")[1:]
	if len(trips) != 2 {
		t.Fatalf("ARCHITECTURE.md lists %d trips file by file, want 2 (an Activate's, a tap's)", len(trips))
	}
	for _, trip := range trips {
		_, list, _ := strings.Cut(trip, "\n\n")
		list, _, _ = strings.Cut(list, "\n\n")
		steps := 0
		for _, line := range strings.Split(list, "\n") {
			m := tripLine.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("not a step of the trip: %q", line)
				continue
			}
			for _, name := range strings.Split(m[2], ", ") {
				steps++
				if !declares(t, filepath.Join("..", m[1]), strings.Trim(name, "`")) {
					t.Errorf("%s does not declare %s, as the trip says", m[1], name)
				}
			}
		}
		if steps < 10 {
			t.Errorf("a trip of %d steps", steps)
		}
	}
}

// declares says whether file declares name: "Func", or "Type.Method" (a Go method of Type or
// *Type); in a page script, a function or method of that name.
func declares(t *testing.T, file, name string) bool {
	t.Helper()
	if strings.HasSuffix(file, ".js") {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Error(err)
			return false
		}
		return regexp.MustCompile(`(?m)^\s*(` + name + `\s*\(|const ` + name + ` = )`).Match(b)
	}
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Error(err)
		return false
	}
	typ, fn, method := strings.Cut(name, ".")
	if !method {
		fn, typ = typ, ""
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != fn {
			continue
		}
		if typ == "" && fd.Recv == nil {
			return true
		}
		if typ != "" && fd.Recv != nil && receiver(fd.Recv.List[0].Type) == typ {
			return true
		}
	}
	return false
}

// receiver is a method's receiver type's name (T for *T, T[A, B]).
func receiver(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return receiver(x.X)
	case *ast.IndexExpr:
		return receiver(x.X)
	case *ast.IndexListExpr:
		return receiver(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// requestFiles is ARCHITECTURE.md's list of the Session's requests by file: "`file.go`
// (`A`, `B`)".
var requestFiles = regexp.MustCompile("`([a-z]+\\.go)`\\s+\\(([^)]*)\\)")

// TestRequestsListed: the requests ARCHITECTURE.md lists under each file of app/session are
// the request types that file declares (a type with an apply method), none left out, none
// that is gone or elsewhere.
func TestRequestsListed(t *testing.T) {
	b, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, para, _ := strings.Cut(string(b), "a request, a plain value (no function in it) of one of its files")
	para, _, ok := strings.Cut(para, "`Session.Do` applies one")
	if !ok {
		t.Fatal("ARCHITECTURE.md no longer lists the Session's requests by file")
	}
	listed := map[string]string{} // request → file
	for _, m := range requestFiles.FindAllStringSubmatch(para, -1) {
		for _, name := range strings.Split(m[2], ",") {
			name = strings.Trim(strings.TrimSpace(name), "`")
			if name, _, _ = strings.Cut(name, ":"); name != "" {
				listed[strings.Trim(name, "`")] = m[1]
			}
		}
	}
	files, err := filepath.Glob("../app/session/*.go")
	if err != nil {
		t.Fatal(err)
	}
	declared := 0
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != "apply" {
				continue
			}
			declared++
			name, base := receiver(fd.Recv.List[0].Type), filepath.Base(file)
			switch got, ok := listed[name]; {
			case !ok:
				t.Errorf("the request %s (%s) is not listed in ARCHITECTURE.md", name, base)
			case got != base:
				t.Errorf("ARCHITECTURE.md lists %s under %s; it is in %s", name, got, base)
			}
			delete(listed, name)
		}
	}
	for name, file := range listed {
		t.Errorf("ARCHITECTURE.md lists %s under %s, which declares no such request", name, file)
	}
	if declared < 40 {
		t.Errorf("only %d requests found", declared)
	}
}
