package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildParty creates a party on the home screen and adds the named characters from the
// catalog by searching for each.
func buildParty(p *tab, name string, characters ...string) {
	p.t.Helper()
	p.click("#new-party")
	p.waitFor(`!!document.querySelector("#party-name")`, "the builder")
	p.typeInto("#party-name", name)
	for _, c := range characters {
		p.typeInto("#catalog-search", strings.ToLower(c))
		p.click(`button[aria-label="Add ` + c + `"]`)
		p.wantText(`button[aria-label="Add `+c+`"]`, "Added")
	}
}

// TestBuildPlayReloadOffline is the foundation's main flow: build a party of three real
// characters, start a game, tap LP and actions, advance phases (R-TURN-1, R-TURN-2),
// undo, reload, then cut the network and keep playing.
func TestBuildPlayReloadOffline(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	p := newPage(t)
	record(t, "serve: navigation to data-ready, first visit: %.0f ms", p.open(base))
	p.wantContains("No party yet")

	buildParty(p, "Church Vanguard", "Nero", "Grey", "Saint Hazael")
	p.wantText("#levels-left", "135 / 250 levels · 115 left")
	// Grey as the first source prints him: 5 actions (4 in the second, the default).
	p.choose("#m-1 .printing", "Printing: first source")
	p.typeInto("#catalog-search", "")
	p.shot("builder")

	p.click("#start-game")
	p.click("#begin")
	p.wantText("#turn", "Turn 1 of 10")
	p.wantText("#phase", "Recovery phase")
	// R-SETUP-4: first turn actions are Recovery + 1, never above the total.
	p.wantText("#c-0-0 .actions .value", "4/4") // Nero 4 actions, recovery 3
	p.wantText("#c-0-1 .actions .value", "4/5") // Grey 5 actions (first printing), recovery 3
	p.wantText("#levels-0", "135 levels on the table")

	for range 3 { // three quick taps, as at the table
		p.click("#c-0-0 .lp .minus")
	}
	p.wantText("#c-0-0 .lp .value", "11/14")
	for range 3 {
		p.click("#c-0-0 .actions .minus")
	}
	p.wantText("#c-0-0 .actions .value", "1/4")
	p.nextPhase() // Recovery and Maintenance run by themselves up to the Action phase
	p.wantIn("#phase", "Action phase")
	p.click("#c-0-0 .activate")
	p.click("#end-activation")
	p.waitFor(`document.querySelector("#c-0-0").classList.contains("done")`, "Nero's card to be turned")
	p.nextPhase()
	// R-TURN-2: Recovery adds 3, capped at the total; cards are straightened.
	p.wantText("#turn", "Turn 2 of 10")
	p.wantIn("#phase", "Action phase")
	p.wantText("#c-0-0 .actions .value", "4/4")
	p.wantText("#c-0-1 .actions .value", "5/5")
	p.waitFor(`!document.querySelector("#c-0-0").classList.contains("done")`, "Nero's card to be straightened")

	// Undo takes the whole phase change back, recoveries included.
	p.click("#undo")
	p.wantText("#turn", "Turn 1 of 10")
	p.wantText("#c-0-0 .actions .value", "1/4")
	p.click("#redo")
	p.wantText("#c-0-0 .actions .value", "4/4")

	// Reload: the game comes back from the device's storage.
	record(t, "serve: navigation to data-ready, reload: %.0f ms", p.reload())
	p.wantText("#turn", "Turn 2 of 10")
	p.wantText("#c-0-0 .lp .value", "11/14")
	p.wantText("#c-0-0 .actions .value", "4/4")
	p.shot("tracker")

	cached := p.waitPrecached("/", "/app.js", "/app.css", "/wasm_exec.js", "/manifest.webmanifest",
		"/web/app.wasm", "/web/gnosis.css", "/web/icon-192.png", "/web/icon-512.png", "/web/icon-maskable-512.png", "/web/icon.svg",
		// The pairing's QR decoder, kept once the page is idle where there is no BarcodeDetector
		// (headless Chromium has none), though no scan was made; the roster's reader, though no
		// roster was imported.
		"/web/qrscan-worker.js", "/web/qrscan.wasm", "/web/roster-worker.js", "/web/roster.wasm")
	t.Logf("precached: %v", cached)
	if errs := p.installabilityErrors(); len(errs) > 0 {
		t.Errorf("Chromium would not install the app: %v", errs)
	}

	// Cut the network: the server is gone.
	srv.stop()
	record(t, "serve: navigation to data-ready, offline reload: %.0f ms", p.reload())
	p.wantText("#turn", "Turn 2 of 10")
	p.wantText("#c-0-0 .lp .value", "11/14")
	p.click("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "10/14")
	p.reload()
	p.wantText("#c-0-0 .lp .value", "10/14")
	// The decoder starts offline, with no scan made while online.
	eval[bool](p, `(() => {
		window.__decoder = "";
		const w = new Worker("/web/qrscan-worker.js");
		w.onmessage = (e) => { window.__decoder = e.data && e.data.ready ? "ready" : JSON.stringify(e.data); };
		w.onerror = (e) => { window.__decoder = "error: " + e.message; };
		return true;
	})()`)
	p.waitFor(`window.__decoder !== ""`, "the QR decoder offline")
	if got := eval[string](p, `window.__decoder`); got != "ready" {
		t.Errorf("the QR decoder offline: %s", got)
	}
	p.click("button.back")
	p.wantContains("Church Vanguard")
	p.wantContains("3 characters · 135 / 250 levels")
	p.waitFor(`!!document.querySelector("#continue-game")`, "the game in progress on the home screen")
	p.shot("home-offline")
	// A roster imported offline: its reader, kept though none was imported online, unpacks it.
	rosz, _ := filepath.Abs("../engine/roster/testdata/church-acebaur.rosz")
	p.upload("#import-party", rosz)
	p.wantContains("Imported Church of Light.")
	p.wantIn("#unmatched", "Rocket Boots (chosen on Legacy of Solomon)")

	if f := p.foreignRequests(srv.addr); len(f) > 0 {
		t.Errorf("requests to other origins: %v", f)
	}
}

// TestStaticSiteUnderSubPath generates the static site for /gnosis/, serves it as a plain
// static host would, plays, then works offline with the host gone.
func TestStaticSiteUnderSubPath(t *testing.T) {
	parallel(t)
	out := filepath.Join(t.TempDir(), "site")
	cmd := exec.Command("../gnosis", "static", "-out", out, "-base", "/gnosis", "-dir", "..", "-brotli", "5")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gnosis static: %v\n%s", err, b)
	}
	for _, f := range []string{"index.html", "app.js", "app-worker.js", "manifest.webmanifest", "web/app.wasm", "web/app.wasm.br", "web/app.wasm.gz", "web/gnosis.css"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("the static site lacks %s", f)
		}
	}
	files := http.StripPrefix("/gnosis", http.FileServer(http.Dir(out)))
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		switch {
		case r.URL.Path == "/gnosis":
			http.Redirect(w, r, "/gnosis/", http.StatusMovedPermanently)
		case strings.HasPrefix(r.URL.Path, "/gnosis/"):
			files.ServeHTTP(w, r)
		default:
			http.NotFound(w, r)
		}
	}))
	defer host.Close()
	hostAddr := strings.TrimPrefix(host.URL, "http://")

	p := newPage(t)
	record(t, "static /gnosis/: navigation to data-ready, first visit: %.0f ms", p.open(host.URL+"/gnosis/"))
	buildParty(p, "Wissenschaft", "Celia", "Hiro")
	p.wantText("#levels-left", "95 / 250 levels · 155 left")
	p.click("#start-game")
	p.click("#begin")
	p.click("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "11/12")
	if loc := eval[string](p, `location.pathname`); loc != "/gnosis/" {
		t.Errorf("in-app navigation left the sub-path: %s", loc)
	}
	p.waitPrecached("/gnosis/", "/gnosis/app.js", "/gnosis/web/app.wasm", "/gnosis/web/gnosis.css", "/gnosis/manifest.webmanifest")

	// The manifest opens the installed app at the service worker's own scope (finding 1), and
	// the page carries its Content-Security-Policy for hosts that ignore _headers (finding 9).
	manifest, _ := os.ReadFile(filepath.Join(out, "manifest.webmanifest"))
	var m struct {
		StartURL string `json:"start_url"`
		Scope    string `json:"scope"`
	}
	if err := json.Unmarshal(manifest, &m); err != nil || m.StartURL != "/gnosis/" || m.Scope != "/gnosis/" {
		t.Errorf("manifest start_url %q, scope %q (%v): want /gnosis/", m.StartURL, m.Scope, err)
	}
	if csp := eval[string](p, `(document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content || ""`); !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") {
		t.Errorf("the page's CSP meta: %q", csp)
	}
	if og := eval[string](p, `[...document.querySelectorAll('meta[property^="og:"]')].map(e => e.content).join(" ")`); strings.Contains(og, "https:///") || strings.Contains(og, `https:// `) {
		t.Errorf("Open Graph addresses without a host: %q", og)
	}

	host.Close()
	record(t, "static /gnosis/: navigation to data-ready, offline reload: %.0f ms", p.reload())
	p.wantText("#c-0-0 .lp .value", "11/12")
	p.click("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "10/12")
	// A link with a query string still opens offline.
	p.open(host.URL + "/gnosis/?from=bookmark#/game")
	p.wantText("#c-0-0 .lp .value", "10/12")
	p.shot("static-offline")
	// Offline, the installed app's icon opens start_url: the home screen, with the game to go on.
	record(t, "static /gnosis/: navigation to data-ready, offline start_url: %.0f ms", p.open(host.URL+m.StartURL))
	p.wantIn("body", "Continue the game")
	if f := p.foreignRequests(hostAddr); len(f) > 0 {
		t.Errorf("requests to other origins: %v", f)
	}
}
