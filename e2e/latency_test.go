package e2e

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

var (
	lightTen = []string{"Claire Adelheid", "Yuri Olsen", "Daniella Meris", "Duncan Reid", "Erika", "Janus Faith", "Kronen Roxxon", "Lilian Virgil", "Odin Goldsmith", "Sho"}
	darkTen  = []string{"Frederick Adler", "Iosara", "May", "October", "Samiel, The Black Lion", "September", "Valentine", "Vayl", "Xavier", "Azriel"}
)

func partyJSON(id, name string, chars []string) string {
	var entries []string
	for _, c := range chars {
		entries = append(entries, fmt.Sprintf(`{"name":%q}`, c))
	}
	return fmt.Sprintf(`{"id":%q,"party":{"version":1,"name":%q,"edition":"core","level":500,"organization":"","characters":[%s],"advantages":[]}}`,
		id, name, strings.Join(entries, ","))
}

// startTens opens a game of two parties of ten characters (Light Ten against Dark Ten, the
// player's first) in a new tab, at the start of its first turn.
func startTens(t *testing.T, srv *server) *tab {
	p := startPair(t, srv, "Light Ten", lightTen, "Dark Ten", darkTen)
	p.wantText("#c-1-9 .lp .value", "16/16")
	return p
}

// startPair opens, in a new tab, a game of two parties of 500 levels made of the characters
// named (the first party the player's, acting first), at the start of its first turn.
func startPair(t *testing.T, srv *server, mine string, ours []string, theirs string, others []string) *tab {
	return startPairOn(newPage(t), srv, mine, ours, theirs, others)
}

// startPairOn is startPair in the tab p.
func startPairOn(p *tab, srv *server, mine string, ours []string, theirs string, others []string) *tab {
	p.open("http://" + srv.addr + "/")
	parties := `{"v":2,"rev":1,"parties":[` + partyJSON("light", mine, ours) + `,` + partyJSON("dark", theirs, others) + `]}`
	eval[bool](p, `localStorage.setItem("gnosis.parties", `+q(parties)+`), true`)
	p.reload()
	p.click(`button[aria-label="Play with ` + mine + `"]`)
	p.choose("#opponent", theirs)
	p.choose("#first", "My party")
	p.click("#begin")
	return p
}

