package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// screenEvent is the club night's screen, on the organiser's phone.
const screenEvent = "/event"

// EventScreen is a club night run from this phone: its set-up, its players and their lists,
// each round's tables and results (typed, or from a player's result code), and the standings.
type EventScreen struct {
	app.Compo
	page
	event   session.Event
	draft   event.Setup               // a new event's set-up
	order   []event.Tiebreaker        // every tiebreaker, in the order chosen
	off     map[event.Tiebreaker]bool // the tiebreakers left out
	name    string                    // a new player's name
	links   map[int]string            // each player's list's link being typed
	code    string                    // a result code pasted
	confirm bool                      // End the club night was tapped once
	cam     scanner                   // the camera, reading codes
	editing int                       // the table whose result is being typed in full (0: none)
	correct bool                      // the form corrects the table's result
	show    bool                      // the round's codes for the players are shown
	drew    drawings                  // what is drawn from the event, once a change of it
}

// drawings are what the club night's screen draws from the event, kept between drawings: what
// it derives once a change (derive), and the round's codes drawn so far.
type drawings struct {
	now      derived
	codes    drawnCodes
	rows     [4]int      // the rows each long section draws (sectionRows), grown a step at a time
	tab      string      // the tab chosen (eventTabs; "": none yet, tabOf)
	printing bool        // Print was tapped: the round and the standings are drawn for paper
	swapping bool        // the round's swaps are unfolded: their form drawn
	growing  bool        // a step to draw more is asked for
	filing   bool        // a step to make the file's links is asked for
	ctx      app.Context // the screen's own, from its mount: a step redraws the screen
	mounted  bool
}

// OnMount observes the Session and keeps the screen's context.
func (c *EventScreen) OnMount(ctx app.Context) {
	c.observe(ctx)
	c.drew.ctx, c.drew.mounted = ctx, true
	c.rememberTab(ctx)
	if e := c.drew.now.e; e != nil {
		c.grow(e) // the rows of the first drawing, after its frame
	}
}

// Render draws the screen.
func (c *EventScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	e := c.event.Get()
	if e == nil {
		c.drew.now, c.drew.rows = derived{gen: c.drew.now.gen}, [4]int{} // the next event's first drawing is a step at a time
		return c.setUp()
	}
	d, tab := c.derive(e), c.tabOf(e)
	c.grow(e)
	return app.Div().Class("event").Body(
		app.Section().Class("card print").Body(
			app.H2().ID("event-name").Text(e.Name),
			app.P().Class("muted").Text(c.f("%s · round %d of %d", e.Date, e.Round(), e.Rounds)+" · "+c.n(len(e.Players), "%d player", "%d players")),
		),
		c.camera(e),
		c.tabBar(e, tab),
		c.panel(e, d, tab),
		c.keep(),
	)
}

// OnDismount stops the camera.
func (c *EventScreen) OnDismount() { c.stopScan() }

// players are the event's players, their lists and a way to add one.
func (c *EventScreen) players(e *event.Event, rows int) app.UI {
	ps := e.Players[:min(rows, len(e.Players))]
	marked := carded(e) // where some came with a card, those without are marked
	return app.Section().ID("event-players").Class("card").Body(
		app.H3().Text(c.t("Players")),
		app.Ul().Class("list").Body(app.Range(ps).Slice(func(i int) app.UI { return c.player(ps[i], marked) })),
		app.Label().Class("field-label").For("event-player-name").Text(c.t("New player's name")),
		app.Div().Class("row").Body(
			app.Input().ID("event-player-name").Class("grow").Type("text").MaxLength(season.MaxCardText).Value(c.name). // a name, or a card's link pasted
																	OnInput(func(ctx app.Context, ev app.Event) { c.name = ctx.JSSrc().Get("value").String(); ctx.PreventUpdate() }),
			app.Button().ID("event-add-player").Text(c.t("Add")).Aria("label", c.t("Add the player")).
				OnClick(func(ctx app.Context, ev app.Event) {
					before := c.event.Get()
					c.s.ask(ctx, session.AddEventPlayer{Name: fieldValue("event-player-name")})
					if !sameEvent(before, c.event.Get()) { // entered: the field is free for the next
						c.name = ""
						clearField("event-player-name")
					}
				}),
			app.Button().ID("event-scan-card").Class("icon").Body(scanIcon()).Aria("label", c.t("Scan a player card")).
				OnClick(func(ctx app.Context, ev app.Event) { c.startScan(scanCard) }),
		),
	)
}

