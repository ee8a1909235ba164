package season

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gnosis/engine/event"
)

// entrant is a player of a night made for a test: a name and a card's key ("" none).
type entrant struct{ name, card string }

// nightOf is a night of date with the entrants, rounds Swiss rounds paired by the engine and
// each game decided by win (the pairing's first and second player's names: 1 the first wins,
// 2 the second, 0 a draw), levels killed 300 by a winner, 100 by a loser, 200 each in a draw.
func nightOf(t testing.TB, date string, rounds int, ps []entrant, win func(a, b string) int) *event.Event {
	t.Helper()
	e := event.New("Night of "+date, date, uint64(len(date)+len(ps)))
	e.Rounds = rounds
	for _, p := range ps {
		var err error
		if p.card != "" {
			_, err = e.AddPlayerCard(p.name, p.card)
		} else {
			_, err = e.AddPlayer(p.name)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for n := 1; n <= rounds; n++ {
		r, err := e.Pair()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Pairings {
			if p.Players[1] == event.Bye {
				continue
			}
			res := event.Result{Outcome: event.Drawn, Killed: [2]int{200, 200}, Turns: 5}
			switch win(e.Player(p.Players[0]).Name, e.Player(p.Players[1]).Name) {
			case 1:
				res.Outcome, res.Killed = event.FirstWins, [2]int{300, 100}
			case 2:
				res.Outcome, res.Killed = event.SecondWins, [2]int{100, 300}
			}
			if err := e.Type(n, p.Table, res); err != nil {
				t.Fatal(err)
			}
		}
	}
	return e
}

// alphabetical: the name first in the alphabet wins.
func alphabetical(a, b string) int {
	if a < b {
		return 1
	}
	return 2
}

const (
	anaCard   = "aaaaaaaaaaaaaaaa"
	brunoCard = "bbbbbbbbbbbbbbbb"
)

// TestSeasonByHand: issue 73, part 2: three nights, Ana and Bruno by their cards (Bruno by
// name at the second night, joined by hand), Carla by name at two nights (a guess), Dani once;
// the standings as counted by hand: each night's points summed (3 a win), nights, games, margin.
func TestSeasonByHand(t *testing.T) {
	n1 := nightOf(t, "2026-10-01", 2, []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}, {"Carla", ""}, {"Dani", ""}}, alphabetical)
	n2 := nightOf(t, "2026-11-01", 1, []entrant{{"Ana", anaCard}, {"Bruno", ""}}, alphabetical)
	n3 := nightOf(t, "2026-12-01", 1, []entrant{{"Bruno", brunoCard}, {"Carla", ""}}, alphabetical)
	joins := []Join{{Night: n2.Key(), Player: 2, As: byCard + brunoCard}}
	tb, err := Build(Setup{Name: "Autumn", Game: event.GameAnima, Joins: joins}, []*event.Event{n3, n1, n2, n1})
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Nights) != 3 || tb.Skipped != 1 || tb.Nights[0].Key != n1.Key() || tb.Nights[2].Key != n3.Key() {
		t.Fatalf("nights: %+v, %d skipped", tb.Nights, tb.Skipped)
	}
	// By hand: Ana beats everyone (night 1: 2 games, night 2: 1) → 9 points, 3 nights? no: 2.
	// Bruno: night 1 beats Carla or Dani once, loses to Ana once (alphabetical) → 3; night 2
	// loses to Ana → 0; night 3 beats Carla → 3: 6 points over 3 nights. Carla: night 1 one win
	// (over Dani) or none, night 3 a loss. Dani: no win.
	want := map[string]struct{ points, nights, won, lost int }{
		"Ana": {9, 2, 3, 0}, "Bruno": {6, 3, 2, 2}, "Carla": {3, 2, 1, 2}, "Dani": {0, 1, 0, 2},
	}
	for _, s := range tb.Standings {
		w := want[s.Name]
		if s.Points != w.points || s.Nights != w.nights || s.Won != w.won || s.Lost != w.lost {
			t.Errorf("%s: %d points, %d nights, %d–%d; by hand %+v", s.Name, s.Points, s.Nights, s.Won, s.Lost, w)
		}
	}
	if got := names(tb); got != "Ana Bruno Carla Dani" {
		t.Errorf("the order %q", got)
	}
	carla := tb.Players[tb.Standings[2].Player]
	if !carla.Guess || carla.ID != byName+"carla" || tb.Players[tb.Standings[1].Player].Guess {
		t.Errorf("Carla joined by name, a guess: %+v; Bruno by card: %+v", carla, tb.Players[tb.Standings[1].Player])
	}
	// Best one night: Ana 6 (her first night), Bruno 3.
	tb, _ = Build(Setup{Game: event.GameAnima, Best: 1, Joins: joins}, []*event.Event{n1, n2, n3})
	if tb.Standings[0].Points != 6 || tb.Standings[1].Points != 3 {
		t.Errorf("best one night: %s %d, %s %d", tb.Standings[0].Name, tb.Standings[0].Points, tb.Standings[1].Name, tb.Standings[1].Points)
	}
	// Carla split by hand: two Carlas, neither a guess.
	split := append(joins, Join{Night: n3.Key(), Player: 2, As: ""})
	tb, _ = Build(Setup{Game: event.GameAnima, Joins: split}, []*event.Event{n1, n2, n3})
	if len(tb.Players) != 5 {
		t.Errorf("Carla split: %d players", len(tb.Players))
	}
}

