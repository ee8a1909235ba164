package session

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// TestPartsWriteOnlyTheirOwnFields: issue 72: a part's fields (every type named …Part, and a
// game's owner, game) are written only by its own methods: no request, view or other part
// assigns to one of them, or to anything inside one (s.dw.setup.Places = …), nor counts it up
// or down. The package is type-checked alone from its syntax (the imports are not needed to
// know whose field a selector names); what is handed out by address (&p.x) is not read.
func TestPartsWriteOnlyTheirOwnFields(t *testing.T) {
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
	info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{
		Importer: importerFunc(func(string) (*types.Package, error) { return nil, errors.New("not needed") }),
		Error:    func(error) {}, // the imports are unknown: only the package's own types matter here
	}
	conf.Check("gnosis/app/session", fset, files, info) //nolint:errcheck // see Error
	writes := 0
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			own := ""
			if fd.Recv != nil {
				own = receiverName(fd.Recv.List[0].Type)
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				var lhs []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					if n.Tok != token.DEFINE {
						lhs = n.Lhs
					}
				case *ast.IncDecStmt:
					lhs = []ast.Expr{n.X}
				}
				for _, e := range lhs {
					for _, part := range partsWritten(info, e) {
						writes++
						if part != own {
							t.Errorf("%s: %s writes a field of %s", fset.Position(e.Pos()), funcName(fd), part)
						}
					}
				}
				return true
			})
		}
	}
	if writes < 100 {
		t.Fatalf("%d writes of a part's field found: the test reads nothing", writes)
	}
}

// partsWritten are the parts (…Part, game) whose field an assignment to e writes: every field
// selected on the way from e down to the variable it is in.
func partsWritten(info *types.Info, e ast.Expr) []string {
	var parts []string
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				if name := partOf(sel.Recv()); name != "" {
					parts = append(parts, name)
				}
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return parts
		}
	}
}

// partOf is the name of the part t is (or points to), "" for a type that is not a part.
func partOf(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	if name := n.Obj().Name(); strings.HasSuffix(name, "Part") || name == "game" {
		return name
	}
	return ""
}

// receiverName is a method's receiver type's name (T for *T, T[A, B]).
func receiverName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return receiverName(x.X)
	case *ast.IndexExpr:
		return receiverName(x.X)
	case *ast.IndexListExpr:
		return receiverName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// funcName is fd's name, with its receiver's type.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil {
		return fd.Name.Name
	}
	return receiverName(fd.Recv.List[0].Type) + "." + fd.Name.Name
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
