//go:build !wasm

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"gnosis/engine/event"
	"gnosis/engine/season"
	"gnosis/internal/eventcases"
)

// writeNights writes nights' event files into a new folder, and says where.
func writeNights(tb testing.TB, nights []*event.Event) string {
	tb.Helper()
	dir := tb.TempDir()
	for i, e := range nights {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("night-%05d.gnosis-event.json", i)), e.File(), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// TestSeasonCommands: issue 73, part 5: gnosis season standings and ratings print the season
// engine/season adds up from the same files (--csv as a spreadsheet reads it); gnosis season
// site writes a page a night and a player beside the index and the stylesheet, no script, each
// with its link preview and no card's key; a broken file or none says why and exits 2.
func TestSeasonCommands(t *testing.T) {
	nights, err := eventcases.Season(4, 8, 3, 12, 1)
	if err != nil {
		t.Fatal(err)
	}
	dir := writeNights(t, nights)
	want, err := season.Build(season.Setup{Game: event.GameAnima}, nights)
	if err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("season", "standings", "--csv", dir)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != len(want.Standings)+1 || !strings.HasPrefix(lines[1], "1,"+want.Standings[0].Name+",") {
		t.Fatalf("standings: exit %d %q\n%s", code, stderr, out)
	}
	code, out, _ = runCLI("season", "ratings", filepath.Join(dir, "night-00000.gnosis-event.json"), filepath.Join(dir, "night-00001.gnosis-event.json"))
	if code != 0 || !strings.Contains(out, "deviation") || !strings.Contains(out, "Player") {
		t.Fatalf("ratings: exit %d\n%s", code, out)
	}
	site := t.TempDir()
	code, out, stderr = runCLI("season", "site", "-out", site, "-dir", "../..", "-url", "https://club.example/season/", "--name", "Autumn", dir)
	if code != 0 || !strings.Contains(out, fmt.Sprintf("%d nights, %d players", len(want.Nights), len(want.Players))) {
		t.Fatalf("site: exit %d %q %s", code, stderr, out)
	}
	pages, _ := filepath.Glob(filepath.Join(site, "players", "*.html"))
	nightPages, _ := filepath.Glob(filepath.Join(site, "nights", "*.html"))
	if len(pages) != len(want.Players) || len(nightPages) != len(want.Nights) {
		t.Fatalf("%d player pages, %d night pages", len(pages), len(nightPages))
	}
	for _, p := range append(append(pages, nightPages...), filepath.Join(site, "index.html")) {
		b, err := os.ReadFile(p)
		page := string(b)
		if err != nil || !strings.Contains(page, `property="og:title"`) || strings.Contains(page, "<script") || !strings.Contains(page, "gnosis.css") {
			t.Fatalf("%s: %v\n%s", p, err, page)
		}
		for _, e := range nights {
			for _, pl := range e.Players {
				if pl.Card != "" && strings.Contains(page, pl.Card) {
					t.Fatalf("%s shows %s's card's key", p, pl.Name)
				}
			}
		}
	}
	if _, err := os.Stat(filepath.Join(site, "gnosis.css")); err != nil {
		t.Error(err)
	}
	broken := filepath.Join(t.TempDir(), "broken.json")
	os.WriteFile(broken, []byte(`{"kind":"gnosis-event"`), 0o644)
	if code, _, stderr := runCLI("season", "standings", broken); code != 2 || !strings.Contains(stderr, "broken.json") {
		t.Errorf("a broken file: exit %d %q", code, stderr)
	}
	if code, _, _ := runCLI("season", "standings"); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
}

// BenchmarkSeason10k: issue 73, part 5: a region over years, 10,000 event files of 32 players
// each (5 Swiss rounds, a pool of 3,000 players), read and added up, and the ranking site
// written. Its memory is the command's own, measured apart (/usr/bin/time -v gnosis season
// site: docs/MEASUREMENTS.md): this process holds the nights it made too.
func BenchmarkSeason10k(b *testing.B) {
	nights, err := eventcases.Season(10000, 32, 5, 3000, 10)
	if err != nil {
		b.Fatal(err)
	}
	dir := writeNights(b, nights)
	nights = nil
	runtime.GC()
	b.ResetTimer()
	for range b.N {
		site := b.TempDir()
		if code, _, stderr := runCLI("season", "site", "-out", site, "-dir", "../..", dir); code != 0 {
			b.Fatal(stderr)
		}
	}
}
