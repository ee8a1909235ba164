package anima

import (
	"encoding/json"

	"gnosis/engine/core"
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
		return p, core.Fail(ErrNotAFile, err, "not a card pack: the file cannot be read")
	}
	if p.Kind != CardPackKind {
		return p, fail(ErrNotAFile, "not a card pack (kind %q): export one from My cards", p.Kind)
	}
	if p.Version != 1 {
		return p, fail(ErrNotAFile, "card pack version %d: this version of Gnosis reads version 1; update Gnosis", p.Version)
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
