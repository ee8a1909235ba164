package anima

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

// Clean passes every name of the pack's cards through core.CleanText.
func (p *CardPack) Clean() {
	for i := range p.Characters {
		p.Characters[i].Clean()
	}
	for i := range p.Advantages {
		p.Advantages[i].Clean()
	}
}
