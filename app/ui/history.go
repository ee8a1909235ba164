package ui

import (
	"fmt"
	"gnosis/app/session"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
)

// History is the game told turn by turn, newest first.
type History struct {
	app.Compo
	page
}

// Render draws the screen.
func (c *History) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	lines := engine.History(c.s.Game().Log(), c.s.Lang())
	var items []app.UI
	turn := -1
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i].Turn != turn {
			turn = lines[i].Turn
			items = append(items, app.Li().Class("turn-head").Text(fmt.Sprintf(c.t("Turn %d"), turn)))
		}
		items = append(items, app.Li().Text(lines[i].Text))
	}
	return app.Div().Body(
		app.Button().Class("wide").Text(c.t("Back to the game")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenGame}) }),
		app.Ul().ID("history-list").Class("plain history").Body(items...),
	)
}
