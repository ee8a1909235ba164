package report

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/luck"
)

// keptAndBack is a game's luck as the shelf keeps it, written and read back.
func keptAndBack(t testing.TB, g *anima.Game) GameLuck {
	b, err := json.Marshal(KeepLuck(MeasureLuck(g.Log()), g.State()))
	if err != nil {
		t.Fatal(err)
	}
	var back GameLuck
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return back
}

// TestSeasonAgainstEveryThrow: R-ATK-1 R-ATK-2 R-ATK-3 the luck of a season of games, each
// kept on the shelf as its summed-up luck, is the share of every throw of every die of every
// exchange of every game (each spec the engine resolved with) that takes less LP in all than
// the games' dice did, plus half the share that takes as much: counted one throw at a time
// over three small games, the player on either side, against the season's convolution of the
// kept distributions.
func TestSeasonAgainstEveryThrow(t *testing.T) {
	ann, al, bo := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 0, Index: 1}, anima.Ref{Side: 1}
	type game struct {
		mine  int
		moves func(g *anima.Game)
	}
	games := []game{
		{0, func(g *anima.Game) {
			g.SetDie(anima.Script(9, 3))
			do(t, g, anima.BeginActivation{Ref: ann}, anima.Attack{Attacker: ann, Target: bo})
		}},
		{1, func(g *anima.Game) { // the player is B: A's attack is their opponents'
			g.SetDie(anima.Script(4, 6))
			do(t, g, anima.BeginActivation{Ref: al}, anima.Attack{Attacker: al, Target: bo})
			g.SetDie(anima.Script(2, 8))
			do(t, g, anima.EndActivation{Ref: al}, anima.BeginActivation{Ref: bo}, anima.Attack{Attacker: bo, Target: ann})
		}},
		{0, func(g *anima.Game) {
			g.SetDie(anima.Script(10, 2, 7))
			do(t, g, anima.BeginActivation{Ref: ann}, anima.Attack{Attacker: ann, Target: bo, AttackOptions: anima.AttackOptions{Reaction: anima.Dodge}})
			g.SetDie(anima.Script(6, 5))
			do(t, g, anima.EndActivation{Ref: ann}, anima.BeginActivation{Ref: bo}, anima.Attack{Attacker: bo, Target: al})
		}},
	}
	var season []SeasonGame
	var specs [2][]anima.AttackSpec // the player's exchanges, the opponents'
	var lp [2]int
	for i, gm := range games {
		g := duel(t, anima.Core)
		gm.moves(g)
		season = append(season, SeasonGame{ID: fmt.Sprint(i), Mine: gm.mine, Luck: keptAndBack(t, g)})
		for en, s := range anima.Before(g.Log()) {
			if a, ok := en.Event.(anima.AttackResolved); ok {
				spec, ok := anima.ExchangeSpec(s, a)
				if !ok {
					t.Fatalf("no spec for %+v", a)
				}
				who := 0
				if a.Attacker.Side != gm.mine {
					who = 1
				}
				specs[who] = append(specs[who], spec)
				lp[who] += a.Outcome.LPLoss
			}
		}
	}
	s := MeasureSeason(season)
	for who := range 2 {
		sd := s.Sides[who]
		if sd.Games != 3 || sd.Attacks != len(specs[who]) || sd.LP != lp[who] {
			t.Fatalf("side %d: %d games, %d attacks, %d LP; want 3, %d, %d", who, sd.Games, sd.Attacks, sd.LP, len(specs[who]), lp[who])
		}
		below, same, all, expected := 0.0, 0.0, 0.0, 0.0
		var throw func(i, lp int, w float64)
		throw = func(i, taken int, w float64) {
			if i == len(specs[who]) {
				all += w
				expected += w * float64(taken)
				switch {
				case taken < lp[who]:
					below += w
				case taken == lp[who]:
					same += w
				}
				return
			}
			sp := specs[who][i]
			for _, av := range kept(sp.AttackDice()) {
				for _, dv := range kept(sp.DefenseDice()) {
					throw(i+1, taken+sp.Resolve(av.face, dv.face).LPLoss, w*av.w*dv.w)
				}
			}
		}
		throw(0, 0, 1)
		if want := (below + same/2) / all; math.Abs(want-sd.Percentile) > 1e-9 {
			t.Errorf("side %d: percentile %.12f, every throw counted %.12f", who, sd.Percentile, want)
		}
		if want := expected / all; math.Abs(want-sd.ExpectedLP) > 1e-9 {
			t.Errorf("side %d: expected %.12f LP, every throw counted %.12f", who, sd.ExpectedLP, want)
		}
		if want := 1 - below/all; math.Abs(want-sd.AtLeast) > 1e-9 {
			t.Errorf("side %d: %.12f to take as much, every throw counted %.12f", who, sd.AtLeast, want)
		}
		if n := min(3, len(specs[who])); len(sd.Luckiest) != n || len(sd.Unluckiest) != n || sd.Luckiest[0].Game == "" {
			t.Errorf("side %d: luckiest %+v, unluckiest %+v", who, sd.Luckiest, sd.Unluckiest)
		}
	}
}

