package engine

import (
	"fmt"
	"math/rand/v2"
)

// Die gives d10 results, 1 to 10. Every roll of the engine goes through the one Die of a
// game; the results are facts inside the events, so replay and undo never roll again.
type Die interface {
	Roll() int
}

// SeededDie is a reproducible d10 from a seed.
type SeededDie struct{ r *rand.Rand }

// NewSeededDie returns a d10 that gives the same sequence for the same seed.
func NewSeededDie(seed uint64) *SeededDie {
	return &SeededDie{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Roll implements Die.
func (d *SeededDie) Roll() int { return d.r.IntN(10) + 1 }

// ScriptedDie gives the results it was given, in order, for tests and for dice rolled at
// the table: ScriptedDie{9, 2}. It panics when it runs out, which Decide turns into an
// error (ErrNoDice).
type ScriptedDie []int

// Script returns a ScriptedDie of the given results.
func Script(results ...int) *ScriptedDie { s := ScriptedDie(results); return &s }

// Roll implements Die.
func (s *ScriptedDie) Roll() int {
	if len(*s) == 0 {
		panic(errNoDice)
	}
	v := (*s)[0]
	*s = (*s)[1:]
	return v
}

var errNoDice = fmt.Errorf("%w", ErrNoDice)

// Roll is one die roll as recorded in an event: every die thrown (with Gnosis, one more;
// R-GNO-2) and the one kept (the best).
type Roll struct {
	Dice []int `json:"dice"`
	Kept int   `json:"kept"`
}

// roll throws n dice (n+1 with Gnosis) and keeps the best: the highest, or the lowest for
// a check where lower is better (Doom, Shock). R-GNO-2 (home): one point per roll, any roll
// (each command declares it: tx.pay).
func roll(d Die, n int, gnosis, lower bool) (Roll, error) {
	if gnosis {
		n++
	}
	r := Roll{Dice: make([]int, n)}
	for i := range r.Dice {
		v := d.Roll()
		if v < 1 || v > 10 {
			return r, fail(ErrNoDice, "a d10 shows 1 to 10, not %d", v)
		}
		r.Dice[i] = v
		if i == 0 || (lower && v < r.Kept) || (!lower && v > r.Kept) {
			r.Kept = v
		}
	}
	return r, nil
}

// rollSafe is roll that turns a ScriptedDie running out into ErrNoDice.
func rollSafe(d Die, n int, gnosis, lower bool) (r Roll, err error) {
	defer func() {
		if p := recover(); p != nil {
			if p != errNoDice {
				panic(p)
			}
			err = fail(ErrNoDice, "more dice are needed: enter every die rolled")
		}
	}()
	if d == nil {
		return r, fail(ErrNoDice, "this needs a die roll: roll in the app or enter the dice")
	}
	return roll(d, n, gnosis, lower)
}
