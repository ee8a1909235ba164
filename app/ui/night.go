package ui

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/event"
)

// screenNights lists the past club nights this phone ran; screenNight is one of them.
const (
	screenNights = session.ScreenNights
	screenNight  = session.ScreenNight
)

// NightsScreen is the club nights this phone ran and ended, the last first: each one's name,
// day, game, players and winner, opened read-only, deleted (with its undo).
type NightsScreen struct {
	app.Compo
	page
	event session.Event
}

// Render draws the screen.
func (c *NightsScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	nights := c.event.Nights()
	return app.Div().ID("nights").Class("event").Body(
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Past club nights")),
			app.If(len(nights) == 0 && c.event.Deleted() == "", func() app.UI {
				return app.P().ID("nights-none").Class("muted").Text(c.t("No club night has ended on this phone yet: a night ended is kept here."))
			}),
			app.If(c.event.Deleted() != "", func() app.UI {
				return app.Div().Class("row spread").Body(
					app.P().Class("muted grow").Text(c.f("%s is deleted from the phone.", c.event.Deleted())),
					app.Button().ID("nights-undo").Text(c.t("Undo")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.UndoDeleteNight{}) }),
				)
			}),
			app.Ul().ID("nights-list").Class("list").Body(app.Range(nights).Slice(func(i int) app.UI {
				n := nights[i]
				line := c.f("%s · %s · %s", n.Date, c.t(gameName(n.Game)), c.n(n.Players, "%d player", "%d players"))
				if n.Winner != "" {
					line += " · " + c.f("won by %s", n.Winner)
				}
				return app.Li().ID("night-"+n.Key).Class("row spread").Body(
					app.Div().Class("grow").Body(app.Strong().Text(n.Name), app.P().Class("muted small").Text(line)),
					app.Button().ID("night-open-"+n.Key).Text(c.t("Open")).Aria("label", c.f("Open %s", n.Name)).
						OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.OpenNight{Key: n.Key}) }, app.EventScope(n.Key)),
					app.Button().ID("night-delete-"+n.Key).Class("icon").Text("🗑").Aria("label", c.f("Delete %s from the phone", n.Name)).
						OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.DeleteNight{Key: n.Key}) }, app.EventScope(n.Key)),
				)
			})),
		),
	)
}

// gameName is the English name of an event's game.
func gameName(game string) string {
	if game == event.GameDiskwars {
		return "Warhammer: Diskwars"
	}
	return "Anima Tactics"
}

// NightScreen is a past club night, read-only: its rounds with their results, its standings,
// its luck, its file, its standings as a CSV, printed, as a link and an image. A reload reads
// it again (OpenNight).
type NightScreen struct {
	app.Compo
	page
	event session.Event
	Key   string

	asked bool // OpenNight was sent for Key
}

// Render draws the screen.
func (c *NightScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	back := app.Button().ID("night-back").Class("wide").Text(c.t("Back to the past club nights")).
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ReturnTo{To: screenNights}) })
	e := c.event.Past(c.Key)
	if e == nil {
		if !c.kept() {
			return app.Div().ID("night").Body(back, app.Section().ID("night-missing").Class("card").Body(
				app.P().Role("status").Text(c.t("That club night is not on the phone."))))
		}
		if !c.asked {
			c.asked = true
			key := c.Key
			c.s.later(func(ctx app.Context) { send(ctx, session.OpenNight{Key: key}) })
		}
		return app.Div().ID("night").Body(back, app.Section().Class("card").Aria("busy", "true").Body(
			app.P().Class("muted").Role("status").Text(c.t("Opening the club night…"))))
	}
	standings := e.Shared()
	file, name := c.event.PastFile(c.Key)
	return app.Div().ID("night").Class("event").Body(
		back,
		app.Section().Class("card print").Body(
			app.H2().ID("night-name").Text(e.Name),
			app.P().Class("muted").Text(c.f("%s · round %d of %d", e.Date, e.Round(), e.Rounds)+" · "+c.n(len(e.Players), "%d player", "%d players")),
		),
		app.Section().ID("night-standings").Class("card print").Body(app.H3().Text(c.t("Standings")), standingsTable(c.page, standings)),
		app.Range(e.Played).Slice(func(i int) app.UI { return c.round(e, e.Played[i]) }),
		nightLuck(c.page, e),
		app.Section().ID("night-keep").Class("card").Body(
			app.Button().ID("night-print").Class("wide").Text(c.t("Print the pairings and standings")).
				OnClick(func(ctx app.Context, ev app.Event) { app.Window().Call("print") }),
			app.A().ID("night-standings-link").Class("button wide").Href(standings.Link(c.s.base())).Text(c.t("The standings' link")),
			app.A().ID("night-file").Class("button wide").Href("data:application/json;charset=utf-8,"+url.PathEscape(string(file))).
				Attr("download", name).Text(c.t("Download the event file")),
			app.A().ID("night-csv").Class("button wide").Href("data:text/csv;charset=utf-8,"+url.PathEscape(string(e.CSVHeaded(c.csvHeader())))).
				Attr("download", standingsName(name, "csv")).Text(c.t("Download the standings (CSV)")),
		),
	)
}

