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
// keeps the game. Any file the worker keeps makes a new version: app.wasm, the rules'
// summaries, the page script, the styles (finding 8: a change of rules.json alone installed
// silently).
func TestUpdatePrompt(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	buildParty(p, "Before the update", "Nero", "Grey")
	p.click("#start-game")
	p.click("#begin")
	p.click("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "13/14")
	p.waitPrecached("/", "/app.js", "/web/app.wasm")
	// The first install is no update: the app hears of the worker and offers nothing.
	p.waitFor(`document.body.getAttribute("data-app-update") === "false"`, "the first worker heard of")
	if eval[bool](p, `!!document.querySelector("#update")`) {
		t.Error("the first visit offers a new version")
	}

	var next *exec.Cmd
	for i, change := range []struct {
		file string
		next func([]byte) []byte
	}{
		// The same program with one more custom section (id 0) at the end.
		{"app.wasm", func(b []byte) []byte {
			section := append([]byte{byte(len("gnosis-next"))}, "gnosis-next"...)
			return append(bytes.Clone(b), append([]byte{0, byte(len(section))}, section...)...)
		}},
		{"rules.json", func(b []byte) []byte { return append(bytes.Clone(b), '\n') }},
		{"boot.js", func(b []byte) []byte { return append(bytes.Clone(b), "\n// the next version\n"...) }},
		{"gnosis.css", func(b []byte) []byte { return append(bytes.Clone(b), "\n/* the next version */\n"...) }},
	} {
		dir := t.TempDir()
		if err := os.CopyFS(filepath.Join(dir, "web"), os.DirFS("../web")); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "web", change.file)
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for range i + 1 { // each version differs from the one before
			b = change.next(b)
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(file + ".br") // a stale copy is never served; remove it anyway
		os.Remove(file + ".gz")
		srv.stop()
		if next != nil {
			next.Process.Kill()
			next.Wait()
		}
		next = exec.Command("../gnosis", "serve", "-addr", srv.addr, "-dir", dir)
		next.Stdout, next.Stderr = os.Stdout, os.Stderr
		if err := next.Start(); err != nil {
			t.Fatal(err)
		}
		cmd := next
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		waitHTTP(t, "http://"+srv.addr+"/")

		eval[bool](p, `window.gnosis.tryUpdate(), true`)
		p.wantIn("#update", "new version")
		if i == 0 {
			p.shot("update-prompt")
		}
		eval[bool](p, `window.beforeTheUpdate = true`)
		p.click("#update-reload")
		// The page reloads: wait for the new page (errors while the old one goes are expected).
		deadline := time.Now().Add(patience(60 * time.Second))
		for {
			ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.beforeTheUpdate !== true && document.body.hasAttribute("data-ready")`))
			cancel()
			if err == nil && ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("a new %s: the app did not come back after the reload: %v", change.file, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
		p.wantText("#c-0-0 .lp .value", "13/14")
		p.wantGone("#update")
	}
}
