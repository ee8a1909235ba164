package ui

import (
	"math"
	"reflect"
	"slices"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine/core"
	"gnosis/engine/event"
)

// The club night's screen's long sections (its players, the round's tables, the standings, the
// round's codes) are components of their own, each redrawn only when what it draws changed (the
// event, the language, the section's own state: go-app compares their exported fields), never
// at a keystroke or at the screen's redraw for another section: the largest night is 256
// players, 128 tables and 128 QR codes, which drawn at every redraw held the organiser's phone
// for seconds. Each reads the screen (c) when it draws; the screen's handlers are the screen's.

// eventPlayers are the event's players (EventScreen.players).
type eventPlayers struct {
	app.Compo
	Gen  int    // the event's drawing (EventScreen.derived)
	Lang string // the player's language
	Name string // the new player's name, as last kept
	Rows int    // the rows drawn so far (EventScreen.rows)
	c    *EventScreen
}

// Render draws the players.
func (p *eventPlayers) Render() (ui app.UI) {
	defer p.c.s.guard(&ui)
	return p.c.players(p.c.drew.now.e, p.Rows)
}

// eventTables are the tables of the round being played (EventScreen.tables): their results,
// the ways a result comes in, the swaps.
type eventTables struct {
	app.Compo
	Gen      int
	Lang     string
	Editing  int  // the table whose result is typed in full
	Correct  bool // the form corrects it
	Swapping bool // the swaps' form is unfolded
	Rows     int
	c        *EventScreen
}

// Render draws the tables.
func (r *eventTables) Render() (ui app.UI) {
	defer r.c.s.guard(&ui)
	return r.c.tables(r.c.drew.now.e, r.Rows)
}

// eventStandings are the standings (EventScreen.standings).
type eventStandings struct {
	app.Compo
	Gen  int
	Lang string
	Rows int
	c    *EventScreen
}

// Render draws the standings.
func (s *eventStandings) Render() (ui app.UI) {
	defer s.c.s.guard(&ui)
	return s.c.standings(s.c.standingsView(), s.Rows)
}

// eventLuck is the event's luck (EventScreen.luck); hidden while no game's log came in.
type eventLuck struct {
	app.Compo
	Gen  int
	Lang string
	Rows int
	c    *EventScreen
}

// Render draws the luck.
func (l *eventLuck) Render() (ui app.UI) {
	defer l.c.s.guard(&ui)
	lucks := l.c.eventLucks()
	if len(lucks) == 0 {
		return app.Div().Hidden(true)
	}
	return l.c.luck(lucks, l.Rows)
}

// eventCodes are the round's codes for the players (EventScreen.roundCodes), drawn a few at a
// step after the frames that show the others (a QR code of a round's page takes tens of
// milliseconds on a phone), each kept for its round and language (drawnCodes).
type eventCodes struct {
	app.Compo
	Gen     int
	Lang    string
	Show    bool
	c       *EventScreen
	ctx     app.Context // its own, from its mount: a step redraws this section
	mounted bool
	drawing bool // a step is asked for
}

// OnMount keeps the section's context.
func (d *eventCodes) OnMount(ctx app.Context) { d.ctx, d.mounted = ctx, true }

// OnDismount forgets it.
func (d *eventCodes) OnDismount() { d.mounted = false }

// Render draws the codes drawn, a place for each of the others, and asks for the next step.
func (d *eventCodes) Render() (ui app.UI) {
	defer d.c.s.guard(&ui)
	codes := d.c.roundCodes(d.c.drew.now.e, d.c.drew.now.e.Round())
	if d.Show && d.mounted && !d.drawing && d.c.drew.codes.undrawn() {
		d.drawing = true
		ctx := d.ctx
		afterPaint(ctx, func(app.Context) {
			d.drawing = false
			if d.mounted && d.c.show {
				d.c.drew.codes.step(d.c.page)
			}
		})
	}
	return codes
}

