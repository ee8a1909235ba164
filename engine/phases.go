package engine

import "fmt"

// AdvancePhase ends the current phase and does the next phase's automatic steps, which the
// player confirms by sending it:
//
//   - Recovery (R-TURN-2): cards straightened; each character in play gains its Recovery in
//     actions, +1 with Haste, -1 with Slow, +1 on a power node (Nodes), capped at its total
//     (R-STATE-2, R-SCN-1); Healing gives 2 LP (R-STATE-4); each side's Gnosis points renew
//     (R-GNO-1); Arbiters' Order points reset (R-ARB-1).
//   - Maintenance (R-TURN-3): upkeep is paid for each sustained ability kept (Drop lists
//     those the player drops; one the character cannot pay is dropped); every summon loses a
//     Bind point, and one at 0 is removed when OutsideZoC names it, else rolls d10 and stays
//     only by beating its Stability (R-SUM-4), its removal costing its summoner a Shock check
//     (R-SUM-5); one counter of each state comes off each character, and a Doom counter
//     coming off rolls d10: 8, 9 or 10 kills (R-STATE-1, R-STATE-7).
//   - Action: the side that acts first activates first (R-TURN-4).
//
// After the Action phase of the last turn the game ends (R-TURN-5).
type AdvancePhase struct {
	Drop       []UpkeepDrop
	Nodes      []Ref
	OutsideZoC []Ref
}

func (c AdvancePhase) decide(s State, d Die) ([]Event, error) {
	if s.Active != nil {
		a, _ := s.Character(*s.Active)
		return nil, refuse("R-TURN-4", ErrNotAllowed, fmt.Sprintf("%s is active: end its activation first", a.Name))
	}
	next := s.Flow.next(s.Turns)
	if next.Ended {
		return []Event{GameEnded{}}, nil
	}
	evs := []Event{PhaseBegan{Flow: next}}
	switch next.Phase {
	case Recovery:
		evs = append(evs, c.recovery(s)...)
	case Maintenance:
		m, err := c.maintenance(s, d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, m...)
	}
	return evs, nil
}

// UpkeepDrop names one character's sustained ability that its player stops paying for in
// the Maintenance phase (R-TURN-3): two characters may sustain abilities of the same name.
type UpkeepDrop struct {
	Ref     Ref    `json:"ref"`
	Ability string `json:"ability"`
}

func contains(list []Ref, r Ref) bool {
	for _, x := range list {
		if x == r {
			return true
		}
	}
	return false
}

func (c AdvancePhase) recovery(s State) []Event {
	var evs []Event
	for side := range s.Sides {
		evs = append(evs, GnosisRenewed{Side: side, Points: GnosisPoints(s.Sides[side].EncounterLevel)})
		for i, ch := range s.Sides[side].Characters {
			r := Ref{side, i}
			if !ch.InPlay() {
				continue
			}
			gain := ch.Recovery
			if ch.States[Haste] > 0 {
				gain++
			}
			if ch.States[Slow] > 0 {
				gain--
			}
			if contains(c.Nodes, r) {
				gain++
			}
			if gain = min(max(gain, 0), ch.MaxActions-ch.Actions); gain > 0 {
				evs = append(evs, ActionsRecovered{Ref: r, Gained: gain})
			}
			if ch.States[Healing] > 0 && ch.LP < ch.MaxLP {
				evs = append(evs, LPChanged{Ref: r, Delta: min(2, ch.MaxLP-ch.LP), Why: "healing"})
			}
			if ch.MaxOrderPoints > 0 && ch.OrderPoints != ch.MaxOrderPoints {
				evs = append(evs, OrderPointsChanged{Ref: r, Delta: ch.MaxOrderPoints - ch.OrderPoints})
			}
		}
	}
	return evs
}

func (c AdvancePhase) maintenance(s State, d Die) ([]Event, error) {
	var evs []Event
	after := s.Clone()
	add := func(e ...Event) {
		for _, ev := range e {
			fold(&after, ev)
		}
		evs = append(evs, e...)
	}
	for side := range s.Sides {
		for i, ch := range s.Sides[side].Characters {
			r := Ref{side, i}
			if !ch.InPlay() {
				continue
			}
			// Upkeep (R-TURN-3).
			actions := ch.Actions
			for _, u := range ch.Upkeep {
				dropped := false
				for _, x := range c.Drop {
					dropped = dropped || (x.Ref == r && x.Ability == u.Ability)
				}
				if dropped || actions < u.Cost {
					add(UpkeepSet{Ref: r, Ability: u.Ability, Kept: false})
					continue
				}
				actions -= u.Cost
				add(ActionsSpent{Ref: r, Actions: u.Cost, For: "upkeep " + u.Ability})
			}
			// Bind (R-SUM-4).
			if ch.Summon {
				if ch.Bind > 0 {
					add(BindChanged{Ref: r, Delta: -1})
				}
				if ch.Bind <= 1 {
					remove := contains(c.OutsideZoC, r)
					if !remove {
						roll, err := rollSafe(d, 1, false)
						if err != nil {
							return nil, err
						}
						stays := roll.Kept > ch.Stability
						add(Rolled{Ref: r, Check: "stability", Roll: roll, Total: roll.Kept, Success: stays})
						remove = !stays
					}
					if remove {
						add(Removed{Ref: r, Why: "unbound"})
						add(shock(after, d, r, ch)...)
						continue
					}
				}
			}
			// One counter of each state (R-STATE-1), Doom rolls (R-STATE-7).
			for k := StateKind(0); k < numStates; k++ {
				if ch.States[k] == 0 {
					continue
				}
				add(StateChanged{Ref: r, State: k, Delta: -1})
				if k == Doom {
					roll, err := rollSafe(d, 1, false)
					if err != nil {
						return nil, err
					}
					dies := roll.Kept >= 8
					add(Rolled{Ref: r, Check: "doom", Roll: roll, Total: roll.Kept, Success: !dies})
					if now, _ := after.Character(r); dies && now.LP > 0 {
						add(LPChanged{Ref: r, Delta: -now.LP, Why: "doom"})
						if ch.Summon {
							add(shock(after, d, r, ch)...)
						}
					}
				}
			}
		}
	}
	return evs, nil
}
