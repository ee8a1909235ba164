package session

import (
	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
	"gnosis/engine/tabletop"
)

// The sketch of the table, as Play gives it to the screens: its geometry is engine/tabletop's
// (tabletop.Layout); these read the part's own sketch.

// GeomTable is the sketch of the table as engine/tabletop sees it, with a model for every
// character in play where the sketch puts it (Position), in centimetres.
func (v Play) GeomTable(st anima.State) tabletop.Table { return v.p.layout.Table(st) }

// chargedOnSketch moves a charger on the sketch of the table once its charge is taken
// (tabletop.Layout.Charged), and saves the sketch.
func (p *playPart) chargedOnSketch(st anima.State, c anima.Charge, evs []anima.Event) {
	layout, moved := p.layout.Charged(st, c, evs)
	if !moved {
		return
	}
	p.layout = layout
	p.warnLater(p.store.SaveTable(p.layout))
}

// putLayout puts layout in place of the sketch, and writes it when save (a finger lifted).
func (p *playPart) putLayout(layout tabletop.Layout, save bool) error {
	p.layout = layout
	if p.layout.Positions == nil {
		p.layout.Positions = map[string][2]float64{}
	}
	if !save {
		return nil
	}
	return p.store.SaveTable(p.layout)
}

// Position is where a character stands on the sketch, in centimetres (tabletop.Layout.Position);
// count is how many characters its side has.
func (v Play) Position(r anima.Ref, count int) r2.Point { return v.p.layout.Position(r, count) }

// NearestEnemies are the enemies of r that may be targeted nearest it on the sketch of the
// table (tabletop.Table.NearestEnemies), or none when the sketch has no positions. R-STATE-8.
func (v Play) NearestEnemies(st anima.State, r anima.Ref) []anima.Ref {
	if !v.p.layout.Placed() {
		return nil
	}
	return v.GeomTable(st).NearestEnemies(st, r)
}

// Reach is the sketch's measure of target seen from r (tabletop.Table.ReachOf), or nil when the
// sketch does not hold both: the players measure at the table. R-ARB-1.
func (v Play) Reach(st anima.State, r, target anima.Ref) *anima.Reach {
	if !v.p.layout.Placed() {
		return nil
	}
	return v.GeomTable(st).ReachOf(r, target)
}

// TableModifiers reads long range, cover and an elevated shooter off the sketch, and the names
// of the charge's interceptors, when both characters are on it (ok): tabletop.Table.Modifiers.
func (v Play) TableModifiers(st anima.State, attacker, target anima.Ref) (mods anima.Modifiers, interceptors []string, ok bool) {
	if !v.p.layout.Placed() {
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
func (v Play) OrderTargets(st anima.State, r anima.Ref, o anima.Order) []anima.Ref {
	return v.p.layout.OrderTargets(st, r, o)
}
