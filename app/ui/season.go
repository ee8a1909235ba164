package ui

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// screenSeason is the club's season; screenSeasonPlayer + an index is a player's page.
const (
	screenSeason       = session.ScreenSeason
	screenSeasonPlayer = session.ScreenSeasonPlayer
)

// SeasonScreen is the club's season on the organiser's phone: its rule, the nights in it (the
// past nights kept, each left out or not, and event files added), its standings, its ratings
// with their deviation drawn as a range, shared as a CSV and printed on A4.
type SeasonScreen struct {
	app.Compo
	page
	season session.Season

	stepping int // the adding-up (Season.Run) whose steps are asked for
	drew     seasonDrawn
	kind     string // the rule's kind chosen in its form, not yet kept ("": the season's own)
}

// seasonDrawn is what the screen draws from a season added up, derived once a table (the
// standings as the link carries them, the players' pages, the ratings' lines, the link), and
// how many rows of each long list it draws, grown after each frame: a season of 100 nights and
// 67 players drawn whole in one task held the page 462 ms at 4× CPU.
type seasonDrawn struct {
	t       *season.Table
	view    season.View
	pages   []string
	guesses []bool // each standings' line's player joined by name alone (Player.Guess)
	ratings []ratingLine
	link    string

	nights  int    // the nights the season may count (Season.Nights), read once a drawing
	rows    [3]int // the nights, the standings, the ratings (seasonLists)
	ctx     app.Context
	mounted bool
	growing bool // a step is asked for
}

// OnMount observes the Session and keeps the screen's context, for its rows drawn a step at
// a time.
func (c *SeasonScreen) OnMount(ctx app.Context) {
	c.observe(ctx)
	c.drew.ctx, c.drew.mounted = ctx, true
	c.grow()
}

// OnDismount forgets it.
func (c *SeasonScreen) OnDismount() { c.drew.mounted = false }

// derive computes what the screen draws from t, once a table.
func (c *SeasonScreen) derive(t *season.Table) {
	if t == c.drew.t {
		return
	}
	c.drew = seasonDrawn{t: t, rows: c.drew.rows, ctx: c.drew.ctx, mounted: c.drew.mounted, growing: c.drew.growing}
	if t == nil {
		return
	}
	c.drew.view = t.View()
	c.drew.pages = make([]string, len(t.Standings))
	c.drew.guesses = make([]bool, len(t.Standings))
	for i, s := range t.Standings {
		c.drew.pages[i] = "#" + screenSeasonPlayer + strconv.Itoa(s.Player)
		c.drew.guesses[i] = t.Players[s.Player].Guess
	}
	for _, s := range t.ByRating() {
		c.drew.ratings = append(c.drew.ratings, ratingLine{fmt.Sprintf("season-rating-%d", s.Player), s.Name, s.Rating})
	}
	c.drew.link = c.drew.view.Link(c.s.base())
}

// firstRows are the rows of each long list the screen's first drawing draws: a screen's
// height. The three lists' first 32 rows each (rowsAStep) took 410 ms in one task at 4× CPU.
const firstRows = 8

// seasonLists are the rows of each long list, in the screen's order (seasonDrawn.rows).
func (c *SeasonScreen) seasonLists() [3]int {
	return [3]int{c.drew.nights, len(c.drew.view.Rows), len(c.drew.ratings)}
}

// grow draws, after the frame, rowsAStep rows more of the first list not drawn whole, until
// every one is; where nothing is painted (tests) every row at once.
func (c *SeasonScreen) grow() {
	if app.IsServer {
		c.drew.rows = [3]int{math.MaxInt32, math.MaxInt32, math.MaxInt32}
		return
	}
	if c.drew.rows == [3]int{} { // the first drawing: a screen's height of each list
		c.drew.rows = [3]int{firstRows, firstRows, firstRows}
	}
	if !c.drew.mounted || c.drew.growing || c.drawnWhole() {
		return
	}
	c.drew.growing = true
	afterPaint(c.drew.ctx, func(app.Context) {
		c.drew.growing = false
		for i, n := range c.seasonLists() {
			if c.drew.rows[i] < n {
				c.drew.rows[i] += rowsAStep
				return
			}
		}
	})
}

