package diskwars

import (
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

// TestDeclarations: the tables of commands and events (declare.go) hold every command (a type
// with a decide method) and every event (a type with an apply method) of the package; each
// command's Actor is an int field (a disc) or ActorTurn; every event survives a JSON round
// trip, and the history has a line of its own for it exactly when it is not marked silent.
func TestDeclarations(t *testing.T) {
	var commands, events []string
	for _, d := range Commands {
		typ := reflect.TypeOf(d.Command)
		commands = append(commands, typ.Name())
		if d.Actor != "" && d.Actor != ActorTurn {
			if f, ok := typ.FieldByName(d.Actor); !ok || f.Type.Kind() != reflect.Int {
				t.Errorf("%s: Actor %q is not a disc's index", typ.Name(), d.Actor)
			}
		}
	}
	for _, d := range Events {
		events = append(events, reflect.TypeOf(d.Event).Name())
	}
	for _, problem := range sourcecheck.Undeclared(".", commands, events) {
		t.Error(problem)
	}
	// The history's words are the catalogue's, in three languages.
	if found, missing, err := sourcecheck.Missing(".", map[string]int{"F": 1}, text.Has); err != nil || found == 0 || missing != nil {
		t.Errorf("history lines not in engine/text: %q (%d found, %v)", missing, found, err)
	}
	g := field(t, nil, []DiscCard{archers, knight}, []DiscCard{orcs}, at(10, 10), at(10, 30), at(30, 10))
	s := g.State()
	// One event of each kind, every field set, naming discs of s.
	samples := map[string]Event{
		"Started":         Started{Names: [2]string{"Empire", "Orcs"}, Discs: s.Discs, Terrain: []Terrain{rect(Rough, 40, 40, 50, 50)}, First: 1, Seed: 9},
		"ActivationBegan": ActivationBegan{Disc: 1},
		"Moved":           Moved{Disc: 1, Path: []r2.Point{{X: 12, Y: 30}}, On: []int{2}, Stop: "rough"},
		"Removed":         Removed{Disc: 2},
		"Shot":            Shot{Attacker: 0, Target: 2, Band: Short, Faces: []Face{Hit, Scatter}, Strength: 2, Scatter: []ScatterDie{{Disc: 1, Face: Critical}}},
		"Focused":         Focused{Disc: 1, Target: 2},
		"Damaged":         Damaged{Disc: 2, Delta: 3},
		"TokenGiven":      TokenGiven{Disc: 2},
		"ActivationEnded": ActivationEnded{Disc: 1, Next: 1},
		"Placed":          Placed{Disc: 2, At: r2.Point{X: 60, Y: 60}, Next: 0},
		"RoundBegan":      RoundBegan{Round: 2, First: 1},
	}
	for _, d := range Events {
		name := reflect.TypeOf(d.Event).Name()
		ev, ok := samples[name]
		if !ok {
			t.Errorf("%s: no sample event in this test", name)
			continue
		}
		b, err := Entry{Gesture: 2, Event: ev}.MarshalJSON()
		var back Entry
		if err == nil {
			err = back.UnmarshalJSON(b)
		}
		if err != nil || !reflect.DeepEqual(back.Event, ev) {
			t.Errorf("%s: %s read back as %#v (%v)", name, b, back.Event, err)
		}
		switch line := Line("en", s, ev); {
		case d.Silent && line != ev.Kind():
			t.Errorf("%s is marked silent, but the history says %q", name, line)
		case !d.Silent && line == ev.Kind():
			t.Errorf("%s has no history line (engine/diskwars/history.go) and is not marked silent", name)
		}
	}
}

// TestOwnEngine: Diskwars's engine is its own: it shares core (refusals, kinds, CleanText) and
// the plane geometry with Anima Tactics's, and imports nothing of its rules.
func TestOwnEngine(t *testing.T) {
	imports, err := sourcecheck.Imports(".")
	if err != nil || !slices.Contains(imports, "gnosis/engine/core") {
		t.Fatalf("%v, %v", imports, err)
	}
	// What the package links, through every import: never the Anima Tactics engine, nor its
	// table (engine/tabletop), only the plane (engine/geom).
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err) // under wasm in Node, no go command
	}
	deps := strings.Fields(string(out))
	for _, anima := range []string{"gnosis/engine/anima", "gnosis/engine/tabletop", "gnosis/engine/catalog", "gnosis/engine/party"} {
		if slices.Contains(deps, anima) {
			t.Errorf("engine/diskwars links %s", anima)
		}
	}
	if !slices.Contains(deps, "gnosis/engine/geom") {
		t.Errorf("engine/diskwars no longer links engine/geom: %v", deps)
	}
}

// TestCanEnter: R-DW-1 a disc may come from the reserves exactly when FromReserve's turn rules
// allow it (its side's turn, no disc being activated, the disc in the reserves).
func TestCanEnter(t *testing.T) {
	g := field(t, nil, []DiscCard{archers, knight}, []DiscCard{orcs, wolf}, at(10, 10), nil, at(60, 60), nil)
	free := r2.Point{X: 40, Y: 80}
	for _, step := range []Command{nil, Activate{Disc: 0}, EndActivation{}} {
		if step != nil {
			do(t, g, step)
		}
		s := g.State()
		for i := range s.Discs {
			_, err := Decide(s, FromReserve{Disc: i, At: free}, nil)
			if s.CanEnter(i) != (err == nil) {
				t.Errorf("after %T: disc %d CanEnter %v, FromReserve %v", step, i, s.CanEnter(i), err)
			}
		}
	}
}
