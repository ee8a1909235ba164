package engine

import (
	"fmt"
	"strings"
)

// Text is the party in plain text for forums and tournament organizers: a heading with the
// encounter level, edition and party type; a line per character with its level and what it
// carries; the party's cards; the budget and whether it keeps every party rule.
func (p Party) Text() string {
	var b strings.Builder
	f := p.File
	kind := "faction party"
	if f.Organization != "" {
		kind = f.Organization + " organization"
	}
	name := f.Name
	if name == "" {
		name = "Party"
	}
	fmt.Fprintf(&b, "%s — %d levels, %s edition, %s\n", name, f.Level, f.Edition, kind)
	for _, m := range p.Members {
		fmt.Fprintf(&b, "- %s (%d)", m.Card.Name, m.Card.Level)
		if m.Pilot != nil {
			fmt.Fprintf(&b, " piloted by %s", m.Pilot.Name)
		}
		for _, a := range m.Advantages {
			fmt.Fprintf(&b, " + %s (%d)", a.Name, a.Cost)
		}
		for _, s := range m.Summons {
			fmt.Fprintf(&b, " + summon %s (%d)", s.Name, s.Level)
		}
		b.WriteString("\n")
	}
	if len(p.Advantages) > 0 {
		var cards []string
		for _, a := range p.Advantages {
			if a.Group == OrganizationAdvantage {
				cards = append(cards, a.Name+" (organization)")
			} else {
				cards = append(cards, fmt.Sprintf("%s (%d)", a.Name, a.Cost))
			}
		}
		fmt.Fprintf(&b, "Party cards: %s\n", strings.Join(cards, ", "))
	}
	verdict := "keeps every party rule"
	if vs := CheckParty(p); len(vs) > 0 {
		var rules []string
		for _, v := range vs {
			rules = appendNew(rules, v.Rule)
		}
		verdict = "breaks " + strings.Join(rules, ", ")
	}
	fmt.Fprintf(&b, "Levels %d/%d · advantage points %d/%d · %s\n", p.LevelsSpent(), f.Level, p.AdvantagePointsSpent(), p.AdvantagePoints(), verdict)
	return b.String()
}
