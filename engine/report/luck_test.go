package report

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/diskwars"
	"gnosis/engine/gamefile"
)

var update = flag.Bool("update", false, "write the golden reports again")

func card(name string, attack, damage, defense, armor int) anima.Card {
	return anima.Card{Name: name, Level: 40, LP: anima.S(30), Actions: 5, Recovery: 3, Walk: 20, Run: 30,
		Categories: []anima.Category{anima.Fighter}, Faction: anima.Light, Attack: anima.S(attack), Damage: anima.S(damage),
		Defense: anima.S(defense), Armor: anima.S(armor), Resistance: anima.S(10)}
}

// duel is a game of two against one, every attacker in contact with the defender, in the
// Action phase of turn 1, the first side to pick.
func duel(t *testing.T, e anima.Edition) *anima.Game {
	t.Helper()
	g, err := anima.NewGame(anima.Setup{Edition: e, Sides: [2]anima.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []anima.Card{card("Ann", 6, 6, 8, 2), card("Al", 4, 8, 7, 1)}},
		{Name: "B", EncounterLevel: 250, Characters: []anima.Card{card("Bo", 5, 5, 8, 3)}}}})
	if err != nil {
		t.Fatal(err)
	}
	do(t, g, anima.AdvanceToAction{}, anima.SetEngaged{A: anima.Ref{Side: 0, Index: 0}, B: anima.Ref{Side: 1}, Engaged: true},
		anima.SetEngaged{A: anima.Ref{Side: 0, Index: 1}, B: anima.Ref{Side: 1}, Engaged: true})
	return g
}

