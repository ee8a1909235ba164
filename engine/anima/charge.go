package anima

import (
	"slices"
)

// Charge, Push and Slam: movements that end in an attack (R-ACT table), the interception of
// a charge (R-ATK-9) and the throw of a pushed, slammed or knocked-back model (R-CAP-4,
// R-CAP-5; the falls table is Throw, in knockback.go).

// Charge is a run straight at an enemy and an attack with +2: one die in core, two kept best
// in alpha (R-ATK table). It is the turn's movement, needs the charger free of melee, and
// not against an enemy already engaged with it. A charge whose Distance is beyond the run
// falls short: actions spent, no attack (R-MEAS-1). InterceptedBy is an enemy of the charger
// that steps into the charge line (R-ATK-9) and takes the attack. Nearest are the enemies
// nearest the charger as measured on the table (package geom; several when tied), when the
// positions are known: a Berserker charges one of them (R-STATE-8). Gnosis fields as Attack.
type Charge struct {
	Attacker Ref
	Target   Ref
	Distance Centimetres
	AttackOptions
	InterceptedBy *Ref
	Path          []Crossing
	Slam          bool  // alpha Slam: throws the target back instead of damaging
	Nearest       []Ref // the enemies nearest the charger, when measured
}

// InterceptDeclared marks a character's interception of a charge this turn. R-ATK-9.
type InterceptDeclared struct {
	Ref     Ref `json:"ref"`
	Charger Ref `json:"charger"`
}

func (c Charge) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Attacker)
	if err != nil {
		return nil, err
	}
	what, cost := Reason(MoveCharge), Cost(s, c)
	if c.Slam {
		what = Reason(MoveSlam)
		if s.Edition != Alpha {
			return nil, refuse("R-ACT-2", ErrEdition, "Slam is an alpha action: choose the alpha edition")
		}
	}
	if err := canMove(ch, what); err != nil {
		return nil, err
	}
	if ch.EngagedWith(c.Target) {
		return nil, refuse("R-ATK-8", ErrNotAllowed, "no charge against an enemy already engaged with the charger")
	}
	if ch.Berserk() && len(c.Nearest) > 0 && !slices.Contains(c.Nearest, c.Target) {
		near, _ := s.Character(c.Nearest[0])
		return nil, refuse("R-STATE-8", ErrNotAllowed, "%s is a Berserker: it charges the nearest enemy, %s", ch.Name, near.Name)
	}
	if err := canSpend(ch, cost, what); err != nil {
		return nil, err
	}
	target := c.Target
	var pre []Event
	if c.InterceptedBy != nil {
		ic, err := intercepts(s, c, ch)
		if err != nil {
			return nil, err
		}
		target = *c.InterceptedBy
		pre = append(pre, InterceptDeclared{Ref: target, Charger: c.Attacker})
		if ic.Hidden { // a hidden character may intercept, and is revealed by it
			pre = append(pre, HiddenSet{Ref: target, Hidden: false})
		}
	}
	if c.Distance < 0 {
		return nil, refuse("R-MEAS-1", ErrNotAllowed, "a charge covers 0 cm or more")
	}
	if ch.Run > 0 && c.Distance > ch.Run { // declared, then measured: it falls short (R-MEAS-1)
		t := begin(s, d)
		t.spend(c.Attacker, ch, cost, what)
		t.emit(Moved{Ref: c.Attacker, How: MoveCharge, Distance: ch.Run})
		return t.done()
	}
	if _, err := inPlay(s, target); err != nil {
		return nil, err
	}
	// A charge ends in base contact, a Slam too: it is made "following the usual rules of the
	// charge", so one that misses leaves the two engaged; one that hits throws the target out of
	// contact (knockback). R-ATK-8.
	pre = append(pre, Moved{Ref: c.Attacker, How: MoveCharge, Distance: c.Distance},
		Engagement{A: c.Attacker, B: target, Engaged: true})
	return resolveAttack(s, d, attackArgs{
		attacker: c.Attacker, target: target, action: ChargeAttack, cost: cost, what: Reason(orDefault(c.Ability, string(what))),
		ability: c.Ability, magic: c.Magic, reaction: c.Reaction,
		gnosisA: c.GnosisAttack, gnosisD: c.GnosisDefense, gnosisC: c.GnosisCounter, gnosisS: c.GnosisShock,
		mod: 2 + c.Mods.Other, path: c.Path, pre: pre, throwNotHurt: c.Slam,
	})
}

