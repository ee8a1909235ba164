package anima

// Seek and Hide: hidden characters (R-HIDE-1) and the Seek that finds them (R-ACT table).

// Seek spends 1 action, once per turn: d10 >= 8 (core) or 7 (alpha) reveals the hidden
// enemies given (those in the seeker's zone of control and line of sight). R-ACT-2, R-HIDE-1.
type Seek struct {
	Ref     Ref
	Gnosis  bool
	Targets []Ref
}

// Sought marks a character's Seek this turn. R-ACT-2.
type Sought struct {
	Ref Ref `json:"ref"`
}

// SeekNeeds is the least d10 roll of a Seek: 8 in core, 7 in alpha (R-ACT table).
func SeekNeeds(e Edition) int {
	if e == Alpha {
		return 7
	}
	return 8
}

func (c Seek) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if ch.Sought {
		return nil, refuse("R-ACT-2", ErrAlreadyDone, "%s has already sought this turn", ch.Name)
	}
	if err := mustCharge(s, c.Ref, ch); err != nil {
		return nil, err
	}
	cost := Cost(s, c)
	if err := canSpend(ch, cost, "seek"); err != nil {
		return nil, err
	}
	t := begin(s, d)
	if err := t.pay(c.Ref.Side, c.Gnosis); err != nil {
		return nil, err
	}
	t.spend(c.Ref, ch, cost, "seek")
	t.emit(Sought{Ref: c.Ref})
	need := SeekNeeds(s.Edition)
	r, err := rollSafe(d, DieSlot{Who: ch.Name, For: "check:seek"}, 1, c.Gnosis, false)
	if err != nil {
		return nil, err
	}
	t.emit(Rolled{Ref: c.Ref, Check: "seek", Roll: r, Total: r.Kept, Success: r.Kept >= need})
	if r.Kept >= need {
		for _, tr := range c.Targets {
			tc, err := lookup(s, tr)
			if err != nil {
				return nil, err
			}
			if tr.Side != c.Ref.Side && tc.Hidden {
				t.emit(HiddenSet{Ref: tr, Hidden: false})
			}
		}
	}
	return t.done()
}

// Hide hides or reveals a character by hand (an ability such as Stealth, or a found
// character). A character cannot hide inside an enemy's zone of control (R-HIDE-1): the
// table says so (InEnemyZoC), and one engaged in melee is always inside it.
type Hide struct {
	Ref          Ref
	Hidden       bool
	InEnemyZoC   bool
	FromActivity bool
}

// HiddenSet hides or reveals a character. R-HIDE-1 (home): a hidden character cannot be
// targeted (checked by each targeting command), any offensive act reveals it, and nobody
// hides inside an enemy's zone of control.
type HiddenSet struct {
	Ref    Ref  `json:"ref"`
	Hidden bool `json:"hidden"`
}

func (c Hide) decide(s State, _ Die) ([]Event, error) {
	ch, err := inPlay(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if c.Hidden && (c.InEnemyZoC || len(ch.Engaged) > 0) { // an enemy in base contact has it in its zone of control
		return nil, refuse("R-HIDE-1", ErrNotAllowed, "%s is inside an enemy's zone of control: it cannot hide there", ch.Name)
	}
	if ch.Hidden == c.Hidden {
		return nil, nil
	}
	return []Event{HiddenSet{Ref: c.Ref, Hidden: c.Hidden}}, nil
}

func (Sought) Kind() string    { return "sought" }
func (HiddenSet) Kind() string { return "hidden" }

func (e Sought) apply(s *State)    { s.char(e.Ref).Sought = true }
func (e HiddenSet) apply(s *State) { s.char(e.Ref).Hidden = e.Hidden }
