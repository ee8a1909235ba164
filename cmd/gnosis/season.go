//go:build !wasm

package main

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// seasonCmd adds club nights up from their event files (engine/season): the season's standings
// and ratings printed, or a ranking site written.
func seasonCmd(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usageError("season needs a command: standings, ratings or site")
	}
	switch args[0] {
	case "standings", "ratings":
		return seasonTable(args[0], args[1:], stdout)
	case "site":
		return seasonSite(args[1:], stdout)
	}
	return usageError(fmt.Sprintf("unknown season command %q", args[0]))
}

// seasonFlags are a season command's flags: those every one takes (the season's name, the
// best nights counted, τ), then the tables' (--csv) or the site's (-out, -dir, -url).
type seasonFlags struct {
	name string
	best int
	tau  float64
	csv  bool
	out  string
	dir  string
	url  string
}

// seasonFlagSet is the flags of season cmd ("standings", "ratings" or "site"), set into f: the
// one place they are defined (the usage says each: TestSeasonUsageSaysEveryFlag).
func seasonFlagSet(cmd string, f *seasonFlags) *flag.FlagSet {
	fs := newFlags("season " + cmd)
	fs.StringVar(&f.name, "name", "Season", "the season's name")
	fs.IntVar(&f.best, "best", 0, "count each player's best N nights (0: every night)")
	fs.Float64Var(&f.tau, "tau", 0, "Glicko-2's τ, 0.2 to 1.2 (0: 0.5)")
	if cmd != "site" {
		fs.BoolVar(&f.csv, "csv", false, "print as CSV")
		return fs
	}
	fs.StringVar(&f.out, "out", "", "the folder to write the site in")
	fs.StringVar(&f.dir, "dir", ".", "the folder that holds web/gnosis.css")
	fs.StringVar(&f.url, "url", "", "the site's address, for link previews (https://host/path/)")
	return fs
}

// seasonOf reads the event files (and the event files of folders) the arguments name, and adds
// them up as the flags say, the season's name cleaned and cut as every name from outside
// (core.CleanText: no control or reordering characters; event.MaxName bytes at most); the game
// is the first night's.
func seasonOf(f seasonFlags, paths []string) (*season.Table, error) {
	if len(paths) == 0 {
		return nil, usageError("season needs event files, or folders of them")
	}
	nights, err := readNights(paths)
	if err != nil {
		return nil, err
	}
	game := event.GameAnima
	if len(nights) > 0 {
		game = nights[0].Game
	}
	name := core.CutText(core.CleanText(f.name), event.MaxName) // as the app keeps a season's name (SetSeason)
	t, err := season.Build(season.Setup{Name: name, Game: game, Best: f.best, Tau: f.tau}, nights)
	if err != nil {
		return nil, exitError{1, err.Error()}
	}
	return t, nil
}

// readNights reads every event file paths name (a folder: its files ending in .json), a few at
// once (one a core), each bounded as every input (readInput, event.ReadFile); the lists' links
// are let go once read (a season needs their parties' names).
func readNights(paths []string) ([]*event.Event, error) {
	var files []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, exitError{2, err.Error()}
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		in, err := filepath.Glob(filepath.Join(p, "*.json"))
		if err != nil {
			return nil, exitError{2, err.Error()}
		}
		files = append(files, in...)
	}
	if len(files) > season.MaxNights {
		return nil, exitError{1, fmt.Sprintf("%d event files: a season adds up %d nights at most", len(files), season.MaxNights)}
	}
	nights := make([]*event.Event, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				nights[i], errs[i] = readNight(files[i])
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return nights, nil
}

// readNight reads one event file, what a season does not read of it let go: the lists' links,
// the results' corrections, games' IDs, parties' checksums and luck (a region's 10,000 nights
// then fit in 1 GB).
func readNight(path string) (*event.Event, error) {
	b, err := readInput(path)
	if err != nil {
		return nil, err
	}
	e, err := event.ReadFile(b)
	if err != nil {
		return nil, exitError{2, path + ": " + err.Error()}
	}
	for i := range e.Players {
		if l := e.Players[i].List; l != nil {
			l.Link, l.Sum = "", ""
		}
	}
	for i := range e.Played {
		r := &e.Played[i]
		r.Swaps = nil
		for j := range r.Pairings {
			p := &r.Pairings[j]
			p.Earlier = nil
			if res := p.Result; res != nil {
				res.Game, res.Parties, res.Luck, res.End, res.Ahead = "", [2]string{}, nil, "", ""
			}
		}
	}
	return e, nil
}

