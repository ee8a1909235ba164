package engine

import "fmt"

// CallSummon has a summoner spend the summon's summoning cost in actions to place it
// (R-SUM-2): within its zone of control and more than 5 cm from any other character, which
// the table tells (PlacementOK). The summon arrives with its Recovery in actions and its
// Bind points, and may act this turn (R-SUM-3).
type CallSummon struct {
	Summoner    Ref
	Summon      Ref
	PlacementOK bool
}

func (c CallSummon) decide(s State, _ Die) ([]Event, error) {
	ch, err := active(s, c.Summoner)
	if err != nil {
		return nil, err
	}
	sm, err := lookup(s, c.Summon)
	if err != nil {
		return nil, err
	}
	switch {
	case !sm.Summon || sm.Summoner != c.Summoner:
		return nil, refuse("R-PARTY-10", ErrNotAllowed, fmt.Sprintf("%s is not a summon assigned to %s", sm.Name, ch.Name))
	case !sm.OffTable || sm.Removed:
		return nil, refuse("R-SUM-2", ErrAlreadyDone, fmt.Sprintf("%s has already been summoned", sm.Name))
	case ch.States[Seal] > 0:
		return nil, refuse("R-STATE-6", ErrNotAllowed, fmt.Sprintf("%s is sealed: no special abilities", ch.Name))
	case !c.PlacementOK:
		return nil, refuse("R-SUM-2", ErrNotAllowed, "place the summon within the summoner's zone of control, more than 5 cm from any other character")
	}
	if err := canSpend(ch, sm.SummonCost, "summon "+sm.Name); err != nil {
		return nil, err
	}
	var poison []Event
	evs := spend(c.Summoner, ch, sm.SummonCost, "summon "+sm.Name, &poison)
	evs = append(evs, Placed{Ref: c.Summon, Actions: min(sm.Recovery, sm.MaxActions), Why: "summoned"})
	return settle(s, append(evs, poison...)), nil
}

// GiveOrder has an Arbiter spend Order points on an order (R-ARB-1): actions cannot pay
// them, and an active order is given during the Arbiter's activation unless it is Reactive.
type GiveOrder struct {
	Arbiter  Ref
	Order    string
	Cost     int
	Reactive bool
}

func (c GiveOrder) decide(s State, _ Die) ([]Event, error) {
	ch, err := actor(s, c.Arbiter, c.Reactive)
	if err != nil {
		return nil, err
	}
	switch {
	case ch.MaxOrderPoints == 0:
		return nil, refuse("R-ARB-1", ErrNotAllowed, fmt.Sprintf("%s is not an Arbiter: it has no Order points", ch.Name))
	case c.Cost < 0:
		return nil, refuse("R-ARB-1", ErrNotAllowed, "an order costs 0 Order points or more")
	case ch.OrderPoints < c.Cost:
		return nil, refuse("R-ARB-1", ErrNotEnoughActions, fmt.Sprintf("%s costs %s; %s has %d (actions cannot pay them)", c.Order, plural(c.Cost, "Order point", "Order points"), ch.Name, ch.OrderPoints))
	}
	if c.Cost == 0 {
		return nil, nil
	}
	return []Event{OrderPointsChanged{Ref: c.Arbiter, Delta: -c.Cost}}, nil
}

// Reveal (alpha) swaps an infiltration marker for the infiltrated character, from turn 2,
// in the Recovery phase: it starts with Recovery + 1 actions (R-SETUP-7).
type Reveal struct{ Ref Ref }

func (c Reveal) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	switch {
	case s.Edition != Alpha:
		return nil, refuse("R-SETUP-7", ErrEdition, "infiltration is an alpha rule")
	case !ch.OffTable || ch.Summon:
		return nil, refuse("R-SETUP-7", ErrNotAllowed, fmt.Sprintf("%s is not infiltrated", ch.Name))
	case s.Flow.Turn < 2 || s.Flow.Phase != Recovery:
		return nil, refuse("R-SETUP-7", ErrWrongPhase, "infiltrated characters are revealed from turn 2, in the Recovery phase")
	case s.Sides[c.Ref.Side].Markers == 0:
		return nil, refuse("R-SETUP-7", ErrNotAllowed, "no marker is left to reveal from")
	}
	return []Event{MarkersChanged{Side: c.Ref.Side, Delta: -1}, Placed{Ref: c.Ref, Actions: min(ch.Recovery+1, ch.MaxActions), Why: "revealed"}}, nil
}

// FindMarker resolves an enemy Seek on an infiltration marker of Side (R-SETUP-7): the owner
// says whether it hides a character. An empty marker is removed; when the markers left
// equal the hidden characters a found marker must be revealed (Reveal names who), with its
// Recovery in actions only and counting as having moved.
type FindMarker struct {
	Side   int
	Empty  bool
	Reveal *Ref
}

func (c FindMarker) decide(s State, _ Die) ([]Event, error) {
	if s.Edition != Alpha {
		return nil, refuse("R-SETUP-7", ErrEdition, "infiltration is an alpha rule")
	}
	if c.Side < 0 || c.Side > 1 || s.Sides[c.Side].Markers == 0 {
		return nil, refuse("R-SETUP-7", ErrNotAllowed, "that side has no marker left")
	}
	hidden := 0
	for _, ch := range s.Sides[c.Side].Characters {
		if ch.OffTable && !ch.Summon {
			hidden++
		}
	}
	if c.Empty {
		if s.Sides[c.Side].Markers <= hidden {
			return nil, refuse("R-SETUP-7", ErrNotAllowed, "as many markers as hidden characters are left: every marker hides one")
		}
		return []Event{MarkersChanged{Side: c.Side, Delta: -1}}, nil
	}
	if s.Sides[c.Side].Markers > hidden || c.Reveal == nil {
		return nil, nil // the owner need not reveal yet
	}
	ch, err := lookup(s, *c.Reveal)
	if err != nil {
		return nil, err
	}
	if c.Reveal.Side != c.Side || !ch.OffTable || ch.Summon {
		return nil, refuse("R-SETUP-7", ErrNotAllowed, fmt.Sprintf("%s is not infiltrated on that side", ch.Name))
	}
	return []Event{MarkersChanged{Side: c.Side, Delta: -1}, Placed{Ref: *c.Reveal, Actions: min(ch.Recovery, ch.MaxActions), Why: "found", Moved: true}}, nil
}