// TestTapLatency measures the time from a tap on a character's LP button to the frame that
// shows the new number, on the tracker with two parties of ten characters, with the CPU slowed
// 4 times (a mid-range phone). The tap's time is its click event's timeStamp, when the browser
// took the input, so the time the event waited for a busy page counts. Per tap it records:
//
//   - dom: tap to the first change of the page (the app's answer);
//   - painted: tap to the end of the frame that draws it (an animation frame after the change,
//     then a task after that frame's paint): the tap-to-repaint latency;
//   - full: tap to the last change of the page before the next tap (taps are 400 ms apart):
//     go-app's redraw of the whole screen.
//
// The floor is the same change (a new number in a row on screen) made by JavaScript alone on a
// tap on the title, measured the same way: the browser's own style, layout, paint and wait for
// the display's next frame (up to 16.7 ms at 60 Hz), which no page avoids. The same-button
// floor is that change made by JavaScript alone on a tap on the counters' own buttons, which
// adds what the browser spends on pressing a button. A last floor is a blank page with one
// button and one number, in a fresh browser; and the floor of a tap go-app answers is its hello
// world's button redrawing its count (goAppFloor).
// Then it measures the taps go-app answers: Activate and End of activation, 20 each.
// It writes p50, p95 and the worst to artifacts/latency.txt. It runs for make bench
// (GNOSIS_BENCH=1); it is a measurement, not a pass or fail.
func TestTapLatency(t *testing.T) {
	if os.Getenv("GNOSIS_BENCH") == "" {
		t.Skip("a measurement: make bench runs it (GNOSIS_BENCH=1)")
	}
	p := startTens(t, startServer(t))

	p.throttle(4)
	eval[bool](p, measureTaps)
	before := eval[string](p, `document.querySelector("#c-0-0 .lp .value").textContent`)
	const taps, floorTaps = 80, 40 // the app's taps; each floor's
	for i := 0; i < taps; i++ {
		// The side shown (its tab): each character down one, then up one, in turn.
		button := "minus"
		if (i/10)%2 == 1 {
			button = "plus"
		}
		css := fmt.Sprintf("#c-0-%d .lp .%s", i%10, button)
		p.tapAt(css)
		p.waitPainted(i)
		// A player's next tap comes a moment later; the page settles meanwhile.
		p.do(chromedp.Sleep(400 * time.Millisecond))
	}
	if got := eval[string](p, `document.querySelector("#c-0-0 .lp .value").textContent`); got != before {
		t.Errorf("after two taps down and two up, the first character's LP read %q, not %q", got, before)
	}
	// The floor: a tap on the title that JavaScript alone answers with the change a tap on a
	// counter makes (a new number in a row on screen), no app.wasm work; the number is put
	// back after.
	eval[bool](p, `(() => {
		const row = [...document.querySelectorAll(".character")].find(r => {
			const b = r.getBoundingClientRect();
			return b.top > 100 && b.bottom < innerHeight;
		});
		const text = row.querySelector(".lp .value").firstChild, was = text.nodeValue;
		let n = 0;
		document.querySelector("#turn").addEventListener("click", () => { text.nodeValue = (++n) + "/99"; });
		window.__restore = () => { text.nodeValue = was; };
		return true;
	})()`)
	for i := 0; i < floorTaps; i++ {
		p.tapAt("#turn")
		p.waitPainted(taps + i)
	}
	eval[bool](p, `window.__restore(), true`)
	// The same-button floor: the counters' own −1 buttons, tapped as above, answered by
	// JavaScript alone (the app never hears the tap) with the same change, a new number in
	// the row: what the browser spends on a tap on such a button (its press, focus and
	// frame) before the app does anything.
	eval[bool](p, `(() => {
		let n = 0;
		const restore = [];
		const answer = e => {
			const b = e.target.closest("button[data-counter]");
			if (!b) return;
			e.stopImmediatePropagation();
			const text = b.parentElement.querySelector(".value").firstChild;
			restore.push([text, text.nodeValue]);
			text.nodeValue = (++n) + "/99";
		};
		window.addEventListener("click", answer, true);
		window.__restore = () => {
			window.removeEventListener("click", answer, true);
			for (const [text, was] of restore.reverse()) text.nodeValue = was;
		};
		return true;
	})()`)
	for i := 0; i < floorTaps; i++ {
		p.tapAt(fmt.Sprintf("#c-0-%d .lp .minus", i%10))
		p.waitPainted(taps + floorTaps + i)
		p.do(chromedp.Sleep(400 * time.Millisecond))
	}
	eval[bool](p, `window.__restore(), true`)
	type tap struct{ Dom, Painted, Full float64 }
	all := eval[[]tap](p, `window.__taps`)
	app, floor, same := all[:taps], all[taps:taps+floorTaps], all[taps+floorTaps:]
	pick := func(ts []tap, f func(tap) float64) []float64 {
		var v []float64
		for _, x := range ts {
			v = append(v, f(x))
		}
		sort.Float64s(v)
		return v
	}
	pct := func(v []float64, q float64) float64 { return v[int(q*float64(len(v)-1)+0.5)] }
	painted, floorPainted := pick(app, func(x tap) float64 { return x.Painted }), pick(floor, func(x tap) float64 { return x.Painted })
	dom, full := pick(app, func(x tap) float64 { return x.Dom }), pick(app, func(x tap) float64 { return x.Full })
	record(t, "tap to repaint, 2 x 10 characters, CPU 4x slower: %d taps, p50 %.1f ms, p95 %.1f ms, worst %.1f ms",
		len(painted), pct(painted, 0.5), pct(painted, 0.95), painted[len(painted)-1])
	floorDom := pick(floor, func(x tap) float64 { return x.Dom })
	record(t, "floor: the same change made by JavaScript alone, same setting: p50 %.1f ms, p95 %.1f ms, worst %.1f ms (tap to the page changed: p50 %.1f ms, p95 %.1f ms)",
		pct(floorPainted, 0.5), pct(floorPainted, 0.95), floorPainted[len(floorPainted)-1], pct(floorDom, 0.5), pct(floorDom, 0.95))
	samePainted := pick(same, func(x tap) float64 { return x.Painted })
	record(t, "same-button floor: a counter's own button answered by JavaScript alone, same setting: p50 %.1f ms, p95 %.1f ms, worst %.1f ms",
		pct(samePainted, 0.5), pct(samePainted, 0.95), samePainted[len(samePainted)-1])
	record(t, "counter tap p95 / floor p95: %.2f (title floor), %.2f (same-button floor)",
		pct(painted, 0.95)/pct(floorPainted, 0.95), pct(painted, 0.95)/pct(samePainted, 0.95))
	record(t, "tap to the page changed: p50 %.1f ms, p95 %.1f ms; tap to go-app's redraw of the screen done: p50 %.1f ms, p95 %.1f ms",
		pct(dom, 0.5), pct(dom, 0.95), pct(full, 0.5), pct(full, 0.95))
	act, end := activationTaps(t, p, 20)
	record(t, "Activate to repaint, same setting: p50 %.1f ms, p95 %.1f ms; End (the turn passes) to repaint: p50 %.1f ms, p95 %.1f ms",
		pct(act, 0.5), pct(act, 0.95), pct(end, 0.5), pct(end, 0.95))
	blank := blankFloor(t, floorTaps)
	record(t, "floor on a blank page (a button and a number), same setting: p50 %.1f ms, p95 %.1f ms, worst %.1f ms",
		pct(blank, 0.5), pct(blank, 0.95), blank[len(blank)-1])
	goapp := goAppFloor(t, floorTaps)
	record(t, "floor of a tap go-app answers (its hello world's button and count), same setting: p50 %.1f ms, p95 %.1f ms, worst %.1f ms",
		pct(goapp, 0.5), pct(goapp, 0.95), goapp[len(goapp)-1])
	record(t, "Activate p50 / floor p50: %.2f (blank page), %.2f (go-app); End: %.2f (blank page), %.2f (go-app); go-app's floor / the blank page's: %.2f",
		pct(act, 0.5)/pct(blank, 0.5), pct(act, 0.5)/pct(goapp, 0.5), pct(end, 0.5)/pct(blank, 0.5), pct(end, 0.5)/pct(goapp, 0.5), pct(goapp, 0.5)/pct(blank, 0.5))
	os.WriteFile(artifacts+"/latency.txt", []byte(fmt.Sprintf("p50 %.1f ms\np95 %.1f ms\nmax %.1f ms\nfloor p50 %.1f ms p95 %.1f ms\nsamples %v\n",
		pct(painted, 0.5), pct(painted, 0.95), painted[len(painted)-1], pct(floorPainted, 0.5), pct(floorPainted, 0.95), all)), 0o644)
}

