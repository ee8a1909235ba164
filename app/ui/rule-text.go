package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// ruleText is a text with each rule ID in it made a button that opens that rule's summary
// (RuleSheet) over the screen.
func ruleText(lang, s string) []app.UI {
	var out []app.UI
	last := 0
	for _, m := range ruleID.FindAllStringIndex(s, -1) {
		if m[0] > last {
			out = append(out, app.Text(s[last:m[0]]))
		}
		out = append(out, ruleButton(lang, s[m[0]:m[1]]))
		last = m[1]
	}
	if last < len(s) {
		out = append(out, app.Text(s[last:]))
	}
	return out
}
