package e2e

import (
	"context"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// holdGo is put into every document before its own scripts: app.wasm is instantiated only once
// the test calls window.releaseGo(), so that the copy of the last screen (the glance, painted
// by web/copy.js) stays up as long as the test needs, as on a slow phone.
const holdGo = `(() => {
	let release;
	const held = new Promise((ok) => (release = ok));
	window.releaseGo = () => release();
	for (const name of ["instantiateStreaming", "instantiate"]) {
		const f = WebAssembly[name];
		WebAssembly[name] = function (...args) { return held.then(() => f.apply(this, args)); };
	}
})()`

// glanceBoxesJS gives the boxes of the elements each selector picks first inside root (a
// selector), in the page (wherever it is scrolled), rounded to the pixel: the copy's and
// go-app's screen are compared with them.
const glanceBoxesJS = `((root, sels) => {
	const r = document.querySelector(root);
	return sels.map((s) => { const e = r && r.querySelector(s); if (!e) return null;
		const b = e.getBoundingClientRect(); return [Math.round(b.x + scrollX), Math.round(b.y + scrollY), Math.round(b.width), Math.round(b.height)]; });
})`

// startHeld reloads the page with Go held back (holdGo).
func startHeld(p *tab) {
	p.t.Helper()
	held(p, chromedp.Reload())
}

// held runs step (a navigation) with Go held back in the documents it opens (holdGo), and the
// scripts first, before the page's own.
func held(p *tab, step chromedp.Action[chromedp.Void], first ...string) {
	p.t.Helper()
	for _, src := range append([]string{holdGo}, first...) {
		var id page.ScriptIdentifier
		p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			res, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
			if err == nil {
				id = res.Identifier
			}
			return err
		}))
		defer p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id})
			return err
		}))
	}
	p.do(step)
}

// gameEntries is how many entries the stored game's log has.
func gameEntries(p *tab) int {
	p.t.Helper()
	var head struct{ Entries int }
	if err := json.Unmarshal([]byte(p.record("gnosis.game")), &head); err != nil {
		p.t.Fatalf("the game's head: %v", err)
	}
	return head.Entries
}

