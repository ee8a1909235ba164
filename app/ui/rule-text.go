package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// ruleText is a text with each rule ID in it made a button that opens that rule's summary
// (RuleSheet) over the screen.
func ruleText(lang, s string) []app.UI {
	var out []app.UI
	last := 0
	for _, m := range ruleIDs(s) {
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

// ruleIDs are where the rule IDs are in a text ("R-PARTY-6", "R-DW-12"): R, a dash, capitals, a
// dash, digits, a word of its own (no letter, digit or underscore either side), each as its
// start and end.
func ruleIDs(s string) [][2]int {
	var out [][2]int
	for i := 0; i+1 < len(s); i++ {
		if i > 0 && wordByte(s[i-1]) {
			continue
		}
		if end := ruleIDAt(s, i); end > 0 {
			out = append(out, [2]int{i, end})
			i = end - 1
		}
	}
	return out
}

// ruleIDAt is the end of the rule ID that starts at s[i], or 0 where none does; the byte
// before i is the caller's to check.
func ruleIDAt(s string, i int) int {
	if s[i] != 'R' || s[i+1] != '-' {
		return 0
	}
	j := i + 2
	for j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
		j++
	}
	if j == i+2 || j >= len(s) || s[j] != '-' {
		return 0
	}
	k := j + 1
	for k < len(s) && s[k] >= '0' && s[k] <= '9' {
		k++
	}
	if k == j+1 || k < len(s) && wordByte(s[k]) {
		return 0
	}
	return k
}

// wordByte reports whether b is a byte of a word as regexp's \b sees it: a letter, a digit or
// an underscore of ASCII.
func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}
