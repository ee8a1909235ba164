package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/tabletop"
	"gnosis/engine/text"
)

// terrainColors fill each kind of terrain on the sketch.
var terrainColors = map[string]string{
	"rough": "#8fae6b", "forest": "#3f7a3a", "high": "#6b6b73", "low": "#6c93b8", "wall": "#4a4350",
	"minor": "#b59a6a", "elevation": "#c9b48a", "open": "#dcd6c4",
}

// TableSketch is the sketch of the 120 x 120 cm table: models and terrain dragged with a
// finger, the selected model's zone of control, lines of sight and range, and what the
// geometry says of it; a tap on the empty table deselects. R-ZOC-1, R-TER-2, R-ATK-6. The
// selection and the drag are its own.
type TableSketch struct {
	app.Compo
	page
	play     session.Play
	selected string     // the model selected ("side/index")
	drag     fingerDrag // what the finger moves: "m"+ref or "t"+index
}

// Render draws the screen.
func (c *TableSketch) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	s := c.play.Game().State()
	t := c.play.GeomTable(s)
	var shapes []app.UI
	for i, tr := range t.Terrain {
		var pts []string
		for _, p := range tr.Polygon {
			pts = append(pts, f1(p.X)+","+f1(p.Y))
		}
		idx := i
		shapes = append(shapes, svgElem("polygon").Attr("points", strings.Join(pts, " ")).Attr("fill", terrainColors[string(tr.Kind)]).
			Attr("fill-opacity", "0.8").Attr("data-terrain", strconv.Itoa(i)).Class("terrain").
			Attr("role", "button").Attr("aria-label", c.t(terrainName(string(tr.Kind)))).
			On("pointerdown", func(ctx app.Context, e app.Event) { c.startDrag(ctx, e, "t"+strconv.Itoa(idx)) }, app.EventScope("t", idx)))
	}
	var sel *tabletop.Model
	if m, ok := t.Model(c.selected); ok {
		sel = &m
		ch, _ := s.Character(refOf(c.selected))
		shapes = append(shapes, svgElem("circle").Attr("cx", f1(m.Center.X)).Attr("cy", f1(m.Center.Y)).
			Attr("r", f1(float64(anima.ZoneOfControl)+m.Radius)).Class("zoc"))
		if ch.Influence > 0 { // an Arbiter's zone of influence (R-ARB-1)
			shapes = append(shapes, svgElem("circle").Attr("cx", f1(m.Center.X)).Attr("cy", f1(m.Center.Y)).
				Attr("r", f1(float64(ch.Influence)+m.Radius)).Class("influence"))
		}
		if ch.Range > 0 {
			for _, rr := range []float64{float64(ch.Range), float64(ch.Range) / 2} {
				shapes = append(shapes, svgElem("circle").Attr("cx", f1(m.Center.X)).Attr("cy", f1(m.Center.Y)).
					Attr("r", f1(rr+m.Radius)).Class("range"))
			}
		}
		for _, o := range t.Models {
			if o.Side == m.Side {
				continue
			}
			cls := "los"
			if !t.LineOfSight(m, o) {
				cls = "los blocked"
			}
			shapes = append(shapes, svgElem("line").Attr("x1", f1(m.Center.X)).Attr("y1", f1(m.Center.Y)).
				Attr("x2", f1(o.Center.X)).Attr("y2", f1(o.Center.Y)).Class(cls))
		}
	}
	var names []string
	for _, m := range t.Models {
		ch, _ := s.Character(refOf(m.ID))
		names = append(names, ch.Name)
	}
	labels := modelLabels(names)
	for k, m := range t.Models {
		r := refOf(m.ID)
		ch, _ := s.Character(r)
		id := m.ID
		cls := "model side-" + strconv.Itoa(m.Side)
		if id == c.selected {
			cls += " selected"
		}
		shapes = append(shapes,
			svgElem("circle").Attr("cx", f1(m.Center.X)).Attr("cy", f1(m.Center.Y)).Attr("r", f1(math.Max(m.Radius, shownRadius))).Class(cls),
			// A larger, invisible circle to grab: a base is a few millimetres on a phone.
			svgElem("circle").Attr("cx", f1(m.Center.X)).Attr("cy", f1(m.Center.Y)).Attr("r", f1(math.Max(m.Radius, grabRadius))).Class("grab").
				Attr("data-model", id).Attr("aria-label", ch.Name).Attr("role", "button").
				On("pointerdown", func(ctx app.Context, e app.Event) { c.selected = id; c.startDrag(ctx, e, "m"+id) }, app.EventScope("m", id)),
			modelLabel(m.Center, math.Max(m.Radius, shownRadius), labels[k]),
		)
	}
	side := strconv.FormatFloat(tabletop.SketchSize, 'f', -1, 64)
	svg := svgElem("svg").ID("table-svg").Attr("viewBox", "0 0 "+side+" "+side).Attr("role", "img").Attr("aria-label", c.t("The table, 120 by 120 cm")).
		On("pointermove", c.onDragMove).On("pointerup", c.endDrag).On("pointercancel", c.endDrag).
		Body(append([]app.UI{svgElem("rect").Attr("width", side).Attr("height", side).Class("felt").
			On("pointerdown", func(ctx app.Context, e app.Event) { c.selected = "" })}, shapes...)...)
	kinds := []string{"rough", "forest", "high", "low", "wall", "minor", "elevation"}
	return app.Div().Class("table-view").Body(
		app.Button().Class("wide").Text(c.t("Back to the game")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ReturnTo{To: screenGame}) }),
		app.Div().Class("table-frame").Body(svg),
		app.Div().Class("row").Body(
			app.Select().ID("add-terrain").Class("grow").Aria("label", c.t("Add terrain")).
				OnChange(func(ctx app.Context, e app.Event) {
					kind := chosen(ctx)
					ctx.JSSrc().Set("value", none)
					if kind == "" {
						return
					}
					c.editLayout(ctx, true, func(l *tabletop.Layout) {
						l.Terrain = append(l.Terrain, tabletop.Piece{Kind: kind, Level: 1,
							Polygon: [][2]float64{{51, 51}, {69, 51}, {69, 69}, {51, 69}}})
					})
				}).Body(
				optionOf("").Selected(true).Text("+ "+c.t("Terrain")),
				app.Range(kinds).Slice(func(i int) app.UI { return optionOf(kinds[i]).Text(c.t(terrainName(kinds[i]))) }),
			),
			app.Button().ID("clear-terrain").Text(c.t("Clear terrain")).Disabled(len(c.play.Layout().Terrain) == 0).
				OnClick(func(ctx app.Context, e app.Event) {
					c.editLayout(ctx, true, func(l *tabletop.Layout) { l.Terrain = nil })
				}),
		),
		app.If(sel != nil, func() app.UI { return c.tableFacts(s, t, *sel) }).
			Else(func() app.UI {
				return app.P().Class("muted small").Text(c.t("Tap a model to see its zone of control (an Arbiter's zone of influence too), its lines of sight and its range; drag to move it."))
			}),
	)
}

