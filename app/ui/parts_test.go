package ui

import (
	"go/ast"
	"go/token"
	"sort"
	"strings"
	"testing"

	"gnosis/internal/sourcecheck"
)

// TestScreensReachOnlyTheirParts: the whole Session (the bridge's core) is reached only by the
// bridge, the methods of View and of the Shell, and by the screens' constructors (the
// screens table, where each screen is given the parts it draws from). A screen, a sheet, a
// helper or a page method that reaches s.core, or asks the bridge for a part it was not given
// (notices), fails; so does a component that holds a whole session.Session, or one made
// without a part it holds (its constructor forgot it: it would read a Session of nothing).
func TestScreensReachOnlyTheirParts(t *testing.T) {
	fset := token.NewFileSet()
	files, err := sourcecheck.Parse(fset, ".")
	if err != nil {
		t.Fatal(err)
	}
	bridge := map[string]bool{"View": true, "Shell": true}
	screens := map[string][]string{} // each component's parts, for the log
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if recv := receiver(d); !bridge[recv] {
					where := d.Name.Name
					if recv != "" {
						where = recv + "." + where
					}
					reachesCore(t, fset, where, d.Body)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch sp := spec.(type) {
					case *ast.ValueSpec:
						if len(sp.Names) == 1 && sp.Names[0].Name == "screens" {
							continue // the constructors: the one place that gives parts
						}
						for _, v := range sp.Values {
							reachesCore(t, fset, sp.Names[0].Name, v)
						}
					case *ast.TypeSpec:
						st, ok := sp.Type.(*ast.StructType)
						if !ok || sp.Name.Name == "View" {
							continue
						}
						for _, fl := range st.Fields.List {
							typ := typeText(fl.Type)
							if typ == "*session.Session" || typ == "session.Session" {
								t.Errorf("%s holds the whole Session (%s)", sp.Name.Name, fset.Position(fl.Pos()))
							}
							if strings.HasPrefix(strings.TrimPrefix(typ, "*"), "session.") {
								for _, n := range fl.Names {
									screens[sp.Name.Name] = append(screens[sp.Name.Name], n.Name)
								}
							}
						}
					}
				}
			}
		}
	}
	for _, f := range files { // every component made is given each part it holds
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			parts := screens[typeText(lit.Type)]
			if len(parts) == 0 || typeText(lit.Type) == "page" || len(lit.Elts) == 0 { // no elements: a type asserted, not a component made
				return true
			}
			given := map[string]bool{}
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					given[typeText(kv.Key)] = true
				}
			}
			for _, p := range parts {
				if !given[p] {
					t.Errorf("%s is made without its part %s (%s): it would read a Session of nothing", typeText(lit.Type), p, fset.Position(lit.Pos()))
				}
			}
			return true
		})
	}
	var lines []string
	for s, parts := range screens {
		lines = append(lines, s+": "+strings.Join(parts, ", "))
	}
	sort.Strings(lines)
	t.Logf("the parts each component holds:\n%s", strings.Join(lines, "\n"))
	if len(screens) < 15 {
		t.Errorf("only %d components hold parts: the test no longer reads the screens", len(screens))
	}
}

// receiver is the name of a method's receiver type ("" for a function).
func receiver(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return ""
	}
	return strings.TrimPrefix(typeText(d.Recv.List[0].Type), "*")
}

// typeText is a type expression as written.
func typeText(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return "*" + typeText(e.X)
	case *ast.SelectorExpr:
		return typeText(e.X) + "." + e.Sel.Name
	case *ast.Ident:
		return e.Name
	}
	return ""
}

// reachesCore fails the test on every s.core, and every call of the bridge's notices, in n.
func reachesCore(t *testing.T, fset *token.FileSet, where string, n ast.Node) {
	t.Helper()
	if n == nil {
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if ok && (sel.Sel.Name == "core" || sel.Sel.Name == "notices" && isBridge(sel.X)) {
			t.Errorf("%s reaches the whole Session (%s at %s): give the screen the part it uses", where, sel.Sel.Name, fset.Position(sel.Pos()))
		}
		return true
	})
}

// isBridge says whether x is the bridge as screens hold it: c.s, p.s, or s.
func isBridge(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name == "s"
	case *ast.Ident:
		return x.Name == "s"
	}
	return false
}
