package eventcases

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"gnosis/engine/event"
)

// Season is a region's club nights for a season's tests and benchmarks: nights nights of
// players players each, drawn from a pool of pool players (two in three by their card, the
// rest by name; every tenth night one of them by name though they have a card), Swiss rounds
// paired by the engine, results drawn at random (a draw in ten), a bye where the count is odd,
// the days one after the other from 2020-01-01, seeded.
func Season(nights, players, rounds, pool int, seed uint64) ([]*event.Event, error) {
	r := rand.New(rand.NewPCG(seed, 73))
	type entrant struct{ name, card string }
	ps := make([]entrant, pool)
	for i := range ps {
		ps[i].name = fmt.Sprintf("Player %05d", i+1)
		if i%3 != 2 {
			ps[i].card = cardKey(i)
		}
	}
	out := make([]*event.Event, 0, nights)
	for n := range nights {
		e := event.New(fmt.Sprintf("Night %d", n+1), day(n), seed+uint64(n))
		e.Rounds = rounds
		for _, i := range r.Perm(pool)[:players] {
			p, err := e.AddPlayer(ps[i].name)
			if err != nil {
				return nil, err
			}
			if ps[i].card != "" && n%10 != 9 {
				p.Card = ps[i].card
			}
		}
		for k := 1; k <= rounds; k++ {
			round, err := e.Pair()
			if err != nil {
				return nil, err
			}
			for _, p := range round.Pairings {
				if p.Players[1] == event.Bye {
					continue
				}
				res := event.Result{Outcome: event.FirstWins, Killed: [2]int{r.IntN(300), r.IntN(300)}, Turns: 5}
				switch x := r.IntN(10); {
				case x == 0:
					res.Outcome = event.Drawn
				case x < 5:
					res.Outcome = event.SecondWins
				}
				if err := e.Type(k, p.Table, res); err != nil {
					return nil, err
				}
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// cardKey is pool player i's card's key: 16 letters of a to z and 2 to 7 (event.ValidCard).
func cardKey(i int) string {
	const abc = "abcdefghijklmnopqrstuvwxyz234567"
	var b strings.Builder
	for k := range event.CardKeyLen {
		b.WriteByte(abc[(i>>(k%4*5)+k*7)%32])
	}
	return b.String()
}

// day is night n's day: 2020-01-01 and n days after, a day of the calendar (event.IsDay).
func day(n int) string {
	return time.Date(2020, time.January, 1+n, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
}