// On a phone the table's 120 cm are 340 to 370 px wide (2.8 to 3.1 px a centimetre).
const (
	shownRadius = 2.4 // cm: a model is drawn at least this wide, to be seen; the geometry keeps its base
	grabRadius  = 8.8 // cm: the circle a finger grabs, 48 px across or more
)

func terrainName(kind string) string {
	return map[string]string{"rough": "Rough terrain", "forest": "Forest", "high": "High impassable", "low": "Low impassable",
		"wall": "Wall", "minor": "Minor obstacle", "elevation": "Elevation"}[kind]
}

// labelCm is the height of a model's label on the sketch (web/gnosis.css, #table-svg .label).
const labelCm = 3.4

// modelLabel is a model's label over its base, or under it near the table's top edge, and
// never past the table's sides: a model dragged to an edge keeps its label in view.
func modelLabel(c r2.Point, radius float64, label string) app.UI {
	y := c.Y - radius - 0.8
	if y < labelCm {
		y = c.Y + radius + labelCm
	}
	x := min(max(c.X, labelCm), tabletop.SketchSize-labelCm)
	return svgElem("text").Attr("x", f1(x)).Attr("y", f1(y)).Class("label").Text(label)
}

// modelLabels are the models' labels on the sketch, one per name, in order: the initials
// ("HA" for High Arbiter Arkeid), or where two would read the same, the first letters of the
// name, with a number where even those are shared.
func modelLabels(names []string) []string {
	labels := make([]string, len(names))
	count := map[string]int{}
	for i, n := range names {
		labels[i] = initials(n)
		count[labels[i]]++
	}
	for i, n := range names {
		if count[initials(n)] > 1 {
			labels[i] = firstLetters(n, 3)
		}
	}
	seen := map[string]int{}
	count = map[string]int{}
	for _, l := range labels {
		count[l]++
	}
	for i, l := range labels {
		if count[l] > 1 {
			seen[l]++
			labels[i] = l + strconv.Itoa(seen[l])
		}
	}
	return labels
}

// firstLetters is the first n letters of name, spaces left out.
func firstLetters(name string, n int) string {
	var out []rune
	for _, r := range strings.ReplaceAll(name, " ", "") {
		if len(out) == n {
			break
		}
		out = append(out, r)
	}
	return string(out)
}

func initials(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		out = append(out, []rune(w)[0])
		if len(out) == 2 {
			break
		}
	}
	return string(out)
}

