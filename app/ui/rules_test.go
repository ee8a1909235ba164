package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestEveryRuleHasASummary: web/rules.json has every rule ID of the rules digest
// (../shared/RULES.md), in its order, each with a title and a summary in English, Spanish and
// Italian, and no ID the digest does not have; a summary is the project's own words, not the
// digest's line. When the digest gains a rule, this asks for its summary.
func TestEveryRuleHasASummary(t *testing.T) {
	digest, err := os.ReadFile("../../../shared/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("../../web/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	book, err := parseRules(b)
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^- (R-[A-Z]+-[0-9]+) (.*)$`)
	var ids []string
	lines := map[string]string{}
	for _, m := range line.FindAllStringSubmatch(string(digest), -1) {
		ids = append(ids, m[1])
		lines[m[1]] = m[2]
	}
	if len(ids) < 80 {
		t.Fatalf("only %d rule IDs in RULES.md", len(ids))
	}
	var got []string
	for _, r := range book.Rules {
		got = append(got, r.ID)
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
	if strings.Join(got, " ") != strings.Join(ids, " ") {
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
