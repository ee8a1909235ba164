package e2e

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gnosis/engine/event"
	"gnosis/engine/season"
	"gnosis/engine/text"
	"gnosis/internal/eventcases"
)

// TestSeason (issue 73, part 4): in three languages, at 390×844 and 360×740, the organiser's
// season on the phone: three club nights of four players (two rounds each; players joined by
// their cards across nights), the first run on the phone (its event file opened, then ended
// into the past nights), the two others added as event files; a file that is none refused,
// said in the player's language, nothing lost; the standings and ratings checked against
// engine/season's own table of the same nights, line by line; a night left out and put back;
// the rule of the best night; a player's page; the standings' CSV; kept over a reload. Part 6:
// the season's file downloaded and opened on another phone, the same standings and ratings (a
// file that is none refused there first, nothing changed). Then, in English (seasonByCards),
// the nights run on the organiser's phone with the players' cards, a table counted by hand,
// the file opened on a player's phone, and the CLI's ranking site opened and looked at.
func TestSeason(t *testing.T) {
	parallel(t)
	nights, err := eventcases.Season(3, 4, 2, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := make([]string, len(nights))
	for i, e := range nights {
		files[i] = filepath.Join(dir, fmt.Sprintf("night-%d.gnosis-event.json", i+1))
		if err := os.WriteFile(files[i], e.File(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bad := filepath.Join(dir, "not-a-night.json")
	if err := os.WriteFile(bad, []byte(`{"kind":"gnosis-event","version":1,"players":"none"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	for _, v := range []struct{ lang, option string }{{text.EN, "English"}, {text.ES, "Español"}, {text.IT, "Italiano"}} {
		t.Run(v.lang, func(t *testing.T) { seasonOnThePhone(t, base, v.lang, v.option, nights, files, bad) })
	}
	t.Run("cards", func(t *testing.T) { seasonByCards(t, base) })
}

// seasonOnThePhone is TestSeason in one language.
func seasonOnThePhone(t *testing.T, base, lang, option string, nights []*event.Event, files []string, bad string) {
	p := newPage(t)
	p.resize(phoneWidth, phoneHeight)
	p.open(base)
	p.choose("#language", option)

	// The first night, run on this phone: its file opened as the club night, then ended.
	p.click("#open-event")
	p.upload("#event-open-file", files[0])
	p.waitFor(`!!document.querySelector("#event-end")`, "the first night opened")
	p.click("#event-end")
	p.waitFor(`!!document.querySelector("#event-end.confirm")`, "the end asking to be tapped again")
	p.click("#event-end")
	p.waitFor(`!!document.querySelector("#nights-list li")`, "the night ended, in the past nights")
	p.open(base)
	p.click("#open-season")
	p.waitFor(`document.querySelectorAll("#season-standings tbody tr").length === 4`, "the season of the night kept")

	// The two others added from their files; a file that is no night refused, said.
	p.upload("#season-add-file", files[1])
	p.waitFor(`document.querySelectorAll("#season-nights-list li").length === 2`, "the second night added")
	p.upload("#season-add-file", files[2])
	p.waitFor(`document.querySelectorAll("#season-nights-list li").length === 3`, "the third night added")
	p.upload("#season-add-file", bad)
	p.wantIn("#notice", text.T(lang, "This file cannot be added to the season: %s")[:12])
	if n := eval[int](p, `document.querySelectorAll("#season-nights-list li").length`); n != 3 {
		t.Errorf("%d nights after a bad file, want 3", n)
	}
	all := season.Setup{Game: event.GameAnima}
	wantSeason(t, p, all, nights)
	p.shot("season-" + lang + "-390")
	p.resize(360, 740)
	p.shot("season-" + lang + "-360")
	p.fullShot("season-full-" + lang + "-360")

	// The first night left out, then put back.
	first := event.Checksum(string(nights[0].File()))
	p.click("#season-in-" + first)
	p.waitFor(`document.querySelector("#season-in-`+first+`").checked === false && document.querySelector("#season-line").textContent.includes("2")`, "the first night left out")
	wantSeason(t, p, all, nights[1:])
	p.click("#season-in-" + first)
	p.waitFor(`document.querySelector("#season-in-`+first+`").checked === true`, "the first night back in")
	wantSeason(t, p, all, nights)

	// The rule: the best night of each, and τ 0.6. The form stays open with its choices while
	// the season is added up again meanwhile (a night left out and put back): a part said
	// before it drew it anew, closed, and moved the nights under the player's finger.
	p.click("#season-rule summary")
	p.waitFor(`document.querySelector("#season-rule").open`, "the rule's form open")
	if eval[bool](p, `!!document.querySelector("#season-best")`) {
		t.Error("the best nights' number asked for under every night's points")
	}
	p.chooseValue("#season-rule-kind", "best")
	p.waitFor(`!!document.querySelector("#season-best")`, "the best nights' number asked for once the best nights' rule is chosen")
	eval[bool](p, `(() => { const f = document.querySelector("#season-best"); f.value = "1"; return true })()`)
	eval[bool](p, `(() => { const f = document.querySelector("#season-tau"); f.value = "0.6"; return true })()`)
	p.click("#season-in-" + first)
	p.waitFor(`document.querySelector("#season-in-`+first+`").checked === false && document.querySelector("#season-line").textContent.includes("2")`, "the first night left out, the form open")
	p.click("#season-in-" + first)
	p.waitFor(`document.querySelector("#season-in-`+first+`").checked === true && !document.querySelector("#season-counting")`, "the first night back in, the form open")
	if !eval[bool](p, `document.querySelector("#season-rule").open && document.querySelector("#season-rule-kind").value === "best" && document.querySelector("#season-tau").value === "0.6"`) {
		t.Error("the rule's form closed or lost its choices while the season was added up again")
	}
	p.click("#season-save-rule")
	best := season.Setup{Game: event.GameAnima, Best: 1, Tau: 0.6}
	wantTable, _ := season.Build(best, nights)
	p.waitFor(`document.querySelector("#season-row-1 .season-points").textContent === `+q(strconv.Itoa(wantTable.Standings[0].Points)), "the best night's points")
	wantSeason(t, p, best, nights)

	// The standings' CSV, as engine/season writes it, its heads in the player's language.
	header := make([]string, len(season.CSVHeader))
	for i, h := range season.CSVHeader {
		header[i] = text.T(lang, h)
	}
	eval[bool](p, `window.gnosis.lastFile = null, true`)
	p.click("#season-csv")
	p.waitFor(`(window.gnosis.lastFile || {}).name?.endsWith(".csv")`, "the CSV offered")
	if got := eval[string](p, `window.gnosis.lastFile.text`); got != string(wantTable.CSVHeaded(header)) {
		t.Errorf("the CSV:\n%s\nwant\n%s", got, wantTable.CSVHeaded(header))
	}

	// Shared as one PNG image of the standings, its lines made in Go.
	eval[bool](p, `Object.defineProperty(navigator, "canShare", {value: (d) => !!d.files, configurable: true}),
		Object.defineProperty(navigator, "share", {value: (d) => { window.__file = d.files ? d.files[0] : null; return Promise.resolve() }, configurable: true}), true`)
	p.click("#season-share-image")
	p.waitFor(`!!window.__file && window.__file.type === "image/png" && window.__file.size > 5000 && window.__file.name.endsWith(" standings.png")`, "the standings shared as a PNG image")
	lines := eval[[]string](p, `window.gnosis.lastImageLines`)
	if s := wantTable.Standings[0]; len(lines) != len(wantTable.Standings) || !strings.Contains(lines[0], s.Name) || !containsWhole(lines[0], s.Rating.R) {
		t.Errorf("the image's lines %q", lines)
	}

	// Kept over a reload; then the top player's page.
	p.reload()
	p.waitFor(`document.querySelectorAll("#season-standings tbody tr").length > 0`, "the season after a reload")
	wantSeason(t, p, best, nights)
	top := wantTable.Standings[0]
	p.click("#season-row-1 a.name")
	p.wantIn("#season-player-name", top.Name)
	pg := wantTable.PageOf(top.Player)
	p.waitFor(`document.querySelectorAll("#season-player-games li").length === `+strconv.Itoa(len(pg.Games)), "the player's games")
	if got := eval[string](p, `document.querySelector("#season-player-rating").textContent`); !containsWhole(got, top.Rating.R) {
		t.Errorf("the player's rating %q, want %.0f", got, top.Rating.R)
	}
	if got := eval[string](p, `document.querySelector("#season-player-record").textContent`); !strings.Contains(got, strconv.Itoa(top.Margin())) {
		t.Errorf("the player's record %q, want the margin %d", got, top.Margin())
	}
	wantLuck := text.T(lang, "No game of theirs came in by its game file: their luck is measured from those.")
	if pg.LuckGames > 0 {
		wantLuck = strconv.Itoa(pg.Luck.LP)
	}
	p.wantIn("#season-player-luck-line", wantLuck)
	p.shot("season-player-" + lang + "-360")
	p.resize(phoneWidth, phoneHeight)
	p.shot("season-player-" + lang + "-390")
	p.click("#season-player-back")
	p.waitFor(`!!document.querySelector("#season-standings")`, "back to the season")

	// Printed on A4: only the standings and ratings, nothing to tap.
	p.media("print")
	if shown := eval[bool](p, `getComputedStyle(document.querySelector("#season-csv")).display !== "none" || getComputedStyle(document.querySelector("#season-ratings")).display === "none"`); shown {
		t.Error("printed: the buttons shown or the ratings hidden")
	}
	if pdf := p.printPDF(); len(pdf) < 1000 {
		t.Errorf("the printed season: %d bytes", len(pdf))
	}
	p.media("")

	// A player joined by name alone (a guess) split by hand into a player a night.
	var guess season.Player
	for _, pl := range wantTable.Players {
		if pl.Guess {
			guess = pl
		}
	}
	guessRow := 0
	for i, st := range wantTable.Standings {
		if wantTable.Players[st.Player].ID == guess.ID {
			guessRow = i + 1
		}
	}
	p.open(base + "#/season")
	p.waitFor(`!!document.querySelector("#season-row-`+strconv.Itoa(guessRow)+` .season-guess") && document.querySelectorAll("#season-standings .season-guess").length === 1`, "the guess marked in the standings, alone")
	var joins []season.Join
	for _, en := range guess.Entries {
		joins = append(joins, season.Join{Night: wantTable.Nights[en.Night].Key, Player: en.Player})
	}
	p.open(base + "#/season/player/" + strconv.Itoa(slices.IndexFunc(wantTable.Players, func(pl season.Player) bool { return pl.ID == guess.ID })))
	p.wantIn("#season-player-name", guess.Name)
	p.waitFor(`!!document.querySelector("#season-player-guess")`, "the player said to be a guess")
	p.shot("season-guess-" + lang + "-390")
	p.click("#season-player-split")
	split := season.Setup{Game: event.GameAnima, Best: 1, Tau: 0.6, Joins: joins}
	wantSeason(t, p, split, nights)

	// The standings as a link, opened on a phone that has none of the nights.
	splitTable, _ := season.Build(split, nights)
	link := eval[string](p, `document.querySelector("#season-link").href`)
	other := newPage(t)
	other.resize(360, 740)
	other.open(base)
	other.choose("#language", option)
	other.open(link)
	other.waitFor(`document.querySelectorAll("#season-view-standings tbody tr").length === `+strconv.Itoa(len(splitTable.Standings)), "the season from its link")
	type row struct{ Name, Points string }
	got := eval[[]row](other, `[...document.querySelectorAll("#season-view-standings tbody tr")].map(r => ({Name: r.querySelector(".name").textContent, Points: r.querySelector(".season-points").textContent}))`)
	for i, s := range splitTable.Standings {
		if got[i] != (row{s.Name, strconv.Itoa(s.Points)}) {
			t.Errorf("the link's line %d: %+v, want %s %d", i+1, got[i], s.Name, s.Points)
		}
	}
	if n := eval[int](other, `document.querySelectorAll("#season-view-ratings li").length`); n != len(splitTable.Standings) {
		t.Errorf("the link's ratings: %d lines", n)
	}
	other.shot("season-link-" + lang + "-360")

	// Part 6: the season's file moves to the other phone, which shows the same standings and
	// ratings; a file that is no season's is refused there, said, nothing changed.
	p.waitFor(`!!document.querySelector("#season-file")`, "the season's file offered")
	eval[bool](p, `window.gnosis.lastFile = null, document.querySelector("#season-file").scrollIntoView({block: "center"}), true`)
	p.shot("season-move-" + lang + "-390")
	p.click("#season-file")
	p.waitFor(`(window.gnosis.lastFile || {}).name?.endsWith(".gnosis-season.json")`, "the season's file offered")
	moved := filepath.Join(filepath.Dir(bad), "season-"+lang+".gnosis-season.json")
	if err := os.WriteFile(moved, []byte(eval[string](p, `window.gnosis.lastFile.text`)), 0o644); err != nil {
		t.Fatal(err)
	}
	other.open(base + "#/season")
	other.waitFor(`!!document.querySelector("#season-open-file")`, "the season's file to open")
	other.upload("#season-open-file", bad)
	other.wantIn("#notice", text.T(lang, "This season's file cannot be opened, and nothing was changed: %s.")[:20])
	if n := eval[int](other, `document.querySelectorAll("#season-nights-list li").length`); n != 0 {
		t.Errorf("%d nights after a file refused, want none", n)
	}
	other.click("#notice button.icon")
	other.upload("#season-open-file", moved)
	other.waitFor(`document.querySelectorAll("#season-nights-list li").length === 3`, "the season's file opened")
	other.wantIn("#toast", text.T(lang, "The season's file is open on this phone: its rule and %d nights.")[:20])
	wantSeason(t, other, split, nights)
	other.shot("season-moved-" + lang + "-360")
	other.reload()
	wantSeason(t, other, split, nights)
}

// wantSeason checks the season's standings and ratings on screen against engine/season's table
// of setup and nights: each line's name, points and rating, each rating's value and range.
func wantSeason(t *testing.T, p *tab, setup season.Setup, nights []*event.Event) {
	t.Helper()
	want, err := season.Build(setup, nights)
	if err != nil {
		t.Fatal(err)
	}
	p.waitFor(`document.querySelectorAll("#season-standings tbody tr").length === `+strconv.Itoa(len(want.Standings))+
		` && document.querySelector("#season-row-1 .season-points").textContent === `+q(strconv.Itoa(want.Standings[0].Points))+
		` && document.querySelector("#season-row-1 .season-rating").textContent === `+q(fmt.Sprintf("%.0f", math.Round(want.Standings[0].Rating.R))), "the season's standings")
	type line struct{ Name, Points, Rating, Range string }
	got := eval[[]line](p, `[...document.querySelectorAll("#season-standings tbody tr")].map(r => ({
		Name: r.querySelector(".name").textContent, Points: r.querySelector(".season-points").textContent,
		Rating: r.querySelector(".season-rating").textContent, Range: ""}))`)
	for i, s := range want.Standings {
		w := line{s.Name, strconv.Itoa(s.Points), fmt.Sprintf("%.0f", math.Round(s.Rating.R)), ""}
		if i >= len(got) || got[i] != w {
			t.Errorf("line %d: %+v, want %+v", i+1, got[min(i, len(got)-1)], w)
		}
	}
	for _, s := range want.ByRating() {
		r := s.Rating
		value := eval[string](p, `document.querySelector("#season-rating-`+strconv.Itoa(s.Player)+` .season-rating-value").textContent`)
		if w := fmt.Sprintf("%.0f ± %.0f", math.Round(r.R), math.Round(2*r.RD)); value != w {
			t.Errorf("%s's rating %q, want %q", s.Name, value, w)
		}
	}
}

// containsWhole reports whether s holds x rounded to a whole number.
func containsWhole(s string, x float64) bool {
	return strings.Contains(s, fmt.Sprintf("%.0f", math.Round(x)))
}