// tableFacts lists, for the selected model, each enemy's gap and whether it is seen, in the
// zone of control and in cover; for an Arbiter, who stands in its zone of influence (R-ARB-1).
func (c *TableSketch) tableFacts(s anima.State, t tabletop.Table, m tabletop.Model) app.UI {
	ch, _ := s.Character(refOf(m.ID))
	var rows []app.UI
	for _, o := range t.Models {
		if o.Side == m.Side {
			continue
		}
		oc, _ := s.Character(refOf(o.ID))
		var facts []string
		facts = append(facts, text.F(c.settings.Lang(), "%s cm", text.Decimal{V: tabletop.Gap(m, o), Prec: 1}))
		facts = append(facts, map[bool]string{true: c.t("in sight"), false: c.t("out of sight")}[t.LineOfSight(m, o)])
		if t.InZoneOfControl(m, o) {
			facts = append(facts, c.t("in the zone of control"))
		}
		if t.Cover(m, o) {
			facts = append(facts, c.t("in cover"))
		}
		if ch.Range > 0 {
			in, long := tabletop.InRange(m, o, float64(ch.Range))
			switch {
			case in && long:
				facts = append(facts, c.t("long range"))
			case in:
				facts = append(facts, c.t("in range"))
			default:
				facts = append(facts, c.t("out of range"))
			}
		}
		rows = append(rows, app.Li().DataSet("model", o.ID).Body(app.Strong().Text(oc.Name+": "), app.Text(strings.Join(facts, " · "))))
	}
	var influenced []string
	if ch.Influence > 0 {
		for _, o := range t.Models {
			if o.ID != m.ID && t.InZoneOfInfluence(m, o, float64(ch.Influence)) {
				oc, _ := s.Character(refOf(o.ID))
				influenced = append(influenced, oc.Name)
			}
		}
	}
	return app.Section().ID("table-facts").Class("card").Body(
		app.H2().Text(ch.Name),
		app.Ul().Class("plain").Body(rows...),
		app.If(ch.Influence > 0, func() app.UI {
			list := strings.Join(influenced, ", ")
			if len(influenced) == 0 {
				list = c.t("nobody")
			}
			return app.P().ID("influence-facts").Body(
				app.Strong().Text(text.F(c.settings.Lang(), "Zone of influence (%s cm): ", decimal(ch.Influence))), app.Text(list))
		}),
	)
}

// startDrag starts moving a model ("m"+ref) or a terrain piece ("t"+index) with the finger.
func (c *TableSketch) startDrag(ctx app.Context, e app.Event, what string) { c.drag.start(e, what) }

func (c *TableSketch) onDragMove(ctx app.Context, e app.Event) {
	dx, dy, ok := c.drag.step(ctx, e)
	if !ok {
		return
	}
	dragging := c.drag.what
	count := 0
	if strings.HasPrefix(dragging, "m") {
		r := refOf(strings.TrimPrefix(dragging, "m"))
		count = len(c.play.Game().State().Sides[r.Side].Characters)
	}
	c.editLayout(ctx, false, func(l *tabletop.Layout) { moveOnSketch(l, dragging, dx, dy, count) })
}

// editLayout makes an edit on a copy of the sketch and sends it to the Session, which keeps
// it (and saves it unless a finger is still dragging).
func (c *TableSketch) editLayout(ctx app.Context, save bool, edit func(*tabletop.Layout)) {
	l := c.play.Layout()
	edit(&l)
	c.s.ask(ctx, session.SaveLayout{Layout: l, Save: save})
}

// moveOnSketch moves a model ("m"+ref, count characters on its side) or a terrain piece
// ("t"+index) by dx, dy centimetres, kept on the table.
func moveOnSketch(l *tabletop.Layout, what string, dx, dy float64, count int) {
	clamp := func(v float64) float64 { return math.Max(0, math.Min(tabletop.SketchSize, v)) }
	switch {
	case strings.HasPrefix(what, "m"):
		ref := strings.TrimPrefix(what, "m")
		cur := tabletop.DefaultPosition(refOf(ref), count)
		if p, ok := l.Positions[ref]; ok {
			cur = r2.Point{X: p[0], Y: p[1]}
		}
		l.Positions[ref] = [2]float64{clamp(cur.X + dx), clamp(cur.Y + dy)}
	case strings.HasPrefix(what, "t"):
		i, _ := strconv.Atoi(strings.TrimPrefix(what, "t"))
		if i >= 0 && i < len(l.Terrain) {
			for j, xy := range l.Terrain[i].Polygon {
				l.Terrain[i].Polygon[j] = [2]float64{clamp(xy[0] + dx), clamp(xy[1] + dy)}
			}
		}
	}
}

func (c *TableSketch) endDrag(ctx app.Context, e app.Event) {
	if c.drag.what != "" {
		c.drag.what = ""
		c.editLayout(ctx, true, func(*tabletop.Layout) {})
	}
}
