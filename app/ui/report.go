package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/report"
	"gnosis/engine/text"
)

// ReportScreen is the game told from its log (engine/report): the levels on the table turn by turn,
// LP lost and taken by each character, Gnosis and Order points spent by turn, each drawn as an
// SVG picture with its figures in words for screen readers; then each side's luck against the
// exact odds of its exchanges. Share the report sends it as text, Share as an image its pictures
// as one PNG (downloaded where sharing files is refused). Reached from the game over and from
// the history of a game in progress (the report so far), and from a game on the shelf.
type ReportScreen struct {
	app.Compo
	page
	game   reported // the game in progress (session.Play), or one on the shelf (keptSource)
	backTo string   // the screen Back returns to: the game, or the kept game's
	backAs string   // Back's words

	report  *report.Report // told once the screen is drawn (tell): a long game's log is read and measured then
	toldFor int            // the log's length it was told for
	telling bool           // a telling is on its way
	ctx     app.Context    // the screen's own, from its mount: a telling done redraws the screen
	mounted bool           // ctx is set
}

// OnMount observes the Session and has the report told.
func (c *ReportScreen) OnMount(ctx app.Context) {
	c.observe(ctx)
	c.ctx, c.mounted = ctx, true
	c.tell(ctx)
}

// tell has the report told once the screen's frame is painted (afterPaint): the screen
// answers the tap at once, its pictures and luck a moment later (a long game's log, kept
// packed, is read whole for them). Render asks again when the game has moved on (a step from
// the other phone).
func (c *ReportScreen) tell(ctx app.Context) {
	if c.telling {
		return
	}
	c.telling = true
	afterPaint(ctx, func(app.Context) {
		g := c.game.Game()
		if g == nil { // the kept game is still being opened
			c.telling = false
			return
		}
		if r := c.game.told(); r != nil { // a kept game's, told a step at a time as it opened
			c.report, c.toldFor, c.telling = r, g.Len(), false
			return
		}
		r := report.Of(g)
		c.report, c.toldFor, c.telling = &r, g.Len(), false
	})
}

// afterPaint runs f in the app's loop once the frame under way is painted (two animation
// frames later): a screen answers a tap at once, and what takes long (a report, a season's
// luck) is drawn a moment later.
func afterPaint(ctx app.Context, f func(app.Context)) {
	var frames int
	var next app.Func
	next = app.FuncOf(func(app.Value, []app.Value) any {
		if frames++; frames < 2 { // the frame that paints the screen, and the one after
			app.Window().Call("requestAnimationFrame", next)
			return nil
		}
		next.Release()
		ctx.Dispatch(f)
		return nil
	})
	app.Window().Call("requestAnimationFrame", next)
}

// Render draws the screen.
func (c *ReportScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	g := c.game.Game()
	back := app.Button().ID("report-back").Class("wide").Text(c.t(c.backAs)).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ReturnTo{To: c.backTo}) })
	switch {
	case g == nil: // a kept game not opened yet (a reload): opened, then told
		c.s.later(c.game.open)
	case c.mounted && (c.report == nil || c.toldFor != g.Len()):
		c.s.later(func(app.Context) { c.tell(c.ctx) }) // told when the game came, or before the last steps: again
	}
	if c.report == nil || g == nil {
		return app.Div().ID("report").Class("report").Body(back,
			app.Section().ID("report-wait").Class("card").Aria("busy", "true").Body(
				app.H2().Text(c.t("Report")),
				app.P().Class("muted").Role("status").Text(c.t("Telling the game…")),
			))
	}
	r, st := *c.report, g.State()
	return app.Div().ID("report").Class("report").Body(
		back,
		c.levelsFigure(st, r.Story),
		c.lpFigure(st, r.Story),
		c.spentFigure(st, r.Story),
		c.luckView(st, r),
		app.Div().Class("row pair").Body(
			app.Button().ID("share-report").Class("primary wide").Text(c.t("Share the report")).OnClick(c.onShare),
			app.Button().ID("share-report-image").Class("wide").Text(c.t("Share as an image")).OnClick(c.onShareImage),
		),
	)
}

// figure is a picture of the report: its heading and the SVG (width × height user units, drawn
// to the screen's width), an image whose name is its figures in words, which screen readers
// read instead.
func (c *ReportScreen) figure(id, title string, w, h float64, words []string, shapes ...app.UI) app.UI {
	return app.Section().ID(id).Class("card report-figure").Body(
		app.H2().Text(title),
		svgElem("svg").Attr("viewBox", fmt.Sprintf("0 0 %g %g", w, h)).Attr("role", "img").Aria("label", strings.Join(words, ". ")).Body(shapes...),
	)
}

