package engine

import (
	"strings"
	"unicode"
)

// CleanText is a name or a label as Gnosis keeps it: without control characters, without
// the invisible characters that reorder text (bidirectional overrides, embeddings, isolates and
// marks), which could make "RTL‮gnp.exe" show as "RTLexe.png", without zero-width spaces and
// joiners that hide a name's real spelling, and without line separators; spaces around it
// trimmed. The zero-width (non-)joiners that emoji and some scripts need are kept.
// Every name that comes from outside (a party file, a link, a card pack, a backup) passes
// through it.
func CleanText(s string) string {
	// strings.Map returns s itself when no rune is dropped.
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if hiddenRune(r) {
			return -1
		}
		return r
	}, s))
}

func hiddenRune(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r == 0x061C, r == 0x200E, r == 0x200F: // Arabic letter mark, LRM, RLM
		return true
	case r >= 0x202A && r <= 0x202E: // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	case r == 0x200B, r == 0x2060, r == 0xFEFF, r == 0x180E: // zero-width space, word joiner, BOM, Mongolian vowel separator
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators: a name is one line
		return true
	}
	return false
}

// Clean passes every name of the card through CleanText.
func (c *Card) Clean() {
	c.Name, c.Organization, c.Source, c.Notes = CleanText(c.Name), CleanText(c.Organization), CleanText(c.Source), CleanText(c.Notes)
	for i := range c.Abilities {
		c.Abilities[i].Name = CleanText(c.Abilities[i].Name)
	}
}

// Clean passes every name of the card through CleanText.
func (a *AdvantageCard) Clean() {
	a.Name, a.Only, a.Organization, a.Source = CleanText(a.Name), CleanText(a.Only), CleanText(a.Organization), CleanText(a.Source)
}

// Clean passes every name of the party, and of the own cards in it, through CleanText.
func (f *PartyFile) Clean() {
	f.Name, f.Organization = CleanText(f.Name), CleanText(f.Organization)
	cleanAdv := func(rs []AdvantageRef) {
		for i := range rs {
			rs[i].Name = CleanText(rs[i].Name)
			if rs[i].Card != nil {
				rs[i].Card.Clean()
			}
		}
	}
	for i := range f.Characters {
		e := &f.Characters[i]
		e.Name, e.Pilot = CleanText(e.Name), CleanText(e.Pilot)
		for j := range e.Upgrades {
			e.Upgrades[j] = CleanText(e.Upgrades[j])
		}
		if e.Card != nil {
			e.Card.Clean()
		}
		for j := range e.Summons {
			e.Summons[j].Name = CleanText(e.Summons[j].Name)
			if e.Summons[j].Card != nil {
				e.Summons[j].Card.Clean()
			}
		}
		cleanAdv(e.Advantages)
	}
	cleanAdv(f.Advantages)
}

// Clean passes every name of the pack's cards through CleanText.
func (p *CardPack) Clean() {
	for i := range p.Characters {
		p.Characters[i].Clean()
	}
	for i := range p.Advantages {
		p.Advantages[i].Clean()
	}
}
