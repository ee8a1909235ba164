package ui

import (
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/event"
)

// screenEvent is the club night's screen, on the organiser's phone.
const screenEvent = "/event"

// EventScreen is a club night run from this phone: its set-up, its players and their lists,
// each round's tables and results (typed, or from a player's result code), and the standings.
type EventScreen struct {
	app.Compo
	page
	event   session.Event
	name    string // a new event's name, or a new player's
	rounds  int    // a new event's rounds
	links   map[int]string
	code    string // a result code pasted
	confirm bool   // End the club night was tapped once
}

// Render draws the screen.
func (c *EventScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	e := c.event.Get()
	if e == nil {
		return c.setUp()
	}
	return app.Div().Class("event").Body(
		app.Section().Class("card").Body(
			app.H2().ID("event-name").Text(e.Name),
			app.P().Class("muted").Text(fmt.Sprintf(c.t("%s · round %d of %d · %d players"), e.Date, e.Round(), e.Rounds, len(e.Players))),
		),
		c.players(e),
		c.round(e),
		c.standings(e),
		c.keep(e),
	)
}

// setUp is the form of a new club night.
func (c *EventScreen) setUp() app.UI {
	rounds := c.rounds
	if rounds == 0 {
		rounds = 3
	}
	return app.Section().Class("card event").Body(
		app.H2().Text(c.t("Club night")),
		app.P().Class("muted").Text(c.t("A tournament run from this phone: players and their lists, Swiss rounds, results from each table, standings.")),
		app.Label().Class("field").Body(app.Span().Text(c.t("Name")),
			app.Input().ID("event-new-name").Type("text").MaxLength(event.MaxName).Value(c.name).
				OnInput(func(ctx app.Context, e app.Event) { c.name = ctx.JSSrc().Get("value").String() })),
		app.Label().Class("field").Body(app.Span().Text(c.t("Rounds")),
			app.Input().ID("event-rounds").Type("number").Min(1).Max(event.MaxRounds).Value(strconv.Itoa(rounds)).
				OnInput(func(ctx app.Context, e app.Event) { c.rounds, _ = strconv.Atoi(ctx.JSSrc().Get("value").String()) })),
		app.Button().ID("event-begin").Class("primary wide").Text(c.t("Begin the club night")).OnClick(func(ctx app.Context, e app.Event) {
			name := c.name
			if name == "" {
				name = c.t("Club night")
			}
			now := time.Now()
			send(ctx, session.NewEvent{Name: name, Date: now.Format("2006-01-02"), Rounds: rounds, Seed: uint64(now.UnixNano())})
			c.name = ""
		}, app.EventScope(rounds)),
	)
}

// players are the event's players, their lists and a way to add one.
func (c *EventScreen) players(e *event.Event) app.UI {
	return app.Section().ID("event-players").Class("card").Body(
		app.H3().Text(c.t("Players")),
		app.Ul().Class("list").Body(app.Range(e.Players).Slice(func(i int) app.UI { return c.player(e, e.Players[i]) })),
		app.Div().Class("row").Body(
			app.Input().ID("event-player-name").Class("grow").Type("text").MaxLength(event.MaxName).Value(c.name).
				Aria("label", c.t("New player's name")).
				OnInput(func(ctx app.Context, ev app.Event) { c.name = ctx.JSSrc().Get("value").String() }),
			app.Button().ID("event-add-player").Text(c.t("Add")).Aria("label", c.t("Add the player")).
				OnClick(func(ctx app.Context, ev app.Event) {
					send(ctx, session.AddEventPlayer{Name: fieldValue("event-player-name")})
					c.name = ""
				}),
		),
	)
}

