package engine

// ActivationBegan makes a character the active one. R-TURN-4.
type ActivationBegan struct {
	Ref Ref `json:"ref"`
}

// ActivationEnded turns the active character's card and passes the turn to the other side
// when it has a character left to activate. R-TURN-4.
type ActivationEnded struct {
	Ref      Ref `json:"ref"`
	NextSide int `json:"next_side"`
}

// ActionsSpent takes actions from a character for what it does. R-ACT-1.
type ActionsSpent struct {
	Ref     Ref    `json:"ref"`
	Actions int    `json:"actions"`
	For     string `json:"for"`
}

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
)

// Moved records a movement: it is the character's one movement this turn, except a free
// movement (R-ACT-2).
type Moved struct {
	Ref      Ref         `json:"ref"`
	How      MoveKind    `json:"how"`
	Distance Centimetres `json:"distance_cm"`
}

// Engagement puts two characters in base contact or takes them apart. R-ATK-8.
type Engagement struct {
	A       Ref  `json:"a"`
	B       Ref  `json:"b"`
	Engaged bool `json:"engaged"`
}

// CardUsed counts a use of a character's Equipment or Power card (Delta 1) or takes one back
// (Delta -1). R-PARTY-9.
type CardUsed struct {
	Ref   Ref    `json:"ref"`
	Card  string `json:"card"`
	Delta int    `json:"delta"`
}

// SideCardPlayed marks a side's Plot or Team card played (Delta 1) or takes the play back
// (Delta -1). R-PARTY-9.
type SideCardPlayed struct {
	Side  int    `json:"side"`
	Card  string `json:"card"`
	Delta int    `json:"delta"`
}

// HiddenSet hides or reveals a character. R-HIDE-1.
type HiddenSet struct {
	Ref    Ref  `json:"ref"`
	Hidden bool `json:"hidden"`
}

// Rolled records a check rolled with a d10 (escape, seek, resistance, Doom, stability,
// shock): the dice, the total and whether it succeeded.
type Rolled struct {
	Ref     Ref    `json:"ref"`
	Check   string `json:"check"`
	Roll    Roll   `json:"roll"`
	Total   int    `json:"total"`
	Success bool   `json:"success"`
}

// Sought marks a character's Seek this turn. R-ACT-2.
type Sought struct {
	Ref Ref `json:"ref"`
}

// AttackResolved records an attack: who, how, the dice and the outcome. Its effects on LP
// follow as LPChanged events. R-ATK-1..5.
type AttackResolved struct {
	Attacker Ref        `json:"attacker"`
	Target   Ref        `json:"target"`
	Action   ActionKind `json:"action"`
	Reaction Reaction   `json:"reaction"`
	Attack   Roll       `json:"attack_roll"`
	Defense  *Roll      `json:"defense_roll,omitempty"`
	Outcome  Outcome    `json:"outcome"`
	Free     bool       `json:"free,omitempty"` // the free attack of a counterattack
}

// StateChanged adds Delta counters of a state to a character. R-STATE-1.
type StateChanged struct {
	Ref   Ref       `json:"ref"`
	State StateKind `json:"state"`
	Delta int       `json:"delta"`
}

// GnosisSpent takes a Gnosis point from a side. R-GNO-2.
type GnosisSpent struct {
	Side int `json:"side"`
}

// GnosisRenewed sets a side's Gnosis points at the start of a Recovery phase. R-GNO-1.
type GnosisRenewed struct {
	Side   int `json:"side"`
	Points int `json:"points"`
}

// OrderPointsChanged adds Delta Order points to an Arbiter. R-ARB-1.
type OrderPointsChanged struct {
	Ref   Ref `json:"ref"`
	Delta int `json:"delta"`
}

// UpkeepSet keeps or drops a sustained ability. R-TURN-3.
type UpkeepSet struct {
	Ref     Ref    `json:"ref"`
	Ability string `json:"ability"`
	Cost    int    `json:"cost,omitempty"`
	Kept    bool   `json:"kept"`
}

// BindChanged adds Delta Bind points to a summon. R-SUM-3, R-SUM-4.
type BindChanged struct {
	Ref   Ref `json:"ref"`
	Delta int `json:"delta"`
}

// Placed brings an off-table character onto the table with some actions: a summon called
// (R-SUM-2) or an infiltrated character revealed (R-SETUP-7).
type Placed struct {
	Ref     Ref    `json:"ref"`
	Actions int    `json:"actions"`
	Why     string `json:"why"`
	Moved   bool   `json:"moved,omitempty"` // it counts as having moved this turn
}

// Removed takes a character off the table without 0 LP (a summon unbound, R-SUM-4).
type Removed struct {
	Ref Ref    `json:"ref"`
	Why string `json:"why"`
}

// MarkersChanged adds Delta infiltration markers to a side. R-SETUP-7.
type MarkersChanged struct {
	Side  int `json:"side"`
	Delta int `json:"delta"`
}

// InterceptDeclared marks a character's interception of a charge this turn. R-ATK-9.
type InterceptDeclared struct {
	Ref     Ref `json:"ref"`
	Charger Ref `json:"charger"`
}

// KnockedBack records a throw: how far the model went and what it met. R-CAP-4, R-CAP-5.
type KnockedBack struct {
	Ref      Ref         `json:"ref"`
	Distance Centimetres `json:"distance_cm"`
	Met      []Impact    `json:"met,omitempty"`
}

