package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

const (
	phoneWidth  = 390
	phoneHeight = 844
	artifacts   = "artifacts"
)

func TestMain(m *testing.M) {
	if os.Getenv("GNOSIS_E2E") == "" {
		// Only the suite's layout is checked (which tests run alone), as make test-unit runs it.
		fmt.Println("e2e: skipped; set GNOSIS_E2E=1 (make test does) to drive the PWA in Chromium")
		flag.Parse()
		flag.Set("test.run", "^TestSuiteLayout$")
		os.Exit(m.Run())
	}
	for _, need := range []string{"../gnosis", "../web/app.wasm"} {
		if _, err := os.Stat(need); err != nil {
			fmt.Printf("e2e: %s is missing: run make build first\n", need)
			os.Exit(1)
		}
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// freeAddr returns a loopback address with a free port.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// patience is how long a wait may last: d times GNOSIS_E2E_PATIENCE (3 when unset). A wait
// is a bound on a condition, never a pause, so a generous bound costs nothing when the page
// is quick, and lets the suite pass on a busy machine (CI beside other work, a laptop
// compiling: measured under stress-ng --cpu 2 on 2 cores, see the README).
func patience(d time.Duration) time.Duration {
	f, err := strconv.ParseFloat(os.Getenv("GNOSIS_E2E_PATIENCE"), 64)
	if err != nil || f <= 0 {
		f = 3
	}
	return time.Duration(float64(d) * f)
}

func waitHTTP(t *testing.T, u string) {
	t.Helper()
	deadline := time.Now().Add(patience(15 * time.Second))
	for time.Now().Before(deadline) {
		if resp, err := http.Get(u); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s did not answer", u)
}

// server is `gnosis serve` running in its own process.
type server struct {
	cmd  *exec.Cmd
	addr string
}

func startServer(t *testing.T) *server {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command("../gnosis", "serve", "-addr", addr, "-dir", "..")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, addr: addr}
	t.Cleanup(s.stop)
	waitHTTP(t, "http://"+addr+"/")
	return s
}

func (s *server) stop() {
	if s.cmd.ProcessState == nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
	}
}

// goOffline stops srv under the test's pages (every tab t opened), as a phone loses its
// connection: each page's fetch of the QR decoder and of the roster's reader once idle
// (web/files.js keepWhenIdle, 10 s after its load), if it has not come yet, then fails as it
// would on a phone, which the pages expect ("qrscan", "roster" in the error).
func goOffline(t *testing.T, srv *server) {
	tabsMu.Lock()
	pages := tabsOf[t]
	tabsMu.Unlock()
	for _, p := range pages {
		p.expectErrors("qrscan", "roster")
	}
	srv.stop()
}

// tabsOf are the tabs each test opened (setUpTab), for goOffline.
var (
	tabsMu sync.Mutex
	tabsOf = map[*testing.T][]*tab{}
)

// tab is one browser tab at phone size, with its own fresh profile.
type tab struct {
	t        *testing.T
	ctx      context.Context
	mu       sync.Mutex
	requests []string
	failed   []string // answers of 400 and more to the page's requests
	errors   []string // the page's console errors and uncaught exceptions (all its messages with GNOSIS_CONSOLE=1)
	warnings []string // the page's console warnings: not failures, but said with one
	expected []string // parts of the error messages this test causes on purpose
	taps     int      // the player's taps so far: a click 1, a select 2 (open, pick), a field 1 (TestTapCounts)
}

// expectErrors lets the console errors and failed requests that contain one of parts pass (a
// test that fills the storage on purpose, say).
func (p *tab) expectErrors(parts ...string) {
	p.mu.Lock()
	p.expected = append(p.expected, parts...)
	p.mu.Unlock()
}

// logged reports whether the page logged an error containing part.
func (p *tab) logged(part string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		if strings.Contains(e, part) {
			return true
		}
	}
	return false
}

// checkConsole fails the test for any error the page logged (a policy violation among them)
// that it did not expect, and for any request of the page answered with an error status.
func (p *tab) checkConsole() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.errors {
		ok := false
		for _, x := range p.expected {
			ok = ok || strings.Contains(e, x)
		}
		if !ok {
			p.t.Errorf("console error: %s", e)
		}
	}
	for _, f := range p.failed {
		ok := false
		for _, x := range p.expected {
			ok = ok || strings.Contains(f, x)
		}
		if !ok {
			p.t.Errorf("request failed: %s", f)
		}
	}
}