// intercepts checks the interceptor of a charge. R-ATK-9 (home): an enemy of the charger,
// never the charge's own target, not engaged, once per turn, even after moving (free
// movement included: the one reactive exception to R-ACT-2); only flyers intercept flyers;
// a hidden character may, and is revealed; a paralysed one may not (R-STATE-6).
func intercepts(s State, c Charge, charger Character) (Character, error) {
	ic, err := inPlay(s, *c.InterceptedBy)
	if err != nil {
		return ic, err
	}
	switch {
	case c.InterceptedBy.Side == c.Attacker.Side:
		return ic, refuse("R-ATK-9", ErrNotAllowed, "%s is a friend of the charger", ic.Name)
	case *c.InterceptedBy == c.Target:
		return ic, refuse("R-ATK-9", ErrNotAllowed, "%s is the charge's target: it cannot intercept its own charge", ic.Name)
	case len(ic.Engaged) > 0:
		return ic, refuse("R-ATK-9", ErrEngaged, "%s is engaged in melee: it cannot intercept", ic.Name)
	case ic.Intercepted:
		return ic, refuse("R-ATK-9", ErrAlreadyDone, "%s has already intercepted a charge this turn", ic.Name)
	case charger.Caps.Flight && !ic.Caps.Flight:
		return ic, refuse("R-ATK-9", ErrNotAllowed, "only flyers intercept a flyer's charge")
	}
	return ic, notParalysed(ic)
}

// Push (alpha) is a melee attack, the turn's movement, whose success pushes the target
// Damage + SL inches instead of damaging it (R-ACT table, R-CAP-5). Gnosis fields as Attack.
type Push struct {
	Attacker      Ref
	Target        Ref
	Reaction      Reaction
	GnosisAttack  bool
	GnosisDefense bool
	GnosisCounter bool
	GnosisShock   bool
	Path          []Crossing
}

func (c Push) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Attacker)
	if err != nil {
		return nil, err
	}
	if s.Edition != Alpha {
		return nil, refuse("R-ACT-2", ErrEdition, "Push is an alpha action: choose the alpha edition")
	}
	if ch.Moved {
		return nil, refuse("R-ACT-2", ErrAlreadyDone, "%s has already moved this turn: Push is a movement", ch.Name)
	}
	if !ch.EngagedWith(c.Target) {
		return nil, refuse("R-ATK-8", ErrNotAllowed, "%s pushes only an enemy in base contact", ch.Name)
	}
	return resolveAttack(s, d, attackArgs{
		attacker: c.Attacker, target: c.Target, action: MeleeAttack, cost: Cost(s, c), what: Reason(MovePush),
		reaction: c.Reaction, gnosisA: c.GnosisAttack, gnosisD: c.GnosisDefense, gnosisC: c.GnosisCounter, gnosisS: c.GnosisShock,
		path: c.Path, pre: []Event{Moved{Ref: c.Attacker, How: MovePush}}, throwNotHurt: true,
	})
}

// KnockedBack records a throw: how far the model went and what it met. R-CAP-4, R-CAP-5.
type KnockedBack struct {
	Ref      Ref         `json:"ref"`
	Distance Centimetres `json:"distance_cm"`
	Met      []Impact    `json:"met,omitempty"`
}

// StunnedSet marks a character unable to be activated this turn (R-STATE-9), as logs before
// the Stunned state had one home wrote it: it puts a Stunned counter. Falls now write
// StateChanged.
type StunnedSet struct {
	Ref Ref `json:"ref"`
}

// knockback throws the target (R-CAP-4) along the path and applies the falls table
// (R-CAP-5 (home)): damage that armor never reduces, Stunned (alpha, R-STATE-9; not a
// damage accumulator), a struck base's 1 LP, and a base that steps aside gives up its
// movement this turn (only one that has not moved may). Gnosis may be spent on the roll to
// avoid the thrown base (Crossing.Gnosis, R-GNO-2). An intangible base on the path is not
// affected: the throw passes it, no roll, no LP lost. A struck base that fails to avoid the
// thrown one is pushed the same way (Impact.Pushed) and out of its own contacts.
func knockback(t *tx, r Ref, tg Character, dist Centimetres, path []Crossing) error {
	if err := checkYields(t.s, path); err != nil {
		return err
	}
	path = slices.DeleteFunc(withBases(t.s, path), func(c Crossing) bool {
		st, _ := t.s.Character(c.Ref)
		return c.Kind == Base && st.Caps.Intangible
	})
	went, impacts, err := Throw(dist, path, t.d)
	if err != nil {
		return err
	}
	for _, im := range impacts {
		if im.Kind == Base && im.Roll != nil {
			if err := t.pay(im.Ref.Side, im.Gnosis); err != nil {
				return err
			}
		}
	}
	t.emit(KnockedBack{Ref: r, Distance: went, Met: impacts})
	if went > 0 {
		t.outOfContact(r) // thrown out of base contact
	}
	if falls(t, r, impacts) && t.s.Edition == Alpha && !tg.Caps.DamageAccumulator && !tg.Activated && tg.States[Stunned] == 0 && !tg.Caps.ImmuneTo(Stunned) {
		t.emit(StateChanged{Ref: r, State: Stunned, Delta: 1})
	}
	return nil
}