// tapAt brings the element of css to the middle of the screen, lets the page settle, and taps
// its centre with the mouse (pressed, released) at the coordinates read beforehand, so that the
// tap itself asks nothing of the page.
func (p *tab) tapAt(css string) {
	p.t.Helper()
	xy := eval[[]float64](p, `(() => {
		const el = document.querySelector(`+q(css)+`);
		el.scrollIntoView({block: "center"});
		const r = el.getBoundingClientRect();
		return [r.left + r.width/2, r.top + r.height/2];
	})()`)
	p.do(chromedp.Sleep(100 * time.Millisecond))
	p.do(chromedp.MouseClickXY(xy[0], xy[1]))
}

// measureTaps is the script that times every tap on the page: window.__taps gets, per click,
// dom (tap to the first change of the page), painted (tap to the task after the frame that
// draws it) and full (tap to the last change before the next tap), in milliseconds from the
// click's timeStamp.
const measureTaps = `(() => {
		window.__taps = [];
		window.addEventListener("click", e => {
			const t0 = e.timeStamp, tap = {t0};
			window.__taps.push(tap);
			const obs = new MutationObserver(() => {
				obs.disconnect();
				tap.dom = performance.now() - t0;
				requestAnimationFrame(() => setTimeout(() => { tap.painted = performance.now() - t0; }, 0));
			});
			obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
			// go-app's redraw of the screen: the last change before the next tap.
			if (window.__all) window.__all.disconnect();
			window.__all = new MutationObserver(() => { tap.full = performance.now() - t0; });
			window.__all.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
		}, true);
		return true;
	})()`

