package e2e

import (
	"fmt"
	"testing"

	"gnosis/engine/event"
)

// TestMyNights (issue 73, part 1): a player's phone opens two club nights' round links, a week
// apart, and keeps a game at each (the first kept again as the second begins: it stays at its
// night); its own list of nights, reached from its player card's screen and from the shelf,
// shows both, newest first, each with its name, day, round, table, opponent and its game's
// result, a tap opening the game; at 390×844 and 360×740, in English, Spanish and Italian.
func TestMyNights(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	// roundLink is round 1's link of a club night of Ana and another.
	roundLink := func(name, date string, seed uint64, other string) string {
		e := event.New(name, date, seed)
		for _, n := range []string{"Ana", other} {
			if _, err := e.AddPlayer(n); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		return e.RoundViews(1)[0].Link(base)
	}
	p := newPage(t)
	p.resize(phoneWidth, phoneHeight)
	p.open(base)
	seedParties(p)
	p.open(base + "#/played") // none yet: how to have one
	p.wantIn("#played-none", "open a round's link")
	p.shot("my-nights-none-en-390")
	night := func(link, name string, players [2]string, dice string) {
		p.open(link)
		p.chooseValue("#round-me", "1") // Ana, entered first
		p.waitFor(`!!document.querySelector("#round-seat")`, "Ana's table at "+name)
		p.waitFor(`[...document.querySelectorAll("#notice, #toast")].some((e) => e.textContent.includes(`+q(name)+`))`, "the phone joined "+name)
		playShelfGame(p, base, players, dice)
		p.open(base + "#/history")
		p.click("#keep-game")
		p.waitFor(`[...document.querySelectorAll("#notice, #toast")].some((e) => e.textContent.length > 0)`, "the game kept at "+name)
	}
	night(roundLink("Thursday at the Guild", "2026-11-26", 3, "Bruno"), "Thursday at the Guild", [2]string{"Ana", "Bruno"}, "8 3")
	night(roundLink("December Cup", "2026-12-03", 4, "Carla"), "December Cup", [2]string{"Ana", "Carla"}, "2 9")

	twoNights := `document.querySelectorAll("#played .played-night").length === 2`
	// From the player card's screen, and from the shelf.
	p.open(base + "#/card")
	p.click("#card-nights")
	p.waitFor(`location.hash === "#/played" && `+twoNights, "both nights from the player card")
	p.wantIn("#played-0", "December Cup")
	p.wantIn("#played-0", "2026-12-03")
	p.wantIn("#played-0-0", "Round 1 · table 1")
	p.wantIn("#played-0-0", "against Carla")
	p.wantIn("#played-0-0 .played-game", "Unfinished")
	p.wantIn("#played-1", "Thursday at the Guild")
	p.wantIn("#played-1", "2026-11-26")
	p.wantIn("#played-1-0", "against Bruno")
	p.wantIn("#played-1-0 .played-game", "Unfinished")
	p.click("#played-1-0 .played-game")
	p.waitFor(`location.hash.startsWith("#/kept/at-")`, "the first night's game opened")
	p.wantIn("#kept-card", "Bruno")
	p.open(base + "#/shelf")
	p.click("#shelf-nights")
	p.waitFor(`location.hash === "#/played" && `+twoNights, "both nights from the shelf")

	for _, v := range []struct {
		name, option, round, against, result string
	}{{"en", "English", "Round 1 · table 1", "against Carla", "Unfinished"},
		{"es", "Español", "Ronda 1 · mesa 1", "contra Carla", "Sin acabar"},
		{"it", "Italiano", "Round 1 · tavolo 1", "contro Carla", "Non finita"}} {
		for _, size := range [][2]int64{{phoneWidth, phoneHeight}, {360, 740}} {
			p.resize(size[0], size[1])
			p.open(base)
			p.choose("#language", v.option)
			p.open(base + "#/played")
			p.waitFor(twoNights+` && document.querySelector("#played-0-0").textContent.includes(`+q(v.round)+`)`, "the nights in "+v.name)
			p.wantIn("#played-0-0", v.against)
			p.wantIn("#played-0-0 .played-game", v.result)
			p.wantIn("#played-1-0", "Bruno")
			name := fmt.Sprintf("my-nights-%s-%d", v.name, size[0])
			if eval[bool](p, `document.documentElement.scrollWidth > innerWidth`) {
				t.Errorf("%s: the list is wider than the screen", name)
			}
			p.shot(name)
			p.audit(name)
			if v.name != "en" {
				p.noEnglish(name)
			}
		}
	}
}
