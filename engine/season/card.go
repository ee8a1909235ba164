package season

import (
	"encoding/base32"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/fragment"
)

// Card is a player card: the player's name and a key their own phone drew once (NewCard),
// which a club night keeps when the organiser scans the card (event.Event.AddPlayerCard) and
// a season joins the player's nights by. It travels as a link (Link: #player=…, its JSON
// sealed with a CRC-32, as a party's link) and its QR code.
type Card struct {
	Name string `json:"n"`
	Key  string `json:"k"`
}

// CardLinkKey begins a player card's link's fragment.
const CardLinkKey = "player="

// MaxCardLink is the longest card link's payload read (after CardLinkKey), in characters: a
// name of event.MaxName characters sealed is far shorter. The app's address before it does
// not count: a card made under a long one reads.
const MaxCardLink = 1000

// MaxCardText is the longest card link read whole (pasted, scanned), in characters: its payload
// (MaxCardLink) under an app's address of up to 1 kB.
const MaxCardText = MaxCardLink + 1<<10

// Errors of a player card (core.RuleError: said in the player's language).
var ErrCard = errors.New("not a player card")

var keyEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewCard is a new player card of name (cleaned, cut to event.MaxName characters), its key
// 10 bytes of random (crypto/rand's Reader on the phone) in base32's lower case: 16 letters
// (event.CardKeyLen), never derived from anything of the phone. ErrCard for a name with
// nothing to show.
func NewCard(name string, random io.Reader) (Card, error) {
	name = cleanName(name)
	if event.Fold(name) == "" {
		return Card{}, core.Fail(ErrCard, nil, "a player card needs a name")
	}
	b := make([]byte, 10)
	if _, err := io.ReadFull(random, b); err != nil {
		return Card{}, err
	}
	return Card{Name: name, Key: strings.ToLower(keyEncoding.EncodeToString(b))}, nil
}

// Link is the card's link under base (the app's address): base#player=<payload>.
func (c Card) Link(base string) string {
	b, _ := json.Marshal(c) // two strings: it encodes
	return fragment.Link(base, CardLinkKey, fragment.Seal(b))
}

// ReadCard reads a player card from its link, its fragment or its QR code's text: bounded
// (MaxCardText the link, MaxCardLink its payload), its checksum checked, its name
// cleaned and cut, its key a card's (event.ValidCard); else ErrCard, with what to do.
func ReadCard(link string) (Card, error) {
	var c Card
	if len(link) > MaxCardText || !strings.Contains(link, CardLinkKey) {
		return c, core.Fail(ErrCard, nil, "not a player card: scan the card a player's phone shows under Your player card")
	}
	payload := fragment.Payload(link, CardLinkKey)
	if len(payload) > MaxCardLink {
		return c, core.Fail(ErrCard, nil, "the player card is damaged: scan it again")
	}
	raw, err := fragment.Bytes(payload)
	if err != nil || len(raw) < 5 {
		return c, core.Fail(ErrCard, err, "the player card is damaged: scan it again")
	}
	body, ok := fragment.Open(raw, 4)
	if !ok || json.Unmarshal(body, &c) != nil {
		return Card{}, core.Fail(ErrCard, nil, "the player card is damaged: scan it again")
	}
	c.Name = cleanName(c.Name)
	if event.Fold(c.Name) == "" || !event.ValidCard(c.Key) {
		return Card{}, core.Fail(ErrCard, nil, "the player card is damaged: scan it again")
	}
	return c, nil
}

// cleanName is a name cleaned (core.CleanText) and cut to event.MaxName characters.
func cleanName(s string) string {
	s = strings.TrimSpace(core.CleanText(s))
	if r := []rune(s); len(r) > event.MaxName {
		s = strings.TrimSpace(string(r[:event.MaxName]))
	}
	return s
}
