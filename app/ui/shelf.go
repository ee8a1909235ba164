package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/report"
	"gnosis/engine/shelf"
	"gnosis/engine/text"
)

// ShelfScreen is every kept game (session.Shelf): the games, newest first, searched by party or
// opponent and filtered by game and result, each opened by a tap (KeptScreen); a game file
// added, the list taken out as CSV, a deletion undone; and the records across the games
// chosen: by party (its versions apart), by opponent, by character, the win rate and the luck
// over time drawn, and the season's luck against the exact odds, shared as text or an image.
type ShelfScreen struct {
	app.Compo
	page
	shelf session.Shelf

	query   session.Query
	records bool // the records show, not the games
	shown   int  // how many games the list shows (shelfPage more at each "Show more")

	season    []shelf.SeasonLuck // measured after the frame that shows the records (measure)
	seasonFor string             // the query and shelf it was measured for
	measuring bool
	ctx       app.Context // the screen's own, from its mount: a season measured redraws the screen
	mounted   bool        // ctx is set
}

// OnMount observes the Session and keeps the screen's context.
func (c *ShelfScreen) OnMount(ctx app.Context) {
	c.observe(ctx)
	c.ctx, c.mounted = ctx, true
}

// shelfPage is how many games the list shows at first, and more at each "Show more": a
// thousand kept games are not drawn at once.
const shelfPage = 15

// Render draws the screen.
func (c *ShelfScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	if c.shown == 0 {
		c.shown = shelfPage
	}
	return app.Div().ID("shelf").Class("shelf").Body(
		c.undoBar(),
		app.If(c.shelf.Reading(), func() app.UI { // a long game file is read a step at a time: said while it is
			return app.P().ID("shelf-reading").Class("card muted").Role("status").Aria("busy", "true").Text(c.t("Reading the game file…"))
		}),
		c.filters(),
		app.Div().Class("row segmented shelf-tabs").Body(
			app.Button().ID("shelf-tab-games").Aria("pressed", strconv.FormatBool(!c.records)).Text(c.t("Games")).
				OnClick(func(ctx app.Context, e app.Event) { c.records = false }),
			app.Button().ID("shelf-tab-records").Aria("pressed", strconv.FormatBool(c.records)).Text(c.t("Records")).
				OnClick(func(ctx app.Context, e app.Event) { c.records = true }),
		),
		app.If(!c.records, c.gamesView).Else(c.recordsView),
	)
}

// undoBar offers to put back the game deleted last.
func (c *ShelfScreen) undoBar() app.UI {
	name, ok := c.shelf.Deleted()
	if !ok {
		return app.Div().ID("shelf-undo").Hidden(true)
	}
	return app.Div().ID("shelf-undo").Class("card row spread").Role("status").Body(
		app.Span().Class("grow small").Text(fmt.Sprintf(c.t("Deleted: %s"), name)),
		app.Button().ID("shelf-undo-delete").Text(c.t("Undo")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.UndoDeleteKept{}) }),
	)
}

// filters are the search and the choices of game and result.
func (c *ShelfScreen) filters() app.UI {
	kinds := []struct{ value, label string }{{"", c.t("Both games")}, {shelf.Anima, "Anima Tactics"}, {shelf.Diskwars, "Diskwars"}}
	results := []struct {
		value shelf.Result
		label string
	}{{"", c.t("Any result")}, {shelf.Won, c.t("Won")}, {shelf.Lost, c.t("Lost")}, {shelf.Drawn, c.t("Drawn")}, {shelf.Left, c.t("Unfinished")}}
	return app.Section().Class("card shelf-filters").Body(
		app.Input().ID("shelf-search").Type("search").Placeholder(c.t("Search a party or an opponent")).Aria("label", c.t("Search a party or an opponent")).
			Value(c.query.Text).OnInput(func(ctx app.Context, e app.Event) {
			c.query.Text, c.shown = ctx.JSSrc().Get("value").String(), shelfPage
		}),
		app.Div().Class("row pair").Body(
			app.Select().ID("shelf-kind").Aria("label", c.t("Game: which game")).OnChange(func(ctx app.Context, e app.Event) { c.query.Kind, c.shown = chosen(ctx), shelfPage }).Body(
				app.Range(kinds).Slice(func(i int) app.UI {
					return optionOf(kinds[i].value).Selected(kinds[i].value == c.query.Kind).Text(kinds[i].label)
				})),
			app.Select().ID("shelf-result").Aria("label", c.t("Result")).OnChange(func(ctx app.Context, e app.Event) {
				c.query.Result, c.shown = shelf.Result(chosen(ctx)), shelfPage
			}).Body(
				app.Range(results).Slice(func(i int) app.UI {
					return optionOf(string(results[i].value)).Selected(results[i].value == c.query.Result).Text(results[i].label)
				})),
		),
	)
}

