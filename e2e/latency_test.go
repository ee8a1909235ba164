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

// TestTapLatency measures the time from a tap (its click, caught first on window) to the frame that
// shows the new number (the first change of the page, then the next animation frame), on the tracker
// with two parties of ten characters, with the CPU slowed 4 times (a mid-range phone). It
// records p50, p95 and the worst in artifacts/latency.txt. It runs for make bench
// (GNOSIS_BENCH=1); it is a measurement, not a pass or fail.
func TestTapLatency(t *testing.T) {
	if os.Getenv("GNOSIS_BENCH") == "" {
		t.Skip("a measurement: make bench runs it (GNOSIS_BENCH=1)")
	}
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	parties := `{"v":2,"rev":1,"parties":[` + partyJSON("light", "Light Ten", lightTen) + `,` + partyJSON("dark", "Dark Ten", darkTen) + `]}`
	eval[bool](p, `localStorage.setItem("gnosis.parties", `+q(parties)+`), true`)
	p.reload()
	p.click(`button[aria-label="Play with Light Ten"]`)
	p.choose("#opponent", "Dark Ten")
	p.choose("#first", "My party")
	p.click("#begin")
	p.wantText("#c-1-9 .lp .value", "16/16")

	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: 4})
		return err
	}))
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](p, `(() => {
		window.__lat = []; window.__dom = []; window.__full = [];
		window.addEventListener("click", () => {
			const t0 = performance.now();
			const obs = new MutationObserver(() => {
				obs.disconnect();
				window.__dom.push(performance.now() - t0);
				requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - t0), 0));
			});
			obs.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
			// The engine's redraw: the tapped row's other counter buttons get their state
			// again; watch for the next change after the first.
			let seen = 0;
			const all = new MutationObserver(() => {
				if (++seen == 2) { all.disconnect(); requestAnimationFrame(() => setTimeout(() => window.__full.push(performance.now() - t0), 0)); }
			});
			all.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
		}, true);
		return true;
	})()`)
	const taps = 80
	for i := 0; i < taps; i++ {
		side, row := i%2, (i/2)%10
		button := "minus"
		if (i/20)%2 == 1 {
			button = "plus"
		}
		css := fmt.Sprintf("#c-%d-%d .lp .%s", side, row, button)
		eval[bool](p, `document.querySelector(`+q(css)+`).scrollIntoView({block: "center"}), true`)
		p.do(chromedp.Click(chromedp.CSS(css)))
		p.waitFor(fmt.Sprintf(`window.__lat.length >= %d`, i+1), "the frame after the tap")
	}
	// The floor of this measurement: a tap that only JavaScript answers (the title), with no
	// app.wasm work, under the same throttling.
	n := len(eval[[]float64](p, `window.__lat`))
	eval[bool](p, `document.querySelector(".topbar h1").addEventListener("click", e => { e.target.dataset.t = Date.now() }), true`)
	for i := 0; i < 20; i++ {
		p.do(chromedp.Click(chromedp.CSS(".topbar h1")))
		p.waitFor(fmt.Sprintf(`window.__lat.length >= %d`, n+i+1), "the frame after the tap")
	}
	floor := eval[[]float64](p, `window.__lat.slice(`+fmt.Sprint(n)+`)`)
	sort.Float64s(floor)
	record(t, "floor of the measurement (a tap only JavaScript answers), same setting: p50 %.1f ms, p95 %.1f ms", floor[len(floor)/2], floor[int(0.95*float64(len(floor)-1))])
	eval[bool](p, `window.__lat = window.__lat.slice(0, `+fmt.Sprint(n)+`), true`)
	lat := eval[[]float64](p, `window.__lat`)
	sort.Float64s(lat)
	pct := func(q float64) float64 { return lat[int(q*float64(len(lat)-1))] }
	record(t, "tap to repaint, 2 x 10 characters, CPU 4x slower: %d taps, p50 %.1f ms, p95 %.1f ms, worst %.1f ms",
		len(lat), pct(0.5), pct(0.95), lat[len(lat)-1])
	full := eval[[]float64](p, `window.__full`)
	sort.Float64s(full)
	if len(full) > 0 {
		record(t, "tap to the full redraw by the engine (buttons and all), same setting: p50 %.1f ms, p95 %.1f ms",
			full[len(full)/2], full[int(0.95*float64(len(full)-1))])
	}
	os.WriteFile(artifacts+"/latency.txt", []byte(fmt.Sprintf("p50 %.1f ms\np95 %.1f ms\nmax %.1f ms\nsamples %v\n", pct(0.5), pct(0.95), lat[len(lat)-1], lat)), 0o644)
}
