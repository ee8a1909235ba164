package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"gnosis/engine/event"
	"gnosis/engine/text"
)

// sinks are the calls that put a text before the player: an element's text, placeholder,
// title or alternative text (app.Text, .Text, .Placeholder, .Title, .Alt), and an ARIA label.
var sinks = map[string]bool{"Text": true, "Placeholder": true, "Title": true, "Alt": true}

// keyFields are fields of the interface's own tables whose literal is a catalogue key (the
// own-card form's labels and options, the phase sheet's labels).
// A request's Notice is a key too: the Session says it in the player's language.
var keyFields = map[string]bool{"label": true, "title": true, "Notice": true}

// TestEveryTextIsInTheCatalogue reads the interface's source with go/ast and fails for any
// text put before the player that does not go through text's catalogue: a literal with a
// letter in it given straight to an element (or built with fmt.Sprintf or +), and a
// literal key given to t, f, n or text.T, F, N that the catalogue does not have (in every
// language: the catalogue's own test checks that). The Session's keys (app/session: its T, N)
// are read too.
func TestEveryTextIsInTheCatalogue(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob("../session/*.go")
	if err != nil || len(more) == 0 {
		t.Fatalf("the Session's files: %v", err)
	}
	files = append(files, more...)
	fset := token.NewFileSet()
	keys := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		key := func(e ast.Expr) {
			if s, ok := literal(e); ok {
				keys++
				if !text.Has(s) {
					t.Errorf("%s: %q is not in text's catalogue", fset.Position(e.Pos()), s)
				}
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && keyFields[id.Name] {
					key(n.Value)
				}
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "options" {
					if cl, ok := n.Value.(*ast.CompositeLit); ok {
						for _, e := range cl.Elts {
							if s, _ := literal(e); s != "" {
								key(e)
							}
						}
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				name := sel.Sel.Name
				pkg := ""
				if id, ok := sel.X.(*ast.Ident); ok {
					pkg = id.Name
				}
				switch {
				case (name == "t" || name == "T") && len(n.Args) == 1, name == "f" && len(n.Args) >= 1:
					key(n.Args[0])
				case pkg == "text" && (name == "T" || name == "F") && len(n.Args) >= 2:
					key(n.Args[1])
				case (name == "n" || name == "N") && len(n.Args) == 3, pkg == "text" && name == "N":
					key(n.Args[1])
					key(n.Args[2])
				case sinks[name] && len(n.Args) == 1:
					untranslated(t, fset, n.Args[0])
				case name == "Aria" && len(n.Args) == 2:
					if s, _ := literal(n.Args[0]); s == "label" {
						untranslated(t, fset, n.Args[1])
					}
				}
			}
			return true
		})
	}
	if keys < 300 {
		t.Fatalf("found only %d catalogue keys: the test no longer reads the source", keys)
	}
}

// untranslated fails for a text given to the player that holds words of its own: a literal
// with a letter, a fmt.Sprintf whose format has one, or such a literal joined with +.
func untranslated(t *testing.T, fset *token.FileSet, e ast.Expr) {
	t.Helper()
	switch e := e.(type) {
	case *ast.BasicLit:
		if s, ok := literal(e); ok && hasLetter(s) {
			t.Errorf("%s: %q is shown without the catalogue", fset.Position(e.Pos()), s)
		}
	case *ast.BinaryExpr:
		untranslated(t, fset, e.X)
		untranslated(t, fset, e.Y)
	case *ast.ParenExpr:
		untranslated(t, fset, e.X)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" && len(e.Args) > 0 {
				untranslated(t, fset, e.Args[0])
			}
		}
	}
}

func literal(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// hasLetter reports whether s has a letter outside its fmt verbs (so "%s · %d" and "−" are
// not words, "LP %d" is).
func hasLetter(s string) bool {
	verb := false
	for _, r := range s {
		switch {
		case verb && strings.ContainsRune("+-# 0123456789.[]", r):
		case verb:
			verb = false // the verb's letter
		case r == '%':
			verb = true
		case unicode.IsLetter(r):
			return true
		}
	}
	return false
}

// TestTablesAreInTheCatalogue: the texts the screens draw from their own tables, written where
// TestEveryTextIsInTheCatalogue cannot see them as keys (the screens' titles in the top bar,
// the club night's games and tiebreakers), are every one in text's catalogue.
func TestTablesAreInTheCatalogue(t *testing.T) {
	var keys []string
	for _, sc := range screens {
		keys = append(keys, sc.title)
	}
	for _, g := range eventGames {
		keys = append(keys, g.label)
	}
	for _, w := range tiebreakerWords {
		keys = append(keys, w)
	}
	for _, w := range tiebreakerColumn {
		keys = append(keys, w[0], w[1])
	}
	keys = append(keys, pointsColumn[0], pointsColumn[1])
	keys = append(keys, csvColumns...)
	if !slices.Equal(csvColumns, event.CSVHeader) {
		t.Errorf("the CSV's columns translated %v are not event.CSVHeader %v", csvColumns, event.CSVHeader)
	}
	for _, k := range keys {
		if !text.Has(k) {
			t.Errorf("%q is not in text's catalogue", k)
		}
	}
}