func do(t *testing.T, g *anima.Game, cs ...anima.Command) {
	t.Helper()
	for _, c := range cs {
		if err := g.Do(c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
}

// TestLuckAgainstEveryThrow: R-ATK-1 R-ATK-2 R-ATK-3 R-GNO-2 a side's percentile is the share
// of every throw of every die of its exchanges (each spec the engine resolved with) that takes
// less LP in all than the game's dice did, plus half the share that takes as much: counted one
// throw at a time, against the report's convolution of the exact odds.
func TestLuckAgainstEveryThrow(t *testing.T) {
	for _, e := range []anima.Edition{anima.Core, anima.Alpha} {
		g := duel(t, e)
		ann, al, bo := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 0, Index: 1}, anima.Ref{Side: 1}
		g.SetDie(anima.Script(9, 3, 7))
		do(t, g, anima.BeginActivation{Ref: ann}, anima.Attack{Attacker: ann, Target: bo, AttackOptions: anima.AttackOptions{Reaction: anima.Dodge, GnosisAttack: true}})
		g.SetDie(anima.Script(4))
		do(t, g, anima.Attack{Attacker: ann, Target: bo})
		g.SetDie(nil)
		do(t, g, anima.EndActivation{Ref: ann}, anima.BeginActivation{Ref: bo}, anima.EndActivation{Ref: bo}, anima.BeginActivation{Ref: al})
		g.SetDie(anima.Script(10, 2))
		do(t, g, anima.Attack{Attacker: al, Target: bo, AttackOptions: anima.AttackOptions{Reaction: anima.Dodge}})
		l := MeasureLuck(g.Log())
		sd := l.Sides[0]
		if sd.Attacks != 3 || sd.Left != 0 || len(l.Exchanges) != 3 {
			t.Fatalf("%s: %d attacks, %d left out, %d measured", e, sd.Attacks, sd.Left, len(l.Exchanges))
		}
		var specs []anima.AttackSpec
		for en, s := range anima.Before(g.Log()) {
			if a, ok := en.Event.(anima.AttackResolved); ok {
				spec, ok := anima.ExchangeSpec(s, a)
				if !ok {
					t.Fatalf("%s: no spec for %+v", e, a)
				}
				specs = append(specs, spec)
			}
		}
		below, same, all := 0.0, 0.0, 0.0
		var throw func(i, lp int, w float64)
		throw = func(i, lp int, w float64) {
			if i == len(specs) {
				all += w
				switch {
				case lp < sd.LP:
					below += w
				case lp == sd.LP:
					same += w
				}
				return
			}
			sp := specs[i]
			for _, av := range kept(sp.AttackDice()) {
				for _, dv := range kept(sp.DefenseDice()) {
					throw(i+1, lp+sp.Resolve(av.face, dv.face).LPLoss, w*av.w*dv.w)
				}
			}
		}
		throw(0, 0, 1)
		if want := (below + same/2) / all; math.Abs(want-sd.Percentile) > 1e-9 {
			t.Errorf("%s: percentile %.12f, every throw counted %.12f", e, sd.Percentile, want)
		}
		if sd.LP != l.Exchanges[0].LPLoss+l.Exchanges[1].LPLoss+l.Exchanges[2].LPLoss || len(sd.Luckiest) != 3 || len(sd.Unluckiest) != 3 {
			t.Errorf("%s: %+v", e, sd)
		}
		if sd.Luckiest[0].Percentile < sd.Luckiest[2].Percentile || sd.Unluckiest[0].Percentile > sd.Unluckiest[2].Percentile {
			t.Errorf("%s: luckiest %v, unluckiest %v", e, sd.Luckiest, sd.Unluckiest)
		}
	}
}

// face is a kept die's face and how many of the throws keep it.
type face struct {
	face int
	w    float64
}

// kept lists every throw of n d10 by its highest die (the kept one), one entry a throw, with
// weight 1 each; zero dice (a defense with no reaction) is one throw of face 0.
func kept(n int) []face {
	if n == 0 {
		return []face{{0, 1}}
	}
	var out []face
	var rec func(k, best int)
	rec = func(k, best int) {
		if k == n {
			out = append(out, face{best, 1})
			return
		}
		for v := 1; v <= 10; v++ {
			rec(k+1, max(best, v))
		}
	}
	rec(0, 0)
	return out
}

// TestGoldenReports: the report (story and luck) of three golden games (engine/gamefile/testdata) is the golden
// report beside them (go test -update writes it again); every exchange of them is measured.
func TestGoldenReports(t *testing.T) {
	for _, name := range []string{"01-worked-example-core", "07-charge-core", "08-charge-alpha"} {
		b, err := os.ReadFile(filepath.Join("..", "gamefile", "testdata", name+".game"))
		if err != nil {
			t.Fatal(err)
		}
		f, err := gamefile.Parse(string(b), catalog.Default())
		if err != nil {
			t.Fatal(err)
		}
		g, refused, err := gamefile.Play(f)
		if err != nil || refused != nil {
			t.Fatalf("%s: %v %+v", name, err, refused)
		}
		r := Of(g)
		l := r.Luck
		if l.Sides[0].Left+l.Sides[1].Left != 0 || len(l.Exchanges) == 0 {
			t.Errorf("%s: %d exchanges measured, %d left out", name, len(l.Exchanges), l.Sides[0].Left+l.Sides[1].Left)
		}
		got, _ := json.MarshalIndent(r, "", " ")
		golden := filepath.Join("testdata", name+".report.json")
		if *update {
			os.MkdirAll("testdata", 0o755)
			os.WriteFile(golden, append(got, '\n'), 0o644)
		}
		want, err := os.ReadFile(golden)
		if err != nil || strings.TrimSpace(string(want)) != string(got) {
			t.Errorf("%s: the report differs from %s (go test -update writes it again):\n%s", name, golden, got)
		}
	}
}

// TestStory: R-ATK-3 R-GNO-2 the story counts LP lost by any cause and taken by attacks, Gnosis
// spent by turn, and the levels on the table at each turn's end.
func TestStory(t *testing.T) {
	g := duel(t, anima.Core)
	ann, al, bo := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 0, Index: 1}, anima.Ref{Side: 1}
	g.SetDie(anima.Script(9, 3, 1))
	do(t, g, anima.BeginActivation{Ref: ann}, anima.Attack{Attacker: ann, Target: bo, AttackOptions: anima.AttackOptions{Reaction: anima.Dodge, GnosisAttack: true}})
	g.SetDie(nil)
	do(t, g, anima.AdjustLP{Ref: al, Delta: -30}) // Al out of play, by hand
	st := Tell(g.Log(), g.State())
	if len(st.Turns) != 1 || st.Turns[0].Gnosis != [2]int{1, 0} || st.Turns[0].Levels != [2]int{40, 40} {
		t.Errorf("turns %+v", st.Turns)
	}
	byName := map[string]Character{}
	for _, c := range st.Characters {
		byName[c.Name] = c
	}
	if byName["Bo"].Lost == 0 || byName["Ann"].Dealt != byName["Bo"].Lost || byName["Al"].Lost != 30 || byName["Al"].Dealt != 0 || st.Names != [2]string{"A", "B"} {
		t.Errorf("characters %+v", st.Characters)
	}
}

