package ui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestOneWayToWriteAnOption: issue 62: every option of every select is written by optionOf,
// which writes "" as none, so that no option reaches the page without a value (the browser
// then takes its text for its value: the shelf's "Any result" filtered on its label); and
// every select's change reads its value with chosen, which reads none as "".
func TestOneWayToWriteAnOption(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if n := strings.Count(src, "app.Option()"); n > 0 && f != "fields.go" || f == "fields.go" && n != 1 {
			t.Errorf("%s writes %d options with app.Option(): write them with optionOf", f, n)
		}
	}
	if h := app.HTMLString(optionOf("").Text("Any result")); !strings.Contains(h, `value="-"`) {
		t.Errorf("optionOf(\"\") writes %s", h)
	}
	if h := app.HTMLString(app.Option().Value("").Text("Any result")); !strings.Contains(h, `value=""`) && !strings.Contains(h, `<option value>`) { // third_party/go-app.patch: present, empty
		t.Errorf("go-app writes an empty value as %s", h)
	}
}

// TestNumbersThroughF: issue 62: a text with a percentage is made by page.f (text.F), which
// elides Italian's article before it ("dell'80%"), never by fmt.Sprintf over a translated key.
func TestNumbersThroughF(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	bypass := regexp.MustCompile(`fmt\.Sprintf\([a-z]+\.t\("[^"]*%%`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f)
		for _, m := range bypass.FindAllString(string(b), -1) {
			t.Errorf("%s: %s…: write it with page.f", f, m)
		}
	}
}
