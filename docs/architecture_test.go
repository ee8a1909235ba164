// Package docs holds the project's documents, and a test that what they say of the code is
// where they say it is.
package docs

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// tripLine is a line of ARCHITECTURE.md's trip: "- `file`: `Type.Func`, `Func`".
var tripLine = regexp.MustCompile("^- `([^`]+)`: (.+)$")

// TestTripSteps: every step of the trips that docs/ARCHITECTURE.md lists file by file (an
// Activate's, a counter tap's) is a function declared in that file (a Go function or method,
// or a page script's function), so that a list cannot name a file or a function the trip no
// longer passes.
func TestTripSteps(t *testing.T) {
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

// codeSpan is a name ARCHITECTURE.md gives in backquotes: a Go or page-script name, dotted
// (`Session.Do`, `Cards().Own`, `gnosis.saveAfterFrame`), a file (`removal.go`), a path in the
// repository (`app/ui/shell.go`), or a package's name (`engine/catalog.Parse`).
var (
	codeSpan = regexp.MustCompile("`([^`\\n]+)`")
	dotted   = regexp.MustCompile(`^[A-Za-z_$][\w$]*(\(\))?(\.[A-Za-z_$][\w$]*(\(\))?)*$`)
	fileName = regexp.MustCompile(`^[\w.-]+\.(go|js|md|json|css|html)$`)
	repoPath = regexp.MustCompile(`^(app|cmd|docs|e2e|engine|internal|third_party|web|static)(/[\w.*-]+)+/?$`)
	pkgName  = regexp.MustCompile(`^((?:app|cmd|engine|internal)(?:/\w+)*)\.([A-Z]\w*)$`)
	jsNames  = regexp.MustCompile(`(?m)(?:function\s+([\w$]+)|(?:const|let|var)\s+([\w$]+)\s*=|^\s*(?:async\s+)?([\w$]+)\s*\([^)]*\)\s*\{|([\w$]+)\s*:)`)
)

// TestNamesExist: every name ARCHITECTURE.md gives in backquotes is in the code: each part of a
// dotted name is declared somewhere in the repository's Go (a package, type, function, method,
// field, constant or variable) or page scripts, or written in them, the Makefile or the host
// files (an event, a make target, a setting); each file and path exists. A name renamed or
// removed fails here until the document says what the code is now.
func TestNamesExist(t *testing.T) {
	b, err := os.ReadFile("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	code := indexCode(t)
	names, text, members, packages, files := code.names, code.text, code.members, code.packages, code.files
	named := func(span, name string) {
		if !names[name] && !strings.Contains(text, name) {
			t.Errorf("ARCHITECTURE.md names `%s`: %s is nowhere in the code", span, name)
		}
	}
	checked := 0
	for _, m := range codeSpan.FindAllStringSubmatch(string(b), -1) {
		span := m[1]
		switch {
		case fileName.MatchString(span):
			if !files[span] {
				t.Errorf("ARCHITECTURE.md names the file %s, which is not in the repository", span)
			}
		case pkgName.MatchString(span):
			pm := pkgName.FindStringSubmatch(span)
			if _, err := os.Stat(filepath.Join("..", pm[1])); err != nil {
				t.Errorf("ARCHITECTURE.md names the package %s, which is not in the repository", pm[1])
			}
			named(span, pm[2])
		case repoPath.MatchString(span):
			if matches, _ := filepath.Glob(filepath.Join("..", strings.TrimSuffix(span, "/"))); len(matches) == 0 {
				t.Errorf("ARCHITECTURE.md names %s, which is not in the repository", span)
			}
		case names[span]: // an import path: "syscall/js"
		case dotted.MatchString(strings.ReplaceAll(span, "/", ".")):
			parts := strings.FieldsFunc(strings.ReplaceAll(span, "()", ""), func(r rune) bool { return r == '.' || r == '/' })
			for i, part := range parts {
				named(span, part)
				// Type.Member: a method or field of a type of that name (promoted ones too).
				if m, isType := members[part]; isType && !packages[part] && i+1 < len(parts) && !strings.Contains(span, "/") && !m[parts[i+1]] {
					t.Errorf("ARCHITECTURE.md names `%s`: no type %s has a method or field %s", span, part, parts[i+1])
				}
			}
		default:
			continue
		}
		checked++
	}
	if checked < 400 {
		t.Errorf("only %d names checked", checked)
	}
}

// codeIndex is what the repository's code declares and says, read in one walk of it.
type codeIndex struct {
	names    map[string]bool            // every name its Go and page scripts declare (goNames, jsNames) and its Go strings
	text     string                     // its page scripts, Makefile, styles and host files
	members  map[string]map[string]bool // by a Go type's name, its methods and fields (types of one name pooled, embedded members promoted)
	packages map[string]bool            // its Go packages' names
	files    map[string]bool            // its files' names
}

// indexCode reads the repository once, from its root (..).
func indexCode(t *testing.T) codeIndex {
	t.Helper()
	c := codeIndex{names: map[string]bool{}, members: map[string]map[string]bool{}, packages: map[string]bool{}, files: map[string]bool{}}
	embeds := map[string][]string{}
	var text strings.Builder
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == ".bench" || d.Name() == "artifacts" {
				return filepath.SkipDir
			}
			return nil
		}
		c.files[d.Name()] = true
		switch {
		case strings.HasSuffix(path, ".go"):
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil // a file of another build's syntax: none here
			}
			c.packages[f.Name.Name] = true
			goNames(f, c.names)
			c.goMembers(f, embeds)
		case strings.HasSuffix(path, ".js") && !strings.HasSuffix(path, "wasm_exec.js") && !strings.HasPrefix(path, filepath.Join("..", "static")):
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			text.Write(src)
			for _, m := range jsNames.FindAllStringSubmatch(string(src), -1) {
				for _, g := range m[1:] {
					if g != "" {
						c.names[g] = true
					}
				}
			}
		case d.Name() == "Makefile", strings.HasSuffix(path, ".css"), strings.HasPrefix(d.Name(), "_"):
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			text.Write(src)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 { // promoted members, three embeddings deep
		for typ, inner := range embeds {
			for _, e := range inner {
				for m := range c.members[e] {
					c.addMember(typ, m)
				}
			}
		}
	}
	c.text = text.String()
	return c
}

// goNames adds the names f declares: its package, types, functions, methods, fields,
// constants, variables (those made by := too) and the packages it imports.
func goNames(f *ast.File, names map[string]bool) {
	names[f.Name.Name] = true
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			names[n.Name.Name] = true
		case *ast.TypeSpec:
			names[n.Name.Name] = true
		case *ast.ValueSpec:
			for _, id := range n.Names {
				names[id.Name] = true
			}
		case *ast.Field:
			for _, id := range n.Names {
				names[id.Name] = true
			}
		case *ast.AssignStmt:
			for _, e := range n.Lhs {
				if id, ok := e.(*ast.Ident); ok && n.Tok == token.DEFINE {
					names[id.Name] = true
				}
			}
		case *ast.ImportSpec:
			p := strings.Trim(n.Path.Value, `"`)
			names[p], names[p[strings.LastIndex(p, "/")+1:]] = true, true
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				names[strings.Trim(n.Value, "`\"")] = true
			}
		}
		return true
	})
}