// player is one player's line: their name, their list (locked, or a link to lock), drop or
// bring back.
func (c *EventScreen) player(e *event.Event, p event.Player) app.UI {
	id := p.ID
	drop := c.t("Drop out")
	if p.Dropped {
		drop = c.t("Bring back")
	}
	return app.Li().ID("event-player-"+strconv.Itoa(id)).Class("event-player").Body(
		app.Div().Class("row spread").Body(
			app.Span().Class("grow").Text(p.Name),
			app.If(p.Dropped, func() app.UI { return app.Span().Class("muted small").Text(c.t("dropped")) }),
			app.Button().ID("event-drop-"+strconv.Itoa(id)).Text(drop).
				OnClick(func(ctx app.Context, ev app.Event) { send(ctx, session.DropEventPlayer{ID: id, Dropped: !p.Dropped}) }, app.EventScope(id, p.Dropped)),
		),
		app.If(p.List != nil, func() app.UI {
			return app.P().Class("muted small").Text(fmt.Sprintf(c.t("List: %s (locked)"), p.List.Party))
		}).Else(func() app.UI {
			return app.Div().Class("row").Body(
				app.Input().ID("event-link-"+strconv.Itoa(id)).Class("grow").Type("url").Value(c.links[id]).
					Aria("label", fmt.Sprintf(c.t("%s's list: its link"), p.Name)).
					OnInput(func(ctx app.Context, ev app.Event) {
						if c.links == nil {
							c.links = map[int]string{}
						}
						c.links[id] = ctx.JSSrc().Get("value").String()
					}, app.EventScope(id)),
				app.Button().ID("event-lock-"+strconv.Itoa(id)).Text(c.t("Lock")).Aria("label", fmt.Sprintf(c.t("Lock %s's list"), p.Name)).
					OnClick(func(ctx app.Context, ev app.Event) {
						send(ctx, session.SubmitEventList{ID: id, Link: fieldValue("event-link-" + strconv.Itoa(id))})
					}, app.EventScope(id)),
			)
		}),
	)
}

// round is the round being played: its tables with their results, a result code to take, and
// the way to the next round.
func (c *EventScreen) round(e *event.Event) app.UI {
	n := e.Round()
	var tables []event.Pairing
	if n > 0 {
		tables = e.Played[n-1].Pairings
	}
	return app.Section().ID("event-round").Class("card").Body(
		app.If(n > 0, func() app.UI {
			return app.Div().Body(
				app.H3().Text(fmt.Sprintf(c.t("Round %d"), n)),
				app.Ul().Class("list").Body(app.Range(tables).Slice(func(i int) app.UI { return c.table(e, n, tables[i]) })),
				app.Div().Class("row").Body(
					app.Input().ID("event-code").Class("grow").Type("text").Value(c.code).Aria("label", c.t("A result code")).
						OnInput(func(ctx app.Context, ev app.Event) { c.code = ctx.JSSrc().Get("value").String() }),
					app.Button().ID("event-take-code").Text(c.t("Take")).Aria("label", c.t("Take the result code")).
						OnClick(func(ctx app.Context, ev app.Event) {
							if c.s.ask(ctx, session.TakeResultCode{Text: fieldValue("event-code")}).Taken {
								c.code = ""
							}
						}),
				),
			)
		}),
		app.If(n < e.Rounds, func() app.UI {
			return app.Button().ID("event-pair").Class("primary wide").Text(fmt.Sprintf(c.t("Pair round %d"), n+1)).
				OnClick(func(ctx app.Context, ev app.Event) { send(ctx, session.PairEventRound{}) })
		}),
	)
}

// table is one table of round n: its players and result, or the buttons to type it.
func (c *EventScreen) table(e *event.Event, n int, p event.Pairing) app.UI {
	a := e.Player(p.Players[0]).Name
	id := "event-table-" + strconv.Itoa(p.Table)
	if p.Players[1] == event.Bye {
		return app.Li().ID(id).Text(fmt.Sprintf(c.t("%s: bye"), a))
	}
	b := e.Player(p.Players[1]).Name
	return app.Li().ID(id).Class("event-table").Body(
		app.P().Text(fmt.Sprintf(c.t("Table %d: %s – %s"), p.Table, a, b)),
		app.If(p.Result != nil, func() app.UI {
			return app.P().Class("muted small").Text(c.outcome(p, a, b))
		}).Else(func() app.UI {
			return app.Div().Class("row").Body(
				typedResult(id+"-first", fmt.Sprintf(c.t("%s won"), a), n, p.Table, event.FirstWins),
				typedResult(id+"-draw", c.t("Draw"), n, p.Table, event.Drawn),
				typedResult(id+"-second", fmt.Sprintf(c.t("%s won"), b), n, p.Table, event.SecondWins),
			)
		}),
	)
}