// rowsAStep are the rows of the long sections drawn a step when they are drawn anew (the
// event's first drawing on the screen, a round's new tables): the largest night's 900 rows,
// drawn in one task, held the page a second.
const rowsAStep = 32

// sectionRows are the rows of each long section shown (shownSections; 0 for the others), in
// the screen's order: the players, the round's tables, the standings, the luck. The standings
// and the luck are derived only where shown.
func (c *EventScreen) sectionRows(shown [4]bool) [4]int {
	e := c.drew.now.e
	var n [4]int
	if shown[0] {
		n[0] = len(e.Players)
	}
	if r := e.Round(); shown[1] && r > 0 {
		n[1] = len(e.Played[r-1].Pairings)
	}
	if shown[2] {
		n[2] = len(c.standingsView().Rows)
	}
	if shown[3] {
		n[3] = len(c.eventLucks())
	}
	return n
}

// rows are how many rows section i (sectionRows) draws now.
func (c *EventScreen) rows(i int) int { return c.drew.rows[i] }

// grow draws, after the frame, rowsAStep rows more of the first section not drawn whole, until
// every one is; a section drawn whole draws every row at once after (a player added).
func (c *EventScreen) grow(e *event.Event) {
	more, shown := false, c.shownSections(e)
	for i, n := range c.sectionRows(shown) {
		switch {
		case app.IsServer: // drawn whole where nothing is painted (tests)
			c.drew.rows[i] = math.MaxInt32
		case !shown[i]: // a section of another tab: drawn again a step at a time once shown
			c.drew.rows[i] = min(c.drew.rows[i], rowsAStep)
		case c.drew.rows[i] >= n:
			c.drew.rows[i] = math.MaxInt32
		default:
			more = true
		}
	}
	if more && !c.drew.growing && c.drew.mounted {
		c.drew.growing = true
		afterPaint(c.drew.ctx, func(app.Context) {
			c.drew.growing = false
			shown := c.shownSections(c.drew.now.e)
			for i, n := range c.sectionRows(shown) {
				if shown[i] && c.drew.rows[i] < n {
					c.drew.rows[i] += rowsAStep
					return
				}
			}
		})
	}
}

// derived is what the screen draws from the event, once a change of it: which sections
// changed, and the standings as their link carries them and the luck, each made the first time
// a section shown, the image or the print asks for it after a change (a round paired on the
// round's tab makes neither: on the largest night they were a third of its longest task). The
// standings' link, the event file and the spreadsheet are made when tapped (keep).
type derived struct {
	e   *event.Event
	gen int // counts the changes drawn
	// What each section draws changed at the drawing of these gens: a result typed redraws
	// its table's section, not the players. The standings and the luck are drawn again at
	// every change (gen): comparing them cost as much as drawing them where shown, and they
	// are made only where shown.
	playersAt, tablesAt int
	standings           *event.StandingsView // nil: not made since the change
	lucks               []event.PlayerLuck
	lucksMade           bool
}

// derive is the screen's derived for e, made again when e is another (a change).
func (c *EventScreen) derive(e *event.Event) *derived {
	if c.drew.now.e == e && e != nil {
		return &c.drew.now
	}
	was := c.drew.now
	d := derived{e: e, gen: was.gen + 1}
	c.changed(&was, &d)
	c.drew.now = d
	return &c.drew.now
}

// standingsView are the event's standings as their link carries them (event.Event.Shared),
// made once a change, when first asked for.
func (c *EventScreen) standingsView() event.StandingsView {
	d := &c.drew.now
	if d.standings == nil {
		v := d.e.Shared()
		d.standings = &v
	}
	return *d.standings
}

// eventLucks are the event's players' luck (event.Event.Lucks), made once a change, when first
// asked for.
func (c *EventScreen) eventLucks() []event.PlayerLuck {
	d := &c.drew.now
	if !d.lucksMade {
		d.lucks, d.lucksMade = d.e.Lucks(), true
	}
	return d.lucks
}

