package e2e

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestWakeLockRefused: where the browser refuses the screen's wake lock, the game screen says
// nothing to the console (no uncaught rejection) and plays on.
func TestWakeLockRefused(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `if (navigator.wakeLock) navigator.wakeLock.request = () => Promise.reject(new DOMException("Wake Lock permission request denied", "NotAllowedError"));`})
		return err
	}))
	startOn(p, srv)
	p.click("#tab-0") // the side whose row is tapped, whoever picks
	p.tap("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "13/14")
	if p.logged("Wake Lock") {
		t.Error("the refused wake lock reached the console")
	}
}

// TestStartOffersTheOtherParty: with two parties saved, a new game's opponent is the other one
// (Not tracked stays a choice).
func TestStartOffersTheOtherParty(t *testing.T) {
	parallel(t)
	p, _ := seeded(t)
	p.click(`button[aria-label="Play with Church of Light"]`)
	p.waitFor(`document.querySelector("#opponent").selectedOptions[0].text === "Dark Hand"`, "Dark Hand as the opponent")
}

// TestGameOverTextToSelect: at the game over, where the browser cannot share nor copy, the
// result and the history are shown as a text to select, as the notice asks.
func TestGameOverTextToSelect(t *testing.T) {
	parallel(t)
	p, _ := seeded(t)
	p.click(`button[aria-label="Play with Church of Light"]`)
	p.choose("#turns", "1 turn")
	p.click("#begin")
	p.nextPhase()
	p.nextPhase()
	p.wantIn("#result", "wins")
	eval[bool](p, `Object.defineProperty(navigator, "share", {value: undefined, configurable: true}), Object.defineProperty(navigator, "clipboard", {value: undefined, configurable: true}), true`)
	p.click("#share-result")
	p.wantIn("#notice", "select the text")
	p.waitFor(`document.querySelector("#result-text").value.includes("Church of Light wins")`, "the report shown to select")
	p.shot("game-over-text")
}

// TestCardNumbersInGame: a tap on a character's card in the game shows its card as played,
// in the player's language: the printed numbers (Defense, Armor, Damage 5/10…), each special
// ability with its cost, without leaving the game.
func TestCardNumbersInGame(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startSeeded(t, srv)
	for _, l := range []struct{ lang, defense, armor string }{{"en", "Defense", "Armor"}, {"es", "Defensa", "Armadura"}, {"it", "Difesa", "Armatura"}} {
		p.open("http://" + srv.addr + "/")
		p.chooseValue("#language", l.lang)
		p.click("#continue-game")
		p.click("#c-0-0 .lp .value")
		p.wantIn("#card-in-game", l.defense)
		p.wantIn("#card-in-game", l.armor)
		p.wantIn("#card-in-game", "5/10")
		p.wantIn("#card-in-game", "Wings of Absolution")
		p.shot("card-in-game-" + l.lang)
		// At 360 px the Speed, the longest number, takes a row of its own: one line.
		p.resize(360, 740)
		if lines := eval[float64](p, `(() => { const s = [...document.querySelectorAll("#card-in-game .stat-row strong")].find((e) => e.textContent.includes(" cm (")); const cs = getComputedStyle(s); return Math.round(s.getBoundingClientRect().height / parseFloat(cs.lineHeight || 20)) })()`); lines > 1 {
			t.Errorf("%s: the Speed wraps onto %v lines at 360 px", l.lang, lines)
		}
		p.shot("card-in-game-360-" + l.lang)
		p.resize(390, 844)
		p.click("#close-character")
		p.wantGone("#character-sheet")
	}
}

// TestFivesInSight: a character's details offer −5 LP and +5 LP in sight (the row's long press
// stays), within 0 and the card's LP, in the three languages.
func TestFivesInSight(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startSeeded(t, srv)
	for _, l := range []struct{ lang, minus, plus string }{{"en", "−5 LP", "+5 LP"}, {"es", "−5 PV", "+5 PV"}, {"it", "−5 PV", "+5 PV"}} {
		inLanguage(p, srv, l.lang)
		p.click("#continue-game")
		p.click("#c-0-0 .lp .value")
		p.wantText("#lp-minus-5", l.minus)
		p.wantText("#lp-plus-5", l.plus)
		p.click("#lp-minus-5")
		p.wantText("#c-0-0 .lp .value", "9/14")
		p.shot("fives-in-sight-" + l.lang)
		p.audit(l.lang + ": a character's details")
		p.click("#lp-plus-5")
		p.wantText("#c-0-0 .lp .value", "14/14")
		p.waitFor(`document.querySelector("#lp-plus-5").disabled`, "+5 LP off at full LP")
		p.click("#close-character")
		p.wantGone("#character-sheet")
	}
}