// drawnWhole reports whether every long list is drawn whole.
func (c *SeasonScreen) drawnWhole() bool {
	for i, n := range c.seasonLists() {
		if c.drew.rows[i] < n {
			return false
		}
	}
	return true
}

// Render draws the screen.
func (c *SeasonScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	t, err := c.season.Table()
	c.stepping = keepCounting(c.page, c.season, c.stepping)
	c.derive(t)
	ns := c.season.Nights()
	c.drew.nights = len(ns)
	c.grow()
	// Each part that comes and goes is inside a box that stays: go-app matches children by
	// their place, and a part appearing before the rule's form (the adding-up said) drew the
	// form anew, closed and its choices lost, and moved the nights under the player's finger.
	table := t != nil && len(t.Standings) > 0
	return app.Div().ID("season").Class("event").Body(
		app.Div().Body(app.If(c.season.Counting(), func() app.UI {
			return app.P().ID("season-counting").Class("muted small").Role("status").Aria("busy", "true").Text(c.t("Adding up the season…"))
		})),
		c.rule(t),
		c.nights(ns),
		app.Div().Body(app.If(err != nil, func() app.UI {
			return app.Section().ID("season-refused").Class("card").Body(app.P().Role("status").Text(c.settings.ErrText(err)))
		})),
		app.Div().Body(app.If(table, func() app.UI {
			return seasonStandings(c.page, "season-standings", c.drew.view, c.drew.pages, c.drew.guesses, c.drew.rows[1])
		})),
		app.Div().Body(app.If(table, func() app.UI {
			return ratingsSection(c.page, "season-ratings", c.drew.ratings, c.drew.rows[2])
		})),
		app.Div().Body(app.If(table, func() app.UI { return c.share() })),
		c.move(t),
	)
}

// move is the season's file: downloaded here to move the season to another phone, or another
// phone's opened here (a step at a time, said while it is read).
func (c *SeasonScreen) move(t *season.Table) app.UI {
	return app.Section().ID("season-move").Class("card").Body(
		app.H3().Text(c.t("The season's file")),
		app.P().Class("muted small").Text(c.t("Moving the season to another phone: download its file here and open it there, on the Season screen. Its rule, its nights and the joins by hand go with it; a phone with a season of its own keeps it and adds the nights it lacks.")),
		app.Div().Body(app.If(t != nil && len(t.Nights) > 0, func() app.UI {
			return app.Button().ID("season-file").Class("wide").Text(c.t("Download the season's file")).OnClick(c.onFile)
		})),
		app.Label().Class("button wide").Body(
			app.Span().Text(c.t("Open a season's file")),
			app.Input().ID("season-open-file").Type("file").Accept(".json,application/json").Class("hidden-file").
				OnChange(func(ctx app.Context, e app.Event) {
					readChosenBytesUpTo(ctx, c.settings.Lang(), season.MaxFileBytes, func(ctx app.Context, b []byte) { send(ctx, session.OpenSeasonFile{Data: b}) })
				}),
		),
		app.If(c.season.Opening(), func() app.UI {
			return app.P().ID("season-opening").Class("muted small").Role("status").Aria("busy", "true").Text(c.t("Opening the season's file…"))
		}),
	)
}

// onFile offers the season's file (made when tapped: a season's file may be megabytes).
func (c *SeasonScreen) onFile(ctx app.Context, e app.Event) {
	b, name, err := c.season.File()
	if err != nil {
		send(ctx, session.Notify{Text: c.t("The season's file could not be made: ") + c.settings.ErrText(err)})
		return
	}
	if b != nil {
		shareFile(ctx, c.page, name, "application/json", string(b))
	}
}

