package e2e

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"gnosis/engine/catalog"
	"gnosis/engine/event"
	"gnosis/engine/party"
	"gnosis/engine/share"
)

// TestClubNight runs a club night on the organiser's phone at 390×844: eight players, their
// lists locked from links (one refused: it breaks a party rule), one entering late and one
// dropping after round 2; three Swiss rounds; results typed and from result codes (one refused:
// its list is not a locked one); the standings on screen are the event file's, computed again
// from the file it offers for download.
func TestClubNight(t *testing.T) {
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	p := newPage(t)
	p.open(base)
	p.click("#open-event")
	p.typeInto("#event-new-name", "Club night at the Guild")
	p.click("#event-begin")
	p.waitFor(`!!document.querySelector("#event-players")`, "the event begun")
	names := []string{"Ana", "Bruno", "Carla", "Dario", "Elena", "Fede", "Gina"}
	for i, name := range names {
		p.typeInto("#event-player-name", name)
		p.click("#event-add-player")
		p.waitFor(`!!document.querySelector("#event-player-`+strconv.Itoa(i+1)+`")`, name+" entered")
	}
	cat := catalog.Default()
	church := func(name string, extra bool) string {
		f, err := party.ParsePartyFile([]byte(`{"version":1,"name":"","edition":"core","level":300,"organization":"Church",
 "characters":[{"name":"Nero","advantages":["Heavy Armor"]},{"name":"Xavier"},{"name":"Ergo Mundus"}],"advantages":["Tactics","Miracles"]}`))
		if err != nil {
			t.Fatal(err)
		}
		f.Name = name
		if extra { // two Neros more: a party rule broken
			f.Characters = append(f.Characters, f.Characters[0], f.Characters[0])
		}
		l, err := share.Link(base, f, cat)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	lock := func(id int, link string) {
		p.typeInto("#event-link-"+strconv.Itoa(id), link)
		p.click("#event-lock-" + strconv.Itoa(id))
	}
	lock(1, church("Ana's Church", true))
	p.wantContains("party rules")
	p.click("#notice button.icon")
	for id := 1; id <= 7; id++ {
		lock(id, church(names[id-1]+"'s Church", false))
		p.waitFor(`document.querySelector("#event-player-`+strconv.Itoa(id)+`").textContent.includes("locked")`, names[id-1]+"'s list locked")
	}
	file := func() *event.Event {
		href := eval[string](p, `document.querySelector("#event-file").getAttribute("href")`)
		raw, err := url.PathUnescape(strings.TrimPrefix(href, "data:application/json;charset=utf-8,"))
		if err != nil {
			t.Fatal(err)
		}
		e, err := event.ReadFile([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	play := func(n int, byCode bool) {
		p.click("#event-pair")
		p.waitFor(`!!document.querySelector("#event-round h3") && document.querySelector("#event-round h3").textContent.includes("`+strconv.Itoa(n)+`")`, "round "+strconv.Itoa(n))
		e := file()
		for _, tb := range e.Played[n-1].Pairings {
			id := "#event-table-" + strconv.Itoa(tb.Table)
			switch {
			case tb.Players[1] == event.Bye:
			case byCode && tb.Table%2 == 1: // from the players' game: a code
				a, b := e.Player(tb.Players[0]), e.Player(tb.Players[1])
				c := event.Code{Game: "r" + strconv.Itoa(n) + "t" + strconv.Itoa(tb.Table), Parties: [2]string{b.List.Sum, a.List.Sum},
					Outcome: event.SecondWins, Killed: [2]int{100, 250}, Scenario: [2]int{1, 3}, Turns: 5}
				p.typeInto("#event-code", c.Text())
				p.click("#event-take-code")
				p.waitFor(`document.querySelector(`+q(id)+`).textContent.includes("from the game")`, "table "+strconv.Itoa(tb.Table)+"'s code")
			case tb.Table%3 == 0:
				p.click(id + "-draw")
			default:
				p.click(id + "-first")
			}
			p.waitFor(`!document.querySelector(`+q(id+"-first")+`)`, "table "+strconv.Itoa(tb.Table)+"'s result")
		}
	}
	play(1, true)
	// A code whose list is not a locked one is refused, with its reason; nothing changes.
	bogus := event.Code{Game: "bogus", Parties: [2]string{file().Player(1).List.Sum, event.Checksum("another list")}, Outcome: event.Drawn}
	p.click("#event-pair")
	p.typeInto("#event-code", bogus.Text())
	p.click("#event-take-code")
	p.wantContains("not the lists locked")
	p.click("#notice button.icon")
	// Round 2 went on; Hugo enters late (round 3 on), and Gina drops after round 2.
	e := file()
	for _, tb := range e.Played[1].Pairings {
		id := "#event-table-" + strconv.Itoa(tb.Table)
		if tb.Players[1] != event.Bye {
			p.click(id + "-first")
			p.waitFor(`!document.querySelector(`+q(id+"-first")+`)`, "round 2's table "+strconv.Itoa(tb.Table))
		}
	}
	p.typeInto("#event-player-name", "Hugo")
	p.click("#event-add-player")
	p.waitFor(`!!document.querySelector("#event-player-8")`, "Hugo, late")
	lock(8, church("Hugo's Church", false))
	p.click("#event-drop-7")
	p.waitFor(`document.querySelector("#event-player-7").textContent.includes("dropped")`, "Gina dropped")
	play(3, true)
	p.shot("club-night-end")
	e = file()
	if e.Round() != 3 || e.Player(8).Entered != 3 || !e.Player(7).Dropped {
		t.Fatalf("the event: round %d, Hugo from round %d, Gina dropped %v", e.Round(), e.Player(8).Entered, e.Player(7).Dropped)
	}
	for _, tb := range e.Played[2].Pairings {
		if tb.Players[0] == 7 || tb.Players[1] == 7 {
			t.Errorf("Gina, dropped, paired in round 3: table %d", tb.Table)
		}
	}
	// The standings on screen are the file's.
	rows := eval[[]string](p, `[...document.querySelectorAll("#event-standings tbody tr")].map((r) => [...r.children].map((c) => c.textContent).join("|"))`)
	st := e.Standings()
	if len(rows) != len(st) {
		t.Fatalf("%d rows on screen, %d players", len(rows), len(st))
	}
	for i, s := range st {
		want := strings.Join([]string{strconv.Itoa(s.Place), s.Name, strconv.Itoa(s.Points)}, "|")
		if !strings.HasPrefix(rows[i], want) {
			t.Errorf("row %d: %q on screen, %q in the file", i+1, rows[i], want)
		}
	}
	// The event is kept: a reload has it.
	p.reload()
	p.waitFor(`!!document.querySelector("#event-standings")`, "the event after a reload")
}
