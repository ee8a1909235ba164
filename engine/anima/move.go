package anima

// Movement and base contact: walk, run, free movement and climb (R-ACT-2, R-ACT-3), and the
// engagements they make (R-ATK-8). Charge, Push and Slam are movements too (charge.go).

// MoveKind names a movement. R-ACT-2.
type MoveKind string

// The movements.
const (
	MoveWalk   MoveKind = "walk"
	MoveRun    MoveKind = "run"
	MoveCharge MoveKind = "charge"
	MoveFree   MoveKind = "free"
	MovePush   MoveKind = "push"
	MoveClimb  MoveKind = "climb"
	MoveSlam   MoveKind = "slam"
	MoveAside  MoveKind = "aside" // gives up the turn's movement to let a thrown model pass (R-CAP-5)
)

// Move is a Walk, Run, Free movement or Climb of Distance, ending in base contact with
// Engage (enemies). Walk costs 1 and goes at most the first speed, Run 2 and the second, a
// free movement nothing and at most 5 cm; each is the turn's one movement (R-ACT-2) and needs
// the character free of melee (R-ACT-3). Climb is alpha: 1 action, up to 20 cm.
type Move struct {
	Ref      Ref
	How      MoveKind
	Distance Centimetres
	Engage   []Ref
}

// Moved records a movement: the character's one movement this turn, a free movement included
// (R-ACT-2); a step aside from a thrown model (MoveAside) gives up that movement (R-CAP-5).
type Moved struct {
	Ref      Ref         `json:"ref"`
	How      MoveKind    `json:"how"`
	Distance Centimetres `json:"distance_cm"`
}

func (c Move) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	cost := Cost(s, c)
	var limit Centimetres
	switch c.How {
	case MoveWalk:
		limit = ch.Walk
	case MoveRun:
		limit = ch.Run
	case MoveFree:
		limit = FreeMovement
	case MoveClimb:
		if s.Edition != Alpha {
			return nil, refuse("R-ACT-2", ErrEdition, "Climb is an alpha action: choose the alpha edition")
		}
		limit = 20
	default:
		return nil, refuse("R-ACT-2", ErrNotAllowed, "movement %q: want walk, run, free or climb (charge, push and slam attack)", c.How)
	}
	if err := notParalysed(ch); err != nil {
		return nil, err
	}
	if err := canMove(ch, Reason(c.How)); err != nil {
		return nil, err
	}
	if err := canSpend(ch, cost, Reason(c.How)); err != nil {
		return nil, err
	}
	if err := mustCharge(s, c.Ref, ch); err != nil {
		return nil, err
	}
	if c.Distance < 0 || (limit > 0 && c.Distance > limit) {
		// R-MEAS-1 (home): declared, then measured; no movement goes beyond its reach.
		return nil, refuse("R-MEAS-1", ErrNotAllowed, "%s moves at most %v with %s", ch.Name, limit, c.How)
	}
	t := begin(s, d)
	t.spend(c.Ref, ch, cost, Reason(c.How))
	t.emit(Moved{Ref: c.Ref, How: c.How, Distance: c.Distance})
	for _, e := range c.Engage {
		o, err := inPlay(s, e)
		if err != nil {
			return nil, err
		}
		if e.Side == c.Ref.Side {
			return nil, refuse("R-ATK-8", ErrNotAllowed, "%s is a friend: melee is with enemies", o.Name)
		}
		t.emit(Engagement{A: c.Ref, B: e, Engaged: true})
	}
	return t.done()
}

// SetEngaged puts two characters in base contact or apart by hand, as they stand on the
// table. R-ATK-8.
type SetEngaged struct {
	A, B    Ref
	Engaged bool
}

// Engagement puts two characters in base contact or takes them apart. R-ATK-8 (home): bases
// in contact are engaged.
type Engagement struct {
	A       Ref  `json:"a"`
	B       Ref  `json:"b"`
	Engaged bool `json:"engaged"`
}

func (c SetEngaged) decide(s State, _ Die) ([]Event, error) {
	a, err := inPlay(s, c.A)
	if err != nil {
		return nil, err
	}
	if _, err := inPlay(s, c.B); err != nil {
		return nil, err
	}
	if c.A.Side == c.B.Side {
		return nil, refuse("R-ATK-8", ErrNotAllowed, "melee is between enemies")
	}
	if a.EngagedWith(c.B) == c.Engaged {
		return nil, nil
	}
	return []Event{Engagement{A: c.A, B: c.B, Engaged: c.Engaged}}, nil
}

func (Moved) Kind() string      { return "moved" }
func (Engagement) Kind() string { return "engagement" }

func (e Moved) apply(s *State) {
	c := s.char(e.Ref)
	if e.How == MoveFree {
		c.FreeMoved = true
	}
	c.Moved = true // every movement is the turn's one movement (R-ACT-2)
	c.MovedCm += e.Distance
}

func (e Engagement) apply(s *State) {
	a, b := s.char(e.A), s.char(e.B)
	a.Engaged = setRef(a.Engaged, e.B, e.Engaged)
	b.Engaged = setRef(b.Engaged, e.A, e.Engaged)
}

func setRef(list []Ref, r Ref, on bool) []Ref {
	out := make([]Ref, 0, len(list)+1)
	for _, x := range list {
		if x != r {
			out = append(out, x)
		}
	}
	if on {
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
