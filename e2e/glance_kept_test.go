package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// copyLP is Nero's LP as the copy of the game's screen shows it, once it shows.
func copyLP(p *tab) string {
	p.t.Helper()
	p.waitFor(`!!document.querySelector("#glance #c-0-0 .lp .value")`, "the copy of the game's screen")
	return eval[string](p, `document.querySelector("#glance #c-0-0 .lp .value").textContent`)
}

// TestGlanceShowsWhatIsKept: what the copy of the last screen shows is what the game holds,
// through a reload and a kill of the browser before Go is up (the copy takes no tap, so it shows
// none that could be lost), and a long press begun on the copy and ended on go-app's screen
// that replaced it counts nothing (no −1, no −5) and says so: no press outlives what started it.
// The CPU is slowed 4×, as on a phone.
func TestGlanceShowsWhatIsKept(t *testing.T) {
	srv := startServer(t)
	dir := t.TempDir()
	p := newPageIn(t, dir)
	startOn(p, srv)
	p.tapAndWaitSaved("#c-0-0 .lp .minus") // Nero 13/14
	p.waitFor(`!document.body.hasAttribute("data-redraw-pending")`, "the tracker to redraw")
	p.throttle(4)
	entries := gameEntries(p)

	// Taps on the copy, then a reload before Go is up.
	startHeld(p)
	p.tap("#glance #c-0-0 .lp .minus")
	p.tap("#glance #c-0-0 .lp .minus")
	shown := copyLP(p)
	p.reload()
	p.wantText("#c-0-0 .lp .value", shown)
	if got := gameEntries(p); got != entries {
		t.Errorf("after taps on the copy and a reload the log has %d entries, from %d", got, entries)
	}

	// A long press on the copy's − that ends on go-app's button, once the copy has gone.
	startHeld(p)
	at := eval[[]float64](p, `(() => { const b = document.querySelector("#glance #c-0-0 .lp .minus").getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2] })()`)
	p.do(chromedp.MouseEvent(chromedp.MousePressed, at[0], at[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	eval[bool](p, `(window.releaseGo(), true)`)
	p.ready()
	holdMs := 2 * 450.0 // twice the long press's time (app/ui holdTime)
	time.Sleep(time.Duration(holdMs) * time.Millisecond)
	p.do(chromedp.MouseEvent(chromedp.MouseReleased, at[0], at[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.waitFor(`!document.body.hasAttribute("data-redraw-pending")`, "the tracker at rest")
	p.wantText("#c-0-0 .lp .value", shown)
	if got := gameEntries(p); got != entries {
		t.Errorf("a press begun on the copy took %d entries", got-entries)
	}
	p.wantIn("#notice", "That press began while Gnosis was still starting, and counted nothing: tap again.") // issue 62: said, not dropped silently
	p.click("#notice button.icon")

	// Taps on the copy, then the browser killed before Go is up.
	startHeld(p)
	p.tap("#glance #c-0-0 .lp .minus")
	shown = copyLP(p)
	p.kill()
	p = newPageIn(t, dir)
	p.open("http://" + srv.addr + "/#/game")
	p.wantText("#c-0-0 .lp .value", shown)
}

// slowReads holds back by ms every read the app's Go makes of the records (window.gnosis.store's
// get and scan; the page script's own reads are not held back), as on a slow phone: another
// tab's change is then drawn that much later.
func slowReads(p *tab, ms int) {
	p.t.Helper()
	eval[bool](p, fmt.Sprintf(`(() => { const st = window.gnosis.store;
		for (const m of ["get", "scan"]) { const f = st[m]; st[m] = (...a) => new Promise((ok) => setTimeout(ok, %d)).then(() => f.apply(st, a)); }
		return true })()`, ms))
}

// TestGlanceNeverOlderThanItsSum: another tab's change takes the copy's sum away until this
// tab has drawn the change: a page that goes between its page script's reading of the change
// and Go's drawing of it keeps no copy that the next start would show over the new records.
// The tab that hears draws the change 1.5 s late (slowReads); it goes at delays from 0 to 0.8 s
// after the change, then once it has drawn it, and whenever a copy shows at the next start its
// LP is the game's.
func TestGlanceNeverOlderThanItsSum(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	a := startSeeded(t, srv)
	b := a.newTab()
	lp := 14
	shown := 0
	for _, delay := range []time.Duration{0, 100, 400, 800, -1} {
		b.open("http://" + srv.addr + "/#/game")
		b.wantText("#c-1-0 .lp .value", fmt.Sprintf("%d/14", lp))
		slowReads(b, 1500)
		a.tapAndWaitSaved("#c-1-0 .lp .minus")
		lp--
		if delay >= 0 {
			time.Sleep(delay * time.Millisecond)
		} else {
			b.wantText("#c-1-0 .lp .value", fmt.Sprintf("%d/14", lp))
		}
		b.do(chromedp.Navigate("about:blank"))
		held(b, chromedp.Navigate("http://"+srv.addr+"/#/game"))
		b.waitFor(`document.readyState !== "loading"`, "the page read")
		if has(b, "#glance") {
			shown++
			if got := eval[string](b, `document.querySelector("#glance #c-1-0 .lp .value").textContent`); got != fmt.Sprintf("%d/14", lp) {
				t.Errorf("gone %v after the other tab's change: the copy shows Xavier at %s, the game holds %d/14", delay*time.Millisecond, got, lp)
			}
		}
		eval[bool](b, `(window.releaseGo(), true)`)
		b.ready()
		b.wantText("#c-1-0 .lp .value", fmt.Sprintf("%d/14", lp))
	}
	if shown == 0 {
		t.Error("no copy was ever shown: the test did not test")
	}
	t.Logf("a copy shown at %d of 5 starts", shown)
}

// fillLocalStorage fills the origin's localStorage to its quota with records of its own, as
// another app on the same host would; freeLocalStorage takes them away.
const (
	fillLocalStorage = `(() => { let n = 1 << 20, i = 0;
		while (n >= 4) { try { localStorage.setItem("other-app-" + i, "x".repeat(n)); i++; } catch (e) { n >>= 1; } }
		return i })()`
	freeLocalStorage = `(() => { for (const k of Object.keys(localStorage)) if (k.startsWith("other-app-")) localStorage.removeItem(k); return true })()`
)

// TestJournalBeforeTheCopy: with localStorage full (another app of the same origin), a tap
// then an immediate reload keeps the tap: the journal is written in the room kept for it at
// the start, and where that room is gone the copy of the last screen gives its own. A start
// that cannot keep the journal's room says so at once. The CPU is slowed 4×.
func TestJournalBeforeTheCopy(t *testing.T) {
	srv := startServer(t)
	p := startSeeded(t, srv)
	p.expectErrors("QuotaExceededError", "quota")
	p.throttle(4)
	lp := 14
	for trial := range 4 {
		copyRoom := trial%2 == 1 // the room not kept: the copy's is what there is
		eval[bool](p, freeLocalStorage)
		p.reload()
		if copyRoom {
			p.waitFor(`window.gnosis.keepGlance({leave: [], journal: "gnosis.journal", loading: "", starting: ""}) === ""`, "a copy kept")
			eval[bool](p, `localStorage.removeItem("gnosis-journal-room"), true`)
		}
		eval[int](p, fillLocalStorage)
		// The tap's save may not reach the database before the reload, as on a phone that goes
		// at once: this page holds the store's lock, which the reload lets go.
		eval[bool](p, `new Promise((held) => navigator.locks.request("gnosis.store", () => { held(true); return new Promise(() => {}) }))`)
		eval[bool](p, `document.querySelector("#c-1-0 .lp .minus").click(), true`) // the tap, then the reload at once
		p.do(chromedp.Reload())
		lp--
		p.ready()
		p.wantText("#c-1-0 .lp .value", fmt.Sprintf("%d/14", lp))
		if copyRoom && eval[bool](p, `localStorage.getItem("gnosis-glance") !== null`) {
			t.Errorf("trial %d: the copy kept its room over the journal", trial)
		}
	}
	// A start with no room for the journal says so at once.
	eval[bool](p, freeLocalStorage)
	p.reload()
	eval[bool](p, `localStorage.removeItem("gnosis-journal-room"), true`)
	eval[int](p, fillLocalStorage)
	p.reload()
	p.wantIn("#notice", "The browser's storage is full: a change made just before Gnosis closes could be lost.")
	p.shot("journal-room-full")
	eval[bool](p, freeLocalStorage)
}

// forgedTree is a copy of a screen as no screen draws it: elements and attributes that run,
// load, animate or lead away, and shapes that are no element at all.
const forgedTree = `["div", {"class": "shell home"},
	["h1", {}, "Forged"],
	["script", {}, "document.title = 'ran'"],
	["img", {"src": "/x.png", "onerror": "document.title = 'ran'"}],
	["a", {"href": "javascript:document.title='ran'", "id": "js-link"}, "a"],
	["a", {"href": "//elsewhere.example/", "id": "far-link"}, "b"],
	["a", {"href": "#/game", "id": "own-link"}, "c"],
	["iframe", {"src": "data:text/html,x"}],
	["div", {"style": "background: url(/x.png)", "id": "styled"}],
	["div", {"style": "color: red", "id": "coloured", "onclick": "document.title = 'ran'", "srcdoc": "x"}],
	["form", {"action": "https://elsewhere.example/"}, ["button", {"formaction": "javascript:x", "id": "b1"}, "go"]],
	["input", {"onfocus": "document.title = 'ran'", "autofocus": ""}],
	["meta", {"http-equiv": "refresh", "content": "0;url=https://elsewhere.example/"}],
	["svg:svg", {"viewBox": "0 0 10 10"},
		["svg:a", {"href": "javascript:x"}, ["svg:text", {}, "t"]],
		["svg:animate", {"attributeName": "href", "values": "javascript:document.title='ran'"}],
		["svg:set", {"attributeName": "href", "to": "javascript:x"}],
		["svg:use", {"href": "data:image/svg+xml,x"}],
		["svg:foreignObject", {}, ["div", {}, "inside"]],
		["svg:circle", {"cx": "5", "cy": "5", "r": "4", "onload": "x"}, ["svg:animate", {"attributeName": "href"}]]],
	["unknown-element", {}],
	[42], null, ["div", "not attributes", "kept text"], {"an": "object"}
]`

// TestGlanceForgedCopy: a copy of the screen forged in localStorage (the same origin: another
// app on one host, an extension) builds only what the allow-list of web/copy-data.js names: no
// element that runs, loads or animates (SVG animation among them), no handler, no address but
// the page's own, no style that loads; nothing runs and the page goes nowhere.
func TestGlanceForgedCopy(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	p.waitFor(`window.gnosis.keepGlance({leave: [], journal: "gnosis.journal", loading: "Loading…", starting: ""}) === ""`, "a copy kept")
	forge := `(() => { const g = JSON.parse(localStorage.getItem("gnosis-glance")); if (!g) return;
		g.tree = ` + forgedTree + `; localStorage.setItem("gnosis-glance", JSON.stringify(g)); })()`
	// The reload's own keeping is stopped: the copy forged is the one read at the next start.
	eval[bool](p, `(() => { window.gnosis.keepGlance = () => "held by the test"; return true })()`)
	held(p, chromedp.Reload(), forge)
	p.waitFor(`!!document.querySelector("#glance h1")`, "the forged copy")
	got := eval[map[string]any](p, `(() => {
		const g = document.getElementById("glance"), bad = [];
		const tags = new Set(["div", "h1", "a", "p", "form", "button", "input", "svg", "text", "circle"]);
		for (const e of g.querySelectorAll("*")) {
			if (!tags.has(e.localName)) bad.push(e.localName);
			for (const a of e.attributes) {
				if (/^on|^(src|srcdoc|action|formaction|autofocus|attributename|values|xlink:href)$/i.test(a.name)) bad.push(e.localName + "[" + a.name + "]");
				if (/javascript:|url\(|\/\/elsewhere/i.test(a.value)) bad.push(e.localName + "[" + a.name + "=" + a.value + "]");
			}
		}
		return {bad, title: document.title, own: (g.querySelector("#own-link") || {}).getAttribute?.("href") || "",
			coloured: (g.querySelector("#coloured") || {}).getAttribute?.("style") || "", text: g.textContent};
	})()`)
	if bad, _ := got["bad"].([]any); len(bad) > 0 {
		t.Errorf("the forged copy built %v", bad)
	}
	if got["own"] != "#/game" || got["coloured"] != "color: red" {
		t.Errorf("what the screens draw was left out too: own link %q, style %q", got["own"], got["coloured"])
	}
	if text, _ := got["text"].(string); !strings.Contains(text, "kept text") || strings.Contains(text, "inside") {
		t.Errorf("the copy's texts: %q", text)
	}
	eval[bool](p, `(window.releaseGo(), true)`)
	p.ready()
	if title := eval[string](p, `document.title`); title == "ran" {
		t.Error("a script of the forged copy ran")
	}
	if u := eval[string](p, `location.origin`); u != "http://"+srv.addr {
		t.Errorf("the page went to %s", u)
	}
}

// TestSeenAfterTheDrawing: issue 61: after another tab's change, this page tells its script
// that the screen is as the records are (store.seen, which lets a copy of the screen be kept
// under the records' new sum) only once go-app has patched the screen: at the moment seen is
// called, the screen already shows the change. Ten changes in a row, the CPU slowed 4×, so
// that a page patched a frame after seen (the window a hidden page once kept the old screen
// under the new sum in) is caught every time.
func TestSeenAfterTheDrawing(t *testing.T) {
	srv := startServer(t)
	a := startSeeded(t, srv)
	b := a.newTab()
	b.open("http://" + srv.addr + "/#/game")
	b.wantText("#c-1-0 .lp .value", "14/14")
	eval[bool](b, `(() => { const st = window.gnosis.store, f = st.seen; window.seenShowing = [];
		st.seen = function (...args) { const v = document.querySelector("#c-1-0 .lp .value"); window.seenShowing.push(v ? v.textContent : ""); return f.apply(this, args); };
		return true })()`)
	b.throttle(4)
	for i := 1; i <= 10; i++ {
		a.tapAndWaitSaved("#c-1-0 .lp .minus")
		b.waitFor(fmt.Sprintf(`window.seenShowing.length >= %d`, i), "the other tab's change seen")
		want := fmt.Sprintf("%d/14", 14-i)
		if got := eval[string](b, fmt.Sprintf(`window.seenShowing[%d]`, i-1)); got != want {
			t.Errorf("change %d: when seen was told, the screen showed Xavier at %s, the records %s", i, got, want)
		}
	}
}
