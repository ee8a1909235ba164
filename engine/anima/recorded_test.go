package anima

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestRGNO2RecordedRollsInBounds: a log read from the device, a backup, a game file or the
// other phone holds only rolls a d10 could make (R-GNO-2: at most MaxRollDice dice and
// Gnosis's, each 1 to 10, the one kept among them) and numbers within MaxRecorded; any other
// is refused by Replay, by loading the game's JSON and by Accept, which changes nothing.
func TestRGNO2RecordedRollsInBounds(t *testing.T) {
	many := make([]int, 400)
	for i := range many {
		many[i] = 10
	}
	ref := Ref{0, 0}
	bad := map[string]Event{
		"a check of 400 dice":        Rolled{Ref: ref, Check: CheckDoom, Roll: Roll{Dice: many, Kept: 10}, Total: 10},
		"a roll-off of 400 dice":     FirstRolled{Rounds: [][2]Roll{{{Dice: many, Kept: 10}, {Dice: []int{1}, Kept: 1}}}},
		"a roll of 12 dice":          DiceRolled{Side: 0, Roll: Roll{Dice: many[:12], Kept: 10}},
		"a d10 showing 11":           DiceRolled{Side: 0, Roll: Roll{Dice: []int{11}, Kept: 11}},
		"a d10 showing 0":            Rolled{Ref: ref, Check: CheckSeek, Roll: Roll{Dice: []int{0}, Kept: 0}},
		"a kept die not thrown":      DiceRolled{Side: 0, Roll: Roll{Dice: []int{3, 4}, Kept: 9}},
		"an attack of 400 dice":      AttackResolved{Attacker: ref, Target: Ref{1, 0}, Attack: Roll{Dice: many, Kept: 10}},
		"a defense of 400 dice":      AttackResolved{Attacker: ref, Target: Ref{1, 0}, Attack: Roll{Dice: []int{5}, Kept: 5}, Defense: &Roll{Dice: many, Kept: 10}},
		"LP by a billion":            LPChanged{Ref: ref, Delta: -1_000_000_000},
		"a text of 2,000 bytes":      DiceRolled{Side: 0, For: strings.Repeat("x", 2000), Roll: Roll{Dice: []int{3}, Kept: 3}},
		"200 rounds of the roll-off": FirstRolled{Rounds: make([][2]Roll, 200)},
	}
	for name, ev := range bad {
		g := melee(t, Core)
		before := g.State()
		log := append(g.Log(), Entry{Gesture: g.Gesture() + 1, Event: ev})
		if _, err := Replay(log); !errors.Is(err, ErrOutOfRange) {
			t.Errorf("%s: Replay answers %v, want ErrOutOfRange", name, err)
		}
		if err := g.Accept(log[len(log)-1:]); !errors.Is(err, ErrOutOfRange) {
			t.Errorf("%s: Accept answers %v, want ErrOutOfRange", name, err)
		}
		if !reflect.DeepEqual(g.State(), before) || len(g.Log()) != len(log)-1 {
			t.Errorf("%s: a refused gesture changed the game", name)
		}
		b, err := json.Marshal(struct {
			Log []Entry `json:"log"`
		}{log})
		if err != nil {
			t.Fatal(err)
		}
		var x Game
		if err := json.Unmarshal(b, &x); err == nil {
			t.Errorf("%s: the game's JSON loads", name)
		}
	}
	// The most a roll records is taken: MaxRollDice dice and Gnosis's; the game's JSON as
	// the refused ones were written loads.
	g := melee(t, Core)
	b, _ := json.Marshal(struct {
		Log []Entry `json:"log"`
	}{g.Log()})
	var x Game
	if err := json.Unmarshal(b, &x); err != nil {
		t.Fatalf("a game's JSON as written here does not load: %v", err)
	}
	most := DiceRolled{Side: 0, For: strings.Repeat("x", MaxRollFor), Roll: Roll{Dice: many[:MaxRollDice+1], Kept: 10}}
	if err := g.Accept([]Entry{{Gesture: g.Gesture() + 1, Event: most}}); err != nil {
		t.Errorf("a roll of %d dice: %v", MaxRollDice+1, err)
	}
}

// TestChancesStayFinite: R-GNO-2 a check's and a roll-off's chance is a number from 0 to 1
// for any count of dice, however many (the report of any log has no Inf or NaN).
func TestChancesStayFinite(t *testing.T) {
	s := summoning(t, Core, 1).State()
	for _, n := range []int{1, 2, 11, 309, 400, 5000} {
		dice := make([]int, n)
		for i := range dice {
			dice[i] = 9
		}
		p, ok := CheckChance(s, Rolled{Ref: Ref{0, 1}, Check: CheckStability, Roll: Roll{Dice: dice, Kept: 9}, Total: 9, Success: true})
		if !ok || math.IsNaN(p) || p < 0 || p > 1 {
			t.Errorf("a Stability check of %d dice: %v (%v)", n, p, ok)
		}
		q, ok := CheckChance(s, Rolled{Ref: Ref{0, 1}, Check: CheckDoom, Roll: Roll{Dice: dice, Kept: 9}, Total: 9, Success: false})
		if !ok || math.IsNaN(q) || q < 0 || q > 1 {
			t.Errorf("a Doom check of %d dice: %v (%v)", n, q, ok)
		}
		r, ok := RollOffChance(s, FirstRolled{Rounds: [][2]Roll{{{Dice: dice, Kept: 9}, {Dice: []int{1}, Kept: 1}}}, First: 0})
		if ok && (math.IsNaN(r[0]) || math.IsNaN(r[1]) || r[0] < 0 || r[0] > 1) {
			t.Errorf("a roll-off of %d dice: %v", n, r)
		}
	}
}