// inLanguage opens the home screen of srv and chooses the language (en, es, it) in its settings.
func inLanguage(p *tab, srv *server, lang string) {
	p.t.Helper()
	p.open("http://" + srv.addr + "/")
	p.chooseValue("#language", lang)
	p.waitFor(`document.documentElement.lang === `+q(lang), "the page in "+lang)
}

// TestDiceRoller: from the tracker's ☰, a roll the assistant does not make: two dice and the
// Gnosis die for a Seek, the point spent, the roll said and kept in the history, in the three
// languages.
func TestDiceRoller(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startSeeded(t, srv)
	for i, l := range []struct{ lang, rolls, keeps, list string }{
		{"en", "Church of Light rolls for seek", "keeps", "Seek check|Resistance check|Doom check|Stability check|Shock check|Escape check"},
		{"es", "Church of Light tira para búsqueda", "se queda", "Tirada de búsqueda|Tirada de Resistencia|Tirada de Condena|Tirada de Estabilidad|Tirada de Choque|Tirada de huida"},
		{"it", "Church of Light tira per ricerca", "tiene", "Tiro di ricerca|Tiro di Resistenza|Tiro di Condanna|Tiro di Stabilità|Tiro di Shock|Tiro di fuga"}} {
		inLanguage(p, srv, l.lang)
		p.click("#continue-game")
		p.click("#history")
		// What a roll is for, each named the same way
		p.waitFor(`[...document.querySelectorAll("#roll-for option")].map((o) => o.textContent).join("|") === `+q(l.list), l.lang+": the roller's list, each named the same way")
		p.chooseValue("#roll-side", "0")
		p.chooseValue("#roll-n", "2")
		p.chooseValue("#roll-for", "seek")
		if i < 2 { // two Gnosis points: the third roll without
			p.click("#roll-gnosis")
		}
		p.shot("dice-roller-" + l.lang)
		p.audit(l.lang + ": the dice roller")
		p.click("#roll-dice")
		p.wantIn("#history-list", l.rolls)
		p.wantIn("#toast", l.keeps)
		dice := 3
		if i == 2 {
			dice = 2
		}
		if n := eval[int](p, `document.querySelector("#history-list li:nth-child(2)").textContent.split(/[\[\]]/)[1].split(" ").length`); n != dice {
			t.Errorf("%s: %d dice rolled, want %d", l.lang, n, dice)
		}
		if n := eval[int](p, `[...document.querySelectorAll("#history-list li")].filter((li) => li.textContent.includes(`+q(l.rolls)+`)).length`); n != i+1 {
			t.Errorf("%s: %d rolls said in the language read, want %d (each roll in the reader's language)", l.lang, n, i+1)
		}
		p.click("button.wide") // back to the game
		p.wantText("#gnosis-0", fmt.Sprintf("%d/2", max(0, 1-i)))
	}
}

// TestBackFromHistoryThenHome: ☰, Back to the game, then ‹ goes home in one tap (it walked back
// through the history before).
func TestBackFromHistoryThenHome(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startSeeded(t, srv)
	p.open("http://" + srv.addr + "/")
	p.click("#continue-game")
	p.click("#history")
	p.waitFor(`!!document.querySelector("#history-list")`, "the history")
	p.click("button.wide")
	p.waitFor(`location.hash === "#/game"`, "the game")
	p.click(".topbar .back")
	p.waitFor(`location.hash === "" || location.hash === "#/" || location.hash === "#"`, "home in one tap")
}

// TestSideColours: each side's colour, chosen at the start in the player's language, is kept
// with the game (a reload) and worn by its tab and its toasts, in the light and dark themes,
// in the three languages.
func TestSideColours(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := seededOn(t, srv)
	for _, l := range []struct{ lang, violet, teal, first string }{
		{"en", "Violet", "Teal", "Church of Light"}, {"es", "Violeta", "Verde azulado", "Church of Light"}, {"it", "Viola", "Verde acqua", "Church of Light"}} {
		inLanguage(p, srv, l.lang)
		p.click(`button.play[aria-label$="Church of Light"]`)
		p.chooseValue("#colour-0", "violet")
		p.chooseValue("#colour-1", "teal")
		p.waitFor(`document.querySelector("#colour-0").selectedOptions[0].text === `+q(l.violet)+` && document.querySelector("#colour-1").selectedOptions[0].text === `+q(l.teal), l.lang+": the colours named")
		p.chooseValue("#first", "0")
		p.audit(l.lang + ": a new game's choices")
		p.click("#begin")
		// The word of who acts first wears that side's colour.
		p.waitFor(`(() => { const t = document.querySelector("#toast");
			return !!t && t.textContent.includes(`+q(l.first)+`) && getComputedStyle(t).getPropertyValue("--side").trim() === "#9a5fe0" })()`,
			l.lang+": the first side's toast in its colour")
		p.shot("side-colour-toast-" + l.lang)
		for _, reload := range []bool{false, true} {
			if reload {
				p.reload()
			}
			for side, want := range []string{"#9a5fe0", "#14948c"} {
				p.waitFor(fmt.Sprintf(`getComputedStyle(document.querySelector("#tab-%d")).getPropertyValue("--side").trim() === %q`, side, want), fmt.Sprintf("%s: side %d in %s", l.lang, side+1, want))
			}
		}
		p.shot("side-colours-light-" + l.lang)
		p.theme(true)
		p.shot("side-colours-dark-" + l.lang)
		p.theme(false)
	}
}

