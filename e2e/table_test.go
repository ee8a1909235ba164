package e2e

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// drag moves an SVG element of the table view to (x, y) in table centimetres with the mouse,
// as a finger does, and reads it back: the element's centre must come within a centimetre of
// (x, y). A drag that a busy page did not take (pressed before its handlers were ready, or
// under a re-render) is made again, three times at most, before the test fails.
func (p *tab) drag(css string, x, y float64) {
	p.t.Helper()
	p.waitFor(`!!document.querySelector(`+q(css)+`)`, css)
	at := func(js string) [2]float64 { return eval[[2]float64](p, js) }
	centre := `(() => { const e = document.querySelector(` + q(css) + `); if (!e) return false; const b = e.getBBox(); return [b.x + b.width/2, b.y + b.height/2] })()`
	landed := fmt.Sprintf(`(() => { const c = %s; return !!c && Math.hypot(c[0] - %g, c[1] - %g) <= 1 })()`, centre, x, y)
	for try := 1; ; try++ {
		from := at(`(() => { const r = document.querySelector(` + q(css) + `).getBoundingClientRect(); return [r.x + r.width/2, r.y + r.height/2] })()`)
		to := at(fmt.Sprintf(`(() => { const s = document.querySelector("#table-svg"); const pt = s.createSVGPoint(); pt.x = %g; pt.y = %g; const q = pt.matrixTransform(s.getScreenCTM()); return [q.x, q.y] })()`, x, y))
		p.do(chromedp.MouseEvent(chromedp.MousePressed, from[0], from[1], chromedp.ButtonLeft),
			chromedp.MouseEvent(chromedp.MouseMoved, (from[0]+to[0])/2, (from[1]+to[1])/2, chromedp.ButtonLeft),
			chromedp.MouseEvent(chromedp.MouseMoved, to[0], to[1], chromedp.ButtonLeft),
			chromedp.MouseEvent(chromedp.MouseReleased, to[0], to[1], chromedp.ButtonLeft))
		if try == 3 {
			p.waitFor(landed, fmt.Sprintf("%s dragged to (%g, %g)", css, x, y))
			return
		}
		if p.within(landed, patience(5*time.Second)) {
			return
		}
	}
}

// TestTableView places models and a forest on the sketch of the table, reads gaps, sight,
// zone of control and cover off it, and has the combat assistant take cover from it.
// R-ZOC-1, R-TER-1, R-ATK-6, R-ATK-9.
func TestTableView(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startSeeded(t, srv)
	p.click("#table")
	p.choose("#add-terrain", "Forest")
	p.waitFor(`!!document.querySelector("#table-svg .terrain")`, "the forest")
	p.drag(`#table-svg circle[data-model="0/0"]`, 60, 80)
	p.drag(`#table-svg circle[data-model="1/0"]`, 60, 40)
	p.drag(`#table-svg circle[data-model="0/0"]`, 60, 80) // select Nero again
	p.wantIn(`#table-facts li[data-model="1/0"]`, "Xavier: 37.5 cm · in sight · in cover")
	p.shot("table-view")
	// A model dragged to the table's top edge keeps its label in view.
	p.drag(`#table-svg circle[data-model="1/1"]`, 118, 2)
	if out := eval[[]string](p, `[...document.querySelectorAll("#table-svg text.label")].filter((t) => {
		const b = t.getBBox(); return b.x < 0 || b.y < 0 || b.x + b.width > 120 || b.y + b.height > 120 }).map((t) => t.textContent)`); len(out) > 0 {
		t.Errorf("labels out of the table: %q", out)
	}
	// A tap on the empty table deselects; a model is grabbed with a 48 px circle.
	if d := eval[float64](p, `document.querySelector('#table-svg circle[data-model="0/0"]').getBoundingClientRect().width`); d < 48 {
		t.Errorf("a model's grab circle is %.0f px across", d)
	}
	empty := eval[[2]float64](p, `(() => { const s = document.querySelector("#table-svg"); const pt = s.createSVGPoint(); pt.x = 10; pt.y = 10; const q = pt.matrixTransform(s.getScreenCTM()); return [q.x, q.y] })()`)
	p.do(chromedp.MouseClickXY(empty[0], empty[1]))
	p.wantGone("#table-facts")
	p.drag(`#table-svg circle[data-model="0/0"]`, 60, 80)
	p.wantIn(`#table-facts li[data-model="1/0"]`, "Xavier: 37.5 cm")
	p.drag(`#table-svg circle[data-model="1/0"]`, 60, 70)
	p.drag(`#table-svg circle[data-model="0/0"]`, 60, 80)
	p.wantIn(`#table-facts li[data-model="1/0"]`, "Xavier: 7.5 cm · in sight · in the zone of control")
	p.drag(`#table-svg circle[data-model="1/0"]`, 60, 40)

	p.click("button.wide")
	p.click("#c-0-0 .activate")
	p.click(`#active-panel button[aria-label="Charge"]`)
	p.waitFor(`!!document.querySelector("#combat")`, "the combat assistant")
	p.target("Xavier")
	p.wantGone("#combat-mods") // cover is a ranged attack's (R-ATK-6), not a charge's
	p.wantIn("#interceptors", "intercept")
	p.shot("combat-from-table")
}
