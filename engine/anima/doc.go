// Package engine holds the rules of Anima Tactics as pure Go: cards, parties and the
// game as a log of facts. It imports nothing from the UI and builds for both native
// and GOOS=js GOARCH=wasm.
//
// A game is a log of events. Commands are wishes; Decide checks a command against the
// current state and either refuses it with a *core.RuleError citing the rule, or turns it into
// events. The state is a fold over the events, so undo is exact. Every die goes through
// the game's one Die (its own, a function of the log's seed and the dice rolled so far, or
// the dice rolled at the table) and the results are facts in the events, so replay and undo
// never roll again, and undo then the same command rolls the same dice. Each action family
// has its file (activation.go, move.go, attack.go, charge.go, ...), decided through one
// accumulator (tx.go); each rule has one home, a "R-X-N (home)" comment:
//
//	g, err := anima.NewGame(anima.Setup{
//		Edition: anima.Core,
//		Sides: [2]anima.SideSetup{
//			{Name: "Empire", EncounterLevel: 250, Characters: []anima.Card{claire, yuri}},
//			{Name: "Church", EncounterLevel: 250, Characters: []anima.Card{nero}},
//		},
//	})
//	err = g.Do(anima.AdjustLP{Ref: anima.Ref{Side: 1, Index: 0}, Delta: -3})
//	err = g.Do(anima.AdvancePhase{})   // Recovery -> Maintenance (R-TURN-1)
//	g.Undo()                            // back to before AdvancePhase
//	s := g.State()                      // s.Sides[1].Characters[0].LP == nero.LP.Base-3
//
//	g.Do(anima.AdvancePhase{})         // Maintenance: upkeep, Bind, one counter of each state
//	g.Do(anima.AdvancePhase{})         // Action phase
//	g.Do(anima.BeginActivation{Ref: yuri})
//	g.SetDie(anima.Script(9, 2))       // the dice rolled at the table
//	err = g.Do(anima.Charge{Attacker: yuri, Target: nero, Distance: 25, AttackOptions: anima.AttackOptions{Reaction: anima.Dodge}})
//	choices := anima.Actions(g.State()) // what the active character may do now
//
//	odds, _ := anima.ComputeOdds(anima.AttackSpec{Edition: anima.Core, Action: anima.MeleeAttack,
//		Attack: 5, Damage: 4, Defense: 9, Armor: 2, Reaction: anima.Dodge, CritOn: 10})
//
// Geometry is an input here: distances travelled, who ends in base contact, what a thrown
// model crosses (package gamefile plays whole games written as text).
//
// Units: distances are Centimetres (1 in = 2.5 cm, as the rulebooks round it), costs are
// levels, damage is Life Points (LP).
package anima
