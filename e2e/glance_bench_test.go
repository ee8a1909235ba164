package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// paintedJS marks the frame after the page's first content is drawn: a mark in the task after
// the next animation frame (the static floor's own script, and web/copy.js for the copy).
const paintedJS = `requestAnimationFrame(() => setTimeout(() => performance.mark("painted"), 0));`

// staticFloor serves a page of a heading and a paragraph with Gnosis's stylesheet and no other
// script than paintedJS: the least a page with that stylesheet takes to paint.
func staticFloor(t *testing.T) string {
	t.Helper()
	css, err := os.ReadFile("../web/gnosis.css")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gnosis.css" {
			w.Header().Set("Content-Type", "text/css")
			w.Write(css)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1">`+
			`<link rel="stylesheet" href="/gnosis.css"></head><body><div class="shell"><header class="topbar"><h1>Gnosis</h1></header>`+
			`<p>Church of Light vs Dark Hand · Turn 1 · Action phase</p></div><script>`+paintedJS+`</script></body></html>`)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// TestGlancePaint measures, at phone size with the CPU 4 times slower, when the copy of the
// game's screen painted by the page script (the glance) is first on screen in a warm start of
// the installed app, against the first paint of a static page with the same stylesheet (the
// floor, in the same run), and when go-app's own screen replaces it (data-ready). Three
// launches each; medians. A measurement for make bench (GNOSIS_BENCH=1), not a pass or fail.
func TestGlancePaint(t *testing.T) {
	if os.Getenv("GNOSIS_BENCH") == "" {
		t.Skip("a measurement: make bench runs it (GNOSIS_BENCH=1)")
	}
	srv := startServer(t)
	u := "http://" + srv.addr + "/"
	floor := staticFloor(t)
	dir := t.TempDir()
	install(t, dir, u)
	p := newPageIn(t, dir)
	startOn(p, srv)
	// The copy is kept as the page goes, once every change is on the device (none waits in the
	// journal, over which no copy shows).
	p.waitFor(`document.body.getAttribute("data-game-saved") !== null && !document.body.hasAttribute("data-game-unsaved") && !document.body.hasAttribute("data-redraw-pending")`, "the game saved")
	p.reload()
	chromedp.Cancel(p.ctx)

	mark := func(p *tab, name string) float64 {
		return eval[float64](p, `(() => { const e = performance.getEntriesByName(`+q(name)+`)[0]; return e ? e.startTime : -1 })()`)
	}
	const launches = 3
	var floors, copies, ready, shown, page []float64
	for range launches {
		fdir := t.TempDir()
		for i := range 2 { // the second load is warm
			f := newPageIn(t, fdir)
			f.throttle(4)
			f.do(chromedp.Navigate(floor))
			f.waitFor(`performance.getEntriesByName("painted").length > 0`, "the static page's paint")
			if i == 1 {
				floors = append(floors, mark(f, "painted"))
			}
			chromedp.Cancel(f.ctx)
		}
		g, ph := start(t, dir, u+"#/game")
		painted := mark(g, "gnosis:glance-painted")
		if painted < 0 {
			t.Fatalf("no copy of the game's screen was painted: %+v", ph)
		}
		shown = append(shown, mark(g, "gnosis:glance"))
		page = append(page, ph.Page)
		copies = append(copies, painted)
		ready = append(ready, ph.Ready)
		chromedp.Cancel(g.ctx)
	}
	record(t, "the copy of the game's screen painted, warm start, CPU 4x slower: %s; static page with the same stylesheet painted %s; ratio %.2f",
		msSpread(copies), msSpread(floors), median(copies)/median(floors))
	record(t, "  the page's response %s (through the service worker); the copy built %s", msSpread(page), msSpread(shown))
	record(t, "  go-app's screen in its place (data-ready): %s, %.2fx the floor", msSpread(ready), median(ready)/median(floors))
}
