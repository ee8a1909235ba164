package tabletop

import (
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
)

// TestLayout: the sketch as kept is the table the rules measure: a model where the sketch puts
// it (else along its side's edge), its terrain read as the kinds; a copy shares nothing; a
// charger taken moves edge to edge beside whom it meets, and nothing moves when the sketch has
// not both or the charge met no one.
func TestLayout(t *testing.T) {
	st := anima.State{}
	st.Sides[0].Characters = []anima.Character{{Name: "Nero", LP: 14, BaseSize: "small"}}
	st.Sides[1].Characters = []anima.Character{{Name: "Xavier", LP: 14, BaseSize: "large"}}
	nero, xavier := anima.Ref{}, anima.Ref{Side: 1}
	l := Layout{Positions: map[string][2]float64{xavier.String(): {60, 30}},
		Terrain: []Piece{{Kind: string(Wall), Polygon: [][2]float64{{0, 0}, {5, 0}, {5, 5}}}}}
	if !l.Placed() || (Layout{}).Placed() {
		t.Error("Placed: a sketch with a model, and one with none")
	}
	if got := l.Position(xavier, 1); got != (r2.Point{X: 60, Y: 30}) {
		t.Errorf("Xavier at %v", got)
	}
	if got := l.Position(nero, 1); got != DefaultPosition(nero, 1) {
		t.Errorf("Nero, not placed, at %v", got)
	}
	tb := l.Table(st)
	if len(tb.Models) != 2 || len(tb.Terrain) != 1 || tb.Terrain[0].Kind != Wall || len(tb.Terrain[0].Polygon) != 3 {
		t.Fatalf("the table %+v", tb)
	}

	c := l.Clone()
	c.Positions[nero.String()] = [2]float64{1, 1}
	c.Terrain[0].Polygon[0] = [2]float64{9, 9}
	if _, ok := l.Positions[nero.String()]; ok || l.Terrain[0].Polygon[0] != [2]float64{0, 0} {
		t.Error("a copy shares the sketch")
	}
	if (Layout{}).Clone().Positions == nil {
		t.Error("a copy's Positions are nil: nothing to write to")
	}

	charge := anima.Charge{Attacker: nero, Target: xavier}
	met := []anima.Event{anima.Engagement{A: nero, B: xavier, Engaged: true}}
	if _, moved := l.Charged(st, charge, met); moved {
		t.Error("a charger not on the sketch moved")
	}
	c.Terrain = nil
	c.Positions[nero.String()] = [2]float64{60, 0}
	after, moved := c.Charged(st, charge, met)
	want := 30 - BaseRadius["large"] - BaseRadius["small"]
	if p := after.Positions[nero.String()]; !moved || !near(p[0], 60) || !near(p[1], want) {
		t.Errorf("the charger ends at %v (%v), want (60, %v): edge to edge, on the line it came by", p, moved, want)
	}
	if c.Positions[nero.String()] != [2]float64{60, 0} {
		t.Error("Charged changed the sketch it was asked of")
	}
	if _, moved := c.Charged(st, charge, nil); moved {
		t.Error("a charge that met no one moved the charger")
	}
}