// names are the standings' names in order.
func names(tb *Table) string {
	var out []string
	for _, s := range tb.Standings {
		out = append(out, s.Name)
	}
	return strings.Join(out, " ")
}

// TestSeasonRefusals: a night of another game, a join making one player of two at one night,
// and bounds past the most are refused with words.
func TestSeasonRefusals(t *testing.T) {
	n1 := nightOf(t, "2026-10-01", 1, []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}}, alphabetical)
	dw := nightOf(t, "2026-10-02", 1, []entrant{{"Ana", ""}, {"Bruno", ""}}, alphabetical)
	dw.Game, dw.Edition = event.GameDiskwars, ""
	for name, c := range map[string]struct {
		s      Setup
		nights []*event.Event
		is     error
	}{
		"another game":         {Setup{Game: event.GameAnima}, []*event.Event{n1, dw}, ErrSeason},
		"two made one":         {Setup{Game: event.GameAnima, Joins: []Join{{Night: n1.Key(), Player: 2, As: byCard + anaCard}}}, []*event.Event{n1}, ErrJoin},
		"τ out of its range":   {Setup{Game: event.GameAnima, Tau: 3}, nil, ErrSeason},
		"τ not a number":       {Setup{Game: event.GameAnima, Tau: math.NaN()}, nil, ErrSeason},
		"a game unknown":       {Setup{Game: "chess"}, nil, ErrSeason},
		"best past the most":   {Setup{Game: event.GameAnima, Best: MaxBest + 1}, nil, ErrSeason},
		"nights past the most": {Setup{Game: event.GameAnima}, make([]*event.Event, MaxNights+1), ErrSeason},
	} {
		if _, err := Build(c.s, c.nights); !errors.Is(err, c.is) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestRatingsOverNights: the season's ratings are Glicko-2's, a night a period: a player's
// rating after two nights is Rate applied twice, their opponents' ratings those before each
// night; a night away widens the deviation only.
func TestRatingsOverNights(t *testing.T) {
	n1 := nightOf(t, "2026-10-01", 1, []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}}, alphabetical)
	n2 := nightOf(t, "2026-11-01", 1, []entrant{{"Carla", ""}, {"Dani", ""}}, alphabetical)
	n3 := nightOf(t, "2026-12-01", 1, []entrant{{"Ana", anaCard}, {"Bruno", brunoCard}}, alphabetical)
	tb, err := Build(Setup{Game: event.GameAnima}, []*event.Event{n1, n2, n3})
	if err != nil {
		t.Fatal(err)
	}
	ana1 := Rate(NewRating(), []Match{{NewRating(), 1}}, Tau)
	bruno1 := Rate(NewRating(), []Match{{NewRating(), 0}}, Tau)
	away := func(r Rating) Rating { r.RD = math.Sqrt(r.RD*r.RD + math.Pow(r.Volatility*glickoScale, 2)); return r }
	ana3 := Rate(away(ana1), []Match{{away(bruno1), 1}}, Tau)
	got := tb.Standings[0]
	if got.Name != "Ana" || math.Abs(got.Rating.R-ana3.R) > 1e-9 || math.Abs(got.Rating.RD-ana3.RD) > 1e-9 || len(got.Ratings) != 2 {
		t.Errorf("Ana rated %+v after %d nights; by hand %+v", got.Rating, len(got.Ratings), ana3)
	}
	for _, s := range tb.Standings {
		if s.Name == "Carla" && math.Abs(s.Rating.RD-away(Rate(NewRating(), []Match{{NewRating(), 1}}, Tau)).RD) > 1e-9 {
			t.Errorf("Carla, away the last night: %+v", s.Rating)
		}
	}
}