// gamesView is the list of the games chosen, newest first, and what comes in and goes out.
func (c *ShelfScreen) gamesView() app.UI {
	listed, total := c.shelf.Page(c.query, c.shown)
	return app.Div().Body(
		app.If(c.shelf.Len() == 0, func() app.UI {
			return app.P().ID("shelf-empty").Class("card muted").Text(c.t("No game kept yet. Every game goes on the shelf when the next one starts, or when it ends."))
		}),
		app.If(c.shelf.Len() > 0 && total == 0, func() app.UI {
			return app.P().ID("shelf-none").Class("card muted").Text(c.t("No kept game is like that."))
		}),
		app.Ul().ID("shelf-list").Class("shelf-list").Body(app.Range(listed).Slice(func(i int) app.UI { return c.item(listed[i]) })),
		app.If(len(listed) < total, func() app.UI {
			return app.Button().ID("shelf-more").Class("wide").Text(fmt.Sprintf(c.t("Show more (%d of %d)"), len(listed), total)).
				OnClick(func(ctx app.Context, e app.Event) { c.shown += shelfPage })
		}),
		app.Section().Class("card").Body(
			app.Label().Class("button wide").Body(
				app.Span().Text(c.t("Add a game file")),
				app.Input().ID("add-game-file").Type("file").Accept(".json,application/json").Class("hidden-file").OnChange(c.onAddFile),
			),
			app.Button().ID("shelf-csv").Class("wide").Text(c.t("Download as CSV")).Disabled(total == 0).OnClick(c.onCSV),
			app.If(c.shelf.PlayedAny(), func() app.UI {
				return app.Button().ID("shelf-nights").Class("wide").Text(c.t("Your club nights")).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenPlayed}) })
			}),
		),
	)
}

// item is a kept game in the list: its sides, result and when; a tap opens it.
func (c *ShelfScreen) item(g shelf.Game) app.UI {
	id := g.ID
	res := g.Result()
	return app.Li().Class("kept-item").Body(
		app.Button().Class("kept-open wide").Attr("data-id", id).Aria("label", fmt.Sprintf(c.t("Open %s"), g.Sides[0].Name+" – "+g.Sides[1].Name)).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.OpenKept{ID: id}) }, app.EventScope(id)).Body(
			app.Span().Class("row spread").Body(
				app.Strong().Class("grow").Text(g.Sides[g.Mine&1].Name+" – "+versus(g)),
				app.Span().Class("badge result-"+string(res)).Text(c.t(resultWords[res])),
			),
			app.Span().Class("muted small").Text(gameLine(c.page, g)),
		),
	)
}

// versus is who the player played: the opponent's side, and their name where it was given.
func versus(g shelf.Game) string {
	o := g.Sides[1-g.Mine&1]
	if o.Player != "" {
		return o.Name + " (" + o.Player + ")"
	}
	return o.Name
}

func (c *ShelfScreen) onAddFile(ctx app.Context, e app.Event) {
	readChosenBytes(ctx, c.settings.Lang(), func(ctx app.Context, b []byte) { send(ctx, session.AddGameFile{Data: b}) })
}

