package e2e

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// rawGet sends path to addr exactly as written (no client cleans it), with extra header
// lines, and returns the status code.
func rawGet(t *testing.T, addr, method, path string, headers ...string) (int, http.Header) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nConnection: close\r\n", method, path)
	hasHost := false
	for _, h := range headers {
		hasHost = hasHost || strings.HasPrefix(h, "Host:")
		fmt.Fprintf(conn, "%s\r\n", h)
	}
	if !hasHost {
		fmt.Fprintf(conn, "Host: %s\r\n", addr)
	}
	fmt.Fprint(conn, "\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header
}

// TestServerServesOnlyTheApp: gnosis serve answers the app's own files and nothing else under
// its folder, whatever the escaping; only GET and HEAD; only for its own host; with the
// security headers; and the app runs under that policy with no console error.
func TestServerServesOnlyTheApp(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	for _, path := range []string{
		"/web/..%2f.git%2fconfig", "/web/..%2fgo.mod", "/web/../gnosis", "/web/../go.mod", "/web/%2e%2e/go.mod",
		"/.git/config", "/go.mod", "/cmd/gnosis/main.go", "/gnosis", "/web/", "/web", "/web/.keep",
		"/web//app.wasm", "/web/./app.wasm", "/web\\app.wasm", "/index.html", "/anything",
	} {
		if code, _ := rawGet(t, srv.addr, "GET", path); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, code)
		}
	}
	version := ""
	for _, path := range []string{"/", "/app.js", "/app-worker.js", "/wasm_exec.js", "/manifest.webmanifest", "/web/app.wasm", "/web/gnosis.css", "/web/boot.js", "/web/icon.svg"} {
		code, h := rawGet(t, srv.addr, "GET", path)
		if code != http.StatusOK {
			t.Errorf("GET %s: %d, want 200", path, code)
		}
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") || strings.Contains(csp, "'unsafe-eval'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("GET %s: Content-Security-Policy %q", path, csp)
		}
		for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"} {
			if h.Get(k) != v {
				t.Errorf("GET %s: %s %q", path, k, h.Get(k))
			}
		}
		version = h.Get("ETag")
	}
	// make build precompresses app.wasm: a browser that accepts brotli downloads ~2 MB, not 11.
	req, _ := http.NewRequest("GET", "http://"+srv.addr+"/web/app.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	if resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req); err != nil {
		t.Error(err)
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "br" || resp.Header.Get("Content-Type") != "application/wasm" || len(body) > 3_000_000 {
			t.Errorf("app.wasm to a browser accepting brotli: %d, encoding %q, type %q, %d bytes", resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"), len(body))
		}
		t.Logf("app.wasm sent in brotli: %d bytes", len(body))
	}
	if code, _ := rawGet(t, srv.addr, "HEAD", "/web/app.wasm"); code != http.StatusOK {
		t.Errorf("HEAD: %d", code)
	}
	for _, m := range []string{"POST", "PUT", "DELETE", "OPTIONS", "TRACE"} {
		if code, h := rawGet(t, srv.addr, m, "/", "Content-Length: 0"); code != http.StatusMethodNotAllowed || h.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /: %d, Allow %q", m, code, h.Get("Allow"))
		}
	}
	// DNS rebinding: a page of another site that resolves its name to this address.
	if code, _ := rawGet(t, srv.addr, "GET", "/", "Host: attacker.example:"+strings.Split(srv.addr, ":")[1]); code != http.StatusMisdirectedRequest {
		t.Errorf("another host: %d, want 421", code)
	}
	if code, _ := rawGet(t, srv.addr, "GET", "/", "Host: localhost:"+strings.Split(srv.addr, ":")[1]); code != http.StatusOK {
		t.Errorf("localhost: %d, want 200", code)
	}
	// The version's ETag is a shortcut for the app's files only.
	if code, _ := rawGet(t, srv.addr, "GET", "/go.mod", "If-None-Match: "+version); code != http.StatusNotFound {
		t.Errorf("ETag on a path that is not the app's: %d, want 404", code)
	}
	if code, _ := rawGet(t, srv.addr, "GET", "/web/app.wasm", "If-None-Match: "+version); code != http.StatusNotModified {
		t.Errorf("ETag on app.wasm: %d, want 304", code)
	}

	// The app under that policy: the whole of a short game with no console error (checked
	// when the test ends), and the policy enforced (an inline script is refused and reported).
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	buildParty(p, "Under the policy", "Nero", "Grey")
	p.click("#start-game")
	p.click("#begin")
	p.click("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "13/14")
	p.expectErrors("Content Security Policy")
	eval[chromedp.Void](p, `(() => { const s = document.createElement("script"); s.textContent = "window.inlineRan = true"; document.body.append(s); })()`)
	if eval[bool](p, `window.inlineRan === true`) {
		t.Error("an inline script ran under the policy")
	}
	deadline := time.Now().Add(patience(5 * time.Second))
	for !p.logged("Content Security Policy") && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if !p.logged("Content Security Policy") {
		t.Error("the refused inline script was not reported on the console")
	}
}

// TestNoInputStopsTheApp: a fragment with a bad percent-escape, at start or set while the app
// runs, ends on a usable screen: the home screen, or a link that says it cannot be read; a
// fault inside a tap's handling is caught, shown with a way back, and logged.
func TestNoInputStopsTheApp(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	base := "http://" + srv.addr + "/"
	for _, c := range []struct{ fragment, want string }{
		{"#%", "#new-party"},
		{"#p=AQ%", "#shared-error"},
		{"#/game%", "#new-party"},
		{"#/party/%zz", "#new-party"},
	} {
		p.open(base + c.fragment)
		p.waitFor(`!!document.querySelector(`+q(c.want)+`)`, c.fragment+" to show "+c.want)
	}
	// Finding 11: a link of megabytes is cut by the page script and refused by its length at
	// once, naming the bound, in the player's language; a party's own link is far shorter.
	for _, c := range []struct{ fragment, want string }{
		{"#p=" + strings.Repeat("A", 1500<<10), "65536"},
		{"#dw=" + strings.Repeat("A", 1500<<10), "65536"},
	} {
		p.open(base + c.fragment)
		p.wantIn("#shared-error", c.want)
		if n := eval[int](p, `location.hash.length`); n > 65536+16 {
			t.Errorf("the page kept a fragment of %d characters", n)
		}
	}
	p.open(base)
	buildParty(p, "Still here", "Nero", "Grey")
	p.click("button.back")
	eval[chromedp.Void](p, `location.hash = "#p=%zz"`)
	p.waitFor(`!!document.querySelector("#shared-error")`, "the bad link's error")
	p.shot("broken-link")
	eval[chromedp.Void](p, `location.hash = ""`)
	p.wantContains("Still here")
	p.click("#new-party") // still answering taps
	p.waitFor(`!!document.querySelector("#party-name")`, "the builder")

	// A fault in a tap's handling (the page's half of a counter tap throws).
	p.click("button.back")
	p.click(`button[aria-label="Play with Still here"]`)
	p.click("#begin")
	p.expectErrors("a fault on purpose", "gnosis: ")
	eval[chromedp.Void](p, `window.gnosis.patchCounters = () => { throw new Error("a fault on purpose") }`)
	p.click("#c-0-0 .lp .minus")
	p.wantIn("#failure", "a fault on purpose")
	p.shot("failure")
	if !p.logged("a fault on purpose") {
		t.Error("the fault was not logged on the console")
	}
	p.click("#failure-home")
	p.wantContains("Still here")
	p.waitFor(`!!document.querySelector("#continue-game")`, "the game kept")
}
