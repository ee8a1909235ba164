package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// startNines opens a game of two parties of nine characters (Light Nine against Dark Nine,
// the player's first), then goes to the Action phase.
func startNines(t *testing.T, srv *server) *tab {
	p := startPair(t, srv, "Light Nine", lightTen[:9], "Dark Nine", darkTen[:9])
	p.nextPhase()
	p.wantIn("#phase", "Action phase")
	return p
}

// details opens the details of the character whose card is css (a tap on the card).
func (p *tab) details(card string) {
	p.t.Helper()
	p.click(card + " .name") // the name lets the tap through to the card
	p.waitFor(`!!document.querySelector("#character-sheet")`, "the character's details")
}

// hold presses the button css and keeps it pressed until cond holds (what the long press
// does), then lets go: one gesture.
func (p *tab) hold(css, cond, what string) {
	p.t.Helper()
	at := eval[[2]float64](p, `(() => { const b = document.querySelector(`+q(css)+`); b.scrollIntoView({block: "center"});
		const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2] })()`)
	p.do(chromedp.MouseEvent(chromedp.MousePressed, at[0], at[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.waitFor(cond, what)
	p.do(chromedp.MouseEvent(chromedp.MouseReleased, at[0], at[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.taps++
}

// addState gives the character whose card is css one more counter of state (its English
// name), in its details, and closes them.
func (p *tab) addState(card, state string) {
	p.t.Helper()
	p.details(card)
	p.click(`#character-sheet .state-cell[data-state="` + strings.ToLower(state) + `"] .state-plus`)
	p.click("#close-character")
	p.wantGone("#character-sheet")
}

// inView says whether every element css matches lies inside the viewport, and is not under
// the pinned bars at the top or the main button at the bottom, waiting for it as waitFor does
// (after a tap, the side or the sheet it shows may not be drawn yet).
func (p *tab) inView(css string) bool {
	p.t.Helper()
	return p.holds(`(() => {
	  const top = Math.max(...[...document.querySelectorAll(".flow, .side-tabs")].map(e => e.getBoundingClientRect().bottom));
	  const nb = document.querySelector("#next-phase:not([hidden])");
	  const bottom = nb && getComputedStyle(nb).visibility !== "hidden" ? nb.getBoundingClientRect().top : innerHeight;
	  const es = [...document.querySelectorAll(` + q(css) + `)];
	  return es.length > 0 && es.every(e => { const r = e.getBoundingClientRect(); return r.top >= top - 1 && r.bottom <= bottom + 1 && r.left >= 0 && r.right <= innerWidth; });
	})()`)
}

// TestNineASide: with nine characters a side, every counter of a side is on one screen, and
// the active character's sheet with End is in view when the last card of the side activates,
// at 390×844 and at 360×740, in English, Spanish and Italian, light and dark; that character
// charges, the dodge and its dice entered die by die, a die too many refused. R-ATK-1, R-GNO-2.
func TestNineASide(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startNines(t, srv)
	p.shot("nine-a-side")
	for _, v := range []struct {
		name, option, home string
		dark               bool
	}{{"en", "English", "My parties", false}, {"en-dark", "English", "My parties", true},
		{"es", "Español", "Mis grupos", false}, {"es-dark", "Español", "Mis grupos", true},
		{"it", "Italiano", "I miei gruppi", false}, {"it-dark", "Italiano", "I miei gruppi", true}} {
		p.theme(v.dark)
		p.resize(phoneWidth, phoneHeight)
		p.open("http://" + srv.addr + "/")
		p.choose("#language", v.option)
		p.wantContains(v.home)
		p.open("http://" + srv.addr + "/#/game")
		for _, size := range [][2]int64{{390, 844}, {360, 740}} {
			p.resize(size[0], size[1])
			where := fmt.Sprintf("%s at %d×%d", v.name, size[0], size[1])
			for side := range 2 {
				p.click(fmt.Sprintf("#tab-%d", side))
				if !p.inView(fmt.Sprintf("#side-%d .counter button", side)) {
					t.Errorf("%s: the counters of side %d are not all in view", where, side)
				}
				p.shot(fmt.Sprintf("nine-a-side-%s-%d-%d", v.name, size[0], side))
			}
			// The last card of the side that picks: its sheet and End in view, its card above it.
			p.click("#c-0-8 .activate")
			p.waitFor(`!!document.querySelector(`+q(openSheet)+`)`, "the active character's sheet")
			p.waitFor(`(() => { const r = document.querySelector("#c-0-8").getBoundingClientRect(), s = document.querySelector("#active-panel").getBoundingClientRect(); return r.bottom <= s.top + 1 && r.top >= 0 })()`,
				where+": the active card above its sheet")
			if !p.inView("#active-panel") || !p.inView("#end-activation") {
				t.Errorf("%s: the sheet or End is out of view", where)
			}
			p.shot(fmt.Sprintf("nine-a-side-%s-%d-active", v.name, size[0]))
			p.audit(where + ", a character active")
			// A charge answered by a dodge, its dice entered die by die; a die too many is
			// refused; the result lists both sides' dice. One undo takes the exchange back.
			p.click("#active-panel button.combat")
			p.chooseValue("#combat-action", "charge")
			p.click("#reaction-dodge")
			p.enterDice("combat", "8 3")
			p.click("#combat-die-5")
			p.waitFor(`!!document.querySelector("#combat-dice-refusal")`, where+": the die too many refused")
			p.shot(fmt.Sprintf("nine-a-side-%s-%d-dice", v.name, size[0]))
			p.audit(where + ", the dice entered")
			p.click("#combat-go")
			p.wantIn("#combat-result", "[8]")
			p.wantIn("#combat-result", "[3]")
			p.click("#combat-done")
			p.wantGone("#combat") // its overlay would take the tap meant for ↶
			p.click("#undo")
			p.click("#undo")
			p.wantGone(openSheet)
		}
	}
}
