package anima

// ActionKind is the kind of an attack. R-ATK-1, R-ATK-6.
type ActionKind string

// The attack kinds.
const (
	MeleeAttack  ActionKind = "attack"
	ChargeAttack ActionKind = "charge"
	RangedAttack ActionKind = "ranged"
)

// Reaction is the defender's reactive action, declared before the attacker rolls.
type Reaction string

// The reactions. R-ACT-1 table: Dodge costs 1 action, Counterattack 3 (melee only).
const (
	NoReaction    Reaction = "none"
	Dodge         Reaction = "dodge"
	Counterattack Reaction = "counter"
)

// Costs of the basic actions in actions. R-ACT table.
const (
	CostWalk     = 1
	CostRun      = 2
	CostAttack   = 2
	CostCharge   = 3
	CostDodge    = 1
	CostCounter  = 3
	CostEscape   = 1
	CostSeek     = 1
	CostPush     = 3
	CostClimb    = 1
	CostSlam     = 3
	CostTakeFlag = 1
)

// Cost is how many actions cmd costs the character who takes it, as the R-ACT-1 table prices
// it: a Walk 1, a Run 2, a free movement 0, a Climb 1, an Attack 2 and a Charge, Slam or Push
// 3 (an ability's own cost when the attack is one), Escape 1, Seek 1, an ability its cost, a
// summon its summoning cost, taking the flag 1; an intangible character escapes for free
// (R-CAP-3). Commands that are not actions cost 0. The reaction a defender declares is priced
// by ReactionCost. The command's own checks spend exactly this (R-ACT-1, checked in canSpend).
func Cost(s State, cmd Command) int {
	switch c := cmd.(type) {
	case Move:
		switch c.How {
		case MoveWalk:
			return CostWalk
		case MoveRun:
			return CostRun
		case MoveClimb:
			return CostClimb
		}
	case Attack:
		return orCost(c.Cost, CostAttack)
	case Charge:
		if c.Slam {
			return orCost(c.Cost, CostSlam)
		}
		return orCost(c.Cost, CostCharge)
	case Push:
		return CostPush
	case Escape:
		if ch, ok := s.Character(c.Ref); ok && freeEscape(s, ch) {
			return 0
		}
		return CostEscape
	case Seek:
		return CostSeek
	case UseAbility:
		return c.Cost
	case CallSummon:
		if sm, ok := s.Character(c.Summon); ok {
			return sm.SummonCost
		}
	case TakeFlag:
		return CostTakeFlag
	}
	return 0
}

// ReactionCost is what a defender's reaction costs it: Dodge 1, Counterattack 3. R-ACT-1 table.
func ReactionCost(r Reaction) int {
	switch r {
	case Dodge:
		return CostDodge
	case Counterattack:
		return CostCounter
	}
	return 0
}

// orCost is an ability's own cost when it has one, else the basic action's.
func orCost(own, basic int) int {
	if own == 0 {
		return basic
	}
	return own
}

// FreeMovement is how far a free movement goes (R-ACT table): 5 cm.
const FreeMovement Centimetres = 5

// Modifiers are the circumstances of an attack that the table shows, not the state: the
// player or the table view sets them. R-ATK-6.
type Modifiers struct {
	LongRange bool `json:"long_range,omitempty"` // beyond half the range: -1
	Cover     bool `json:"cover,omitempty"`      // through rough terrain or a minor obstacle: core -2, alpha -1
	Elevated  bool `json:"elevated,omitempty"`   // the shooter stands higher: +1, no human shield (both editions)
	Other     int  `json:"other,omitempty"`      // any other modifier printed on a card
}

// AttackSpec is an attack in numbers: everything the exact odds and the resolution need.
type AttackSpec struct {
	Edition       Edition
	Action        ActionKind
	Attack        int // the attacker's Attack with its states (Berserker +1, Blind -4)
	Damage        int
	Defense       int // the defender's Defense
	Armor         int // the defender's Armor with Shield
	Mod           int // the sum of the modifiers to the attack roll (charge +2 included)
	Reaction      Reaction
	GnosisAttack  bool
	GnosisDefense bool
	CritOn        int // 10, or 9 with Critical Mastery
}

// AttackDice is how many d10 the attacker rolls and keeps the best of: two for an alpha
// charge, one otherwise, one more with Gnosis. R-ATK table, R-GNO-2.
func (a AttackSpec) AttackDice() int {
	n := 1
	if a.Action == ChargeAttack && a.Edition == Alpha {
		n = 2
	}
	if a.GnosisAttack {
		n++
	}
	return n
}

// DefenseDice is how many d10 the defender rolls for a Dodge or Counterattack (0 without one).
func (a AttackSpec) DefenseDice() int {
	if a.Reaction == NoReaction || a.Reaction == "" {
		return 0
	}
	if a.GnosisDefense {
		return 2
	}
	return 1
}