// TestGlance: while app.wasm downloads and compiles, the page script paints the screen the
// player left, the game's with every counter or the home screen, from what the app kept as the
// page went; go-app's root and loader are hidden under it, it says it is loading, and it is a
// picture: a tap on it, a counter's too, changes no number and says the app is still starting.
// go-app's screen then takes its place with nothing moved and nothing taken. A copy whose
// records changed since is not shown. Every element and attribute the screens draw is on the
// copy's lists.
func TestGlance(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := startSeeded(t, srv)
	p.click("#c-0-0 .lp .minus") // Nero 13/14
	p.wantText("#c-0-0 .lp .value", "13/14")
	p.waitFor(`!document.body.hasAttribute("data-redraw-pending")`, "the tracker to redraw")
	p.waitFor(`document.body.getAttribute("data-game-saved") !== null && !document.body.hasAttribute("data-game-unsaved")`, "the game to be saved")
	before := gameEntries(p)

	startHeld(p)
	p.waitFor(`!!document.getElementById("glance")`, "the copy of the game's screen")
	if has(p, "body[data-ready]") {
		t.Fatal("Go drew the screen while held back")
	}
	state := eval[map[string]string](p, `(() => {
		const g = document.getElementById("glance"), root = document.body.firstElementChild;
		return {
			root: getComputedStyle(root).display, loader: getComputedStyle(document.getElementById("app-wasm-loader")).visibility,
			busy: g.getAttribute("aria-busy"), status: g.querySelector("[role=status]").textContent,
			lp: g.querySelector("#c-0-0 .lp .value").textContent, turn: g.querySelector("#turn").textContent,
			undo: String(g.querySelector("#undo").getAttribute("aria-disabled")), counter: String(g.querySelector("#c-0-0 .lp .minus").getAttribute("aria-disabled")),
		};
	})()`)
	if !regexp.MustCompile(`^Loading…( \d+%)?$`).MatchString(state["status"]) {
		t.Errorf("the copy of the game says %q, not that it is loading (with app.wasm's share come)", state["status"])
	}
	want := map[string]string{"root": "none", "loader": "hidden", "busy": "true", "lp": "13/14", "turn": "Turn 1 of 10", "undo": "true", "counter": "true"}
	for k, v := range want {
		if state[k] != v {
			t.Errorf("the copy of the game: %s is %q, want %q", k, state[k], v)
		}
	}
	p.shot("glance-game-390")
	p.audit("the copy of the game's screen")
	sels := []string{"#turn", "#phase", "#undo", "#tab-0", "#tab-1", "#c-0-0", "#c-0-1", "#c-0-2", "#c-0-0 .lp", "#c-0-1 .actions", "#side-0 .gnosis-counter", "#next-phase"}
	copyBoxes := eval[[][]float64](p, glanceBoxesJS+`("#glance", `+jsonOf(sels)+`)`)

	// Taps on the copy: Nero's LP −1 twice, Grey's Actions −1, undo: no number changes, and
	// the copy says, where a toast shows, to tap again once the screen is ready.
	actions := eval[string](p, `document.querySelector("#glance #c-0-1 .actions .value").textContent`)
	p.tap("#glance #c-0-0 .lp .minus")
	p.tap("#glance #c-0-0 .lp .minus")
	p.tap("#glance #c-0-1 .actions .minus")
	p.tap("#glance #undo")
	p.wantText("#glance #c-0-0 .lp .value", "13/14")
	p.wantText("#glance #c-0-1 .actions .value", actions)
	p.wantText("#glance .glance-status", "Still starting: tap again once the screen is ready.")
	if !eval[bool](p, `(() => { const b = document.querySelector("#glance .glance-status").getBoundingClientRect(); return b.height > 20 && b.bottom <= innerHeight })()`) {
		t.Error("a tap on the copy says nothing the player can see")
	}
	p.shot("glance-tapped-390")

	eval[bool](p, `(window.releaseGo(), true)`)
	p.ready()
	if has(p, "#glance") || has(p, "body.glance") {
		t.Error("the copy stayed after Go drew the screen")
	}
	p.wantText("#c-0-0 .lp .value", "13/14")
	p.wantText("#c-0-1 .actions .value", actions)
	if got := gameEntries(p); got != before {
		t.Errorf("the game's log has %d entries after taps on the copy, from %d: the copy took a tap", got, before)
	}

	// The same screen, after the taps: boxes where the copy had them.
	sameBoxes(t, "the game", sels, copyBoxes, eval[[][]float64](p, glanceBoxesJS+`(".shell", `+jsonOf(sels)+`)`))
	wantAllKept(p, "the game's screen")

	// At 360 px, then the home screen.
	p.resize(360, 740)
	startHeld(p)
	p.waitFor(`!!document.getElementById("glance")`, "the copy at 360 px")
	p.shot("glance-game-360")
	eval[bool](p, `(window.releaseGo(), true)`)
	p.ready()
	p.resize(390, 844)

	p.click(".back")
	p.waitFor(`!!document.querySelector("#continue-game")`, "the home screen")
	startHeld(p)
	p.waitFor(`!!document.querySelector("#glance .home #continue-game")`, "the copy of the home screen")
	p.shot("glance-home-390")
	home := []string{"#continue-game", ".parties .party-item", "#my-cards"}
	copyBoxes = eval[[][]float64](p, glanceBoxesJS+`("#glance", `+jsonOf(home)+`)`)
	p.click("#glance #continue-game") // not yet: nothing happens
	eval[bool](p, `(window.releaseGo(), true)`)
	p.ready()
	if !has(p, "#continue-game") || has(p, "#glance") {
		t.Error("the home screen is not what go-app drew after its copy (a tap on the copy went through?)")
	}
	sameBoxes(t, "the home screen", home, copyBoxes, eval[[][]float64](p, glanceBoxesJS+`(".shell", `+jsonOf(home)+`)`))
	wantAllKept(p, "the home screen")

	// A copy whose records another tab changed since is never shown: the page leaves (the copy
	// is kept), another tab renames a party, the page comes back.
	other := p.newTab()
	other.open("http://" + srv.addr + "/")
	p.do(chromedp.Navigate("about:blank"))
	glanceJS := `JSON.parse(localStorage.getItem("gnosis-glance") || "{}").sum === localStorage.getItem("gnosis-glance-sum")`
	other.waitFor(glanceJS, "the copy of the home screen kept as the page left, and fresh")
	other.click(`button[aria-label="Edit Dark Hand"]`)
	other.waitFor(`!!document.querySelector("#party-name")`, "the party's editor")
	eval[bool](other, `(() => { const i = document.querySelector("#party-name"); i.value = "Dark Hand II"; i.dispatchEvent(new Event("input", {bubbles: true})); i.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	other.wantRecord("gnosis.parties", "renamed", func(s string) bool { return strings.Contains(s, "Dark Hand II") })
	if eval[bool](other, glanceJS) {
		t.Error("the other tab's change left the copy's sum as it was")
	}
	p.open("http://" + srv.addr + "/")
	if n := eval[int](p, `performance.getEntriesByName("gnosis:glance").length`); n != 0 {
		t.Error("a copy was shown over records another tab changed since it was kept")
	}
	p.wantText(".parties .party-item:nth-child(2) strong", "Dark Hand II")

	// Records changed behind the page script's back (not by a page of the app): the copy goes
	// as soon as the records read ahead show it, and the app starts as it would.
	p.reload() // the copy of the home screen is kept
	eval[bool](p, `new Promise((ok, no) => { const r = indexedDB.open("gnosis"); r.onsuccess = () => {
		const st = r.result.transaction("records", "readwrite").objectStore("records");
		const g = st.get("gnosis.parties"); g.onsuccess = () => { st.put(g.result.replace("Dark Hand II", "Dark Hand III"), "gnosis.parties"); st.transaction.oncomplete = () => ok(true); }; }; r.onerror = no; })`)
	startHeld(p)
	p.waitFor(`performance.getEntriesByName("gnosis:glance").length > 0 && !document.getElementById("glance")`, "the copy to be taken away")
	eval[bool](p, `(window.releaseGo(), true)`)
	p.ready()
	p.wantText(".parties .party-item:nth-child(2) strong", "Dark Hand III")
}

// wantAllKept keeps the screen as the page script does when the page is hidden, and fails the
// test on an element or attribute of it that is off the copy's lists (web/copy-data.js).
func wantAllKept(p *tab, screen string) {
	p.t.Helper()
	p.waitFor(`window.gnosis.keepGlance({leave: [], journal: "gnosis.journal", loading: "", starting: ""}) === ""`, "the screen kept")
	if dropped := eval[[]string](p, `window.gnosis.glanceDropped`); len(dropped) > 0 {
		p.t.Errorf("%s: the copy leaves out %v, which the screen draws: put them on web/copy-data.js's lists", screen, dropped)
	}
}

// has says whether an element matches css.
func has(p *tab, css string) bool {
	p.t.Helper()
	return eval[bool](p, `!!document.querySelector(`+q(css)+`)`)
}

// sameBoxes fails the test on an element whose box moved by more than a pixel from the copy of
// the screen (a) to go-app's (b).
func sameBoxes(t *testing.T, screen string, sels []string, a, b [][]float64) {
	t.Helper()
	for i, s := range sels {
		if a[i] == nil || b[i] == nil {
			t.Errorf("%s: %s is in the copy at %v, on go-app's screen at %v", screen, s, a[i], b[i])
			continue
		}
		for j := range 4 {
			if math.Abs(a[i][j]-b[i][j]) > 1 {
				t.Errorf("%s: %s moved when go-app drew the screen: %v in the copy, %v after", screen, s, a[i], b[i])
				break
			}
		}
	}
}

// jsonOf is v in JSON, for a test's script.
func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}
