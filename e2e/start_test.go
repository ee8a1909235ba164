package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// startMarks is put into every document before its own scripts: it marks when the page asks
// for app.wasm to be compiled and instantiated and when that is done, whichever loader asks
// (go-app's app.js, or Gnosis's), without changing either.
const startMarks = `(() => {
	const once = (n) => performance.getEntriesByName(n).length || performance.mark(n);
	for (const name of ["compileStreaming", "compile", "instantiateStreaming", "instantiate"]) {
		const f = WebAssembly[name];
		if (!f) continue;
		WebAssembly[name] = function (...args) {
			once("start:wasm");
			return f.apply(this, args).then((r) => {
				once(name.startsWith("compile") ? "start:compiled" : "start:instantiated");
				return r;
			});
		};
	}
})()`

// startPhasesJS reads a start's timings, in milliseconds from navigation: the page's own
// (navigation and resource timing) and the marks (startMarks', and Gnosis's from app/ui/marks.go).
const startPhasesJS = `(() => {
	const nav = performance.getEntriesByType("navigation")[0];
	const wasm = performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname.endsWith("/app.wasm"));
	const mark = (n) => { const e = performance.getEntriesByName(n, "mark")[0]; return e ? e.startTime : -1; };
	return {
		page: nav.responseEnd,
		fetchStart: wasm ? wasm.startTime : -1, fetchEnd: wasm ? wasm.responseEnd : -1,
		transfer: wasm ? wasm.transferSize : -1,
		wasm: mark("start:wasm"), compiled: mark("start:compiled"), instantiated: mark("start:instantiated"),
		main: mark("gnosis:main"), mount: mark("gnosis:mount"), storage: mark("gnosis:storage"), loaded: mark("gnosis:loaded"),
		ready: Number(document.body.getAttribute("data-ready")),
	};
})()`

// startPhases is one start's timings (startPhasesJS), in milliseconds from navigation; -1
// where a page has no such mark (the hello world has none of Gnosis's).
type startPhases struct {
	Page, FetchStart, FetchEnd, Transfer float64
	Wasm, Compiled, Instantiated         float64
	Main, Mount, Storage, Loaded, Ready  float64
}

// launch starts a browser on the profile in dir, slows its CPU 4 times, opens u, and returns
// the start's timings once the app marks data-ready; the browser is closed after.
func launch(t *testing.T, dir, u string) startPhases {
	t.Helper()
	p, ph := start(t, dir, u)
	if err := chromedp.Cancel(p.ctx); err != nil {
		t.Logf("closing the browser: %v", err)
	}
	return ph
}

// install opens u in a fresh browser on the profile in dir (a first visit, a cold start) and
// waits until the service worker keeps the app; it returns the cold start's timings.
func install(t *testing.T, dir, u string) startPhases {
	t.Helper()
	p, ph := start(t, dir, u)
	p.waitPrecached("/web/app.wasm")
	if err := chromedp.Cancel(p.ctx); err != nil {
		t.Logf("closing the browser: %v", err)
	}
	return ph
}

// start opens u in a new browser on the profile in dir, its CPU 4 times slower and startMarks
// in every document, and reads the start's timings once the app marks data-ready.
func start(t *testing.T, dir, u string) (*tab, startPhases) {
	t.Helper()
	return startWith(t, dir, u, "")
}

// startWith is start with a script of the test's own put into the document before its own.
func startWith(t *testing.T, dir, u, script string) (*tab, startPhases) {
	t.Helper()
	p := newPageIn(t, dir)
	p.throttle(4)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: startMarks + ";" + script})
		return err
	}))
	p.open(u)
	ph := eval[startPhases](p, startPhasesJS)
	if ph.Ready <= 0 || ph.Instantiated <= 0 {
		t.Fatalf("the start of %s was not timed: %+v", u, ph)
	}
	return p, ph
}