// Validate refuses an impossible attack: a counterattack against a ranged attack
// (R-ATK-6), an unknown action, reaction or edition, a critical threshold other than 9 or 10
// (R-ATK-4), a number past the bounds of bounds.go (ErrOutOfRange, naming the field).
func (a AttackSpec) Validate() error {
	switch {
	case !a.Edition.Valid():
		return fail(ErrNotAllowed, "edition %q: want core or alpha", a.Edition)
	case a.Action != MeleeAttack && a.Action != ChargeAttack && a.Action != RangedAttack:
		return fail(ErrNotAllowed, "action %q: want attack, charge or ranged", a.Action)
	case a.Reaction != NoReaction && a.Reaction != Dodge && a.Reaction != Counterattack && a.Reaction != "":
		return fail(ErrNotAllowed, "reaction %q: want none, dodge or counter", a.Reaction)
	case a.Reaction == Counterattack && a.Action == RangedAttack:
		return refuse("R-ATK-6", ErrNotAllowed, "no counterattack against a ranged attack: dodge instead")
	case a.CritOn < 9 || a.CritOn > 10:
		return refuse("R-ATK-4", ErrNotAllowed, "critical on %d: want 9 (Critical Mastery) or 10", a.CritOn)
	case a.GnosisDefense && a.DefenseDice() == 0:
		return refuse("R-GNO-2", ErrNotAllowed, "Gnosis is spent on a roll: the defender rolls only to dodge or counterattack")
	}
	// A state or a modifier can take a stat past the printed bounds, never by more than this.
	const reach = MaxStat + MaxModifier
	return firstErr(
		InRange("attack", a.Attack, -reach, reach),
		InRange("damage", a.Damage, -reach, reach),
		InRange("defense", a.Defense, -reach, reach),
		InRange("armor", a.Armor, -reach, reach),
		InRange("modifier", a.Mod, -2*MaxModifier, 2*MaxModifier),
	)
}

// Outcome is a resolved attack roll. R-ATK-1..5.
type Outcome struct {
	Total      int  `json:"total"`    // kept die + Attack + modifiers
	DefenseVal int  `json:"defense"`  // Defense + the reaction's kept die
	Hit        bool `json:"hit"`      // R-ATK-1, or a critical (R-ATK-4)
	Critical   bool `json:"critical"` // the kept die is at least CritOn
	SL         int  `json:"sl"`       // success level, 0 when a critical beats a higher defense (R-ATK-2, R-ATK-4)
	Damage     int  `json:"damage"`   // Damage + SL before Armor, 0 on a miss
	LPLoss     int  `json:"lp_loss"`  // Damage - Armor, at least 1 on an alpha critical, before capping at the target's LP (R-ATK-3, R-ATK-4)
	Counter    bool `json:"counter"`  // a counterattack is triggered: the attack dealt no damage (R-ATK-5)
}

// Resolve applies the attack rules to the kept dice: the attacker's kept die and the
// defender's (0 without a reaction). R-ATK-1 (home): d10 + Attack + modifiers against the
// Defense (+ the reaction's die). R-ATK-2 (home): the success level. R-ATK-3 (home): Damage +
// SL - Armor. R-ATK-4 (home): a critical hits whatever the defense, SL 0; the 1-LP floor in
// alpha only. R-ATK-5: the counterattack (its free attack in attack.go).
func (a AttackSpec) Resolve(attackDie, defenseDie int) Outcome {
	o := Outcome{Total: attackDie + a.Attack + a.Mod, DefenseVal: a.Defense + defenseDie}
	o.Critical = attackDie >= a.CritOn
	o.Hit = o.Total >= o.DefenseVal || o.Critical
	if o.Hit {
		o.SL = max(0, o.Total-o.DefenseVal)
		o.Damage = a.Damage + o.SL
		o.LPLoss = max(0, o.Damage-a.Armor)
		if o.Critical && a.Edition == Alpha { // the floor is alpha text only (R-ATK-4)
			o.LPLoss = max(1, o.LPLoss)
		}
	}
	o.Counter = !o.Hit && a.Reaction == Counterattack
	return o
}

// RangedMod is the modifier of a ranged attack for its circumstances (R-ATK-6): long range
// -1; cover core -2, alpha -1; target engaged in melee -1; elevated +1; alpha: attacker moved
// more than 20 cm this turn -1.
func RangedMod(e Edition, m Modifiers, targetEngaged bool, movedCm Centimetres) int {
	mod := m.Other
	if m.LongRange {
		mod--
	}
	if m.Cover {
		if e == Alpha {
			mod--
		} else {
			mod -= 2
		}
	}
	if targetEngaged {
		mod--
	}
	if e == Alpha && movedCm > 20 {
		mod--
	}
	if m.Elevated { // both editions (R-ATK-6)
		mod++
	}
	return mod
}

// AttackSpec gives the numbers of an attack between two characters of the state, with their
// states and the modifiers, as the resolution will use them: for showing the exact odds
// before the dice are rolled (ComputeOdds).
func (s State) AttackSpec(attacker, target Ref, action ActionKind, m Modifiers, r Reaction, gnosisAttack, gnosisDefense bool) (AttackSpec, error) {
	a, err := lookup(s, attacker)
	if err != nil {
		return AttackSpec{}, err
	}
	t, err := lookup(s, target)
	if err != nil {
		return AttackSpec{}, err
	}
	if r == "" {
		r = NoReaction
	}
	return specFor(s.Edition, a, t, action, attackMod(s, a, action, m, target), r, gnosisAttack, gnosisDefense), nil
}
