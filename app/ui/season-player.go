package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// SeasonPlayerScreen is a season player's page: their line of the standings, their rating and
// its range, the nights they played (their rating after each), their games, their opponents
// and the parties they took, each with how they did, and their luck over the games whose files
// came in.
type SeasonPlayerScreen struct {
	app.Compo
	page
	season session.Season
	Index  string // the player's index in season.Table.Players

	stepping int // the adding-up (Season.Run) whose steps are asked for
}

// Render draws the screen.
func (c *SeasonPlayerScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	back := app.Button().ID("season-player-back").Class("wide").Text(c.t("Back to the season")).
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ReturnTo{To: screenSeason}) })
	t, _ := c.season.Table()
	c.stepping = keepCounting(c.page, c.season, c.stepping)
	i, err := strconv.Atoi(c.Index)
	if t == nil && c.season.Counting() {
		return app.Div().ID("season-player").Body(back, app.Section().Class("card").Aria("busy", "true").Body(
			app.P().Class("muted").Role("status").Text(c.t("Adding up the season…"))))
	}
	if t == nil || err != nil || i < 0 || i >= len(t.Players) {
		return app.Div().ID("season-player").Body(back, app.Section().ID("season-player-missing").Class("card").Body(
			app.P().Role("status").Text(c.t("That player is not in the season."))))
	}
	var s season.Standing
	for _, st := range t.Standings {
		if st.Player == i {
			s = st
		}
	}
	pg := t.PageOf(i)
	r := s.Rating
	return app.Div().ID("season-player").Class("event").Body(
		back,
		app.Section().ID("season-player-head").Class("card print").Body(
			app.H2().ID("season-player-name").Text(s.Name),
			app.P().ID("season-player-line").Text(c.f("Place %d · %d points · W-D-L %d-%d-%d", s.Place, s.Points, s.Won, s.Drawn, s.Lost)),
			app.P().ID("season-player-record").Class("muted").Text(c.f("Margin %d · strength of schedule %s", s.Margin(), c.decimal(strconv.FormatFloat(s.Schedule(), 'f', 2, 64)))+
				" · "+c.n(s.Nights, "%d night", "%d nights")),
			app.P().ID("season-player-rating").Class("muted").Text(c.f("Rating %s ± %s (%s to %s)", whole(r.R), whole(2*r.RD), whole(r.R-2*r.RD), whole(r.R+2*r.RD))),
			ratingBar(r, r.R-2*season.StartRD, r.R+2*season.StartRD),
		),
		c.nights(t, i, s),
		c.games(t, pg),
		c.opponents(t, pg),
		c.parties(pg),
		c.luck(s.Name, pg),
		c.join(t, i),
	)
}

// join is the organiser's hand on who the player is: joined with another season player (the
// same person, entered by card at a night and by name at another), or, a guess by name, split
// into a player a night.
func (c *SeasonPlayerScreen) join(t *season.Table, i int) app.UI {
	pl := t.Players[i]
	var others []opt
	for _, s := range t.Standings {
		if s.Player != i {
			others = append(others, opt{t.Players[s.Player].ID, s.Name})
		}
	}
	return app.Section().ID("season-player-join").Class("card").Body(
		app.H3().Text(c.t("Who is this?")),
		app.If(pl.Guess, func() app.UI { // by name alone, or one card under two names (Renamed, a Guess too)
			words := c.n(len(pl.Entries), "Joined by name alone at %d night, no card: a guess.", "Joined by name alone at %d nights, no card: a guess.")
			if pl.Renamed {
				words = c.t("One player card entered under different names: a guess.")
			}
			return app.Div().Body(
				app.P().ID("season-player-guess").Class("muted small").Text(words),
				app.Button().ID("season-player-split").Class("wide").Text(c.t("Split: a different player each night")).
					OnClick(func(ctx app.Context, e app.Event) { c.s.ask(ctx, session.JoinSeasonPlayer{ID: c.playerID()}) }),
				app.If(pl.Renamed, func() app.UI { // kept as one by hand
					return app.Button().ID("season-player-keep").Class("wide").Text(c.t("One person: keep them as one player")).
						OnClick(func(ctx app.Context, e app.Event) {
							c.s.ask(ctx, session.JoinSeasonPlayer{ID: c.playerID(), As: c.playerID()})
						})
				}),
			)
		}),
		app.If(len(others) > 0, func() app.UI {
			return app.Div().Body(
				selectField("season-join-with", c.t("The same person as"), others, others[0].value, func(ctx app.Context, e app.Event) {}),
				app.Button().ID("season-player-join-button").Class("wide").Text(c.t("Join them")).
					OnClick(func(ctx app.Context, e app.Event) {
						c.s.ask(ctx, session.JoinSeasonPlayer{ID: c.playerID(), As: fieldValue("season-join-with")})
					}),
			)
		}),
	)
}

