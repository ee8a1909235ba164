package session

import (
	"crypto/rand"
	"errors"
	"fmt"
	"strings"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// The requests of the player card: this phone's own, and a player's entered at a club night.
type (
	// MakePlayerCard makes this phone's player card under Name (season.NewCard: its key drawn
	// once, from crypto/rand), or gives the card it has a new name, its key kept, so that the
	// nights already played stay the player's. Refused (season.ErrCard) for a name with nothing
	// to show; a card the device does not keep is not made.
	MakePlayerCard struct{ Name string }
	// AddEventPlayerCard enters the player of a player card (its link, or its QR code's text)
	// in the club night: the card's name and key (event.Event.AddPlayerCard, R-EVT-11).
	AddEventPlayerCard struct{ Link string }
)

// ScreenCard is this phone's player card: made once, shown as a QR code and a link.
const ScreenCard = "/card"

func (r MakePlayerCard) apply(s *Session) (Outcome, error) {
	c, err := season.NewCard(r.Name, rand.Reader)
	if err != nil {
		return Outcome{}, err
	}
	renamed := s.settings.card() != nil
	if err := s.settings.keepCard(c); err != nil {
		if errors.Is(err, store.ErrNotSaved) || errors.Is(err, store.ErrQuota) {
			return Outcome{}, core.Fail(errCardNotKept, err, "Not saved on this device: the browser's storage is full or blocked. Your player card was not made: free some space, then make it again.")
		}
		return Outcome{}, err
	}
	if renamed {
		s.say(s.T("Your player card has its new name; its key is the same."))
	} else {
		s.say(s.T("Your player card is made: show it to the organiser at a club night."))
	}
	return Outcome{}, nil
}

// errCardNotKept is a player card the device did not keep.
var errCardNotKept = errors.New("the player card was not kept")

func (r AddEventPlayerCard) apply(s *Session) (Outcome, error) {
	c, err := season.ReadCard(r.Link)
	if err != nil {
		return Outcome{}, err
	}
	err = s.event.change(func(e *event.Event) error { _, err := e.AddPlayerCard(c.Name, c.Key); return err })
	if err == nil {
		s.say(fmt.Sprintf(s.T("%s entered with their player card."), c.Name))
	}
	return Outcome{}, err
}

// isCardLink reports whether a name typed for a new player is a player card's link pasted.
func isCardLink(name string) bool { return strings.Contains(name, season.CardLinkKey) }

// card is this phone's player card, nil when none was made (or the one kept is not a card).
func (p *settingsPart) card() *season.Card {
	c := p.prefs.Card
	if c == nil || !event.ValidCard(c.Key) || strings.TrimSpace(c.Name) == "" {
		return nil
	}
	out := *c
	return &out
}

// keepCard keeps c as this phone's player card, under the key of the card it has, if any.
// A card the device does not keep is not made (its error).
func (p *settingsPart) keepCard(c season.Card) error {
	before := p.prefs.Card
	if old := p.card(); old != nil {
		c.Key = old.Key
	}
	p.prefs.Card = &c
	if err := p.store.SaveSettings(p.prefs); err != nil {
		p.prefs.Card = before
		return err
	}
	return nil
}

// adoptCard takes a backup's player card as this phone's when it has none, and reports
// whether it did: a phone's own card is never replaced.
func (p *settingsPart) adoptCard(c *season.Card) bool {
	if p.card() != nil || c == nil || !event.ValidCard(c.Key) {
		return false
	}
	card, err := season.ReadCard(c.Link("")) // read as a scanned card is: its name cleaned and cut
	if err != nil {
		return false
	}
	return p.keepCard(card) == nil
}

// Card is this phone's player card (nil: none made yet).
func (v Settings) Card() *season.Card { return v.p.card() }
