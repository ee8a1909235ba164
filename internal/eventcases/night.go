// Package eventcases makes club nights for the tests: the largest night an event file may hold
// (Night: 256 players of long names and lists, 16 rounds with results, corrections and swaps),
// shared by engine/event's benchmarks and the end-to-end test that runs it in the page.
package eventcases

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"gnosis/engine/catalog"
	"gnosis/engine/event"
	"gnosis/engine/eventgame"
	"gnosis/engine/party"
	"gnosis/engine/share"
)

// long is s followed by filler up to event.MaxName characters (runes): accents, and the
// characters JSON writes as six bytes (&, <, >), so that the file is as large as names make it.
func long(s string) string {
	const filler = " Ñandú & <Ålesund> «Çağrı» Øster "
	for r := []rune(s); len(r) < event.MaxName; r = []rune(s) {
		s += filler
	}
	return string([]rune(s)[:event.MaxName])
}

// Night is a Swiss club night at its bounds (event.MaxPlayers players, event.MaxRounds rounds),
// every name as long as a name may be, every player with a locked list, played to round
// playedTo (its results in: typed, from codes, some with their luck, some corrected, a swap a
// round), seeded. The base is the app's address the lists' links are made under.
func Night(base string, playedTo int, seed uint64) (*event.Event, error) {
	s := event.Defaults(long("Club night at the Guild"), "2026-12-07", seed)
	s.Rounds = event.MaxRounds
	for i := range s.Rounds {
		s.Scenarios = append(s.Scenarios, long(fmt.Sprintf("Scenario of round %d", i+1)))
	}
	e, err := event.Begin(s)
	if err != nil {
		return nil, err
	}
	cat := catalog.Default()
	f, err := party.ParsePartyFile([]byte(`{"version":1,"name":"","edition":"core","level":300,"organization":"Church",
 "characters":[{"name":"Nero","advantages":["Heavy Armor"]},{"name":"Xavier"},{"name":"Ergo Mundus"}],"advantages":["Tactics","Miracles"]}`))
	if err != nil {
		return nil, err
	}
	for i := range event.MaxPlayers {
		p, err := e.AddPlayer(long(fmt.Sprintf("Player %03d", i+1)))
		if err != nil {
			return nil, err
		}
		f.Name = long(fmt.Sprintf("List %03d of the Church", i+1))
		link, err := share.Link(base, f, cat)
		if err != nil {
			return nil, err
		}
		if _, err := eventgame.Submit(e, p.ID, link, cat); err != nil {
			return nil, err
		}
	}
	r := rand.New(rand.NewPCG(seed, 69))
	for n := 1; n <= playedTo; n++ {
		if _, err := e.Pair(); err != nil {
			return nil, err
		}
		if err := play(e, n, r); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// play gives every table of round n a result: a third from a code (the game's ID and both
// lists' checksums), the rest typed; every other table with its luck, one in sixteen corrected
// with a long reason; and, before the results, two players swapped.
func play(e *event.Event, n int, r *rand.Rand) error {
	ps := e.Played[n-1].Pairings
	why := long("brothers asked not to meet") + strings.Repeat(" ·", 60)
swapped: // the first two second players of tables 2 on whose swap keeps the rules (R-EVT-2)
	for i := 1; i < len(ps); i++ {
		for j := i + 1; j < len(ps); j++ {
			if ps[i].Players[1] != event.Bye && ps[j].Players[1] != event.Bye && e.Swap(ps[i].Players[1], ps[j].Players[1], why) == nil {
				break swapped
			}
		}
	}
	ps = e.Played[n-1].Pairings
	for t := range ps {
		p := ps[t]
		if p.Players[1] == event.Bye {
			continue
		}
		res := event.Result{Outcome: []string{event.FirstWins, event.SecondWins, event.Drawn}[r.IntN(3)],
			Killed: [2]int{r.IntN(300), r.IntN(300)}, Left: [2]int{r.IntN(300), r.IntN(300)},
			Scenario: [2]int{r.IntN(4), r.IntN(4)}, Turns: 1 + r.IntN(6)}
		res.Left = [2]int{min(res.Left[0], 300-res.Killed[1]), min(res.Left[1], 300-res.Killed[0])} // a list's levels: 300 (Event.Type)
		if t%3 == 0 {
			c := event.Code{Game: fmt.Sprintf("at-%016x%016x", r.Uint64(), r.Uint64()), Outcome: res.Outcome, Killed: res.Killed,
				Left: res.Left, Scenario: res.Scenario, Turns: res.Turns,
				Parties: [2]string{e.Player(p.Players[0]).List.Sum, e.Player(p.Players[1]).List.Sum}}
			if _, err := e.TakeCode(c, event.ByCode); err != nil {
				return err
			}
		} else if err := e.Type(n, p.Table, res); err != nil {
			return err
		}
		if t%2 == 1 {
			l := event.Luck{Attacks: 20, Hits: 12, ExpectedHits: 11.5, LP: 30, ExpectedLP: 27.25, Checks: 5, Passed: 3, ExpectedPassed: 2.5}
			e.Played[n-1].Pairings[t].Result.Luck = &[2]event.Luck{l, l}
		}
		if t%16 == 5 {
			res.Outcome = event.Drawn
			if err := e.Correct(n, p.Table, res, "the organiser", long("scored wrongly at the table")+strings.Repeat(" ·", 60)); err != nil {
				return err
			}
		}
	}
	return nil
}
