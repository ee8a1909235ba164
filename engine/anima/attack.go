package anima

// Attacks: melee and ranged (R-ATK-1..11), with the defender's reaction, the area of an area
// attack, the counterattack's free attack, knockback and the capabilities that change an
// attack (R-CAP-2..4). A charge, a push and a slam resolve their attack here too (charge.go).

// Attack is an attack by the active character: in melee against an enemy in base contact
// (R-ATK-8), or ranged (R-ATK-6) when it has a Ranged Attack or uses a ranged special
// ability. The defender's reaction is declared with it (R-ACT table). Cost is the action
// cost (0: the basic attack's 2); Ability names the special ability used (none under Seal,
// R-STATE-6); Magic is a Magic or Ki attack (it hurts Intangible characters, R-CAP-3).
// Shield is a friend of the target that takes a ranged attack instead (R-ATK-10), revealed by
// it when hidden (R-HIDE-1, ruling of 2026-11-29). Path is
// what the target crosses when the attacker's Knockback throws it (R-CAP-4, R-CAP-5).
// Gnosis may be spent on each roll (R-GNO-2): the attack, the defense, the counterattack's
// free attack (GnosisCounter, the defender's side) and each Shock check the attack causes
// (GnosisShock, the summoner's side, while it has a point left).
type Attack struct {
	Attacker Ref
	Target   Ref
	Ranged   bool
	AttackOptions
	Shield *Ref
	Path   []Crossing
	Area   []AreaTarget
}

// AttackOptions are how an attack or a charge is made, shared by Attack and Charge (embedded:
// their JSON stays flat): the modifiers, the target's reaction, the Gnosis spent by each side
// (on the attack, the defense, a counterattack, a Shock check), and the ability it is made with,
// its cost in actions and whether it is magic.
type AttackOptions struct {
	Mods          Modifiers
	Reaction      Reaction
	GnosisAttack  bool
	GnosisDefense bool
	GnosisCounter bool
	GnosisShock   bool
	Cost          int
	Ability       string
	Magic         bool
}

// AreaTarget is a character inside the area of an area ranged attack, whether it dodges and
// whether its side spends Gnosis on that dodge (R-GNO-2). R-ATK-7 (home): only a hit on the
// primary target makes the area; then every character in it may dodge; a human shield may
// take the shot, never the area.
type AreaTarget struct {
	Ref    Ref
	Dodge  bool
	Gnosis bool
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

func (c Attack) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Attacker)
	if err != nil {
		return nil, err
	}
	cost := Cost(s, c)
	if err := mustCharge(s, c.Attacker, ch); err != nil {
		return nil, err
	}
	action := MeleeAttack
	if c.Ranged {
		action = RangedAttack
		// R-ATK-6 (home): a Ranged Attack or a ranged ability, never while engaged; no
		// counterattack (checkReaction); modifiers in RangedMod.
		if ch.Range == 0 && c.Ability == "" {
			return nil, refuse("R-ATK-6", ErrNotAllowed, "%s has no Ranged Attack", ch.Name)
		}
		if len(ch.Engaged) > 0 {
			return nil, refuse("R-ATK-6", ErrEngaged, "%s is engaged in melee: no ranged attacks", ch.Name)
		}
	} else if !ch.EngagedWith(c.Target) {
		t, _ := s.Character(c.Target)
		return nil, refuse("R-ATK-8", ErrNotAllowed, "%s is not in base contact with %s: charge or move first", ch.Name, t.Name)
	}
	target := c.Target
	var pre []Event
	if c.Shield != nil {
		// R-ATK-10 (home): a friend of the target takes a ranged attack instead; never a shot
		// from an elevated position (R-ATK-6), never a paralysed friend (R-STATE-6). A hidden
		// friend may, and is revealed by it (ruling of 2026-11-29).
		if !c.Ranged {
			return nil, refuse("R-ATK-10", ErrNotAllowed, "a human shield takes ranged attacks only")
		}
		if c.Mods.Elevated {
			return nil, refuse("R-ATK-6", ErrNotAllowed, "a shot from an elevated position cannot be taken by a human shield")
		}
		sh, err := inPlay(s, *c.Shield)
		if err != nil {
			return nil, err
		}
		if err := notParalysed(sh); err != nil {
			return nil, err
		}
		if c.Shield.Side != c.Target.Side || *c.Shield == c.Target {
			return nil, refuse("R-ATK-10", ErrNotAllowed, "%s can shield only a friend", sh.Name)
		}
		target = *c.Shield
		if sh.Hidden {
			pre = append(pre, HiddenSet{Ref: target, Hidden: false})
		}
	}
	if len(c.Area) > 0 && action != RangedAttack {
		return nil, refuse("R-ATK-7", ErrNotAllowed, "an area attack is a ranged attack")
	}
	return resolveAttack(s, d, attackArgs{
		attacker: c.Attacker, target: target, action: action, cost: cost, what: Reason(orDefault(c.Ability, string(action))),
		ability: c.Ability, magic: c.Magic, reaction: c.Reaction,
		gnosisA: c.GnosisAttack, gnosisD: c.GnosisDefense, gnosisC: c.GnosisCounter, gnosisS: c.GnosisShock,
		mod: attackMod(s, ch, action, c.Mods, target), path: c.Path, area: c.Area, pre: pre,
	})
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// attackMod is the modifier of an attack roll from its kind and circumstances.
func attackMod(s State, ch Character, action ActionKind, m Modifiers, target Ref) int {
	switch action {
	case RangedAttack:
		t, _ := s.Character(target)
		return RangedMod(s.Edition, m, len(t.Engaged) > 0, ch.MovedCm)
	case ChargeAttack:
		return 2 + m.Other
	}
	return m.Other
}

