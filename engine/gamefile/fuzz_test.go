package gamefile

import (
	"os"
	"path/filepath"
	"testing"

	"gnosis/engine/catalog"
)

// FuzzGameFile: no game file makes Parse or Play panic (the golden games are the seeds); a
// file that parses plays to a game or a refusal, never both errors and a game.
func FuzzGameFile(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.game")
	for _, name := range files[:min(len(files), 8)] {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Add(`setup {"sides":[{"characters":[{"name":"Nero"}]},{"characters":[{"name":"Xavier"}]}]} # "#" in a string`)
	cat := catalog.Default()
	f.Fuzz(func(t *testing.T, text string) {
		file, err := Parse(text, cat)
		if err != nil {
			return
		}
		g, _, err := Play(file)
		if err == nil && g == nil {
			t.Fatal("a game file played to no game and no error")
		}
	})
}
