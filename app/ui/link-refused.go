package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// linkRefused is the card a screen opened from a link draws where the link cannot be read: why
// (page.linkError, in the player's language) in the alert of ID id, then more (what the player
// may do instead); the card's own ID is card, none where card is "".
func linkRefused(card, id, why string, more ...app.UI) app.UI {
	s := app.Section().Class("card")
	if card != "" {
		s = s.ID(card)
	}
	return s.Body(append([]app.UI{app.P().ID(id).Class("bad").Role("alert").Text(why)}, more...)...)
}