func (c codeIndex) addMember(typ, name string) {
	if c.members[typ] == nil {
		c.members[typ] = map[string]bool{}
	}
	c.members[typ][name] = true
}

// goMembers adds the methods and fields of the types f declares, and notes the types each
// embeds (their members are promoted once every file is read).
func (c codeIndex) goMembers(f *ast.File, embeds map[string][]string) {
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				c.addMember(receiver(d.Recv.List[0].Type), d.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				c.addMember(ts.Name.Name, "")
				var fields *ast.FieldList
				switch x := ts.Type.(type) {
				case *ast.StructType:
					fields = x.Fields
				case *ast.InterfaceType:
					fields = x.Methods
				}
				if fields == nil {
					continue
				}
				for _, fl := range fields.List {
					for _, id := range fl.Names {
						c.addMember(ts.Name.Name, id.Name)
					}
					if len(fl.Names) == 0 {
						embedded := receiver(fl.Type)
						if sel, ok := fl.Type.(*ast.SelectorExpr); ok {
							embedded = sel.Sel.Name
						}
						c.addMember(ts.Name.Name, embedded)
						embeds[ts.Name.Name] = append(embeds[ts.Name.Name], embedded)
					}
				}
			}
		}
	}
}

// twoPhoneFiles are app/session's files of a game on two phones: nothing else in the package
// knows that a second phone exists (TestOnePhoneRunsNoTwoPhoneCode).
var twoPhoneFiles = []string{"app/session/host.go", "app/session/guest.go", "app/session/pair.go"}