// keepCounting asks, after the frame, for the next step of the season being added up
// (SeasonStep: each step's outcome asks for the next), unless that adding-up's steps were
// asked for already (asked, its Season.Run); it returns the run whose steps are asked for. An
// adding-up begun anew as a step ends (the nights read after a reload) is asked for again.
func keepCounting(c page, v session.Season, asked int) int {
	if !v.Counting() {
		return 0
	}
	if asked == v.Run() {
		return asked
	}
	c.s.later(func(ctx app.Context) { send(ctx, session.SeasonStep{}) })
	return v.Run()
}

// seasonName is the season's name, "Season" in the player's language where it has none.
func seasonName(c page, s season.Setup) string {
	if s.Name != "" {
		return s.Name
	}
	return c.t("Season")
}

// rule is the season's name, game and rule (every night's points, or the best N nights: the
// N asked for only under the best nights' rule, as chosen in the form).
func (c *SeasonScreen) rule(t *season.Table) app.UI {
	s := c.season.Setup()
	games := []opt{{event.GameAnima, c.t(gameName(event.GameAnima))}, {event.GameDiskwars, c.t(gameName(event.GameDiskwars))}}
	rules := []opt{{"all", c.t("Every night's points")}, {"best", c.t("The best nights' points")}}
	rule, best := "all", s.Best
	if best > 0 {
		rule = "best"
	} else {
		best = 3
	}
	if c.kind != "" {
		rule = c.kind
	}
	line := c.t("No night in the season yet: end a club night on this phone, or add an event file.")
	switch {
	case t == nil && c.season.Counting(): // said above
		line = ""
	case t != nil && len(t.Nights) > 0:
		line = c.n(len(t.Nights), "%d night", "%d nights") + " · " + c.n(len(t.Players), "%d player", "%d players")
	}
	return app.Section().ID("season-head").Class("card print").Body(
		app.H2().ID("season-name").Text(seasonName(c.page, s)),
		app.P().ID("season-line").Class("muted").Text(line),
		app.Details().ID("season-rule").Body(
			app.Summary().Text(c.t("The season's rule")),
			app.Label().Class("field").Body(app.Span().Text(c.t("Name")),
				app.Input().ID("season-name-field").Type("text").MaxLength(event.MaxName).Value(s.Name)),
			selectField("season-game", c.t("Game: which game"), games, s.Game, func(ctx app.Context, e app.Event) {}),
			selectField("season-rule-kind", c.t("Standings by"), rules, rule, func(ctx app.Context, e app.Event) {
				c.kind = ctx.JSSrc().Get("value").String()
			}),
			app.Div().Body(app.If(rule == "best", func() app.UI { // under every night's points, no best N to give
				return app.Label().Class("field").Body(app.Span().Text(c.t("Nights counted when only the best count")),
					app.Input().ID("season-best").Type("number").Min(1).Max(season.MaxBest).Value(best))
			})),
			app.Label().Class("field").Body(app.Span().Text(c.t("Ratings' τ: how far a player's form may swing from night to night (0.2 to 1.2)")),
				app.Input().ID("season-tau").Type("number").Attr("step", "0.1").Attr("min", "0.2").Attr("max", "1.2").Value(c.decimalTau(s.Tau))),
			app.Button().ID("season-save-rule").Class("primary wide").Text(c.t("Keep the rule")).OnClick(c.onRule),
		),
	)
}

// onRule sends the rule as the fields say it.
func (c *SeasonScreen) onRule(ctx app.Context, e app.Event) {
	best := 0
	if fieldValue("season-rule-kind") == "best" {
		n, err := strconv.Atoi(fieldValue("season-best"))
		if err != nil || n < 1 {
			n = 1
		}
		best = n
	}
	tau, err := strconv.ParseFloat(strings.Replace(strings.TrimSpace(fieldValue("season-tau")), ",", ".", 1), 64)
	if err != nil {
		tau = c.season.Setup().Tau
	}
	if tau == season.Tau {
		tau = 0 // the default, kept as such
	}
	c.kind = "" // the form shows the season's rule again, as kept
	c.s.ask(ctx, session.SetSeason{Name: fieldValue("season-name-field"), Game: fieldValue("season-game"), Best: best, Tau: tau})
}

