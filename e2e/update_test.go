package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestUpdatePrompt: the first visit's install offers nothing; a new version served while a
// game runs is installed by the service worker; the app says so and offers a reload, which
// keeps the game.
func TestUpdatePrompt(t *testing.T) {
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	buildParty(p, "Before the update", "Nero", "Grey")
	p.click("#start-game")
	p.click("#begin")
	p.click("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "13/14")
	p.waitPrecached("/", "/app.js", "/web/app.wasm")
	// The first install is no update: nothing offers to reload.
	p.do(chromedp.Sleep(time.Second))
	if eval[bool](p, `!!document.querySelector("#update")`) {
		t.Error("the first visit offers a new version")
	}

	// The next version: the same program with one more custom section (id 0) at the end, so
	// app.wasm, and with it the version, differ.
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "web"), os.DirFS("../web")); err != nil {
		t.Fatal(err)
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	section := append([]byte{byte(len("gnosis-next"))}, "gnosis-next"...)
	section = append([]byte{0, byte(len(section))}, section...)
	if err := os.WriteFile(filepath.Join(dir, "web", "app.wasm"), append(bytes.Clone(wasm), section...), 0o644); err != nil {
		t.Fatal(err)
	}
	srv.stop()
	next := exec.Command("../gnosis", "serve", "-addr", srv.addr, "-dir", dir)
	next.Stdout, next.Stderr = os.Stdout, os.Stderr
	if err := next.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { next.Process.Kill(); next.Wait() })
	waitHTTP(t, "http://"+srv.addr+"/")

	eval[bool](p, `window.gnosis.tryUpdate(), true`)
	p.wantIn("#update", "new version")
	p.shot("update-prompt")
	eval[bool](p, `window.beforeTheUpdate = true`)
	p.click("#update-reload")
	// The page reloads: wait for the new page (errors while the old one goes are expected).
	deadline := time.Now().Add(20 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, 2*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.beforeTheUpdate !== true && document.body.hasAttribute("data-ready")`))
		cancel()
		if err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the app did not come back after the reload: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.wantText("#c-0-0 .lp .value", "13/14")
	p.wantGone("#update")
}
