package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
)

// screenPlayed lists the club nights this phone's player played.
const screenPlayed = session.ScreenPlayed

// PlayedScreen is the club nights this phone's player played, newest first: each with its
// name and day, and its rounds (the table, the opponent, the games kept and their results);
// a game kept opens from it. The list is the Session's, counted in a request (Shelf.Played).
type PlayedScreen struct {
	app.Compo
	page
	shelf session.Shelf
}

// Render draws the screen.
func (c *PlayedScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	nights := c.shelf.Played()
	return app.Div().ID("played").Body( // the top bar names the screen
		app.If(len(nights) == 0, func() app.UI {
			return app.P().ID("played-none").Class("card muted").Text(c.t("No club night yet: open a round's link from the organiser and pick your name, and the night is listed here with the games you keep at it."))
		}),
		app.Range(nights).Slice(func(i int) app.UI { return c.night(i, nights[i]) }),
	)
}

// night is a club night played: its name and day, and its rounds.
func (c *PlayedScreen) night(i int, n session.PlayedNight) app.UI {
	id := "played-" + strconv.Itoa(i)
	return app.Section().ID(id).Class("card played-night").Body(
		app.H3().Text(n.Event),
		app.P().Class("muted small").Text(n.Date),
		app.Ul().Class("list").Body(app.Range(n.Rounds).Slice(func(j int) app.UI {
			return c.round(id+"-"+strconv.Itoa(j), n.Rounds[j])
		})),
	)
}

// round is a round played: its number, table and opponent, and each game kept of it with its
// result, a tap opening it.
func (c *PlayedScreen) round(id string, r session.PlayedRound) app.UI {
	return app.Li().ID(id).Class("row spread").Body(
		app.Div().Class("grow").Body(
			app.Strong().Text(c.roundName(r)),
			app.P().Class("muted small").Text(c.against(r)),
		),
		app.If(len(r.Games) == 0, func() app.UI {
			return app.Span().Class("muted small").Text(c.t("No game kept"))
		}),
		app.Range(r.Games).Slice(func(k int) app.UI {
			g := r.Games[k]
			return app.Button().Class("played-game").Attr("data-id", g.ID).Text(c.t(resultWords[g.Result])).
				Aria("label", c.f("Open the game against %s: %s", g.Opponent, c.t(resultWords[g.Result]))).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.OpenKept{ID: g.ID}) }, app.EventScope(g.ID))
		}),
	)
}

// roundName is the round's number and table, as far as they are known.
func (c *PlayedScreen) roundName(r session.PlayedRound) string {
	switch {
	case r.Round == 0:
		return c.t("Round not known")
	case r.Table == 0:
		return c.f("Round %d", r.Round)
	}
	return c.f("Round %d · table %d", r.Round, r.Table)
}

// against is who the player met in the round.
func (c *PlayedScreen) against(r session.PlayedRound) string {
	switch {
	case r.Bye:
		return c.t("Bye")
	case r.Opponent == "":
		return c.t("Opponent not known")
	}
	return c.f("against %s", r.Opponent)
}
