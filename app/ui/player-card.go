package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// screenCard is this phone's player card; screenCardLink + a payload a player card opened from
// its link (#player=…).
const (
	screenCard     = session.ScreenCard
	screenCardLink = season.CardLinkKey
)

// PlayerCardScreen is this phone's player card: made once under the player's name, then shown
// as a QR code and a link for the organiser to scan at a club night, its name changed at will
// and its key never.
type PlayerCardScreen struct {
	app.Compo
	page
}

// Render draws the screen.
func (c *PlayerCardScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	card := c.settings.Card()
	nights := app.Button().ID("card-nights").Class("wide").Text(c.t("Your club nights")).
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenPlayed}) })
	if card == nil {
		return app.Div().ID("player-card").Body(app.Section().Class("card").Body(
			app.H2().Text(c.t("Your player card")),
			app.P().Class("muted").Text(c.t("Make it once: at a club night the organiser scans it to enter you, and a season joins your nights by it.")),
			c.nameField(""),
			app.Button().ID("card-make").Class("primary wide").Text(c.t("Make my player card")).
				OnClick(func(ctx app.Context, e app.Event) {
					c.s.ask(ctx, session.MakePlayerCard{Name: fieldValue("card-name")})
				}),
		), nights)
	}
	return app.Div().ID("player-card").Body(
		c.linkCard(card.Name, card.Link(c.s.base()), c.t("Your player card's link"),
			c.t("Show this code to the organiser at a club night. It stays on this phone, and a backup carries it to another.")),
		app.Section().Class("card").Body(
			c.nameField(card.Name),
			app.Button().ID("card-rename").Class("wide").Text(c.t("Change the name")).
				OnClick(func(ctx app.Context, e app.Event) {
					c.s.ask(ctx, session.MakePlayerCard{Name: fieldValue("card-name")})
				}),
		),
		nights,
	)
}

// nameField is the card's name, labelled.
func (c *PlayerCardScreen) nameField(name string) app.UI {
	return app.Div().Body(
		app.Label().Class("field-label").For("card-name").Text(c.t("Your name")),
		app.Input().ID("card-name").Class("wide").Type("text").MaxLength(event.MaxName).Value(name).Attr("autocomplete", "name"),
	)
}

// CardLinkScreen is a player card opened from its link (#player=…), on any phone: the card
// shown again with what it is for, or why its link cannot be read.
type CardLinkScreen struct {
	app.Compo
	page
	Link string // the fragment's payload, after season.CardLinkKey
}

// Render draws the screen.
func (c *CardLinkScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	own := app.Button().ID("card-link-own").Class("wide").Text(c.t("Your player card")).
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenCard}) })
	card, err := season.ReadCard(season.CardLinkKey + c.Link)
	if err != nil {
		return app.Div().ID("card-link").Body(linkRefused("", "card-link-error", c.linkError(c.t("This player card's link cannot be read: "), err)), own)
	}
	return app.Div().ID("card-link").Body(
		c.linkCard(card.Name, card.Link(c.s.base()), c.t("A player card's link"),
			c.f("A player card: at a club night, the organiser enters %s by scanning this code, or by pasting this link as a player's name. Your own card is under Your player card.", card.Name)),
		own,
	)
}
