package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// partyCount is the number of parties stored.
func partyCount(p *tab) int {
	p.t.Helper()
	var rec struct {
		Parties []json.RawMessage `json:"parties"`
	}
	json.Unmarshal([]byte(p.record("gnosis.parties")), &rec)
	return len(rec.Parties)
}

// cdpCall runs one DevTools command on the tab.
func cdpCall[P, R any](p *tab, cmd cdp.Command[P, R], params P) R {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience(10*time.Second))
	defer cancel()
	var out R
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		r, err := cdp.Call(ctx, t, cmd, params)
		out = r
		return err
	}))
	if err != nil {
		p.t.Fatal(err)
	}
	return out
}

// fullStorage closes the tab's browser, starts it again on the profile in dir with the
// origin's quota set to one byte (the browser's own quota override, as on a phone with a full
// disk), and opens url: every write fails with QuotaExceededError. (Chromium caches the room
// left in a database for a while, so the quota is set before the app opens it.)
func (p *tab) fullStorage(dir, origin, url string) *tab {
	p.t.Helper()
	chromedp.Cancel(p.ctx)
	n := newPageIn(p.t, dir)
	quota := 1.0
	cdpCall(n, storage.OverrideQuotaForOrigin, storage.OverrideQuotaForOriginParams{Origin: origin, QuotaSize: &quota})
	n.expectErrors("QuotaExceededError", "quota")
	n.open(url)
	return n
}

// freeStorage gives the origin its quota back.
func (p *tab) freeStorage(origin string) {
	p.t.Helper()
	cdpCall(p, storage.OverrideQuotaForOrigin, storage.OverrideQuotaForOriginParams{Origin: origin})
}

// kill ends the tab's browser with SIGKILL, as a crash or a phone that kills it: nothing is
// flushed, nothing is closed.
func (p *tab) kill() {
	p.t.Helper()
	c := chromedp.FromContext(p.ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		p.t.Fatal("no browser process to kill")
	}
	proc := c.Browser.Process()
	if err := proc.Kill(); err != nil {
		p.t.Fatal(err)
	}
	proc.Wait()
}

// savedRev is the game record's revision the page last confirmed on the device
// (<body data-game-saved>), 0 before any.
func (p *tab) savedRev() int {
	return int(eval[float64](p, `Number(document.body.getAttribute("data-game-saved") || 0)`))
}

// tapAndWaitSaved taps a counter button and waits until the app says the tap is on the device:
// the saved revision past the one before it, and no change waiting or being written (a save
// still being written when the tap came, a phase's say, would pass the revision alone).
func (p *tab) tapAndWaitSaved(sel string) {
	p.t.Helper()
	before := p.savedRev()
	eval[bool](p, `document.querySelector(`+q(sel)+`).click(), true`) // what the tap's listener hears, whatever covers the button
	p.waitFor(fmt.Sprintf(`Number(document.body.getAttribute("data-game-saved") || 0) > %d && !document.body.hasAttribute("data-game-unsaved")`, before), "the tap to be saved")
}

// TestCrashLosesNoTap kills the browser (SIGKILL) 0 to 1000 ms after a tap the app has
// confirmed saved, starts it again on the same profile, and finds every tap: the game's log is
// in IndexedDB with strict durability, where localStorage lost the last 3–6 s.
func TestCrashLosesNoTap(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	dir := t.TempDir()
	p := newPageIn(t, dir)
	startOn(p, srv)
	lp, gnosis := 14, 2 // Xavier's LP, Church of Light's Gnosis
	rng := rand.New(rand.NewPCG(7, 22))
	for round, delay := range []time.Duration{0, time.Duration(rng.IntN(1000)) * time.Millisecond, time.Second} {
		p.wantText("#c-1-0 .lp .value", fmt.Sprintf("%d/14", lp))
		for range 2 {
			p.tapAndWaitSaved("#c-1-0 .lp .minus")
			lp--
		}
		if gnosis > 0 {
			p.tapAndWaitSaved("#side-0 .gnosis-minus")
			gnosis--
		}
		time.Sleep(delay)
		p.kill()
		t.Logf("round %d: killed %v after the last saved tap", round, delay)
		p = newPageIn(t, dir)
		p.open("http://" + srv.addr + "/#/game")
		p.wantText("#c-1-0 .lp .value", fmt.Sprintf("%d/14", lp))
		p.wantText("#gnosis-0", fmt.Sprintf("%d/2", gnosis))
	}
}

