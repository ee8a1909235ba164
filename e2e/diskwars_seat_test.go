package e2e

import (
	"fmt"
	"strconv"
	"testing"
)

// turned waits until the element css is drawn turned (a transform on it), or not, as want
// says, for as long as waitFor waits, and reports whether it came to be so: a tap's redraw may
// still be to come when the test reads it (a busy machine).
func turned(p *tab, css string, want bool) bool {
	p.t.Helper()
	p.waitFor(`!!document.querySelector(`+q(css)+`)`, css)
	return p.holds(`(getComputedStyle(document.querySelector(` + q(css) + `)).transform !== "none") === ` + strconv.FormatBool(want))
}

// TestDiskwarsSeatMode: with the phone between the players (seat mode), Diskwars turns to the
// army whose disc acts: the second army's list always faces its player; on its turn the bar,
// the disc's panel and the shot's sheet with its dice turn to them too, and back on the first
// army's turn. The faces' names fit their buttons at 360 px ("scatter", "dispersión",
// "deviazione"). In three languages, 390 and 360, light and dark, audited.
func TestDiskwarsSeatMode(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	p := newPage(t)
	p.open(base)
	p.click("#seat")
	p.click("#open-diskwars")
	makeArmy(p, "Greenskins", disc{name: "Orc Boyz", size: "medium", move: "3"}, disc{name: "Wolf Riders", size: "small", move: "4"})
	makeArmy(p, "Empire", disc{name: "Handgunners", size: "medium", move: "2", ranged: true, band: "long", fire: "3", str: "2"},
		disc{name: "Swordsmen", size: "medium", move: "2"})
	p.click("#dw-new-game")
	p.chooseValue("#dw-first", "1") // the Empire, across the table, first
	eval[bool](p, `document.querySelector("#table-svg").scrollIntoView({block: "center"}), true`)
	p.drag(`#table-svg circle.grab[data-disc="0"]`, 30, 60)
	p.drag(`#table-svg circle.grab[data-disc="2"]`, 30, 35)
	p.click("#dw-start")
	p.waitFor(`location.hash === "#/dw/game"`, "the game")
	for i, c := range []struct {
		lang  string
		width int64
		dark  bool
	}{{"en", 390, false}, {"es", 360, true}, {"it", 360, false}} {
		where := fmt.Sprintf("%s at %d", c.lang, c.width)
		if i > 0 {
			inLanguage(p, srv, c.lang)
			p.open(base + "#/dw/game")
		}
		p.resize(c.width, map[int64]int64{390: 844, 360: 740}[c.width])
		p.theme(c.dark)
		// The Empire's turn: its player reads the bar, its list and its disc's panel.
		for _, css := range []string{".dw-status", "#dw-side-2"} {
			if !turned(p, css, true) {
				t.Errorf("%s: on the second army's turn %s does not face its player", where, css)
			}
		}
		if !turned(p, "#dw-side-1", false) {
			t.Errorf("%s: the first army's list is turned away from its player", where)
		}
		p.click("#dw-disc-2 button.link")
		if !turned(p, "#dw-panel", true) {
			t.Errorf("%s: the Handgunners' panel does not face their player", where)
		}
		p.click("#dw-activate")
		p.click("#dw-shoot")
		p.click("#dw-target-0")
		p.waitFor(`!!document.querySelector("#shot-face-scatter")`, where+": the dice pad")
		if !turned(p, ".dw-game > .overlay", true) {
			t.Errorf("%s: the shot's sheet does not face the second army's player", where)
		}
		// Issue 62: the far player's pad and buttons start in view, within the sheet.
		p.waitFor(`(() => { const sh = document.querySelector("#shot-sheet").getBoundingClientRect();
			return [...document.querySelectorAll("#shot-sheet button")].every((b) => { const r = b.getBoundingClientRect();
				return r.top >= Math.max(0, sh.top) - 1 && r.bottom <= Math.min(innerHeight, sh.bottom) + 1 }) })()`, where+": the shot sheet's buttons in view")
		p.shot("dw-seat-shot-" + c.lang + fmt.Sprint(c.width))
		p.audit(where + ": the shot's sheet in seat mode")
		p.click("#shot-cancel")
		p.click("#dw-undo") // the activation taken back: the Empire's turn again
		p.wantOff("#dw-undo")
		p.shot("dw-seat-far-" + c.lang + fmt.Sprint(c.width))
		p.audit(where + ": the second army's turn in seat mode")
	}
	// The Handgunners pass: the Greenskins' turn faces the near player again.
	p.click("#dw-disc-2 button.link")
	p.click("#dw-pass")
	p.waitFor(`!!document.querySelector("#dw-disc-0 button.link")`, "the Greenskins' disc")
	p.click("#dw-disc-0 button.link")
	p.wantIn("#dw-status", "Greenskins") // the pass drawn: the first army's turn
	if !turned(p, ".dw-status", false) || !turned(p, "#dw-panel", false) {
		t.Error("on the first army's turn the bar or the panel is turned away from its player")
	}
	if !turned(p, "#dw-side-2", true) {
		t.Error("on the first army's turn the second army's list no longer faces its player")
	}
	p.shot("dw-seat-near")
	p.audit("the first army's turn in seat mode")
}
