package anima

import "gnosis/engine/text"

// Infiltration (alpha, R-SETUP-7): markers placed at the start (Start), characters revealed
// from turn 2 (Reveal), markers found by an enemy Seek (FindMarker).

// Reveal (alpha) swaps an infiltration marker for the infiltrated character, from turn 2,
// in the Recovery phase before the roll for who acts first (R-SETUP-5): it starts with
// Recovery + 1 actions. It may start with a sustained ability already active (Ability, such as
// one that keeps it hidden): its activation cost in actions (Cost, less than those it starts
// with; where the command gives none, the card's, and never nothing) comes off, and the
// ability's upkeep (the card's, else Upkeep) is due from the next Maintenance phase on
// (R-TURN-3; ruling of 2026-11-29 for the cost). When it was the last one to infiltrate, the side's remaining
// markers are removed (R-SETUP-7).
type Reveal struct {
	Ref     Ref
	Ability string `json:",omitempty"`
	Cost    int    `json:",omitempty"`
	Upkeep  int    `json:",omitempty"`
}

func (c Reveal) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	start := min(ch.Recovery+1, ch.MaxActions)
	// R-SETUP-7 (home): 3 + n markers for n infiltrators (Start: 4 for one, 5 for two), revealed from turn 2 in the
	// Recovery phase with Recovery + 1 actions; found by a Seek; markers gone with the last.
	switch {
	case s.Edition != Alpha:
		return nil, refuse("R-SETUP-7", ErrEdition, "infiltration is an alpha rule")
	case !ch.infiltrated():
		return nil, refuse("R-SETUP-7", ErrNotAllowed, "%s is not infiltrated", ch.Name)
	case s.Flow.Turn < 2 || s.Flow.Phase != Recovery:
		return nil, refuse("R-SETUP-7", ErrWrongPhase, "infiltrated characters are revealed from turn 2, in the Recovery phase")
	case s.Sides[c.Ref.Side].Markers == 0:
		return nil, refuse("R-SETUP-7", ErrNotAllowed, "no marker is left to reveal from")
	case s.RolledTurn == s.Flow.Turn:
		return nil, refuse("R-SETUP-5", ErrWrongPhase, "infiltrated characters are revealed before the roll for who acts first; it is rolled this turn")
	}
	if c.Ability != "" && c.Cost == 0 { // the card's cost; never free
		if c.Cost = ch.ActivationCost(c.Ability); c.Cost == 0 {
			return nil, refuse("R-SETUP-7", ErrNotAllowed, "%s's card prints no cost to start %s: say what it costs", ch.Name, c.Ability)
		}
	}
	evs := []Event{MarkersChanged{Side: c.Ref.Side, Delta: -1}, Placed{Ref: c.Ref, Actions: start - c.Cost, Why: "revealed"}}
	if c.Ability != "" || c.Cost != 0 {
		upkeep := ch.SustainCost(c.Ability, c.Upkeep)
		switch {
		case c.Ability == "" || upkeep <= 0 || upkeep > MaxActions:
			return nil, refuse("R-SETUP-7", ErrNotAllowed, "a revealed character may start with one sustained ability: name it and its upkeep")
		case c.Cost < 0 || c.Cost >= start:
			return nil, refuse("R-SETUP-7", ErrNotAllowed, "%s starts with %s: an ability it starts with costs fewer", ch.Name, text.N(start, "%d action", "%d actions"))
		}
		evs = append(evs, UpkeepSet{Ref: c.Ref, Ability: c.Ability, Cost: upkeep, Kept: true})
	}
	return append(evs, lastInfiltrator(s, c.Ref.Side)...), nil
}

// infiltrated reports whether c is still infiltrated: off the table, not a summon not yet
// called.
func (c Character) infiltrated() bool { return c.OffTable && !c.Summon && !c.Removed }

// hiddenInfiltrators counts a side's characters still infiltrated.
func hiddenInfiltrators(s State, side int) int {
	n := 0
	for _, ch := range s.Sides[side].Characters {
		if ch.infiltrated() {
			n++
		}
	}
	return n
}

// lastInfiltrator removes a side's remaining markers when the character being placed was
// its last infiltrator: no marker is left to hide anyone (R-SETUP-7).
func lastInfiltrator(s State, side int) []Event {
	if hiddenInfiltrators(s, side) == 1 && s.Sides[side].Markers > 1 {
		return []Event{MarkersChanged{Side: side, Delta: -(s.Sides[side].Markers - 1)}}
	}
	return nil
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
	hidden := hiddenInfiltrators(s, c.Side)
	if c.Empty {
		if s.Sides[c.Side].Markers <= hidden {
			return nil, refuse("R-SETUP-7", ErrNotAllowed, "as many markers as hidden characters are left: every marker hides one")
		}
		return []Event{MarkersChanged{Side: c.Side, Delta: -1}}, nil
	}
	if s.Sides[c.Side].Markers > hidden {
		return nil, nil // the owner need not reveal yet
	}
	if c.Reveal == nil {
		return nil, refuse("R-SETUP-7", ErrNotAllowed, "as many markers as hidden characters are left: the found marker is revealed, name who it hides")
	}
	ch, err := lookup(s, *c.Reveal)
	if err != nil {
		return nil, err
	}
	if c.Reveal.Side != c.Side || !ch.infiltrated() {
		return nil, refuse("R-SETUP-7", ErrNotAllowed, "%s is not infiltrated on that side", ch.Name)
	}
	evs := []Event{MarkersChanged{Side: c.Side, Delta: -1}, Placed{Ref: *c.Reveal, Actions: min(ch.Recovery, ch.MaxActions), Why: "found", Moved: true}}
	return append(evs, lastInfiltrator(s, c.Side)...), nil
}

// MarkersChanged adds Delta infiltration markers to a side. R-SETUP-7.
type MarkersChanged struct {
	Side  int `json:"side"`
	Delta int `json:"delta"`
}

func (MarkersChanged) Kind() string     { return "markers" }
func (e MarkersChanged) apply(s *State) { s.Sides[e.Side].Markers += e.Delta }
