package ui

import (
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/event"
)

// eventGames are the games (and editions) a club night plays, as the set-up offers them.
var eventGames = []struct{ value, label, game string }{
	{"at-core", "Anima Tactics, core edition", event.GameAnima},
	{"at-alpha", "Anima Tactics, alpha edition", event.GameAnima},
	{"dw", "Warhammer: Diskwars", event.GameDiskwars},
}

// tiebreakerWords name each tiebreaker on the screens.
var tiebreakerWords = map[event.Tiebreaker]string{
	event.Points: "Tournament points", event.Margin: "Levels killed minus levels lost", event.Scenario: "Scenario points",
	event.Schedule: "Strength of schedule", event.HeadToHead: "Head-to-head",
}

// setUp is the form of a new club night: its name and day, the game, the level, the rounds and
// each one's scenario, the pairing method, the points, the tiebreakers in the organiser's order,
// when the lists are seen; or an event file from another phone.
func (c *EventScreen) setUp() app.UI {
	if c.draft.Rounds == 0 {
		c.draft = event.Defaults("", time.Now().Format(time.DateOnly), 0)
		c.order = slices.Clone(event.Tiebreakers)
	}
	d := c.draft
	num := func(id, label string, v, lo, hi int) app.HTMLInput { // read as the organiser left it (onBegin)
		return app.Input().ID(id).Type("number").Min(lo).Max(hi).Value(strconv.Itoa(v))
	}
	field := func(label string, in app.UI) app.UI {
		return app.Label().Class("field").Body(app.Span().Text(label), in)
	}
	var games []opt
	for _, g := range eventGames {
		games = append(games, opt{g.value, c.t(g.label)})
	}
	methods := []opt{{string(event.Swiss), c.t("Swiss")}, {string(event.Random), c.t("Random")}, {string(event.RoundRobin), c.t("Round robin (up to 8 players)")}}
	return app.Div().Class("event").Body(
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Club night")),
			app.P().Class("muted").Text(c.t("A tournament run from this phone: players and their lists, Swiss rounds, results from each table, standings.")),
			app.If(len(c.event.Nights()) > 0, func() app.UI {
				return app.Button().ID("event-past").Class("wide").Text(c.n(len(c.event.Nights()), "%d past club night", "%d past club nights")).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenNights}) })
			}),
			app.Button().ID("event-season").Class("wide").Text(c.t("The season")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenSeason}) }),
			app.Label().Class("field").Body(app.Span().Text(c.t("Name")),
				app.Input().ID("event-new-name").Type("text").MaxLength(event.MaxName).Value(d.Name).
					OnInput(func(ctx app.Context, e app.Event) { c.draft.Name = ctx.JSSrc().Get("value").String() })),
			app.Label().Class("field").Body(app.Span().Text(c.t("Day")),
				app.Input().ID("event-date").Type("date").Value(d.Date).
					OnInput(func(ctx app.Context, e app.Event) { c.draft.Date = ctx.JSSrc().Get("value").String() })),
			selectField("event-game", c.t("Game: which game"), games, c.gameChoice(), func(ctx app.Context, e app.Event) { c.setGame(chosen(ctx)) }),
			app.If(d.Game == event.GameAnima, func() app.UI {
				return field(c.t("Level limit of a list"), num("event-level", "", d.Level, 0, event.MaxLevels))
			}),
			field(c.t("Rounds"), num("event-rounds", "", d.Rounds, 1, event.MaxRounds).OnInput(func(ctx app.Context, e app.Event) {
				if n, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
					c.draft.Rounds = min(max(n, 1), event.MaxRounds)
				}
			})),
			selectField("event-method", c.t("Pairing"), methods, string(d.Method), func(ctx app.Context, e app.Event) { c.draft.Method = event.Method(chosen(ctx)) }),
			app.If(d.Game == event.GameAnima, func() app.UI { return c.scenarioFields() }),
			checkBox("event-lists-open", c.t("Opponents see each other's lists each round (else at the end)"), d.ListsOpen,
				func(ctx app.Context, e app.Event) { c.draft.ListsOpen = ctx.JSSrc().Get("checked").Bool() }),
		),
		app.Section().Class("card").Body(
			app.H3().Text(c.t("Points")),
			app.Div().Class("row points").Body(
				field(c.t("Win"), num("event-win", "", d.Scoring.Win, 0, event.MaxPoints)),
				field(c.t("Draw"), num("event-draw", "", d.Scoring.Draw, 0, event.MaxPoints)),
				field(c.t("Loss"), num("event-loss", "", d.Scoring.Loss, 0, event.MaxPoints)),
				field(c.t("Bye"), num("event-bye", "", d.Scoring.Bye, 0, event.MaxPoints)),
			),
			app.H3().Text(c.t("Tiebreakers, in order")),
			app.Ol().ID("event-tiebreakers").Class("list").Body(app.Range(c.order).Slice(func(i int) app.UI { return c.tiebreakerLine(i) })),
		),
		app.Button().ID("event-begin").Class("primary wide").Text(c.t("Begin the club night")).OnClick(c.onBegin),
		app.Section().Class("card").Body(
			app.P().Class("muted small").Text(c.t("Moving a club night from another phone: open its event file.")),
			app.Label().Class("button wide").Body(
				app.Span().Text(c.t("Open an event file")),
				app.Input().ID("event-open-file").Type("file").Accept(".json,application/json").Class("hidden-file").
					OnChange(func(ctx app.Context, e app.Event) {
						readChosenBytes(ctx, c.settings.Lang(), func(ctx app.Context, b []byte) { send(ctx, session.OpenEventFile{Data: b}) })
					}),
			),
			app.If(c.event.Opening(), func() app.UI { // a large file is read a step at a time: said while it is
				return app.P().ID("event-opening").Class("muted small").Role("status").Aria("busy", "true").Text(c.t("Opening the event file…"))
			}),
		),
	)
}

