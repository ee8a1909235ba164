package engine

// Ref names a character in a game: its side (0 or 1) and its index in that side.
type Ref struct {
	Side  int `json:"side"`
	Index int `json:"index"`
}

// Character is a character in play: what the tracker shows. LP is 0..MaxLP, Actions is
// 0..MaxActions (R-ACT-1, R-TURN-2). Activated is a turned card (R-TURN-4).
type Character struct {
	Name       string `json:"name"`
	Level      int    `json:"level"`
	LP         int    `json:"lp"`
	MaxLP      int    `json:"max_lp"`
	Actions    int    `json:"actions"`
	MaxActions int    `json:"max_actions"`
	Recovery   int    `json:"recovery"`
	Activated  bool   `json:"activated,omitempty"`
}

// InPlay reports whether the character is still on the table: a character at 0 LP is
// removed (dead or out of action). R-ATK-11.
func (c Character) InPlay() bool { return c.LP > 0 }

// Side is one player's side of the table.
type Side struct {
	Name           string      `json:"name"`
	EncounterLevel int         `json:"encounter_level"`
	Characters     []Character `json:"characters"`
}

// LevelsOnTable is the sum of the levels of the side's characters still in play: the
// victory count of the standard scenario. R-TURN-5, R-ATK-11.
func (s Side) LevelsOnTable() int {
	n := 0
	for _, c := range s.Characters {
		if c.InPlay() {
			n += c.Level
		}
	}
	return n
}

// State is the game at one moment: a plain value, a fold over the events.
type State struct {
	Edition Edition `json:"edition"`
	Turns   int     `json:"turns"`
	Flow    Flow    `json:"flow"`
	Sides   [2]Side `json:"sides"`
}

// Clone returns a deep copy, so that the copy can be changed without touching s.
func (s State) Clone() State {
	for i := range s.Sides {
		s.Sides[i].Characters = append([]Character(nil), s.Sides[i].Characters...)
	}
	return s
}

// Character returns the character at r.
func (s State) Character(r Ref) (Character, bool) {
	if r.Side < 0 || r.Side > 1 || r.Index < 0 || r.Index >= len(s.Sides[r.Side].Characters) {
		return Character{}, false
	}
	return s.Sides[r.Side].Characters[r.Index], true
}

// Winner is the side with the most levels on the table at the end (R-TURN-5): 0 or 1,
// or -1 for a draw.
func (s State) Winner() int {
	a, b := s.Sides[0].LevelsOnTable(), s.Sides[1].LevelsOnTable()
	switch {
	case a > b:
		return 0
	case b > a:
		return 1
	}
	return -1
}
