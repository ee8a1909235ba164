package anima

import "strings"

// RollDice is a roll the combat assistant and the phases do not make for the players (a Seek,
// a Resistance check, Doom, Stability, Shock, an escape, scenery…): N d10 for Side, and with
// Gnosis one more die (its point spent, R-GNO-2), the best kept: the highest, or with Low the
// lowest (Doom, Shock). For says what it is for: a CheckKind ("seek"), which the history says
// in each reader's language, or the player's words (at most MaxRollFor bytes). Its dice are the game's own or those entered at the table, kept in the history.
type RollDice struct {
	Side   int
	N      int
	Gnosis bool
	Low    bool
	For    string
}

// MaxRollDice is the most dice RollDice rolls at once; MaxRollFor the longest For.
const (
	MaxRollDice = 10
	MaxRollFor  = 40
)

// DiceRolled records a RollDice: the side, what for, the dice and the one kept. R-GNO-2.
type DiceRolled struct {
	Side int    `json:"side"`
	For  string `json:"for,omitempty"`
	Low  bool   `json:"low,omitempty"`
	Roll Roll   `json:"roll"`
}

func (c RollDice) decide(s State, d Die) ([]Event, error) {
	switch {
	case c.Side < 0 || c.Side > 1:
		return nil, refuse("R-GNO-2", ErrNotAllowed, "there are two sides")
	case c.N < 1 || c.N > MaxRollDice:
		return nil, refuse("R-GNO-2", ErrNotAllowed, "roll 1 to %d dice", MaxRollDice)
	case len(c.For) > MaxRollFor:
		return nil, refuse("R-GNO-2", ErrNotAllowed, "say what the roll is for in %d characters at most", MaxRollFor)
	}
	t := begin(s, d)
	if err := t.pay(c.Side, c.Gnosis); err != nil {
		return nil, err
	}
	r, err := rollSafe(d, DieSlot{Who: s.Sides[c.Side].Name, For: "roll"}, c.N, c.Gnosis, c.Low)
	if err != nil {
		return nil, err
	}
	t.emit(DiceRolled{Side: c.Side, For: CleanRollFor(c.For), Low: c.Low, Roll: r})
	return t.done()
}

// CleanRollFor is what a roll is for as kept: its spaces trimmed, no control characters.
func CleanRollFor(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
}

func (DiceRolled) Kind() string      { return "dice" }
func (DiceRolled) apply(*State)      {}
func (e DiceRolled) diceThrown() int { return len(e.Roll.Dice) }
