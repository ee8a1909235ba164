package session

import (
	"github.com/golang/geo/r2"

	"gnosis/engine"
	"gnosis/engine/geom"
	"gnosis/engine/tabletop"
)

// GeomTable is the sketch of the table as engine/tabletop sees it, with a model for every
// character in play where the sketch puts it (Position), in centimetres.
func (v Play) GeomTable(st engine.State) tabletop.Table {
	var terrain []tabletop.Terrain
	for _, tp := range v.s.play.layout.Terrain {
		var poly geom.Polygon
		for _, xy := range tp.Polygon {
			poly = append(poly, r2.Point{X: xy[0], Y: xy[1]})
		}
		terrain = append(terrain, tabletop.Terrain{Kind: tabletop.TerrainKind(tp.Kind), Polygon: poly, Level: tp.Level})
	}
	return tabletop.FromState(st, v.Position, terrain)
}

// chargedOnSketch moves a charger on the sketch of the table once its charge is taken (evs, the
// charge's events, from st): beside the character it ends in base contact with (its target, or
// an interceptor: the Engagement the charge makes), along the line from where it stood, edge to
// edge. Nothing moves when the sketch has not both characters, or the charge fell short.
func (s *Session) chargedOnSketch(st engine.State, c engine.Charge, evs []engine.Event) {
	var met *engine.Ref
	for _, ev := range evs {
		if e, ok := ev.(engine.Engagement); ok && e.Engaged && e.A == c.Attacker {
			met = &e.B
		}
	}
	from, ok1 := s.play.layout.Positions[c.Attacker.String()]
	if met == nil || !ok1 {
		return
	}
	to, ok2 := s.play.layout.Positions[met.String()]
	if !ok2 {
		return
	}
	a, _ := st.Character(c.Attacker)
	b, _ := st.Character(*met)
	at, ok := tabletop.ChargeEnd(r2.Point{X: from[0], Y: from[1]}, r2.Point{X: to[0], Y: to[1]}, tabletop.BaseRadiusOf(a), tabletop.BaseRadiusOf(b))
	if !ok {
		return
	}
	layout := s.play.layout.Clone()
	layout.Positions[c.Attacker.String()] = [2]float64{at.X, at.Y}
	s.play.layout = layout
	if err := s.store.SaveTable(s.play.layout); err != nil {
		s.warn(err)
	}
}

// Position is where a character stands on the sketch, in centimetres: where it was put, else
// along its side's edge (tabletop.DefaultPosition); count is how many characters its side has.
func (v Play) Position(r engine.Ref, count int) r2.Point {
	if p, ok := v.s.play.layout.Positions[r.String()]; ok {
		return r2.Point{X: p[0], Y: p[1]}
	}
	return tabletop.DefaultPosition(r, count)
}

// NearestEnemies are the enemies of r that may be targeted nearest it on the sketch of the
// table (tabletop.Table.NearestEnemies), or none when the sketch has no positions. R-STATE-8.
func (v Play) NearestEnemies(st engine.State, r engine.Ref) []engine.Ref {
	if len(v.s.play.layout.Positions) == 0 {
		return nil
	}
	return v.GeomTable(st).NearestEnemies(st, r)
}

// Reach is the sketch's measure of target seen from r (tabletop.Table.ReachOf), or nil when the
// sketch does not hold both: the players measure at the table. R-ARB-1.
func (v Play) Reach(st engine.State, r, target engine.Ref) *engine.Reach {
	if len(v.s.play.layout.Positions) == 0 {
		return nil
	}
	return v.GeomTable(st).ReachOf(r, target)
}

// TableModifiers reads long range, cover and an elevated shooter off the sketch, and the names
// of the charge's interceptors, when both characters are on it (ok): tabletop.Table.Modifiers.
func (v Play) TableModifiers(st engine.State, attacker, target engine.Ref) (mods engine.Modifiers, interceptors []string, ok bool) {
	if len(v.s.play.layout.Positions) == 0 {
		return mods, nil, false
	}
	mods, refs, ok := v.GeomTable(st).Modifiers(st, attacker, target)
	for _, r := range refs {
		ch, _ := st.Character(r)
		interceptors = append(interceptors, ch.Name)
	}
	return mods, interceptors, ok
}

// OrderTargets are the characters the Arbiter at r may give order o to now: in play, not a
// hidden enemy, and, when the sketch holds both, inside his zone of influence with line of
// sight (engine.GiveOrder decides each). R-ARB-1.
func (v Play) OrderTargets(st engine.State, r engine.Ref, o engine.Order) []engine.Ref {
	var out []engine.Ref
	for side := range st.Sides {
		for i := range st.Sides[side].Characters {
			t := engine.Ref{Side: side, Index: i}
			if t != r && engine.Allowed(st, engine.GiveOrder{Arbiter: r, Order: o.Name, Target: &t, Reach: v.Reach(st, r, t)}) {
				out = append(out, t)
			}
		}
	}
	return out
}
