package anima

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"gnosis/engine/core"
	"gnosis/engine/text"
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

// PreviewDie shows 5 and 6 in turn: the die of a preview of what a command will do before its
// dice are rolled (no roll is a critical, a roll-off for who acts first never ties for ever).
// The zero PreviewDie is ready; use a pointer.
type PreviewDie struct{ n int }

// Roll implements Die.
func (p *PreviewDie) Roll() int { p.n++; return 5 + p.n%2 }

// ScriptedDie gives the results it was given, in order, for tests and for dice rolled at
// the table: ScriptedDie{9, 2}. It panics when it runs out, which Decide turns into an
// error (core.ErrNoDice).
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

var errNoDice = fmt.Errorf("%w", core.ErrNoDice)

// Roll is one die roll as recorded in an event: every die thrown (with Gnosis, one more;
// R-GNO-2) and the one kept (the best).
type Roll struct {
	Dice []int `json:"dice"`
	Kept int   `json:"kept"`
}

// roll throws n dice (n+1 with Gnosis) and keeps the best: the highest, or the lowest for
// a check where lower is better (Doom, Shock). R-GNO-2 (home): one point per roll, any roll
// (each command declares it: tx.pay). of says whose roll it is and what for (DiceFor).
func roll(d Die, of DieSlot, n int, gnosis, lower bool) (Roll, error) {
	if gnosis {
		n++
	}
	r := Roll{Dice: make([]int, n)}
	l, _ := d.(labeler)
	for i := range r.Dice {
		if l != nil {
			slot := of
			slot.N, slot.Of = i+1, n-b2i(gnosis)
			if gnosis && i == n-1 {
				slot.N, slot.Gnosis = 0, true
			}
			l.label(slot)
		}
		v := d.Roll()
		if v < 1 || v > 10 {
			return r, fail(core.ErrNoDice, "a d10 shows 1 to 10, not %d", v)
		}
		r.Dice[i] = v
		if i == 0 || (lower && v < r.Kept) || (!lower && v > r.Kept) {
			r.Kept = v
		}
	}
	return r, nil
}

// rollSafe is roll that turns a ScriptedDie running out into core.ErrNoDice.
func rollSafe(d Die, of DieSlot, n int, gnosis, lower bool) (r Roll, err error) {
	defer func() {
		if p := recover(); p != nil {
			if p != errNoDice {
				panic(p)
			}
			err = fail(core.ErrNoDice, "more dice are needed: enter every die rolled")
		}
	}()
	if d == nil {
		return r, fail(core.ErrNoDice, "this needs a die roll: roll in the app or enter the dice")
	}
	return roll(d, of, n, gnosis, lower)
}

// DieSlot is one die a command rolls, in the order the engine rolls it: whose roll it is
// (a character's name, a side's for initiative; empty for a base in a knockback's way) and
// what it decides: an attack's action ("attack", "charge", "ranged", "slam", "push"), a
// reaction ("dodge", "counterattack"), "free attack" (a counterattack's strike back),
// "knockback", "initiative", or a check ("check:" and a CheckKind). N of Of is the die's
// place among the roll's own dice (an alpha charge rolls two, R-ATK-1); Gnosis marks the die a
// Gnosis point adds to the roll (R-GNO-2), with N 0.
type DieSlot struct {
	Who    string
	For    string
	N, Of  int
	Gnosis bool
}

// labeler is a Die told what each die is for before it is rolled (DiceFor's probe).
type labeler interface{ label(DieSlot) }

// probe is the Die of DiceFor: it gives the entered results, then stand-ins, and keeps
// the slot of every die asked of it.
type probe struct {
	entered []int
	slots   []DieSlot
	next    DieSlot
}

func (p *probe) label(s DieSlot) { p.next = s }

// Roll implements Die: an entered result, else a stand-in that neither fumbles nor
// criticals, 7 down to 2 and again, so that the dice of a roll-off for who acts first differ
// (with Gnosis too: a side's two dice, the other's one or two) and it is foreseen in one round.
func (p *probe) Roll() int {
	p.slots = append(p.slots, p.next)
	if i := len(p.slots) - 1; i < len(p.entered) {
		return p.entered[i]
	}
	return 7 - (len(p.slots)-1-len(p.entered))%6
}

// DiceFor lists the dice c rolls in s, in order, with the results entered so far (d10
// results, 1 to 10) standing for the first of them. Dice after the entered ones are
// foreseen as far as the engine can: a die that depends on an earlier result (the free
// attack of a counterattack that made the attack miss) is listed once that result is
// entered. It returns a refusal when s does not allow c, and core.ErrTooManyDice, with both
// counts, when more results are entered than c rolls.
func DiceFor(s State, c Command, entered []int) ([]DieSlot, error) {
	for _, v := range entered {
		if v < 1 || v > 10 {
			return nil, fail(core.ErrNoDice, "a d10 shows 1 to 10, not %d", v)
		}
	}
	p := &probe{entered: entered}
	if _, err := Decide(s, c, p); err != nil && !errors.Is(err, core.ErrNoDice) {
		return nil, err
	}
	if len(entered) > len(p.slots) {
		return p.slots, fail(core.ErrTooManyDice, "this needs %s; %s entered", text.N(len(p.slots), "%d die", "%d dice"), text.N(len(entered), "%d was", "%d were"))
	}
	return p.slots, nil
}

// CheckDice says whether the results entered at the table are the dice c rolls in s: nil
// when they are all of them, or when none are entered (the app rolls); core.ErrNoDice naming how
// many more are needed and the next one; core.ErrTooManyDice with both counts; the refusal when s
// does not allow c.
func CheckDice(s State, c Command, entered []int) error {
	if len(entered) == 0 {
		return nil
	}
	slots, err := DiceFor(s, c, entered)
	if err != nil {
		return err
	}
	return CheckEntered(slots, entered)
}

// CheckEntered is CheckDice for slots DiceFor gave with entered: nil when none or every one
// is entered, core.ErrNoDice naming how many more are needed and the next one.
func CheckEntered(slots []DieSlot, entered []int) error {
	if len(entered) == 0 || len(entered) >= len(slots) {
		return nil
	}
	return fail(core.ErrNoDice, "%s more needed; next: %s", text.N(len(slots)-len(entered), "%d die", "%d dice"), slots[len(entered)])
}

// In is the slot as a player reads it, such as "Nero: charge die 1 of 2" or
// "Lilith: dodge die" or "Dark Hand: Gnosis die".
func (d DieSlot) In(lang string) string {
	what := text.T(lang, "die:"+d.For)
	if d.Gnosis {
		what = text.T(lang, "die:gnosis")
	} else if d.Of > 1 {
		what += " " + text.M("%d of %d", d.N, d.Of).In(lang)
	}
	if d.Who == "" {
		return what
	}
	return d.Who + ": " + what
}
