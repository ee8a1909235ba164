package e2e

import (
	"fmt"
	"testing"
	"time"
)

// TestTapCounts counts a player's taps for the four things done most (a click is one tap, a
// select two: open it, pick; a text field one, the typing aside), records them
// (artifacts/timings.txt, the README's table) and fails when one grows past today's count:
// build a legal party of three (searching each name), share it, start a game against another
// party, a charge answered by a dodge with both dice entered by hand, a 5-point LP change,
// the end of a turn where Recovery and Maintenance hold no choice, and an attack on an engaged
// enemy with its die entered, through End.
func TestTapCounts(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	seedParties(p) // the opponent, Dark Hand, among others

	count := func(what string, most int, do func()) {
		t.Helper()
		before := p.taps
		do()
		n := p.taps - before
		record(t, "taps: %s: %d", what, n)
		if n > most {
			t.Errorf("%s takes %d taps, more than %d", what, n, most)
		}
	}
	count("build a legal party", 7, func() {
		p.click("#new-party")
		for _, c := range []string{"Nero", "Grey", "Saint Hazael"} {
			p.typeInto("#catalog-search", c)
			p.click(`button[aria-label="Add ` + c + `"]`)
		}
		p.wantIn("#party-legal", "Every party rule is kept")
	})
	count("share it", 2, func() {
		p.click("#share-party")
		p.click("#share-button")
		p.waitFor(`!!document.querySelector("#toast, #notice")`, "the link shared or copied")
	})
	p.click("button.back")
	p.click("button.back")
	count("start a game", 4, func() {
		p.click(`button[aria-label="Play with Party 3"]`)
		p.choose("#opponent", "Dark Hand")
		p.click("#begin")
		p.wantIn("#turn", "Turn 1")
	})
	p.nextPhase()
	// Who acts first was rolled: the first character of that side charges.
	first := eval[string](p, `document.querySelector("#next-phase").textContent.includes("Dark Hand") ? "#c-1-0" : "#c-0-0"`)
	count("a charge with dodge and dice by hand, another target chosen", 8, func() {
		p.click(first + " .activate")
		p.click(`#active-panel button[aria-label="Charge"]`)
		p.click(`#combat-target button:not([aria-pressed="true"])`) // not the one offered first
		p.click("#reaction-dodge")
		p.enterDice("combat", "8 3")
		p.click("#combat-go")
		p.waitFor(`!!document.querySelector("#combat-result li")`, "the result")
		p.click("#combat-done")
	})
	p.click("#end-activation")
	// The tab follows the side that picks next in the redraw that ends the activation: the row
	// is chosen after it, or the press lands on the other side's row drawn in its place.
	p.waitFor(`!document.body.hasAttribute("data-redraw-pending") && ![...document.querySelectorAll("#end-activation")].some((e) => e.offsetParent !== null)`,
		"the activation ended on the screen")
	count("a 5-point LP change", 1, func() { // a long press on −
		row := "#" + eval[string](p, `[...document.querySelectorAll(".character")].find((c) => c.offsetParent !== null && parseInt(c.querySelector(".lp .value").textContent) > 5).id`)
		lp := eval[string](p, `document.querySelector("`+row+` .lp .value").textContent`)
		var n, max int
		fmt.Sscanf(lp, "%d/%d", &n, &max)
		want := fmt.Sprintf("%d/%d", n-5, max)
		p.hold(row+" .lp .minus", `document.querySelector("`+row+` .lp .value").textContent === `+q(want), "LP "+want)
		p.waitFor(`!document.body.hasAttribute("data-redraw-pending")`, "the screen redrawn")
		if got := eval[string](p, `document.querySelector("`+row+` .lp .value").textContent`); got != want {
			t.Errorf("a long press on LP −: %s, want %s (the click that ends it is no tap of its own)", got, want)
		}
	})
	count("end the turn, with no choice to make", 2, func() {
		p.click("#next-phase")
		p.click("#confirm-phase") // Recovery and Maintenance run by themselves
		p.wantGone("#phase-sheet")
		p.wantText("#turn", "Turn 2 of 10")
	})
	// The charger is engaged with its target: its attack, the die entered by hand, through End.
	if !p.within(`!!document.querySelector("`+first+` .activate")`, patience(5*time.Second)) {
		other := map[string]string{"#c-0-0": "#c-1-0", "#c-1-0": "#c-0-0"}[first] // the other side picks first
		p.click(other + " .activate")
		p.click("#end-activation")
	}
	count("an attack on an engaged enemy, die entered, through End", 6, func() {
		p.click(first + " .activate")
		p.click(`#active-panel button[aria-label="Attack"]`)
		p.enterDice("combat", "7")
		p.click("#combat-go")
		p.waitFor(`!!document.querySelector("#combat-result li")`, "the result")
		p.click("#combat-done")
		p.click("#end-activation")
	})
}
