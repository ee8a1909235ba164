package anima

import "strings"

// Special abilities: their cost in actions, the upkeep of sustained ones (R-TURN-3), the
// states they put (R-STATE-1) after a Resistance check (R-RES-1), and healing.

// UseAbility uses a special ability of the active character (or a reactive one of another
// character, Reactive): it spends Cost actions (none under Seal, R-STATE-6); with Upkeep, the
// upkeep printed on the card in actions (Stealth: Upkeep 1; not the activation cost), it stays
// active and costs Upkeep actions each Maintenance phase (R-TURN-3); 0: not sustained. An
// ability the character's card prints with an Upkeep (Character.Sustained) takes the card's,
// whatever Upkeep says: Upkeep is for a card that prints none (an own card's ability).
// With a State it puts Level counters of that state on Target (R-STATE-1), after a Resistance
// check when Difficulty is more than 0 (R-RES-1: d10 + Resistance, +4 with Protection, beating the difficulty resists; the
// target's side may spend Gnosis on it, R-GNO-2); an immune target is unaffected (R-CAP-1).
// Heal gives LP back, up to the starting LP. GnosisShock: each Shock check it causes is
// rolled with Gnosis, while its side has a point left.
type UseAbility struct {
	Ref          Ref
	Ability      string
	Cost         int
	Upkeep       int
	Reactive     bool
	Target       *Ref
	State        *StateKind
	Level        int
	Difficulty   int
	GnosisResist bool
	GnosisShock  bool
	Heal         int
}

func (c UseAbility) decide(s State, d Die) ([]Event, error) {
	ch, err := c.check(s)
	if err != nil {
		return nil, err
	}
	cost := Cost(s, c)
	if err := canSpend(ch, cost, Reason(c.Ability)); err != nil {
		return nil, err
	}
	t := begin(s, d)
	if c.GnosisShock {
		t.shockGnosis = func(Ref) bool { return true }
	}
	t.spend(c.Ref, ch, cost, Reason(c.Ability))
	if upkeep := ch.SustainCost(c.Ability, c.Upkeep); upkeep > 0 { // R-TURN-3: the upkeep printed on the card
		t.emit(UpkeepSet{Ref: c.Ref, Ability: c.Ability, Cost: upkeep, Kept: true})
	}
	if c.Target == nil {
		return t.done()
	}
	if err := c.onTarget(t, s); err != nil {
		return nil, err
	}
	return t.done()
}

// check is the character using the ability, or why it may not: it may not act, it is
// sealed, the cost or upkeep is out of bounds, or a Berserker must charge first.
func (c UseAbility) check(s State) (Character, error) {
	ch, err := actor(s, c.Ref, c.Reactive)
	if err != nil {
		return ch, err
	}
	if err := notSealed(ch); err != nil {
		return ch, err
	}
	if c.Cost < 0 {
		return ch, refuse("R-ACT-1", ErrNotAllowed, "an ability costs 0 actions or more")
	}
	if c.Upkeep < 0 || c.Upkeep > MaxActions {
		return ch, refuse("R-TURN-3", ErrNotAllowed, "an upkeep costs 0 to %d actions", MaxActions)
	}
	if !c.Reactive {
		if err := mustCharge(s, c.Ref, ch); err != nil {
			return ch, err
		}
	}
	return ch, nil
}

// onTarget has the ability take effect on its target: an enemy is revealed to by an offensive
// act, a Resistance check resists it, then the state and the healing it gives.
func (c UseAbility) onTarget(t *tx, s State) error {
	tg, err := inPlay(s, *c.Target)
	if err != nil {
		return err
	}
	if tg.Hidden && c.Target.Side != c.Ref.Side {
		return refuse("R-HIDE-1", ErrHidden, "%s is hidden: it cannot be targeted until found", tg.Name)
	}
	if c.Target.Side != c.Ref.Side {
		t.emit(HiddenSet{Ref: c.Ref, Hidden: false}) // an offensive act reveals
	}
	affected := c.State == nil || !tg.Caps.ImmuneTo(*c.State) // R-CAP-1 (home): immunity to named states
	if affected && c.Difficulty > 0 {
		r, err := t.roll(c.Target.Side, DieSlot{Who: tg.Name, For: "check:" + string(CheckResistance)}, 1, c.GnosisResist)
		if err != nil {
			return err
		}
		total, resisted := resists(tg, r.Kept, c.Difficulty)
		t.emit(Rolled{Ref: *c.Target, Check: "resistance", Roll: r, Total: total, Success: resisted})
		affected = !resisted
	}
	if affected && c.State != nil && c.Level > 0 {
		t.emit(StateChanged{Ref: *c.Target, State: *c.State, Delta: c.Level})
	}
	if affected && c.Heal > 0 && tg.LP < tg.MaxLP {
		t.emit(LPChanged{Ref: *c.Target, Delta: min(c.Heal, tg.MaxLP-tg.LP), Why: Reason(c.Ability)})
	}
	return nil
}

// resists is a Resistance check: d10 + Resistance, +4 with Protection (R-STATE-3); the
// target is unaffected when the total is greater than the difficulty. R-RES-1 (home).
func resists(tg Character, die, difficulty int) (total int, resisted bool) {
	total = die + tg.Resistance
	if tg.States[Protection] > 0 {
		total += 4
	}
	return total, total > difficulty
}

// SustainCost is what keeping the ability active costs in actions each Maintenance phase: the
// Upkeep its card prints (Sustained), or else asked, for an ability whose card prints none
// (0: not sustained). R-TURN-3.
func (c Character) SustainCost(ability string, asked int) int {
	for _, u := range c.Sustained {
		if strings.EqualFold(u.Ability, ability) {
			return u.Cost
		}
	}
	return asked
}

// ActivationCost is the cost in actions the character's card prints to start the sustained
// ability (Sustained's Activation), 0 where it prints none (R-SETUP-7).
func (c Character) ActivationCost(ability string) int {
	for _, u := range c.Sustained {
		if strings.EqualFold(u.Ability, ability) {
			return u.Activation
		}
	}
	return 0
}

// DropUpkeep stops sustaining an ability. R-TURN-3.
type DropUpkeep struct {
	Ref     Ref
	Ability string
}

// UpkeepSet keeps or drops a sustained ability. R-TURN-3.
type UpkeepSet struct {
	Ref     Ref    `json:"ref"`
	Ability string `json:"ability"`
	Cost    int    `json:"cost,omitempty"`
	Kept    bool   `json:"kept"`
}

func (c DropUpkeep) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	for _, u := range ch.Upkeep {
		if u.Ability == c.Ability {
			return []Event{UpkeepSet{Ref: c.Ref, Ability: c.Ability, Kept: false}}, nil
		}
	}
	return nil, refuse("R-TURN-3", ErrNotAllowed, "%s does not sustain %s", ch.Name, c.Ability)
}

func (UpkeepSet) Kind() string { return "upkeep" }

func (e UpkeepSet) apply(s *State) {
	c := s.char(e.Ref)
	var out []Upkeep
	for _, u := range c.Upkeep {
		if u.Ability != e.Ability {
			out = append(out, u)
		}
	}
	if e.Kept {
		out = append(out, Upkeep{Ability: e.Ability, Cost: e.Cost})
	}
	c.Upkeep = out
}