// attackArgs is an attack as the commands that make one (Attack, Charge, Push) declare it.
type attackArgs struct {
	attacker, target Ref
	action           ActionKind
	cost             int
	what             Reason
	ability          string
	magic            bool
	reaction         Reaction
	gnosisA, gnosisD bool // Gnosis on the attack and on the defense roll
	gnosisC, gnosisS bool // Gnosis on the counterattack's free attack and on Shock checks
	mod              int
	path             []Crossing
	pre              []Event // events before the attack (a charge's movement)
	throwNotHurt     bool    // Push and Slam: a hit throws instead of damaging
	area             []AreaTarget
}

// attack is one attack being resolved: its arguments, the command's tx, the two characters
// and, step by step, the reaction, the numbers and the outcome.
type attack struct {
	attackArgs
	t        *tx
	ch, tg   Character
	reaction Reaction
	spec     AttackSpec
	roll     Roll
	out      Outcome
}

// resolveAttack checks and resolves one attack, after the events before it (pre), in named
// steps: the target, the reaction,
// the payment, the roll, the damage, the throw, the area and the counterattack; the tx
// settles Poison and deaths. R-ATK-1..11, R-CAP-2..5, R-STATE-3, R-STATE-6, R-STATE-8,
// R-HIDE-1, R-GNO-2.
func resolveAttack(s State, d Die, a attackArgs) ([]Event, error) {
	at := startAttack(s, d, a)
	for _, step := range at.steps() {
		if err := step.run(); err != nil {
			return nil, err
		}
	}
	return at.t.done()
}

// startAttack is an attack before its steps: the tx holds the events before it (a charge's
// movement, an interceptor stepping in and revealed).
func startAttack(s State, d Die, a attackArgs) *attack {
	at := &attack{attackArgs: a, t: begin(s, d)}
	if a.gnosisS {
		at.t.shockGnosis = func(Ref) bool { return true }
	}
	at.ch, _ = s.Character(a.attacker)
	at.t.emit(a.pre...)
	return at
}

// attackStep is a named step of an attack.
type attackStep struct {
	name string
	run  func() error
}

// steps are the steps of an attack, in order.
func (a *attack) steps() []attackStep {
	return []attackStep{{"target", a.checkTarget}, {"reaction", a.checkReaction}, {"area", a.checkArea}, {"path", a.checkPath}, {"pay", a.pay}, {"roll", a.rollAttack},
		{"damage", a.damage}, {"throw", a.throw}, {"area", a.areaStep}, {"counter", a.counter}}
}

