package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

const (
	phoneWidth  = 390
	phoneHeight = 844
	artifacts   = "artifacts"
)

func TestMain(m *testing.M) {
	if os.Getenv("GNOSIS_E2E") == "" {
		fmt.Println("e2e: skipped; set GNOSIS_E2E=1 (make test does) to drive the PWA in Chromium")
		os.Exit(0)
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

func waitHTTP(t *testing.T, u string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
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

// page is one browser tab at phone size, with its own fresh profile.
type page struct {
	t        *testing.T
	ctx      context.Context
	mu       sync.Mutex
	requests []string
}

func newPage(t *testing.T) *page {
	t.Helper()
	actx, cancelA := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromiumPath()),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(t.TempDir()))
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	p := &page{t: t, ctx: ctx}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile)); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			p.mu.Lock()
			p.requests = append(p.requests, e.Request.URL)
			p.mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("%v", err)
	}
}

func eval[T any](p *page, js string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

func q(s string) string { b, _ := json.Marshal(s); return string(b) }

// waitFor polls a JavaScript condition until it is true.
func (p *page) waitFor(cond, what string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		p.t.Fatalf("waiting for %s: %v (screen: %s)", what, err, p.screenText())
	}
}

func (p *page) screenText() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	return strings.Join(strings.Fields(s), " ")
}

// open navigates and waits until the app has mounted (body[data-ready]); it returns the
// time from navigation start to data-ready in milliseconds, as the app measured it.
func (p *page) open(u string) float64 {
	p.t.Helper()
	p.do(chromedp.Navigate(u))
	return p.ready()
}

func (p *page) reload() float64 {
	p.t.Helper()
	p.do(chromedp.Reload())
	return p.ready()
}

func (p *page) ready() float64 {
	p.t.Helper()
	p.waitFor(`document.body.hasAttribute("data-ready")`, "the app to mount")
	return eval[float64](p, `Number(document.body.getAttribute("data-ready"))`)
}

func (p *page) click(css string) {
	p.t.Helper()
	p.waitFor(`(() => { const e = document.querySelector(`+q(css)+`); return !!e && !e.disabled })()`, css+" to be enabled")
	p.do(chromedp.Click(chromedp.CSS(css)))
}

// typeInto replaces an input's text by typing, then leaves the field (as a tap elsewhere).
func (p *page) typeInto(css, text string) {
	p.t.Helper()
	p.do(chromedp.Focus(chromedp.CSS(css)))
	eval[chromedp.Void](p, `document.querySelector(`+q(css)+`).select()`)
	p.do(chromedp.SendKeys(chromedp.CSS(css), text))
}

// wantText waits until the element's trimmed text is want.
func (p *page) wantText(css, want string) {
	p.t.Helper()
	p.waitFor(`(() => { const e = document.querySelector(`+q(css)+`); return !!e && e.textContent.trim() === `+q(want)+` })()`,
		fmt.Sprintf("%s to read %q", css, want))
}

// wantContains waits until the page's text contains want.
func (p *page) wantContains(want string) {
	p.t.Helper()
	p.waitFor(`document.body.innerText.includes(`+q(want)+`)`, fmt.Sprintf("the screen to show %q", want))
}

func (p *page) shot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artifacts, name+".png"), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// waitPrecached waits until the service worker controls the page and its cache holds every
// path in want; it returns the cached paths.
func (p *page) waitPrecached(want ...string) []string {
	p.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
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
func (p *page) foreignRequests(host string) []string {
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
