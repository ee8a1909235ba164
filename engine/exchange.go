package engine

import "iter"

// ExchangeSpec is the attack an AttackResolved resolved, as the engine specified it before the
// dice fell: the attacker's and the defender's numbers in s (the state the event follows, their
// states counted as specFor counts them), the modifiers the attack's total shows, Gnosis as the
// number of dice shows, and, on a hit, the Damage and Armor its outcome shows (an ability's or a
// free attack's own numbers among them). ok is false when the spec so made does not give the
// event's outcome from its kept dice (Resolve): a hit that takes no LP whatever the dice (a
// Push, a Slam, a target the attack cannot harm: TestWholeGames finds no other), whose luck
// is only its hit's.
// R-ATK-1 to R-ATK-5, R-GNO-2.
func ExchangeSpec(s State, e AttackResolved) (spec AttackSpec, ok bool) {
	att, ok1 := s.Character(e.Attacker)
	def, ok2 := s.Character(e.Target)
	if !ok1 || !ok2 || len(e.Attack.Dice) == 0 {
		return AttackSpec{}, false
	}
	spec = specFor(s.Edition, att, def, e.Action, 0, e.Reaction, false, false)
	spec.Mod = e.Outcome.Total - e.Attack.Kept - spec.Attack
	spec.GnosisAttack = len(e.Attack.Dice) > spec.AttackDice()
	defenseDie := 0
	if e.Defense != nil {
		defenseDie = e.Defense.Kept
		spec.GnosisDefense = len(e.Defense.Dice) > spec.DefenseDice()
	}
	spec.Defense = e.Outcome.DefenseVal - defenseDie
	if o := e.Outcome; o.Hit {
		spec.Damage = o.Damage - o.SL
		if o.LPLoss > 1 || (o.LPLoss == 1 && !(o.Critical && spec.Edition == Alpha)) {
			spec.Armor = o.Damage - o.LPLoss // else the floor at 0 (or alpha's 1) hides it: the card's
		}
	}
	if spec.Validate() != nil || spec.Resolve(e.Attack.Kept, defenseDie) != e.Outcome {
		return AttackSpec{}, false
	}
	return spec, true
}

// Before walks a log: each entry with the state it follows (read it, do not keep it: the next
// step changes it), in the log's order. The log is trusted as Replay would read it.
func Before(log []Entry) iter.Seq2[Entry, State] {
	return func(yield func(Entry, State) bool) {
		var s State
		for _, e := range log {
			if !yield(e, s) {
				return
			}
			fold(&s, e.Event)
		}
	}
}