// player is one player's line: their name (marked without a card where marked), their list
// (locked, or a link to lock), drop or bring back.
func (c *EventScreen) player(p event.Player, marked bool) app.UI {
	id := p.ID
	drop := c.t("Drop out")
	if p.Dropped {
		drop = c.t("Bring back")
	}
	return app.Li().ID("event-player-"+strconv.Itoa(id)).Class("event-player").Body(
		app.Div().Class("row spread").Body(
			app.Span().Class("grow").Text(p.Name),
			app.If(p.Card == "" && marked, func() app.UI {
				return app.Span().ID("event-no-card-" + strconv.Itoa(id)).Class("muted small").Text(c.t("without a card"))
			}),
			app.If(p.Dropped, func() app.UI {
				return app.Span().ID("event-dropped-" + strconv.Itoa(id)).Class("muted small").Text(c.t("dropped"))
			}),
			app.Button().ID("event-drop-"+strconv.Itoa(id)).Text(drop).
				OnClick(func(ctx app.Context, ev app.Event) { send(ctx, session.DropEventPlayer{ID: id, Dropped: !p.Dropped}) }, app.EventScope(id, p.Dropped)),
		),
		app.If(p.List != nil, func() app.UI {
			return app.P().ID("event-list-" + strconv.Itoa(id)).Class("muted small").Text(fmt.Sprintf(c.t("List: %s (locked)"), p.List.Party))
		}).Else(func() app.UI {
			return app.Div().Body(app.Label().Class("field-label").For("event-link-"+strconv.Itoa(id)).Text(fmt.Sprintf(c.t("%s's list: its link"), p.Name)), app.Div().Class("row").Body(
				app.Input().ID("event-link-"+strconv.Itoa(id)).Class("grow").Type("url").Value(c.links[id]).
					OnInput(func(ctx app.Context, ev app.Event) {
						if c.links == nil {
							c.links = map[int]string{}
						}
						c.links[id] = ctx.JSSrc().Get("value").String()
						ctx.PreventUpdate() // a draft: nothing else on the screen changes
					}, app.EventScope(id)),
				app.Button().ID("event-lock-"+strconv.Itoa(id)).Text(c.t("Lock")).Aria("label", fmt.Sprintf(c.t("Lock %s's list"), p.Name)).
					OnClick(func(ctx app.Context, ev app.Event) {
						send(ctx, session.SubmitEventList{ID: id, Link: fieldValue("event-link-" + strconv.Itoa(id))})
					}, app.EventScope(id)),
				app.Button().ID("event-scan-list-"+strconv.Itoa(id)).Class("icon").Body(scanIcon()).Aria("label", c.f("Scan %s's list", p.Name)).
					OnClick(func(ctx app.Context, ev app.Event) { c.startScan(id) }, app.EventScope(id)),
			))
		}),
	)
}

// round is the round being played: its tables with their results (typed, corrected, from a
// code scanned or pasted, from a game file), the results still missing, the swaps, the
// round's codes for the players, and the way to the next round.
func (c *EventScreen) round(e *event.Event) app.UI {
	n := e.Round()
	pairing := c.event.Pairing()
	pair := c.f("Pair round %d", n+1)
	if pairing {
		pair = c.t("Pairing the round…")
	}
	// The round's controls first (issue 70): the next round's pairing, the ways a result comes
	// in and the question about one, above the tables, in view when the tab opens.
	next := app.If(n < e.Rounds, func() app.UI {
		return app.Button().ID("event-pair").Class("primary wide").Text(pair).Disabled(pairing).Aria("busy", pairing).
			OnClick(func(ctx app.Context, ev app.Event) { c.show = false; send(ctx, session.PairEventRound{}) })
	})
	if n == 0 {
		return app.Section().ID("event-round").Class("card print").Body(next)
	}
	title := c.f("Round %d", n)
	in, games := e.Results(n)
	if n <= len(e.Scenarios) && e.Scenarios[n-1] != "" {
		title += " · " + c.scenarioName(e.Scenarios[n-1])
	}
	return app.Section().ID("event-round").Class("card print").Body(
		app.H3().Text(title),
		app.P().ID("event-missing").Class("muted small").Text(c.f("Results in: %d of %d", in, games)),
		next,
		c.resultIn(),
		c.asking(e),
		&eventTables{Gen: c.drew.now.tablesAt, Lang: c.settings.Lang(), Editing: c.editing, Correct: c.correct, Swapping: c.drew.swapping, Rows: c.rows(1), c: c},
		&eventCodes{Gen: c.drew.now.tablesAt, Lang: c.settings.Lang(), Show: c.show, c: c},
	)
}

// tables are the tables of the round being played with their results, and the swaps.
func (c *EventScreen) tables(e *event.Event, rows int) app.UI {
	n := e.Round()
	r := e.Played[n-1]
	ps := r.Pairings[:min(rows, len(r.Pairings))]
	return app.Div().Body(
		app.Ul().Class("list").Body(app.Range(ps).Slice(func(i int) app.UI { return c.table(e, n, ps[i]) })),
		c.swaps(e, r),
	)
}

