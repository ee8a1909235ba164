package ui

import (
	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// fingerDrag is a drag on a sketch: what the finger moves (the sketch's own name for it,
// "" for nothing) and where the finger was, in centimetres.
type fingerDrag struct {
	what string
	from r2.Point
}

// start starts moving what with the finger, which keeps the pointer until it lifts.
func (d *fingerDrag) start(e app.Event, what string) {
	d.what, d.from = what, svgPoint(e)
	if target := e.Get("target"); target.Truthy() && target.Get("setPointerCapture").Truthy() {
		target.Call("setPointerCapture", e.Get("pointerId"))
	}
	e.PreventDefault()
}

// step is how far the finger moved since the last step, in centimetres; ok is false (and the
// screen is not redrawn) when nothing is being dragged.
func (d *fingerDrag) step(ctx app.Context, e app.Event) (dx, dy float64, ok bool) {
	if d.what == "" {
		ctx.PreventUpdate()
		return 0, 0, false
	}
	p := svgPoint(e)
	dx, dy, d.from = p.X-d.from.X, p.Y-d.from.Y, p
	return dx, dy, true
}
