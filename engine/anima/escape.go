package anima

// Escape spends 1 action to leave melee (never a Berserker's, R-STATE-8): d10 >= 6 (alpha modifiers: Prowler +1, run of 16 in
// or more +1, medium or large base +2, engaged with 2 enemies -1, with 3 or more -2), with
// Gnosis if declared (R-GNO-2). An Intangible character leaves without spending actions
// unless an opponent is Intangible too (R-CAP-3).
type Escape struct {
	Ref    Ref
	Gnosis bool
}

func (c Escape) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if len(ch.Engaged) == 0 {
		return nil, refuse("R-ACT-3", ErrNotAllowed, "%s is not engaged in melee", ch.Name)
	}
	if ch.Berserk() { // it spends all its actions attacking (R-STATE-8)
		return nil, refuse("R-STATE-8", ErrNotAllowed, "%s is a Berserker: it never escapes from melee", ch.Name)
	}
	t := begin(s, d)
	leave := func() {
		for _, e := range ch.Engaged {
			t.emit(Engagement{A: c.Ref, B: e, Engaged: false})
		}
	}
	if freeEscape(s, ch) {
		if err := notParalysed(ch); err != nil {
			return nil, err
		}
		leave()
		return t.done()
	}
	cost := Cost(s, c)
	if err := canSpend(ch, cost, "escape"); err != nil {
		return nil, err
	}
	if err := t.pay(c.Ref.Side, c.Gnosis); err != nil {
		return nil, err
	}
	mod := escapeMod(s.Edition, ch)
	t.spend(c.Ref, ch, cost, "escape")
	r, err := rollSafe(d, DieSlot{Who: ch.Name, For: "check:escape"}, 1, c.Gnosis, false)
	if err != nil {
		return nil, err
	}
	ok := r.Kept+mod >= 6
	t.emit(Rolled{Ref: c.Ref, Check: "escape", Roll: r, Total: r.Kept + mod, Success: ok})
	if ok {
		leave()
	}
	return t.done()
}

// escapeMod is the modifier of an escape roll: none in core; in alpha Prowler +1, a run of
// 16 in or more +1, a medium or large base +2 (R-CARD-3), engaged with 2 enemies -1, with 3
// or more -2. R-ACT table (Escape).
func escapeMod(e Edition, ch Character) int {
	if e != Alpha {
		return 0
	}
	mod := 0
	if ch.Prowler {
		mod++
	}
	if ch.Run >= Inches(16) {
		mod++
	}
	if _, as := ParseBase(ch.BaseSize); as == "medium" || as == "large" { // R-CARD-3 (home)
		mod += 2
	}
	switch n := len(ch.Engaged); {
	case n == 2:
		mod--
	case n >= 3:
		mod -= 2
	}
	return mod
}

// freeEscape reports whether an intangible character leaves melee without an escape roll or
// its cost: none of the enemies engaged with it is intangible. R-CAP-3.
func freeEscape(s State, ch Character) bool {
	if !ch.Caps.Intangible {
		return false
	}
	for _, e := range ch.Engaged {
		if o, _ := s.Character(e); o.Caps.Intangible {
			return false
		}
	}
	return true
}