// TestTwoTabsTapTogether: two tabs on one game tap within a few milliseconds of each other.
// The check and the write are one step for both (a Web Lock around one IndexedDB
// transaction): the tap that comes second is refused, its tab redraws what is stored and keeps
// saying so through its next tap, and both tabs end showing what is stored.
func TestTwoTabsTapTogether(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	one := startSeeded(t, srv)
	two := one.newTab()
	two.open("http://" + srv.addr + "/#/game")
	two.wantText("#c-1-0 .lp .value", "14/14")
	refused := 0
	for round := range 4 {
		var wg sync.WaitGroup
		for _, p := range []*tab{one, two} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				chromedp.Run(p.ctx, chromedp.Evaluate[bool](`document.querySelector("#c-1-0 .lp .minus").click(), true`))
			}()
		}
		wg.Wait()
		// Both tabs settle on what a fresh read of the storage shows. (Each read opens the app in
		// a tab of its own, seconds on a busy machine: the bound is waitFor's, not a third of it.)
		var stored string
		for end := time.Now().Add(patience(20 * time.Second)); ; time.Sleep(100 * time.Millisecond) {
			stored = storedLP(t, one)
			a := eval[string](one, `document.querySelector("#c-1-0 .lp .value").textContent`)
			b := eval[string](two, `document.querySelector("#c-1-0 .lp .value").textContent`)
			if a == stored && b == stored {
				break
			}
			if time.Now().After(end) {
				t.Fatalf("round %d: tab one shows %s, tab two %s, the storage %s", round, a, b, stored)
			}
		}
		for _, p := range []*tab{one, two} {
			if eval[bool](p, `!!document.querySelector("#notice") && document.querySelector("#notice").textContent.includes("Another tab changed your data first")`) {
				refused++
				// The notice stays through the next tap, and is dismissed by the player.
				p.tapAndWaitSaved("#c-0-0 .actions .minus")
				p.wantIn("#notice", "Another tab changed your data first")
				p.click(`#notice button[aria-label="Dismiss"]`)
				p.waitFor(`!document.querySelector("#notice")`, "the notice dismissed")
			}
		}
		t.Logf("round %d: both tabs show %s, as stored", round, stored)
	}
	if refused == 0 {
		t.Error("no tap was ever refused: the two tabs never met (the test did not test)")
	}
	one.shot("two-tabs-refused")
}

// storedLP is Xavier's LP as a tab opened now reads it from the storage.
func storedLP(t *testing.T, p *tab) string {
	t.Helper()
	three := p.newTab()
	three.open(eval[string](p, `location.href`))
	three.waitFor(`!!document.querySelector("#c-1-0 .lp .value")`, "the game")
	v := eval[string](three, `document.querySelector("#c-1-0 .lp .value").textContent`)
	chromedp.Run(three.ctx, chromedp.Evaluate[bool](`window.close(), true`))
	return v
}

// TestSiteDataBlocked: with the browser set to keep no site data (cookies blocked, as a
// privacy setting or some private windows do), reading localStorage throws inside go-app's
// start and IndexedDB refuses to open. The app starts anyway, says it keeps nothing, offers a
// backup, and works in memory.
func TestSiteDataBlocked(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "Default"), 0o755)
	prefs := `{"profile":{"default_content_setting_values":{"cookies":2}}}`
	if err := os.WriteFile(filepath.Join(dir, "Default", "Preferences"), []byte(prefs), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPageIn(t, dir)
	p.expectErrors("service worker", "ServiceWorker", "SecurityError", "denied", "Failed to register")
	p.open("http://" + srv.addr + "/")
	if !eval[bool](p, `(() => { try { return !!window.localStorage.length && false } catch (e) { return false } })() || window.gnosis.store.blocked`) {
		t.Fatal("the browser did not block site data: the test tests nothing")
	}
	p.wantIn("#keepless", "keeps no data")
	if href := eval[string](p, backupHrefJS("#keepless-backup")); !strings.HasPrefix(href, "data:application/json") {
		t.Errorf("backup link %q", href)
	}
	buildParty(p, "Kept in memory", "Nero")
	p.click("button.back")
	p.wantContains("Kept in memory")
	p.shot("site-data-blocked")
}