// scenarioName is a scenario's name in the player's language (scenarioName).
func (c *EventScreen) scenarioName(s string) string { return scenarioName(c.page, s) }

// scenarioName is a scenario's name in the player's language, not its key ("nodes": Power
// nodes); a name the app does not know as it is.
func scenarioName(c page, s string) string {
	switch anima.Scenario(s) {
	case anima.Standard:
		return c.t("Standard")
	case anima.PowerNodes:
		return c.t("Power nodes")
	case anima.CaptureFlag:
		return c.t("Capture the flag")
	case anima.Armageddon:
		return c.t("Armageddon")
	}
	return s
}

// resultIn are the ways a result comes from a table: a code pasted, the camera, a game file.
func (c *EventScreen) resultIn() app.UI {
	return app.Div().Class("event-in").Body(
		app.Label().Class("field-label").For("event-code").Text(c.t("A result code")),
		app.Div().Class("row").Body(
			app.Input().ID("event-code").Class("grow").Type("text").Value(c.code).
				OnInput(func(ctx app.Context, ev app.Event) { c.code = ctx.JSSrc().Get("value").String(); ctx.PreventUpdate() }),
			app.Button().ID("event-take-code").Text(c.t("Take")).Aria("label", c.t("Take the result code")).
				OnClick(func(ctx app.Context, ev app.Event) {
					if c.s.ask(ctx, session.TakeResultCode{Text: fieldValue("event-code")}).Taken {
						c.code = ""
						clearField("event-code") // taken: the field is free for the next code
					}
				}),
		),
		app.Div().Class("event-ways").Body(
			app.Button().ID("event-scan").Class("wide").Text(c.t("Scan a result code")).OnClick(c.onScan),
			app.Label().Class("button wide").Body(
				app.Span().Text(c.t("A game file")),
				app.Input().ID("event-game-file").Type("file").Accept(".json,application/json").Class("hidden-file").
					OnChange(func(ctx app.Context, ev app.Event) {
						readChosenBytes(ctx, c.settings.Lang(), func(ctx app.Context, b []byte) { send(ctx, session.TakeEventGameFile{Data: b}) })
					}),
			),
		),
	)
}

// asking is a result whose code cannot tell its table or its sides (session.Asking): why, and
// each way it may be counted, as the table's line would then read; the organiser taps the
// one the players tell, or leaves it uncounted.
func (c *EventScreen) asking(e *event.Event) app.UI {
	a := c.event.Asking()
	if a == nil {
		return nil
	}
	r := e.Played[e.Round()-1]
	return app.Div().ID("event-asking").Class("card event-asking").Role("group").Aria("label", c.t("Which table?")).Body(
		app.P().Class("bad").Text(a.Why),
		app.Range(a.Options).Slice(func(i int) app.UI {
			o := a.Options[i]
			p := r.Pairings[o.Table-1]
			x, y := e.Player(p.Players[0]).Name, e.Player(p.Players[1]).Name
			return app.Button().ID("event-asking-"+strconv.Itoa(i)).Class("wide").
				Text(c.f("Table %d: %s – %s", o.Table, x, y)+" · "+c.outcome(o.Result, x, y)).
				OnClick(func(ctx app.Context, ev app.Event) { send(ctx, session.PlaceEventResult{Option: i}) }, app.EventScope(i, o.Table, o.First))
		}),
		app.Button().ID("event-asking-drop").Class("wide").Text(c.t("Leave it uncounted")).
			OnClick(func(ctx app.Context, ev app.Event) { send(ctx, session.DropEventResult{}) }),
	)
}

// scanner is the organiser's camera as it reads codes: whether it reads, what (a result code:
// of 0; a player card: scanCard; the list of the player of ID of), its readings counted (a reading's callbacks answer
// only while it runs), the last code it read (taken or refused once).
type scanner struct {
	on   bool
	of   int
	runs int
	last string
}

// camera is the camera's picture while it reads a code, what it reads, and the way to stop it.
func (c *EventScreen) camera(e *event.Event) app.UI {
	if !c.cam.on {
		return nil
	}
	what := c.t("Scan a result code")
	if c.cam.of == scanCard {
		what = c.t("Scan a player card")
	}
	if p := e.Player(c.cam.of); p != nil {
		what = c.f("Scan %s's list", p.Name)
	}
	// A sheet over the screen (issue 70): the preview where the organiser looks, whichever
	// button opened it.
	return app.Div().Class("overlay").Body(app.Section().ID("event-camera").Class("sheet scan-sheet").Role("dialog").Aria("label", what).Body(
		app.P().Class("muted small").Text(what),
		app.Elem("video").ID("event-video").Class("pair-video").Attr("muted", true).Attr("autoplay", true).Attr("playsinline", true),
		app.Button().ID("event-scan-stop").Class("wide").Text(c.t("Stop the camera")).OnClick(func(ctx app.Context, ev app.Event) { c.stopScan() }),
	))
}

