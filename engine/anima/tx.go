package anima

import (
	"gnosis/engine/text"
)

// tx is one command being decided: the state it started from, its events so far (folded
// into now, so that every step sees what the earlier ones did), the die, and the Poison
// losses that fall due when the action completes. Each decide builds one with begin, then
// spends, rolls and emits; done settles Poison and deaths in one place:
//
//	t := begin(s, d)
//	t.spend(r, ch, CostSeek, "seek")
//	roll, err := t.roll(r.Side, DieSlot{Who: ch.Name, For: "check:seek"}, 1, c.Gnosis)
//	t.emit(Rolled{...})
//	return t.done()
type tx struct {
	s      State   // the state the command was decided on
	now    State   // s with evs folded in: s itself, shared, until the first event
	cloned bool    // now is a copy of s of its own, which fold may change
	d      Die     // the die of this command (nil: it cannot roll, core.ErrNoDice)
	evs    []Event // the events so far
	poison []Event // LP lost to Poison, due when the action completes (R-STATE-5)
	// shockGnosis reports whether the Shock check for a summon is rolled with Gnosis
	// (R-GNO-2); nil: never.
	shockGnosis func(summon Ref) bool
	shocked     map[Ref]bool // the summons whose Shock check is already rolled
}

// begin starts deciding a command on s. now is copied only at the first event, so that a
// command refused before it has any (most of what Allowed and Actions ask) copies nothing.
func begin(s State, d Die) *tx { return &tx{s: s, now: s, d: d} }

// emit adds events, folding each into now. A loss of LP never goes below the LP left, and a
// loss that is nothing is dropped (R-ATK-11).
func (t *tx) emit(evs ...Event) {
	for _, ev := range evs {
		if e, ok := ev.(LPChanged); ok && e.Delta < 0 {
			c, _ := t.now.Character(e.Ref)
			if e.Delta = -min(-e.Delta, c.LP); e.Delta == 0 {
				continue
			}
			ev = e
		}
		if !t.cloned {
			t.now, t.cloned = t.now.Clone(), true
		}
		fold(&t.now, ev)
		t.evs = append(t.evs, ev)
	}
}

// spend has r spend n actions on what; with Poison it will lose 1 LP per action point when
// the action completes (R-STATE-5).
func (t *tx) spend(r Ref, c Character, n int, what Reason) {
	if n <= 0 {
		return
	}
	t.emit(ActionsSpent{Ref: r, Actions: n, For: what})
	if c.States[Poison] > 0 && !c.Caps.ImmuneTo(Poison) {
		t.poison = append(t.poison, LPChanged{Ref: r, Delta: -n, Why: "poison"})
	}
}

// pay spends one of side's Gnosis points on a roll, when use. R-GNO-1, R-GNO-2.
func (t *tx) pay(side int, use bool) error {
	if !use {
		return nil
	}
	if t.now.Sides[side].Gnosis <= 0 {
		return refuse("R-GNO-1", ErrNoGnosis, "%s has no Gnosis point left this turn", t.s.Sides[side].Name)
	}
	t.emit(GnosisSpent{Side: side})
	return nil
}

// roll throws n dice for side, one more when it spends Gnosis (paid here), and keeps the
// best. R-GNO-2.
func (t *tx) roll(side int, of DieSlot, n int, gnosis bool) (Roll, error) {
	if err := t.pay(side, gnosis); err != nil {
		return Roll{}, err
	}
	return rollSafe(t.d, of, n, gnosis, false)
}

// rollLow is roll for a check where lower is better (Doom, Shock): with Gnosis the lower
// die is kept. R-GNO-2.
func (t *tx) rollLow(side int, of DieSlot, gnosis bool) (Roll, error) {
	if err := t.pay(side, gnosis); err != nil {
		return Roll{}, err
	}
	return rollSafe(t.d, of, 1, gnosis, true)
}

// done settles the command: the Poison losses, then the deaths. It returns the events.
func (t *tx) done() ([]Event, error) {
	t.emit(t.poison...)
	t.poison = nil
	if err := t.deaths(); err != nil {
		return nil, err
	}
	return t.evs, nil
}