// kept reports whether the past night Key is on the phone (its card).
func (c *NightScreen) kept() bool {
	for _, n := range c.event.Nights() {
		if n.Key == c.Key {
			return true
		}
	}
	return false
}

// round is one round of the past night: its tables and their results.
func (c *NightScreen) round(e *event.Event, r event.Round) app.UI {
	return app.Section().ID("night-round-"+strconv.Itoa(r.Number)).Class("card print").Body(
		app.H3().Text(c.f("Round %d", r.Number)),
		app.Ul().Class("list").Body(app.Range(r.Pairings).Slice(func(i int) app.UI {
			p := r.Pairings[i]
			a := e.Player(p.Players[0]).Name
			if p.Players[1] == event.Bye {
				return app.Li().Text(c.f("%s: bye", a))
			}
			b := e.Player(p.Players[1]).Name
			said := c.f("Table %d: %s – %s", p.Table, a, b)
			if p.Result != nil {
				said += " · " + outcomeText(c.page, *p.Result, a, b)
			}
			return app.Li().Text(said)
		})),
	)
}

// outcomeText says a result and how it came in.
func outcomeText(c page, r event.Result, a, b string) string {
	said := c.t("Draw")
	switch r.Outcome {
	case event.FirstWins:
		said = c.f("%s won", a)
	case event.SecondWins:
		said = c.f("%s won", b)
	}
	if r.Killed != [2]int{} || r.Left != [2]int{} {
		said += " · " + c.f("levels killed %d – %d", r.Killed[0], r.Killed[1])
	}
	switch {
	case r.Unfinished && r.Length > 0:
		said += " · " + c.f("unfinished, turn %d of %d", r.Turns, r.Length) + aheadText(c, r)
	case r.Unfinished:
		said += " · " + c.f("unfinished, turn %d", r.Turns) + aheadText(c, r)
	case r.End == anima.EndConceded:
		said += " · " + c.t("conceded")
	}
	switch r.By {
	case event.ByTyped:
		return said + " · " + c.t("typed")
	case event.ByFile:
		return said + " · " + c.t("from the game file")
	}
	return said + " · " + c.t("from the game")
}

// aheadText says what put an unfinished game's winner ahead (", ahead on levels"), or nothing.
func aheadText(c page, r event.Result) string {
	switch r.Ahead {
	case anima.AheadLevels:
		return ", " + c.t("ahead on levels")
	case anima.AheadNodes:
		return ", " + c.t("ahead on power nodes")
	case anima.AheadStanding:
		return ", " + c.t("ahead: the only side standing")
	}
	return ""
}

// nightLuck is a past night's luck (luckSection); nothing where no game's log came in.
func nightLuck(c page, e *event.Event) app.UI {
	ls := e.Lucks()
	if len(ls) == 0 {
		return nil
	}
	return luckSection(c, "night-luck", ls)
}

// luckSection is a club night's luck, the section of ID id: each player's dice over the games
// whose logs came in (ls).
func luckSection(c page, id string, ls []event.PlayerLuck) app.UI {
	return app.Section().ID(id).Class("card").Body(
		app.H3().Text(c.t("The event's luck")),
		app.P().Class("muted small").Text(c.t("Over the games whose game files came in: the LP each player's attacks took against what the odds expected.")),
		app.Ul().Class("list").Body(app.Range(ls).Slice(func(i int) app.UI {
			return app.Li().Text(luckLine(c, ls[i]))
		})),
	)
}

// csvHeader is the standings' CSV's columns in the player's language (event.CSVHeader).
func (p *page) csvHeader() []string {
	out := make([]string, len(csvColumns))
	for i, h := range csvColumns {
		out[i] = p.t(h)
	}
	return out
}

// csvColumns are event.CSVHeader's columns, in English, as the catalogue has them.
var csvColumns = []string{"place", "player", "points", "played", "won", "drawn", "lost", "byes", "levels killed", "levels lost", "margin", "scenario", "strength of schedule", "dropped"}

// standingsName is the file name of the standings as ext ("csv", "png"), after the event's
// file's (name): "2026-12-07 Club night.gnosis-event.json" gives "2026-12-07 Club night
// standings.csv".
func standingsName(name, ext string) string {
	if base, ok := strings.CutSuffix(name, ".gnosis-event.json"); ok && base != "" {
		return base + " standings." + ext
	}
	return "standings." + ext
}