// levelsFigure draws each side's levels on the table at the end of each turn, a line a side.
func (c *ReportScreen) levelsFigure(st anima.State, s report.Story) app.UI {
	const w, h, pad = 320.0, 140.0, 24.0
	points := [][2]int{s.Start} // the start, then each turn's end
	for _, t := range s.Turns {
		points = append(points, t.Levels)
	}
	most := 1
	for _, p := range points {
		most = max(most, p[0], p[1])
	}
	x := func(i int) float64 { return pad + float64(i)*(w-2*pad)/float64(len(points)-1) }
	y := func(v int) float64 { return h - pad - float64(v)*(h-2*pad)/float64(most) }
	shapes := []app.UI{svgElem("line").Attr("x1", f1(pad)).Attr("y1", f1(h-pad)).Attr("x2", f1(w-pad)).Attr("y2", f1(h-pad)).Class("axis")}
	var words []string
	for side := range 2 {
		// The second side's line is dashed and drawn 2 units lower, its last number below it:
		// where both sides have the same levels, both lines and both numbers show.
		shift, class, label := float64(2*side), "series", -6.0
		if side == 1 {
			class, label = "series second", 14
		}
		var pts, vals []string
		for i, p := range points {
			pts = append(pts, f1(x(i))+","+f1(y(p[side])+shift))
			vals = append(vals, strconv.Itoa(p[side]))
			shapes = append(shapes, circle(r2.Point{X: x(i), Y: y(p[side]) + shift}, 3, "dot").Style("fill", sideColour(st, side)))
		}
		last := points[len(points)-1][side]
		shapes = append(shapes, svgElem("polyline").Attr("points", strings.Join(pts, " ")).Class(class).Style("stroke", sideColour(st, side)),
			svgElem("text").Attr("x", f1(x(len(points)-1)-4)).Attr("y", f1(y(last)+shift+label)).Attr("text-anchor", "end").Class("tick").Text(strconv.Itoa(last)))
		words = append(words, fmt.Sprintf(c.t("%s: %s levels"), s.Names[side], strings.Join(vals, ", ")))
	}
	for i, t := range s.Turns {
		shapes = append(shapes, svgElem("text").Attr("x", f1(x(i+1))).Attr("y", f1(h-6)).Attr("text-anchor", "middle").Class("tick").Text(strconv.Itoa(t.Turn)))
	}
	return c.figure("report-levels", c.t("Levels on the table by turn"), w, h, words, shapes...)
}

// nameChars is the most characters of a name the LP picture's label column holds (104 user
// units at the pictures' 10-unit type, about 5.6 units a character): a longer one is shortened.
const nameChars = 18