// deaths rolls a Shock check for every summon the command has taken to 0 LP so far, once
// each (R-SUM-5). A command that kills in steps (the Maintenance phase) calls it after each,
// so that the dice come in the order the table rolls them.
func (t *tx) deaths() error {
	for side := range t.s.Sides {
		for i, before := range t.s.Sides[side].Characters {
			r, now := Ref{side, i}, t.now.Sides[side].Characters[i]
			if !before.InPlay() || now.LP > 0 || !now.Summon || t.shocked[r] {
				continue
			}
			if t.shocked == nil {
				t.shocked = map[Ref]bool{}
			}
			t.shocked[r] = true
			if err := t.shock(r, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// shock is the summoner's check when its summon dies or is eliminated before its time
// (R-SUM-5 (home)): d10 + Shock, a positive result is LP lost, armor does not apply. Lower is
// better, so Gnosis keeps the lower die (R-GNO-2).
func (t *tx) shock(r Ref, summon Character) error {
	master, ok := t.now.Character(summon.Summoner)
	if !ok || !master.InPlay() {
		return nil
	}
	// Gnosis declared for the Shock checks a command may cause is spent when one comes, while
	// the side has a point left: whether one comes depends on the dice (R-GNO-2).
	gnosis := t.shockGnosis != nil && t.shockGnosis(r) && t.now.Sides[summon.Summoner.Side].Gnosis > 0
	roll, err := t.rollLow(summon.Summoner.Side, DieSlot{Who: master.Name, For: "check:shock"}, gnosis)
	if err != nil {
		return err
	}
	total := roll.Kept + summon.Shock
	t.emit(Rolled{Ref: summon.Summoner, Check: "shock", Roll: roll, Total: total, Success: total <= 0})
	if total > 0 {
		t.emit(LPChanged{Ref: summon.Summoner, Delta: -total, Why: "shock"})
	}
	return nil
}

func other(side int) int { return 1 - side }

// lookup returns the character at r (ErrNoSuchCharacter: no rule of the game, a bad reference).
func lookup(s State, r Ref) (Character, error) {
	c, ok := s.Character(r)
	if !ok {
		return c, fail(ErrNoSuchCharacter, "no character %d on side %d", r.Index+1, r.Side+1)
	}
	return c, nil
}

// inPlay returns the character at r when it is on the table.
func inPlay(s State, r Ref) (Character, error) {
	c, err := lookup(s, r)
	if err != nil {
		return c, err
	}
	if !c.InPlay() {
		return c, refuse("R-ATK-11", ErrCharacterRemoved, "%s is not on the table", c.Name)
	}
	return c, nil
}

// active returns the active character at r: in the Action phase, activated now. R-TURN-4.
func active(s State, r Ref) (Character, error) {
	c, err := inPlay(s, r)
	if err != nil {
		return c, err
	}
	if s.Flow.Phase != Action {
		return c, refuse("R-TURN-4", ErrWrongPhase, "characters act in the Action phase; it is the %s phase", s.Flow.Phase)
	}
	if s.Active == nil || *s.Active != r {
		return c, refuse("R-TURN-4", ErrNotActive, "%s is not the active character: activate it first", c.Name)
	}
	return c, nil
}

// actor returns the character that acts: any character on the table for a reactive act,
// else the active one (R-TURN-4).
func actor(s State, r Ref, reactive bool) (Character, error) {
	if reactive {
		return inPlay(s, r)
	}
	return active(s, r)
}

// canSpend checks that c may take an action that costs n actions (0 for a free one).
// R-ACT-1 (home): as many actions as it has action counters.
func canSpend(c Character, n int, what Reason) error {
	if err := notParalysed(c); err != nil {
		return err
	}
	if c.Actions < n {
		return refuse("R-ACT-1", ErrNotEnoughActions, "%s costs %s; %s has %d", what, text.N(n, "%d action", "%d actions"), c.Name, c.Actions)
	}
	return nil
}

// notParalysed refuses any act of a paralysed character: actions, free movement,
// interception, human shield, dodge and counterattack. R-STATE-6 (home) (Blind in specFor,
// Seal in notSealed).
func notParalysed(c Character) error {
	if c.States[Paralysis] > 0 {
		return refuse("R-STATE-6", ErrNotAllowed, "%s is paralysed: no actions this turn, free ones included", c.Name)
	}
	return nil
}

// notSealed refuses a special ability of a sealed character. R-STATE-6.
func notSealed(c Character) error {
	if c.States[Seal] > 0 {
		return refuse("R-STATE-6", ErrNotAllowed, "%s is sealed: no special abilities", c.Name)
	}
	return nil
}

// mustCharge refuses any first action but the charge of a Berserker that is not engaged,
// has the actions for a charge and an enemy to charge, and has not moved. A Berserker that
// cannot charge acts freely. R-STATE-8 (home) (its +1/+1 in specFor).
func mustCharge(s State, r Ref, c Character) error {
	if !c.Berserk() || len(c.Engaged) > 0 || c.Moved || c.Actions < CostCharge || c.States[Paralysis] > 0 {
		return nil
	}
	for _, o := range s.Sides[other(r.Side)].Characters {
		if o.InPlay() && !o.Hidden {
			return refuse("R-STATE-8", ErrNotAllowed, "%s is a Berserker: its first action is a charge at the nearest enemy", c.Name)
		}
	}
	return nil
}

// canMove checks a movement: one per turn, free movement included (R-ACT-2 (home)), none
// while engaged (R-ACT-3 (home)).
func canMove(c Character, what Reason) error {
	if c.Moved {
		return refuse("R-ACT-2", ErrAlreadyDone, "%s has already moved this turn: one movement per turn (%s)", c.Name, what)
	}
	if len(c.Engaged) > 0 {
		return refuse("R-ACT-3", ErrEngaged, "%s is engaged in melee: it must Escape before it moves", c.Name)
	}
	return nil
}