// decimalTau is the season's τ (0: season.Tau) as the field shows it.
func (c *SeasonScreen) decimalTau(tau float64) string {
	if tau == 0 {
		tau = season.Tau
	}
	return strconv.FormatFloat(tau, 'f', -1, 64)
}

// nights lists ns, the nights the season may count (Season.Nights): a past night ticked in or
// out, an added one with its removal; then the file input that adds one.
func (c *SeasonScreen) nights(ns []session.SeasonNight) app.UI {
	ns = ns[:min(len(ns), c.drew.rows[0])]
	broken := c.season.Broken()
	return app.Section().ID("season-nights").Class("card").Body(
		app.H3().Text(c.t("Nights in the season")),
		app.Ul().ID("season-nights-list").Class("list").Body(app.Range(ns).Slice(func(i int) app.UI {
			n := ns[i]
			line := n.Date + " · " + c.n(n.Players, "%d player", "%d players")
			if n.Added {
				line += " · " + c.t("added from a file")
				return app.Li().ID("season-night-"+n.Key).Class("row spread").Body(
					app.Div().Class("grow").Body(app.Strong().Text(n.Name), app.P().Class("muted small").Text(line)),
					app.Button().ID("season-remove-"+n.Key).Class("icon").Text("🗑").Aria("label", c.f("Take %s off the season", n.Name)).
						OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.RemoveSeasonFile{Key: n.Key}) }, app.EventScope(n.Key)),
				)
			}
			return app.Li().ID("season-night-" + n.Key).Class("row spread").Body(
				app.Div().Class("grow").Body(
					app.Label().Class("check").Body(
						app.Input().ID("season-in-"+n.Key).Type("checkbox").Checked(n.In).
							OnChange(func(ctx app.Context, e app.Event) {
								send(ctx, session.LeaveSeasonNight{Key: n.Key, Out: !ctx.JSSrc().Get("checked").Bool()})
							}, app.EventScope(n.Key)),
						app.Strong().Text(n.Name)),
					app.P().Class("muted small").Text(line)),
			)
		})),
		app.If(len(broken) > 0, func() app.UI {
			return app.P().ID("season-broken").Class("muted small").Role("status").Text(c.t("Left out, as their files cannot be read:") + " " + joinNames(broken))
		}),
		app.Label().Class("button wide").Body(
			app.Span().Text(c.t("Add an event file")),
			app.Input().ID("season-add-file").Type("file").Accept(".json,application/json").Class("hidden-file").
				OnChange(func(ctx app.Context, e app.Event) {
					readChosenBytesUpTo(ctx, c.settings.Lang(), event.MaxFileBytes, func(ctx app.Context, b []byte) { send(ctx, session.AddSeasonFile{Data: b}) })
				}),
		),
		app.P().Class("muted small").Text(c.t("A club night's event file from another phone or club adds its night to the season.")),
	)
}