// onScan opens the camera for result codes.
func (c *EventScreen) onScan(ctx app.Context, ev app.Event) { c.startScan(0) }

// startScan opens the camera and takes each code it reads: a result code (scanFor 0), or a
// party's link as the list of the player scanFor. A code refused is said once; the camera stops
// once a code is taken.
func (c *EventScreen) startScan(scanFor int) {
	c.stopScan()
	c.cam.runs++
	run := c.cam.runs
	c.cam.on, c.cam.of, c.cam.last = true, scanFor, ""
	c.s.later(func(ctx app.Context) {
		var found app.Func
		found = app.FuncOf(func(_ app.Value, args []app.Value) any {
			text := args[0].String()
			ctx.Dispatch(func(ctx app.Context) {
				if !c.cam.on || c.cam.runs != run {
					found.Release()
					return
				}
				if text == c.cam.last {
					return
				}
				c.cam.last = text
				if c.takeScanned(ctx, text) {
					c.stopScan()
					found.Release()
				}
			})
			return nil
		})
		var refused app.Func
		refused = app.FuncOf(func(_ app.Value, _ []app.Value) any {
			refused.Release()
			ctx.Dispatch(func(ctx app.Context) {
				if c.cam.runs == run {
					c.cam.on = false
					send(ctx, session.Notify{Text: c.t("The camera could not be opened: allow Gnosis to use it.")})
				}
			})
			return nil
		})
		app.Window().Get("gnosisPair").Call("scan", "event-video", found).Call("catch", refused)
	})
}

// takeScanned takes a code the camera read, as the reading asks; it reports whether it was taken.
func (c *EventScreen) takeScanned(ctx app.Context, text string) bool {
	if c.cam.of == 0 {
		return c.s.ask(ctx, session.TakeResultCode{Text: text}).Taken
	}
	if c.cam.of == scanCard {
		before := c.event.Get()
		c.s.ask(ctx, session.AddEventPlayerCard{Link: text})
		return !sameEvent(before, c.event.Get())
	}
	c.s.ask(ctx, session.SubmitEventList{ID: c.cam.of, Link: text})
	e := c.event.Get()
	return e != nil && e.Player(c.cam.of) != nil && e.Player(c.cam.of).List != nil
}

// scanCard is the camera's reading of a player card (scanner.of), to enter its player.
const scanCard = -1

// carded reports whether a player of e came with a player card.
func carded(e *event.Event) bool {
	for _, p := range e.Players {
		if p.Card != "" {
			return true
		}
	}
	return false
}

// stopScan closes the camera.
func (c *EventScreen) stopScan() {
	if c.cam.on {
		c.cam.on = false
		if p := app.Window().Get("gnosisPair"); p.Truthy() {
			p.Call("stopScan")
		}
	}
}

// table is one table of round n: its players and result (with the results it replaced), or
// the buttons to type it; the form to type it in full or correct it.
func (c *EventScreen) table(e *event.Event, n int, p event.Pairing) app.UI {
	a := e.Player(p.Players[0]).Name
	id := "event-table-" + strconv.Itoa(p.Table)
	if p.Players[1] == event.Bye {
		return app.Li().ID(id).Text(c.f("%s: bye", a))
	}
	b := e.Player(p.Players[1]).Name
	table := p.Table
	return app.Li().ID(id).Class("event-table").Body(
		app.P().Text(c.f("Table %d: %s – %s", p.Table, a, b)),
		app.If(p.Result != nil, func() app.UI {
			return app.Div().Body(
				app.P().Class("muted small").Text(c.outcome(*p.Result, a, b)),
				app.Range(p.Earlier).Slice(func(i int) app.UI {
					ch := p.Earlier[i]
					return app.P().Class("muted small").Text(c.f("Corrected by %s (%s): it was %s", ch.Who, ch.Why, c.outcome(ch.Result, a, b)))
				}),
				app.Div().Class("row").Body(
					app.If(c.undoable(n, table), func() app.UI { // one tap typed it: one tap takes it back
						return app.Button().ID(id+"-undo").Text(c.t("Undo")).Aria("label", c.f("Undo table %d's result", table)).
							OnClick(func(ctx app.Context, ev app.Event) { send(ctx, session.UndoEventResult{}) })
					}),
					app.If(c.editing != table, func() app.UI {
						return app.Button().ID(id+"-correct").Text(c.t("Correct")).
							OnClick(func(ctx app.Context, ev app.Event) { c.editing, c.correct = table, true }, app.EventScope(table))
					}),
				),
			)
		}).Else(func() app.UI {
			return app.Div().Class("row").Body(
				typedResult(id+"-first", c.f("%s won", a), n, p.Table, event.FirstWins),
				typedResult(id+"-draw", c.t("Draw"), n, p.Table, event.Drawn),
				typedResult(id+"-second", c.f("%s won", b), n, p.Table, event.SecondWins),
				app.If(c.editing != table, func() app.UI {
					return app.Button().ID(id+"-details").Text(c.t("In full")).Aria("label", c.f("Type table %d's result in full", table)).
						OnClick(func(ctx app.Context, ev app.Event) { c.editing, c.correct = table, false }, app.EventScope(table))
				}),
			)
		}),
		app.If(c.editing == table, func() app.UI {
			if c.correct && p.Result != nil {
				return c.resultForm(n, table, a, b, *p.Result) // a correction starts from the result kept
			}
			return c.resultForm(n, table, a, b, event.Result{Outcome: event.FirstWins})
		}),
	)
}