func newPage(t *testing.T) *tab {
	t.Helper()
	return newPageIn(t, t.TempDir())
}

// newPageIn starts a browser on the profile in dir (a test that restarts the browser on the
// same storage passes the same dir), with Chromium's flags and any others given.
func newPageIn(t *testing.T, dir string, flags ...chromedp.ExecAllocatorOption) *tab {
	t.Helper()
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath()),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(dir)}, flags...)...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	return setUpTab(t, ctx)
}

// newTab opens another tab in the same browser (the same profile and storage).
func (p *tab) newTab() *tab {
	ctx, cancel := chromedp.NewContext(p.ctx)
	p.t.Cleanup(cancel)
	return setUpTab(p.t, ctx)
}

func setUpTab(t *testing.T, ctx context.Context) *tab {
	t.Helper()
	p := &tab{t: t, ctx: ctx}
	tabsMu.Lock()
	tabsOf[t] = append(tabsOf[t], p)
	tabsMu.Unlock()
	t.Cleanup(func() { tabsMu.Lock(); delete(tabsOf, t); tabsMu.Unlock() })
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile), enableLog()); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	t.Cleanup(p.checkConsole)
	if err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *cdplog.EventEntryAdded:
			// Chromium's own messages: a Content-Security-Policy violation, a failed load.
			if e.Entry.Level == cdplog.EntryLevelError {
				p.mu.Lock()
				p.errors = append(p.errors, e.Entry.Source.String()+": "+e.Entry.Text+" "+e.Entry.URL)
				p.mu.Unlock()
			}
		case *network.EventResponseReceived:
			if e.Response.Status >= 400 {
				p.mu.Lock()
				p.failed = append(p.failed, fmt.Sprintf("%d %s", e.Response.Status, e.Response.URL))
				p.mu.Unlock()
			}
		case *network.EventRequestWillBeSent:
			p.mu.Lock()
			p.requests = append(p.requests, e.Request.URL)
			p.mu.Unlock()
		case *runtime.EventExceptionThrown:
			text := e.ExceptionDetails.Text
			if x := e.ExceptionDetails.Exception; x != nil && x.Description != "" {
				text += " " + x.Description
			}
			p.mu.Lock()
			p.errors = append(p.errors, text)
			p.mu.Unlock()
		case *runtime.EventConsoleAPICalled:
			warn := e.Type == runtime.ConsoleAPICalledTypeWarning
			if e.Type != runtime.ConsoleAPICalledTypeError && !warn && os.Getenv("GNOSIS_CONSOLE") == "" {
				return
			}
			var parts []string
			for _, a := range e.Args {
				if a.Description != "" {
					parts = append(parts, a.Description)
				} else {
					parts = append(parts, strings.Trim(string(a.Value), `"`))
				}
			}
			p.mu.Lock()
			if warn && os.Getenv("GNOSIS_CONSOLE") == "" {
				p.warnings = append(p.warnings, strings.Join(parts, " "))
			} else {
				p.errors = append(p.errors, strings.Join(parts, " "))
			}
			p.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(30*time.Second))
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("%v", err)
	}
}

func eval[T any](p *tab, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(30*time.Second))
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// sharedText taps css, a button that shares text, and returns the text handed to the share
// sheet (navigator.share stood in for, then left as it was).
func (p *tab) sharedText(css string) string {
	p.t.Helper()
	eval[bool](p, `window.__sharedText = undefined, window.__share = Object.getOwnPropertyDescriptor(navigator, "share"),
		Object.defineProperty(navigator, "share", {value: (d) => { window.__sharedText = d.text; return Promise.resolve() }, configurable: true}), true`)
	p.click(css)
	p.waitFor(`typeof window.__sharedText === "string"`, "the text shared from "+css)
	return eval[string](p, `(() => { const t = window.__sharedText; if (window.__share) Object.defineProperty(navigator, "share", window.__share); else delete navigator.share; return t })()`)
}

func q(s string) string { b, _ := json.Marshal(s); return string(b) }

// recordsJS reads the app's stored records (IndexedDB "gnosis", object store "records", see
// web/store.js) whose keys start with a prefix, as an object of texts by key. Call it once the
// app has opened the database: opening one that does not exist would make an empty one.
const recordsJS = `((prefix) => new Promise((ok, no) => {
  const r = indexedDB.open("gnosis");
  r.onerror = () => no(r.error);
  r.onsuccess = () => {
    const db = r.result;
    const st = db.transaction("records").objectStore("records");
    const range = IDBKeyRange.bound(prefix, prefix + "\uffff");
    const ks = st.getAllKeys(range), vs = st.getAll(range);
    vs.onsuccess = () => { const out = {}; ks.result.forEach((k, i) => out[k] = vs.result[i]); db.close(); ok(out) };
    vs.onerror = () => no(vs.error);
  };
}))`