// checkTarget: an enemy on the table (R-ATK-1), not hidden (R-HIDE-1); a special ability
// needs the attacker unsealed (R-STATE-6) and every attack the actions (R-ACT-1).
func (a *attack) checkTarget() error {
	tg, err := inPlay(a.t.now, a.target)
	if err != nil {
		return err
	}
	a.tg = tg
	if a.target.Side == a.attacker.Side {
		return refuse("R-ATK-1", ErrNotAllowed, "%s is a friend of %s", tg.Name, a.ch.Name)
	}
	if tg.Hidden {
		return refuse("R-HIDE-1", ErrHidden, "%s is hidden: it cannot be targeted until found", tg.Name)
	}
	if a.ability != "" {
		if err := notSealed(a.ch); err != nil {
			return err
		}
	}
	return canSpend(a.ch, a.cost, a.what)
}

// checkReaction: a Dodge or a Counterattack, declared now, paid by the defender; no
// counterattack against a ranged attack (R-ATK-6); none by a damage accumulator (R-CAP-2)
// or a Berserker (R-STATE-8); Gnosis on a defense roll only with a reaction (R-GNO-2).
func (a *attack) checkReaction() error {
	a.reaction = a.attackArgs.reaction
	if a.reaction == "" {
		a.reaction = NoReaction
	}
	if a.gnosisD && a.reaction == NoReaction {
		return refuse("R-GNO-2", ErrNotAllowed, "Gnosis is spent on a roll: the defender rolls only to dodge or counterattack")
	}
	if a.gnosisC && a.reaction != Counterattack {
		return refuse("R-GNO-2", ErrNotAllowed, "Gnosis is spent on a roll: the free attack comes only from a counterattack that made the attack miss")
	}
	if a.reaction == NoReaction {
		return nil
	}
	switch {
	case a.reaction != Dodge && a.reaction != Counterattack: // a command read from a file or the other phone
		return fail(ErrNotAllowed, "reaction %q: want none, dodge or counter", a.reaction)
	case a.reaction == Counterattack && a.action == RangedAttack:
		return refuse("R-ATK-6", ErrNotAllowed, "no counterattack against a ranged attack: dodge instead")
	case a.tg.Caps.DamageAccumulator:
		return refuse("R-CAP-2", ErrNotAllowed, "%s is a damage accumulator: it cannot dodge or counterattack", a.tg.Name)
	case a.tg.Berserk():
		return refuse("R-STATE-8", ErrNotAllowed, "%s is a Berserker: no defensive actions", a.tg.Name)
	}
	return canSpend(a.tg, ReactionCost(a.reaction), Reason(a.reaction))
}

// pay: the Gnosis points declared for the attack and defense rolls (R-GNO-2), and the
// actions of both sides (R-ACT-1).
func (a *attack) pay() error {
	if err := a.t.pay(a.attacker.Side, a.gnosisA); err != nil {
		return err
	}
	if err := a.t.pay(a.target.Side, a.gnosisD); err != nil {
		return err
	}
	if a.gnosisC && a.t.now.Sides[a.target.Side].Gnosis <= 0 { // declared now, spent if the free attack comes
		return refuse("R-GNO-1", ErrNoGnosis, "%s has no Gnosis point left this turn", a.t.s.Sides[a.target.Side].Name)
	}
	a.t.spend(a.attacker, a.ch, a.cost, a.what)
	a.t.spend(a.target, a.tg, ReactionCost(a.reaction), Reason(a.reaction))
	return nil
}

// rollAttack rolls the attack (two dice kept best for an alpha charge, one more with Gnosis)
// and the defender's reaction, and resolves them (R-ATK-1..5).
func (a *attack) rollAttack() error {
	a.spec = specFor(a.t.s.Edition, a.ch, a.tg, a.action, a.mod, a.reaction, a.gnosisA, a.gnosisD)
	ar, err := rollSafe(a.t.d, DieSlot{Who: a.ch.Name, For: string(a.action)}, a.spec.AttackDice()-b2i(a.gnosisA), a.gnosisA, false)
	if err != nil {
		return err
	}
	var dr *Roll
	dv := 0
	if a.reaction != NoReaction {
		r, err := rollSafe(a.t.d, DieSlot{Who: a.tg.Name, For: string(a.reaction)}, 1, a.gnosisD, false)
		if err != nil {
			return err
		}
		dr, dv = &r, r.Kept
	}
	a.roll, a.out = ar, a.spec.Resolve(ar.Kept, dv)
	if a.tg.Caps.Intangible && !a.magic && !outranks(a.ch, a.tg) {
		a.out.LPLoss = 0 // weapons pass through (R-CAP-3)
	}
	if a.throwNotHurt {
		a.out.LPLoss = 0
	}
	a.t.emit(AttackResolved{Attacker: a.attacker, Target: a.target, Action: a.action, Reaction: a.reaction, Attack: ar, Defense: dr, Outcome: a.out})
	return nil
}