// gameChoice is the set-up's game as the list names it.
func (c *EventScreen) gameChoice() string {
	if c.draft.Game == event.GameDiskwars {
		return "dw"
	}
	return "at-" + string(c.draft.Edition)
}

// setGame takes the game chosen (eventGames' value).
func (c *EventScreen) setGame(v string) {
	for _, g := range eventGames {
		if g.value == v {
			c.draft.Game = g.game
			c.draft.Edition = ""
			if g.game == event.GameAnima {
				c.draft.Edition = v[len("at-"):]
			}
		}
	}
}

// scenarioFields are a scenario to choose for each round ("" for none named).
func (c *EventScreen) scenarioFields() app.UI {
	opts := []opt{{"", c.t("Not named")}, {string(anima.Standard), c.t("Standard: most levels after turn 10")}, {string(anima.PowerNodes), c.t("Power nodes")},
		{string(anima.CaptureFlag), c.t("Capture the flag")}, {string(anima.Armageddon), c.t("Armageddon: no turn limit")}}
	rounds := make([]int, c.draft.Rounds)
	return app.Div().ID("event-scenarios").Body(app.Range(rounds).Slice(func(i int) app.UI {
		cur := ""
		if i < len(c.draft.Scenarios) {
			cur = c.draft.Scenarios[i]
		}
		return app.Label().Class("field").Body(app.Span().Text(c.f("Scenario of round %d", i+1)),
			app.Select().ID("event-scenario-"+strconv.Itoa(i+1)).OnChange(func(ctx app.Context, e app.Event) {
				for len(c.draft.Scenarios) <= i {
					c.draft.Scenarios = append(c.draft.Scenarios, "")
				}
				c.draft.Scenarios[i] = chosen(ctx)
			}, app.EventScope(i)).Body(app.Range(opts).Slice(func(j int) app.UI {
				return optionOf(opts[j].value).Selected(opts[j].value == cur).Text(opts[j].label)
			})))
	}))
}

// tiebreakerLine is the tiebreaker at place i of the order: kept or not, and moved up.
func (c *EventScreen) tiebreakerLine(i int) app.UI {
	t := c.order[i]
	return app.Li().Class("row spread").Body(
		app.Label().Class("check").Body(
			app.Input().ID("event-tb-"+string(t)).Type("checkbox").Checked(!c.off[t]).OnChange(func(ctx app.Context, e app.Event) {
				if c.off == nil {
					c.off = map[event.Tiebreaker]bool{}
				}
				c.off[t] = !ctx.JSSrc().Get("checked").Bool()
			}, app.EventScope(string(t))),
			app.Span().Text(c.t(tiebreakerWords[t])),
		),
		app.If(i > 0, func() app.UI {
			return app.Button().ID("event-tb-up-"+string(t)).Class("icon").Text("↑").Aria("label", c.f("Move %s up", c.t(tiebreakerWords[t]))).
				OnClick(func(ctx app.Context, e app.Event) {
					if j := slices.Index(c.order, t); j > 0 {
						c.order[j-1], c.order[j] = c.order[j], c.order[j-1]
					}
				}, app.EventScope(string(t)))
		}),
	)
}

// onBegin begins the club night of the set-up, its fields read as the organiser left them.
func (c *EventScreen) onBegin(ctx app.Context, e app.Event) {
	d := c.draft
	d.Name = fieldValue("event-new-name")
	if d.Name == "" {
		d.Name = c.t("Club night")
	}
	if v := fieldValue("event-date"); v != "" {
		d.Date = v
	}
	for id, n := range map[string]*int{"event-level": &d.Level, "event-rounds": &d.Rounds, "event-win": &d.Scoring.Win,
		"event-draw": &d.Scoring.Draw, "event-loss": &d.Scoring.Loss, "event-bye": &d.Scoring.Bye} {
		if v, err := strconv.Atoi(fieldValue(id)); err == nil {
			*n = v
		}
	}
	d.Tiebreakers = nil
	for _, t := range c.order {
		if !c.off[t] {
			d.Tiebreakers = append(d.Tiebreakers, t)
		}
	}
	if len(d.Scenarios) > d.Rounds {
		d.Scenarios = d.Scenarios[:d.Rounds]
	}
	d.Seed = uint64(time.Now().UnixNano())
	send(ctx, session.NewEvent{Setup: d})
}