// records returns the stored records whose keys start with prefix.
func (p *tab) records(prefix string) map[string]string {
	p.t.Helper()
	return eval[map[string]string](p, recordsJS+`(`+q(prefix)+`)`)
}

// record returns the text of the stored record key ("" when there is none).
func (p *tab) record(key string) string {
	p.t.Helper()
	return p.records(key)[key]
}

// wantRecord waits until the stored record key satisfies ok (a save in flight lands).
func (p *tab) wantRecord(key, what string, ok func(string) bool) string {
	p.t.Helper()
	var v string
	for end := time.Now().Add(patience(10 * time.Second)); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if v = p.record(key); ok(v) {
			return v
		}
	}
	p.t.Fatalf("the stored %s is not %s: %s", key, what, v)
	return v
}

// waitFor polls a JavaScript condition until it is true, for patience(20s) at most; an
// exception (an element not there yet) counts as false.
func (p *tab) waitFor(cond, what string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(20*time.Second))
	defer cancel()
	if err := poll(ctx, cond); err != nil {
		p.t.Fatalf("waiting for %s: %v (screen: %s)", what, err, p.screenText())
	}
}

// within reports whether a JavaScript condition becomes true within d (an exception counts
// as false), for a step that is retried when it was not taken.
func (p *tab) within(cond string, d time.Duration) bool {
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	return poll(ctx, cond) == nil
}

// holds waits until a JavaScript condition is true, as waitFor does (for patience(20s) at most,
// an exception counting as false), and reports whether it came true: for a check that follows a
// tap or a navigation and fails the test with t.Error, letting it go on, where the page may not
// have redrawn yet when the check comes.
func (p *tab) holds(cond string) bool {
	p.t.Helper()
	return p.within(cond, patience(20*time.Second))
}

// evalUntil evaluates js until its value satisfies ok, every 50 ms for patience(20s) at most
// (as long as waitFor waits), and returns the last value read: a check that follows a tap or a
// navigation reads the page once it has redrawn, and still says what it read when the page
// never comes to it. An exception (an element not drawn yet, a page navigating) is read again;
// one still thrown at the end fails the test.
func evalUntil[T any](p *tab, js string, ok func(T) bool) T {
	p.t.Helper()
	var v T
	var err error
	for end := time.Now().Add(patience(20 * time.Second)); ; time.Sleep(50 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(p.ctx, patience(30*time.Second))
		v, err = chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
		cancel()
		if (err == nil && ok(v)) || time.Now().After(end) {
			break
		}
	}
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// until calls read until its value satisfies ok, every 50 ms for patience(20s) at most, and
// returns the last value read: evalUntil for a value the test reads through a helper of its
// own (the stored records, after the tap that changes them).
func until[T any](p *tab, read func() T, ok func(T) bool) T {
	p.t.Helper()
	for end := time.Now().Add(patience(20 * time.Second)); ; time.Sleep(50 * time.Millisecond) {
		if v := read(); ok(v) || time.Now().After(end) {
			return v
		}
	}
}

// poll polls a JavaScript condition every 20 ms until it is true (an exception counts as
// false), for as long as ctx lasts (the poll's own 30-second bound is off), in the page's new
// document when it navigates meanwhile.
func poll(ctx context.Context, cond string) error {
	safe := `(() => { try { return !!(` + cond + `) } catch (e) { return false } })()`
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](safe, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0)))
		// The page navigated while polling (its script's context went with it): poll the new one.
		if err != nil && ctx.Err() == nil && (strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "context was destroyed") ||
			strings.Contains(err.Error(), "Inspected target navigated or closed")) {
			continue
		}
		return err
	}
}

func (p *tab) screenText() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 800 {
		s = s[:800] + "…"
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.errors) > 0 {
		s += "; console errors: " + strings.Join(p.errors, " | ")
	}
	if len(p.warnings) > 0 {
		s += "; console warnings: " + strings.Join(p.warnings, " | ")
	}
	return s
}