// onCSV takes the games chosen out as a CSV file, one row a game.
func (c *ShelfScreen) onCSV(ctx app.Context, e app.Event) {
	shareFile(ctx, c.page, "gnosis-games.csv", "text/csv", string(c.shelf.CSV(c.query)))
}

// recordsView is the records of the games chosen, their pictures and the season's luck.
func (c *ShelfScreen) recordsView() app.UI {
	r := c.shelf.Records(c.query)
	key := fmt.Sprintf("%+v/%d/%v", c.query, c.shelf.Len(), c.shelf.LuckRead())
	if c.seasonFor != key && !c.measuring && c.mounted {
		c.s.later(func(app.Context) { c.measure(c.ctx, key) })
	}
	if r.All.Played == 0 {
		return app.P().ID("records-none").Class("card muted").Text(c.t("No kept game is like that."))
	}
	lines := c.recordLines(r)
	return app.Div().ID("records").Body(
		app.Section().ID("records-all").Class("card").Body(
			app.H2().Text(c.t("Records")),
			app.Range(lines).Slice(func(i int) app.UI { return app.P().Text(lines[i]) }),
		),
		c.winRateFigure(r),
		c.table("records-parties", c.t("By party"), []string{c.t("Party"), c.t("Played"), c.t("Won"), c.t("Lost"), c.t("Drawn")}, partyRows(c.page, r)),
		c.table("records-opponents", c.t("By opponent"), []string{c.t("Opponent"), c.t("Played"), c.t("Won"), c.t("Lost"), c.t("Drawn")}, opponentRows(r)),
		c.table("records-characters", c.t("By character"), []string{c.t("Character"), c.t("Games"), c.t("Kills"), c.t("LP dealt"), c.t("LP taken"), c.t("Out of play"), c.t("Points")}, characterRows(r)),
		c.seasonView(),
		app.Div().Class("row pair").Body(
			app.Button().ID("share-records").Class("primary wide").Text(c.t("Share the records")).OnClick(c.onShare),
			app.Button().ID("share-records-image").Class("wide").Text(c.t("Share as an image")).OnClick(c.onShareImage),
		),
	)
}

// measure reads the lucks (once) and measures the season's, after the frame that shows the
// records: a thousand games take a moment.
func (c *ShelfScreen) measure(ctx app.Context, key string) {
	if c.measuring {
		return
	}
	c.measuring = true
	afterPaint(ctx, func(ctx app.Context) {
		if !c.shelf.LuckRead() {
			send(ctx, session.ReadLuck{})
			c.measuring = false // measured at the redraw the lucks bring
			return
		}
		c.season, c.seasonFor, c.measuring = c.shelf.Season(c.query), key, false
	})
}

// recordLines are the records in all: games by result, the win rate.
func (c *ShelfScreen) recordLines(r shelf.Records) []string {
	t := r.All
	return []string{
		fmt.Sprintf(c.t("Played %d: won %d, lost %d, drawn %d, left %d"), t.Played, t.Won, t.Lost, t.Drawn, t.Left),
		c.f("Win rate %d%% of the games played to their end", int(math.Round(100*t.WinRate()))),
	}
}

// table is a card with a table of records.
func (c *ShelfScreen) table(id, title string, head []string, rows [][]string) app.UI {
	return app.Section().ID(id).Class("card").Body(
		app.H2().Text(title),
		app.Div().Class("records-scroll").Body(app.Table().Class("records-table").Body(
			app.THead().Body(app.Tr().Body(app.Range(head).Slice(func(i int) app.UI { return app.Th().Scope("col").Text(head[i]) }))),
			app.TBody().Body(app.Range(rows).Slice(func(i int) app.UI {
				row := rows[i]
				return app.Tr().Body(app.Range(row).Slice(func(j int) app.UI {
					if j == 0 {
						return app.Th().Scope("row").Text(row[j])
					}
					return app.Td().Text(row[j])
				}))
			})),
		)),
	)
}