// undoable reports whether table of round n's result is the one typed last, while its undo
// holds (session.Event.Undoable).
func (c *EventScreen) undoable(n, table int) bool {
	r, t, ok := c.event.Undoable()
	return ok && r == n && t == table
}

// resultForm types a table's result in full: who won, the levels each side killed and has
// left, the scenario points and turns, filled from cur (a correction's: the result kept, so
// that a field changed changes that field alone); a correction says why.
func (c *EventScreen) resultForm(n, table int, a, b string, cur event.Result) app.UI {
	num := func(id, label string, v int) app.UI {
		return app.Label().Class("field").Body(app.Span().Text(label),
			app.Input().ID(id).Type("number").Min(0).Max(event.MaxLevels).Value(strconv.Itoa(v)))
	}
	outcomes := []opt{{event.FirstWins, c.f("%s won", a)}, {event.Drawn, c.t("Draw")}, {event.SecondWins, c.f("%s won", b)}}
	return app.Div().ID("event-form").Class("event-form").Body(
		selectField("event-form-outcome", c.t("Result"), outcomes, cur.Outcome, func(app.Context, app.Event) {}),
		app.Div().Class("row points").Body(
			num("event-form-killed-0", c.f("Levels %s killed", a), cur.Killed[0]), num("event-form-killed-1", c.f("Levels %s killed", b), cur.Killed[1]),
		),
		app.Div().Class("row points").Body(
			num("event-form-left-0", c.f("Levels %s has left", a), cur.Left[0]), num("event-form-left-1", c.f("Levels %s has left", b), cur.Left[1]),
		),
		app.Div().Class("row points").Body(
			num("event-form-scenario-0", c.f("Scenario points of %s", a), cur.Scenario[0]), num("event-form-scenario-1", c.f("Scenario points of %s", b), cur.Scenario[1]),
			num("event-form-turns", c.t("Turns"), cur.Turns),
		),
		app.If(c.correct, func() app.UI {
			return app.Label().Class("field").Body(app.Span().Text(c.t("Why it is corrected")),
				app.Input().ID("event-form-why").Type("text").MaxLength(event.MaxWhy))
		}),
		app.Div().Class("row pair").Body(
			app.Button().ID("event-form-save").Class("primary wide").Text(c.t("Keep the result")).OnClick(func(ctx app.Context, ev app.Event) {
				r := event.Result{Outcome: fieldValue("event-form-outcome")}
				for i, f := range []*int{&r.Killed[0], &r.Killed[1], &r.Left[0], &r.Left[1], &r.Scenario[0], &r.Scenario[1], &r.Turns} {
					id := []string{"killed-0", "killed-1", "left-0", "left-1", "scenario-0", "scenario-1", "turns"}[i]
					*f, _ = strconv.Atoi(fieldValue("event-form-" + id))
				}
				var req session.Request = session.TypeEventResult{Round: n, Table: table, Result: r}
				if c.correct {
					req = session.CorrectEventResult{Round: n, Table: table, Result: r, Why: fieldValue("event-form-why")}
				}
				before := c.event.Get()
				c.s.ask(ctx, req)
				if !sameEvent(before, c.event.Get()) {
					c.editing = 0
				}
			}, app.EventScope(n, table)),
			app.Button().ID("event-form-cancel").Class("wide").Text(c.t("Cancel")).OnClick(func(ctx app.Context, ev app.Event) { c.editing = 0 }),
		),
	)
}

// sameEvent reports whether a request left the event as it was (a refusal): the view's copy
// is made again only after a change.
func sameEvent(a, b *event.Event) bool { return a == b }

