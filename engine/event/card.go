package event

import "gnosis/engine/core"

// CardKeyLen is the length of a player card's key: 16 letters of base32's lower-case alphabet
// (a to z, 2 to 7), 80 random bits, drawn once by the player's own phone and never derived from
// anything of it (engine/season's NewCard).
const CardKeyLen = 16

// ValidCard reports whether key can be a player card's key: CardKeyLen letters of a to z and 2
// to 7.
func ValidCard(key string) bool {
	if len(key) != CardKeyLen {
		return false
	}
	for _, c := range []byte(key) {
		if (c < 'a' || c > 'z') && (c < '2' || c > '7') {
			return false
		}
	}
	return true
}

// AddPlayerCard enters a player by their player card: its name (as AddPlayer, R-EVT-11) and
// its key, which the event's file keeps and a season joins the player's nights by. Refused
// (ErrPlayer) as AddPlayer refuses, for a key that is not a card's (ValidCard), and for a card
// in the event already (the player's own, scanned twice).
func (e *Event) AddPlayerCard(name, key string) (*Player, error) {
	if !ValidCard(key) {
		return nil, core.Fail(ErrPlayer, nil, "not a player card's key: scan the card again")
	}
	if p := e.Carded(key); p != nil {
		return nil, core.Fail(ErrPlayer, nil, "this player card is in the event already, as %s", p.Name)
	}
	p, err := e.AddPlayer(name)
	if err != nil {
		return nil, err
	}
	p.Card = key
	return p, nil
}

// Carded is the player entered by the card of key (nil: none).
func (e *Event) Carded(key string) *Player {
	for i := range e.Players {
		if e.Players[i].Card == key && key != "" {
			return &e.Players[i]
		}
	}
	return nil
}
