package store

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gnosis/internal/sourcecheck"
)

// TestScreenRecordsNameEveryRecord: every record key the package declares is in ScreenRecords,
// or is one of those a screen is not drawn from (or that GameKey's head stands for), so that a
// new record cannot leave a stale copy of a screen shown at the next start.
func TestScreenRecordsNameEveryRecord(t *testing.T) {
	notDrawn := map[string]string{
		"JournalKey":     "kept in localStorage; no copy shows while it waits",
		"JournalRoomKey": "the journal's room in localStorage, no record",
		"JournalLostKey": "read once at the start and said as a notice, over which no copy is kept",
		"SnapshotKey":    "rewritten with the game's head",
		"PackedKey":      "rewritten with the game's head",
		"AsidePrefix":    "counted apart: the copy sums how many records are set aside",
		"BackupKind":     "a backup file's kind, no record",
		"AboutKey":       "what the game in progress's log cannot say, shown only once the game is on the shelf",
	}
	files, err := sourcecheck.Parse(token.NewFileSet(), ".")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, id := range vs.Names {
				if !strings.HasSuffix(id.Name, "Key") || i >= len(vs.Values) {
					continue
				}
				found++
				if _, ok := notDrawn[id.Name]; ok {
					continue
				}
				key := constValue(t, id.Name, vs.Values[i])
				if !slices.Contains(ScreenRecords, key) {
					t.Errorf("%s (%q) is not in ScreenRecords: a copy of a screen would not see its changes", id.Name, key)
				}
			}
			return true
		})
	}
	if found < len(ScreenRecords) {
		t.Fatalf("found %d record keys, fewer than ScreenRecords holds", found)
	}
}

// constValue is the text a key's declaration gives: a string, or another key plus a string.
func constValue(t *testing.T, name string, e ast.Expr) string {
	t.Helper()
	switch v := e.(type) {
	case *ast.BasicLit:
		s, err := strconv.Unquote(v.Value)
		if err != nil {
			t.Fatal(err)
		}
		return s
	case *ast.Ident:
		switch v.Name {
		case "GameKey":
			return GameKey
		}
	case *ast.BinaryExpr:
		return constValue(t, name, v.X) + constValue(t, name, v.Y)
	}
	t.Fatalf("%s: a declaration this test does not read", name)
	return ""
}