// tallyCells are a tally's played, won, lost and drawn.
func tallyCells(t shelf.Tally) []string {
	return []string{strconv.Itoa(t.Played), strconv.Itoa(t.Won), strconv.Itoa(t.Lost), strconv.Itoa(t.Drawn)}
}

// partyRows are a row a party, and one a version where it has more than one.
func partyRows(c page, r shelf.Records) [][]string {
	var rows [][]string
	for _, p := range r.Parties {
		rows = append(rows, append([]string{p.Name}, tallyCells(p.Tally)...))
		if len(p.Versions) > 1 {
			for i, v := range p.Versions {
				name := fmt.Sprintf(c.t("version %d, from %s"), i+1, time.UnixMilli(v.First).Format("2006-01-02"))
				rows = append(rows, append([]string{"· " + name}, tallyCells(v.Tally)...))
			}
		}
	}
	return rows
}

func opponentRows(r shelf.Records) [][]string {
	var rows [][]string
	for _, o := range r.Opponents {
		rows = append(rows, append([]string{o.Name}, tallyCells(o.Tally)...))
	}
	return rows
}

func characterRows(r shelf.Records) [][]string {
	var rows [][]string
	for _, ch := range r.Characters {
		rows = append(rows, []string{ch.Name, strconv.Itoa(ch.Games), strconv.Itoa(ch.Kills), strconv.Itoa(ch.Dealt), strconv.Itoa(ch.Taken), strconv.Itoa(ch.Out), strconv.Itoa(ch.Points)})
	}
	return rows
}

// lineFigure draws values (one a game, in the order played) as a line from the first to the
// last, between low and high, with a line at zero where it falls between; the picture's name is
// words.
func lineFigure(c page, id, title string, values []float64, low, high float64, words []string, label func(float64) string) app.UI {
	const w, h, pad = 320.0, 140.0, 24.0
	if high <= low {
		high = low + 1
	}
	x := func(i int) float64 {
		if len(values) < 2 {
			return w / 2
		}
		return pad + float64(i)*(w-2*pad)/float64(len(values)-1)
	}
	y := func(v float64) float64 { return h - pad - (v-low)*(h-2*pad)/(high-low) }
	shapes := []app.UI{svgElem("line").Attr("x1", f1(pad)).Attr("y1", f1(h-pad)).Attr("x2", f1(w-pad)).Attr("y2", f1(h-pad)).Class("axis")}
	if low < 0 && high > 0 {
		shapes = append(shapes, svgElem("line").Attr("x1", f1(pad)).Attr("y1", f1(y(0))).Attr("x2", f1(w-pad)).Attr("y2", f1(y(0))).Class("axis"))
	}
	var pts []string
	for i, v := range values {
		pts = append(pts, f1(x(i))+","+f1(y(v)))
	}
	if len(values) > 0 {
		last := values[len(values)-1]
		shapes = append(shapes, svgElem("polyline").Attr("points", strings.Join(pts, " ")).Class("series").Style("stroke", "var(--accent)"),
			svgElem("text").Attr("x", f1(x(len(values)-1)-4)).Attr("y", f1(y(last)-6)).Attr("text-anchor", "end").Class("tick").Text(label(last)),
			svgElem("text").Attr("x", f1(pad)).Attr("y", f1(h-6)).Class("tick").Text("1"),
			svgElem("text").Attr("x", f1(w-pad)).Attr("y", f1(h-6)).Attr("text-anchor", "end").Class("tick").Text(strconv.Itoa(len(values))))
	}
	return app.Section().ID(id).Class("card report-figure shelf-figure").Body(
		app.H2().Text(title),
		svgElem("svg").Attr("viewBox", fmt.Sprintf("0 0 %g %g", w, h)).Attr("role", "img").Aria("label", strings.Join(words, ". ")).Body(shapes...),
	)
}