// swaps offer to swap two players of the round (tables without a result), with the reason
// kept, and list the swaps made.
func (c *EventScreen) swaps(e *event.Event, r event.Round) app.UI {
	var players []opt
	for _, p := range r.Pairings {
		if p.Result == nil {
			for _, id := range p.Players {
				if id != event.Bye {
					players = append(players, opt{strconv.Itoa(id), e.Player(id).Name})
				}
			}
		}
	}
	return app.Details().ID("event-swaps").Open(c.drew.swapping).On("toggle", func(ctx app.Context, ev app.Event) {
		c.drew.swapping = ctx.JSSrc().Get("open").Truthy()
	}).Body(
		app.Summary().Text(c.t("Swap two players")),
		app.Range(r.Swaps).Slice(func(i int) app.UI {
			sw := r.Swaps[i]
			return app.P().Class("muted small").Text(c.f("%s and %s swapped: %s", e.Player(sw.Players[0]).Name, e.Player(sw.Players[1]).Name, sw.Why))
		}),
		// The form is drawn only unfolded: its two lists of every player still playing (512
		// choices on the largest night) were most of a round's pairing's longest task.
		app.If(c.drew.swapping && len(players) >= 2, func() app.UI {
			return app.Div().Body(
				selectField("event-swap-a", c.t("Player"), players, players[0].value, func(app.Context, app.Event) {}),
				selectField("event-swap-b", c.t("Swapped with"), players, players[1].value, func(app.Context, app.Event) {}),
				app.Label().Class("field").Body(app.Span().Text(c.t("Why")),
					app.Input().ID("event-swap-why").Type("text").MaxLength(event.MaxWhy)),
				app.Button().ID("event-swap").Class("wide").Text(c.t("Swap")).OnClick(func(ctx app.Context, ev app.Event) {
					a, _ := strconv.Atoi(fieldValue("event-swap-a"))
					b, _ := strconv.Atoi(fieldValue("event-swap-b"))
					send(ctx, session.SwapEventPlayers{A: a, B: b, Why: fieldValue("event-swap-why")})
				}),
			)
		}),
	)
}

// roundCodes are round n's links for the players, as QR codes (as many as its tables need):
// scanned, a player's phone shows their table, their opponent and, where published, the
// opponent's list.
func (c *EventScreen) roundCodes(e *event.Event, n int) app.UI {
	if !c.show {
		return app.Button().ID("event-show-round").Class("wide").Text(c.t("Show the round to the players")).
			OnClick(func(ctx app.Context, ev app.Event) { c.show = true })
	}
	codes := c.drew.codes.of(c.page, c.drew.now.tablesAt, e, n)
	return app.Div().ID("event-round-codes").Body(
		app.Button().ID("event-hide-round").Class("wide").Text(c.t("Hide the round's codes")).
			OnClick(func(ctx app.Context, ev app.Event) { c.show = false }),
		app.P().Class("muted small").Text(c.t("Players scan this with their phone's camera: it shows their table and their opponent.")),
		app.Range(codes).Slice(func(i int) app.UI {
			d := codes[i]
			code := &eventCode{Link: d.link, Label: d.label, SVG: d.svg, Drawn: d.drawn}
			if d.err != nil {
				code.Err = c.settings.ErrText(d.err)
			}
			return code
		}),
	)
}

// eventCode is one of the round's codes for the players, a component of its own: a step that
// draws a few codes redraws those, not the round's 128 (go-app compares the exported fields).
type eventCode struct {
	app.Compo
	Link, Label string // the round's view's link, and which tables it shows
	SVG         string // its QR code, once drawn
	Err         string // why it cannot be drawn, in the player's words
	Drawn       bool
}

// Render draws the code, a place for it until it is drawn (at a step after this frame,
// eventCodes), or why it cannot be.
func (d *eventCode) Render() app.UI {
	caption := app.FigCaption().Body(app.A().Class("event-round-link").Href(d.Link).Text(d.Label))
	switch {
	case d.Err != "":
		return app.P().Class("bad").Text(d.Err)
	case !d.Drawn:
		return app.Figure().Class("event-round-code").Aria("busy", "true").Body(app.Div().Class("qr"), caption)
	}
	return app.Figure().Class("event-round-code").Body(app.Div().Class("qr").Body(app.Raw(d.SVG)), caption)
}

// fieldValue is what the field id holds as the tap that reads it runs: the field as the player
// left it, not the component's copy of it, which its input events may not have reached yet.
func fieldValue(id string) string {
	if f := app.Window().GetElementByID(id); f.Truthy() {
		v := f.Get("value").String()
		if v == none {
			return ""
		}
		return v
	}
	return ""
}

// clearField empties the field id in the page: its value drawn may be the one drawn before
// the player typed or pasted, which a redraw then leaves as typed.
func clearField(id string) {
	if f := app.Window().GetElementByID(id); f.Truthy() {
		f.Set("value", "")
	}
}