// StunnedSet marks a character unable to be activated this turn (R-STATE-9), as logs before
// version 3 of the engine wrote it: it puts a Stunned counter. Falls now write StateChanged.
type StunnedSet struct {
	Ref Ref `json:"ref"`
}

func (ActivationBegan) Kind() string    { return "activation" }
func (ActivationEnded) Kind() string    { return "activation-ended" }
func (ActionsSpent) Kind() string       { return "spent" }
func (Moved) Kind() string              { return "moved" }
func (Engagement) Kind() string         { return "engagement" }
func (HiddenSet) Kind() string          { return "hidden" }
func (CardUsed) Kind() string           { return "card-used" }
func (SideCardPlayed) Kind() string     { return "card-played" }
func (Rolled) Kind() string             { return "rolled" }
func (Sought) Kind() string             { return "sought" }
func (AttackResolved) Kind() string     { return "attack" }
func (StateChanged) Kind() string       { return "state" }
func (GnosisSpent) Kind() string        { return "gnosis-spent" }
func (GnosisRenewed) Kind() string      { return "gnosis" }
func (OrderPointsChanged) Kind() string { return "orders" }
func (UpkeepSet) Kind() string          { return "upkeep" }
func (BindChanged) Kind() string        { return "bind" }
func (Placed) Kind() string             { return "placed" }
func (Removed) Kind() string            { return "removed" }
func (MarkersChanged) Kind() string     { return "markers" }
func (InterceptDeclared) Kind() string  { return "intercept" }
func (KnockedBack) Kind() string        { return "knockback" }
func (StunnedSet) Kind() string         { return "stunned" }

func (e ActivationBegan) apply(s *State) { r := e.Ref; s.Active = &r }

func (e ActivationEnded) apply(s *State) {
	s.char(e.Ref).Activated = true
	s.Active = nil
	s.Flow.ActiveSide = e.NextSide
}

func (e ActionsSpent) apply(s *State) { s.char(e.Ref).Actions -= e.Actions }

func (e Moved) apply(s *State) {
	c := s.char(e.Ref)
	if e.How == MoveFree {
		c.FreeMoved = true
	} else {
		c.Moved = true
	}
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

func (e HiddenSet) apply(s *State) { s.char(e.Ref).Hidden = e.Hidden }

func (e SideCardPlayed) apply(s *State) {
	cards := s.Sides[e.Side].Cards
	for i := range cards {
		if cards[i].Name == e.Card {
			cards[i].Used += e.Delta
			return
		}
	}
}

func (e CardUsed) apply(s *State) {
	c := s.char(e.Ref)
	for i := range c.Cards {
		if c.Cards[i].Name == e.Card {
			c.Cards[i].Used += e.Delta
			return
		}
	}
}
func (Rolled) apply(*State)     {}
func (e Sought) apply(s *State) { s.char(e.Ref).Sought = true }
func (e AttackResolved) apply(s *State) {
	s.char(e.Attacker).Hidden = false // attacking reveals (R-HIDE-1)
}
func (e StateChanged) apply(s *State)       { s.char(e.Ref).States[e.State] += e.Delta }
func (e GnosisSpent) apply(s *State)        { s.Sides[e.Side].Gnosis-- }
func (e GnosisRenewed) apply(s *State)      { s.Sides[e.Side].Gnosis = e.Points }
func (e OrderPointsChanged) apply(s *State) { s.char(e.Ref).OrderPoints += e.Delta }
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
func (e BindChanged) apply(s *State) { s.char(e.Ref).Bind += e.Delta }
func (e Placed) apply(s *State) {
	c := s.char(e.Ref)
	c.OffTable, c.Actions = false, e.Actions
	if e.Moved {
		c.Moved = true
	}
}
func (e Removed) apply(s *State) {
	c := s.char(e.Ref)
	c.Removed = true
	for _, o := range c.Engaged {
		oc := s.char(o)
		oc.Engaged = setRef(oc.Engaged, e.Ref, false)
	}
	c.Engaged = nil
}
func (e MarkersChanged) apply(s *State) { s.Sides[e.Side].Markers += e.Delta }
func (e InterceptDeclared) apply(s *State) {
	c := s.char(e.Ref)
	c.Intercepted, c.FreeMoved = true, true
}
func (KnockedBack) apply(*State)    {}
func (e StunnedSet) apply(s *State) { // logs before the Stunned state had one home
	c := s.char(e.Ref)
	c.States[Stunned] = max(c.States[Stunned], 1)
}

func init() {
	for _, ev := range []Event{ActivationBegan{}, ActivationEnded{}, ActionsSpent{}, Moved{}, Engagement{}, HiddenSet{}, Rolled{},
		Sought{}, AttackResolved{}, StateChanged{}, GnosisSpent{}, GnosisRenewed{}, OrderPointsChanged{}, UpkeepSet{}, BindChanged{},
		Placed{}, Removed{}, MarkersChanged{}, InterceptDeclared{}, KnockedBack{}, StunnedSet{}, CardUsed{}, SideCardPlayed{}} {
		register(ev)
	}
}

func (e AttackResolved) diceThrown() int {
	n := len(e.Attack.Dice)
	if e.Defense != nil {
		n += len(e.Defense.Dice)
	}
	return n
}

func (e Rolled) diceThrown() int { return len(e.Roll.Dice) }

func (e KnockedBack) diceThrown() int {
	n := 0
	for _, m := range e.Met {
		if m.Roll != nil {
			n += len(m.Roll.Dice)
		}
	}
	return n
}