// helloServer builds go-app's hello world (testdata/hello, a module of its own: go-app as a
// go-app user gets it, not Gnosis's patched copy) as Gnosis is built and serves it.
func helloServer(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	build := func(env []string, args ...string) {
		cmd := exec.Command("go", args...)
		cmd.Dir = filepath.Join("testdata", "hello")
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("building the hello world: %v\n%s", err, out)
		}
	}
	build(nil, "build", "-o", filepath.Join(dir, "hello"), ".")
	build([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "web", "app.wasm"), ".")
	icon, err := os.ReadFile("../web/icon-192.png")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "web", "icon.png"), icon, 0o644); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	cmd := exec.Command(filepath.Join(dir, "hello"), "-addr", addr)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	waitHTTP(t, "http://"+addr+"/")
	return "http://" + addr + "/"
}

// TestStartTrace measures where a start of Gnosis goes, beside go-app v10's hello world (the
// floor: the least any go-app app does to start) in the same run and the same setting: headless
// Chromium at phone size, the CPU 4 times slower, the time from navigation to data-ready (the
// first screen drawn). Each of three launches installs the app in a fresh profile (the cold
// start: a first visit, app.wasm from the network), then starts it twice more in a new browser
// on that profile (warm starts: the app from the service worker's cache; the second is what a
// player meets every other time, the browser having kept what it keeps after a start). Gnosis
// opens on its home screen with nothing saved, and on a game of 70,000 gestures.
// It records the medians, the spread and each phase: the page, app.wasm fetched, compiled and
// instantiated, Go's start (runtime and package initialisation), go-app's set-up, the storage
// opened, the records read (the game replayed), the first screen drawn. Then the ratios to the
// floor, with a line starting "OVER" when the warm start passes 1.0× the floor (make bench
// prints it). A measurement for make bench (GNOSIS_BENCH=1), not a pass or fail.
func TestStartTrace(t *testing.T) {
	if os.Getenv("GNOSIS_BENCH") == "" {
		t.Skip("a measurement: make bench runs it (GNOSIS_BENCH=1)")
	}
	gnosis := "http://" + startServer(t).addr + "/"
	const launches = 3
	ready := func(ps []startPhases) []float64 {
		var v []float64
		for _, p := range ps {
			v = append(v, p.Ready)
		}
		return v
	}
	t.Run("against the floor", func(t *testing.T) {
		hello := helloServer(t)
		type runs struct{ cold, warm1, warm []startPhases }
		measure := func(r *runs, u string) {
			dir := t.TempDir()
			r.cold = append(r.cold, install(t, dir, u))
			r.warm1 = append(r.warm1, launch(t, dir, u))
			r.warm = append(r.warm, launch(t, dir, u))
		}
		// The two in turn, so that a slow moment of the machine falls on both.
		var h, g runs
		for range launches {
			measure(&h, hello)
			measure(&g, gnosis)
		}
		for _, row := range []struct {
			what string
			h, g []startPhases
		}{{"cold start (first visit)", h.cold, g.cold}, {"warm start, first after install", h.warm1, g.warm1}, {"warm start", h.warm, g.warm}} {
			hm, gm := median(ready(row.h)), median(ready(row.g))
			record(t, "%s, CPU 4x slower: Gnosis %s; hello world %s; ratio %.2f", row.what, msSpread(ready(row.g)), msSpread(ready(row.h)), gm/hm)
			record(t, "  Gnosis phases (medians): %s", phaseLine(row.g))
			record(t, "  hello world phases (medians): %s", phaseLine(row.h))
		}
		if r := median(ready(g.warm)) / median(ready(h.warm)); r > 1.0 {
			record(t, "OVER: the warm start is %.2fx the hello world's, past 1.0x", r)
		}
	})
	t.Run("a long game", func(t *testing.T) {
		short := gameStarts(t, gnosis, 2, launches)
		long := gameStarts(t, gnosis, 70000, launches)
		record(t, "warm start on a new game: %s; phases: %s", msSpread(ready(short)), phaseLine(short))
		record(t, "warm start on a game of 70,000 gestures: %s, %.2fx a new game's; phases: %s",
			msSpread(ready(long)), median(ready(long))/median(ready(short)), phaseLine(long))
	})
}