// TestInstallButton: where the browser offers to install Gnosis (its beforeinstallprompt, made
// here by the test: Chromium may make its own), the home screen offers Install Gnosis and a tap
// prompts; where it cannot prompt (Safari), it says the steps; in the three languages.
func TestInstallButton(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := seededOn(t, srv)
	for _, l := range []struct{ lang, install, steps string }{
		{"en", "Install Gnosis", "Add to Home Screen"}, {"es", "Instalar Gnosis", "Añadir a pantalla de inicio"}, {"it", "Installa Gnosis", "Aggiungi alla schermata Home"}} {
		inLanguage(p, srv, l.lang)
		// Chromium may fire its own event once the page is installable (a later load, its service
		// worker active), after the test's: its prompt is counted too.
		eval[bool](p, `(() => { if (window.BeforeInstallPromptEvent) BeforeInstallPromptEvent.prototype.prompt = function () { window.__prompted = true; return Promise.resolve() };
			const e = new Event("beforeinstallprompt", {cancelable: true});
			e.prompt = () => { window.__prompted = true };
			e.userChoice = Promise.resolve({outcome: "dismissed"});
			window.dispatchEvent(e); return true })()`)
		p.wantText("#install-app", l.install)
		p.shot("install-button-" + l.lang)
		p.audit(l.lang + ": the home screen with Install Gnosis")
		p.click("#install-app")
		p.waitFor(`window.__prompted === true`, "the browser's prompt")
		eval[bool](p, `Object.defineProperty(navigator, "userAgent", {value: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", configurable: true}), goappOnAppInstallChange(), true`)
		p.wantIn("#install-steps", l.steps)
	}
}

// TestReport: the game told from its log (issue 44): from the history during the game, the
// report so far; at the game over, Report: the levels by turn, LP lost and taken, Gnosis and
// Order points spent, each an SVG picture with its figures in words, and each side's luck
// against the odds; shared as text; in the three languages at 390×844.
func TestReport(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startSeeded(t, srv, [2]string{"#turns", "1 turn"})
	base := "http://" + srv.addr + "/"
	p.click("#c-0-0 .activate")
	p.click(`#active-panel button[aria-label="Charge"]`)
	p.combat("Charge", "Xavier", "Dodge", "8 3", false)
	p.click("#combat-done")
	p.wantGone("#combat") // its overlay would take the tap meant for End
	p.click("#end-activation")
	p.click("#history")
	p.click("#open-report")
	p.wantIn("#luck-0", "Hits 1, expected")
	p.wantIn("#luck-1", "No exchange measured yet")
	p.click("#report > button.wide") // back to the game
	p.waitFor(`location.hash === "#/game"`, "the game")
	p.nextPhase()
	p.wantIn("#result", "wins")
	p.click("#result-report")
	for _, l := range []struct{ lang, luck, levels, lp string }{
		{"en", "Luck against the odds", "Church of Light: 135, 135 levels", "Xavier: 8 lost, 0 taken"},
		{"es", "Suerte contra las probabilidades", "Church of Light: 135, 135 niveles", "Xavier: 8 perdidos, 0 quitados"},
		{"it", "Fortuna contro le probabilità", "Church of Light: 135, 135 livelli", "Xavier: 8 persi, 0 tolti"},
	} {
		if l.lang != "en" {
			inLanguage(p, srv, l.lang)
			p.open(base + "#/report")
		}
		p.wantIn("#report-luck", l.luck)
		p.waitFor(`document.querySelector("#report-levels svg").getAttribute("aria-label").includes(`+q(l.levels)+`)`, l.lang+": the levels in words")
		p.waitFor(`document.querySelector("#report-lp svg").getAttribute("aria-label").includes(`+q(l.lp)+`)`, l.lang+": the LP in words")
		p.waitFor(`document.querySelectorAll("#report-levels polyline").length === 2 && document.querySelectorAll("#report-lp rect").length === 12`, "the pictures drawn")
		p.shot("report-" + l.lang)
		p.audit(l.lang + ": the report")
		if shared := p.sharedText("#share-report"); !strings.Contains(shared, "Church of Light") {
			t.Fatalf("%s: the report shared as text: %q", l.lang, shared)
		}
	}
	// As an image: one PNG of the pictures, to the share sheet where files can be shared.
	eval[bool](p, `Object.defineProperty(navigator, "canShare", {value: (d) => !!d.files, configurable: true}),
		Object.defineProperty(navigator, "share", {value: (d) => { window.__file = d.files[0]; return Promise.resolve() }, configurable: true}), true`)
	p.click("#share-report-image")
	p.waitFor(`!!window.__file && window.__file.type === "image/png" && window.__file.size > 5000`, "the report shared as a PNG image")
	if got := eval[string](p, `(async () => { const b = await createImageBitmap(window.__file); return b.width + "x" + (b.height > 600 ? "tall" : b.height) })()`); got != "1080xtall" {
		t.Errorf("the image: %s", got)
	}
	png := eval[string](p, `new Promise((ok) => { const r = new FileReader(); r.onload = () => ok(r.result.split(",")[1]); r.readAsDataURL(window.__file) })`)
	if b, err := base64.StdEncoding.DecodeString(png); err == nil {
		os.WriteFile(filepath.Join("artifacts", "report-image.png"), b, 0o644) // to look at
	}
	p.theme(true)
	p.shot("report-dark")
	p.theme(false)
	p.resize(360, 740)
	p.shot("report-360")
	p.audit("the report at 360×740")
}