// open navigates and waits until the app has mounted (body[data-ready]); it returns the
// time from navigation start to data-ready in milliseconds, as the app measured it.
func (p *tab) open(u string) float64 {
	p.t.Helper()
	// A navigation the page's own one interrupts (the app going to another screen as the test
	// opens this one) is aborted by the browser (net::ERR_ABORTED): it is made again.
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(p.ctx, patience(30*time.Second))
		err := chromedp.Do(ctx, chromedp.Navigate(u))
		cancel()
		if err == nil {
			break
		}
		if try == 3 || !strings.Contains(err.Error(), "net::ERR_ABORTED") {
			p.t.Fatalf("%v", err)
		}
	}
	return p.ready()
}

func (p *tab) reload() float64 {
	p.t.Helper()
	p.do(chromedp.Reload())
	return p.ready()
}

func (p *tab) ready() float64 {
	p.t.Helper()
	p.waitFor(`document.body.hasAttribute("data-ready")`, "the app to mount")
	return eval[float64](p, `Number(document.body.getAttribute("data-ready"))`)
}

// click taps the element's centre, as a finger does, once it is enabled and has stopped
// moving (a re-render above it can shift it).
func (p *tab) click(css string) {
	p.t.Helper()
	p.waitFor(`(() => { const e = document.querySelector(`+q(css)+`); return !!e && !e.disabled })()`, css+" to be enabled")
	// On the tracker's narrow layout a card of the side not shown is reached through its tab,
	// as a player would.
	// (Tapped again while the side stays hidden: a screen just opened may still be drawing.)
	p.waitFor(`(() => { const s = document.querySelector(`+q(css)+`).closest(".side");
		if (!s || getComputedStyle(s).display !== "none") return true;
		const tab = document.getElementById("tab-" + s.id.slice("side-".length));
		if (tab && getComputedStyle(tab).display !== "none") tab.click();
		return false; })()`, css+"'s side to show")
	eval[chromedp.Void](p, `document.querySelector(`+q(css)+`).scrollIntoView({block: "center"})`)
	for deadline := time.Now().Add(patience(10 * time.Second)); ; {
		still := eval[bool](p, `new Promise(ok => {
			const e = document.querySelector(`+q(css)+`);
			if (!e) return ok(false);
			const a = e.getBoundingClientRect();
			requestAnimationFrame(() => requestAnimationFrame(() => {
				const b = e.getBoundingClientRect();
				ok(a.top === b.top && a.left === b.left && b.width > 0);
			}));
		})`)
		if still {
			break
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s keeps moving or is gone (screen: %s)", css, p.screenText())
		}
	}
	p.onNode(css, chromedp.Click(chromedp.CSS(css)))
	p.taps++
}

// tap taps the element at once, without click's waits for it to be enabled and still: for
// taps in quick succession, as a player's thumb gives them.
func (p *tab) tap(css string) {
	p.t.Helper()
	p.onNode(css, chromedp.Click(chromedp.CSS(css)))
	p.taps++
}

// onNode runs steps on the element css names, again when a repaint replaced the element
// between finding it and acting on it (the browser then answers that the node is gone;
// nothing was dispatched to it), until the element stays long enough or the patience runs out.
func (p *tab) onNode(css string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	onNode(p, css, chromedp.Action[chromedp.Void](func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		for _, step := range steps {
			if _, err := step(ctx, tg); err != nil {
				return chromedp.Void{}, err
			}
		}
		return chromedp.Void{}, nil
	}))
}

// onNode is tab.onNode for a step that answers (a screenshot of the element): its answer.
func onNode[T any](p *tab, css string, step chromedp.Action[T]) T {
	p.t.Helper()
	deadline := time.Now().Add(patience(30 * time.Second))
	for {
		ctx, cancel := context.WithTimeout(p.ctx, patience(30*time.Second))
		v, err := chromedp.Run(ctx, step)
		cancel()
		if err == nil {
			return v
		}
		if !nodeGone(err) || time.Now().After(deadline) {
			p.t.Fatalf("%s: %v; the screen: %s", css, err, p.screenText())
		}
		p.waitFor(`!!document.querySelector(`+q(css)+`)`, css+" drawn again")
	}
}

// nodeGone reports whether err is the browser saying the element it was given left the page.
func nodeGone(err error) bool {
	m := err.Error()
	return strings.Contains(m, "Could not find node with given id") ||
		strings.Contains(m, "No node with given id") ||
		strings.Contains(m, "Node is detached") ||
		strings.Contains(m, "node not found")
}