// joinNames is names joined by commas.
func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// seasonStandings is a season's standings (v) as a section of ID id: the rule, then place,
// player (their record under the name; a tap opens pages[i] where given; "?" after a name
// joined by name alone, guesses[i]), points, nights, margin and rating, the first rows of them.
// Its columns fit a 360-pixel screen.
func seasonStandings(c page, id string, v season.View, pages []string, guesses []bool, rows int) app.UI {
	head := func(long, short string) app.UI {
		return app.Th().Scope("col").Title(c.t(long)).Body(app.Span().Class("long").Text(c.t(long)), app.Span().Class("short").Aria("hidden", "true").Text(c.t(short)))
	}
	rule := seasonRule(c, v.Best)
	return app.Section().ID(id).Class("card print").Body(
		app.H3().Text(c.t("Standings")),
		app.P().Class("muted small").Text(rule),
		app.Div().Class("records-scroll").Body(app.Table().Class("records-table standings-table").Body(
			app.THead().Body(app.Tr().Body(app.Th().Scope("col").Text("#"), app.Th().Scope("col").Text(c.t("Player")),
				head(pointsColumn[0], pointsColumn[1]), head("Nights", "Nts"), head("Margin", "Mgn"), head("Rating", "Rtg"))),
			app.TBody().Body(app.Range(v.Rows[:min(len(v.Rows), rows)]).Slice(func(i int) app.UI {
				r := v.Rows[i]
				var name app.UI = app.Span().Class("name").Text(r.Name)
				if i < len(pages) {
					name = app.A().Class("name").Href(pages[i]).Text(r.Name)
				}
				var guess app.UI = app.Text("")
				if i < len(guesses) && guesses[i] {
					guess = app.Span().Class("season-guess").Title(c.t("A guess, by name alone or one card under two names: open the player's page to split or keep them.")).Text(" ?")
				}
				return app.Tr().ID(fmt.Sprintf("%s-row-%d", id[:len(id)-len("-standings")], i+1)).Body(
					app.Td().Text(strconv.Itoa(i+1)),
					app.Th().Scope("row").Body(name, guess, app.Span().Class("record").Text(c.t("W-D-L")+" "+fmt.Sprintf("%d-%d-%d", r.Won, r.Drawn, r.Lost))),
					app.Td().Class("season-points").Text(strconv.Itoa(r.Points)),
					app.Td().Text(strconv.Itoa(r.Nights)),
					app.Td().Text(strconv.Itoa(r.Margin)),
					app.Td().Class("season-rating").Text(strconv.Itoa(r.Rating)),
				)
			})),
		)),
	)
}

// seasonRule is the season's rule in words: every night's points, or the best night's or N
// nights' (best).
func seasonRule(c page, best int) string {
	switch {
	case best == 1:
		return c.t("The best night's points")
	case best > 1:
		return c.f("The best %d nights' points", best)
	}
	return c.t("Every night's points")
}

// whole is x rounded to a whole number.
func whole(x float64) string { return strconv.FormatFloat(math.Round(x), 'f', 0, 64) }

// ratingLine is a line of the ratings: its element's ID, the player's name and rating.
type ratingLine struct {
	id, name string
	r        season.Rating
}

// ratingsSection is the ratings ls as a section of ID id: each with its range (rating ± 2
// deviations, where the player's strength lies at 95%) drawn as a bar on one scale, the first
// rows of them.
func ratingsSection(c page, id string, ls []ratingLine, rows int) app.UI {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range ls {
		lo, hi = math.Min(lo, l.r.R-2*l.r.RD), math.Max(hi, l.r.R+2*l.r.RD)
	}
	return app.Section().ID(id).Class("card print").Body(
		app.H3().Text(c.t("Ratings")),
		app.P().Class("muted small").Text(c.t("Glicko-2, a night a rating period: the bar is the rating ± twice its deviation, where the player's strength lies at 95%.")),
		app.Ul().Class("list").Body(app.Range(ls[:min(len(ls), rows)]).Slice(func(i int) app.UI {
			l := ls[i]
			return app.Li().ID(l.id).Class("season-rating-line").Body(
				app.Div().Class("row spread").Body(
					app.Strong().Class("grow").Text(l.name),
					app.Span().Class("season-rating-value").Text(c.f("%s ± %s", whole(l.r.R), whole(2*l.r.RD)))),
				ratingBar(l.r, lo, hi),
			)
		})),
	)
}

// ratingBar is a rating's range from R−2·RD to R+2·RD on the scale lo to hi, a mark at R.
func ratingBar(r season.Rating, lo, hi float64) app.UI {
	span := math.Max(hi-lo, 1)
	x := func(v float64) string { return f1((v - lo) / span * 100) }
	return svgElem("svg").Class("rating-bar").Attr("viewBox", "0 0 100 6").Attr("preserveAspectRatio", "none").Aria("hidden", "true").Body(
		svgElem("rect").Class("rating-track").Attr("x", "0").Attr("y", "2").Attr("width", "100").Attr("height", "2"),
		svgElem("rect").Class("rating-range").Attr("x", x(r.R-2*r.RD)).Attr("y", "1").Attr("width", f1(4*r.RD/span*100)).Attr("height", "4"),
		svgElem("rect").Class("rating-mark").Attr("x", x(r.R)).Attr("y", "0").Attr("width", "0.8").Attr("height", "6"),
	)
}