// TestRandomSeasons: random seasons (players of a pool with and without cards, late entries,
// drops, byes, random results, hand joins and splits) add up: every night's player is one
// season player; nights, games won and lost, byes and points sum to the nights' own; places run
// 1 to n; every rating finite, its deviation within (0, 350].
func TestRandomSeasons(t *testing.T) {
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 73))
		pool := make([]entrant, 12)
		for i := range pool {
			pool[i] = entrant{name: fmt.Sprintf("Player %c", 'A'+i)}
			if r.IntN(2) == 0 {
				pool[i].card = strings.Repeat(string(rune('a'+i)), event.CardKeyLen)
			}
		}
		var nights []*event.Event
		for n := range 1 + r.IntN(6) {
			var ps []entrant
			for _, p := range pool {
				if r.IntN(3) > 0 {
					if r.IntN(5) == 0 {
						p.card = "" // by name this night
					}
					ps = append(ps, p)
				}
			}
			if len(ps) < 2 {
				continue
			}
			e := randomNight(t, r, fmt.Sprintf("2026-%02d-01", n+1), ps)
			nights = append(nights, e)
		}
		var joins []Join
		for _, e := range nights {
			if r.IntN(3) == 0 {
				joins = append(joins, Join{Night: e.Key(), Player: 1 + r.IntN(len(e.Players)), As: ""})
			}
		}
		tb, err := Build(Setup{Game: event.GameAnima, Joins: joins}, nights)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		checkSeason(t, seed, tb, nights)
	}
}

// randomNight is a night of ps, up to 4 Swiss rounds, a player entering late or dropping now
// and then, results drawn at random.
func randomNight(t *testing.T, r *rand.Rand, date string, ps []entrant) *event.Event {
	t.Helper()
	e := nightOf(t, date, 0, nil, nil)
	e.Rounds = 1 + r.IntN(4)
	late := ps[len(ps)-1]
	if len(ps) > 3 && r.IntN(2) == 0 {
		ps = ps[:len(ps)-1]
	} else {
		late = entrant{}
	}
	for _, p := range ps {
		if p.card != "" {
			e.AddPlayerCard(p.name, p.card)
		} else {
			e.AddPlayer(p.name)
		}
	}
	for n := 1; n <= e.Rounds; n++ {
		if n == 2 && late.name != "" {
			e.AddPlayer(late.name)
		}
		if n == 2 && r.IntN(3) == 0 {
			e.Drop(1, true)
		}
		rd, err := e.Pair()
		if err != nil {
			break
		}
		for _, p := range rd.Pairings {
			if p.Players[1] != event.Bye {
				e.Type(n, p.Table, event.Result{Outcome: []string{event.FirstWins, event.SecondWins, event.Drawn}[r.IntN(3)], Killed: [2]int{r.IntN(300), r.IntN(300)}, Turns: 5})
			}
		}
	}
	return e
}