// TestOnePhoneRunsNoTwoPhoneCode: a one-phone game's tap, attack, undo and save run no statement
// of the two-phone files (measured under coverage, the trip's counts over its scene's), while a
// guest's attack runs statements of each of them: the check measures something. Nor does it
// run a seat's method beyond the one call (do, back) and the save (write), wherever that
// method is declared: a seat is any type of app/session with the seat's three methods, the
// owner aside, which they decorate (a seat made on one phone, or a method the seat interface
// grows, fails here even outside the two-phone files). The seat interface is those three.
func TestOnePhoneRunsNoTwoPhoneCode(t *testing.T) {
	if os.Getenv("GNOSIS_LONG_TESTS") == "" {
		t.Skip("runs app/session's tests under coverage: GNOSIS_LONG_TESTS=1 (make test-unit)")
	}
	methods := seatMethods(t)
	one := tripBlocks(t, "a one-phone tap, attack, undo and save")
	two := tripBlocks(t, "a guest's attack")
	for _, f := range twoPhoneFiles {
		if slices.Contains(blockFiles(one), f) {
			t.Errorf("a one-phone game's tap, attack, undo or save runs statements of %s", f)
		}
		if !slices.Contains(blockFiles(two), f) {
			t.Errorf("a guest's attack runs no statement of %s: is it a two-phone file?", f)
		}
	}
	measured := false
	for _, m := range methods {
		for _, b := range one {
			if m.holds(b) {
				t.Errorf("a one-phone game's tap, attack, undo or save runs %s (%s), a seat's method beyond do, back and write", m.name, b)
				break
			}
		}
		measured = measured || slices.ContainsFunc(two, m.holds)
	}
	if !measured {
		t.Errorf("a guest's attack runs none of the seats' methods beyond do, back and write (%d found): the check measures nothing", len(methods))
	}
}

// seatCall are the seat interface's methods: the owner's one call and the save.
var seatCall = []string{"do", "back", "write"}

// funcLines is a function's lines in a file of the repository.
type funcLines struct {
	name       string // Type.method
	file       string // from the repository's root
	start, end int
}

// holds reports whether the coverage block b ("gnosis/file:line.col,line.col") begins in f.
func (f funcLines) holds(b string) bool {
	file, at, ok := strings.Cut(strings.TrimPrefix(b, "gnosis/"), ":")
	if !ok || file != f.file {
		return false
	}
	line, _, _ := strings.Cut(at, ".")
	n, err := strconv.Atoi(line)
	return err == nil && n >= f.start && n <= f.end
}