// fieldValue is what the field id holds as the tap that reads it runs: the field as the player
// left it, not the component's copy of it, which its input events may not have reached yet.
func fieldValue(id string) string {
	if f := app.Window().GetElementByID(id); f.Truthy() {
		return f.Get("value").String()
	}
	return ""
}

// typedResult is a button that types outcome as the result of table of round n.
func typedResult(id, label string, n, table int, outcome string) app.UI {
	return app.Button().ID(id).Text(label).OnClick(func(ctx app.Context, ev app.Event) {
		send(ctx, session.TypeEventResult{Round: n, Table: table, Result: event.Result{Outcome: outcome}})
	}, app.EventScope(n, table, outcome))
}

// outcome says a table's result and how it came in.
func (c *EventScreen) outcome(p event.Pairing, a, b string) string {
	r := p.Result
	said := c.t("Draw")
	switch r.Outcome {
	case event.FirstWins:
		said = fmt.Sprintf(c.t("%s won"), a)
	case event.SecondWins:
		said = fmt.Sprintf(c.t("%s won"), b)
	}
	if r.By == event.ByTyped {
		return said + " · " + c.t("typed")
	}
	return said + " · " + c.t("from the game")
}

// standings are the event's standings with their tiebreakers' columns.
func (c *EventScreen) standings(e *event.Event) app.UI {
	st := e.Standings()
	return app.Section().ID("event-standings").Class("card").Body(
		app.H3().Text(c.t("Standings")),
		app.Div().Class("records-scroll").Body(app.Table().Class("records-table").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("#"), app.Th().Scope("col").Text(c.t("Player")), app.Th().Scope("col").Text(c.t("Points")),
				app.Th().Scope("col").Text(c.t("W-D-L")), app.Th().Scope("col").Text(c.t("Margin")), app.Th().Scope("col").Text(c.t("SoS")),
			)),
			app.TBody().Body(app.Range(st).Slice(func(i int) app.UI {
				s := st[i]
				return app.Tr().Body(
					app.Td().Text(strconv.Itoa(s.Place)), app.Th().Scope("row").Text(s.Name), app.Td().Text(strconv.Itoa(s.Points)),
					app.Td().Text(fmt.Sprintf("%d-%d-%d", s.Won, s.Drawn, s.Lost)), app.Td().Text(strconv.Itoa(s.Margin())),
					app.Td().Text(strconv.FormatFloat(s.Schedule(), 'f', 2, 64)),
				)
			})),
		)),
	)
}

// keep offers the event's file and its standings as a spreadsheet, and its end.
func (c *EventScreen) keep(e *event.Event) app.UI {
	file, name := c.event.File()
	end := c.t("End the club night")
	if c.confirm {
		end = c.t("Tap again to end the club night")
	}
	return app.Section().Class("card").Body(
		app.A().ID("event-file").Class("button wide").Href("data:application/json;charset=utf-8,"+url.PathEscape(string(file))).
			Attr("download", name).Text(c.t("Download the event file")),
		app.A().ID("event-csv").Class("button wide").Href("data:text/csv;charset=utf-8,"+url.PathEscape(string(e.CSV()))).
			Attr("download", "standings.csv").Text(c.t("Download the standings (CSV)")),
		app.Button().ID("event-end").Class("wide").Text(end).OnClick(func(ctx app.Context, ev app.Event) {
			if !c.confirm {
				c.confirm = true
				return
			}
			c.confirm = false
			send(ctx, session.EndEvent{})
		}),
	)
}
