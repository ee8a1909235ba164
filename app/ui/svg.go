package ui

import (
	"strconv"

	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func f1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

const svgNS = "http://www.w3.org/2000/svg"

// svgElem is an SVG element (created in the SVG namespace, as the browser draws it).
func svgElem(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// svgPoint is where a pointer event falls on the table, in centimetres.
func svgPoint(e app.Event) r2.Point {
	svg := app.Window().Get("document").Call("getElementById", "table-svg")
	if !svg.Truthy() {
		return r2.Point{}
	}
	pt := svg.Call("createSVGPoint")
	pt.Set("x", e.Get("clientX"))
	pt.Set("y", e.Get("clientY"))
	m := svg.Call("getScreenCTM").Call("inverse")
	q := pt.Call("matrixTransform", m)
	return r2.Point{X: q.Get("x").Float(), Y: q.Get("y").Float()}
}

// circle is an overlay circle of the sketch.
func circle(c r2.Point, r float64, class string) app.HTMLElem {
	return svgElem("circle").Attr("cx", f1(c.X)).Attr("cy", f1(c.Y)).Attr("r", f1(r)).Class(class)
}

// segment is an overlay line of the sketch.
func segment(a, b r2.Point, class string) app.HTMLElem {
	return svgElem("line").Attr("x1", f1(a.X)).Attr("y1", f1(a.Y)).Attr("x2", f1(b.X)).Attr("y2", f1(b.Y)).Class(class)
}
