package gamefile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
)

// TestResumeFromSnapshot resumes every golden game from a snapshot taken at several points of
// its log (kept as a store keeps it: JSON), and checks that it is the game a full replay gives:
// the same state, log and JSON, and the same state after every undo back to the start (past the
// snapshot, where the entries before it are decoded and folded from the start) and every redo.
// A snapshot of another log, or past the end of this one, is not used, and the game is still right.
func TestResumeFromSnapshot(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.game")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(strings.TrimSuffix(filepath.Base(file), ".game"), func(t *testing.T) {
			played := playText(t, string(b))
			log := played.Log()
			entries, _, err := played.LogJSON()
			if err != nil {
				t.Fatal(err)
			}
			other, _ := anima.LoadGame(log[:1])
			wrong, _ := other.Snapshot()
			for _, at := range []int{1, len(log) / 3, len(log) / 2, len(log) - 1, len(log), len(log) + 1, -1} {
				var snap *anima.Snapshot
				switch {
				case at == -1: // a snapshot of another log
					wrong.At = len(log)
					snap = &wrong
				case at > len(log):
					s, _ := played.Snapshot()
					s.At = at
					snap = &s
				case at > 0:
					g, err := anima.LoadGame(log[:at])
					if err != nil {
						t.Fatal(err)
					}
					s, err := g.Snapshot()
					if err != nil {
						t.Fatal(err)
					}
					kept, _ := json.Marshal(s)
					snap = new(anima.Snapshot)
					if err := json.Unmarshal(kept, snap); err != nil {
						t.Fatal(err)
					}
				}
				resumed, err := anima.ResumeGame(append([][]byte(nil), entries...), nil, snap)
				if err != nil {
					t.Fatalf("snapshot at %d: %v", at, err)
				}
				full, _ := anima.LoadGame(log)
				same := func(step string) {
					t.Helper()
					if !reflect.DeepEqual(resumed.State(), full.State()) {
						a, _ := json.Marshal(resumed.State())
						b, _ := json.Marshal(full.State())
						t.Fatalf("snapshot at %d, %s: the state differs from a full replay:\n%s\n%s", at, step, a, b)
					}
					if resumed.Len() != full.Len() {
						t.Fatalf("snapshot at %d, %s: %d entries, want %d", at, step, resumed.Len(), full.Len())
					}
					x, _ := resumed.MarshalJSON()
					y, _ := full.MarshalJSON()
					if string(x) != string(y) {
						t.Fatalf("snapshot at %d, %s: the JSON differs", at, step)
					}
				}
				same("resumed")
				if at > 0 && at <= len(log) && !reflect.DeepEqual(resumed.Since(at-1), log[at-1:]) {
					t.Fatalf("snapshot at %d: Since(%d) differs", at, at-1)
				}
				undos := 0
				for full.CanUndo() {
					if err := full.Undo(); err != nil {
						t.Fatal(err)
					}
					if err := resumed.Undo(); err != nil {
						t.Fatal(err)
					}
					undos++
					same("after undo")
				}
				for range undos {
					if err := full.Redo(); err != nil {
						t.Fatal(err)
					}
					if err := resumed.Redo(); err != nil {
						t.Fatal(err)
					}
					same("after redo")
				}
				if !reflect.DeepEqual(resumed.Log(), log) {
					t.Fatalf("snapshot at %d: the log differs", at)
				}
			}
		})
	}
}

// TestResumeWithRedo resumes a game whose last gestures were undone: they can be redone, and
// gestures to redo that do not follow the log are refused.
func TestResumeWithRedo(t *testing.T) {
	b, err := os.ReadFile("testdata/01-worked-example-core.game")
	if err != nil {
		t.Fatal(err)
	}
	g := playText(t, string(b))
	want := g.State()
	g.Undo()
	g.Undo()
	snap, _ := g.Snapshot()
	entries, redo, _ := g.LogJSON()
	r, err := anima.ResumeGame(entries, redo, &snap)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Redo(); err != nil {
		t.Fatal(err)
	}
	if err := r.Redo(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.State(), want) {
		t.Error("redone after resuming, the state differs")
	}
	if _, err := anima.ResumeGame(entries, []byte(`[[`+string(entries[0])+`]]`), nil); err == nil { // a second start
		t.Error("gestures to redo that do not follow the log were taken")
	}
	if _, err := anima.ResumeGame(append(append([][]byte(nil), entries...), []byte(`{"g":99,"k":"nonsense"}`)), nil, &snap); err == nil {
		t.Error("an entry of an unknown kind was taken")
	}
}

// playText plays a game file's text against the catalog.
func playText(t *testing.T, text string) *anima.Game {
	t.Helper()
	f, err := Parse(text, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := Play(f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
