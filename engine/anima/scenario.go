package anima

import "gnosis/engine/text"

// Scenario is how a game is won. R-TURN-5, R-SCN-1..3.
type Scenario string

// The scenarios.
const (
	Standard    Scenario = "standard"   // most levels on the table after turn 10 (R-TURN-5)
	PowerNodes  Scenario = "nodes"      // most power nodes held after turn 10 (R-SCN-1)
	CaptureFlag Scenario = "flag"       // bring the enemy flag home (R-SCN-2)
	Armageddon  Scenario = "armageddon" // kill every enemy, no turn limit (R-SCN-3)
)

// In is the scenario's name in lang ("Nodos de poder"); "" is Standard's.
func (sc Scenario) In(lang string) string {
	if sc == "" {
		sc = Standard
	}
	return text.Word(lang, "scenario", string(sc))
}

// Valid reports whether the scenario is known ("" reads as Standard).
func (sc Scenario) Valid() bool {
	switch sc {
	case "", Standard, PowerNodes, CaptureFlag, Armageddon:
		return true
	}
	return false
}

// NodeCount is how many power nodes the table has: 5, or 3 at 200 levels or less. R-SCN-1.
func NodeCount(encounterLevel int) int {
	if encounterLevel <= 200 {
		return 3
	}
	return 5
}

// NodesSet records how many power nodes a side holds: a node stays captured until an enemy
// stands on it (R-SCN-1); the table tells.
type NodesSet struct {
	Side  int `json:"side"`
	Nodes int `json:"nodes"`
}

// FlagTaken records a character picking up the enemy flag (R-SCN-2).
type FlagTaken struct {
	Ref Ref `json:"ref"`
}

// FlagHome records the enemy flag brought home: the carrier's side wins (R-SCN-2).
type FlagHome struct {
	Side int `json:"side"`
}

// FlagPickedUp records a character picking up its own side's dropped flag, to carry it back
// to its deployment zone (R-SCN-2, ruling of 2026-11-29).
type FlagPickedUp struct {
	Ref Ref `json:"ref"`
}

// FlagReturned records a side's own flag carried back to its deployment zone: a flag marker
// again (R-SCN-2, ruling of 2026-11-29).
type FlagReturned struct {
	Side int `json:"side"`
}

func (NodesSet) Kind() string     { return "nodes" }
func (FlagTaken) Kind() string    { return "flag-taken" }
func (FlagHome) Kind() string     { return "flag-home" }
func (FlagPickedUp) Kind() string { return "flag-picked-up" }
func (FlagReturned) Kind() string { return "flag-returned" }

func (e NodesSet) apply(s *State) { s.Sides[e.Side].Nodes = e.Nodes }
func (e FlagTaken) apply(s *State) {
	r := e.Ref
	s.Sides[r.Side].Flag = &r
	s.Sides[1-r.Side].OwnFlag = nil // picked up where a friend of the flag dropped it
}
func (e FlagHome) apply(s *State) { s.FlagWinner = e.Side + 1; s.Flow.Ended = true }
func (e FlagPickedUp) apply(s *State) {
	r := e.Ref
	s.Sides[r.Side].OwnFlag = &r
	s.Sides[1-r.Side].Flag = nil // no longer where the enemy carrier fell
}
func (e FlagReturned) apply(s *State) { s.Sides[e.Side].OwnFlag = nil }

// SetNodes sets the power nodes a side holds (R-SCN-1).
type SetNodes struct {
	Side  int
	Nodes int
}

func (c SetNodes) decide(s State, _ Die) ([]Event, error) {
	if s.Scenario != PowerNodes {
		return nil, refuse("R-SCN-1", ErrNotAllowed, "power nodes belong to the power nodes scenario")
	}
	n := NodeCount(max(s.Sides[0].EncounterLevel, s.Sides[1].EncounterLevel))
	if c.Side < 0 || c.Side > 1 || c.Nodes < 0 || c.Nodes+s.Sides[1-c.Side].Nodes > n {
		return nil, refuse("R-SCN-1", ErrNotAllowed, "the table has %d nodes", n)
	}
	if s.Sides[c.Side].Nodes == c.Nodes {
		return nil, nil
	}
	return []Event{NodesSet{Side: c.Side, Nodes: c.Nodes}}, nil
}

