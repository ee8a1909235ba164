package tabletop

import (
	"maps"
	"slices"

	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
	"gnosis/engine/geom"
)

// Layout is the sketch of the table a player draws beside the miniatures: where each
// character's model stands, by its Ref ("side/index"), in centimetres, and the terrain pieces.
// It is kept as it is (app/store's table record); Table reads it as the plane the rules measure.
type Layout struct {
	Positions map[string][2]float64 `json:"positions"`
	Terrain   []Piece               `json:"terrain"`
}

// Piece is a terrain piece of the sketch: its kind (a TerrainKind), its outline in
// centimetres, and the height of an elevation.
type Piece struct {
	Kind    string       `json:"kind"`
	Polygon [][2]float64 `json:"polygon"`
	Level   int          `json:"level,omitempty"`
}

// Clone is a copy of the layout that shares nothing with it (its Positions never nil), to
// change and keep: a drag sends one on every move.
func (l Layout) Clone() Layout {
	out := Layout{Positions: maps.Clone(l.Positions), Terrain: slices.Clone(l.Terrain)}
	if out.Positions == nil {
		out.Positions = map[string][2]float64{}
	}
	for i := range out.Terrain {
		out.Terrain[i].Polygon = slices.Clone(out.Terrain[i].Polygon)
	}
	return out
}

// Table is the sketch as the rules measure it, with a model for every character of st in play
// where the sketch puts it (Position).
func (l Layout) Table(st anima.State) Table {
	var terrain []Terrain
	for _, tp := range l.Terrain {
		var poly geom.Polygon
		for _, xy := range tp.Polygon {
			poly = append(poly, r2.Point{X: xy[0], Y: xy[1]})
		}
		terrain = append(terrain, Terrain{Kind: TerrainKind(tp.Kind), Polygon: poly, Level: tp.Level})
	}
	return FromState(st, l.Position, terrain)
}

// Position is where a character stands on the sketch, in centimetres: where it was put, else
// along its side's edge (DefaultPosition); count is how many characters its side has.
func (l Layout) Position(r anima.Ref, count int) r2.Point {
	if p, ok := l.Positions[r.String()]; ok {
		return r2.Point{X: p[0], Y: p[1]}
	}
	return DefaultPosition(r, count)
}

// Placed reports whether the sketch puts any model where the player set it: with none, the
// players measure at the table and the sketch answers nothing.
func (l Layout) Placed() bool { return len(l.Positions) > 0 }

// Charged is the sketch once a charge is taken (evs, the charge's events, from st): the
// charger beside the character it ends in base contact with (its target, or an interceptor:
// the Engagement the charge makes), along the line from where it stood, edge to edge (ChargeEnd).
// ok is false, and nothing moves, when the sketch has not both characters or the charge fell
// short.
func (l Layout) Charged(st anima.State, c anima.Charge, evs []anima.Event) (Layout, bool) {
	var met *anima.Ref
	for _, ev := range evs {
		if e, ok := ev.(anima.Engagement); ok && e.Engaged && e.A == c.Attacker {
			met = &e.B
		}
	}
	from, ok1 := l.Positions[c.Attacker.String()]
	if met == nil || !ok1 {
		return l, false
	}
	to, ok2 := l.Positions[met.String()]
	if !ok2 {
		return l, false
	}
	a, _ := st.Character(c.Attacker)
	b, _ := st.Character(*met)
	at, ok := ChargeEnd(r2.Point{X: from[0], Y: from[1]}, r2.Point{X: to[0], Y: to[1]}, BaseRadiusOf(a), BaseRadiusOf(b))
	if !ok {
		return l, false
	}
	out := l.Clone()
	out.Positions[c.Attacker.String()] = [2]float64{at.X, at.Y}
	return out, true
}

// OrderTargets are the characters the Arbiter at r may give order o to now: in play, not a
// hidden enemy, and, when the sketch holds both, inside his zone of influence with line of
// sight (anima.GiveOrder decides each). R-ARB-1.
func (l Layout) OrderTargets(st anima.State, r anima.Ref, o anima.Order) []anima.Ref {
	var reach func(t anima.Ref) *anima.Reach
	if l.Placed() {
		table := l.Table(st)
		reach = func(t anima.Ref) *anima.Reach { return table.ReachOf(r, t) }
	}
	var out []anima.Ref
	for side := range st.Sides {
		for i := range st.Sides[side].Characters {
			t := anima.Ref{Side: side, Index: i}
			var rc *anima.Reach
			if reach != nil {
				rc = reach(t)
			}
			if t != r && anima.Allowed(st, anima.GiveOrder{Arbiter: r, Order: o.Name, Target: &t, Reach: rc}) {
				out = append(out, t)
			}
		}
	}
	return out
}
