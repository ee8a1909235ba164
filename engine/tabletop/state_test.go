package tabletop

import (
	"math"
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
)

// TestTableOfAGame: a game's table has a model for each character in play, on its base's
// radius, where the sketch puts it (else along its side's edge); a charger ends edge to edge
// with whom it meets, on the line it came by.
func TestTableOfAGame(t *testing.T) {
	st := anima.State{}
	st.Sides[0].Characters = []anima.Character{{Name: "Nero", LP: 14, BaseSize: "small"}, {Name: "Gone", LP: 0, BaseSize: "small"}}
	st.Sides[1].Characters = []anima.Character{{Name: "Xavier", LP: 14, BaseSize: "large"}}
	put := map[anima.Ref]r2.Point{{Side: 1, Index: 0}: {X: 60, Y: 30}}
	tb := FromState(st, func(r anima.Ref, count int) r2.Point {
		if p, ok := put[r]; ok {
			return p
		}
		return DefaultPosition(r, count)
	}, nil)
	if len(tb.Models) != 2 {
		t.Fatalf("models %+v: want Nero and Xavier, not the character out of play", tb.Models)
	}
	nero, _ := tb.Model(anima.Ref{}.String())
	xavier, _ := tb.Model(anima.Ref{Side: 1}.String())
	if nero.Center != (r2.Point{X: 40, Y: SketchSize - 10}) || nero.Radius != BaseRadius["small"] || nero.Side != 1 {
		t.Errorf("Nero %+v: along side 1's edge, a third of the way, on a small base", nero)
	}
	if xavier.Center != put[anima.Ref{Side: 1}] || xavier.Radius != BaseRadius["large"] || xavier.Side != 2 {
		t.Errorf("Xavier %+v: where the sketch put him, on a large base", xavier)
	}
	if r := tb.ReachOf(anima.Ref{}, anima.Ref{Side: 1}); r == nil || math.Abs(float64(r.Gap)-Gap(nero, xavier)) > 1e-6 {
		t.Errorf("reach %+v, want the gap %v", r, Gap(nero, xavier))
	}
	if r := tb.ReachOf(anima.Ref{}, anima.Ref{Index: 1}); r != nil {
		t.Errorf("the reach of a character not on the table: %+v", r)
	}
	end, ok := ChargeEnd(pt(0, 0), pt(10, 0), 1.25, 3)
	if !ok || !near(end.X, 5.75) || !near(end.Y, 0) {
		t.Errorf("charge end %v %v, want (5.75, 0): edge to edge on the line it came by", end, ok)
	}
	if _, ok := ChargeEnd(pt(3, 3), pt(3, 3), 1, 1); ok {
		t.Error("a charge from the target's own point has an end")
	}
}
