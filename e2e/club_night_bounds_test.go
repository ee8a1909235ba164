package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gnosis/app/store"
	"gnosis/engine/event"
	"gnosis/engine/shelf"
	"gnosis/internal/eventcases"
	"gnosis/internal/gamecases"
)

// TestClubNightWorkIsBounded: issue 69, part 4: with the CPU slowed 4×, the largest club night
// (eventcases.Night: 256 players of long names and lists, 16 rounds, played to round 15) is run
// on the organiser's phone, the page's longest task measured against the target of 200 ms: its
// file opened (its round's tab drawn whole), its players' and standings' tabs, round 16 paired (the round the engine pairs from the same
// event), the round's QR codes shown (every one drawn), a name typed key by key, the standings
// shared as an image, the page printed, a result typed while the codes show.
func TestClubNightWorkIsBounded(t *testing.T) {
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	path, e := largestNightFile(t, base, 69)
	want, err := e.Pair() // round 16, as the page must pair it
	if err != nil {
		t.Fatal(err)
	}
	codes := len(e.RoundViews(e.Round()))

	p := newPage(t)
	p.open(base)
	p.click("#open-event")
	p.waitFor(`!!document.querySelector("#event-open-file")`, "the club night's set-up")
	p.throttle(4)
	eval[bool](p, watchLongTasks)
	longest := map[string]float64{}
	order := []string{}
	took := func(what string) {
		longest[what] = longestTask(p)
		order = append(order, what)
	}

	p.upload("#event-open-file", path)
	slowly(p, `!!document.querySelector("#event-round h3") && document.querySelector("#event-round h3").textContent.includes("15")`, "the night's file opened")
	// Issue 70: the round's tab first, the only one drawn; each other tab drawn whole when chosen.
	slowly(p, `document.querySelectorAll("#event-round li").length === 128 && !document.querySelector("#event-players") && !document.querySelector("#event-standings")`, "the round's tab drawn whole")
	took("opening its file")
	p.click("#event-tab-players")
	slowly(p, `document.querySelectorAll("#event-players li.event-player").length === 256`, "the players' tab drawn whole")
	took("the players' tab")
	p.click("#event-tab-standings")
	slowly(p, `document.querySelectorAll("#event-standings tbody tr").length === 256 && document.querySelectorAll("#event-luck li").length === 256`, "the standings' tab drawn whole")
	took("the standings' tab")
	p.click("#event-tab-round")
	slowly(p, `document.querySelectorAll("#event-round li").length === 128`, "the round's tab again")

	p.click("#event-pair")
	// The round's heading comes with the round kept; its 128 tables are drawn a step at a time.
	slowly(p, `!!document.querySelector("#event-round h3") && document.querySelector("#event-round h3").textContent.includes("16") && document.querySelectorAll("#event-round li").length === 128`, "round 16 paired, its tables drawn")
	took("pairing round 16")
	for _, tb := range want.Pairings {
		got := eval[string](p, `document.querySelector("#event-table-`+strconv.Itoa(tb.Table)+` p").textContent`)
		a, b := e.Player(tb.Players[0]).Name, e.Player(tb.Players[1]).Name
		if !strings.Contains(got, a) || !strings.Contains(got, b) {
			t.Fatalf("round 16's table %d in the page: %q; the engine pairs %q and %q", tb.Table, got, a, b)
		}
	}

	p.click("#event-show-round")
	slowly(p, `document.querySelectorAll(".event-round-code svg").length === `+strconv.Itoa(codes), fmt.Sprintf("the round's %d codes", codes))
	took("drawing the round's codes")

	p.click("#event-tab-players")
	slowly(p, `document.querySelectorAll("#event-players li.event-player").length === 256`, "the players' tab again")
	longestTask(p) // the tab drawn again is not the typing's
	p.typeInto("#event-player-name", "A late player's name, typed key by key")
	p.waitFor(`document.querySelector("#event-player-name").value.endsWith("key by key")`, "the name typed")
	took("typing a name")

	eval[bool](p, `Object.defineProperty(navigator, "canShare", {value: (d) => !!d.files, configurable: true}),
		Object.defineProperty(navigator, "share", {value: (d) => { window.__file = d.files ? d.files[0] : null; return Promise.resolve() }, configurable: true}), true`)
	p.click("#event-share-image")
	slowly(p, `!!window.__file && window.__file.type === "image/png" && window.__file.size > 5000`, "the standings shared as an image")
	took("the standings' image")

	p.click("#event-tab-standings")
	slowly(p, `document.querySelectorAll("#event-standings tbody tr").length === 256`, "the standings' tab")
	took("the standings' tab again")
	p.media("print")
	slowly(p, `getComputedStyle(document.querySelector("#event-tabs")).display === "none"`, "the page as printed")
	p.printPDF()
	p.media("")
	took("printing")

	p.click("#event-tab-round")
	slowly(p, `document.querySelectorAll(".event-round-code svg").length === `+strconv.Itoa(codes), "the round's codes drawn again")
	longestTask(p)                  // the round's tab drawn again is not the result's
	p.click("#event-table-1-first") // a result in while the codes are shown: they stay drawn
	slowly(p, `!document.querySelector("#event-table-1-first")`, "table 1's result")
	slowly(p, `document.querySelectorAll(".event-round-code svg").length === `+strconv.Itoa(codes), "the round's codes after a result")
	took("a result typed")

	var line string
	for _, what := range order {
		line += fmt.Sprintf("%s %.0f ms; ", what, longest[what])
	}
	record(t, "the largest club night (256 players, round 16 of 16, %d codes) at 4× CPU, the longest task: %s(target 200 ms)", codes, line)
	// The target is 200 ms; on a busy machine a task's time also holds the other processes'
	// turns, so the test fails past 500 ms (as TestShelfWorkIsBounded), and says when the target
	// itself is missed. Every job met it on a quiet machine (docs/MEASUREMENTS.md).
	for _, what := range order {
		limit := 500.0
		switch ms := longest[what]; {
		case ms > limit:
			t.Errorf("%s held the page %.0f ms in one task (target 200 ms)", what, ms)
		case ms > 200:
			t.Logf("OVER TARGET: %s held the page %.0f ms in one task (target 200 ms)", what, ms)
		}
	}
}

