package party

import (
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// Text is the party in plain text for forums and tournament organizers, in lang: a heading
// with the encounter level, edition and party type; a line per character with its card's own
// level, its printing where one was chosen, its pilot, upgrades, cards and summons, each with its
// own cost (so that the line adds up, upgrades counted once); the party's cards; the budget and
// whether it keeps every party rule. Names of cards stay as printed.
func (p Party) Text(lang string) string {
	var b strings.Builder
	f := p.File
	kind := text.T(lang, "faction party")
	if f.Organization != "" {
		kind = text.F(lang, "%s organization", anima.OrganizationIn(lang, f.Organization))
	}
	name := f.Name
	if name == "" {
		name = text.T(lang, "Party")
	}
	b.WriteString(text.F(lang, "%s — %d levels, %s edition, %s", name, f.Level, f.Edition, kind) + "\n")
	for i, m := range p.Members {
		base := m.Card.Level // the card's own level: its upgrades' follow, each with its own
		for _, u := range m.Upgrades {
			base -= u.Level
		}
		b.WriteString(text.F(lang, "- %s (%d)", m.Card.Name, base))
		if i < len(f.Characters) && f.Characters[i].Printing != "" { // chosen, not the default
			b.WriteString(" · " + text.F(lang, "Printing: %s", f.Characters[i].Printing))
		}
		if m.Pilot != nil {
			b.WriteString(" " + text.F(lang, "piloted by %s", m.Pilot.Name))
		}
		for _, u := range m.Upgrades {
			b.WriteString(" " + text.F(lang, "+ %s (%d)", u.Name, u.Level))
		}
		for _, a := range m.Advantages {
			b.WriteString(" " + text.F(lang, "+ %s (%d)", a.Name, a.Cost))
		}
		for _, s := range m.Summons {
			b.WriteString(" " + text.F(lang, "+ summon %s (%d)", s.Name, s.Level))
		}
		b.WriteString("\n")
	}
	if len(p.Advantages) > 0 {
		var cards []string
		for _, a := range p.Advantages {
			if a.Group == anima.OrganizationAdvantage {
				cards = append(cards, text.F(lang, "%s (organization)", a.Name))
			} else {
				cards = append(cards, text.F(lang, "%s (%d)", a.Name, a.Cost))
			}
		}
		b.WriteString(text.F(lang, "Party cards: %s", strings.Join(cards, ", ")) + "\n")
	}
	verdict := text.T(lang, "keeps every party rule")
	if vs := CheckParty(p); len(vs) > 0 {
		var rules []string
		for _, v := range vs {
			rules = appendNew(rules, v.Rule)
		}
		verdict = text.F(lang, "breaks %s", strings.Join(rules, ", "))
	}
	b.WriteString(text.F(lang, "Levels %d/%d · advantage points %d/%d · %s", p.LevelsSpent(), f.Level, p.AdvantagePointsSpent(), p.AdvantagePoints(), verdict) + "\n")
	return b.String()
}
