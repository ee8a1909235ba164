package diskwars

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/golang/geo/r2"

	"gnosis/engine/geom"
)

// The game-playing property test of Diskwars: a player that picks at random among what the
// engine offers (the discs that may activate, CanMove and FlipToward's flips, CanAct's shots and
// focused abilities, passes, the reserves, the round's end, a damage counter by hand, undo)
// plays whole games of six rounds, and after every step checks that the game can go on, that a
// removed disc is out of everything, that the log replays and loads to the state, and that one
// undo returns the state before.

var wholeGames = flag.Int("whole-games", 150, "games TestWholeGames plays (make test: the default)")

// wholeRounds is how many rounds a whole game lasts: the article sets no end, the players do.
const wholeRounds = 6

func TestWholeGames(t *testing.T) {
	start, steps := time.Now(), 0
	for i := range *wholeGames {
		steps += playWholeGame(t, uint64(i)+1)
		if t.Failed() {
			t.Fatalf("game %d (seed %d) failed", i, i+1)
		}
	}
	t.Logf("%d whole games, %d steps, %.1f s", *wholeGames, steps, time.Since(start).Seconds())
	if *wholeGames >= 150 { // the player's list is the engine's: every command played, every event seen
		for _, problem := range Declared.Unplayed(wholeGamesPlayed, nil) {
			t.Error(problem)
		}
	}
}

// wholeGamesPlayed counts the commands played and the events seen by the whole games, by type.
var wholeGamesPlayed = map[string]int{}

// FuzzWholeGames plays one whole game from each seed.
func FuzzWholeGames(f *testing.F) {
	f.Add(uint64(1))
	f.Fuzz(func(t *testing.T, seed uint64) { playWholeGame(t, seed) })
}

func wholeArmy(name string) Army {
	return Army{Name: name, Discs: []DiscCard{
		{Name: "Warriors", DiameterCm: MediumDiscCm, Move: 2},
		{Name: "Riders", DiameterCm: LargeDiscCm, Move: 4, Relentless: true},
		{Name: "Bows", DiameterCm: SmallDiscCm, Move: 2, Ranged: &Ranged{MaxBand: Long, Fire: 3, Strength: Strength{N: 1}, Damage: Physical}},
		{Name: "Mage", DiameterCm: SmallDiscCm, Move: 2, Magic: 2, Agile: true},
		{Name: "Bird", DiameterCm: SmallDiscCm, Move: 3, Fly: true, SureFooted: true},
		{Name: "Cannon", DiameterCm: LargeDiscCm, Move: 1, Ranged: &Ranged{MaxBand: Siege, Fire: 2, Strength: Strength{D6: true}, Damage: Physical, ChaosAsHit: true}},
	}}
}

// playWholeGame plays the game of seed for wholeRounds rounds, checking every step; it returns
// the steps taken.
func playWholeGame(t *testing.T, seed uint64) int {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed^0x51))
	su := Setup{Armies: [2]Army{wholeArmy("North"), wholeArmy("South")}, First: r.IntN(2)}
	for side := range 2 {
		for range su.Armies[side].Discs {
			if r.IntN(5) == 0 {
				su.Places[side] = append(su.Places[side], nil) // waits in the reserves
				continue
			}
			y := 10 + 15*r.Float64()
			if side == 1 {
				y = BattlefieldCm - y
			}
			su.Places[side] = append(su.Places[side], &[2]float64{5 + 80*r.Float64(), y})
		}
	}
	su.Terrain = []Terrain{
		{Kind: BlocksSight, Polygon: geom.Polygon{{X: 40, Y: 40}, {X: 50, Y: 40}, {X: 50, Y: 45}, {X: 40, Y: 45}}},
		{Kind: BlocksSight, Polygon: geom.Polygon{{X: 50, Y: 40}, {X: 55, Y: 40}, {X: 55, Y: 45}, {X: 50, Y: 45}}},
		{Kind: Rough, Polygon: geom.Polygon{{X: 15, Y: 35}, {X: 30, Y: 35}, {X: 30, Y: 55}, {X: 15, Y: 55}}},
		{Kind: Elevated, Polygon: geom.Polygon{{X: 65, Y: 30}, {X: 75, Y: 30}, {X: 75, Y: 40}, {X: 65, Y: 40}}},
		{Kind: Swamp, Polygon: geom.Polygon{{X: 60, Y: 55}, {X: 70, Y: 55}, {X: 70, Y: 65}, {X: 60, Y: 65}}},
	}
	g, err := NewGame(su)
	if err != nil {
		t.Fatal(err)
	}
	g.SetDie(NewSeededDie(seed))
	wholeGamesPlayed["Started"]++
	step := 0
	for ; g.State().Round < wholeRounds && step < 5000; step++ {
		before := g.State()
		if r.IntN(25) == 0 && g.CanUndo() {
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		options := offered(r, before)
		if len(options) == 0 {
			t.Fatalf("seed %d step %d: a dead end in round %d, %s to activate, disc %d active", seed, step, before.Round, before.Names[before.Turn], before.Active)
		}
		c := options[r.IntN(len(options))]
		n := g.Len()
		if err := g.Do(c); err != nil {
			t.Fatalf("seed %d step %d: %T%+v offered, then refused: %v", seed, step, c, c, err)
		}
		wholeGamesPlayed[reflect.TypeOf(c).Name()]++
		for _, e := range g.Since(n) {
			wholeGamesPlayed[reflect.TypeOf(e.Event).Name()]++
		}
		after := g.State()
		if err := g.Undo(); err != nil || !reflect.DeepEqual(g.State(), before) {
			t.Fatalf("seed %d step %d: one undo of %T does not return the state before: %v", seed, step, c, err)
		}
		if err := g.Redo(); err != nil || !reflect.DeepEqual(g.State(), after) {
			t.Fatalf("seed %d step %d: redo of %T differs: %v", seed, step, c, err)
		}
		holds(t, g, seed, step, fmt.Sprintf("%T%+v", c, c), step%10 == 0)
	}
	if g.State().Round < wholeRounds {
		t.Fatalf("seed %d: round %d after %d steps", seed, g.State().Round, step)
	}
	holds(t, g, seed, step, "the last step", true)
	return step
}

