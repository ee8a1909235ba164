package anima

import "gnosis/engine/core"

// Table and measuring constants. R-SETUP-1 (home): the 120 cm table. R-SETUP-2: scenery
// gaps. R-SETUP-6 (home): the alpha advanced deployment. R-ZOC-1: the zone of control.
const (
	TableSize           Centimetres = 120 // a side of the recommended table (48 in)
	SceneryEdgeGap      Centimetres = 7.5 // no scenery this close to an edge
	SceneryGap          Centimetres = 2.5 // nor this close to another piece
	AdvancedDeployment  Centimetres = 40  // alpha: beyond the deployment zone
	ZoneOfControl       Centimetres = 20  // everything this close and in line of sight
	InfiltrationSpacing Centimetres = 15  // markers this far from each other and the enemy zone
)

// InZoneOfControl reports whether something at gap (base to base) is in a character's zone
// of control: within 20 cm and in its line of sight. R-ZOC-1 (home).
func InZoneOfControl(gap Centimetres, lineOfSight bool) bool {
	return lineOfSight && gap >= 0 && gap <= ZoneOfControl
}

// SceneryPieces is how many scenery pieces a player's d10 places: 1-3 one, 4-6 two, 7-10
// three. R-SETUP-2 (home).
func SceneryPieces(roll int) int {
	switch {
	case roll <= 3:
		return 1
	case roll <= 6:
		return 2
	}
	return 3
}

// InitiativeBonus is a side's bonus to initiative and deployment rolls: +1 per character in
// play with the Initiative capability (R-CAP-1; for deployment in alpha, R-SETUP-3 (home)).
func (s State) InitiativeBonus(side int) int {
	n := 0
	for _, c := range s.Sides[side].Characters {
		if c.InPlay() && c.Caps.Initiative {
			n++
		}
	}
	return n
}

// RollOff is a roll of both sides (deployment, R-SETUP-3, or who acts first, R-SETUP-5):
// each rolls d10 plus its Initiative bonus, with Gnosis one more die (R-GNO-2); ties roll
// again. R-SETUP-5 (home). It returns both rolls and the side with the highest total.
func RollOff(s State, d Die, gnosis [2]bool) (rolls [2]Roll, winner int, err error) {
	rounds, winner, err := rollOffRounds(s, d, gnosis)
	if len(rounds) > 0 {
		rolls = rounds[len(rounds)-1]
	}
	return rolls, winner, err
}

// rollOffRounds is RollOff with every round's rolls (a tie rolls again), at most
// maxRollOffRounds of them: dice that tie every time fail with core.ErrNoDice.
func rollOffRounds(s State, d Die, gnosis [2]bool) (rounds [][2]Roll, winner int, err error) {
	for len(rounds) < maxRollOffRounds {
		var rolls [2]Roll
		var totals [2]int
		for side := range 2 {
			if rolls[side], err = rollSafe(d, DieSlot{Who: s.Sides[side].Name, For: "initiative"}, 1, gnosis[side], false); err != nil {
				return rounds, 0, err
			}
			totals[side] = rolls[side].Kept + s.InitiativeBonus(side)
		}
		rounds = append(rounds, rolls)
		if totals[0] != totals[1] {
			if totals[0] > totals[1] {
				return rounds, 0, nil
			}
			return rounds, 1, nil
		}
	}
	return rounds, 0, fail(core.ErrNoDice, "the dice tie every time: enter other dice")
}

// RollForFirst rolls off for who acts first (R-SETUP-5): each side rolls a d10 plus its
// Initiative bonus, ties roll again, and the highest total acts first. core: it is made at
// most once, in the first turn's Recovery phase, before any character acts; alpha: once in the
// Recovery phase of every turn, after the infiltrators are revealed (a turn after the first
// that has not rolled by the end of its Recovery phase rolls then: AdvancePhase). Its dice are
// in the log, so the game replays (and an undo rolls again the same dice). Gnosis[side]: that
// side spends a Gnosis point on the roll, declared before it, and rolls one more die, keeping
// the best; the point serves the whole roll-off, ties included (R-GNO-2: "all rolls ...
// Initiative"). Errors: already rolled (this turn, in alpha), outside the Recovery phase (of
// the first turn, in core), a side with no Gnosis point left.
type RollForFirst struct {
	Gnosis [2]bool
}

// FirstRolled records the roll-off for who acts first: each round's rolls (a tie rolls again)
// and the side that won. R-SETUP-5.
type FirstRolled struct {
	Rounds [][2]Roll `json:"rounds"`
	First  int       `json:"first"`
}

func (c RollForFirst) decide(s State, d Die) ([]Event, error) {
	alpha := s.Edition == Alpha
	switch {
	case alpha && s.FirstRolled && s.RolledTurn == s.Flow.Turn:
		return nil, refuse("R-SETUP-5", ErrAlreadyDone, "who acts first has already been rolled this turn")
	case alpha && s.Flow.Phase != Recovery:
		return nil, refuse("R-SETUP-5", ErrWrongPhase, "who acts first is rolled in the Recovery phase; it is the %s phase", s.Flow.Phase)
	case !alpha && s.FirstRolled:
		return nil, refuse("R-SETUP-5", ErrAlreadyDone, "who acts first has already been rolled")
	case !alpha && (s.Flow.Turn != 1 || s.Flow.Phase != Recovery):
		return nil, refuse("R-SETUP-5", ErrWrongPhase, "who acts first is rolled before the game's first Recovery phase ends; it is turn %d", s.Flow.Turn)
	}
	return c.roll(s, d)
}

// roll is the roll-off's events: the Gnosis points spent on it, then the rolls. R-SETUP-5.
func (c RollForFirst) roll(s State, d Die) ([]Event, error) {
	var evs []Event
	for side, use := range c.Gnosis {
		if !use {
			continue
		}
		if s.Sides[side].Gnosis <= 0 {
			return nil, refuse("R-GNO-1", ErrNoGnosis, "%s has no Gnosis point left this turn", s.Sides[side].Name)
		}
		evs = append(evs, GnosisSpent{Side: side})
	}
	rounds, first, err := rollOffRounds(s, d, c.Gnosis)
	if err != nil {
		return nil, err
	}
	return append(evs, FirstRolled{Rounds: rounds, First: first}), nil
}

// maxRollOffRounds bounds a roll-off whose dice tie forever (entered so, or Allowed's die).
const maxRollOffRounds = 50

func (e FirstRolled) apply(s *State) {
	s.FirstRolled, s.RolledTurn = true, s.Flow.Turn
	s.Flow.First, s.Flow.ActiveSide = e.First, e.First
}

func (e FirstRolled) diceThrown() int { return 2 * len(e.Rounds) }

// Kind names the event in the log.
func (FirstRolled) Kind() string { return "first-rolled" }