// winRateFigure draws the win rate after each game, in the order played.
func (c *ShelfScreen) winRateFigure(r shelf.Records) app.UI {
	var values []float64
	for _, p := range r.WinRate {
		values = append(values, 100*p.Rate)
	}
	pct := func(v float64) string { return strconv.Itoa(int(math.Round(v))) + "%" }
	var words []string
	if n := len(values); n > 0 {
		words = append(words, fmt.Sprintf(c.t("Win rate over %d games: %s after the first, %s after the last"), n, pct(values[0]), pct(values[n-1])))
	}
	return lineFigure(c.page, "records-win-rate", c.t("Win rate over time"), values, 0, 100, words, pct)
}

// seasonView is the season's luck, a card a game (Anima Tactics, Diskwars), once measured.
func (c *ShelfScreen) seasonView() app.UI {
	if c.season == nil {
		return app.Section().ID("season-wait").Class("card").Aria("busy", "true").Body(
			app.H2().Text(c.t("Luck over the games")),
			app.P().Class("muted").Role("status").Text(c.t("Measuring the luck of every exchange…")),
		)
	}
	return app.Div().ID("season").Body(app.Range(c.season).Slice(func(i int) app.UI {
		s := c.season[i]
		lines := c.seasonLines(s)
		return app.Div().Body(
			c.trendFigure(s),
			app.Section().ID("season-"+s.Kind).Class("card season-luck").Body(
				app.H2().Text(fmt.Sprintf(c.t("%s: luck over %d games"), kindName(s.Kind), s.Season.Sides[0].Games)),
				app.Range(lines).Slice(func(j int) app.UI {
					if head, ok := strings.CutSuffix(lines[j], ":"); ok {
						return app.H3().Text(head)
					}
					return app.P().Class("small").Text(lines[j])
				}),
			),
		)
	}))
}

// kindName is a game's name.
func kindName(kind string) string {
	if kind == shelf.Diskwars {
		return "Diskwars"
	}
	return "Anima Tactics"
}

// trendFigure draws the player's LP taken less the expected, after each game.
func (c *ShelfScreen) trendFigure(s shelf.SeasonLuck) app.UI {
	var values []float64
	low, high := 0.0, 0.0
	for _, p := range s.Trend {
		values = append(values, p.Ahead)
		low, high = math.Min(low, p.Ahead), math.Max(high, p.Ahead)
	}
	lang := c.settings.Lang()
	dec := func(v float64) string { return text.Decimal{V: v, Prec: 1}.In(lang) }
	var words []string
	if n := len(values); n > 0 {
		words = append(words, fmt.Sprintf(c.t("Your attacks' LP against the expected over %d games: %s after the first, %s after the last"), n, dec(values[0]), dec(values[n-1])))
	}
	return lineFigure(c.page, "season-trend-"+s.Kind, fmt.Sprintf(c.t("%s: your luck over time"), kindName(s.Kind)), values, low, high, words, dec)
}

// seasonLines are the season's luck in words: the player's, then their opponents'.
func (c *ShelfScreen) seasonLines(s shelf.SeasonLuck) []string {
	lang := c.settings.Lang()
	dec := func(v float64) string { return text.Decimal{V: v, Prec: 1}.In(lang) }
	pct := func(v float64) int { return int(math.Round(100 * v)) }
	lp := "LP taken %d, expected %s"
	if s.Kind == shelf.Diskwars {
		lp = "Damage %d, expected %s"
	}
	var lines []string
	for who, head := range []string{c.t("You") + ":", c.t("Your opponents") + ":"} {
		sd := s.Season.Sides[who]
		lines = append(lines, head)
		if sd.Attacks-sd.Left+sd.Checks-sd.ChecksLeft == 0 {
			lines = append(lines, c.t("No exchange measured yet"))
			continue
		}
		lines = append(lines,
			fmt.Sprintf(c.t("Hits %d, expected %s"), sd.Hits, dec(sd.ExpectedHits)),
			fmt.Sprintf(c.t(lp), sd.LP, dec(sd.ExpectedLP)),
			c.f("Luckier than %d%% of seasons with these odds (%d%% to do as well)", pct(sd.Percentile), pct(sd.AtLeast)))
		if sd.Checks > sd.ChecksLeft {
			lines = append(lines, c.f("Checks passed %d, expected %s: luckier than %d%%", sd.Passed, dec(sd.ExpectedPassed), pct(sd.ChecksPercentile)))
		}
		lists := []struct {
			head string
			xs   []report.Moment
		}{{"Luckiest", sd.Luckiest}, {"Unluckiest", sd.Unluckiest}}
		if sd.Attacks-sd.Left+sd.Checks-sd.ChecksLeft <= len(sd.Luckiest) { // three or fewer: each once, the luckiest first
			lists = lists[:1]
			lists[0].head = "Exchanges"
		}
		for _, l := range lists {
			if len(l.xs) == 0 {
				continue
			}
			lines = append(lines, c.t(l.head)+" ("+head[:len(head)-1]+"):")
			for _, m := range l.xs {
				lines = append(lines, "• "+c.moment(s.Kind, m))
			}
		}
	}
	return lines
}

