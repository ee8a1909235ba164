package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine/event"
)

// The organiser's screen's tabs (issue 70): a tab a job, the players, the round being played,
// the standings (with the luck), so that the round's controls are in view without scrolling
// past every player. Only the chosen tab's sections are drawn: the largest night's other
// sections cost nothing while they are not looked at.
const (
	tabPlayers   = "players"
	tabRound     = "round"
	tabStandings = "standings"
)

// eventTabs are the tabs in their order.
var eventTabs = [...]string{tabPlayers, tabRound, tabStandings}

// tabKey is where the tab chosen is kept for the page's session: a reload shows it again.
const tabKey = "gnosis-event-tab"

// tabOf is the tab shown: the one chosen, else the round's once a round is paired, else the
// players'.
func (c *EventScreen) tabOf(e *event.Event) string {
	switch {
	case c.drew.tab != "":
		return c.drew.tab
	case e.Round() > 0:
		return tabRound
	}
	return tabPlayers
}

// tabBar is the tabs' list: each a button of role tab, the chosen one selected and the only one
// the Tab key stops at; the arrow keys, Home and End move between them (WAI-ARIA's tabs).
func (c *EventScreen) tabBar(e *event.Event, chosen string) app.UI {
	label := map[string]string{tabPlayers: c.t("Players"), tabRound: c.t("Round"), tabStandings: c.t("Standings")}
	if n := e.Round(); n > 0 {
		label[tabRound] = c.f("Round %d", n)
	}
	return app.Div().ID("event-tabs").Class("event-tabs").Role("tablist").Aria("label", c.t("The club night")).Body(
		app.Range(eventTabs[:]).Slice(func(i int) app.UI {
			tab := eventTabs[i]
			on := tab == chosen
			tabIndex := -1
			if on {
				tabIndex = 0
			}
			return app.Button().ID("event-tab-"+tab).Class("event-tab").Role("tab").Aria("selected", on).
				Aria("controls", "event-panel").TabIndex(tabIndex).Text(label[tab]).
				OnClick(func(ctx app.Context, ev app.Event) { c.choose(ctx, tab) }, app.EventScope(tab)).
				OnKeyDown(func(ctx app.Context, ev app.Event) { c.tabKey(ctx, ev, i) }, app.EventScope(i))
		}),
	)
}

// tabKey moves to the tab before or after the i-th (the arrow keys, round the ends), the first
// (Home) or the last (End), and gives it the focus.
func (c *EventScreen) tabKey(ctx app.Context, ev app.Event, i int) {
	n := len(eventTabs)
	to := -1
	switch ev.Get("key").String() {
	case "ArrowRight":
		to = (i + 1) % n
	case "ArrowLeft":
		to = (i + n - 1) % n
	case "Home":
		to = 0
	case "End":
		to = n - 1
	}
	if to < 0 {
		ctx.PreventUpdate()
		return
	}
	ev.PreventDefault()
	c.choose(ctx, eventTabs[to])
	id := "event-tab-" + eventTabs[to]
	ctx.Defer(func(app.Context) {
		if b := app.Window().GetElementByID(id); b.Truthy() {
			b.Call("focus")
		}
	})
}

// choose shows tab, kept for the page's session.
func (c *EventScreen) choose(ctx app.Context, tab string) {
	c.drew.tab = tab
	ctx.SessionStorage().Set(tabKey, tab)
	if !app.IsServer {
		app.Window().Call("scrollTo", 0, 0) // the tab's first line, as a new screen starts
	}
}

// rememberTab reads the tab chosen before a reload, if any.
func (c *EventScreen) rememberTab(ctx app.Context) {
	var tab string
	if ctx.SessionStorage().Get(tabKey, &tab) == nil {
		for _, t := range eventTabs {
			if t == tab {
				c.drew.tab = tab
			}
		}
	}
}

// panel is the chosen tab's sections (all that print, while the page is printed from Print:
// the round's pairings and the standings).
func (c *EventScreen) panel(e *event.Event, d *derived, tab string) app.UI {
	lang := c.settings.Lang()
	players := func() app.UI { return &eventPlayers{Gen: d.playersAt, Lang: lang, Name: c.name, Rows: c.rows(0), c: c} }
	standings := func() app.UI { return &eventStandings{Gen: d.gen, Lang: lang, Rows: c.rows(2), c: c} }
	luck := func() app.UI { return &eventLuck{Gen: d.gen, Lang: lang, Rows: c.rows(3), c: c} }
	var body []app.UI
	switch {
	case c.drew.printing:
		body = []app.UI{c.round(e), standings()}
	case tab == tabPlayers:
		body = []app.UI{players()}
	case tab == tabRound:
		body = []app.UI{c.round(e)}
	default:
		body = []app.UI{standings(), luck()}
	}
	return app.Div().ID("event-panel").Class("event-panel").Role("tabpanel").Aria("labelledby", "event-tab-"+tab).Body(body...)
}

// shownSections reports which long sections (sectionRows) the chosen tab draws.
func (c *EventScreen) shownSections(e *event.Event) [4]bool {
	if c.drew.printing {
		return [4]bool{false, true, true, false}
	}
	switch c.tabOf(e) {
	case tabPlayers:
		return [4]bool{true, false, false, false}
	case tabRound:
		return [4]bool{false, true, false, false}
	}
	return [4]bool{false, false, true, true}
}

// print draws the round and the standings (a step at a time, as a tab grows), then has the
// browser print the page once they are drawn whole and painted, then draws the tab again.
func (c *EventScreen) print(ctx app.Context) {
	c.drew.printing = true
	var ready func(app.Context)
	ready = func(ctx app.Context) {
		if e := c.drew.now.e; e != nil {
			if n := c.sectionRows(c.shownSections(e)); c.drew.rows[1] < n[1] || c.drew.rows[2] < n[2] {
				afterPaint(ctx, ready)
				return
			}
		}
		app.Window().Call("print")
		c.drew.printing = false
	}
	afterPaint(ctx, ready)
}

// shareImage shares the standings as an image: a line a player (standingLine), made from the
// standings derived, whichever tab shows (none draws them on the page).
func (c *EventScreen) shareImage(ctx app.Context) {
	e := c.event.Get()
	if e == nil {
		return
	}
	c.derive(e)
	v := c.standingsView()
	lines := make([]any, len(v.Rows))
	for i := range v.Rows {
		lines[i] = standingLine(c.page, v, i)
	}
	_, name := c.event.File()
	c.s.script().Call("shareImage", ".event-figure", lines, e.Name+" · "+c.t("Standings"), standingsName(name, "png"),
		settled(ctx, c.page, "The image could not be made: "))
}