// typedResult is a button that types outcome as the result of table of round n.
func typedResult(id, label string, n, table int, outcome string) app.UI {
	return app.Button().ID(id).Text(label).OnClick(func(ctx app.Context, ev app.Event) {
		send(ctx, session.TypeEventResult{Round: n, Table: table, Result: event.Result{Outcome: outcome}})
	}, app.EventScope(n, table, outcome))
}

// outcome says a result and how it came in (outcomeText).
func (c *EventScreen) outcome(r event.Result, a, b string) string {
	return outcomeText(c.page, r, a, b)
}

// standings are the event's standings (v: as its link carries them, so that the organiser's
// screen and the link's show one table).
func (c *EventScreen) standings(v event.StandingsView, rows int) app.UI {
	v.Rows = v.Rows[:min(rows, len(v.Rows))]
	return app.Section().ID("event-standings").Class("card print").Body(
		app.H3().Text(c.t("Standings")),
		standingsTable(c.page, v),
	)
}

// standingLine is the i-th line of the standings v as the image shared writes it: place,
// player, points, games won, drawn and lost, every tiebreaker in the event's order, and
// whether the player dropped.
func standingLine(c page, v event.StandingsView, i int) string {
	r := v.Rows[i]
	line := c.f("%d. %s: %d points (%d-%d-%d)", i+1, r.Name, r.Points, r.Won, r.Drawn, r.Lost)
	for _, t := range v.Tiebreakers {
		switch t {
		case event.Margin:
			line += ", " + c.f("margin %d", r.Margin)
		case event.Scenario:
			line += ", " + c.f("scenario points %d", r.Scenario)
		case event.Schedule:
			line += ", " + c.f("strength of schedule %s", c.decimal(r.ScheduleText()))
		}
	}
	if r.Dropped {
		line += " · " + c.t("dropped")
	}
	return line
}

// standingsTable is a club night's standings as a table: place, player (with their games won,
// drawn and lost beneath, and whether they dropped), points, then a column for each
// tiebreaker in the event's order (a dropped player's line muted). Its columns fit a 360-pixel
// screen: a long name wraps. Printed, its first and last rows go in bodies of their own
// (printParts), so that no page holds one or two of its rows alone.
func standingsTable(c page, v event.StandingsView) app.UI {
	head := func(long, short string) app.UI { // short where the screen is narrow (web/gnosis.css)
		return app.Th().Scope("col").Title(c.t(long)).Body(app.Span().Class("long").Text(c.t(long)), app.Span().Class("short").Aria("hidden", "true").Text(c.t(short)))
	}
	heads := []app.UI{app.Th().Scope("col").Text("#"), app.Th().Scope("col").Text(c.t("Player")), head(pointsColumn[0], pointsColumn[1])}
	for _, t := range v.Tiebreakers {
		if w := tiebreakerColumn[t]; w[0] != "" {
			heads = append(heads, head(w[0], w[1]))
		}
	}
	row := func(i int) app.UI {
		r := v.Rows[i]
		record := c.t("W-D-L") + " " + fmt.Sprintf("%d-%d-%d", r.Won, r.Drawn, r.Lost)
		if r.Dropped {
			record += " · " + c.t("dropped")
		}
		cells := []app.UI{app.Td().Text(strconv.Itoa(i + 1)),
			app.Th().Scope("row").Body(app.Span().Class("name").Text(r.Name), app.Span().Class("record").Text(record)),
			app.Td().Text(strconv.Itoa(r.Points))}
		for _, t := range v.Tiebreakers {
			switch t {
			case event.Margin:
				cells = append(cells, app.Td().Text(strconv.Itoa(r.Margin)))
			case event.Scenario:
				cells = append(cells, app.Td().Text(strconv.Itoa(r.Scenario)))
			case event.Schedule:
				cells = append(cells, app.Td().Text(c.decimal(r.ScheduleText())))
			}
		}
		return app.Tr().Class(map[bool]string{true: "muted"}[r.Dropped]).Body(cells...)
	}
	body := []app.UI{app.THead().Body(app.Tr().Body(heads...))}
	for _, part := range printParts(len(v.Rows)) {
		body = append(body, app.TBody().Class(map[bool]string{true: "kept-together"}[part[1]-part[0] <= printRun]).Body(
			app.Range(v.Rows[part[0]:part[1]]).Slice(func(i int) app.UI { return row(part[0] + i) })))
	}
	return app.Div().Class("records-scroll").Body(app.Table().Class("records-table standings-table").Body(body...))
}

// printRun is how many rows of the standings a printed page never leaves alone: the first
// and the last rows are kept together in runs of this many (web/gnosis.css keeps a
// "kept-together" body on one page).
const printRun = 3