// TestReportPicturesRead: the report's pictures read (issue 51, point 3): a long name is
// shortened at its end, never cut at its start, in the picture and so in its PNG; the second
// side's line is dashed and drawn apart, so equal levels show both; a chart with nothing to
// draw says so; a miss is said by its chance of hitting. In English, Spanish and Italian, at
// 390×844 and 360×740, light and dark, with the audit.
func TestReportPicturesRead(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startPair(t, srv, "Long Names", []string{"Nero", "Church Agent (Inquisitor)"}, "Dark", []string{"Xavier"})
	base := "http://" + srv.addr + "/"
	p.nextPhase()
	p.click("#c-0-0 .activate")
	p.click(`#active-panel button[aria-label="Charge"]`)
	p.combat("Charge", "Xavier", "None", "1", false) // a 1: a miss
	p.click("#combat-done")
	p.wantGone("#combat") // its overlay would take the tap meant for End
	p.click("#end-activation")
	for _, l := range []struct{ lang, miss, none string }{
		{"en", "a miss, with", "No Gnosis or Order points spent"},
		{"es", "fallo, con un", "No se gastó Gnosis ni puntos de Orden"},
		{"it", "mancato, con il", "Nessun punto Gnosis o Ordine speso"},
	} {
		inLanguage(p, srv, l.lang)
		p.open(base + "#/game")
		p.click("#history")
		p.click("#open-report")
		p.wantIn("#luck-0", l.miss)
		p.wantText("#report-spent-none", l.none)
		if label := eval[string](p, `document.querySelector("#report-spent svg").getAttribute("aria-label")`); label != l.none {
			t.Errorf("%s: the empty chart in words: %q", l.lang, label)
		}
		got := eval[map[string]any](p, `(() => {
			const svg = document.querySelector("#report-lp svg"), box = svg.viewBox.baseVal;
			const long = [...svg.querySelectorAll("text")].find((t) => t.querySelector("title") && t.querySelector("title").textContent.startsWith("Church Agent"));
			const b = long ? long.getBBox() : null;
			const second = document.querySelector("#report-levels polyline.second");
			return {text: long ? long.textContent : "", left: b ? b.x : -1, inside: !!b && b.x >= box.x,
				dashed: !!second && getComputedStyle(second).strokeDasharray !== "none", lines: document.querySelectorAll("#report-levels polyline").length};
		})()`)
		if text, _ := got["text"].(string); !strings.HasPrefix(text, "Church Agent") || !strings.HasSuffix(text, "…") || got["inside"] != true {
			t.Errorf("%s: the long name reads %v (left edge %v, inside the picture %v)", l.lang, got["text"], got["left"], got["inside"])
		}
		if got["dashed"] != true || got["lines"] != 2.0 {
			t.Errorf("%s: the levels' lines: %v", l.lang, got)
		}
		for _, size := range [][2]int64{{390, 844}, {360, 740}} {
			p.resize(size[0], size[1])
			for _, dark := range []bool{false, true} {
				p.theme(dark)
				where := fmt.Sprintf("%s at %d, dark %v", l.lang, size[0], dark)
				p.shot(fmt.Sprintf("report-read-%s-%d-%v", l.lang, size[0], dark))
				p.audit(where + ": the report")
			}
			p.theme(false)
		}
		p.resize(390, 844)
	}
}