// shortened is name cut at the end to at most n characters, an ellipsis its last: never at
// its start, so that a name reads from its first letter.
func shortened(name string, n int) string {
	r := []rune(name)
	if len(r) <= n {
		return name
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// lpFigure draws, for each character, the LP it lost and the LP its attacks took, two bars.
func (c *ReportScreen) lpFigure(st anima.State, s report.Story) app.UI {
	const w, row, label, figures = 320.0, 26.0, 110.0, 64.0 // figures: a column of its own at the right, never cut
	most := 1
	for _, ch := range s.Characters {
		most = max(most, ch.Lost, ch.Dealt)
	}
	h := row*float64(len(s.Characters)) + 4
	bar := func(v int) float64 { return float64(v) * (w - label - figures) / float64(most) }
	var shapes []app.UI
	var words []string
	for i, ch := range s.Characters {
		top := float64(i)*row + 4
		colour := sideColour(st, ch.Ref.Side)
		shapes = append(shapes,
			svgElem("text").Attr("x", f1(label-6)).Attr("y", f1(top+15)).Attr("text-anchor", "end").Class("tick").Body(
				svgElem("title").Text(ch.Name), app.Text(shortened(ch.Name, nameChars))),
			svgElem("rect").Attr("x", f1(label)).Attr("y", f1(top)).Attr("width", f1(bar(ch.Lost))).Attr("height", "9").Class("lost"),
			svgElem("rect").Attr("x", f1(label)).Attr("y", f1(top+11)).Attr("width", f1(bar(ch.Dealt))).Attr("height", "9").Style("fill", colour),
			svgElem("text").Attr("x", f1(w-2)).Attr("y", f1(top+15)).Attr("text-anchor", "end").Class("tick lp-figures").Text(fmt.Sprintf("%d / %d", ch.Lost, ch.Dealt)),
		)
		words = append(words, fmt.Sprintf(c.t("%s: %d lost, %d taken"), ch.Name, ch.Lost, ch.Dealt))
	}
	legend := app.P().Class("muted small").Body(
		app.Span().Class("swatch lost"), app.Text(" "+c.t("lost")+"  "),
		app.Span().Class("swatch").Style("background", sideColour(st, 0)), app.Span().Class("swatch").Style("background", sideColour(st, 1)), app.Text(" "+c.t("taken")),
	)
	return app.Div().Body(c.figure("report-lp", c.t("LP lost and taken"), w, h, words, shapes...), legend)
}

// spentFigure draws each turn's Gnosis and Order points spent, a pair of bars a side.
func (c *ReportScreen) spentFigure(st anima.State, s report.Story) app.UI {
	const h, pad = 100.0, 16.0
	w := math.Max(320, float64(len(s.Turns))*48)
	most := 1
	for _, t := range s.Turns {
		most = max(most, t.Gnosis[0]+t.Orders[0], t.Gnosis[1]+t.Orders[1])
	}
	col := (w - 2*pad) / float64(len(s.Turns))
	unit := (h - 2*pad) / float64(most)
	var shapes []app.UI
	var words []string
	for i, t := range s.Turns {
		for side := range 2 {
			x := pad + float64(i)*col + float64(side)*col/2 + 2
			g, o := float64(t.Gnosis[side])*unit, float64(t.Orders[side])*unit
			shapes = append(shapes,
				svgElem("rect").Attr("x", f1(x)).Attr("y", f1(h-pad-g)).Attr("width", f1(col/2-4)).Attr("height", f1(g)).Style("fill", sideColour(st, side)),
				svgElem("rect").Attr("x", f1(x)).Attr("y", f1(h-pad-g-o)).Attr("width", f1(col/2-4)).Attr("height", f1(o)).Class("orders").Style("stroke", sideColour(st, side)),
			)
		}
		shapes = append(shapes, svgElem("text").Attr("x", f1(pad+(float64(i)+0.5)*col)).Attr("y", f1(h-2)).Attr("text-anchor", "middle").Class("tick").Text(strconv.Itoa(t.Turn)))
		words = append(words, fmt.Sprintf(c.t("Turn %d: %s %d Gnosis, %d Order points; %s %d Gnosis, %d Order points"),
			t.Turn, s.Names[0], t.Gnosis[0], t.Orders[0], s.Names[1], t.Gnosis[1], t.Orders[1]))
	}
	if spent := func() bool {
		for _, t := range s.Turns {
			if t.Gnosis != [2]int{} || t.Orders != [2]int{} {
				return true
			}
		}
		return false
	}(); !spent {
		none := c.t("No Gnosis or Order points spent")
		shapes = append(shapes, svgElem("text").ID("report-spent-none").Attr("x", f1(w/2)).Attr("y", f1(h/2)).Attr("text-anchor", "middle").Class("tick").Text(none))
		words = []string{none}
	}
	return c.figure("report-spent", c.t("Gnosis and Order points spent by turn"), w, h, words, shapes...)
}

// luckView is each side's luck: hits and LP taken against the expected, the percentile, and
// its luckiest and unluckiest exchanges.
func (c *ReportScreen) luckView(st anima.State, r report.Report) app.UI {
	return app.Section().ID("report-luck").Class("card").Body(
		app.H2().Text(c.t("Luck against the odds")),
		app.Range(r.Luck.Sides[:]).Slice(func(side int) app.UI {
			lines := c.luckLines(st, r, side)
			return app.Div().ID(fmt.Sprintf("luck-%d", side)).Class("luck-side").Style("--side", sideColour(st, side)).Body(
				app.H3().Text(r.Story.Names[side]),
				app.Range(lines).Slice(func(i int) app.UI { return app.P().Text(lines[i]) }),
			)
		}),
	)
}

// luckLines are the lines of a side's luck, in the player's language.
func (c *ReportScreen) luckLines(st anima.State, r report.Report, side int) []string {
	l := r.Luck.Sides[side]
	attacks, checks := l.Attacks-l.Left, l.Checks-l.ChecksLeft
	if attacks+checks == 0 {
		return []string{c.t("No exchange measured yet")}
	}
	lang := c.settings.Lang()
	dec := func(v float64) string { return text.Decimal{V: v, Prec: 1}.In(lang) }
	var lines []string
	if attacks > 0 {
		lines = append(lines,
			fmt.Sprintf(c.t("Hits %d, expected %s"), l.Hits, dec(l.ExpectedHits)),
			fmt.Sprintf(c.t("LP taken %d, expected %s"), l.LP, dec(l.ExpectedLP)),
			c.f("Luckier than %d%% of games with these odds", int(math.Round(100*l.Percentile))))
	}
	if checks > 0 {
		lines = append(lines, c.f("Checks passed %d, expected %s: luckier than %d%%", l.Passed, dec(l.ExpectedPassed), int(math.Round(100*l.ChecksPercentile))))
	}
	exchange := func(x report.Exchange) string {
		att, _ := st.Character(x.Attacker)
		if x.Attacker.Index < 0 { // a side's roll-off
			att.Name = st.Sides[x.Side].Name
		}
		if x.Check != "" {
			return c.f("%s's %s check, turn %d: %d%% to do this well", att.Name, x.Check.In(lang), x.Turn, int(math.Round(100*x.AtLeast)))
		}
		def, _ := st.Character(x.Target)
		if !x.Hit { // a miss: its chance of hitting, not of doing "this much"
			return c.f("%s's %s on %s, turn %d: a miss, with %d%% to hit", att.Name, anima.Reason(x.Action).In(lang), def.Name, x.Turn, int(math.Round(100*x.HitChance)))
		}
		return c.f("%s's %s on %s, turn %d: %d%% to do this much", att.Name, anima.Reason(x.Action).In(lang), def.Name, x.Turn, int(math.Round(100*x.AtLeast)))
	}
	measured := attacks + checks
	list := func(head string, xs []report.Exchange) {
		lines = append(lines, c.t(head)+":")
		for _, x := range xs {
			lines = append(lines, "• "+exchange(x))
		}
	}
	if measured <= len(l.Luckiest) { // three or fewer: each once, the luckiest first
		list("Exchanges", l.Luckiest)
	} else {
		list("Luckiest", l.Luckiest)
		list("Unluckiest", l.Unluckiest)
	}
	if l.Left > 0 {
		lines = append(lines, fmt.Sprintf(c.t("%d exchanges could not be measured against their odds."), l.Left))
	}
	return lines
}

// reportText is the report in plain text, in the player's language.
func (c *ReportScreen) reportText() string {
	g := c.game.Game()
	if r := c.game.told(); r != nil {
		c.report, c.toldFor = r, g.Len()
	}
	if c.report == nil || c.toldFor != g.Len() { // the game moved on since it was told
		r := report.Of(g)
		c.report, c.toldFor = &r, g.Len()
	}
	r := *c.report
	st := g.State()
	var b strings.Builder
	b.WriteString(st.Sides[0].Name + " – " + st.Sides[1].Name + ": " + c.t("Report") + "\n")
	for side := range 2 {
		b.WriteString("\n" + r.Story.Names[side] + "\n")
		for _, l := range c.luckLines(st, r, side) {
			b.WriteString(l + "\n")
		}
	}
	b.WriteString("\n" + c.t("LP lost and taken") + "\n")
	for _, ch := range r.Story.Characters {
		b.WriteString("- " + fmt.Sprintf(c.t("%s: %d lost, %d taken"), ch.Name, ch.Lost, ch.Dealt) + "\n")
	}
	return b.String()
}

// onShare shares the report as text with the system's share sheet, or copies it.
func (c *ReportScreen) onShare(ctx app.Context, e app.Event) {
	c.shareText(ctx, c.reportText(), c.t("The report is copied: paste it in a message."))
}

// onShareImage shares the report's pictures as one PNG image (the page script's shareImage),
// or downloads it where the browser cannot share files; a failure is said.
func (c *ReportScreen) onShareImage(ctx app.Context, e app.Event) {
	st := c.game.Game().State()
	title := st.Sides[0].Name + " – " + st.Sides[1].Name
	c.s.script().Call("shareImage", ".report-figure", "#report-luck h2, #report-luck h3, #report-luck p", title, "gnosis-report.png",
		settled(ctx, c.page, "The image could not be made: "))
}

// reported is the game a report tells: the game in progress (session.Play: open does
// nothing), or a kept game (*keptSource: open asks for it to be opened, once).
type reported interface {
	Game() anima.GameView
	open(ctx app.Context)
	told() *report.Report // the report told already (a kept game's, as it was opened), or nil
}

// inProgress is the game in progress as a report reads it.
type inProgress struct{ session.Play }

func (inProgress) open(app.Context)     {}
func (inProgress) told() *report.Report { return nil }