// waitPainted waits until measureTaps has timed the frame after tap i (counting from 0).
func (p *tab) waitPainted(i int) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`window.__taps.length > %d && window.__taps[%d].painted !== undefined`, i, i), "the frame after the tap")
}

// throttle slows the page's CPU rate times, as Chromium's DevTools do.
func (p *tab) throttle(rate float64) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(10*time.Second))
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
		return err
	}))
	if err != nil {
		p.t.Fatal(err)
	}
}

// goAppFloor measures taps on go-app's hello world (testdata/hello) whose button go-app
// answers by drawing the new count: the floor of any change go-app draws, its frame loop's wait
// (go-app v10 draws a frame 1/120 s after the first event that follows an idle moment) and an
// update of one small component included, in a fresh browser, same setting.
func goAppFloor(t *testing.T, taps int) []float64 {
	p := newPage(t)
	p.open(helloServer(t))
	p.throttle(4)
	eval[bool](p, measureTaps)
	for i := 0; i < taps; i++ {
		p.tapAt("#b")
		p.waitFor(fmt.Sprintf(`document.getElementById("v").textContent == "%d"`, i+1), "the count")
		p.waitPainted(i)
	}
	v := eval[[]float64](p, `window.__taps.map(t => t.painted)`)
	sort.Float64s(v)
	return v
}

// blankFloor measures taps on a page with nothing but a button and a number the button
// changes, under the same throttling: the floor of the measurement on this machine for any page.
func blankFloor(t *testing.T, taps int) []float64 {
	p := newPage(t)
	p.do(chromedp.Navigate(`data:text/html,<!doctype html><meta name=viewport content="width=device-width">` +
		`<body style="font:22px sans-serif"><button id=b style="width:48px;height:48px">+</button> <span id=v>0</span></body>`))
	p.throttle(4)
	eval[bool](p, measureTaps)
	eval[bool](p, `(() => {
		const text = document.getElementById("v").firstChild;
		let n = 0;
		document.getElementById("b").addEventListener("click", () => { text.nodeValue = ++n; });
		return true;
	})()`)
	for i := 0; i < taps; i++ {
		p.tapAt("#b")
		p.waitPainted(i)
	}
	v := eval[[]float64](p, `window.__taps.map(t => t.painted)`)
	sort.Float64s(v)
	return v
}

// activationTaps moves the game to the Action phase and taps Activate, then End, on n
// characters in turn (the sides alternate), each a moment after the last; it returns the
// taps' tap-to-repaint times, sorted. go-app redraws the screen for these.
func activationTaps(t *testing.T, p *tab, n int) (act, end []float64) {
	p.nextPhase()
	tap := func(css, done string) float64 {
		before := eval[int](p, `window.__taps.length`)
		p.tapAt(css)
		p.waitFor(done, css)
		p.waitPainted(before)
		p.do(chromedp.Sleep(300 * time.Millisecond))
		return eval[float64](p, fmt.Sprintf(`window.__taps[%d].painted`, before))
	}
	for i := 0; i < n; i++ {
		row := fmt.Sprintf("#c-%d-%d", i%2, i/2)
		act = append(act, tap(row+" .activate", `!!document.querySelector("`+openSheet+`")`))
		end = append(end, tap("#end-activation", `!document.querySelector("`+openSheet+`")`))
	}
	sort.Float64s(act)
	sort.Float64s(end)
	return act, end
}