// printParts splits n rows of a table into the bodies it prints as, each as its first row and
// the row after its last: the first printRun rows, the middle, the last printRun rows; a
// table of up to twice printRun rows is one body, kept together.
func printParts(n int) [][2]int {
	if n <= 2*printRun {
		return [][2]int{{0, n}}
	}
	return [][2]int{{0, printRun}, {printRun, n - printRun}, {n - printRun, n}}
}

// tiebreakerColumn heads the standings' column of each tiebreaker (head-to-head has none).
// Each has its word and its short word, for a narrow screen, as the points' column has.
var pointsColumn = [2]string{"Points", "Pts"}

var tiebreakerColumn = map[event.Tiebreaker][2]string{event.Margin: {"Margin", "Mgn"}, event.Scenario: {"Scenario", "Scn"}, event.Schedule: {"SoS", "SoS"}}

// luck is the event's luck (luckSection), its first rows.
func (c *EventScreen) luck(ls []event.PlayerLuck, rows int) app.UI {
	return luckSection(c.page, "event-luck", ls[:min(rows, len(ls))])
}

// signed writes x with its sign and one decimal ("+3.5", "-1.0").
func signed(x float64) string {
	if x >= 0 {
		return "+" + strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// keep offers the event's file, its standings (printed, as a link, an image, a spreadsheet)
// and its end.
func (c *EventScreen) keep() app.UI {
	end := c.t("End the club night")
	if c.confirm {
		end = c.t("Tap again to end it: it is kept with the past club nights")
	}
	return app.Section().ID("event-keep").Class("card").Body(
		app.Button().ID("event-print").Class("wide").Text(c.t("Print the pairings and standings")).
			OnClick(func(ctx app.Context, ev app.Event) { c.print(ctx) }),
		app.Button().ID("event-share-standings").Class("wide").Text(c.t("Share the standings' link")).
			OnClick(func(ctx app.Context, ev app.Event) {
				if e := c.event.Get(); e != nil {
					c.derive(e)
					c.shareText(ctx, c.standingsView().Link(c.s.base()), c.t("The standings' link is copied: paste it in a message."))
				}
			}),
		app.Button().ID("event-share-image").Class("wide").Text(c.t("Share the standings as an image")).
			OnClick(func(ctx app.Context, ev app.Event) { c.shareImage(ctx) }),
		// The file and the spreadsheet are made when tapped, never at a change (the largest
		// night's file is 800 kB).
		app.Button().ID("event-file").Class("wide").Text(c.t("Download the event file")).
			OnClick(func(ctx app.Context, ev app.Event) {
				if file, name := c.event.File(); file != nil {
					shareFile(ctx, c.page, name, "application/json", string(file))
				}
			}),
		app.Button().ID("event-csv").Class("wide").Text(c.t("Download the standings (CSV)")).
			OnClick(func(ctx app.Context, ev app.Event) {
				if e := c.event.Get(); e != nil {
					_, name := c.event.File()
					shareFile(ctx, c.page, standingsName(name, "csv"), "text/csv", string(e.CSVHeaded(c.csvHeader())))
				}
			}),
		app.Button().ID("event-end").Class("wide").Class(map[bool]string{true: "confirm"}[c.confirm]).Text(end).OnClick(func(ctx app.Context, ev app.Event) {
			if !c.confirm {
				c.confirm = true
				return
			}
			c.confirm = false
			send(ctx, session.EndEvent{})
		}),
		app.If(len(c.event.Nights()) > 0, func() app.UI { // the past nights, while this one runs
			return app.Button().ID("event-past").Class("wide").Text(c.n(len(c.event.Nights()), "%d past club night", "%d past club nights")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenNights}) })
		}),
		app.Button().ID("event-season").Class("wide").Text(c.t("The season")).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenSeason}) }),
	)
}

// scanIcon is a scan button's picture: a QR code's three corner squares and a dot, drawn (a
// font's ⌗ was an empty box on some phones).
func scanIcon() app.UI {
	corner := func(x, y string) app.UI {
		return svgElem("rect").Attr("x", x).Attr("y", y).Attr("width", "7").Attr("height", "7").
			Attr("fill", "none").Attr("stroke", "currentColor").Attr("stroke-width", "2")
	}
	return svgElem("svg").Class("scan-icon").Attr("viewBox", "0 0 24 24").Attr("width", "20").Attr("height", "20").Aria("hidden", "true").Body(
		corner("2", "2"), corner("15", "2"), corner("2", "15"),
		svgElem("rect").Attr("x", "15").Attr("y", "15").Attr("width", "4").Attr("height", "4").Attr("fill", "currentColor"),
	)
}
