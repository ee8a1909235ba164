package gamefile

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Output is what a game file comes to: the first refused command, if any, the final state
// and the event log in notation.
func Output(t *testing.T, text string) (string, *anima.Game, *Refused) {
	t.Helper()
	f, err := Parse(text, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	g, refused, err := Play(f)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if refused != nil {
		r, _ := json.Marshal(refused)
		b.WriteString("refused " + string(r) + "\n")
	}
	st, _ := json.MarshalIndent(g.State(), "", " ")
	b.WriteString("state " + string(st) + "\n")
	b.WriteString("log\n" + anima.Notation(g.Log()))
	return b.String(), g, refused
}

// TestGoldenGames plays every game file under testdata/ (the rulebook's worked example and
// scenarios written from the rules, in both editions) and compares the outcome with its
// golden file; go test -update rewrites them. Each file's first line names the rules it
// checks.
func TestGoldenGames(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.game")
	if len(files) < 26 {
		t.Errorf("%d game files, want the worked example and at least 25 scenarios", len(files))
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		name := strings.TrimSpace(strings.TrimPrefix(first, "#"))
		t.Run(name, func(t *testing.T) {
			out, g, _ := Output(t, string(b))
			golden := strings.TrimSuffix(file, ".game") + ".golden"
			if *update {
				os.WriteFile(golden, []byte(out), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if out != string(want) {
				t.Errorf("outcome differs from %s:\n%s", golden, out)
			}
			replayed, err := anima.Replay(g.Log())
			if err != nil || !reflect.DeepEqual(replayed, g.State()) {
				t.Errorf("replaying the log differs: %v", err)
			}
			back, err := anima.ParseNotation(anima.Notation(g.Log()))
			if err != nil || !reflect.DeepEqual(back, g.Log()) {
				t.Errorf("the notation does not read back: %v", err)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	setup := `setup {"sides":[{"name":"A","level":250,"characters":[{"name":"Nero"}]},{"name":"B","level":250,"characters":[{"name":"Grey"}]}]}`
	for name, text := range map[string]string{
		"no setup":        "next",
		"two setups":      setup + "\n" + setup,
		"unknown command": setup + "\nteleport {}",
		"bad json":        setup + "\nattack {",
		"unknown field":   setup + `\nattack {"atacker":"0/0"}`,
		"bad die":         setup + "\ndice 11",
		"unknown card":    `setup {"sides":[{"name":"A","characters":[{"name":"Nobody"}]}]}`,
		"huge level":      `setup {"sides":[{"name":"A","level":9223372036854775807,"characters":[{"name":"Nero"}]},{"name":"B","characters":[{"name":"Grey"}]}]}`,
		"huge damage":     `setup {"sides":[{"name":"A","characters":[{"name":"Nero","override":{"damage":3000000000}}]},{"name":"B","characters":[{"name":"Grey"}]}]}`,
		"huge turns":      `setup {"turns":100000,"sides":[{"name":"A","characters":[{"name":"Nero"}]},{"name":"B","characters":[{"name":"Grey"}]}]}`,
	} {
		if _, err := Parse(strings.ReplaceAll(text, `\n`, "\n"), catalog.Default()); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// A "#" inside a name is part of the name; one after the JSON starts a comment.
	own := `{"card":{"name":"Nero #2","categories":["Fighter"],"level":40,"lp":"12","actions":4,"recovery":3}}`
	f, err := Parse(`setup {"sides":[{"name":"A #1","characters":[`+own+`]},{"name":"B","characters":[{"name":"Grey"}]}]} # a comment "with a quote`, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	if f.Setup.Sides[0].Name != "A #1" || f.Setup.Sides[0].Characters[0].Name != "Nero #2" {
		t.Errorf("names %q %q", f.Setup.Sides[0].Name, f.Setup.Sides[0].Characters[0].Name)
	}
}