// TakeFlag has the active character, in contact with the enemy flag, pick it up for 1
// action; with Own, its own side's flag where a carrier dropped it, to carry it back to its
// deployment zone (BringFlagHome). A character carries at most one flag. R-SCN-2 (ruling of
// 2026-11-29 for Own).
type TakeFlag struct {
	Ref Ref
	Own bool
}

func (c TakeFlag) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	side := c.Ref.Side
	switch {
	case s.Scenario != CaptureFlag:
		return nil, refuse("R-SCN-2", ErrNotAllowed, "flags belong to the capture the flag scenario")
	case !c.Own && s.FlagCarrier(side) != nil:
		return nil, refuse("R-SCN-2", ErrAlreadyDone, "your side already carries the enemy flag")
	case s.Carries(c.Ref):
		return nil, refuse("R-SCN-2", ErrNotAllowed, "%s already carries a flag", ch.Name)
	case c.Own && !s.FlagDropped(side):
		return nil, refuse("R-SCN-2", ErrNotAllowed, "your flag is not lying on the table: none of your side has dropped it, nor an enemy")
	case !c.Own && s.OwnFlagCarrier(1-side) != nil:
		return nil, refuse("R-SCN-2", ErrNotAllowed, "an enemy carries its flag back home")
	}
	cost := Cost(s, c)
	if err := canSpend(ch, cost, WhyTakeTheFlag); err != nil {
		return nil, err
	}
	t := begin(s, d)
	t.spend(c.Ref, ch, cost, WhyTakeTheFlag)
	if c.Own {
		t.emit(FlagPickedUp{Ref: c.Ref})
	} else {
		t.emit(FlagTaken{Ref: c.Ref})
	}
	return t.done()
}

// BringFlagHome: the carrier of a flag reached its deployment zone. The enemy flag ends the
// game, the carrier's side winning; its own flag is a flag marker there again (R-SCN-2).
type BringFlagHome struct{ Ref Ref }

func (c BringFlagHome) decide(s State, _ Die) ([]Event, error) {
	if _, err := inPlay(s, c.Ref); err != nil {
		return nil, err
	}
	if carrier := s.OwnFlagCarrier(c.Ref.Side); carrier != nil && *carrier == c.Ref {
		return []Event{FlagReturned{Side: c.Ref.Side}}, nil
	}
	if carrier := s.FlagCarrier(c.Ref.Side); carrier == nil || *carrier != c.Ref {
		return nil, refuse("R-SCN-2", ErrNotAllowed, "only the carrier brings the flag home")
	}
	return []Event{FlagHome{Side: c.Ref.Side}}, nil
}

// FlagCarrier is the character of side carrying the enemy flag, if any: a carrier out of
// play has dropped it (R-SCN-2).
func (s State) FlagCarrier(side int) *Ref { return s.carrier(s.Sides[side].Flag) }

// OwnFlagCarrier is the character of side carrying its own side's flag back home, if any: a
// carrier out of play has dropped it again (R-SCN-2).
func (s State) OwnFlagCarrier(side int) *Ref { return s.carrier(s.Sides[side].OwnFlag) }

// carrier is r while the character it names is in play, else nil.
func (s State) carrier(r *Ref) *Ref {
	if r == nil {
		return nil
	}
	if c, ok := s.Character(*r); !ok || !c.InPlay() {
		return nil
	}
	return r
}

// FlagDropped reports whether side's own flag lies on the table where a carrier fell: an
// enemy's, or a friend's carrying it back (R-SCN-2).
func (s State) FlagDropped(side int) bool {
	if s.Sides[side].OwnFlag != nil {
		return s.OwnFlagCarrier(side) == nil
	}
	return s.Sides[1-side].Flag != nil && s.FlagCarrier(1-side) == nil
}

// Carries reports whether the character r carries a flag, the enemy's or its own (R-SCN-2).
func (s State) Carries(r Ref) bool {
	for _, c := range []*Ref{s.FlagCarrier(r.Side), s.OwnFlagCarrier(r.Side)} {
		if c != nil && *c == r {
			return true
		}
	}
	return false
}

// Over reports whether the game has ended: after the last turn, a flag brought home, or in
// Armageddon a side with no character left (R-SCN-3).
func (s State) Over() bool {
	if s.Flow.Ended || s.FlagWinner > 0 {
		return true
	}
	if s.Scenario == Armageddon { // R-SCN-3 (home): every enemy killed, infiltrators included
		for _, sd := range s.Sides {
			if len(sd.Characters) > 0 && !sd.Standing() {
				return true
			}
		}
	}
	return false
}
