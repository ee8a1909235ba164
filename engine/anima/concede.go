package anima

// Concede is a side's player conceding the game: it ends at once, the other side the winner.
// No book rules it (a club night's result needs it: an unfinished game is not a win); the
// concession is kept in the log, undone as any command is.
type Concede struct{ Side int }

func (c Concede) decide(s State, _ Die) ([]Event, error) {
	if c.Side != 0 && c.Side != 1 {
		return nil, fail(ErrNotAllowed, "no side %d: a game has sides 0 and 1", c.Side)
	}
	return []Event{Conceded{Side: c.Side}}, nil
}

// Conceded records a side's concession: the game is over, the other side wins.
type Conceded struct {
	Side int `json:"side"`
}

func (Conceded) Kind() string     { return "conceded" }
func (e Conceded) apply(s *State) { s.Conceded, s.Flow.Ended = e.Side+1, true }

// How a game ended (State.End).
const (
	EndVictory  = "victory"  // the flag brought home (R-SCN-2), every enemy killed (R-SCN-3)
	EndLength   = "length"   // its last turn played (R-TURN-5)
	EndConceded = "conceded" // a side conceded (Concede)
)

// End is how the game ended: EndVictory, EndLength or EndConceded; "" while it goes on (kept
// unfinished).
func (s State) End() string {
	switch {
	case s.Conceded > 0:
		return EndConceded
	case s.FlagWinner > 0:
		return EndVictory
	case !s.Over():
		return ""
	case s.Flow.Ended:
		return EndLength
	}
	return EndVictory
}

// What puts the winner ahead (State.Ahead).
const (
	AheadFlag     = "flag"     // it brought the enemy flag home (R-SCN-2)
	AheadConceded = "conceded" // the other side conceded
	AheadStanding = "standing" // it alone has characters standing (R-SCN-3)
	AheadNodes    = "nodes"    // it holds more power nodes (R-SCN-1)
	AheadLevels   = "levels"   // it has more levels on the table (R-TURN-5)
)

// Ahead is what puts Winner ahead, as Winner decides it ("" for a draw): of a game left
// before its end, what the side ahead leads by.
func (s State) Ahead() string {
	switch {
	case s.Winner() < 0:
		return ""
	case s.Conceded > 0:
		return AheadConceded
	case s.FlagWinner > 0:
		return AheadFlag
	case s.Scenario == Armageddon && s.Sides[0].Standing() != s.Sides[1].Standing():
		return AheadStanding
	case s.Scenario == PowerNodes && s.Sides[0].Nodes != s.Sides[1].Nodes:
		return AheadNodes
	}
	return AheadLevels
}
