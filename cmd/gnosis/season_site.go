//go:build !wasm

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"html"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"gnosis/engine/season"
)

// seasonSite writes the season's ranking site into -out: index.html (the standings, the
// ratings, the nights), a page per night (nights/N.html) and per player (players/ID.html), the
// app's stylesheet; no script, each page with its link preview (og:title, og:description; with
// -url, og:url too). A player's page is named by a hash of their season ID, never their card's
// key. Once written, an earlier run's pages no longer in the season are removed (sweepPages).
func seasonSite(args []string, stdout io.Writer) error {
	var f seasonFlags
	fs := seasonFlagSet("site", &f)
	if err := fs.Parse(args); err != nil {
		return exitError{2, err.Error()}
	}
	if f.out == "" {
		return usageError("season site needs -out DIR")
	}
	t, err := seasonOf(f, fs.Args())
	if err != nil {
		return err
	}
	css, err := os.ReadFile(filepath.Join(f.dir, "web", "gnosis.css"))
	if err != nil {
		return exitError{2, err.Error() + ": -dir names the folder that holds web/gnosis.css (the app's, for the site's look)"}
	}
	if err := os.MkdirAll(f.out, 0o755); err != nil {
		return exitError{2, err.Error()}
	}
	if err := os.WriteFile(filepath.Join(f.out, "gnosis.css"), css, 0o644); err != nil {
		return exitError{2, err.Error()}
	}
	pages, err := sitePages(t, f.url, f.out)
	if err != nil {
		return err
	}
	if err := sweepPages(f.out, pages); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d pages: %d nights, %d players\n", len(pages), len(t.Nights), len(t.Players))
	return nil
}

// sitePages writes the site's pages into out, one by one (a region's site is thousands of
// them: none is kept once written; a night's event is let go once its page is), and says which (their paths under out, as "nights/1.html").
func sitePages(t *season.Table, root, out string) (map[string]bool, error) {
	names := playerPages(t)
	w := siteWriter{t: t, root: root, out: out, names: names, pages: map[string]bool{}}
	w.index()
	for i, n := range t.Nights {
		w.night(i, n)
		t.Nights[i].Event = nil // its page written, the night's event is needed no more (the players' pages read the games)
	}
	for _, s := range t.Standings {
		w.player(s)
	}
	return w.pages, w.err
}

// siteMain opens every page's body: what marks a page as this command's own (sweepPages).
const siteMain = `<main class="season-site">`

// ownPage matches the names of the pages of a night and of a player (playerPages).
var ownPage = regexp.MustCompile(`^(nights/[1-9][0-9]*|players/[0-9a-f]{16}(-[0-9]+)?)\.html$`)

// sweepPages removes from out the pages an earlier run wrote that this one did not (a night
// or a player no longer in the season): a file of nights/ or players/ named as this command
// names its pages and holding siteMain. Nothing else in out is touched: the files put there by
// hand, of other names or not written by this command, stay.
func sweepPages(out string, written map[string]bool) error {
	for _, sub := range []string{"nights", "players"} {
		entries, err := os.ReadDir(filepath.Join(out, sub))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return exitError{2, err.Error()}
		}
		for _, en := range entries {
			page := sub + "/" + en.Name()
			if written[page] || !en.Type().IsRegular() || !ownPage.MatchString(page) {
				continue
			}
			file := filepath.Join(out, sub, en.Name())
			if own, err := ownFile(file); err != nil {
				return exitError{2, err.Error()}
			} else if own {
				if err := os.Remove(file); err != nil {
					return exitError{2, err.Error()}
				}
			}
		}
	}
	return nil
}

// ownFile reports whether the file is a page this command wrote: siteMain in its first 64 kB
// (a page's head, its title and preview escaped, comes before it).
func ownFile(file string) (bool, error) {
	f, err := os.Open(file)
	if err != nil {
		return false, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 64<<10))
	return bytes.Contains(b, []byte(siteMain)), err
}