// outranks reports whether an attacker's level is higher than an Intangible defender's, so
// that Intangible does not protect it. R-CAP-3 (home); a summon's level is its Atman (R-SUM-1).
func outranks(attacker, defender Character) bool {
	return attacker.ComparedLevel() > defender.ComparedLevel()
}

// damage takes the LP the attack removes. R-ATK-11: LP never go below 0, and a character
// at 0 is out of play (Character.InPlay) at once (leave).
func (a *attack) damage() error {
	if a.out.LPLoss > 0 {
		a.t.emit(LPChanged{Ref: a.target, Delta: -a.out.LPLoss, Why: "attack"})
	}
	return nil
}

// throw: Push and Slam throw a hit target Damage + SL inches instead of hurting it, armor
// ignored except by Damage Resistance (R-CAP-2 (home)); the attacker's Knockback throws it
// 1 in per LP lost (R-CAP-4 (home)). Intangible models are not thrown, nor a target the
// damage killed.
func (a *attack) throw() error {
	if now, _ := a.t.now.Character(a.target); !a.out.Hit || a.tg.Caps.Intangible || !now.InPlay() {
		return nil // a target the damage took out of play has left the table (R-ATK-11)
	}
	var dist Centimetres
	switch {
	case a.throwNotHurt && a.tg.Caps.DamageResistance:
		dist = KnockbackPer * Centimetres(max(0, a.out.Damage-a.spec.Armor))
	case a.throwNotHurt:
		dist = KnockbackPer * Centimetres(a.out.Damage)
	case a.ch.Caps.Knockback && a.out.LPLoss > 0:
		dist = KnockbackPer * Centimetres(a.out.LPLoss)
	}
	if dist == 0 {
		return nil
	}
	return knockback(a.t, a.target, a.tg, dist, a.path)
}

// checkArea: the characters in an area declare their dodges with the attack, before any die
// is rolled (R-ATK-7, R-TURN-4): each on the table, able to dodge and with the action.
func (a *attack) checkArea() error {
	for _, at := range a.area {
		if at.Ref == a.target {
			continue
		}
		tc, err := inPlay(a.t.s, at.Ref)
		if err != nil {
			return err
		}
		if at.Gnosis && !at.Dodge {
			return refuse("R-GNO-2", ErrNotAllowed, "Gnosis is spent on a roll: a character in the area rolls only to dodge")
		}
		if !at.Dodge {
			continue
		}
		if tc.Caps.DamageAccumulator || tc.Berserk() {
			return refuse("R-ATK-7", ErrNotAllowed, "%s cannot dodge", tc.Name)
		}
		if err := canSpend(tc, CostDodge, "dodge"); err != nil {
			return err
		}
	}
	return nil
}

// checkPath: what a thrown target would cross is declared with the attack, so it is checked
// before any die is rolled, whether the attack then throws or not (R-CAP-5).
func (a *attack) checkPath() error {
	if err := checkYields(a.t.s, a.path); err != nil {
		return err
	}
	last := Centimetres(0)
	for _, c := range a.path {
		switch {
		case c.At < last:
			return refuse("R-CAP-5", ErrNotAllowed, "the path is not in order: %v after %v", c.At, last)
		case c.Kind != MinorObstacle && c.Kind != Forest && c.Kind != Wall && c.Kind != Impassable && c.Kind != TableEdge && c.Kind != Base:
			return refuse("R-CAP-5", ErrNotAllowed, "obstacle %q: want minor, forest, wall, impassable, edge or base", c.Kind)
		}
		last = c.At
	}
	return nil
}