// changed counts which sections of d, drawn after was, changed (their gens: d's where they
// changed, was's else); a new round's tables are drawn anew, a step at a time.
func (c *EventScreen) changed(was, d *derived) {
	e := d.e
	d.playersAt, d.tablesAt = was.playersAt, was.tablesAt
	if was.e == nil || !reflect.DeepEqual(was.e.Players, e.Players) {
		d.playersAt = d.gen
	}
	if was.e != nil && was.e.Round() != e.Round() {
		c.drew.rows[1] = 0
		c.drew.swapping = false // the next round's swaps: folded until asked for
		if e.Round() > was.e.Round() {
			c.drew.tab = tabRound // a round paired: its tables first
			if c.drew.mounted {
				c.drew.ctx.SessionStorage().Set(tabKey, tabRound)
			}
		}
	}
	if d.playersAt == d.gen || roundChanged(was.e, e) {
		d.tablesAt = d.gen
	}
}

// roundChanged reports whether the round being played, as its tables and codes draw it,
// differs between was and e (both drawn).
func roundChanged(was, e *event.Event) bool {
	n := e.Round()
	return was.Round() != n || n > 0 && !reflect.DeepEqual(was.Played[n-1], e.Played[n-1]) ||
		was.Published() != e.Published() || !slices.Equal(was.Scenarios, e.Scenarios) || was.Name != e.Name || was.Date != e.Date
}

// drawnCodes are a round's codes for the players: its views' links made again once a change
// of the event (the drawing's gen), each code drawn once for its round and language, kept by
// its link (a result typed leaves the round's links as they were: nothing is drawn again).
type drawnCodes struct {
	gen   int
	round int
	lang  string
	codes []drawnCode
	svgs  map[string]drawnCode // by link, for round and lang
}

// drawnCode is one of a round's codes: its link, its caption, its QR code (once drawn), or why
// it cannot be drawn.
type drawnCode struct {
	link, label, svg string
	err              error
	drawn            bool
}

// of are round n's codes of e (event.RoundViews) at the screen's drawing gen, in c's language;
// those not drawn yet are drawn by step.
func (d *drawnCodes) of(c page, gen int, e *event.Event, n int) []drawnCode {
	lang := c.settings.Lang()
	if d.round != n || d.lang != lang {
		d.round, d.lang, d.svgs, d.gen = n, lang, map[string]drawnCode{}, 0
	}
	if d.gen != gen || d.codes == nil {
		d.gen, d.codes = gen, nil
		for _, v := range e.RoundViews(n) {
			link := v.Link(c.s.base())
			code, ok := d.svgs[link]
			if !ok {
				code = drawnCode{link: link, label: c.f("Tables %d to %d", v.Tables[0].Table, v.Tables[len(v.Tables)-1].Table)}
			}
			d.codes = append(d.codes, code)
		}
		kept := make(map[string]drawnCode, len(d.codes))
		for _, code := range d.codes {
			if code.drawn {
				kept[code.link] = code
			}
		}
		d.svgs = kept
	}
	return d.codes
}

// undrawn reports whether a code of the round is still to be drawn.
func (d *drawnCodes) undrawn() bool {
	for _, code := range d.codes {
		if !code.drawn {
			return true
		}
	}
	return false
}

// step draws the next codes not drawn, one at least, until core.Budget has passed.
func (d *drawnCodes) step(c page) {
	began, drew := time.Now(), 0
	for i := range d.codes {
		code := &d.codes[i]
		if code.drawn {
			continue
		}
		if drew > 0 && time.Since(began) >= core.Budget {
			return
		}
		drew++
		code.svg, code.err = qrSVGSized(code.link, c.t("QR code")+": "+code.label, resultCodePx)
		code.drawn = true
		d.svgs[code.link] = *code
	}
}