// TestClubNightRestoreIsBounded: issue 69, part 4: with the CPU slowed 4×, a backup of 2,000
// kept games (the shelf's bound, store.MaxShelf) is restored, its last steps (which of them the
// shelf lacks, by their logs' IDs) a few a step; the page's longest task is measured against
// the target of 200 ms.
func TestClubNightRestoreIsBounded(t *testing.T) {
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	entries, err := gamecases.AttackLog(12)
	if err != nil {
		t.Fatal(err)
	}
	var start map[string]any
	if err := json.Unmarshal(entries[0], &start); err != nil {
		t.Fatal(err)
	}
	bk := store.Backup{Version: 1, Kind: store.BackupKind}
	for i := range store.MaxShelf { // each its own game: its start's side named apart
		start["e"].(map[string]any)["sides"].([]any)[0].(map[string]any)["name"] = fmt.Sprint("Light ", i)
		es := append([][]byte{}, entries...)
		es[0], _ = json.Marshal(start)
		bk.Shelf = append(bk.Shelf, shelf.FileOf(shelf.Kept{Game: shelf.Game{Kind: shelf.Anima}, Entries: es}))
	}
	b, _ := json.Marshal(bk)
	path := filepath.Join(t.TempDir(), "backup.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	p := newPage(t)
	p.open(base)
	p.throttle(4)
	eval[bool](p, watchLongTasks)
	longestTask(p) // the start's tasks are not the restore's (TestFirstVisitLongTasks measures them)
	p.upload("#import-backup", path)
	slowly(p, `(document.querySelector("#toast") || {}).textContent.includes("2000 games added to the shelf")`, "the backup of 2,000 kept games restored")
	ms := longestTask(p)
	record(t, "a backup of %d kept games (%d kB) restored at 4× CPU: longest task %.0f ms (target 200 ms)", store.MaxShelf, len(b)>>10, ms)
	// The backup is read a few kept games a step and they are added 200 to a change
	// (shelveAtOnce); the longest task left is Go's garbage collector marking the heap the
	// backup fills: 133–141 ms on a quiet machine (the target met), 304–1,123 ms under a load of
	// 4–9 (docs/MEASUREMENTS.md). It was 1.2 s when the file's kept games were read in one
	// step, 5.7 s when they were sifted in one; the test fails past 2 s. The start's tasks
	// before the upload are not the restore's (measured by TestFirstVisitLongTasks).
	switch {
	case ms > 2000:
		t.Errorf("restoring 2,000 kept games held the page %.0f ms in one task (target 200 ms)", ms)
	case ms > 200:
		t.Logf("OVER TARGET: restoring 2,000 kept games held the page %.0f ms in one task (target 200 ms)", ms)
	}
}

// TestTheLargestNightComesBackAfterAReload: the largest night (256 players, round 15 of 16,
// 789 kB) opened from its file is the night on the screen after a reload. Its file is kept in
// parts of 16 kB, and the names of this night (seed 4242) have letters of two and three bytes
// across a part's end: cut there, a part came back from the browser's storage with U+FFFD in
// its place, and the night was set aside as unreadable at every start (store's
// TestAPartEndsBetweenCharacters).
func TestTheLargestNightComesBackAfterAReload(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	path, e := largestNightFile(t, base, 4242)
	p := newPage(t)
	p.open(base)
	p.click("#open-event")
	p.waitFor(`!!document.querySelector("#event-open-file")`, "the club night's set-up")
	p.upload("#event-open-file", path)
	slowly(p, `document.querySelectorAll("#event-round li").length === 128`, "the night's file opened")
	p.wantRecord(store.EventKey, "the night kept", func(v string) bool { return strings.Contains(v, `"parts"`) })
	p.reload()
	slowly(p, `document.querySelectorAll("#event-round li").length === 128 && document.querySelector("#event-round h3").textContent.includes("15")`, "the night back after a reload")
	if len(p.records("gnosis.unreadable.")) != 0 {
		t.Fatalf("a record was set aside as unreadable: %v", p.records("gnosis.unreadable."))
	}
	first := e.Player(e.Played[14].Pairings[0].Players[0]).Name
	p.wantIn("#event-table-1", first)
}

// largestNightFile writes the largest night's file (256 players, round 15 of 16 played,
// eventcases.Night of seed) for base, and returns its path and the night.
func largestNightFile(t *testing.T, base string, seed uint64) (string, *event.Event) {
	t.Helper()
	e, err := eventcases.Night(base, event.MaxRounds-1, seed)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "night.gnosis-event.json")
	if err := os.WriteFile(path, e.File(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, e
}