// TestSeasonChecks: the checks passed over a season are a sum of independent successes; the
// season's percentile is its exact distribution's, counted here over every outcome.
func TestSeasonChecks(t *testing.T) {
	chances := [][]float64{{0.5, 0.25}, {0.9}, {0.1, 0.6, 0.3}}
	passed := []int{1, 1, 2}
	var season []SeasonGame
	var all []float64
	total := 0
	for i, ps := range chances {
		d := []float64{1}
		for _, p := range ps {
			d = convolve(d, []float64{1 - p, p}, nil)
		}
		all = append(all, ps...)
		total += passed[i]
		season = append(season, SeasonGame{ID: fmt.Sprint(i), Luck: GameLuck{Sides: [2]SideLuck{{Figures: luck.Figures{Checks: len(ps), Passed: passed[i]}, PassedDist: Dist{P: d}}}}})
	}
	below, same := 0.0, 0.0
	for mask := range 1 << len(all) {
		w, n := 1.0, 0
		for i, p := range all {
			if mask&(1<<i) != 0 {
				w, n = w*p, n+1
			} else {
				w *= 1 - p
			}
		}
		switch {
		case n < total:
			below += w
		case n == total:
			same += w
		}
	}
	got := MeasureSeason(season).Sides[0]
	if want := below + same/2; math.Abs(got.ChecksPercentile-want) > 1e-12 || got.Passed != total || got.Checks != len(all) {
		t.Errorf("checks: %+v, every outcome counted %.12f", got, want)
	}
}

// TestConvolveAllIsOneAfterAnother: the tree of convolutions is the convolution one after
// another, trimmed or not, whatever the number of distributions.
func TestConvolveAllIsOneAfterAnother(t *testing.T) {
	for n := 1; n <= 9; n++ {
		var ds []Dist
		seq, off := []float64{1}, 0
		for i := range n {
			d := Dist{Off: i % 3, P: []float64{0.2, 0.5, 0.3 - float64(i)*0.01, float64(i) * 0.01}}
			ds = append(ds, d)
			seq = convolve(seq, d.P, nil)
			off += d.Off
		}
		got := ConvolveAll(ds)
		for v := off; v < off+len(seq); v++ {
			want, have := seq[v-off], 0.0
			if i := v - got.Off; i >= 0 && i < len(got.P) {
				have = got.P[i]
			}
			if math.Abs(want-have) > 1e-15 {
				t.Fatalf("%d distributions: P(%d) %.17f, one after another %.17f", n, v, have, want)
			}
		}
	}
}

// TestConvolveAllLong: a season's long distributions, convolved as a tree through the
// Fourier transform two products at a time, are their convolution one after another, to 1e-12.
func TestConvolveAllLong(t *testing.T) {
	var ds []Dist
	seq, off := []float64{1}, 0
	for i := range 37 {
		p := make([]float64, 150+i*7)
		sum := 0.0
		for j := range p {
			x := float64(j-len(p)/2) / 30
			p[j] = math.Exp(-x*x/2) * (1.2 + math.Cos(float64(i+j)))
			sum += p[j]
		}
		for j := range p {
			p[j] /= sum
		}
		ds = append(ds, Dist{Off: i, P: p})
		seq, off = convolve(seq, p, nil), off+i
	}
	got := ConvolveAll(ds)
	for v := off; v < off+len(seq); v++ {
		have := 0.0
		if i := v - got.Off; i >= 0 && i < len(got.P) {
			have = got.P[i]
		}
		if math.Abs(seq[v-off]-have) > 1e-12 {
			t.Fatalf("P(%d) %.17g, one after another %.17g", v, have, seq[v-off])
		}
	}
}

// TestDistRefused: a kept distribution that is not one is refused, not measured.
func TestDistRefused(t *testing.T) {
	for _, raw := range []string{`{"off":-1,"p":""}`, `{"off":0,"p":"AAAAAAAA8H8"}`, `{"off":0,"p":"AAA"}`, `{"off":0,"p":"AAAAAAAA4D8"}`} {
		var d Dist
		if err := json.Unmarshal([]byte(raw), &d); err == nil {
			t.Errorf("%s read as %+v", raw, d)
		}
	}
	b, _ := json.Marshal(Dist{Off: 3, P: []float64{0.25, 0.75}})
	var d Dist
	if err := json.Unmarshal(b, &d); err != nil || d.Off != 3 || d.P[1] != 0.75 {
		t.Errorf("%s: %+v %v", b, d, err)
	}
}

// seasonOf is n kept games of about gestures each, from a few games played (their luck's
// widths are a real game's).
func seasonOf(b testing.TB, n, gestures int) []SeasonGame {
	var played []GameLuck
	for range 8 {
		played = append(played, keptAndBack(b, longGame(b, gestures)))
	}
	out := make([]SeasonGame, n)
	for i := range out {
		out[i] = SeasonGame{ID: fmt.Sprint(i), Mine: i % 2, Luck: played[i%len(played)]}
	}
	return out
}

