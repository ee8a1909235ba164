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
//	g, err := engine.NewGame(engine.Setup{
//		Edition: engine.Core,
//		Sides: [2]engine.SideSetup{
//			{Name: "Empire", EncounterLevel: 250, Characters: []engine.Card{claire, yuri}},
//			{Name: "Church", EncounterLevel: 250, Characters: []engine.Card{nero}},
//		},
//	})
//	err = g.Do(engine.AdjustLP{Ref: engine.Ref{Side: 1, Index: 0}, Delta: -3})
//	err = g.Do(engine.AdvancePhase{})   // Recovery -> Maintenance (R-TURN-1)
//	g.Undo()                            // back to before AdvancePhase
//	s := g.State()                      // s.Sides[1].Characters[0].LP == nero.LP.Base-3
//
//	g.Do(engine.AdvancePhase{})         // Maintenance: upkeep, Bind, one counter of each state
//	g.Do(engine.AdvancePhase{})         // Action phase
//	g.Do(engine.BeginActivation{Ref: yuri})
//	g.SetDie(engine.Script(9, 2))       // the dice rolled at the table
//	err = g.Do(engine.Charge{Attacker: yuri, Target: nero, Distance: 25, Reaction: engine.Dodge})
//	choices := engine.Actions(g.State()) // what the active character may do now
//
//	odds, _ := engine.ComputeOdds(engine.AttackSpec{Edition: engine.Core, Action: engine.MeleeAttack,
//		Attack: 5, Damage: 4, Defense: 9, Armor: 2, Reaction: engine.Dodge, CritOn: 10})
//
// Geometry is an input here: distances travelled, who ends in base contact, what a thrown
// model crosses (package gamefile plays whole games written as text).
//
// Units: distances are Centimetres (1 in = 2.5 cm, as the rulebooks round it), costs are
// levels, damage is Life Points (LP).
package engine
