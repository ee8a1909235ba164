package tabletop

import (
	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
	"gnosis/engine/geom"
)

// The table of a game: a sketch of where its characters stand (the app keeps it), read as a
// Table the questions above are asked of.

// SketchSize is the side of the sketch of the table, in centimetres (the standard table).
const SketchSize = 120.0

// FromState is the Table of st with a model for every character in play (anima.Ref's text as
// its ID), standing where at says (in centimetres), on terrain.
func FromState(st anima.State, at func(r anima.Ref, count int) r2.Point, terrain []Terrain) Table {
	var t Table
	for side := range st.Sides {
		for i, ch := range st.Sides[side].Characters {
			if !ch.InPlay() {
				continue
			}
			r := anima.Ref{Side: side, Index: i}
			t.Models = append(t.Models, Model{ID: r.String(), Center: at(r, len(st.Sides[side].Characters)), Radius: BaseRadiusOf(ch), Side: side + 1,
				Flyer: ch.Caps.Flight, Engaged: len(ch.Engaged) > 0})
		}
	}
	t.Terrain = terrain
	return t
}

// BaseRadiusOf is the radius of ch's base on the table, in centimetres (R-CARD-3).
func BaseRadiusOf(ch anima.Character) float64 {
	size, _ := anima.ParseBase(ch.BaseSize)
	return BaseRadius[size]
}

// DefaultPosition is where a character stands before it is put on the SketchSize × SketchSize
// sketch: along its side's edge (side 1 at the bottom, side 2 at the top); count is how many
// characters its side has.
func DefaultPosition(r anima.Ref, count int) r2.Point {
	x := SketchSize * float64(r.Index+1) / float64(count+1)
	y := SketchSize - 10
	if r.Side == 1 {
		y = 10
	}
	return r2.Point{X: x, Y: y}
}

// NearestEnemies are the enemies of r that may be targeted (anima.Targetable) nearest it on
// t (Nearest). R-STATE-8.
func (t Table) NearestEnemies(st anima.State, r anima.Ref) []anima.Ref {
	a, ok := t.Model(r.String())
	if !ok {
		return nil
	}
	var enemies []Model
	for _, e := range anima.Targetable(st, r) {
		if m, ok := t.Model(e.String()); ok {
			enemies = append(enemies, m)
		}
	}
	var out []anima.Ref
	for _, m := range Nearest(a, enemies) {
		if r, ok := anima.ParseRef(m.ID); ok {
			out = append(out, r)
		}
	}
	return out
}

// ReachOf is t's measure of target seen from r (the gap edge to edge and line of sight), or
// nil when t does not hold both. R-ARB-1.
func (t Table) ReachOf(r, target anima.Ref) *anima.Reach {
	a, ok1 := t.Model(r.String())
	b, ok2 := t.Model(target.String())
	if !ok1 || !ok2 {
		return nil
	}
	m := t.Reach(a, b)
	return &m
}

// ChargeEnd is where a charger standing at from ends a charge that meets a character at to
// (the charge's Engagement): beside it, on the line from where it stood, edge to edge (radii
// a and b, in centimetres); ok is false when the two stand on one point.
func ChargeEnd(from, to r2.Point, a, b float64) (r2.Point, bool) {
	d := from.Sub(to)
	if d.Norm() < geom.Eps {
		return r2.Point{}, false
	}
	return to.Add(d.Normalize().Mul(a + b)), true
}