// share is the season's standings shared: as a CSV, printed on A4.
func (c *SeasonScreen) share() app.UI {
	return app.Section().ID("season-share").Class("card").Body(
		app.Button().ID("season-csv").Class("wide").Text(c.t("Download the standings (CSV)")).
			OnClick(func(ctx app.Context, e app.Event) {
				if b, name := c.season.CSV(seasonCSVHeader(c.page)); b != nil {
					shareFile(ctx, c.page, name, "text/csv", string(b))
				}
			}),
		app.A().ID("season-link").Class("button wide").Href(c.drew.link).Text(c.t("The season's standings as a link")),
		app.Button().ID("season-share-image").Class("wide").Text(c.t("Share the standings as an image")).
			OnClick(func(ctx app.Context, e app.Event) { c.shareImage(ctx) }),
		app.Button().ID("season-print").Class("wide").Text(c.t("Print the standings and ratings")).
			OnClick(func(ctx app.Context, e app.Event) { app.Window().Call("print") }),
	)
}

// seasonCSVHeader is season.CSVHeader in the player's language.
func seasonCSVHeader(c page) []string {
	out := make([]string, len(season.CSVHeader))
	for i, h := range season.CSVHeader {
		out[i] = c.t(h)
	}
	return out
}

// shareImage shares the season's standings as one PNG image: a line a player (seasonLine), made
// in Go, never drawn on the page.
func (c *SeasonScreen) shareImage(ctx app.Context) {
	t, err := c.season.Table()
	if err != nil || t == nil {
		return
	}
	lines := make([]any, len(t.Standings))
	for i, s := range t.Standings {
		lines[i] = seasonLine(c.page, s)
	}
	name := seasonName(c.page, t.Setup)
	c.s.script().Call("shareImage", ".season-figure", lines, name+" · "+c.t("Standings")+" · "+seasonRule(c.page, t.Setup.Best), c.season.FileName("png"),
		settled(ctx, c.page, "The image could not be made: "))
}

// seasonLine is a line of the season's standings as the image shared writes it: place, player,
// points, games won, drawn and lost, nights, and the rating with twice its deviation.
func seasonLine(c page, s season.Standing) string {
	return c.f("%d. %s: %d points (%d-%d-%d)", s.Place, s.Name, s.Points, s.Won, s.Drawn, s.Lost) + ", " +
		c.n(s.Nights, "%d night", "%d nights") + ", " + c.f("rating %s ± %s", whole(s.Rating.R), whole(2*s.Rating.RD))
}

// SeasonLinkScreen is a season's standings and ratings from the link the organiser shared
// (#season=…): read-only, on anyone's phone.
type SeasonLinkScreen struct {
	app.Compo
	page
	Link string // the fragment's payload, after season.LinkKey
}

// Render draws the screen.
func (c *SeasonLinkScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	v, err := season.ReadLink(season.LinkKey + c.Link)
	if err != nil {
		return linkRefused("season-view", "season-view-error", c.linkError(c.t("This season's link cannot be read: "), err))
	}
	rows := slices.Clone(v.Rows)
	slices.SortStableFunc(rows, func(a, b season.ViewRow) int { return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.RD, b.RD)) })
	ls := make([]ratingLine, len(rows))
	for i, r := range rows {
		ls[i] = ratingLine{fmt.Sprintf("season-view-rating-%d", i+1), r.Name, season.Rating{R: float64(r.Rating), RD: float64(r.RD)}}
	}
	return app.Div().ID("season-view").Class("event").Body(
		app.Section().Class("card print").Body(
			app.H2().ID("season-view-name").Text(seasonName(c.page, season.Setup{Name: v.Name})),
			app.P().Class("muted").Text(c.n(v.Nights, "%d night", "%d nights")+" · "+c.n(len(v.Rows), "%d player", "%d players")),
		),
		seasonStandings(c.page, "season-view-standings", v, nil, nil, len(v.Rows)),
		ratingsSection(c.page, "season-view-ratings", ls, len(ls)),
	)
}
