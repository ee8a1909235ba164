package ui

import (
	"math"
	"strconv"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine/diskwars"
	"gnosis/engine/geom"
)

// dwTerrainColors fill each kind of Diskwars terrain on the sketch.
var dwTerrainColors = map[diskwars.TerrainKind]string{
	diskwars.BlocksSight: "#4a4350", diskwars.Elevated: "#c9b48a", diskwars.Rough: "#8fae6b",
	diskwars.Swamp: "#6c93b8", diskwars.Dangerous: "#b5584a",
}

// dwTerrainKinds are the terrain kinds a player adds, in the order offered.
var dwTerrainKinds = []diskwars.TerrainKind{diskwars.BlocksSight, diskwars.Elevated, diskwars.Rough, diskwars.Swamp, diskwars.Dangerous}

// newTerrain is a piece of a kind as it is first put in the middle of the battlefield: a wall
// for terrain that blocks sight, a square for the rest (centimetres).
func newTerrain(kind diskwars.TerrainKind) diskwars.Terrain {
	w, h := 14.0, 14.0
	if kind == diskwars.BlocksSight {
		w, h = 20, 4
	}
	c := diskwars.BattlefieldCm / 2
	return diskwars.Terrain{Kind: kind, Polygon: geom.Polygon{{X: c - w/2, Y: c - h/2}, {X: c + w/2, Y: c - h/2}, {X: c + w/2, Y: c + h/2}, {X: c - w/2, Y: c + h/2}}}
}

// dwGrabCm is the radius of the circle a finger grabs a disc by, in centimetres: 48 px
// across or more on a 360 px phone, where the 90 cm battlefield is about 336 px wide.
const dwGrabCm = 6.6

// fieldDisc is a disc as the sketch draws it.
type fieldDisc struct {
	index int
	disc  diskwars.Disc
	name  string
	class string // extra classes: "active", "token", "pinned", "selected"
}

// dwField draws the 90 x 90 cm battlefield: the terrain, the overlays under the discs (bands,
// reach, sight lines, a planned path), the discs, and handlers for a tap on the ground (at,
// in centimetres), on a disc (which, and where), and for a drag (onDown on a disc or terrain, "d"+index or
// "t"+index; onMove and onUp on the battlefield). Handlers left nil are not bound.
func dwField(label string, terrain []diskwars.Terrain, discs []fieldDisc, overlays []app.UI, h fieldHandlers) app.UI {
	felt := svgElem("rect").Attr("width", f1(diskwars.BattlefieldCm)).Attr("height", f1(diskwars.BattlefieldCm)).Class("felt")
	if h.ground != nil {
		felt = felt.On("click", h.ground)
	}
	shapes := []app.UI{felt}
	for i, t := range terrain {
		var pts []string
		for _, p := range t.Polygon {
			pts = append(pts, f1(p.X)+","+f1(p.Y))
		}
		poly := svgElem("polygon").Attr("points", strings.Join(pts, " ")).Attr("fill", dwTerrainColors[t.Kind]).
			Attr("fill-opacity", "0.75").Attr("data-terrain", strconv.Itoa(i)).Class("terrain " + string(t.Kind))
		if h.down != nil {
			poly = poly.On("pointerdown", h.down)
		} else if h.ground != nil {
			poly = poly.On("click", h.ground)
		}
		shapes = append(shapes, poly)
	}
	// The overlays (bands, reach, sight lines, the planned path) are drawn over the ground
	// but let a tap through to it: a flip lands where the finger is, even inside a circle.
	shapes = append(shapes, svgElem("g").Class("overlays").Body(overlays...))
	for _, d := range discs {
		c := d.disc.Center
		grab := svgElem("circle").Attr("cx", f1(c.X)).Attr("cy", f1(c.Y)).Attr("r", f1(math.Max(d.disc.Radius(), dwGrabCm))).
			Class("grab").Attr("data-disc", strconv.Itoa(d.index)).Attr("role", "button").Attr("aria-label", d.name)
		if h.down != nil {
			grab = grab.On("pointerdown", h.down)
		}
		if h.disc != nil {
			grab = grab.On("click", h.disc)
		}
		shapes = append(shapes,
			svgElem("circle").Attr("cx", f1(c.X)).Attr("cy", f1(c.Y)).Attr("r", f1(d.disc.Radius())).
				Class("disc side-"+strconv.Itoa(d.disc.Side)+" "+d.class),
			discLabel(c, d.disc.Radius(), initials(d.name)),
			grab,
		)
	}
	svg := svgElem("svg").ID("table-svg").Attr("viewBox", "0 0 90 90").Attr("role", "img").Attr("aria-label", label)
	if h.move != nil {
		svg = svg.On("pointermove", h.move).On("pointerup", h.up).On("pointercancel", h.up)
	}
	return app.Div().Class("table-frame dw-field").Body(svg.Body(shapes...))
}

// discLabel is a disc's initials at its centre, sized to lie inside it: 3 cm high on a large
// disc, less on a small one (two wide letters, "WR", fit in a 5.1 cm disc).
func discLabel(c r2.Point, radius float64, initials string) app.UI {
	size := math.Min(3, radius*0.8)
	return svgElem("text").Attr("x", f1(c.X)).Attr("y", f1(c.Y+size*0.38)).Attr("font-size", f1(size)).Class("disc-label").Text(initials)
}

// fieldHandlers are what a tap or a drag on the battlefield does: a screen's methods, which
// read what was touched from the event when it comes (svgPoint: where, in centimetres;
// tappedDisc: which disc; grabbed: which disc or terrain).
type fieldHandlers struct {
	ground app.EventHandler // a tap on the ground, or on terrain when nothing is dragged
	disc   app.EventHandler // a tap on a disc
	down   app.EventHandler // a finger down on a disc or a terrain piece
	move   app.EventHandler
	up     app.EventHandler
}

// tappedDisc is the index of the disc an event's element draws (its data-disc), or -1.
func tappedDisc(ctx app.Context) int {
	i, err := strconv.Atoi(ctx.JSSrc().Call("getAttribute", "data-disc").String())
	if err != nil {
		return -1
	}
	return i
}

// grabbed names what an event's element draws: "d" and a disc's index, "t" and a terrain
// piece's, or "".
func grabbed(ctx app.Context) string {
	el := ctx.JSSrc()
	for _, a := range [...]struct{ attr, prefix string }{{"data-disc", "d"}, {"data-terrain", "t"}} {
		if v := el.Call("getAttribute", a.attr); v.Truthy() {
			return a.prefix + v.String()
		}
	}
	return ""
}
