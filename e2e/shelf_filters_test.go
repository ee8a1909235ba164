package e2e

import (
	"fmt"
	"testing"
)

// chooseIndex chooses the option at index i of the select css, as a player's tap on it does
// (the browser's value is then what the page wrote for that option).
func (p *tab) chooseIndex(css string, i int) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`(() => { const s = document.querySelector(%s); return !!s && s.options.length > %d })()`, q(css), i), css+" to offer its options")
	eval[bool](p, fmt.Sprintf(`(() => { const s = document.querySelector(%s); s.selectedIndex = %d; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, q(css), i))
	p.taps += 2
}

// TestShelfFiltersBackToAny: issue 62: on the shelf and on its records, a filter chosen and then
// "any" again (any result, both games) shows every game again, in the three languages: the
// first option of each select has a value of its own, not its label.
func TestShelfFiltersBackToAny(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	p := newPage(t)
	p.open(base)
	seedParties(p)
	playShelfGame(p, base, [2]string{"Ana", "Bruno"}, "8 3")
	p.open(base)
	p.click(`button[aria-label="Play with Church of Light"]`)
	p.click("#begin")
	p.waitFor(`location.hash === "#/game"`, "the next game, which keeps the first")
	for _, lang := range []string{"en", "es", "it"} {
		inLanguage(p, srv, lang)
		p.open(base + "#/shelf")
		one := `document.querySelectorAll("#shelf-list .kept-item").length === 1`
		p.waitFor(one, "the game kept")
		for _, sel := range []struct {
			css  string
			none int // an option that chooses none of the games kept
		}{{"#shelf-result", 1}, {"#shelf-kind", 2}} {
			p.chooseIndex(sel.css, sel.none)
			p.waitFor(`!!document.querySelector("#shelf-none")`, lang+": none chosen by "+sel.css)
			p.chooseIndex(sel.css, 0)
			p.waitFor(one, lang+": every game again after "+sel.css+"'s first option")
		}
		p.click("#shelf-tab-records")
		p.waitFor(`!!document.querySelector("#records-all")`, lang+": the records")
		p.chooseIndex("#shelf-result", 1)
		p.waitFor(`!!document.querySelector("#records-none")`, lang+": no record of a game won")
		p.chooseIndex("#shelf-result", 0)
		p.waitFor(`!!document.querySelector("#records-all")`, lang+": the records again after any result")
		p.chooseIndex("#shelf-kind", 2)
		p.waitFor(`!!document.querySelector("#records-none")`, lang+": no record of a Diskwars game")
		p.chooseIndex("#shelf-kind", 0)
		p.waitFor(`!!document.querySelector("#records-all")`, lang+": the records again after both games")
		p.click("#shelf-tab-games")
	}

	// At 360 px in Spanish, the longest words: the filters' words whole, the records' tables
	// saying they scroll, the undo bar's button whole.
	inLanguage(p, srv, "es")
	p.resize(360, 740)
	p.open(base + "#/shelf")
	p.waitFor(`document.querySelectorAll("#shelf-list .kept-item").length === 1`, "the game kept")
	for _, css := range []string{"#shelf-kind", "#shelf-result"} {
		if w := eval[float64](p, `document.querySelector(`+q(css)+`).getBoundingClientRect().width`); w < 250 {
			t.Errorf("%s is %.0f px wide at 360: its words are cut", css, w)
		}
	}
	p.click("#shelf-tab-records")
	p.waitFor(`!!document.querySelector(".records-scroll")`, "the records' tables")
	if !eval[bool](p, `getComputedStyle(document.querySelector(".records-scroll")).backgroundImage.includes("radial-gradient")`) {
		t.Error("the records' tables give no sign that they scroll sideways")
	}
	p.shot("shelf-records-es-360-scroll")
	p.click("#shelf-tab-games")
	p.click("#shelf-list .kept-item:first-child button")
	p.click("#kept-delete")
	p.waitFor(`!!document.querySelector("#shelf-undo-delete")`, "the undo bar")
	if cut := eval[bool](p, `(() => { const b = document.querySelector("#shelf-undo-delete"); return b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > document.querySelector("#shelf-undo").getBoundingClientRect().right })()`); cut {
		t.Error("Deshacer is cut at the undo bar's edge at 360 px")
	}
	p.shot("shelf-undo-es-360")
}