// outOfContact takes r out of base contact with everyone it is engaged with now. R-ATK-8.
func (t *tx) outOfContact(r Ref) {
	ch, _ := t.now.Character(r)
	for _, e := range ch.Engaged {
		t.emit(Engagement{A: r, B: e, Engaged: false})
	}
}

// checkYields refuses a base on the path that steps aside having moved already this turn, or
// that would spend Gnosis on a roll it does not make (R-CAP-5, R-GNO-2).
func checkYields(s State, path []Crossing) error {
	for _, c := range path {
		if c.Kind != Base {
			continue
		}
		st, err := inPlay(s, c.Ref)
		if err != nil {
			return err
		}
		if c.Yield && st.Moved {
			return refuse("R-CAP-5", ErrAlreadyDone, "%s has already moved this turn: it cannot step aside, it rolls", st.Name)
		}
		if c.Gnosis && c.Yield {
			return refuse("R-GNO-2", ErrNotAllowed, "%s steps aside: it rolls nothing to spend Gnosis on", st.Name)
		}
		if c.Large && !largeBase(st) {
			return refuse("R-CAP-5", ErrNotAllowed, "%s's card gives it no large base", st.Name)
		}
	}
	return nil
}

// largeBase reports whether a character's card gives it a large base, as the rules count it
// (R-CARD-3: "medium (counts as large)" counts).
func largeBase(ch Character) bool {
	_, as := ParseBase(ch.BaseSize)
	return as == "large"
}

// withBases is the path with each base's size read from its character's card (R-CAP-5,
// R-CARD-3): a struck large base halves both models' movement whatever the crossing said.
func withBases(s State, path []Crossing) []Crossing {
	out := slices.Clone(path)
	for i, c := range out {
		if c.Kind == Base {
			st, _ := s.Character(c.Ref)
			out[i].Large = largeBase(st)
		}
	}
	return out
}

// falls applies the impacts of a knockback of r: the fall's damage, a struck base's, a base
// that stepped aside; it reports whether one of them stuns r.
func falls(t *tx, r Ref, impacts []Impact) (stunned bool) {
	for _, im := range impacts {
		if im.Damage > 0 {
			t.emit(LPChanged{Ref: r, Delta: -im.Damage, Why: "fall"})
		}
		if im.StruckDamage > 0 {
			t.emit(LPChanged{Ref: im.Ref, Delta: -im.StruckDamage, Why: "struck"})
		}
		if st, _ := t.now.Character(im.Ref); im.Pushed > 0 && st.InPlay() {
			t.emit(KnockedBack{Ref: im.Ref, Distance: im.Pushed})
			t.outOfContact(im.Ref)
		}
		if im.Kind == Base && im.Yield {
			t.emit(Moved{Ref: im.Ref, How: MoveAside})
		}
		stunned = stunned || im.Stunned
	}
	return stunned
}

func (InterceptDeclared) Kind() string { return "intercept" }
func (KnockedBack) Kind() string       { return "knockback" }
func (StunnedSet) Kind() string        { return "stunned" }

func (e InterceptDeclared) apply(s *State) {
	s.char(e.Ref).Intercepted = true // not its movement: the one reactive exception (R-ACT-2)
}

func (KnockedBack) apply(*State) {}

func (e KnockedBack) diceThrown() int {
	n := 0
	for _, m := range e.Met {
		if m.Roll != nil {
			n += len(m.Roll.Dice)
		}
	}
	return n
}

func (e StunnedSet) apply(s *State) {
	c := s.char(e.Ref)
	c.States[Stunned] = max(c.States[Stunned], 1)
}