// seatMethods reads app/session: the methods, beyond do, back and write, of every type with
// those three (the owner, game, aside), and fails unless the seat interface declares exactly
// those three.
func seatMethods(t *testing.T) []funcLines {
	t.Helper()
	files, err := filepath.Glob("../app/session/*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	byType := map[string][]funcLines{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		file := strings.TrimPrefix(filepath.ToSlash(name), "../")
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					typ := receiver(d.Recv.List[0].Type)
					byType[typ] = append(byType[typ], funcLines{typ + "." + d.Name.Name, file, fset.Position(d.Pos()).Line, fset.Position(d.End()).Line})
				}
			case *ast.GenDecl:
				checkSeatInterface(t, d)
			}
		}
	}
	var beyond []funcLines
	for typ, ms := range byType {
		n := 0
		for _, m := range ms {
			if slices.Contains(seatCall, m.name[len(typ)+1:]) {
				n++
			}
		}
		if n < len(seatCall) || typ == "game" {
			continue
		}
		for _, m := range ms {
			if !slices.Contains(seatCall, m.name[len(typ)+1:]) {
				beyond = append(beyond, m)
			}
		}
	}
	return beyond
}

// checkSeatInterface fails if d declares the seat interface with methods other than do, back
// and write.
func checkSeatInterface(t *testing.T, d *ast.GenDecl) {
	t.Helper()
	for _, spec := range d.Specs {
		ts, ok := spec.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "seat" {
			continue
		}
		it, ok := ts.Type.(*ast.InterfaceType)
		if !ok {
			t.Fatalf("the seat is a %T, not an interface", ts.Type)
		}
		var names []string
		for _, m := range it.Methods.List {
			for _, n := range m.Names {
				names = append(names, n.Name)
			}
			if len(m.Names) == 0 {
				names = append(names, "(embedded)")
			}
		}
		if !slices.Equal(names, seatCall) {
			t.Errorf("the seat interface declares %v, want %v", names, seatCall)
		}
	}
}

// tripBlocks runs the trip (app/session's TestTrip, GNOSIS_TRIP) under coverage, its scene
// alone and its scene with the trip: the coverage blocks of app/ and engine/ the trip ran more
// often than its scene did ("gnosis/file:line.col,line.col"), sorted.
func tripBlocks(t *testing.T, trip string) []string {
	t.Helper()
	if got, ok := tripsRun[trip]; ok { // each trip is run once for the package's tests
		return got
	}
	dir := t.TempDir()
	counts := [2]map[string]int{}
	for i, part := range []string{"scene", "trip"} {
		profile := filepath.Join(dir, strconv.Itoa(i)+".out")
		cmd := exec.Command("go", "test", "-count=1", "-run", "^TestTrip$", "-covermode=count",
			"-coverpkg=gnosis/app/...,gnosis/engine/...", "-coverprofile="+profile, "../app/session/")
		cmd.Env = append(os.Environ(), "GNOSIS_TRIP="+trip, "GNOSIS_TRIP_PART="+part)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s, %s: %v\n%s", trip, part, err, out)
		}
		counts[i] = blockCounts(t, profile)
	}
	var got []string
	for block, n := range counts[1] {
		if n > counts[0][block] {
			got = append(got, block)
		}
	}
	sort.Strings(got)
	tripsRun[trip] = got
	return got
}

// blockFiles are the files of coverage blocks (tripBlocks), from the repository's root,
// sorted.
func blockFiles(blocks []string) []string {
	var files []string
	for _, b := range blocks {
		f := strings.TrimPrefix(b[:strings.LastIndex(b, ":")], "gnosis/")
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	return files
}

// tripsRun are the blocks each trip ran, once measured (tripBlocks).
var tripsRun = map[string][]string{}

// blockCounts reads a coverage profile: each block's count, by its place (file:lines).
func blockCounts(t *testing.T, profile string) map[string]int {
	t.Helper()
	f, err := os.Open(profile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Scan() // mode: count
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 {
			continue
		}
		n, _ := strconv.Atoi(fields[2])
		m[fields[0]] += n
	}
	return m
}
