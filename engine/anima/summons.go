package anima

// Summons (Saga II): calling a summon onto the table (R-SUM-2, R-SUM-3); its Bind and
// Stability are in the Maintenance phase (AdvancePhase, R-SUM-4), its Shock in tx.shock
// (R-SUM-5).

// CallSummon has a summoner spend the summon's summoning cost in actions to place it
// (R-SUM-2): within its zone of control and more than 5 cm from any other character, which
// the table tells (PlacementOK). The summon arrives with its Recovery in actions and its
// Bind points, and may act this turn (R-SUM-3).
type CallSummon struct {
	Summoner    Ref
	Summon      Ref
	PlacementOK bool
}

// Placed brings an off-table character onto the table with some actions: a summon called
// (R-SUM-2) or an infiltrated character revealed (R-SETUP-7).
type Placed struct {
	Ref     Ref    `json:"ref"`
	Actions int    `json:"actions"`
	Why     Reason `json:"why"`
	Moved   bool   `json:"moved,omitempty"` // it counts as having moved this turn
}

// Removed takes a character off the table without 0 LP (a summon unbound, R-SUM-4).
type Removed struct {
	Ref Ref    `json:"ref"`
	Why Reason `json:"why"`
}

// BindChanged adds Delta Bind points to a summon. R-SUM-3, R-SUM-4.
type BindChanged struct {
	Ref   Ref `json:"ref"`
	Delta int `json:"delta"`
}

func (c CallSummon) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Summoner)
	if err != nil {
		return nil, err
	}
	sm, err := lookup(s, c.Summon)
	if err != nil {
		return nil, err
	}
	// R-SUM-2 (home): paid in actions, placed in the summoner's zone of control, more than
	// 5 cm from any other character; it arrives with its Recovery in actions (R-SUM-3 (home):
	// and its Bind points, from its card at the start).
	switch {
	case !sm.Summon || sm.Summoner != c.Summoner:
		return nil, refuse("R-PARTY-10", ErrNotAllowed, "%s is not a summon assigned to %s", sm.Name, ch.Name)
	case !sm.OffTable || sm.Removed:
		return nil, refuse("R-SUM-2", ErrAlreadyDone, "%s has already been summoned", sm.Name)
	case !c.PlacementOK:
		return nil, refuse("R-SUM-2", ErrNotAllowed, "place the summon within the summoner's zone of control, more than 5 cm from any other character")
	}
	if err := notSealed(ch); err != nil {
		return nil, err
	}
	if err := mustCharge(s, c.Summoner, ch); err != nil {
		return nil, err
	}
	cost := Cost(s, c)
	if err := canSpend(ch, cost, whySummon+Reason(sm.Name)); err != nil {
		return nil, err
	}
	t := begin(s, d)
	t.spend(c.Summoner, ch, cost, whySummon+Reason(sm.Name))
	t.emit(Placed{Ref: c.Summon, Actions: min(sm.Recovery, sm.MaxActions), Why: "summoned"})
	return t.done()
}

func (Placed) Kind() string      { return "placed" }
func (Removed) Kind() string     { return "removed" }
func (BindChanged) Kind() string { return "bind" }

func (e Placed) apply(s *State) {
	c := s.char(e.Ref)
	c.OffTable, c.Actions = false, e.Actions
	if e.Moved {
		c.Moved = true
	}
}

func (e Removed) apply(s *State) { s.char(e.Ref).Removed = true } // its contacts: leave

func (e BindChanged) apply(s *State) { s.char(e.Ref).Bind += e.Delta }