// longGame is a game of about n gestures: Ann attacks Bo again and again in one activation,
// her actions, his dodge's action and his LP put back by hand after each exchange, the dice
// the game's own.
func longGame(b testing.TB, n int) *anima.Game {
	g := duel(&testing.T{}, anima.Core)
	ann, bo := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 1}
	if err := g.Do(anima.BeginActivation{Ref: ann}); err != nil {
		b.Fatal(err)
	}
	for g.Gesture() < n {
		if err := g.Do(anima.Attack{Attacker: ann, Target: bo, AttackOptions: anima.AttackOptions{Reaction: anima.Dodge}}); err != nil {
			b.Fatal(err)
		}
		g.Do(anima.AdjustActions{Ref: ann, Delta: 2})
		g.Do(anima.AdjustActions{Ref: bo, Delta: 1}) // the dodge's action back
		if c, _ := g.State().Character(bo); c.LP < c.MaxLP {
			g.Do(anima.AdjustLP{Ref: bo, Delta: c.MaxLP - c.LP})
		}
	}
	return g
}

// BenchmarkReport2000: the report of a game of 2,000 gestures (issue 44's number: it opens in
// at most twice a blank screen's repaint).
func BenchmarkReport2000(b *testing.B) {
	g := longGame(b, 2000)
	b.ResetTimer()
	for range b.N {
		Of(g)
	}
}

func BenchmarkTell2000(b *testing.B) {
	g := longGame(b, 2000)
	log, now := g.Log(), g.State()
	b.ResetTimer()
	for range b.N {
		Tell(log, now)
	}
}

// TestRollOffLuck: R-SETUP-5 the roll-off for who acts first is a check of each side's, whose
// chances add up to one, the winner's passed.
func TestRollOffLuck(t *testing.T) {
	g, err := anima.NewGame(anima.Setup{Sides: [2]anima.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []anima.Card{card("Ann", 6, 6, 8, 2)}},
		{Name: "B", EncounterLevel: 250, Characters: []anima.Card{card("Bo", 5, 5, 8, 3)}}}})
	if err != nil {
		t.Fatal(err)
	}
	g.SetDie(anima.Script(3, 9))
	do(t, g, anima.RollForFirst{})
	l := MeasureLuck(g.Log())
	if len(l.Exchanges) != 2 || l.Sides[0].Passed != 0 || l.Sides[1].Passed != 1 ||
		math.Abs(l.Exchanges[0].HitChance+l.Exchanges[1].HitChance-1) > 1e-12 || l.Exchanges[0].Check != anima.CheckInitiative {
		t.Errorf("%+v", l)
	}
}