// seasonTable prints the season's standings or its ratings (--csv: as CSV).
func seasonTable(what string, args []string, stdout io.Writer) error {
	var f seasonFlags
	fs := seasonFlagSet(what, &f)
	if err := fs.Parse(args); err != nil {
		return exitError{2, err.Error()}
	}
	t, err := seasonOf(f, fs.Args())
	if err != nil {
		return err
	}
	// Only the lines are printed: once they are taken, the rest of the table (the nights' events,
	// the games) is let go.
	st, heads, row := t.Standings, standingsHeads, standingsRow
	if what == "ratings" {
		st, heads, row = t.ByRating(), ratingsHeads, ratingsRow
	}
	if !f.csv {
		w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, strings.Join(heads, "\t")+"\t")
		for i, s := range st {
			fmt.Fprintln(w, strings.Join(row(i, s, s.Name), "\t")+"\t")
		}
		return w.Flush()
	}
	// A row at a time, the names guarded a chunk of lines at a time: a region's season of
	// 250,000 players is never held as text whole.
	w := csv.NewWriter(stdout)
	w.Write(heads)
	const chunk = 1024
	for i := 0; i < len(st); i += chunk {
		part := st[i:min(i+chunk, len(st))]
		names, err := csvNames(part)
		if err != nil {
			return err
		}
		for k, s := range part {
			w.Write(row(i+k, s, names[k]))
		}
	}
	w.Flush()
	return w.Error()
}

// csvNames are the names of st, in order, as the season's CSV writes them (engine/season's
// CSVHeaded, the phone's): a name a spreadsheet would read as a formula ("=HYPERLINK(…)")
// begins with ' there. One guard for every season CSV: its own is the one read back here.
func csvNames(st []season.Standing) ([]string, error) {
	recs, err := csv.NewReader(bytes.NewReader((&season.Table{Standings: st}).CSVHeaded(season.CSVHeader))).ReadAll()
	if err != nil || len(recs) != len(st)+1 {
		return nil, exitError{2, fmt.Sprintf("the season's CSV read back: %d rows for %d players (%v)", len(recs), len(st), err)}
	}
	names := make([]string, len(st))
	for i, r := range recs[1:] {
		names[i] = r[1]
	}
	return names, nil
}

// standingsHeads are the heads of the standings' columns (standingsRow).
var standingsHeads = []string{"place", "player", "points", "nights", "won", "drawn", "lost", "byes", "margin", "sos", "rating"}

// standingsRow is the standings' line s as a row (the i-th), the player's name as name.
func standingsRow(_ int, s season.Standing, name string) []string {
	return []string{strconv.Itoa(s.Place), name, strconv.Itoa(s.Points), strconv.Itoa(s.Nights),
		strconv.Itoa(s.Won), strconv.Itoa(s.Drawn), strconv.Itoa(s.Lost), strconv.Itoa(s.Byes), strconv.Itoa(s.Margin()),
		strconv.FormatFloat(s.Schedule(), 'f', 2, 64), strconv.FormatFloat(s.Rating.R, 'f', 0, 64)}
}

// ratingsHeads are the heads of the ratings' columns (ratingsRow).
var ratingsHeads = []string{"rank", "player", "rating", "deviation", "low", "high", "volatility", "nights", "games"}

// ratingsRow is the i-th line of the ratings (the season's ByRating: the highest first, then
// the least deviation) as a row, the player's name as name: the rating, its deviation, the
// range of 95% (R ± 2 RD), the volatility.
func ratingsRow(i int, s season.Standing, name string) []string {
	r := s.Rating
	return []string{strconv.Itoa(i + 1), name, strconv.FormatFloat(r.R, 'f', 0, 64), strconv.FormatFloat(r.RD, 'f', 0, 64),
		strconv.FormatFloat(r.R-2*r.RD, 'f', 0, 64), strconv.FormatFloat(r.R+2*r.RD, 'f', 0, 64), strconv.FormatFloat(r.Volatility, 'f', 4, 64),
		strconv.Itoa(s.Nights), strconv.Itoa(s.Played())}
}
