// Package ruleids gives the tests the rules' IDs (R-ATK-3), in the digest's order: from the
// rules digest beside the repository (../shared/RULES.md) where it is, else from the summaries
// the app ships (web/rules.json), which app/ui's TestEveryRuleHasASummary keeps equal to the
// digest wherever both are. So a clone with nothing beside it tests what it ships.
package ruleids

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// line is a rule's line in the digest: "- R-ATK-3 …".
var line = regexp.MustCompile(`(?m)^- (R-[A-Z]+-[0-9]+) (.*)$`)

// Digest reads the rules digest beside the repository whose root is root (a path from the
// test's folder): each rule's ID and its line, in order. ok is false where there is none.
func Digest(root string) (ids []string, lines map[string]string, ok bool) {
	b, err := os.ReadFile(filepath.Join(root, "..", "shared", "RULES.md"))
	if err != nil {
		return nil, nil, false
	}
	lines = map[string]string{}
	for _, m := range line.FindAllStringSubmatch(string(b), -1) {
		ids = append(ids, m[1])
		lines[m[1]] = m[2]
	}
	return ids, lines, true
}

// IDs are the rules' IDs in order: the digest's (Digest) where it is beside the repository
// whose root is root, else web/rules.json's; from says which.
func IDs(root string) (ids []string, from string, err error) {
	if ids, _, ok := Digest(root); ok {
		return ids, "../shared/RULES.md", nil
	}
	b, err := os.ReadFile(filepath.Join(root, "web", "rules.json"))
	if err != nil {
		return nil, "", err
	}
	var book struct {
		Rules []struct {
			ID string `json:"id"`
		} `json:"rules"`
	}
	if err := json.Unmarshal(b, &book); err != nil {
		return nil, "", fmt.Errorf("web/rules.json: %v", err)
	}
	for _, r := range book.Rules {
		ids = append(ids, r.ID)
	}
	return ids, "web/rules.json", nil
}
