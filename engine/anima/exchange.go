package anima

import (
	"iter"
	"math"

	"gnosis/engine/core"
)

// ExchangeSpec is the attack an AttackResolved resolved, as the engine specified it before the
// dice fell: the attacker's and the defender's numbers in s (the state the event follows, their
// states counted as specFor counts them), the modifiers the attack's total shows, Gnosis as the
// number of dice shows, and, on a hit, the Damage and Armor its outcome shows (an ability's or a
// free attack's own numbers among them). ok is false when the spec so made does not give the
// event's outcome from its kept dice (Resolve): a hit that takes no LP whatever the dice (a
// Push, a Slam, a target the attack cannot harm: TestWholeGames finds no other), whose luck
// is only its hit's (HitSpec).
// R-ATK-1 to R-ATK-5, R-GNO-2.
func ExchangeSpec(s State, e AttackResolved) (spec AttackSpec, ok bool) {
	spec, defenseDie, ok := rollSpec(s, e)
	if !ok {
		return AttackSpec{}, false
	}
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

// rollSpec is the spec of e's dice in s: the attacker's and the defender's numbers, the
// modifiers its total shows, Gnosis as its dice show, the Defense its reaction's total shows;
// and the defender's kept die (0 without a reaction).
func rollSpec(s State, e AttackResolved) (spec AttackSpec, defenseDie int, ok bool) {
	att, ok1 := s.Character(e.Attacker)
	def, ok2 := s.Character(e.Target)
	if !ok1 || !ok2 || len(e.Attack.Dice) == 0 {
		return AttackSpec{}, 0, false
	}
	spec = specFor(s.Edition, att, def, e.Action, 0, e.Reaction, false, false)
	spec.Mod = e.Outcome.Total - e.Attack.Kept - spec.Attack
	spec.GnosisAttack = len(e.Attack.Dice) > spec.AttackDice()
	if e.Defense != nil {
		defenseDie = e.Defense.Kept
		spec.GnosisDefense = len(e.Defense.Dice) > spec.DefenseDice()
	}
	spec.Defense = e.Outcome.DefenseVal - defenseDie
	return spec, defenseDie, true
}

// HitSpec is ExchangeSpec for an exchange that takes no LP whatever the dice (a Push, a Slam,
// a target the attack cannot harm: a hit with no LP lost), whose luck is only its hit's: the
// spec as ExchangeSpec makes it but for the damage, its Damage 0, checked against the event's
// totals, hit and critical only. ok is false for an exchange that is not a hit with no LP
// lost. Callers ask ExchangeSpec first: a hit whose LP the armor took has its whole spec there.
func HitSpec(s State, e AttackResolved) (spec AttackSpec, ok bool) {
	if !e.Outcome.Hit || e.Outcome.LPLoss != 0 {
		return AttackSpec{}, false
	}
	spec, defenseDie, ok := rollSpec(s, e)
	if !ok {
		return AttackSpec{}, false
	}
	spec.Damage, spec.Armor = 0, 0
	o := spec.Resolve(e.Attack.Kept, defenseDie)
	if spec.Validate() != nil || o.Total != e.Outcome.Total || o.DefenseVal != e.Outcome.DefenseVal || o.Hit != e.Outcome.Hit || o.Critical != e.Outcome.Critical {
		return AttackSpec{}, false
	}
	return spec, true
}

// Before walks a log: each entry with the state it follows (read it, do not keep it: the next
// step changes it), in the log's order. The log is trusted as Replay would read it.
func Before(log []Entry) iter.Seq2[Entry, State] {
	return core.Before(log, func(s *State, e Entry) { fold(s, e.Event) })
}

// CheckChance is the chance a check of the log had of succeeding before its dice fell, as the
// rule that decided it gives it in s (the state the Rolled event follows) from the number of
// dice thrown (Gnosis's among them, the best kept): a Seek succeeds on SeekNeeds or more
// (the R-ACT table), an escape on 6 or more with its modifier (R-ACT-3), a Stability check above the
// summon's Stability (R-SUM-4), a Doom check below 8, the lower die kept (R-STATE-7), a Shock
// check with no LP lost (d10 + Shock at most 0, the lower die kept: R-SUM-5). ok is false for a
// check whose threshold the log does not hold (a Resistance check's difficulty), and where the
// rule so read does not give the event's own result.
func CheckChance(s State, e Rolled) (p float64, ok bool) {
	n := len(e.Roll.Dice)
	if n == 0 {
		return 0, false
	}
	var pass func(v int) bool
	lower := false
	switch e.Check {
	case CheckSeek:
		need := SeekNeeds(s.Edition)
		pass = func(v int) bool { return v >= need }
	case CheckEscape:
		mod := e.Total - e.Roll.Kept
		pass = func(v int) bool { return v+mod >= 6 }
	case CheckStability:
		ch, found := s.Character(e.Ref)
		if !found {
			return 0, false
		}
		pass = func(v int) bool { return v > ch.Stability }
	case CheckDoom:
		lower = true
		pass = func(v int) bool { return v < 8 }
	case CheckShock:
		lower = true
		shock := e.Total - e.Roll.Kept
		pass = func(v int) bool { return v+shock <= 0 }
	default:
		return 0, false
	}
	if pass(e.Roll.Kept) != e.Success {
		return 0, false
	}
	for v := 1; v <= 10; v++ {
		w := keptChance(n, v) // the best of n dice is v (the highest kept)
		if lower {
			w = keptChance(n, 11-v)
		}
		if pass(v) {
			p += w
		}
	}
	return p, true
}

// keptChance is the chance that the highest of n d10 is v: (v/10)^n − ((v−1)/10)^n, each
// power a fraction of 1, so that no count of dice overflows it.
func keptChance(n, v int) float64 {
	return math.Pow(float64(v)/10, float64(n)) - math.Pow(float64(v-1)/10, float64(n))
}

// RollOffChance is each side's chance of winning the roll-off for who acts first that e
// records, before its dice fell, in s (the state it follows): each side's d10 (one more with
// Gnosis, the best kept, as many as its first round threw) plus its Initiative bonus, ties
// rolled again (R-SETUP-5, R-GNO-2). ok is false where the rounds do not give e's winner so.
func RollOffChance(s State, e FirstRolled) (p [2]float64, ok bool) {
	if len(e.Rounds) == 0 {
		return p, false
	}
	var bonus, dice [2]int
	for side := range 2 {
		bonus[side], dice[side] = s.InitiativeBonus(side), len(e.Rounds[0][side].Dice)
		if dice[side] == 0 {
			return p, false
		}
	}
	last := e.Rounds[len(e.Rounds)-1]
	a, b := last[0].Kept+bonus[0], last[1].Kept+bonus[1]
	if a == b || (a > b) != (e.First == 0) {
		return p, false
	}
	var first, second float64
	for va := 1; va <= 10; va++ {
		for vb := 1; vb <= 10; vb++ {
			w := keptChance(dice[0], va) * keptChance(dice[1], vb)
			switch x, y := va+bonus[0], vb+bonus[1]; {
			case x > y:
				first += w
			case y > x:
				second += w
			}
		}
	}
	if first+second == 0 {
		return p, false
	}
	return [2]float64{first / (first + second), second / (first + second)}, true
}