// gameStarts writes a game of two parties of ten characters with entries in its log into a
// profile where Gnosis is installed, opens it once (the app then keeps what it keeps for the
// next start), and times n warm starts on it.
func gameStarts(t *testing.T, u string, entries, n int) []startPhases {
	t.Helper()
	dir := t.TempDir()
	install(t, dir, u)
	p := newPageIn(t, dir)
	p.open(u)
	writeGame(t, p, tenAgainstTen(t, entries))
	chromedp.Cancel(p.ctx)
	launch(t, dir, u+"#/game")
	var out []startPhases
	for range n {
		out = append(out, launch(t, dir, u+"#/game"))
	}
	return out
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// msSpread is "median N ms (min–max of n)".
func msSpread(v []float64) string {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return fmt.Sprintf("median %.0f ms (%.0f–%.0f of %d)", median(s), s[0], s[len(s)-1], len(s))
}

// phaseLine is each phase's median duration, in order, for the starts given.
func phaseLine(ps []startPhases) string {
	type phase struct {
		name     string
		from, to func(startPhases) float64
	}
	phases := []phase{
		{"page", func(startPhases) float64 { return 0 }, func(p startPhases) float64 { return p.Page }},
		{"to the wasm request", func(p startPhases) float64 { return p.Page }, func(p startPhases) float64 { return p.FetchStart }},
		{"app.wasm fetched", func(p startPhases) float64 { return p.FetchStart }, func(p startPhases) float64 { return p.FetchEnd }},
		{"compiled after its last byte", func(p startPhases) float64 { return p.FetchEnd }, func(p startPhases) float64 { return p.Instantiated }},
		{"Go's start (runtime, package init)", func(p startPhases) float64 { return p.Instantiated }, func(p startPhases) float64 { return p.Main }},
		{"go-app's set-up", func(p startPhases) float64 { return p.Main }, func(p startPhases) float64 { return p.Mount }},
		{"storage opened", func(p startPhases) float64 { return p.Mount }, func(p startPhases) float64 { return p.Storage }},
		{"records read", func(p startPhases) float64 { return p.Storage }, func(p startPhases) float64 { return p.Loaded }},
		{"first screen drawn", func(p startPhases) float64 { return p.Loaded }, func(p startPhases) float64 { return p.Ready }},
		{"instantiated to drawn", func(p startPhases) float64 { return p.Instantiated }, func(p startPhases) float64 { return p.Ready }},
	}
	var parts []string
	for _, ph := range phases {
		var v []float64
		for _, p := range ps {
			from, to := ph.from(p), ph.to(p)
			if from < 0 || to < 0 {
				continue
			}
			v = append(v, to-from)
		}
		if len(v) == len(ps) {
			parts = append(parts, fmt.Sprintf("%s %.0f", ph.name, median(v)))
		}
	}
	var kb []float64
	for _, p := range ps {
		kb = append(kb, p.Transfer/1e3)
	}
	return strings.Join(parts, " · ") + fmt.Sprintf(" ms; app.wasm transferred %.0f kB", median(kb))
}

// TestWasmFetchedOnce: go-app's loader asks for app.wasm once its first frame is painted
// (web/boot.js holds that one fetch): one request for app.wasm per start, on a first visit and
// from the service worker's cache after.
func TestWasmFetchedOnce(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	count := func() int {
		p.mu.Lock()
		defer p.mu.Unlock()
		n := 0
		for _, r := range p.requests {
			if strings.HasSuffix(r, "/web/app.wasm") {
				n++
			}
		}
		return n
	}
	p.open("http://" + srv.addr + "/")
	if n := count(); n != 1 {
		t.Errorf("a first visit asked for app.wasm %d times", n)
	}
	p.waitPrecached("/web/app.wasm")
	p.reload()
	if n := count(); n != 2 {
		t.Errorf("a start from the service worker's cache asked for app.wasm %d times", n-1)
	}
}