// BenchmarkMeasureSeason1000: the luck of 1,000 kept games of 300 gestures, from their kept
// summaries (issue 55: the season's records and luck in at most 200 ms natively, with the
// records: app/session's BenchmarkSeason1000).
func BenchmarkMeasureSeason1000(b *testing.B) {
	games := seasonOf(b, 1000, 300)
	b.ResetTimer()
	for range b.N {
		MeasureSeason(games)
	}
}

// TestConvolveLongIsConvolve: the convolution through the Fourier transform is the plain one,
// to the transform's rounding, for lengths of every kind.
func TestConvolveLongIsConvolve(t *testing.T) {
	for _, n := range [][2]int{{1, 1}, {2, 3}, {17, 5}, {100, 100}, {422, 422}, {1000, 37}, {3000, 2500}} {
		a, b := make([]float64, n[0]), make([]float64, n[1])
		fill := func(p []float64, seed int) {
			sum := 0.0
			for i := range p {
				x := float64(i-len(p)/2) / float64(len(p)/4+1)
				p[i] = math.Exp(-x*x) * (1 + 0.3*math.Sin(float64(i*seed)))
				sum += p[i]
			}
			for i := range p {
				p[i] /= sum
			}
		}
		fill(a, 3)
		fill(b, 7)
		want := convolve(a, b, nil)
		size := 1
		for size < len(want) {
			size *= 2
		}
		c, d := slices.Clone(b), slices.Clone(a[:len(a)/2+1]) // a second pair, through the same inverse
		fill(c, 11)
		fill(d, 5)
		got := fftConvolve(a, b, newFFTPlan(size))
		ab, cd := fftConvolve2(a, b, c, d, newFFTPlan(size))
		for _, pair := range [][2][]float64{{got, want}, {ab, want}, {cd, convolve(c, d, nil)}} {
			got, want := pair[0], pair[1]
			if len(got) != len(want) {
				t.Fatalf("%v: %d chances, want %d", n, len(got), len(want))
			}
			for i := range want {
				if math.Abs(got[i]-want[i]) > 2*fftFloor {
					t.Fatalf("%v: P(%d) %.17g, plainly %.17g", n, i, got[i], want[i])
				}
			}
		}
	}
}

// TestStoryOfKillsAndFlags: R-ATK-3 R-SCN-2 a character's story counts the enemies its attacks
// took out of play, its own times out of play, and the flags it picked up, brought home or
// carried back.
func TestStoryOfKillsAndFlags(t *testing.T) {
	g := duel(t, anima.Core)
	ann, bo := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 1}
	do(t, g, anima.AdjustLP{Ref: bo, Delta: -29}) // one LP left
	g.SetDie(anima.Script(10, 1))
	do(t, g, anima.BeginActivation{Ref: ann}, anima.Attack{Attacker: ann, Target: bo})
	if c, _ := g.State().Character(bo); c.InPlay() {
		t.Fatalf("Bo still in play: %+v", c)
	}
	st := Tell(g.Log(), g.State())
	for _, c := range st.Characters {
		want := map[anima.Ref][3]int{ann: {1, 0, 0}, bo: {0, 1, 0}}[c.Ref]
		if got := [3]int{c.Kills, c.OutOfPlay, c.Points}; got != want || c.Level != 40 {
			t.Errorf("%s: kills, out of play, points %v, want %v (level %d)", c.Name, got, want, c.Level)
		}
	}

	mover := func(name string) anima.Card { c := card(name, 5, 5, 5, 1); c.LP = anima.S(12); return c }
	g, err := anima.NewGame(anima.Setup{Scenario: anima.CaptureFlag, Sides: [2]anima.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []anima.Card{mover("Ann"), mover("Al")}},
		{Name: "B", EncounterLevel: 250, Characters: []anima.Card{mover("Bo"), mover("Cy")}}}})
	if err != nil {
		t.Fatal(err)
	}
	al := anima.Ref{Side: 0, Index: 1}
	do(t, g, anima.AdvanceToAction{}, anima.BeginActivation{Ref: ann}, anima.TakeFlag{Ref: ann}, anima.EndActivation{Ref: ann},
		anima.BeginActivation{Ref: bo}, anima.AdjustLP{Ref: ann, Delta: -12}, anima.TakeFlag{Ref: bo, Own: true}, anima.EndActivation{Ref: bo},
		anima.BeginActivation{Ref: al}, anima.EndActivation{Ref: al}, anima.BringFlagHome{Ref: bo})
	st = Tell(g.Log(), g.State())
	for _, c := range st.Characters {
		want := map[anima.Ref][3]int{ann: {0, 1, 1}, bo: {0, 0, 1}}[c.Ref] // Ann fell to a tap: nobody's kill; Bo carried his flag back
		if got := [3]int{c.Kills, c.OutOfPlay, c.Points}; got != want {
			t.Errorf("%s: kills, out of play, points %v, want %v", c.Name, got, want)
		}
	}
}
