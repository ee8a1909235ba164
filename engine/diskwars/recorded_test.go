package diskwars

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestRDW5RecordedShotsInBounds: a shot read from a stored game or the other phone holds at
// most MaxFire battle dice, each a face of the die, Strength 0 to MaxStrength, and damage
// within MaxDamage (R-DW-5); any other is refused by Accept, which changes nothing, and by
// LoadGame.
func TestRDW5RecordedShotsInBounds(t *testing.T) {
	many := make([]Face, 1_000)
	for i := range many {
		many[i] = Hit
	}
	bad := map[string]Event{
		"a shot of 1,000 dice":   Shot{Attacker: 0, Target: 1, Band: Short, Faces: many, Strength: 2},
		"a face no die shows":    Shot{Attacker: 0, Target: 1, Band: Short, Faces: []Face{"sixes"}, Strength: 2},
		"Strength a million":     Shot{Attacker: 0, Target: 1, Band: Short, Faces: []Face{Hit}, Strength: 1_000_000},
		"more scatter than dice": Shot{Attacker: 0, Target: 1, Band: Short, Faces: []Face{Scatter}, Strength: 2, Scatter: []ScatterDie{{0, Hit}, {1, Hit}}},
		"damage by a billion":    Damaged{Disc: 1, Delta: 1_000_000_000},
	}
	for name, ev := range bad {
		g := field(t, nil, []DiscCard{archers}, []DiscCard{orcs}, at(20, 20), at(40, 20))
		before := g.State()
		n := g.Len()
		entry := Entry{Gesture: g.Gesture() + 1, Event: ev}
		if err := g.Accept([]Entry{entry}); err == nil {
			t.Errorf("%s: accepted", name)
		}
		if !reflect.DeepEqual(g.State(), before) || g.Len() != n {
			t.Errorf("%s: a refused gesture changed the game", name)
		}
		b, err := json.Marshal(append(g.Since(0), entry))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := LoadGame(b); err == nil {
			t.Errorf("%s: the stored game loads", name)
		}
		if good, _ := json.Marshal(g.Since(0)); !loads(good) {
			t.Errorf("%s: the game without it does not load", name)
		}
	}
}

func loads(b []byte) bool { _, err := LoadGame(b); return err == nil }
