package anima

// Targetable are the enemies of r that an attack, a charge or an effect may aim at, in their
// side's order: in play and not hidden. R-HIDE-1.
func Targetable(s State, r Ref) []Ref {
	return enemies(s, r, func(e Character) bool { return e.InPlay() && !e.Hidden })
}

// enemies are the characters of the side facing r's that keep says, in their side's order;
// none for a character of no side.
func enemies(s State, r Ref, keep func(Character) bool) []Ref {
	if r.Side < 0 || r.Side >= len(s.Sides) {
		return nil
	}
	var out []Ref
	for i, e := range s.Sides[1-r.Side].Characters {
		if keep(e) {
			out = append(out, Ref{Side: 1 - r.Side, Index: i})
		}
	}
	return out
}

// DefaultTarget is the enemy an action of attacker aims at before the player chooses: for a
// Berserker's charge, the nearest enemy (nearest lists the targetable enemies from the nearest,
// when the table's positions are known; R-STATE-8); for a melee attack, the first enemy
// engaged with it (R-ATK-8); else the first targetable enemy (Targetable). ok is false when no
// enemy may be targeted.
func DefaultTarget(s State, attacker Ref, kind ActionKind, nearest []Ref) (t Ref, ok bool) {
	all := Targetable(s, attacker)
	if len(all) == 0 {
		return Ref{}, false
	}
	ch, _ := s.Character(attacker)
	switch {
	case kind == ChargeAttack && ch.Berserk() && len(nearest) > 0:
		return nearest[0], true
	case kind == MeleeAttack:
		for _, e := range all {
			if ch.EngagedWith(e) {
				return e, true
			}
		}
	}
	return all[0], true
}

// HiddenEnemies are the enemies of r in play that are hidden: what a Seek looks for
// (R-HIDE-1).
func HiddenEnemies(s State, r Ref) []Ref {
	return enemies(s, r, func(e Character) bool { return e.Hidden && e.InPlay() })
}