// playerID is the season ID of the player the page shows, as the season is now.
func (c *SeasonPlayerScreen) playerID() string {
	t, _ := c.season.Table()
	i, err := strconv.Atoi(c.Index)
	if t == nil || err != nil || i < 0 || i >= len(t.Players) {
		return ""
	}
	return t.Players[i].ID
}

// nights are the nights the player played, each with their rating after it.
func (c *SeasonPlayerScreen) nights(t *season.Table, i int, s season.Standing) app.UI {
	es := t.Players[i].Entries
	return app.Section().ID("season-player-nights").Class("card print").Body(
		app.H3().Text(c.t("Nights")),
		app.Ul().Class("list").Body(app.Range(es).Slice(func(k int) app.UI {
			n := t.Nights[es[k].Night]
			line := n.Date + " · " + n.Name
			if k < len(s.Ratings) {
				line += " · " + c.f("rating after it %s", whole(s.Ratings[k].R))
			}
			return app.Li().Text(line)
		})),
	)
}

// seasonGameLine is a game of the player's page in the player's language: its day, round, result
// and opponent.
func seasonGameLine(c page, g season.PlayerGame, opponent string) string {
	switch g.Game.For(g.Side) {
	case season.Won:
		return c.f("%s, round %d: won against %s", g.Night.Date, g.Game.Round, opponent)
	case season.Lost:
		return c.f("%s, round %d: lost against %s", g.Night.Date, g.Game.Round, opponent)
	}
	return c.f("%s, round %d: drawn with %s", g.Night.Date, g.Game.Round, opponent)
}

// games are the player's games, in the season's order.
func (c *SeasonPlayerScreen) games(t *season.Table, pg season.Page) app.UI {
	return app.Section().ID("season-player-games").Class("card print").Body(
		app.H3().Text(c.t("Games")),
		app.Ul().Class("list").Body(app.Range(pg.Games).Slice(func(k int) app.UI {
			g := pg.Games[k]
			line := seasonGameLine(c.page, g, t.Players[g.Opponent].Name)
			if p := g.Game.Parties[g.Side]; p != "" {
				line += " · " + p
			}
			return app.Li().Text(line)
		})),
	)
}

// opponents are those the player met, each with the games won, drawn and lost against them.
func (c *SeasonPlayerScreen) opponents(t *season.Table, pg season.Page) app.UI {
	type record struct {
		who              int
		won, drawn, lost int
	}
	var rs []record
	at := map[int]int{}
	for _, g := range pg.Games {
		k, ok := at[g.Opponent]
		if !ok {
			k = len(rs)
			at[g.Opponent] = k
			rs = append(rs, record{who: g.Opponent})
		}
		switch g.Game.For(g.Side) {
		case season.Won:
			rs[k].won++
		case season.Lost:
			rs[k].lost++
		default:
			rs[k].drawn++
		}
	}
	return app.Section().ID("season-player-opponents").Class("card print").Body(
		app.H3().Text(c.t("Opponents")),
		app.Ul().Class("list").Body(app.Range(rs).Slice(func(k int) app.UI {
			r := rs[k]
			return app.Li().Body(
				app.A().Href("#"+screenSeasonPlayer+strconv.Itoa(r.who)).Text(t.Players[r.who].Name),
				app.Span().Text(" · "+c.t("W-D-L")+" "+fmt.Sprintf("%d-%d-%d", r.won, r.drawn, r.lost)))
		})),
	)
}

// parties are the parties the player took, each with their record.
func (c *SeasonPlayerScreen) parties(pg season.Page) app.UI {
	return app.Section().ID("season-player-parties").Class("card print").Body(
		app.H3().Text(c.t("Parties")),
		app.Ul().Class("list").Body(app.Range(pg.Parties).Slice(func(k int) app.UI {
			p := pg.Parties[k]
			name := p.Party
			if name == "" {
				name = c.t("no list locked")
			}
			return app.Li().Text(name + " · " + c.t("W-D-L") + " " + fmt.Sprintf("%d-%d-%d", p.Won, p.Drawn, p.Lost))
		})),
	)
}

// luck is the player's luck over the season's games whose files came in: the LP their attacks
// took against what the odds expected, or that no game's file came in.
func (c *SeasonPlayerScreen) luck(name string, pg season.Page) app.UI {
	line := c.t("No game of theirs came in by its game file: their luck is measured from those.")
	if pg.LuckGames > 0 {
		line = luckLine(c.page, event.PlayerLuck{Name: name, Games: pg.LuckGames, Luck: pg.Luck})
	}
	return app.Section().ID("season-player-luck").Class("card print").Body(
		app.H3().Text(c.t("The season's luck")),
		app.P().Class("muted small").Text(c.t("Over the games whose game files came in: the LP each player's attacks took against what the odds expected.")),
		app.P().ID("season-player-luck-line").Text(line),
	)
}