// typeInto replaces an input's text by typing it (the field's text selected first, so a
// retry after a repaint types it whole again).
func (p *tab) typeInto(css, text string) {
	p.t.Helper()
	p.onNode(css, chromedp.Focus(chromedp.CSS(css)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector(`+q(css)+`).select()`),
		chromedp.SendKeys(chromedp.CSS(css), text))
	p.taps++
}

// wantText waits until the element's trimmed text is want.
func (p *tab) wantText(css, want string) {
	p.t.Helper()
	p.waitFor(`(() => { const e = document.querySelector(`+q(css)+`); return !!e && e.textContent.trim() === `+q(want)+` })()`,
		fmt.Sprintf("%s to read %q", css, want))
}

// wantContains waits until the page's text contains want.
func (p *tab) wantContains(want string) {
	p.t.Helper()
	p.waitFor(`document.body.innerText.includes(`+q(want)+`)`, fmt.Sprintf("the screen to show %q", want))
}

// shot saves a screenshot of the screen and checks, as a phone user would notice, that the
// page does not scroll sideways.
func (p *tab) shot(name string) {
	p.t.Helper()
	if wide := eval[string](p, `(() => {
		const w = document.documentElement.clientWidth;
		if (document.documentElement.scrollWidth <= w) return "";
		const e = [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > w + 1)[0];
		return document.documentElement.scrollWidth + " px: " + e.tagName + "." + e.className + " " + (e.id || "") + " " + e.outerHTML.slice(0, 80);
	})()`); wide != "" {
		p.t.Errorf("%s: the page scrolls sideways on a %d px screen: %s", name, phoneWidth, wide)
	}
	ctx, cancel := context.WithTimeout(p.ctx, patience(20*time.Second))
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artifacts, name+".png"), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// fullShot saves a screenshot of the whole page, beyond the screen's height (to look at).
func (p *tab) fullShot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(20*time.Second))
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artifacts, name+".png"), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// waitPrecached waits until the service worker controls the page and its cache holds every
// path in want; it returns the cached paths.
func (p *tab) waitPrecached(want ...string) []string {
	p.t.Helper()
	deadline := time.Now().Add(patience(30 * time.Second))
	var got []string
	for time.Now().Before(deadline) {
		got = eval[[]string](p, `(async () => {
			if (!navigator.serviceWorker.controller) return [];
			const keys = await caches.keys();
			if (keys.length !== 1) return [];
			const c = await caches.open(keys[0]);
			return (await c.keys()).map(r => new URL(r.url).pathname);
		})()`)
		if containsAll(got, want) {
			return got
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("precache holds %v, want %v", got, want)
	return nil
}

func containsAll(have, want []string) bool {
	set := map[string]bool{}
	for _, h := range have {
		set[h] = true
	}
	for _, w := range want {
		if !set[w] {
			return false
		}
	}
	return true
}

// foreignRequests lists requests to any origin other than host.
func (p *tab) foreignRequests(host string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, r := range p.requests {
		u, err := url.Parse(r)
		if err != nil || (u.Scheme != "data" && u.Scheme != "blob" && u.Host != host) {
			out = append(out, r)
		}
	}
	return out
}

// installabilityErrors asks Chromium why the page could not be installed as an app.
func (p *tab) installabilityErrors() []string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(20*time.Second))
	defer cancel()
	res, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (page.GetInstallabilityErrorsResult, error) {
		return cdp.Call(ctx, t, page.GetInstallabilityErrors, cdp.Empty{})
	})
	if err != nil {
		p.t.Fatal(err)
	}
	var out []string
	for _, e := range res.InstallabilityErrors {
		out = append(out, e.ErrorID)
	}
	return out
}

// record appends a measured number to artifacts/timings.txt.
func record(t *testing.T, format string, a ...any) {
	line := fmt.Sprintf(format, a...)
	t.Log(line)
	f, err := os.OpenFile(filepath.Join(artifacts, "timings.txt"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		fmt.Fprintf(f, "%s %s\n", time.Now().Format(time.RFC3339), line)
		f.Close()
	}
}

// choose picks the option of a select whose text starts with text, as a tap in the
// phone's picker does, and fires the change event.
func (p *tab) choose(css, text string) {
	p.t.Helper()
	p.waitFor(`(() => { const s = document.querySelector(`+q(css)+`); return !!s && [...s.options].some(o => o.text.startsWith(`+q(text)+`)) })()`,
		fmt.Sprintf("%s to offer %q", css, text))
	eval[chromedp.Void](p, `(() => { const s = document.querySelector(`+q(css)+`);
		s.value = [...s.options].find(o => o.text.startsWith(`+q(text)+`)).value;
		s.dispatchEvent(new Event("change", {bubbles: true})); })()`)
	p.taps += 2
}

// chooseValue picks the option of a select by its value (the same in every language), as
// choose does by its text.
func (p *tab) chooseValue(css, value string) {
	p.t.Helper()
	p.waitFor(`(() => { const s = document.querySelector(`+q(css)+`); return !!s && [...s.options].some(o => o.value === `+q(value)+`) })()`,
		fmt.Sprintf("%s to offer %q", css, value))
	eval[chromedp.Void](p, `(() => { const s = document.querySelector(`+q(css)+`);
		s.value = `+q(value)+`; s.dispatchEvent(new Event("change", {bubbles: true})); })()`)
	p.taps += 2
}

// wantIn waits until the element exists and its text contains want.
func (p *tab) wantIn(css, want string) {
	p.t.Helper()
	p.waitFor(`(() => { const e = document.querySelector(`+q(css)+`); return !!e && e.textContent.includes(`+q(want)+`) })()`,
		fmt.Sprintf("%s to contain %q", css, want))
}

// wantGone waits until no element matches css.
func (p *tab) wantGone(css string) {
	p.t.Helper()
	p.waitFor(`!document.querySelector(`+q(css)+`)`, css+" to go away")
}

// upload gives a file input a file, as choosing it in the picker does. It names the input
// by a JavaScript handle, not by chromedp's node tree: that tree can miss a node the page
// has just redrawn, and a query on it then waits until its deadline.
func (p *tab) upload(css, path string) {
	p.t.Helper()
	p.waitFor(`!!document.querySelector(`+q(css)+`)`, css+" to be drawn")
	ctx, cancel := context.WithTimeout(p.ctx, patience(30*time.Second))
	defer cancel()
	if _, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (cdp.Empty, error) {
		r, err := cdp.Call(ctx, t, runtime.Evaluate, runtime.EvaluateParams{Expression: `document.querySelector(` + q(css) + `)`})
		if err != nil {
			return cdp.Empty{}, err
		}
		if r.ExceptionDetails != nil || r.Result == nil || r.Result.ObjectID == "" {
			return cdp.Empty{}, fmt.Errorf("no element %s to give a file", css)
		}
		defer cdp.Call(ctx, t, runtime.ReleaseObject, runtime.ReleaseObjectParams{ObjectID: r.Result.ObjectID})
		return cdp.Call(ctx, t, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{path}, ObjectID: r.Result.ObjectID})
	}); err != nil {
		p.t.Fatalf("uploading %s to %s: %v", path, css, err)
	}
}

// nextPhase ends the phase: the button shows the steps, the player confirms.
func (p *tab) nextPhase() {
	p.t.Helper()
	p.click("#next-phase")
	p.click("#confirm-phase")
	p.wantGone("#phase-sheet")
}

// enableLog has Chromium report its own messages (policy violations, failed loads) as
// log entries.
func enableLog() chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, cdplog.Enable, cdp.Empty{})
		return chromedp.Void{}, err
	}
}

// wantOff waits until the element exists and is disabled.
func (p *tab) wantOff(css string) {
	p.t.Helper()
	p.waitFor(`(() => { const e = document.querySelector(`+q(css)+`); return !!e && e.disabled })()`, css+" to be disabled")
}

// media has the page drawn for a CSS media type: "print", as the print preview draws it, or
// "" for the screen again.
func (p *tab) media(kind string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(20*time.Second))
	defer cancel()
	if _, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (cdp.Empty, error) {
		return cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: kind})
	}); err != nil {
		p.t.Fatal(err)
	}
}

// printPDF prints the page as the browser's Print does, on the paper its stylesheet asks for
// (@page size), and returns the PDF.
func (p *tab) printPDF() []byte {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(60*time.Second))
	defer cancel()
	yes := true
	res, err := chromedp.Run(ctx, func(ctx context.Context, t *chromedp.Target) (page.PrintToPDFResult, error) {
		return cdp.Call(ctx, t, page.PrintToPDF, page.PrintToPDFParams{PreferCSSPageSize: &yes, PrintBackground: &yes})
	})
	if err != nil {
		p.t.Fatal(err)
	}
	return res.Data
}
