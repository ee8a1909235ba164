package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"gnosis/app/store"
)

// bigBackup writes a backup of n parties of three characters to a file and returns its path.
func bigBackup(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"version":1,"kind":"gnosis-backup","parties":[`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":"b%d","party":{"version":1,"name":"Backup party %d","edition":"core","level":250,"organization":"","characters":[{"name":"Nero"},{"name":"Xavier"},{"name":"Grey"}],"advantages":["Tactics"]}}`, i, i)
	}
	b.WriteString(`],"cards":{},"game":null,"settings":{}}`)
	path := filepath.Join(t.TempDir(), "backup.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// watchRestore records on the page whether the restore's progress was ever shown.
const watchRestore = `(() => {
	window.__progressSeen = false;
	new MutationObserver(() => { if (document.querySelector("#restore-progress")) window.__progressSeen = true; })
		.observe(document.body, {subtree: true, childList: true});
	return true;
})()`

// TestRestoreLargeBackup (finding 7): a backup of 3,000 parties is restored step by step: its
// progress shows while it goes, the parties are stored, and the home screen lists the first
// 50 with a way to all of them (TestRestoreResponsive times the taps during a larger one).
func TestRestoreLargeBackup(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	file := bigBackup(t, 3000)
	eval[bool](p, watchRestore)
	p.upload("#import-backup", file)
	p.waitFor(`window.__progressSeen`, "the restore's progress")
	p.shot("restore-progress")
	p.wantIn("#toast", "Restored: 3000 parties added")
	p.waitFor(`document.querySelectorAll(".party-item").length === 50`, "the first 50 parties listed")
	p.click("#all-parties")
	p.waitFor(`document.querySelectorAll(".party-item").length === 3000`, "every party listed")
	p.wantRecord("gnosis.parties", "the 3,000 parties", func(v string) bool { return strings.Count(v, `"version":1`) == 3000 })
	p.reload()
	p.wantIn("#all-parties", "Show all 3000 parties")
}

// TestRestoreResponsive measures, with the CPU slowed 4 times, the tap-to-repaint time of
// taps that go from the home screen to My cards and back, again and again, while a backup of
// 20,000 parties is restored, beside the same taps with nothing restoring, in the same run
// (GNOSIS_BENCH=1; finding 7's target: p95 at most 100 ms).
func TestRestoreResponsive(t *testing.T) {
	if os.Getenv("GNOSIS_BENCH") == "" {
		t.Skip("a measurement: make bench runs it (GNOSIS_BENCH=1)")
	}
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	file := bigBackup(t, 20000)
	p.throttle(4)
	eval[bool](p, measureTaps)
	taps := func(during bool) []float64 {
		start := eval[int](p, `window.__taps.length`)
		for i := 0; ; i++ {
			if i%2 == 0 {
				p.tapAt("#my-cards")
			} else {
				p.tapAt("button.back")
			}
			p.waitPainted(start + i)
			restoring := eval[bool](p, `document.body.hasAttribute("data-restoring")`)
			if (during && !restoring && i%2 == 1) || (!during && i == 19) {
				break
			}
		}
		v := eval[[]float64](p, fmt.Sprintf(`window.__taps.slice(%d).map(t => t.painted)`, start))
		sort.Float64s(v)
		return v
	}
	idle := taps(false)
	p.upload("#import-backup", file)
	p.waitFor(`document.body.hasAttribute("data-restoring")`, "the restore to begin")
	busy := taps(true)
	p.wantIn("#toast", "Restored: 20000 parties added")
	pct := func(v []float64, q float64) float64 { return v[min(len(v)-1, int(q*float64(len(v))))] }
	record(t, "restore of 20,000 parties: tap to repaint p50 %.1f ms, p95 %.1f ms over %d taps (idle, same taps: p50 %.1f, p95 %.1f ms; target p95 <= 100 ms)",
		pct(busy, 0.5), pct(busy, 0.95), len(busy), pct(idle, 0.5), pct(idle, 0.95))
	if pct(busy, 0.95) > 100 {
		t.Logf("OVER TARGET: p95 %.1f ms > 100 ms", pct(busy, 0.95))
	}
}

// TestOversizeBackupSaidAtOnce: a backup just over the largest backup read (store.MaxBackupBytes,
// 32 MiB, and 326 bytes) is refused before it is read, and the home screen says so at once;
// nothing changes.
func TestOversizeBackupSaidAtOnce(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	path := filepath.Join(t.TempDir(), "backup.json")
	big := []byte(`{"version":1,"kind":"gnosis-backup","parties":[],"pad":"` + strings.Repeat("x", store.MaxBackupBytes+326-64) + `"}`)
	if err := os.WriteFile(path, big, 0o644); err != nil {
		t.Fatal(err)
	}
	before := p.record("gnosis.parties")
	p.upload("#import-backup", path)
	p.wantIn("#notice", "a file may hold at most 32.0 MB; nothing was read")
	if p.record("gnosis.parties") != before {
		t.Error("an oversize backup changed the parties")
	}
}

// TestFileInputOutlivesLateAnswers: the browser's answers that come after the first render
// (whether it keeps the data, the storage estimate) redraw the home screen; the file input a
// player (or a test) has just given a backup must be the one still drawn, or the file is lost
// with the replaced node (go-app matches children by position: an answer inserted above an
// input drew the input anew).
func TestFileInputOutlivesLateAnswers(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	// The browser answers late, as a busy phone's does: after the app has mounted and a file
	// is chosen, while the file is still being read.
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `if (navigator.storage && navigator.storage.persisted) {
				const was = navigator.storage.persisted.bind(navigator.storage);
				const mounted = () => new Promise(ok => { const poll = () => document.body && document.body.hasAttribute("data-ready") ? ok() : setTimeout(poll, 20); poll() });
				navigator.storage.persisted = () => mounted().then(() => new Promise(ok => setTimeout(() => was().then(ok), 500)));
			}
			const read = Blob.prototype.arrayBuffer;
			Blob.prototype.arrayBuffer = function () { return new Promise(ok => setTimeout(() => read.call(this).then(ok), 2500)) };`})
		return err
	}))
	p.open("http://" + srv.addr + "/")
	if eval[bool](p, `!!document.getElementById("persist")`) {
		t.Fatal("the browser's answer came before the mount: the test attacks nothing")
	}
	backup := bigBackup(t, 2)
	p.upload("#import-backup", backup)
	p.waitFor(`!!document.getElementById("persist")`, "the button to ask the browser to keep the data")
	p.wantIn("#toast", "Restored: 2 parties added")
}
