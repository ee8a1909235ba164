package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// maxComponentFields is the interface's bound on a component's fields (issue 62): past it, what
// a component holds is split into types of its own.
const maxComponentFields = 15

// TestComponentsStaySmall: every component of the interface (a struct embedding app.Compo)
// has at most maxComponentFields fields, app.Compo among them.
func TestComponentsStaySmall(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			compo, fields := false, 0
			for _, fl := range st.Fields.List {
				if sel, ok := fl.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Compo" && len(fl.Names) == 0 {
					compo = true
				}
				fields += max(1, len(fl.Names))
			}
			if compo {
				seen++
				if fields > maxComponentFields {
					t.Errorf("%s: the component %s has %d fields, over %d: split what it holds", f, ts.Name.Name, fields, maxComponentFields)
				}
			}
			return true
		})
	}
	if seen < 10 {
		t.Fatalf("found %d components: the test reads nothing", seen)
	}
}