// areaStep: a hit on the primary target makes the area; every character in it may dodge
// with its own roll, against the attacker's kept die (R-ATK-7); checkArea checked them.
func (a *attack) areaStep() error {
	if len(a.area) == 0 || !a.out.Hit {
		return nil
	}
	for _, at := range a.area {
		if at.Ref == a.target {
			continue
		}
		tc, _ := a.t.s.Character(at.Ref)
		reaction := NoReaction
		if at.Dodge {
			reaction = Dodge
			a.t.spend(at.Ref, tc, CostDodge, "dodge")
		}
		spec := specFor(a.t.s.Edition, a.ch, tc, RangedAttack, a.mod, reaction, false, at.Gnosis)
		var dr *Roll
		dv := 0
		if reaction == Dodge {
			r, err := a.t.roll(at.Ref.Side, DieSlot{Who: tc.Name, For: string(Dodge)}, 1, at.Gnosis)
			if err != nil {
				return err
			}
			dr, dv = &r, r.Kept
		}
		o := spec.Resolve(a.roll.Kept, dv)
		a.t.emit(AttackResolved{Attacker: a.attacker, Target: at.Ref, Action: RangedAttack, Reaction: reaction, Attack: Roll{Dice: []int{a.roll.Kept}, Kept: a.roll.Kept}, Defense: dr, Outcome: o})
		if o.LPLoss > 0 && !(tc.Caps.Intangible && !a.magic && !outranks(a.ch, tc)) {
			a.t.emit(LPChanged{Ref: at.Ref, Delta: -o.LPLoss, Why: "area"})
		}
	}
	return nil
}

// counter: when a counterattack made the attack miss, the defender makes a free attack at
// -2 (R-ACT table, R-ATK-5 (home)), with Gnosis if declared (R-GNO-2): declared with the
// counterattack, the point is spent only when the free attack is rolled.
func (a *attack) counter() error {
	if !a.out.Counter {
		return nil
	}
	free := specFor(a.t.s.Edition, a.tg, a.ch, MeleeAttack, -2, NoReaction, a.gnosisC, false)
	fr, err := a.t.roll(a.target.Side, DieSlot{Who: a.tg.Name, For: "free attack"}, 1, a.gnosisC)
	if err != nil {
		return err
	}
	fo := free.Resolve(fr.Kept, 0)
	if a.ch.Caps.Intangible && !outranks(a.tg, a.ch) {
		fo.LPLoss = 0
	}
	a.t.emit(AttackResolved{Attacker: a.target, Target: a.attacker, Action: MeleeAttack, Reaction: NoReaction, Attack: fr, Outcome: fo, Free: true})
	if fo.LPLoss > 0 {
		a.t.emit(LPChanged{Ref: a.attacker, Delta: -fo.LPLoss, Why: "counterattack"})
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// specFor builds the numbers of an attack from the characters and their states: Berserker
// +1 Attack and Damage (R-STATE-8), Blind -4 Attack (R-STATE-6), Shield +4 Armor
// (R-STATE-3 (home)); a damage accumulator defends with its base Defense (R-CAP-2).
func specFor(e Edition, att, def Character, action ActionKind, mod int, r Reaction, ga, gd bool) AttackSpec {
	sp := AttackSpec{Edition: e, Action: action, Attack: att.Attack, Damage: att.Damage, Defense: def.Defense, Armor: def.Armor,
		Mod: mod, Reaction: r, GnosisAttack: ga, GnosisDefense: gd, CritOn: att.CritOn}
	if sp.CritOn == 0 {
		sp.CritOn = 10
	}
	if att.Berserk() {
		sp.Attack++
		sp.Damage++
	}
	if att.States[Blind] > 0 {
		sp.Attack -= 4
	}
	if def.States[Shield] > 0 {
		sp.Armor += 4
	}
	return sp
}

func (AttackResolved) Kind() string { return "attack" }

func (e AttackResolved) apply(s *State) {
	s.char(e.Attacker).Hidden = false // attacking reveals (R-HIDE-1)
}

func (e AttackResolved) diceThrown() int {
	n := len(e.Attack.Dice)
	if e.Defense != nil {
		n += len(e.Defense.Dice)
	}
	return n
}
