package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gnosis/engine/event"
	"gnosis/engine/season"
)

// seasonByCards is TestSeason's nights run on the organiser's phone (issue 73's done-when), in
// English at 390×844 (its screens at 360×740 too): two players make their cards on their
// phones; three club nights of four players, a round each, run on the organiser's phone, the two
// entered by card (Bruno without his at the third: entered by name, then joined by hand on his
// season page); the standings checked against a table counted by hand from the results tapped
// (3 points a win) and, with the ratings, against engine/season's of the nights' event files; a
// player's page; the season's file opened on Ana's phone, the same standings; the ranking site
// built by the CLI from the three event files, opened, its pages looked at.
func seasonByCards(t *testing.T, base string) {
	phone := func() *tab {
		p := newPage(t)
		p.resize(phoneWidth, phoneHeight)
		p.open(base)
		p.choose("#language", "English")
		return p
	}
	card := func(name string) (*tab, string) {
		pl := phone()
		pl.click("#open-card")
		pl.waitFor(`!!document.querySelector("#card-make")`, "the card to make")
		pl.typeInto("#card-name", name)
		pl.click("#card-make")
		pl.waitFor(`!!document.querySelector("#share-link") && document.querySelector("#share-link").value.includes("#player=")`, name+"'s card")
		return pl, eval[string](pl, `document.querySelector("#share-link").value`)
	}
	anaPhone, ana := card("Ana")
	_, bruno := card("Bruno")

	// Three nights on the organiser's phone; the results tapped, counted by hand.
	type record struct{ won, lost int }
	hand := map[string]*record{"Ana": {}, "Bruno": {}, "Carla": {}, "Dario": {}}
	p := phone()
	for n := 1; n <= 3; n++ {
		p.open(base)
		p.click("#open-event")
		p.typeInto("#event-new-name", fmt.Sprintf("Night %d", n))
		eval[bool](p, `(() => { const f = document.querySelector("#event-rounds"); f.value = "1"; f.dispatchEvent(new Event("input", {bubbles: true})); return true })()`)
		p.click("#event-begin")
		p.click("#event-tab-players") // the tab the last night was left on is kept
		p.waitFor(`!!document.querySelector("#event-players")`, "the night begun")
		entries := []string{ana, bruno, "Carla", "Dario"}
		if n == 3 {
			entries[1] = "Bruno" // without his card
		}
		for i, e := range entries {
			p.typeInto("#event-player-name", e)
			p.click("#event-add-player")
			p.waitFor(`!!document.querySelector("#event-player-`+strconv.Itoa(i+1)+`") && document.querySelector("#event-player-name").value === ""`, "player "+strconv.Itoa(i+1)+" entered")
		}
		p.wantIn("#event-player-1", "Ana")
		if n == 3 {
			p.waitFor(`!!document.querySelector("#event-no-card-2") && !document.querySelector("#event-no-card-1")`, "Bruno without a card, Ana with hers")
		}
		p.click("#event-tab-round")
		p.click("#event-pair")
		for tb := 1; tb <= 2; tb++ {
			id := "#event-table-" + strconv.Itoa(tb)
			p.waitFor(`!!document.querySelector(`+q(id+"-first")+`)`, "table "+strconv.Itoa(tb))
			line := eval[string](p, `document.querySelector(`+q(id+" p")+`).textContent`) // "Table 1: Ana – Carla"
			_, pair, _ := strings.Cut(line, ": ")
			a, b, ok := strings.Cut(pair, " – ")
			if !ok || hand[a] == nil || hand[b] == nil {
				t.Fatalf("night %d, table %d: %q", n, tb, line)
			}
			p.click(id + "-first")
			p.waitFor(`!document.querySelector(`+q(id+"-first")+`)`, "table "+strconv.Itoa(tb)+"'s result")
			hand[a].won++
			hand[b].lost++
		}
		p.click("#event-end")
		p.waitFor(`!!document.querySelector("#event-end.confirm")`, "the end asking to be tapped again")
		p.click("#event-end")
		p.waitFor(`document.querySelectorAll("#nights-list li").length === `+strconv.Itoa(n), "night "+strconv.Itoa(n)+" ended")
	}

	// The season: Bruno twice (by card, by name), joined by hand on his page by name.
	p.open(base)
	p.click("#open-season")
	p.waitFor(`document.querySelectorAll("#season-standings tbody tr").length === 5`, "the season of three nights, Bruno twice")
	file := func() (season.Setup, []*event.Event) {
		eval[bool](p, `window.gnosis.lastFile = null, true`)
		p.click("#season-file")
		p.waitFor(`(window.gnosis.lastFile || {}).name?.endsWith(".gnosis-season.json")`, "the season's file")
		setup, nights, err := season.ReadFile([]byte(eval[string](p, `window.gnosis.lastFile.text`)))
		if err != nil || len(nights) != 3 {
			t.Fatalf("the season's file: %d nights, %v", len(nights), err)
		}
		return setup, nights
	}
	setup, nights := file()
	before, _ := season.Build(setup, nights)
	alone := slices.IndexFunc(before.Players, func(pl season.Player) bool {
		return pl.Name == "Bruno" && !strings.HasPrefix(pl.ID, "card") && len(pl.Entries) == 1
	})
	if alone < 0 {
		t.Fatalf("no Bruno by name alone: %+v", before.Players)
	}
	p.open(base + "#/season/player/" + strconv.Itoa(alone))
	p.wantIn("#season-player-name", "Bruno")
	as := eval[string](p, `[...document.querySelectorAll("#season-join-with option")].find((o) => o.textContent === "Bruno").value`)
	p.chooseValue("#season-join-with", as)
	p.click("#season-player-join-button")
	p.waitFor(`document.querySelectorAll("#season-standings tbody tr").length === 4`, "Bruno joined by hand")
	setup, nights = file()
	if len(setup.Joins) != 1 {
		t.Fatalf("the joins kept: %+v", setup.Joins)
	}
	wantSeason(t, p, setup, nights)
	type line struct{ Name, Points, Record string }
	got := eval[[]line](p, `[...document.querySelectorAll("#season-standings tbody tr")].map(r => ({
		Name: r.querySelector(".name").textContent, Points: r.querySelector(".season-points").textContent, Record: r.querySelector(".record").textContent}))`)
	for _, l := range got {
		h := hand[l.Name]
		if h == nil || l.Points != strconv.Itoa(3*h.won) || l.Record != fmt.Sprintf("W-D-L %d-0-%d", h.won, h.lost) {
			t.Errorf("%s: %s points, %s; counted by hand %+v", l.Name, l.Points, l.Record, h)
		}
	}
	if sum := hand["Bruno"].won + hand["Bruno"].lost; len(got) != 4 || sum != 3 {
		t.Errorf("%d lines, Bruno's games %d", len(got), sum)
	}
	p.shot("season-cards-en-390")

	// A player's page: Ana's, by card at every night.
	want, _ := season.Build(setup, nights)
	i := slices.IndexFunc(want.Players, func(pl season.Player) bool { return pl.Name == "Ana" })
	p.open(base + "#/season/player/" + strconv.Itoa(i))
	p.wantIn("#season-player-name", "Ana")
	p.waitFor(`document.querySelectorAll("#season-player-games li").length === 3`, "Ana's three games")
	p.resize(360, 740)
	p.shot("season-cards-player-en-360")
	p.resize(phoneWidth, phoneHeight)

	// The season's file opened on Ana's phone (her card, no season): the same standings.
	dir := t.TempDir()
	moved := filepath.Join(dir, "season.gnosis-season.json")
	if err := os.WriteFile(moved, []byte(eval[string](p, `window.gnosis.lastFile.text`)), 0o644); err != nil {
		t.Fatal(err)
	}
	anaPhone.open(base + "#/season")
	anaPhone.upload("#season-open-file", moved)
	anaPhone.waitFor(`document.querySelectorAll("#season-nights-list li").length === 3`, "the season's file opened on Ana's phone")
	wantSeason(t, anaPhone, setup, nights)
	anaPhone.resize(360, 740)
	anaPhone.shot("season-cards-moved-en-360")

	// The ranking site, by the CLI from the three event files: its standings, a player's page
	// and a night's, opened in Chromium (no joins by hand there: Bruno twice).
	args := []string{"season", "site", "-out", filepath.Join(dir, "site"), "-dir", "..", "-name", "Club season"}
	for i, e := range nights {
		f := filepath.Join(dir, fmt.Sprintf("night-%d.gnosis-event.json", i+1))
		if err := os.WriteFile(f, e.File(), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, f)
	}
	if out, err := exec.Command("../gnosis", args...).CombinedOutput(); err != nil {
		t.Fatalf("gnosis season site: %v\n%s", err, out)
	}
	site, _ := season.Build(season.Setup{Name: "Club season", Game: setup.Game}, nights)
	p.do(chromedp.Navigate("file://" + filepath.Join(dir, "site", "index.html")))
	p.waitFor(`document.querySelector("main h1") && document.querySelector("main h1").textContent === "Club season"`, "the site's index")
	names := eval[[]string](p, `[...document.querySelector("table tbody").rows].map(r => r.cells[1].textContent)`)
	points := eval[[]string](p, `[...document.querySelector("table tbody").rows].map(r => r.cells[2].textContent)`)
	for i, s := range site.Standings {
		if i >= len(names) || names[i] != s.Name || points[i] != strconv.Itoa(s.Points) {
			t.Errorf("the site's line %d: %v %v, want %s %d", i+1, names, points, s.Name, s.Points)
			break
		}
	}
	p.shot("season-site-en-390")
	p.click("table tbody tr:first-child a")
	p.waitFor(`location.pathname.includes("/players/") && document.querySelector("main h1").textContent === `+q(site.Standings[0].Name), "the top player's page")
	p.resize(360, 740)
	p.shot("season-site-player-en-360")
	p.do(chromedp.Navigate("file://" + filepath.Join(dir, "site", "nights", "3.html")))
	p.waitFor(`document.querySelector("main h1") && document.querySelector("main h1").textContent === `+q(site.Nights[2].Name), "the third night's page")
	if n := eval[int](p, `document.querySelector("table tbody").rows.length`); n != 4 {
		t.Errorf("the third night's page: %d players", n)
	}
	p.shot("season-site-night-en-360")
}
