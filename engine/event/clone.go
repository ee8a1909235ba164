package event

import "slices"

// Clone is a deep copy of the event: nothing of it is shared with e (its JSON would be the
// same, File). A copy through the JSON of the largest event takes a hundred times longer.
func (e *Event) Clone() *Event {
	c := *e
	c.Scenarios = slices.Clone(e.Scenarios)
	c.Tiebreakers = slices.Clone(e.Tiebreakers)
	c.Players = slices.Clone(e.Players)
	for i := range c.Players {
		if l := c.Players[i].List; l != nil {
			cl := *l
			c.Players[i].List = &cl
		}
	}
	c.Played = slices.Clone(e.Played)
	for i := range c.Played {
		r := &c.Played[i]
		r.Swaps = slices.Clone(r.Swaps)
		r.Pairings = slices.Clone(r.Pairings)
		for j := range r.Pairings {
			p := &r.Pairings[j]
			p.Result = p.Result.clone()
			p.Earlier = slices.Clone(p.Earlier)
			for k := range p.Earlier {
				p.Earlier[k].Result = *p.Earlier[k].Result.clone()
			}
		}
	}
	return &c
}

// clone is a copy of r (nil: nil), its luck its own.
func (r *Result) clone() *Result {
	if r == nil {
		return nil
	}
	c := *r
	if r.Luck != nil {
		l := *r.Luck
		c.Luck = &l
	}
	return &c
}
