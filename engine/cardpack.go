package engine

import (
	"encoding/json"
	"fmt"
	"strings"
)

// CardPackKind marks a card pack file.
const CardPackKind = "gnosis-card-pack"

// CardPack is a file of a player's own cards, to export and import:
// {"version":1,"kind":"gnosis-card-pack","characters":[...],"advantages":[...]}.
// Characters holds character and summon cards (Kind "summon").
type CardPack struct {
	Version    int             `json:"version"`
	Kind       string          `json:"kind"`
	Characters []Card          `json:"characters"`
	Advantages []AdvantageCard `json:"advantages"`
}

// NewCardPack makes a pack of the given cards.
func NewCardPack(chars []Card, advs []AdvantageCard) CardPack {
	return CardPack{Version: 1, Kind: CardPackKind, Characters: append([]Card{}, chars...), Advantages: append([]AdvantageCard{}, advs...)}
}

// ParseCardPack reads a card pack and validates every card; it refuses another file, an
// unknown version and an invalid card, naming it.
func ParseCardPack(b []byte) (CardPack, error) {
	var p CardPack
	b, err := CheckFile(b, "card pack")
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, fmt.Errorf("not a card pack: %w", err)
	}
	if p.Kind != CardPackKind {
		return p, fmt.Errorf("not a card pack (kind %q): export one from My cards", p.Kind)
	}
	if p.Version != 1 {
		return p, fmt.Errorf("card pack version %d: this version of Gnosis reads version 1; update Gnosis", p.Version)
	}
	p.Clean()
	for i, c := range p.Characters {
		p.Characters[i].Traits = ParseTraits(c.Capabilities) // typed once, as the catalog's are
		for j, a := range c.Abilities {
			p.Characters[i].Abilities[j] = TypeAbility(a)
		}
		if err := c.Validate(); err != nil {
			return p, err
		}
	}
	for _, a := range p.Advantages {
		if err := a.Validate(); err != nil {
			return p, err
		}
	}
	return p, nil
}

// Own is a player's own cards, looked up before the catalog: a card with a catalog name
// replaces the catalog's values (another printing).
type Own struct {
	Catalog    Catalog
	Characters []Card
	Advantages []AdvantageCard
}

// Character finds an own card first, then a catalog card.
func (o Own) Character(name string) (Card, bool) {
	for _, c := range o.Characters {
		if strings.EqualFold(strings.TrimSpace(c.Name), strings.TrimSpace(name)) {
			return c, true
		}
	}
	return o.Catalog.Character(name)
}

// Advantage finds an own advantage card first, then a catalog one.
func (o Own) Advantage(name string) (AdvantageCard, bool) {
	for _, a := range o.Advantages {
		if strings.EqualFold(strings.TrimSpace(a.Name), strings.TrimSpace(name)) {
			return a, true
		}
	}
	return o.Catalog.Advantage(name)
}

// Pilot finds a catalog pilot.
func (o Own) Pilot(name string) (Pilot, bool) { return o.Catalog.Pilot(name) }

// Summon finds an own summon card first, then a catalog summon.
func (o Own) Summon(name string) (Card, bool) {
	for _, c := range o.Characters {
		if c.IsSummon() && strings.EqualFold(strings.TrimSpace(c.Name), strings.TrimSpace(name)) {
			return c, true
		}
	}
	return o.Catalog.Summon(name)
}

// Upgrade finds a catalog upgrade of the named character.
func (o Own) Upgrade(character, name string) (Upgrade, bool) {
	return o.Catalog.Upgrade(character, name)
}
