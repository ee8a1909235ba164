package sourcecheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoTwinTypes: no two packages of app/ declare a type of the same name (a screen and the
// Session's part it draws, a link's message and a Session's request): a name says which one
// is meant without its package. Tests are not counted.
func TestNoTwinTypes(t *testing.T) {
	where := map[string]string{} // a type's name: the package that declares it
	n := 0
	err := filepath.WalkDir("../../app", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.Dir(p)
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				name := s.(*ast.TypeSpec).Name.Name
				n++
				if other, ok := where[name]; ok && other != dir {
					t.Errorf("type %s is declared in %s and in %s", name, other, dir)
				}
				where[name] = dir
			}
		}
		return nil
	})
	if err != nil || n < 100 {
		t.Fatalf("%d types read: %v", n, err)
	}
}
