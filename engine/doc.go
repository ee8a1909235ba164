// Package engine holds the rules of Anima Tactics as pure Go: cards, parties and the
// game as a log of facts. It imports nothing from the UI and builds for both native
// and GOOS=js GOARCH=wasm.
//
// A game is a log of events. Commands are wishes; Decide checks a command against the
// current state and either refuses it with a *RuleError citing the rule, or turns it into
// events. The state is a fold over the events, so undo is exact:
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
// Units: distances are Centimetres (1 in = 2.5 cm, as the rulebooks round it), costs are
// levels, damage is Life Points (LP).
package engine
