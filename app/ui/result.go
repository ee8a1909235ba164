package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/event"
	"gnosis/engine/eventgame"
	"gnosis/engine/shelf"
)

// resultCodePx is the widest a result code's QR code is drawn, in CSS pixels: as wide as a
// phone held beside the organiser's camera shows it whole.
const resultCodePx = 320

// ResultScreen is a kept game's result as one QR code, for a club night's organiser to scan
// (eventgame.CodeOf): reached at a game's end and from the shelf. Both phones of a two-phone game
// show the same code. Its text is under it, to copy where no camera serves.
type ResultScreen struct {
	app.Compo
	page
	shelf session.Shelf
	ID    string
}

// Render draws the screen.
func (c *ResultScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	back := app.Button().ID("result-code-back").Class("wide").Text(c.t("Back to the kept game")).
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ReturnTo{To: screenKept + c.ID}) })
	card, ok := c.shelf.Card(c.ID)
	if !ok {
		return app.Div().ID("result-code-screen").Body(app.Section().Class("card").Body(
			app.P().Role("status").Text(c.t("That game is not on the shelf."))), back)
	}
	code, err := eventgame.CodeOf(card)
	if err != nil {
		return app.Div().ID("result-code-screen").Body(app.Section().Class("card").Body(
			app.H2().Text(c.t("Result code for the club night")),
			app.P().ID("result-code-none").Role("status").Text(c.settings.ErrText(err))), back)
	}
	text := code.Text()
	svg, err := qrSVGSized(text, c.t("QR code")+": "+c.t("Result code for the club night"), resultCodePx)
	if err != nil {
		return app.Div().ID("result-code-screen").Body(app.P().Text(c.settings.ErrText(err)), back)
	}
	return app.Div().ID("result-code-screen").Body(
		app.Section().Class("card").Body(
			app.H2().Text(card.Sides[0].Name+" – "+card.Sides[1].Name),
			app.P().Class("result").Text(c.resultLine(card, code)),
			app.P().Class("muted small").Text(c.t("Show this code to the organiser's phone: it counts the result at your table.")),
			app.Div().ID("result-qr").Class("qr").Body(app.Raw(svg)),
			app.Textarea().ID("result-code-text").Class("plain-text").ReadOnly(true).Aria("label", c.t("The result code's text")).Text(text),
		),
		back,
	)
}

// resultLine says the code's result: who won (or a draw; of a game kept unfinished, who is
// ahead) and the levels each side has left.
func (c *ResultScreen) resultLine(g shelf.Game, code event.Code) string {
	said, won := c.t("Draw"), c.t("%s won")
	if code.Unfinished {
		won = c.t("%s ahead") // no one has won a game not ended
	}
	switch code.Outcome {
	case event.FirstWins:
		said = fmt.Sprintf(won, g.Sides[0].Name)
	case event.SecondWins:
		said = fmt.Sprintf(won, g.Sides[1].Name)
	}
	line := fmt.Sprintf(c.t("%s · %d – %d levels left · turn %d"), said, code.Left[0], code.Left[1], code.Turns)
	switch {
	case code.End == anima.EndConceded:
		line += " · " + c.t("conceded")
	case code.Unfinished && code.Length > 0:
		line += " · " + c.f("unfinished, turn %d of %d", code.Turns, code.Length)
	case code.Unfinished:
		line += " · " + c.f("unfinished, turn %d", code.Turns)
	}
	return line
}