// offered are the commands the engine takes now: what a player may do, by the engine's own
// answers.
func offered(r *rand.Rand, s State) []Command {
	var out []Command
	try := func(c Command) {
		if evs, err := Decide(s, c, NewSeededDie(r.Uint64())); err == nil && len(evs) > 0 {
			out = append(out, c)
		}
	}
	if s.Active < 0 {
		if s.RoundOver() {
			try(NextRound{First: r.IntN(2)})
		}
		for i, d := range s.Discs {
			if s.CanActivate(i) {
				try(Activate{Disc: i})
				try(Pass{Disc: i})
			}
			if d.Reserve && d.Side == s.Turn {
				try(FromReserve{Disc: i, At: r2.Point{X: 10 + 70*r.Float64(), Y: 10 + 70*r.Float64()}})
			}
		}
	} else {
		i := s.Active
		me := s.Discs[i]
		if s.CanMove(i) {
			var path []r2.Point
			at, toward := me.At, r2.Point{X: BattlefieldCm * r.Float64(), Y: BattlefieldCm * r.Float64()}
			if r.IntN(8) == 0 { // now and then off an edge: a disc that leaves the battlefield is removed
				toward = r2.Point{X: -BattlefieldCm + 3*BattlefieldCm*r.Float64(), Y: -BattlefieldCm}
			}
			for range 1 + r.IntN(me.Card.Move) {
				at = FlipToward(at, toward, me.Card.DiameterCm)
				path = append(path, at)
			}
			if flips, _ := PlanMove(s, i, path); flips > 0 {
				try(Move{Disc: i, Path: path[:flips]})
			}
		}
		if s.CanAct(i) {
			for k, d := range s.Discs {
				if k != i && d.OnField() {
					try(Shoot{Attacker: i, Target: k})
					try(Focus{Disc: i, Magic: me.Card.Magic > 0, Target: k, Band: Medium, NeedsSight: true})
				}
			}
		}
		try(Pass{Disc: i})
		if s.HasDone() {
			try(EndActivation{})
		}
	}
	if len(s.Discs) > 0 && r.IntN(10) == 0 {
		try(AdjustDamage{Disc: r.IntN(len(s.Discs)), Delta: 1 - r.IntN(3)})
	}
	return out
}

// holds checks the game after a step (what names it); stored, also that it loads back from
// its JSON (every tenth step and at the end: loading a log is a replay).
func holds(t *testing.T, g *Game, seed uint64, step int, what string, stored bool) {
	t.Helper()
	s := g.State()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("seed %d step %d after %s: %s", seed, step, what, fmt.Sprintf(format, args...))
	}
	if s.Active >= 0 {
		if d := s.Discs[s.Active]; !d.OnField() || d.Token {
			fail("the active disc %d is off the battlefield or activated", s.Active)
		}
	}
	if s.Turn != 0 && s.Turn != 1 {
		fail("side %d to activate", s.Turn)
	}
	for i, d := range s.Discs {
		if d.Damage < 0 {
			fail("%s has %d damage", d.Card.Name, d.Damage)
		}
		if !d.OnField() && len(d.On) > 0 {
			fail("%s is off the battlefield and lies on %v", d.Card.Name, d.On)
		}
		if d.Removed && s.CanActivate(i) {
			fail("%s is removed and may activate", d.Card.Name)
		}
	}
	if !reflect.DeepEqual(replay(g.Log()), s) {
		fail("the log does not replay to the state")
	}
	if !stored {
		return
	}
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	back, err := LoadGame(b)
	if err != nil || !reflect.DeepEqual(back.State(), s) {
		fail("the game does not load back: %v", err)
	}
}
