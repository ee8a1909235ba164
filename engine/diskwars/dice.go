package diskwars

import (
	"gnosis/engine/core"
	"gnosis/engine/text"
)

// DieKind is what a die of a shot is for: a battle die of the first roll, the d6 of a d6
// Strength, or a scatter die rolled again against a disc. R-DW-5, R-DW-6, R-DW-8.
type DieKind string

// The dice of a shot, in the order they are rolled.
const (
	BattleDie   DieKind = "battle"
	StrengthDie DieKind = "strength"
	ScatterRoll DieKind = "scatter"
)

// DieSlot is one die a shot rolls: its kind, "N of Of" among its kind, and for a scatter die
// the disc it goes to.
type DieSlot struct {
	Kind DieKind
	N    int
	Of   int
	Disc int    // a scatter die's disc
	Name string // that disc's name
}

// In is the slot's label in lang ("battle die 2 of 4", "scatter die 1 of 2: Orc Boyz").
func (d DieSlot) In(lang string) string {
	switch d.Kind {
	case StrengthDie:
		return text.T(lang, "Strength d6")
	case ScatterRoll:
		return text.F(lang, "scatter die %d of %d: %s", d.N, d.Of, d.Name)
	}
	return text.F(lang, "battle die %d of %d", d.N, d.Of)
}

// ShotDice lists the dice a shot rolls with the faces entered so far (d6 results, 1 to 6:
// a battle die's face is Faces[v-1]), in the order the shot rolls them: its Fire battle dice,
// the d6 of a d6 Strength, then a scatter die for each scatter face entered, to the discs
// ScatterOrder gives. The scatter dice of battle dice not yet entered are not listed yet. A
// refused shot is its refusal. It runs the shot itself, so the list is the engine's own.
// R-DW-5, R-DW-6, R-DW-12.
func ShotDice(s State, c Shoot, entered []int) ([]DieSlot, error) {
	probe := &probeDie{given: entered}
	evs, err := Decide(s, c, probe)
	if err != nil {
		return nil, err
	}
	shot := evs[0].(Shot)
	var slots []DieSlot
	for i := range shot.Faces {
		slots = append(slots, DieSlot{Kind: BattleDie, N: i + 1, Of: len(shot.Faces)})
	}
	if s.Discs[c.Attacker].Card.Ranged.Strength.D6 {
		slots = append(slots, DieSlot{Kind: StrengthDie, N: 1, Of: 1})
	}
	for i, sc := range shot.Scatter {
		slots = append(slots, DieSlot{Kind: ScatterRoll, N: i + 1, Of: len(shot.Scatter), Disc: sc.Disc, Name: s.Discs[sc.Disc].Card.Name})
	}
	return slots, nil
}

// CheckShotDice says whether the faces entered are the shot's dice: nil when they are all
// there (or none is, and the app rolls), core.ErrTooManyDice past the last, ErrNoDice with
// the count and the next die when some are missing. A face outside 1 to 6 is refused too.
func CheckShotDice(s State, c Shoot, entered []int) error {
	slots, err := ShotDice(s, c, entered)
	if err != nil {
		return err
	}
	return CheckEntered(slots, entered)
}

// CheckEntered is CheckShotDice against the slots ShotDice already listed for the same faces,
// without running the shot again.
func CheckEntered(slots []DieSlot, entered []int) error {
	for _, v := range entered {
		if v < 1 || v > 6 {
			return refuse("", ErrNoDice, "a d6 shows 1 to 6, not %d", v)
		}
	}
	switch {
	case len(entered) == 0 || len(entered) == len(slots):
		return nil
	case len(entered) > len(slots):
		return refuse("", core.ErrTooManyDice, "this needs %s; %s entered", text.N(len(slots), "%d die", "%d dice"), text.N(len(entered), "%d was", "%d were"))
	}
	return refuse("", ErrNoDice, "%s more needed; next: %s", text.N(len(slots)-len(entered), "%d die", "%d dice"), slots[len(entered)])
}

// probeDie gives the faces entered, then misses (1), counting nothing: ShotDice reads the
// shot it makes.
type probeDie struct{ given []int }

func (p *probeDie) Roll() int {
	if len(p.given) == 0 {
		return 1
	}
	v := p.given[0]
	p.given = p.given[1:]
	if v < 1 || v > 6 {
		return 1
	}
	return v
}
