// Package sourcecheck reads a package's own Go source for the tests that check it: the
// messages it refuses with, so that a test can find each in the text catalogue.
package sourcecheck

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Formats are the message formats of every call, in the non-test Go files of dir, to one of
// the functions or methods named in at (anima.Fail is named "Fail"), each with the index of its format argument ({"refuse": 2,
// "fail": 1}). A call whose format is not a string literal is an error, naming where.
func Formats(dir string, at map[string]int) ([]string, error) {
	fset := token.NewFileSet()
	files, err := Parse(fset, dir)
	if err != nil {
		return nil, err
	}
	var out []string
	var bad []string
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var id *ast.Ident // f(…), or x.f(…): the function's or the method's name
			switch fun := call.Fun.(type) {
			case *ast.Ident:
				id = fun
			case *ast.SelectorExpr:
				id = fun.Sel
			default:
				return true
			}
			i, ok := at[id.Name]
			if !ok || len(call.Args) <= i {
				return true
			}
			lit, ok := call.Args[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				bad = append(bad, fmt.Sprintf("%s: a %s whose message is not a literal", fset.Position(call.Pos()), id.Name))
				return true
			}
			s, _ := strconv.Unquote(lit.Value)
			out = append(out, s)
			return true
		})
	}
	if len(bad) > 0 {
		return out, fmt.Errorf("%s", strings.Join(bad, "; "))
	}
	return out, nil
}

// Missing are the formats of Formats(dir, at) that has does not know (the text catalogue's
// Has), with how many formats were found: a test fails on either.
func Missing(dir string, at map[string]int, has func(string) bool) (found int, missing []string, err error) {
	formats, err := Formats(dir, at)
	for _, f := range formats {
		if !has(f) {
			missing = append(missing, f)
		}
	}
	return len(formats), missing, err
}

// Receivers are the names of the types, in the non-test Go files of dir, that declare a method
// called method (the commands of a game: "decide"), sorted.
func Receivers(dir, method string) ([]string, error) {
	files, err := Parse(token.NewFileSet(), dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, file := range files {
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != method {
				continue
			}
			t := fn.Recv.List[0].Type
			if star, ok := t.(*ast.StarExpr); ok {
				t = star.X
			}
			if id, ok := t.(*ast.Ident); ok {
				out = append(out, id.Name)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// Parse reads the non-test Go files of dir, their positions in fset.
func Parse(fset *token.FileSet, dir string) ([]*ast.File, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, f := range names {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, file)
	}
	return files, nil
}

// Unlisted compares Receivers(dir, method) with the names a registry lists (a game's command
// kinds): the receivers it lacks and the names it has that no receiver bears.
func Unlisted(dir, method string, listed []string) (lacks, extra []string, err error) {
	names, err := Receivers(dir, method)
	for _, n := range names {
		if !slices.Contains(listed, n) {
			lacks = append(lacks, n)
		}
	}
	for _, n := range listed {
		if !slices.Contains(names, n) {
			extra = append(extra, n)
		}
	}
	return lacks, extra, err
}

// Undeclared says what a game's declaration tables (its commands' and its events' type names)
// leave out in dir, or list without cause: a type with a decide method not among commands, or
// with an apply method not among events, and the names listed that no such type bears.
func Undeclared(dir string, commands, events []string) []string {
	var out []string
	for _, kind := range []struct {
		method, what string
		listed       []string
	}{{"decide", "command", commands}, {"apply", "event", events}} {
		lacks, extra, err := Unlisted(dir, kind.method, kind.listed)
		if err != nil {
			out = append(out, err.Error())
		}
		for _, n := range lacks {
			out = append(out, fmt.Sprintf("%s: not declared among the %ss", n, kind.what))
		}
		for _, n := range extra {
			out = append(out, fmt.Sprintf("%s: declared, but no %s", n, kind.what))
		}
	}
	return out
}

// Imports are the import paths of the non-test Go files of dir, each once, sorted.
func Imports(dir string) ([]string, error) {
	files, err := Parse(token.NewFileSet(), dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// Mentions is the first place, in the non-test Go files of dir, whose source holds text (a
// qualified name: "anima.FindMarker"), as file:line; "" when none does.
func Mentions(dir, text string) (string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	for _, f := range names {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		if i := strings.Index(string(b), text); i >= 0 {
			return fmt.Sprintf("%s:%d", f, strings.Count(string(b[:i]), "\n")+1), nil
		}
	}
	return "", nil
}
