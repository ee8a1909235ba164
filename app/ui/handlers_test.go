package ui

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHandlersReadStateWhenTheyRun: no event handler of a screen keeps a value of the render
// that built it. go-app v10.1.11 keeps an element's first handler when a later render passes
// one from the same function literal (eventHandler.Equal compares code pointers), so a
// closure over a render's local (a loop's item, a path, a draft, a parameter) would run with
// the first render's value. A handler reads the component's fields, the Session or the
// tapped element's attributes when it runs; or every local it refers to is in the
// app.EventScope of the same call, so that go-app replaces it when one changes.
//
// Every function literal of an event handler's shape (func(app.Context, app.Event)) in the
// package is checked, wherever it is written: passed to OnClick, returned by a helper, kept
// in a variable. Identifiers are resolved with go/types (the imports are not needed to tell
// a local from a field).
func TestHandlersReadStateWhenTheyRun(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) { return nil, errors.New("not needed") }),
		Error:    func(error) {}, // the imports are unknown: only the locals matter here
	}
	conf.Check("gnosis/app/ui", fset, files, info) //nolint:errcheck // see Error

	handlers, bad := 0, 0
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			var recv types.Object
			if fd.Recv != nil && len(fd.Recv.List[0].Names) > 0 {
				recv = info.Defs[fd.Recv.List[0].Names[0]]
			}
			scoped := map[*ast.FuncLit]map[types.Object]bool{} // a handler's EventScope values
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					var scope map[types.Object]bool
					for _, a := range call.Args {
						if c, ok := a.(*ast.CallExpr); ok && isSel(c.Fun, "app", "EventScope") {
							scope = map[types.Object]bool{}
							ast.Inspect(c, func(n ast.Node) bool {
								if id, ok := n.(*ast.Ident); ok && info.Uses[id] != nil {
									scope[info.Uses[id]] = true
								}
								return true
							})
						}
					}
					for _, a := range call.Args {
						if lit, ok := a.(*ast.FuncLit); ok && scope != nil {
							scoped[lit] = scope
						}
					}
				}
				lit, ok := n.(*ast.FuncLit)
				if !ok || !isHandler(lit.Type) {
					return true
				}
				handlers++
				var kept []string
				ast.Inspect(lit.Body, func(n ast.Node) bool {
					id, ok := n.(*ast.Ident)
					if !ok {
						return true
					}
					v, ok := info.Uses[id].(*types.Var)
					if !ok || v == recv || v.IsField() || scoped[lit][v] {
						return true
					}
					at := v.Pos()
					if at >= fd.Pos() && at < fd.End() && !(at >= lit.Pos() && at < lit.End()) && !slices.Contains(kept, id.Name) {
						kept = append(kept, id.Name)
					}
					return true
				})
				if len(kept) > 0 {
					bad++
					t.Errorf("%s: the handler in %s keeps the render's %s: read it when the handler runs, or name it in app.EventScope",
						fset.Position(lit.Pos()), fd.Name.Name, strings.Join(kept, ", "))
				}
				return true
			})
		}
	}
	if handlers < 100 {
		t.Errorf("found %d handlers: the scan has lost its way", handlers)
	}
	t.Logf("%d handlers, %d keeping a render's value", handlers, bad)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// isHandler reports whether a function type is an event handler's: func(app.Context, app.Event).
func isHandler(ft *ast.FuncType) bool {
	var ts []ast.Expr
	for _, p := range ft.Params.List {
		n := max(len(p.Names), 1)
		for range n {
			ts = append(ts, p.Type)
		}
	}
	return len(ts) == 2 && isSel(ts[0], "app", "Context") && isSel(ts[1], "app", "Event") && ft.Results == nil
}

func isSel(e ast.Expr, pkg, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == pkg && s.Sel.Name == name
}
