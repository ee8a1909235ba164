package anima

// Removal: a character that leaves play, whatever takes it out (LP at 0 from an attack, a
// fall, Poison, Doom, a Shock check or a tap on its LP; a summon unbound), is out of play at
// once (R-ATK-11): it is in contact with no one, so whoever it engaged may walk, shoot and
// intercept again, and when it was the active character its activation ends there and play
// passes on. The fold does it (fold calls leave after every event), so every way out of play
// goes through this one place, and a log saved before the rule replays to it.

// leftPlay is the character that ev, just applied to s, took out of play, if any.
func leftPlay(s *State, ev Event) (Ref, bool) {
	switch e := ev.(type) {
	case LPChanged:
		if e.Delta < 0 && s.char(e.Ref).LP <= 0 {
			return e.Ref, true
		}
	case Removed:
		return e.Ref, true
	}
	return Ref{}, false
}

// leave takes r out of play: no contact with anyone (R-ATK-8), and its activation over if it
// was active, its card turned and the next side picking (R-TURN-4). R-ATK-11 (home).
func (s *State) leave(r Ref) {
	c := s.char(r)
	for _, o := range c.Engaged {
		oc := s.char(o)
		oc.Engaged = setRef(oc.Engaged, r, false)
	}
	c.Engaged = nil
	if s.Active != nil && *s.Active == r {
		c.Activated = true
		s.Active = nil
		s.Flow.ActiveSide = nextSide(*s, r)
	}
}

// Standing reports whether the side has a character left in the game: on the table, or
// infiltrated and not yet revealed (an infiltrator is alive until it is lost at the end,
// R-SETUP-7). Armageddon ends when a side has none (R-SCN-3).
func (sd Side) Standing() bool {
	for _, c := range sd.Characters {
		if c.InPlay() || c.infiltrated() {
			return true
		}
	}
	return false
}
