package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
)

// start sets a game up: the chosen party against an opponent (another saved party or an
// opponent that is not tracked), then the tracker.
func (c *Root) start() app.UI {
	sp := c.party()
	return app.Div().Class("start").Body(
		app.Section().Class("card").Body(
			app.H2().Text(sp.Party.Name),
			app.P().Class("muted").Text(fmt.Sprintf("%s · %d levels · %s edition · %s per turn",
				plural(len(sp.Party.Characters), "character", "characters"), sp.Party.Level, sp.Party.Edition,
				plural(engine.GnosisPoints(sp.Party.Level), "Gnosis point", "Gnosis points"))),
			app.Label().Class("field").Body(
				app.Span().Text("Opponent"),
				app.Select().ID("opponent").OnChange(func(ctx app.Context, e app.Event) { c.opponent = chosen(ctx) }).Body(
					app.Option().Value(none).Selected(c.opponent == "").Text("Not tracked"),
					app.If(c.opponentShared != nil, func() app.UI {
						return app.Option().Value(sharedOpponent).Selected(c.opponent == sharedOpponent).Text(c.opponentShared.Name + " (from the link)")
					}),
					app.Range(c.parties).Slice(func(i int) app.UI {
						o := c.parties[i]
						return app.Option().Value(o.ID).Selected(o.ID == c.opponent).Disabled(o.ID == sp.ID || len(o.Party.Characters) == 0).Text(o.Party.Name)
					}),
				),
			),
			app.If(c.game != nil, func() app.UI {
				return app.P().Class("warning").Text("Starting replaces the game in progress.")
			}),
			app.Button().ID("begin").Class("primary wide").Text("Start the game").OnClick(c.onStart),
		),
	)
}

func (c *Root) onStart(ctx app.Context, e app.Event) {
	sp := c.party()
	mine, err := c.resolve(sp.Party)
	if err != nil {
		c.warn(err)
		return
	}
	su := engine.Setup{Edition: sp.Party.Edition}
	su.Sides[0] = engine.SideSetup{Name: sp.Party.Name, EncounterLevel: sp.Party.Level, Characters: mine.Cards()}
	su.Sides[1] = engine.SideSetup{Name: "Opponent", EncounterLevel: sp.Party.Level}
	if c.opponent == sharedOpponent && c.opponentShared != nil {
		theirs, err := c.resolve(*c.opponentShared)
		if err != nil {
			c.warn(err)
			return
		}
		su.Sides[1] = engine.SideSetup{Name: c.opponentShared.Name, EncounterLevel: c.opponentShared.Level, Characters: theirs.Cards()}
	}
	for _, o := range c.parties {
		if o.ID == c.opponent && o.ID != sp.ID {
			theirs, err := c.resolve(o.Party)
			if err != nil {
				c.warn(err)
				return
			}
			su.Sides[1] = engine.SideSetup{Name: o.Party.Name, EncounterLevel: o.Party.Level, Characters: theirs.Cards()}
		}
	}
	g, err := engine.NewGame(su)
	if err != nil {
		c.warn(err)
		return
	}
	c.game = g
	c.notice = ""
	c.opponentShared, c.opponent = nil, ""
	c.saveGame()
	c.goTo(ctx, screenGame)
}