// moment says a kept exchange: who, what, on whom, in which game and turn, its chance.
func (c *ShelfScreen) moment(kind string, m report.Moment) string {
	lang := c.settings.Lang()
	pct := int(math.Round(100 * m.AtLeast))
	game := c.t("a game deleted")
	if g, ok := c.game(m.Game); ok {
		// its day and time, as the shelf lists it: two games of a day between the same parties differ
		game = time.UnixMilli(g.Kept).Format("2006-01-02 15:04") + " " + g.Sides[0].Name + " – " + g.Sides[1].Name
	}
	switch {
	case kind == shelf.Diskwars:
		return c.f("%s's shot at %s (%s, round %d): %d%% to do this much", m.Attacker, m.Target, game, m.Turn, pct)
	case m.Check != "":
		return c.f("%s's %s check (%s, turn %d): %d%% to do this well", m.Attacker, anima.CheckKind(m.Check).In(lang), game, m.Turn, pct)
	}
	return c.f("%s's %s on %s (%s, turn %d): %d%% to do this much", m.Attacker, anima.Reason(m.Action).In(lang), m.Target, game, m.Turn, pct)
}

// game is the kept game id's card.
func (c *ShelfScreen) game(id string) (shelf.Game, bool) { return c.shelf.Card(id) }

// recordsText is the records in plain text, in the player's language.
func (c *ShelfScreen) recordsText() string {
	r := c.shelf.Records(c.query)
	var b strings.Builder
	b.WriteString("Gnosis: " + c.t("Records") + "\n")
	for _, l := range c.recordLines(r) {
		b.WriteString(l + "\n")
	}
	for _, sec := range []struct {
		title string
		rows  [][]string
	}{{c.t("By party"), partyRows(c.page, r)}, {c.t("By opponent"), opponentRows(r)}} {
		b.WriteString("\n" + sec.title + "\n")
		for _, row := range sec.rows {
			b.WriteString(fmt.Sprintf("- "+c.t("%s: played %s, won %s, lost %s, drawn %s"), row[0], row[1], row[2], row[3], row[4]) + "\n")
		}
	}
	for _, s := range c.season {
		b.WriteString("\n" + fmt.Sprintf(c.t("%s: luck over %d games"), kindName(s.Kind), s.Season.Sides[0].Games) + "\n")
		for _, l := range c.seasonLines(s) {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// onShare shares the records as text with the system's share sheet, or copies them.
func (c *ShelfScreen) onShare(ctx app.Context, e app.Event) {
	c.shareText(ctx, c.recordsText(), c.t("The records are copied: paste them in a message."))
}

// onShareImage shares the records' pictures and the season's luck as one PNG image.
func (c *ShelfScreen) onShareImage(ctx app.Context, e app.Event) {
	done := settled(ctx, c.page, "The image could not be made: ")
	c.s.script().Call("shareImage", ".shelf-figure", "#records-all h2, #records-all p, .season-luck h2, .season-luck h3, .season-luck p", "Gnosis: "+c.t("Records"), "gnosis-records.png", done)
}