// checkSeason holds a season to its sums.
func checkSeason(t *testing.T, seed uint64, tb *Table, nights []*event.Event) {
	t.Helper()
	entries, points, won, lost, byes := 0, 0, 0, 0, 0
	for _, n := range tb.Nights {
		entries += len(n.Event.Players)
		for _, s := range n.Event.Standings() {
			points, won, lost, byes = points+s.Points, won+s.Won, lost+s.Lost, byes+s.Byes
		}
	}
	seen, sum := map[Entry]bool{}, Standing{}
	for _, p := range tb.Players {
		for _, en := range p.Entries {
			if seen[en] {
				t.Fatalf("seed %d: %+v in two season players", seed, en)
			}
			seen[en] = true
		}
	}
	for i, s := range tb.Standings {
		sum.Points, sum.Nights, sum.Won, sum.Lost, sum.Byes = sum.Points+s.Points, sum.Nights+s.Nights, sum.Won+s.Won, sum.Lost+s.Lost, sum.Byes+s.Byes
		r := s.Rating
		if s.Place != i+1 || math.IsNaN(r.R+r.RD+r.Volatility) || math.IsInf(r.R, 0) || r.RD <= 0 || r.RD > StartRD+1e-9 {
			t.Fatalf("seed %d: line %d: %+v", seed, i, s)
		}
	}
	if len(seen) != entries || sum.Nights != entries || sum.Points != points || sum.Won != won || sum.Lost != lost || sum.Byes != byes || won != lost {
		t.Fatalf("seed %d: %d entries of %d; sums %+v; the nights' %d points, %d–%d, %d byes", seed, len(seen), entries, sum, points, won, lost, byes)
	}
}

// TestAPlayersPageHasTheSeasonsLuck: a player's page sums their side's luck over the games
// whose files came in, across nights, and counts those games; a game with no file adds none.
func TestAPlayersPageHasTheSeasonsLuck(t *testing.T) {
	ps := []entrant{{"Ana", "aaaaaaaaaaaaaaaa"}, {"Bruno", "bbbbbbbbbbbbbbbb"}}
	n1 := nightOf(t, "2026-10-01", 1, ps, alphabetical)
	n2 := nightOf(t, "2026-10-08", 1, ps, alphabetical)
	n3 := nightOf(t, "2026-10-15", 1, ps, alphabetical) // typed: no luck
	withLuck := func(e *event.Event, round int, lp [2]int) {
		p := &e.Played[round-1].Pairings[0]
		ana := 0
		if e.Player(p.Players[1]).Name == "Ana" {
			ana = 1
		}
		var l [2]event.Luck
		l[ana] = event.Luck{Attacks: 4, LP: lp[0], ExpectedLP: 10}
		l[1-ana] = event.Luck{Attacks: 3, LP: lp[1], ExpectedLP: 8}
		p.Result.Luck = &l
	}
	withLuck(n1, 1, [2]int{12, 5})
	withLuck(n2, 1, [2]int{7, 9})
	tb, err := Build(Setup{Game: event.GameAnima}, []*event.Event{n1, n2, n3})
	if err != nil {
		t.Fatal(err)
	}
	for i, pl := range tb.Players {
		pg := tb.PageOf(i)
		want := event.Luck{Attacks: 8, LP: 19, ExpectedLP: 20}
		if pl.Name == "Bruno" {
			want = event.Luck{Attacks: 6, LP: 14, ExpectedLP: 16}
		}
		if pg.LuckGames != 2 || pg.Luck != want || len(pg.Games) != 3 {
			t.Errorf("%s: %d games of luck %+v over %d games, want 2 of %+v over 3", pl.Name, pg.LuckGames, pg.Luck, len(pg.Games), want)
		}
	}
}
