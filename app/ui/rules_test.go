package ui

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"gnosis/internal/ruleids"
)

// TestEveryRuleHasASummary: web/rules.json has each rule once, with a title and a summary in
// English, Spanish and Italian, translated; where the rules digest is beside the repository
// (../shared/RULES.md, as in CI), it has every rule ID of the digest, in its order, and no ID
// the digest does not have, and a summary is the project's own words, not the digest's line.
// When the digest gains a rule, this asks for its summary.
func TestEveryRuleHasASummary(t *testing.T) {
	ids, lines, withDigest := ruleids.Digest("../..")
	if !withDigest {
		t.Log("no rules digest beside the repository: web/rules.json is checked on its own")
	}
	b, err := os.ReadFile("../../web/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	book, err := parseRules(b)
	if err != nil {
		t.Fatal(err)
	}
	if withDigest && len(ids) < 80 {
		t.Fatalf("only %d rule IDs in RULES.md", len(ids))
	}
	id := regexp.MustCompile(`^R-[A-Z]+-[0-9]+$`)
	var got []string
	once := map[string]bool{}
	for _, r := range book.Rules {
		got = append(got, r.ID)
		if !id.MatchString(r.ID) || once[r.ID] {
			t.Errorf("%q: not a rule ID, or twice", r.ID)
		}
		once[r.ID] = true
		for lang, t2 := range map[string][2]string{"en": r.EN, "es": r.ES, "it": r.IT} {
			if strings.TrimSpace(t2[0]) == "" || len(strings.Fields(t2[1])) < 5 {
				t.Errorf("%s: no title or summary in %s", r.ID, lang)
			}
		}
		if d := lines[r.ID]; d != "" && strings.Contains(r.EN[1], d) {
			t.Errorf("%s: the summary is the digest's line", r.ID)
		}
		if r.EN[1] == r.ES[1] || r.EN[1] == r.IT[1] {
			t.Errorf("%s: a summary left untranslated", r.ID)
		}
	}
	if len(got) < 80 {
		t.Errorf("only %d rules in web/rules.json", len(got))
	}
	if withDigest && strings.Join(got, " ") != strings.Join(ids, " ") {
		t.Errorf("web/rules.json has\n%v\nRULES.md has\n%v", got, ids)
	}
	if r, ok := book.find("R-ATK-3"); !ok || !strings.Contains(r.EN[1], "5 LP") {
		t.Errorf("R-ATK-3: %v %v", r, ok)
	}
}

// TestRuleText: a rule ID in a refusal becomes a button; the text around it stays.
func TestRuleText(t *testing.T) {
	if got := len(ruleText("en", "R-ACT-1: not enough actions (R-ACT-2)")); got != 4 {
		t.Errorf("%d parts, want 4 (ID, text, ID, text)", got)
	}
	if got := len(ruleText("en", "no rule here")); got != 1 {
		t.Errorf("%d parts, want 1", got)
	}
}

// TestRuleIDsAsTheirPattern: the rule IDs are found, without regexp (app.wasm links none,
// issue 71), where the pattern that found them did, on texts drawn from their pieces.
func TestRuleIDsAsTheirPattern(t *testing.T) {
	pattern := regexp.MustCompile(`\bR-[A-Z]+-[0-9]+\b`)
	pieces := []string{"R", "-", "ATK", "DW", "3", "12", " ", "(", ")", "x", "_", "é", "R-ATK-3", ":"}
	r := rand.New(rand.NewPCG(71, 3))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(9) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		var want [][2]int
		for _, m := range pattern.FindAllStringIndex(s, -1) {
			want = append(want, [2]int{m[0], m[1]})
		}
		if got := ruleIDs(s); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%q: %v, the pattern's %v", s, got, want)
		}
	}
}
