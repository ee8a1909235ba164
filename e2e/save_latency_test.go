package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
)

// tenAgainstTen is a game of two parties of ten catalog characters after taps: entries in its log.
func tenAgainstTen(t *testing.T, entries int) *anima.Game {
	t.Helper()
	cat := catalog.Default()
	var su anima.Setup
	for side, names := range [2][]string{lightTen, darkTen} {
		su.Sides[side].Name = [2]string{"Light", "Dark"}[side]
		su.Sides[side].EncounterLevel = 500
		for _, n := range names {
			c, ok := cat.Character(n)
			if !ok {
				t.Fatalf("no %s in the catalog", n)
			}
			su.Sides[side].Characters = append(su.Sides[side].Characters, c)
		}
	}
	g, err := anima.NewGame(su)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; len(g.Log()) < entries; i++ {
		r := anima.Ref{Side: i % 2, Index: i / 2 % 10}
		if err := g.Do(anima.AdjustLP{Ref: r, Delta: 2*(i/40%2) - 1}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestSaveLatency measures what a tap costs to keep on the device, in IndexedDB: for a game of
// two parties of ten characters with 400 gestures in its log, and for one of 70,000 (past the
// 5 Mi characters localStorage held, all records together), 100 LP taps each:
//
//   - commit: the IndexedDB transaction of the tap (its entry and the game's head record,
//     strict durability, inside the Web Lock), from the call to its completion;
//   - saved: the tap's click to the page's word that it is on the device (data-game-saved).
//
// The game is written into IndexedDB as the app writes it (store.SaveGame) before the app
// starts. It writes p50, p95 and the worst to artifacts/save-latency.txt, and the start time of
// each game. A measurement for make bench (GNOSIS_BENCH=1), not a pass or fail.
func TestSaveLatency(t *testing.T) {
	if os.Getenv("GNOSIS_BENCH") == "" {
		t.Skip("a measurement: make bench runs it (GNOSIS_BENCH=1)")
	}
	srv := startServer(t)
	var report []string
	for _, entries := range []int{400, 70000} {
		g := tenAgainstTen(t, entries)
		p := newPage(t)
		p.open("http://" + srv.addr + "/")
		size := writeGame(t, p, g)
		eval[bool](p, `history.replaceState(null, "", "#/game"), true`)
		start := p.reload()
		p.waitFor(`!!document.querySelector("#c-1-0 .lp .minus")`, "the game")
		// Each commit's time, measured around the page script's own call.
		eval[bool](p, `(() => { const s = window.gnosis.store, commit = s.commit; window.commits = [];
			s.commit = (...a) => { const t0 = performance.now(); return commit(...a).finally(() => window.commits.push(performance.now() - t0)) }; return true })()`)
		var saved []float64
		for i := range 100 {
			sel := "#c-1-0 .lp .minus"
			if i%2 == 1 {
				sel = "#c-1-0 .lp .plus"
			}
			t0 := time.Now()
			p.tapAndWaitSaved(sel)
			saved = append(saved, float64(time.Since(t0).Microseconds())/1000)
		}
		commits := eval[[]float64](p, `window.commits`)
		line := fmt.Sprintf("game of %d entries (%.0f kB stored): start %.0f ms; commit %s; tap to saved %s",
			entries, float64(size)/1e3, start, spread(commits), spread(saved))
		t.Log(line)
		report = append(report, line)
		chromedp.Cancel(p.ctx)
	}
	os.WriteFile(filepath.Join(artifacts, "save-latency.txt"), []byte(fmt.Sprintln(report)), 0o644)
}

// writeGame writes a game into the page's IndexedDB as the app writes it (store.SaveGame); the
// app reads it at its next start. It returns the bytes stored.
func writeGame(t *testing.T, p *tab, g *anima.Game) int {
	t.Helper()
	m := store.NewMemory()
	if err := store.New(m).SaveGame(g); err != nil {
		t.Fatal(err)
	}
	size := 0
	for k, v := range m.Values {
		size += len(k) + len(v)
	}
	writeRecords(p, m.Values)
	return size
}

// writeRecords writes records into the page's IndexedDB, in one transaction.
func writeRecords(p *tab, values map[string]string) {
	p.t.Helper()
	recs, _ := json.Marshal(values)
	eval[bool](p, `new Promise((ok, no) => { const recs = `+string(recs)+`; const r = indexedDB.open("gnosis");
		r.onsuccess = () => { const tx = r.result.transaction("records", "readwrite"); const st = tx.objectStore("records");
		for (const k in recs) st.put(recs[k], k); tx.oncomplete = () => { r.result.close(); ok(true) }; tx.onerror = () => no(tx.error) } })`)
}

// spread is "p50 / p95 / worst ms (n)" of durations in milliseconds.
func spread(ms []float64) string {
	if len(ms) == 0 {
		return "none"
	}
	s := append([]float64(nil), ms...)
	sort.Float64s(s)
	return fmt.Sprintf("p50 %.1f / p95 %.1f / worst %.1f ms (%d)", s[len(s)/2], s[len(s)*95/100], s[len(s)-1], len(s))
}
