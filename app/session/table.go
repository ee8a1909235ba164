package session

import (
	"github.com/golang/geo/r2"

	"gnosis/engine"
	"gnosis/engine/tabletop"
)

// The sketch of the table, as Play gives it to the screens: its geometry is engine/tabletop's
// (tabletop.Layout); these read the part's own sketch.

// GeomTable is the sketch of the table as engine/tabletop sees it, with a model for every
// character in play where the sketch puts it (Position), in centimetres.
func (v Play) GeomTable(st engine.State) tabletop.Table { return v.s.play.layout.Table(st) }

// chargedOnSketch moves a charger on the sketch of the table once its charge is taken
// (tabletop.Layout.Charged), and saves the sketch.
func (s *Session) chargedOnSketch(st engine.State, c engine.Charge, evs []engine.Event) {
	layout, moved := s.play.layout.Charged(st, c, evs)
	if !moved {
		return
	}
	s.play.layout = layout
	if err := s.store.SaveTable(s.play.layout); err != nil {
		s.warn(err)
	}
}

// Position is where a character stands on the sketch, in centimetres (tabletop.Layout.Position);
// count is how many characters its side has.
func (v Play) Position(r engine.Ref, count int) r2.Point { return v.s.play.layout.Position(r, count) }

// NearestEnemies are the enemies of r that may be targeted nearest it on the sketch of the
// table (tabletop.Table.NearestEnemies), or none when the sketch has no positions. R-STATE-8.
func (v Play) NearestEnemies(st engine.State, r engine.Ref) []engine.Ref {
	if !v.s.play.layout.Placed() {
		return nil
	}
	return v.GeomTable(st).NearestEnemies(st, r)
}

// Reach is the sketch's measure of target seen from r (tabletop.Table.ReachOf), or nil when the
// sketch does not hold both: the players measure at the table. R-ARB-1.
func (v Play) Reach(st engine.State, r, target engine.Ref) *engine.Reach {
	if !v.s.play.layout.Placed() {
		return nil
	}
	return v.GeomTable(st).ReachOf(r, target)
}

// TableModifiers reads long range, cover and an elevated shooter off the sketch, and the names
// of the charge's interceptors, when both characters are on it (ok): tabletop.Table.Modifiers.
func (v Play) TableModifiers(st engine.State, attacker, target engine.Ref) (mods engine.Modifiers, interceptors []string, ok bool) {
	if !v.s.play.layout.Placed() {
		return mods, nil, false
	}
	mods, refs, ok := v.GeomTable(st).Modifiers(st, attacker, target)
	for _, r := range refs {
		ch, _ := st.Character(r)
		interceptors = append(interceptors, ch.Name)
	}
	return mods, interceptors, ok
}

// OrderTargets are the characters the Arbiter at r may give order o to now
// (tabletop.Layout.OrderTargets). R-ARB-1.
func (v Play) OrderTargets(st engine.State, r engine.Ref, o engine.Order) []engine.Ref {
	return v.s.play.layout.OrderTargets(st, r, o)
}
