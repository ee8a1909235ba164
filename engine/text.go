package engine

import "gnosis/engine/core"

// Clean passes every name of the card through core.CleanText.
func (c *Card) Clean() {
	c.Name, c.Organization, c.Source, c.Notes = core.CleanText(c.Name), core.CleanText(c.Organization), core.CleanText(c.Source), core.CleanText(c.Notes)
	for i := range c.Abilities {
		c.Abilities[i].Name = core.CleanText(c.Abilities[i].Name)
	}
}

// Clean passes every name of the card through core.CleanText.
func (a *AdvantageCard) Clean() {
	a.Name, a.Only, a.Organization, a.Source = core.CleanText(a.Name), core.CleanText(a.Only), core.CleanText(a.Organization), core.CleanText(a.Source)
}

// Clean passes every name of the party, and of the own cards in it, through core.CleanText.
func (f *PartyFile) Clean() {
	f.Name, f.Organization = core.CleanText(f.Name), core.CleanText(f.Organization)
	cleanAdv := func(rs []AdvantageRef) {
		for i := range rs {
			rs[i].Name = core.CleanText(rs[i].Name)
			if rs[i].Card != nil {
				rs[i].Card.Clean()
			}
		}
	}
	for i := range f.Characters {
		e := &f.Characters[i]
		e.Name, e.Pilot = core.CleanText(e.Name), core.CleanText(e.Pilot)
		for j := range e.Upgrades {
			e.Upgrades[j] = core.CleanText(e.Upgrades[j])
		}
		if e.Card != nil {
			e.Card.Clean()
		}
		for j := range e.Summons {
			e.Summons[j].Name = core.CleanText(e.Summons[j].Name)
			if e.Summons[j].Card != nil {
				e.Summons[j].Card.Clean()
			}
		}
		cleanAdv(e.Advantages)
	}
	cleanAdv(f.Advantages)
}

// Clean passes every name of the pack's cards through core.CleanText.
func (p *CardPack) Clean() {
	for i := range p.Characters {
		p.Characters[i].Clean()
	}
	for i := range p.Advantages {
		p.Advantages[i].Clean()
	}
}