// TestShotsAgainstEveryThrow: R-DW-5 R-DW-8 a Diskwars side's percentile is the share of every
// throw of its shots' faces that deals its targets less damage in all than the game's dice did,
// plus half the share that deals as much.
func TestShotsAgainstEveryThrow(t *testing.T) {
	archers := diskwars.DiscCard{Name: "Archers", DiameterCm: 5, Move: 2, Ranged: &diskwars.Ranged{MaxBand: diskwars.Medium, Fire: 2, Strength: diskwars.Strength{N: 2}, Damage: diskwars.Physical}}
	orcs := diskwars.DiscCard{Name: "Orcs", DiameterCm: 6.25, Move: 2}
	at := func(x, y float64) *[2]float64 { return &[2]float64{x, y} }
	su := diskwars.Setup{Armies: [2]diskwars.Army{{Name: "Empire", Discs: []diskwars.DiscCard{archers, archers}}, {Name: "Orcs", Discs: []diskwars.DiscCard{orcs, orcs}}}, Seed: 3}
	su.Places[0], su.Places[1] = []*[2]float64{at(10, 10), at(10, 40)}, []*[2]float64{at(20, 10), at(20, 40)}
	g, err := diskwars.NewGame(su)
	if err != nil {
		t.Fatal(err)
	}
	dw := func(c diskwars.Command, dice ...int) {
		t.Helper()
		if len(dice) > 0 {
			d := diskwars.ScriptedDie(dice)
			g.SetDie(&d)
			defer g.SetDie(nil)
		}
		if err := g.Do(c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
	dw(diskwars.Activate{Disc: 0})
	dw(diskwars.Shoot{Attacker: 0, Target: 2}, 4, 5) // a hit and a critical
	dw(diskwars.Pass{Disc: 3})                       // the other Orcs: the critical gave these their token
	dw(diskwars.Activate{Disc: 1})
	dw(diskwars.Shoot{Attacker: 1, Target: 3}, 1, 2) // two misses
	l := MeasureShots(g.Log())
	sd := l.Sides[0]
	if sd.Shots != 2 || sd.Left != 0 || sd.Damage != 4 {
		t.Fatalf("%+v", sd)
	}
	below, same, all := 0, 0, 0
	for a := 0; a < 6*6*6*6; a++ {
		dmg := 0
		for k, v := 0, a; k < 4; k, v = k+1, v/6 {
			if f := diskwars.Faces[v%6]; f == diskwars.Hit || f == diskwars.Critical {
				dmg += 2
			}
		}
		all++
		switch {
		case dmg < sd.Damage:
			below++
		case dmg == sd.Damage:
			same++
		}
	}
	if want := (float64(below) + float64(same)/2) / float64(all); math.Abs(want-sd.Percentile) > 1e-12 {
		t.Errorf("percentile %.12f, every throw %.12f", sd.Percentile, want)
	}
	if len(sd.Luckiest) != 2 || sd.Luckiest[0].Damage != 4 || sd.Unluckiest[0].Damage != 0 {
		t.Errorf("luckiest %+v, unluckiest %+v", sd.Luckiest, sd.Unluckiest)
	}
}

// TestPushByItsHit: R-ACT-2 a Push takes no LP whatever the dice: it is measured by its hit
// alone (anima.HitSpec), its LP none.
func TestPushByItsHit(t *testing.T) {
	g := duel(t, anima.Alpha)
	ann, bo := anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 1}
	g.SetDie(anima.Script(9))
	do(t, g, anima.BeginActivation{Ref: ann}, anima.Push{Attacker: ann, Target: bo})
	l := MeasureLuck(g.Log())
	if len(l.Exchanges) != 1 || l.Sides[0].Left != 0 {
		t.Fatalf("%+v", l)
	}
	x := l.Exchanges[0]
	if !x.Hit || x.LPLoss != 0 || x.Expected != 0 || x.HitChance <= 0 || x.HitChance >= 1 || math.Abs(x.AtLeast-x.HitChance) > 1e-12 {
		t.Errorf("%+v", x)
	}
}

// FuzzReport: R-GNO-2 the report of any game log the engine loads (a backup's game, the
// other phone's steps) is told with finite numbers: its JSON is written (NaN and Inf are not).
func FuzzReport(f *testing.F) {
	for _, name := range []string{"01-worked-example-core", "07-charge-core", "08-charge-alpha"} {
		b, err := os.ReadFile(filepath.Join("..", "gamefile", "testdata", name+".game"))
		if err != nil {
			f.Fatal(err)
		}
		gf, err := gamefile.Parse(string(b), catalog.Default())
		if err != nil {
			f.Fatal(err)
		}
		g, _, err := gamefile.Play(gf)
		if err != nil {
			f.Fatal(err)
		}
		j, _ := json.Marshal(g)
		f.Add(j)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var g anima.Game
		if json.Unmarshal(b, &g) != nil {
			return
		}
		if _, err := json.Marshal(Of(&g)); err != nil {
			t.Fatalf("the report of a log the engine loads: %v", err)
		}
	})
}