// siteWriter writes the site's pages: the season, the site's address ("" none), the folder,
// the players' pages' names, the pages written, the first error; the page being written, its
// file and what goes to it (a page goes to its file as it is written: the index of a region's
// season, a line a player, is never held whole).
type siteWriter struct {
	t     *season.Table
	root  string
	out   string
	names []string
	pages map[string]bool
	err   error
	file  *os.File
	b     *bufio.Writer
}

// page begins a page at path under the site, its title and description its link preview.
func (w *siteWriter) page(path, title, desc string) {
	w.open(path)
	up := ""
	if strings.Contains(path, "/") {
		up = "../"
	}
	w.f(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`)
	w.f(`<title>%s</title><meta name="description" content="%s"><meta property="og:title" content="%s"><meta property="og:description" content="%s">`, esc(title), esc(desc), esc(title), esc(desc))
	if w.root != "" {
		w.f(`<meta property="og:url" content="%s">`, esc(w.root+path))
	}
	w.f(`<link rel="stylesheet" href="%sgnosis.css"></head><body>%s`, up, siteMain)
}

// open creates the page's file at path (after an error, nothing: what is written is dropped).
func (w *siteWriter) open(path string) {
	var to io.Writer = io.Discard
	if w.err == nil {
		file := filepath.Join(w.out, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			w.err = exitError{2, err.Error()}
		} else if w.file, err = os.Create(file); err != nil {
			w.err = exitError{2, err.Error()}
		} else {
			to = w.file
		}
	}
	if w.b == nil {
		w.b = bufio.NewWriterSize(to, 64<<10)
	}
	w.b.Reset(to)
}

// done ends the page at path and closes its file.
func (w *siteWriter) done(path string) {
	w.b.WriteString("</main></body></html>\n")
	if w.file == nil {
		return
	}
	err := w.b.Flush()
	if cerr := w.file.Close(); err == nil {
		err = cerr
	}
	w.file = nil
	if err != nil {
		w.err = exitError{2, err.Error()}
		return
	}
	w.pages[path] = true
}

// f writes format's text, its arguments as given (escape them: esc).
func (w *siteWriter) f(format string, a ...any) { fmt.Fprintf(w.b, format, a...) }

// esc is s escaped for HTML's text and attributes.
func esc(s string) string { return html.EscapeString(s) }

// table begins a table of the heads, in a card of the title.
func (w *siteWriter) table(title string, heads ...string) {
	w.f(`<section class="card"><h2>%s</h2><div class="records-scroll"><table class="records-table"><thead><tr>`, esc(title))
	for _, h := range heads {
		w.f(`<th>%s</th>`, esc(h))
	}
	w.f(`</tr></thead><tbody>`)
}

// endTable ends a table begun by table.
func (w *siteWriter) endTable() { w.f(`</tbody></table></div></section>`) }

// link is a player's name linked to their page, from a page at depth up ("" or "../").
func (w *siteWriter) link(up string, i int, name string) string {
	return fmt.Sprintf(`<a href="%splayers/%s">%s</a>`, up, w.names[i], esc(name))
}

// index writes index.html: the standings, the ratings, the nights.
func (w *siteWriter) index() {
	t := w.t
	w.page("index.html", t.Setup.Name, fmt.Sprintf("%d nights, %d players: standings and ratings", len(t.Nights), len(t.Players)))
	w.f(`<h1>%s</h1><p>%d nights, %d players</p>`, esc(t.Setup.Name), len(t.Nights), len(t.Players))
	w.table("Standings", "#", "Player", "Points", "Nights", "W-D-L", "Margin", "SoS", "Rating")
	for _, s := range t.Standings {
		w.f(`<tr><td>%d</td><td>%s</td><td>%d</td><td>%d</td><td>%d-%d-%d</td><td>%d</td><td>%.2f</td><td>%.0f</td></tr>`,
			s.Place, w.link("", s.Player, s.Name), s.Points, s.Nights, s.Won, s.Drawn, s.Lost, s.Margin(), s.Schedule(), s.Rating.R)
	}
	w.endTable()
	w.table("Ratings", "#", "Player", "Rating", "Range", "Games")
	for i, s := range t.ByRating() {
		r := s.Rating
		w.f(`<tr><td>%d</td><td>%s</td><td>%.0f</td><td>%.0f–%.0f</td><td>%d</td></tr>`, i+1, w.link("", s.Player, s.Name), r.R, r.R-2*r.RD, r.R+2*r.RD, s.Played())
	}
	w.endTable()
	w.f(`<p>Glicko-2, a night a rating period; the range holds a player's strength at 95%%.</p><section class="card"><h2>Nights</h2><ul>`)
	for i, n := range t.Nights {
		w.f(`<li><a href="nights/%d.html">%s · %s</a> · %d players</li>`, i+1, esc(n.Date), esc(n.Name), n.Players)
	}
	w.f(`</ul></section>`)
	w.done("index.html")
}

// night writes night i's page: its standings.
func (w *siteWriter) night(i int, n season.Night) {
	path := fmt.Sprintf("nights/%d.html", i+1)
	w.page(path, n.Name+" · "+n.Date, fmt.Sprintf("%d players", n.Players))
	w.f(`<p><a href="../index.html">%s</a></p><h1>%s</h1><p>%s · %d players</p>`, esc(w.t.Setup.Name), esc(n.Name), esc(n.Date), n.Players)
	w.table("Standings", "#", "Player", "Points", "W-D-L", "Margin")
	for _, s := range n.Event.Standings() {
		w.f(`<tr><td>%d</td><td>%s</td><td>%d</td><td>%d-%d-%d</td><td>%d</td></tr>`, s.Place, w.link("../", w.t.Who(i, s.Player), s.Name), s.Points, s.Won, s.Drawn, s.Lost, s.Margin())
	}
	w.endTable()
	w.done(path)
}

// player writes a player's page: their line, nights with the rating after each, games, and
// each party's record.
func (w *siteWriter) player(s season.Standing) {
	t := w.t
	path := "players/" + w.names[s.Player]
	r := s.Rating
	w.page(path, s.Name+" · "+t.Setup.Name, fmt.Sprintf("place %d, rating %.0f", s.Place, r.R))
	w.f(`<p><a href="../index.html">%s</a></p><h1>%s</h1>`, esc(t.Setup.Name), esc(s.Name))
	w.f(`<p>Place %d · %d points · %d-%d-%d · rating %.0f (%.0f–%.0f)</p><section class="card"><h2>Nights</h2><ul>`, s.Place, s.Points, s.Won, s.Drawn, s.Lost, r.R, r.R-2*r.RD, r.R+2*r.RD)
	for k, en := range t.Players[s.Player].Entries {
		n := t.Nights[en.Night]
		w.f(`<li><a href="../nights/%d.html">%s · %s</a>`, en.Night+1, esc(n.Date), esc(n.Name))
		if k < len(s.Ratings) {
			w.f(` · rating after: %.0f`, s.Ratings[k].R)
		}
		w.f(`</li>`)
	}
	w.f(`</ul></section><section class="card"><h2>Games</h2><ul>`)
	d := t.PageOf(s.Player)
	for _, g := range d.Games {
		w.f(`<li>%s, round %d: %s against %s`, esc(g.Night.Date), g.Game.Round, g.Game.For(g.Side), w.link("../", g.Opponent, t.Players[g.Opponent].Name))
		if p := g.Game.Parties[g.Side]; p != "" {
			w.f(` · %s`, esc(p))
		}
		w.f(`</li>`)
	}
	w.f(`</ul></section><section class="card"><h2>Parties</h2><ul>`)
	for _, p := range d.Parties {
		name := p.Party
		if name == "" {
			name = "no list locked"
		}
		w.f(`<li>%s: %d-%d-%d</li>`, esc(name), p.Won, p.Drawn, p.Lost)
	}
	w.f(`</ul></section>`)
	w.done(path)
}

// playerPages are each season player's page's file name: a hash of their season ID (a card's
// key stays off the site), made unique.
func playerPages(t *season.Table) []string {
	out := make([]string, len(t.Players))
	used := map[string]bool{}
	for i, p := range t.Players {
		h := fnv.New64a()
		h.Write([]byte(p.ID))
		name := fmt.Sprintf("%016x.html", h.Sum64())
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%016x-%d.html", h.Sum64(), n)
		}
		used[name], out[i] = true, name
	}
	return out
}
