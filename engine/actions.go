package engine

import (
	"fmt"
	"slices"
	"strings"
)

// This file holds the active actions (R-ACT-1..3, R-ATK-*, R-CAP-*, R-HIDE-1) as commands.
// Each checks the state and, when allowed, returns the events of what happened. Geometry is
// an input: distances travelled, who ends in base contact, what a thrown model crosses.

func other(side int) int { return 1 - side }

// inPlay returns the character at r when it is on the table.
func inPlay(s State, r Ref) (Character, error) {
	c, err := lookup(s, r)
	if err != nil {
		return c, err
	}
	if !c.InPlay() {
		return c, refuse("R-ATK-11", ErrCharacterRemoved, fmt.Sprintf("%s is not on the table", c.Name))
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
		return c, refuse("R-TURN-4", ErrWrongPhase, fmt.Sprintf("characters act in the Action phase; it is the %s phase", s.Flow.Phase))
	}
	if s.Active == nil || *s.Active != r {
		return c, refuse("R-TURN-4", ErrNotActive, fmt.Sprintf("%s is not the active character: activate it first", c.Name))
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

// canSpend checks that c may spend n actions. R-ACT-1, R-STATE-6 (Paralysis).
func canSpend(c Character, n int, what string) error {
	if c.States[Paralysis] > 0 && n > 0 {
		return refuse("R-STATE-6", ErrNotAllowed, fmt.Sprintf("%s is paralysed: no actions this turn", c.Name))
	}
	if c.Actions < n {
		return refuse("R-ACT-1", ErrNotEnoughActions, fmt.Sprintf("%s costs %s; %s has %d", what, plural(n, "action", "actions"), c.Name, c.Actions))
	}
	return nil
}

// canMove checks a movement: one per turn (R-ACT-2), none while engaged (R-ACT-3).
func canMove(c Character, what string) error {
	if c.Moved {
		return refuse("R-ACT-2", ErrAlreadyDone, fmt.Sprintf("%s has already moved this turn: one movement per turn (%s)", c.Name, what))
	}
	if len(c.Engaged) > 0 {
		return refuse("R-ACT-3", ErrEngaged, fmt.Sprintf("%s is engaged in melee: it must Escape before it moves", c.Name))
	}
	return nil
}

// spend returns the events of c spending n actions on what, with Poison's LP loss
// (R-STATE-5: 1 LP per action point spent, when the action completes) in poison.
func spend(r Ref, c Character, n int, what string, poison *[]Event) []Event {
	if n <= 0 {
		return nil
	}
	if c.States[Poison] > 0 && !c.Caps.ImmuneTo(Poison) {
		*poison = append(*poison, LPChanged{Ref: r, Delta: -n, Why: "poison"})
	}
	return []Event{ActionsSpent{Ref: r, Actions: n, For: what}}
}

// settle folds the poison events into a list, capping each loss at the LP left.
func settle(s State, evs []Event) []Event {
	lp := map[Ref]int{}
	var out []Event
	for _, ev := range evs {
		if e, ok := ev.(LPChanged); ok {
			cur, seen := lp[e.Ref]
			if !seen {
				c, _ := s.Character(e.Ref)
				cur = c.LP
			}
			if e.Delta < 0 {
				e.Delta = -min(-e.Delta, cur)
				if e.Delta == 0 {
					continue
				}
			}
			lp[e.Ref] = cur + e.Delta
			ev = e
		}
		out = append(out, ev)
	}
	return out
}

func gnosis(s State, side int, use bool, spent map[int]int) ([]Event, error) {
	if !use {
		return nil, nil
	}
	if s.Sides[side].Gnosis-spent[side] <= 0 {
		return nil, refuse("R-GNO-1", ErrNoGnosis, fmt.Sprintf("%s has no Gnosis point left this turn", s.Sides[side].Name))
	}
	spent[side]++
	return []Event{GnosisSpent{Side: side}}, nil
}

// BeginActivation makes a character of the side whose turn it is the active one. R-TURN-4;
// a Stunned character cannot be activated this turn (R-STATE-9).
type BeginActivation struct{ Ref Ref }

func (c BeginActivation) decide(s State, _ Die) ([]Event, error) {
	ch, err := inPlay(s, c.Ref)
	if err != nil {
		return nil, err
	}
	switch {
	case s.Flow.Phase != Action:
		return nil, refuse("R-TURN-4", ErrWrongPhase, fmt.Sprintf("characters are activated in the Action phase; it is the %s phase", s.Flow.Phase))
	case s.Active != nil:
		a, _ := s.Character(*s.Active)
		return nil, refuse("R-TURN-4", ErrNotAllowed, fmt.Sprintf("%s is active: end its activation first", a.Name))
	case c.Ref.Side != s.Flow.ActiveSide && canActivateAny(s, s.Flow.ActiveSide):
		return nil, refuse("R-TURN-4", ErrNotActive, fmt.Sprintf("it is %s's turn to activate a character", s.Sides[s.Flow.ActiveSide].Name))
	case ch.Activated:
		return nil, refuse("R-TURN-4", ErrAlreadyDone, fmt.Sprintf("%s has already been activated this turn", ch.Name))
	case ch.States[Stunned] > 0:
		return nil, refuse("R-STATE-9", ErrNotAllowed, fmt.Sprintf("%s is stunned: it cannot be activated this turn", ch.Name))
	}
	return []Event{ActivationBegan{Ref: c.Ref}}, nil
}

// EndActivation turns the active character's card; the other side activates next if it
// has a character left (R-TURN-4). A Berserker must spend all its actions attacking while it
// can (R-STATE-8).
type EndActivation struct{ Ref Ref }

func (c EndActivation) decide(s State, _ Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if ch.States[Berserker] > 0 && ch.Actions >= CostAttack && ch.States[Paralysis] == 0 {
		for _, e := range ch.Engaged {
			if o, _ := s.Character(e); o.InPlay() {
				return nil, refuse("R-STATE-8", ErrNotAllowed, fmt.Sprintf("%s is a Berserker: it spends all its actions attacking", ch.Name))
			}
		}
	}
	return []Event{ActivationEnded{Ref: c.Ref, NextSide: nextSide(s, c.Ref)}}, nil
}

// nextSide is the side that activates after r's activation ends.
func nextSide(s State, r Ref) int {
	if o := other(r.Side); canActivateAny(s, o) {
		return o
	}
	return r.Side
}

// canActivateAny reports whether side has a character left to activate this turn; when it
// has none, the other side goes on activating (R-TURN-4: play continues until every card
// is turned).
func canActivateAny(s State, side int) bool {
	for _, ch := range s.Sides[side].Characters {
		if ch.InPlay() && !ch.Activated && ch.States[Stunned] == 0 {
			return true
		}
	}
	return false
}

// Move is a Walk, Run or Free movement of Distance, ending in base contact with Engage
// (enemies). Walk costs 1 and goes at most the first speed, Run 2 and the second; both are
// the turn's one movement (R-ACT-2) and need the character free of melee (R-ACT-3). A free
// movement costs nothing and goes at most 5 cm, once per turn.
type Move struct {
	Ref      Ref
	How      MoveKind
	Distance Centimetres
	Engage   []Ref
}

func (c Move) decide(s State, _ Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	var cost int
	var limit Centimetres
	switch c.How {
	case MoveWalk:
		cost, limit = CostWalk, ch.Walk
	case MoveRun:
		cost, limit = CostRun, ch.Run
	case MoveFree:
		cost, limit = 0, FreeMovement
		if ch.FreeMoved {
			return nil, refuse("R-ACT-2", ErrAlreadyDone, fmt.Sprintf("%s has already used its free movement this turn", ch.Name))
		}
	case MoveClimb:
		if s.Edition != Alpha {
			return nil, refuse("R-ACT-2", ErrEdition, "Climb is an alpha action: choose the alpha edition")
		}
		cost, limit = CostClimb, 20
	default:
		return nil, refuse("R-ACT-2", ErrNotAllowed, fmt.Sprintf("movement %q: want walk, run, free or climb (charge, push and slam attack)", c.How))
	}
	if c.How != MoveFree {
		if err := canMove(ch, string(c.How)); err != nil {
			return nil, err
		}
	} else if len(ch.Engaged) > 0 {
		return nil, refuse("R-ACT-3", ErrEngaged, fmt.Sprintf("%s is engaged in melee: it must Escape before it moves", ch.Name))
	}
	if err := canSpend(ch, cost, string(c.How)); err != nil {
		return nil, err
	}
	if c.Distance < 0 || (limit > 0 && c.Distance > limit) {
		return nil, refuse("R-MEAS-1", ErrNotAllowed, fmt.Sprintf("%s moves at most %v with %s", ch.Name, limit, c.How))
	}
	var poison []Event
	evs := spend(c.Ref, ch, cost, string(c.How), &poison)
	evs = append(evs, Moved{Ref: c.Ref, How: c.How, Distance: c.Distance})
	for _, e := range c.Engage {
		o, err := inPlay(s, e)
		if err != nil {
			return nil, err
		}
		if e.Side == c.Ref.Side {
			return nil, refuse("R-ATK-8", ErrNotAllowed, fmt.Sprintf("%s is a friend: melee is with enemies", o.Name))
		}
		evs = append(evs, Engagement{A: c.Ref, B: e, Engaged: true})
	}
	return settle(s, append(evs, poison...)), nil
}

// Attack is an attack by the active character: in melee against an enemy in base contact
// (R-ATK-8), or ranged (R-ATK-6) when it has a Ranged Attack or uses a ranged special
// ability. The defender's reaction is declared with it (R-ACT table). Cost is the action
// cost (0: the basic attack's 2); Ability names the special ability used (none under Seal,
// R-STATE-6); Magic is a Magic or Ki attack (it hurts Intangible characters, R-CAP-3).
// Shield is a friend of the target that takes a ranged attack instead (R-ATK-10). Path is
// what the target crosses when the attacker's Knockback throws it (R-CAP-4, R-CAP-5).
type Attack struct {
	Attacker      Ref
	Target        Ref
	Ranged        bool
	Mods          Modifiers
	Reaction      Reaction
	GnosisAttack  bool
	GnosisDefense bool
	Cost          int
	Ability       string
	Magic         bool
	Shield        *Ref
	Path          []Crossing
	Area          []AreaTarget
}

// AreaTarget is a character inside the area of an area ranged attack and whether it dodges.
// R-ATK-7: only a hit on the primary target makes the area; then every character in it may
// dodge; a human shield may take the shot, never the area.
type AreaTarget struct {
	Ref   Ref
	Dodge bool
}

func (c Attack) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Attacker)
	if err != nil {
		return nil, err
	}
	cost := c.Cost
	if cost == 0 {
		cost = CostAttack
	}
	action := MeleeAttack
	if c.Ranged {
		action = RangedAttack
		if ch.Range == 0 && c.Ability == "" {
			return nil, refuse("R-ATK-6", ErrNotAllowed, fmt.Sprintf("%s has no Ranged Attack", ch.Name))
		}
		if len(ch.Engaged) > 0 {
			return nil, refuse("R-ATK-6", ErrEngaged, fmt.Sprintf("%s is engaged in melee: no ranged attacks", ch.Name))
		}
	} else if !ch.EngagedWith(c.Target) {
		t, _ := s.Character(c.Target)
		return nil, refuse("R-ATK-8", ErrNotAllowed, fmt.Sprintf("%s is not in base contact with %s: charge or move first", ch.Name, t.Name))
	}
	target := c.Target
	var pre []Event
	if c.Shield != nil {
		if !c.Ranged {
			return nil, refuse("R-ATK-10", ErrNotAllowed, "a human shield takes ranged attacks only")
		}
		if s.Edition == Alpha && c.Mods.Elevated {
			return nil, refuse("R-ATK-6", ErrNotAllowed, "a shot from an elevated position cannot be taken by a human shield")
		}
		sh, err := inPlay(s, *c.Shield)
		if err != nil {
			return nil, err
		}
		if c.Shield.Side != c.Target.Side || *c.Shield == c.Target {
			return nil, refuse("R-ATK-10", ErrNotAllowed, fmt.Sprintf("%s can shield only a friend", sh.Name))
		}
		target = *c.Shield
	}
	return resolveAttack(s, d, attackArgs{
		attacker: c.Attacker, target: target, action: action, cost: cost, what: orDefault(c.Ability, string(action)),
		ability: c.Ability, magic: c.Magic, reaction: c.Reaction, gnosisA: c.GnosisAttack, gnosisD: c.GnosisDefense,
		mod: attackMod(s, ch, action, c.Mods, target), path: c.Path, pre: pre, area: c.Area,
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

type attackArgs struct {
	attacker, target Ref
	action           ActionKind
	cost             int
	what, ability    string
	magic            bool
	reaction         Reaction
	gnosisA, gnosisD bool
	mod              int
	path             []Crossing
	pre              []Event // events before the attack (a charge's movement)
	throwNotHurt     bool    // Push and Slam: a hit throws instead of damaging
	area             []AreaTarget
}

// resolveAttack checks and resolves one attack with its reaction, counterattack, knockback
// and poison. R-ATK-1..11, R-CAP-2..5, R-STATE-3, R-STATE-6, R-STATE-8, R-HIDE-1, R-GNO-2.
func resolveAttack(s State, d Die, a attackArgs) ([]Event, error) {
	ch, _ := s.Character(a.attacker)
	tg, err := inPlay(s, a.target)
	if err != nil {
		return nil, err
	}
	if a.target.Side == a.attacker.Side {
		return nil, refuse("R-ATK-1", ErrNotAllowed, fmt.Sprintf("%s is a friend of %s", tg.Name, ch.Name))
	}
	if tg.Hidden {
		return nil, refuse("R-HIDE-1", ErrHidden, fmt.Sprintf("%s is hidden: it cannot be targeted until found", tg.Name))
	}
	if a.ability != "" && ch.States[Seal] > 0 {
		return nil, refuse("R-STATE-6", ErrNotAllowed, fmt.Sprintf("%s is sealed: no special abilities", ch.Name))
	}
	if err := canSpend(ch, a.cost, a.what); err != nil {
		return nil, err
	}
	reaction := a.reaction
	if reaction == "" {
		reaction = NoReaction
	}
	reactCost := map[Reaction]int{Dodge: CostDodge, Counterattack: CostCounter}[reaction]
	if reaction != NoReaction {
		switch {
		case reaction == Counterattack && a.action == RangedAttack:
			return nil, refuse("R-ATK-6", ErrNotAllowed, "no counterattack against a ranged attack: dodge instead")
		case tg.Caps.DamageAccumulator:
			return nil, refuse("R-CAP-2", ErrNotAllowed, fmt.Sprintf("%s is a damage accumulator: it cannot dodge or counterattack", tg.Name))
		case tg.States[Berserker] > 0:
			return nil, refuse("R-STATE-8", ErrNotAllowed, fmt.Sprintf("%s is a Berserker: no defensive actions", tg.Name))
		}
		if err := canSpend(tg, reactCost, string(reaction)); err != nil {
			return nil, err
		}
	}
	spent := map[int]int{}
	evs := append([]Event(nil), a.pre...)
	for _, g := range []struct {
		side int
		use  bool
	}{{a.attacker.Side, a.gnosisA}, {a.target.Side, a.gnosisD && reaction != NoReaction}} {
		e, err := gnosis(s, g.side, g.use, spent)
		if err != nil {
			return nil, err
		}
		evs = append(evs, e...)
	}
	if a.gnosisD && reaction == NoReaction {
		return nil, refuse("R-GNO-2", ErrNotAllowed, "Gnosis is spent on a roll: the defender rolls only to dodge or counterattack")
	}
	var poison []Event
	evs = append(evs, spend(a.attacker, ch, a.cost, a.what, &poison)...)
	evs = append(evs, spend(a.target, tg, reactCost, string(reaction), &poison)...)

	spec := specFor(s.Edition, ch, tg, a.action, a.mod, reaction, a.gnosisA, a.gnosisD)
	ar, err := rollSafe(d, spec.AttackDice()-b2i(a.gnosisA), a.gnosisA)
	if err != nil {
		return nil, err
	}
	var dr *Roll
	dv := 0
	if reaction != NoReaction {
		r, err := rollSafe(d, 1, a.gnosisD)
		if err != nil {
			return nil, err
		}
		dr, dv = &r, r.Kept
	}
	out := spec.Resolve(ar.Kept, dv)
	if tg.Caps.Intangible && !a.magic && ch.Level <= tg.Level {
		out.LPLoss = 0 // weapons pass through (R-CAP-3)
	}
	if a.throwNotHurt {
		out.LPLoss = 0
	}
	evs = append(evs, AttackResolved{Attacker: a.attacker, Target: a.target, Action: a.action, Reaction: reaction, Attack: ar, Defense: dr, Outcome: out})
	if out.LPLoss > 0 {
		evs = append(evs, LPChanged{Ref: a.target, Delta: -out.LPLoss, Why: "attack"})
	}
	if out.Hit && !tg.Caps.Intangible {
		throw := Centimetres(0)
		switch {
		case a.throwNotHurt:
			throw = KnockbackPer * Centimetres(out.Damage)
		case ch.Caps.Knockback && out.LPLoss > 0:
			throw = KnockbackPer * Centimetres(out.LPLoss)
		}
		if throw > 0 {
			kb, err := knockback(s, d, a.target, tg, throw, a.path)
			if err != nil {
				return nil, err
			}
			evs = append(evs, kb...)
		}
	}
	if len(a.area) > 0 {
		if a.action != RangedAttack {
			return nil, refuse("R-ATK-7", ErrNotAllowed, "an area attack is a ranged attack")
		}
		if out.Hit {
			area, err := areaHits(s, d, a, ch, ar.Kept, &poison)
			if err != nil {
				return nil, err
			}
			evs = append(evs, area...)
		}
	}
	if out.Counter {
		// R-ACT table: the defender makes a free attack at -2.
		free := specFor(s.Edition, tg, ch, MeleeAttack, -2, NoReaction, false, false)
		fr, err := rollSafe(d, 1, false)
		if err != nil {
			return nil, err
		}
		fo := free.Resolve(fr.Kept, 0)
		if ch.Caps.Intangible && tg.Level <= ch.Level {
			fo.LPLoss = 0
		}
		evs = append(evs, AttackResolved{Attacker: a.target, Target: a.attacker, Action: MeleeAttack, Reaction: NoReaction, Attack: fr, Outcome: fo, Free: true})
		if fo.LPLoss > 0 {
			evs = append(evs, LPChanged{Ref: a.attacker, Delta: -fo.LPLoss, Why: "counterattack"})
		}
	}
	evs = settle(s, append(evs, poison...))
	return append(evs, deaths(s, d, evs)...), nil
}

// areaHits resolves the area of an area attack (R-ATK-7) with the attacker's kept die:
// every character in it may dodge with its own roll.
func areaHits(s State, d Die, a attackArgs, ch Character, attackDie int, poison *[]Event) ([]Event, error) {
	var evs []Event
	for _, t := range a.area {
		if t.Ref == a.target {
			continue
		}
		tc, err := inPlay(s, t.Ref)
		if err != nil {
			return nil, err
		}
		reaction := NoReaction
		if t.Dodge {
			if tc.Caps.DamageAccumulator || tc.States[Berserker] > 0 {
				return nil, refuse("R-ATK-7", ErrNotAllowed, fmt.Sprintf("%s cannot dodge", tc.Name))
			}
			if err := canSpend(tc, CostDodge, "dodge"); err != nil {
				return nil, err
			}
			reaction = Dodge
			evs = append(evs, spend(t.Ref, tc, CostDodge, "dodge", poison)...)
		}
		spec := specFor(s.Edition, ch, tc, RangedAttack, a.mod, reaction, false, false)
		var dr *Roll
		dv := 0
		if reaction == Dodge {
			r, err := rollSafe(d, 1, false)
			if err != nil {
				return nil, err
			}
			dr, dv = &r, r.Kept
		}
		o := spec.Resolve(attackDie, dv)
		evs = append(evs, AttackResolved{Attacker: a.attacker, Target: t.Ref, Action: RangedAttack, Reaction: reaction, Attack: Roll{Dice: []int{attackDie}, Kept: attackDie}, Defense: dr, Outcome: o})
		if o.LPLoss > 0 && !(tc.Caps.Intangible && !a.magic && ch.Level <= tc.Level) {
			evs = append(evs, LPChanged{Ref: t.Ref, Delta: -o.LPLoss, Why: "area"})
		}
	}
	return evs, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// specFor builds the numbers of an attack from the characters and their states: Berserker
// +1 Attack and Damage (R-STATE-8), Blind -4 Attack (R-STATE-6), Shield +4 Armor
// (R-STATE-3); a damage accumulator defends with its base Defense (R-CAP-2).
func specFor(e Edition, att, def Character, action ActionKind, mod int, r Reaction, ga, gd bool) AttackSpec {
	sp := AttackSpec{Edition: e, Action: action, Attack: att.Attack, Damage: att.Damage, Defense: def.Defense, Armor: def.Armor,
		Mod: mod, Reaction: r, GnosisAttack: ga, GnosisDefense: gd, CritOn: att.CritOn}
	if sp.CritOn == 0 {
		sp.CritOn = 10
	}
	if att.States[Berserker] > 0 {
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

// knockback throws the target (R-CAP-4) along the path and applies the falls table
// (R-CAP-5): damage that armor never reduces, Stunned (alpha, R-STATE-9; not a damage
// accumulator), and a struck base's 1 LP.
func knockback(s State, d Die, r Ref, tg Character, dist Centimetres, path []Crossing) ([]Event, error) {
	went, impacts, err := Throw(dist, path, d)
	if err != nil {
		return nil, err
	}
	for _, im := range impacts {
		if im.Kind == Base {
			if _, err := inPlay(s, im.Ref); err != nil {
				return nil, err
			}
		}
	}
	evs := []Event{KnockedBack{Ref: r, Distance: went, Met: impacts}}
	if went > 0 {
		for _, e := range tg.Engaged { // thrown out of base contact
			evs = append(evs, Engagement{A: r, B: e, Engaged: false})
		}
	}
	stunned := false
	for _, im := range impacts {
		if im.Damage > 0 {
			evs = append(evs, LPChanged{Ref: r, Delta: -im.Damage, Why: "fall"})
		}
		if im.StruckDamage > 0 {
			evs = append(evs, LPChanged{Ref: im.Ref, Delta: -im.StruckDamage, Why: "struck"})
		}
		stunned = stunned || im.Stunned
	}
	if stunned && s.Edition == Alpha && !tg.Caps.DamageAccumulator && !tg.Activated && tg.States[Stunned] == 0 && !tg.Caps.ImmuneTo(Stunned) {
		evs = append(evs, StateChanged{Ref: r, State: Stunned, Delta: 1})
	}
	return evs, nil
}

// deaths adds, for every summon that the events bring to 0 LP, its summoner's Shock check
// (R-SUM-5): d10 + Shock, a positive result is LP lost, armor does not apply.
func deaths(s State, d Die, evs []Event) []Event {
	after := s.Clone()
	for _, ev := range evs {
		fold(&after, ev)
	}
	var out []Event
	for side := range s.Sides {
		for i, before := range s.Sides[side].Characters {
			now := after.Sides[side].Characters[i]
			if before.InPlay() && !now.InPlay() && now.Summon {
				out = append(out, shock(after, d, Ref{side, i}, now)...)
			}
		}
	}
	return out
}

func shock(s State, d Die, r Ref, summon Character) []Event {
	master, ok := s.Character(summon.Summoner)
	if !ok || !master.InPlay() {
		return nil
	}
	roll, err := rollSafe(d, 1, false)
	if err != nil {
		return nil // no die: the shock is entered by hand
	}
	total := roll.Kept + summon.Shock
	evs := []Event{Rolled{Ref: summon.Summoner, Check: "shock", Roll: roll, Total: total, Success: total <= 0}}
	if total > 0 {
		evs = append(evs, LPChanged{Ref: summon.Summoner, Delta: -min(total, master.LP), Why: "shock"})
	}
	return evs
}

// Charge is a run straight at an enemy and an attack with +2: one die in core, two kept best
// in alpha (R-ATK table). It is the turn's movement, needs the charger free of melee, and
// not against an enemy already engaged with it. A charge whose Distance is beyond the run
// falls short: actions spent, no attack (R-MEAS-1). InterceptedBy is an enemy of the charger
// that steps into the charge line (R-ATK-9) and takes the attack. Nearest are the enemies
// nearest the charger as measured on the table (package geom; several when tied), when the
// positions are known: a Berserker charges one of them (R-STATE-8).
type Charge struct {
	Attacker      Ref
	Target        Ref
	Distance      Centimetres
	Mods          Modifiers
	Reaction      Reaction
	GnosisAttack  bool
	GnosisDefense bool
	Cost          int
	Ability       string
	Magic         bool
	InterceptedBy *Ref
	Path          []Crossing
	Slam          bool  // alpha Slam: throws the target back instead of damaging
	Nearest       []Ref // the enemies nearest the charger, when measured
}

func (c Charge) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Attacker)
	if err != nil {
		return nil, err
	}
	what, cost := "charge", c.Cost
	if c.Slam {
		what = "slam"
		if s.Edition != Alpha {
			return nil, refuse("R-ACT-2", ErrEdition, "Slam is an alpha action: choose the alpha edition")
		}
	}
	if cost == 0 {
		cost = CostCharge
	}
	if err := canMove(ch, what); err != nil {
		return nil, err
	}
	if ch.EngagedWith(c.Target) {
		return nil, refuse("R-ATK-8", ErrNotAllowed, "no charge against an enemy already engaged with the charger")
	}
	if ch.States[Berserker] > 0 && len(c.Nearest) > 0 && !slices.Contains(c.Nearest, c.Target) {
		near, _ := s.Character(c.Nearest[0])
		return nil, refuse("R-STATE-8", ErrNotAllowed, fmt.Sprintf("%s is a Berserker: it charges the nearest enemy, %s", ch.Name, near.Name))
	}
	if err := canSpend(ch, cost, what); err != nil {
		return nil, err
	}
	target := c.Target
	var pre []Event
	if c.InterceptedBy != nil {
		ic, err := inPlay(s, *c.InterceptedBy)
		if err != nil {
			return nil, err
		}
		switch {
		case c.InterceptedBy.Side == c.Attacker.Side:
			return nil, refuse("R-ATK-9", ErrNotAllowed, fmt.Sprintf("%s is a friend of the charger", ic.Name))
		case len(ic.Engaged) > 0:
			return nil, refuse("R-ATK-9", ErrEngaged, fmt.Sprintf("%s is engaged in melee: it cannot intercept", ic.Name))
		case ic.Intercepted:
			return nil, refuse("R-ATK-9", ErrAlreadyDone, fmt.Sprintf("%s has already intercepted a charge this turn", ic.Name))
		case ic.FreeMoved:
			return nil, refuse("R-ATK-9", ErrAlreadyDone, fmt.Sprintf("%s has already used its free movement this turn", ic.Name))
		case ch.Caps.Flight && !ic.Caps.Flight:
			return nil, refuse("R-ATK-9", ErrNotAllowed, "only flyers intercept a flyer's charge")
		case ic.Hidden:
			return nil, refuse("R-HIDE-1", ErrHidden, fmt.Sprintf("%s is hidden: a hidden character cannot intercept", ic.Name))
		}
		target = *c.InterceptedBy
		pre = append(pre, InterceptDeclared{Ref: target, Charger: c.Attacker}, HiddenSet{Ref: target, Hidden: false})
	}
	if c.Distance < 0 {
		return nil, refuse("R-MEAS-1", ErrNotAllowed, "a charge covers 0 cm or more")
	}
	if ch.Run > 0 && c.Distance > ch.Run {
		var poison []Event
		evs := spend(c.Attacker, ch, cost, what, &poison)
		evs = append(evs, Moved{Ref: c.Attacker, How: MoveCharge, Distance: ch.Run})
		return settle(s, append(evs, poison...)), nil
	}
	if _, err := inPlay(s, target); err != nil {
		return nil, err
	}
	pre = append(pre, Moved{Ref: c.Attacker, How: MoveCharge, Distance: c.Distance})
	if !c.Slam {
		pre = append(pre, Engagement{A: c.Attacker, B: target, Engaged: true})
	}
	return resolveAttack(s, d, attackArgs{
		attacker: c.Attacker, target: target, action: ChargeAttack, cost: cost, what: orDefault(c.Ability, what),
		ability: c.Ability, magic: c.Magic, reaction: c.Reaction, gnosisA: c.GnosisAttack, gnosisD: c.GnosisDefense,
		mod: 2 + c.Mods.Other, path: c.Path, pre: pre, throwNotHurt: c.Slam,
	})
}

// Push (alpha) is a melee attack, the turn's movement, whose success pushes the target
// Damage + SL inches instead of damaging it (R-ACT table, R-CAP-5).
type Push struct {
	Attacker      Ref
	Target        Ref
	Reaction      Reaction
	GnosisAttack  bool
	GnosisDefense bool
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
		return nil, refuse("R-ACT-2", ErrAlreadyDone, fmt.Sprintf("%s has already moved this turn: Push is a movement", ch.Name))
	}
	if !ch.EngagedWith(c.Target) {
		return nil, refuse("R-ATK-8", ErrNotAllowed, fmt.Sprintf("%s pushes only an enemy in base contact", ch.Name))
	}
	return resolveAttack(s, d, attackArgs{
		attacker: c.Attacker, target: c.Target, action: MeleeAttack, cost: CostPush, what: "push",
		reaction: c.Reaction, gnosisA: c.GnosisAttack, gnosisD: c.GnosisDefense, path: c.Path,
		pre: []Event{Moved{Ref: c.Attacker, How: MovePush}}, throwNotHurt: true,
	})
}

// Escape spends 1 action to leave melee: d10 >= 6 (alpha modifiers: Prowler +1, run of 16 in
// or more +1, medium or large base +2, engaged with 2 enemies -1, with 3 or more -2). An
// Intangible character leaves without spending actions unless an opponent is Intangible too
// (R-CAP-3).
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
		return nil, refuse("R-ACT-3", ErrNotAllowed, fmt.Sprintf("%s is not engaged in melee", ch.Name))
	}
	leave := func() []Event {
		var evs []Event
		for _, e := range ch.Engaged {
			evs = append(evs, Engagement{A: c.Ref, B: e, Engaged: false})
		}
		return evs
	}
	if ch.Caps.Intangible {
		free := true
		for _, e := range ch.Engaged {
			if o, _ := s.Character(e); o.Caps.Intangible {
				free = false
			}
		}
		if free {
			return leave(), nil
		}
	}
	if err := canSpend(ch, CostEscape, "escape"); err != nil {
		return nil, err
	}
	evs, err := gnosis(s, c.Ref.Side, c.Gnosis, map[int]int{})
	if err != nil {
		return nil, err
	}
	mod := 0
	if s.Edition == Alpha {
		if ch.Prowler {
			mod++
		}
		if ch.Run >= Inches(16) {
			mod++
		}
		if ch.BaseSize == "medium" || ch.BaseSize == "large" {
			mod += 2
		}
		switch n := len(ch.Engaged); {
		case n == 2:
			mod--
		case n >= 3:
			mod -= 2
		}
	}
	var poison []Event
	evs = append(evs, spend(c.Ref, ch, CostEscape, "escape", &poison)...)
	r, err := rollSafe(d, 1, c.Gnosis)
	if err != nil {
		return nil, err
	}
	ok := r.Kept+mod >= 6
	evs = append(evs, Rolled{Ref: c.Ref, Check: "escape", Roll: r, Total: r.Kept + mod, Success: ok})
	if ok {
		evs = append(evs, leave()...)
	}
	return settle(s, append(evs, poison...)), nil
}

// Seek spends 1 action, once per turn: d10 >= 8 (core) or 7 (alpha) reveals the hidden
// enemies given (those in the seeker's zone of control and line of sight). R-ACT-2, R-HIDE-1.
type Seek struct {
	Ref     Ref
	Gnosis  bool
	Targets []Ref
}

func (c Seek) decide(s State, d Die) ([]Event, error) {
	ch, err := active(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if ch.Sought {
		return nil, refuse("R-ACT-2", ErrAlreadyDone, fmt.Sprintf("%s has already sought this turn", ch.Name))
	}
	if err := canSpend(ch, CostSeek, "seek"); err != nil {
		return nil, err
	}
	evs, err := gnosis(s, c.Ref.Side, c.Gnosis, map[int]int{})
	if err != nil {
		return nil, err
	}
	var poison []Event
	evs = append(evs, spend(c.Ref, ch, CostSeek, "seek", &poison)...)
	evs = append(evs, Sought{Ref: c.Ref})
	need := 8
	if s.Edition == Alpha {
		need = 7
	}
	r, err := rollSafe(d, 1, c.Gnosis)
	if err != nil {
		return nil, err
	}
	evs = append(evs, Rolled{Ref: c.Ref, Check: "seek", Roll: r, Total: r.Kept, Success: r.Kept >= need})
	if r.Kept >= need {
		for _, t := range c.Targets {
			tc, err := lookup(s, t)
			if err != nil {
				return nil, err
			}
			if t.Side != c.Ref.Side && tc.Hidden {
				evs = append(evs, HiddenSet{Ref: t, Hidden: false})
			}
		}
	}
	return settle(s, append(evs, poison...)), nil
}

// Hide hides or reveals a character by hand (an ability such as Stealth, or a found
// character). A character cannot hide inside an enemy's zone of control (R-HIDE-1).
type Hide struct {
	Ref          Ref
	Hidden       bool
	InEnemyZoC   bool
	FromActivity bool
}

func (c Hide) decide(s State, _ Die) ([]Event, error) {
	ch, err := inPlay(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if c.Hidden && c.InEnemyZoC {
		return nil, refuse("R-HIDE-1", ErrNotAllowed, fmt.Sprintf("%s is inside an enemy's zone of control: it cannot hide there", ch.Name))
	}
	if ch.Hidden == c.Hidden {
		return nil, nil
	}
	return []Event{HiddenSet{Ref: c.Ref, Hidden: c.Hidden}}, nil
}

// UseCard counts a use of a character's Equipment or Power card (Delta 1), or takes a counted
// use back (Delta -1). Some cards have limited uses (R-PARTY-9), printed on the card: the
// player reads the limit there. The actions a card costs are spent as actions are (AdjustActions),
// or by the ability it gives (UseAbility). Errors: the character is not in play, has no such
// card, or has not used it (taking a use back).
type UseCard struct {
	Ref   Ref
	Card  string
	Delta int
}

func (c UseCard) decide(s State, _ Die) ([]Event, error) {
	ch, err := inPlay(s, c.Ref)
	if err != nil {
		return nil, err
	}
	name, err := countCard(ch.Cards, ch.Name, c.Card, c.Delta, "used")
	if err != nil {
		return nil, err
	}
	return []Event{CardUsed{Ref: c.Ref, Card: name, Delta: c.Delta}}, nil
}

// countCard finds the card called name (in any case) among an owner's cards and checks that
// delta, one use (or play) more or less, keeps its count at 0 or more; it returns the card's
// own name. R-PARTY-9.
func countCard(cards []CardInPlay, owner, name string, delta int, used string) (string, error) {
	if delta != 1 && delta != -1 {
		return "", refuse("R-PARTY-9", ErrNotAllowed, fmt.Sprintf("a card counts one at a time, not %+d", delta))
	}
	for _, card := range cards {
		if !strings.EqualFold(card.Name, name) {
			continue
		}
		if card.Used+delta < 0 {
			return "", refuse("R-PARTY-9", ErrNotAllowed, fmt.Sprintf("%s has not %s %s", owner, used, card.Name))
		}
		return card.Name, nil
	}
	return "", refuse("R-PARTY-9", ErrNotAllowed, fmt.Sprintf("%s has no card %q", owner, name))
}

// PlayCard marks one of a side's Plot or Team cards played (Delta 1), or takes a play back
// (Delta -1). Plot cards stay hidden in hand until played, at any time unless the card says
// otherwise (R-PARTY-9); the tracker keeps which were played. Errors: the side has no such
// card, or it was not played (taking a play back).
type PlayCard struct {
	Side  int
	Card  string
	Delta int
}

func (c PlayCard) decide(s State, _ Die) ([]Event, error) {
	if c.Side < 0 || c.Side > 1 {
		return nil, refuse("R-SETUP-4", ErrNoSuchCharacter, fmt.Sprintf("no side %d", c.Side+1))
	}
	sd := s.Sides[c.Side]
	name, err := countCard(sd.Cards, sd.Name, c.Card, c.Delta, "played")
	if err != nil {
		return nil, err
	}
	return []Event{SideCardPlayed{Side: c.Side, Card: name, Delta: c.Delta}}, nil
}

// UseAbility uses a special ability of the active character (or a reactive one of another
// character, Reactive): it spends Cost actions (none under Seal, R-STATE-6); with Upkeep it
// stays active, paid each Maintenance phase (R-TURN-3). With a State it puts Level counters
// of that state on Target (R-STATE-1), after a Resistance check when Difficulty is more than
// 0 (R-RES-1: d10 + Resistance, +4 with Protection, beating the difficulty resists); an
// immune target is unaffected (R-CAP-1). Heal gives LP back, up to the starting LP.
type UseAbility struct {
	Ref          Ref
	Ability      string
	Cost         int
	Upkeep       bool
	Reactive     bool
	Target       *Ref
	State        *StateKind
	Level        int
	Difficulty   int
	GnosisResist bool
	Heal         int
}

func (c UseAbility) decide(s State, d Die) ([]Event, error) {
	ch, err := actor(s, c.Ref, c.Reactive)
	if err != nil {
		return nil, err
	}
	if ch.States[Seal] > 0 {
		return nil, refuse("R-STATE-6", ErrNotAllowed, fmt.Sprintf("%s is sealed: no special abilities", ch.Name))
	}
	if c.Cost < 0 {
		return nil, refuse("R-ACT-1", ErrNotAllowed, "an ability costs 0 actions or more")
	}
	if err := canSpend(ch, c.Cost, c.Ability); err != nil {
		return nil, err
	}
	var poison []Event
	evs := spend(c.Ref, ch, c.Cost, c.Ability, &poison)
	if c.Upkeep {
		evs = append(evs, UpkeepSet{Ref: c.Ref, Ability: c.Ability, Cost: max(c.Cost, 1), Kept: true})
	}
	if c.Target != nil {
		tg, err := inPlay(s, *c.Target)
		if err != nil {
			return nil, err
		}
		if tg.Hidden && c.Target.Side != c.Ref.Side {
			return nil, refuse("R-HIDE-1", ErrHidden, fmt.Sprintf("%s is hidden: it cannot be targeted until found", tg.Name))
		}
		if c.Target.Side != c.Ref.Side {
			evs = append(evs, HiddenSet{Ref: c.Ref, Hidden: false}) // an offensive act reveals
		}
		affected := true
		if c.State != nil && tg.Caps.ImmuneTo(*c.State) {
			affected = false
		}
		if affected && c.Difficulty > 0 {
			g, err := gnosis(s, c.Target.Side, c.GnosisResist, map[int]int{})
			if err != nil {
				return nil, err
			}
			evs = append(evs, g...)
			r, err := rollSafe(d, 1, c.GnosisResist)
			if err != nil {
				return nil, err
			}
			total := r.Kept + tg.Resistance
			if tg.States[Protection] > 0 {
				total += 4
			}
			resisted := total > c.Difficulty
			evs = append(evs, Rolled{Ref: *c.Target, Check: "resistance", Roll: r, Total: total, Success: resisted})
			affected = !resisted
		}
		if affected && c.State != nil && c.Level > 0 {
			evs = append(evs, StateChanged{Ref: *c.Target, State: *c.State, Delta: c.Level})
		}
		if affected && c.Heal > 0 && tg.LP < tg.MaxLP {
			evs = append(evs, LPChanged{Ref: *c.Target, Delta: min(c.Heal, tg.MaxLP-tg.LP), Why: c.Ability})
		}
	}
	evs = settle(s, append(evs, poison...))
	return append(evs, deaths(s, d, evs)...), nil
}

// DropUpkeep stops sustaining an ability. R-TURN-3.
type DropUpkeep struct {
	Ref     Ref
	Ability string
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
	return nil, refuse("R-TURN-3", ErrNotAllowed, fmt.Sprintf("%s does not sustain %s", ch.Name, c.Ability))
}

// SetState sets a state's counters by hand (the player corrects the table). R-STATE-1.
type SetState struct {
	Ref   Ref
	State StateKind
	Level int
}

func (c SetState) decide(s State, _ Die) ([]Event, error) {
	ch, err := lookup(s, c.Ref)
	if err != nil {
		return nil, err
	}
	if c.State < 0 || c.State >= numStates || c.Level < 0 {
		return nil, refuse("R-STATE-1", ErrNotAllowed, "a state has a known kind and 0 or more counters")
	}
	if c.Level > 0 && ch.Caps.ImmuneTo(c.State) {
		return nil, refuse("R-CAP-1", ErrNotAllowed, fmt.Sprintf("%s is immune to %s", ch.Name, c.State))
	}
	if delta := c.Level - ch.States[c.State]; delta != 0 {
		return []Event{StateChanged{Ref: c.Ref, State: c.State, Delta: delta}}, nil
	}
	return nil, nil
}

// SetEngaged puts two characters in base contact or apart by hand, as they stand on the
// table. R-ATK-8.
type SetEngaged struct {
	A, B    Ref
	Engaged bool
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
