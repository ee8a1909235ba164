package anima

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gnosis/engine/core"
)

func card(name string, level, lp, actions, recovery int) Card {
	return Card{Name: name, Level: level, LP: S(lp), Actions: actions, Recovery: recovery,
		Categories: []Category{Fighter}, Faction: Light, Attack: S(5), Damage: S(5), Defense: S(9), Resistance: S(10)}
}

func newTestGame(t *testing.T) *Game {
	t.Helper()
	g, err := NewGame(Setup{Sides: [2]SideSetup{
		{Name: "Empire", EncounterLevel: 250, Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3), card("Kronen Roxxon", 40, 20, 4, 2)}},
		{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustDo(t *testing.T, g *Game, cs ...Command) {
	t.Helper()
	for _, c := range cs {
		if err := g.Do(c); err != nil {
			t.Fatalf("%T%+v: %v", c, c, err)
		}
	}
}

func wantRule(t *testing.T, err error, rule string, sentinel error) {
	t.Helper()
	var re *core.RuleError
	if !errors.As(err, &re) || re.Rule != rule || !errors.Is(err, sentinel) {
		t.Fatalf("got %v, want a %s refusal wrapping %v", err, rule, sentinel)
	}
}

func TestStat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Stat
		json string
	}{{"5", S(5), `5`}, {"5/2", Stat{5, 2, true}, `"5/2"`}, {" 9/11 ", Stat{9, 11, true}, `"9/11"`}, {"0", S(0), `0`}} {
		got, err := ParseStat(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseStat(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		b, _ := json.Marshal(got)
		var back Stat
		if string(b) != tc.json || json.Unmarshal(b, &back) != nil || back != got {
			t.Errorf("JSON of %v = %s (back %v), want %s", got, b, back, tc.json)
		}
	}
	for _, bad := range []string{"", "x", "-1", "5/", "5/2/1", "1/-2"} {
		if _, err := ParseStat(bad); err == nil {
			t.Errorf("ParseStat(%q) accepted", bad)
		}
	}
}

func TestCentimetres(t *testing.T) {
	if got := Inches(8); got != 20 {
		t.Errorf("8 in = %v, want 20 cm", got)
	}
	if got := Centimetres(30).Inches(); got != 12 {
		t.Errorf("30 cm = %v in, want 12", got)
	}
}

func TestSetup(t *testing.T) {
	t.Run("R-SETUP-4 first turn actions are Recovery + 1, never above the total", func(t *testing.T) {
		g, err := NewGame(Setup{Sides: [2]SideSetup{{Characters: []Card{card("A", 40, 10, 4, 3), card("B", 40, 10, 4, 4)}}}})
		if err != nil {
			t.Fatal(err)
		}
		s := g.State()
		if a, b := s.Sides[0].Characters[0].Actions, s.Sides[0].Characters[1].Actions; a != 4 || b != 4 {
			t.Errorf("actions %d and %d, want 4 (3+1) and 4 (4+1 capped at 4)", a, b)
		}
		if s.Flow.Turn != 1 || s.Flow.Phase != Recovery || s.Turns != StandardTurns || s.Edition != Core {
			t.Errorf("start %+v turns %d edition %q", s.Flow, s.Turns, s.Edition)
		}
	})
	t.Run("a game needs characters (no rule: a bad set-up)", func(t *testing.T) {
		_, err := NewGame(Setup{})
		wantRule(t, err, "", ErrBadSetup)
	})
	t.Run("R-CARD-1 an unplayable card is refused", func(t *testing.T) {
		_, err := NewGame(Setup{Sides: [2]SideSetup{{Characters: []Card{card("Nobody", 40, 0, 4, 3)}}}})
		wantRule(t, err, "R-CARD-1", ErrBadSetup)
		if !errors.Is(err, ErrBadSetup) {
			t.Fatal(err)
		}
	})
	t.Run("an unknown edition is refused, citing no rule", func(t *testing.T) {
		_, err := NewGame(Setup{Edition: "beta", Sides: [2]SideSetup{{Characters: []Card{card("A", 40, 10, 4, 3)}}}})
		wantRule(t, err, "", ErrBadSetup)
	})
}

func TestTurnFlow(t *testing.T) {
	t.Run("R-TURN-1 ten turns of Recovery, Maintenance, Action, then the game ends", func(t *testing.T) {
		g := newTestGame(t)
		var seen []Flow
		for !g.State().Flow.Ended {
			seen = append(seen, g.State().Flow)
			mustDo(t, g, AdvancePhase{})
		}
		if len(seen) != 30 || seen[0] != (Flow{Turn: 1, Phase: Recovery}) || seen[29] != (Flow{Turn: 10, Phase: Action}) {
			t.Fatalf("flows %v", seen)
		}
		for i, f := range seen {
			if f.Turn != i/3+1 || f.Phase != Phase(i%3) {
				t.Errorf("step %d is %v", i, f)
			}
		}
	})
	t.Run("R-TURN-1 the next step and the phases on the way to the next Action phase, as the game goes", func(t *testing.T) {
		g := newTestGame(t)
		for !g.State().Flow.Ended {
			s := g.State()
			next := s.NextFlow()
			var ahead []Phase
			for f := s; ; {
				mustDo(t, g, AdvancePhase{})
				if f = g.State(); f.Flow.Ended {
					ahead = nil
					break
				}
				ahead = append(ahead, f.Flow.Phase)
				if f.Flow.Phase == Action {
					break
				}
			}
			if got := s.PhasesToAction(); !slices.Equal(got, ahead) {
				t.Errorf("at %v: phases ahead %v, the game went through %v", s.Flow, got, ahead)
			}
			if err := g.Undo(); err != nil { // back to s, one step further only
				t.Fatal(err)
			}
			for range len(ahead) - 1 {
				if err := g.Undo(); err != nil {
					t.Fatal(err)
				}
			}
			if g.State().Flow != s.Flow {
				t.Fatalf("undo went to %v, not %v", g.State().Flow, s.Flow)
			}
			mustDo(t, g, AdvancePhase{})
			if g.State().Flow != next {
				t.Errorf("at %v: NextFlow %v, the game went to %v", s.Flow, next, g.State().Flow)
			}
		}
		if last := g.State(); !last.NextFlow().Ended || last.PhasesToAction() != nil {
			t.Errorf("after the game: next %v, ahead %v", last.NextFlow(), last.PhasesToAction())
		}
	})
	t.Run("R-TURN-5 a command after the game is over is refused citing the victory rule", func(t *testing.T) {
		g := newTestGame(t)
		for !g.State().Flow.Ended {
			mustDo(t, g, AdvancePhase{})
		}
		wantRule(t, g.Do(AdvancePhase{}), "R-TURN-5", ErrGameOver)
		wantRule(t, g.Do(AdjustLP{Ref{0, 0}, -1}), "R-TURN-5", ErrGameOver)
	})
	t.Run("R-TURN-2 Recovery adds Recovery actions capped at the total and straightens cards", func(t *testing.T) {
		g := newTestGame(t)
		yuri, kronen, nero := Ref{0, 0}, Ref{0, 1}, Ref{1, 0}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, // to the Action phase of turn 1
			AdjustActions{yuri, -4},   // 4 -> 0
			AdjustActions{kronen, -1}, // 3 -> 2
			SetActivated{yuri, true},
			AdvancePhase{}) // turn 2 Recovery
		s := g.State()
		if s.Flow.Turn != 2 || s.Flow.Phase != Recovery {
			t.Fatalf("flow %v", s.Flow)
		}
		y, k, n := s.Sides[0].Characters[0], s.Sides[0].Characters[1], s.Sides[1].Characters[0]
		if y.Actions != 3 || k.Actions != 4 || n.Actions != 4 {
			t.Errorf("actions after Recovery: Yuri %d (want 0+3), Kronen %d (want 2+2), Nero %d (want 4, capped)", y.Actions, k.Actions, n.Actions)
		}
		if y.Activated {
			t.Error("Yuri's card stays turned after Recovery")
		}
		_ = nero
	})
	t.Run("R-TURN-1 R-TURN-2 R-TURN-3 the phases up to the next Action phase in one gesture, as phase by phase", func(t *testing.T) {
		yuri, nero := Ref{0, 0}, Ref{1, 0}
		setUp := func(g *Game) {
			mustDo(t, g, AdvanceToAction{}) // turn 1: Recovery to Action
			mustDo(t, g, AdjustActions{yuri, -4}, SetState{Ref: nero, State: Shield, Level: 1}, SetActivated{yuri, true})
		}
		one, steps := newTestGame(t), newTestGame(t)
		setUp(one)
		if f := one.State().Flow; f != (Flow{Turn: 1, Phase: Action}) {
			t.Fatalf("from the start: %v", f)
		}
		setUp(steps)
		mustDo(t, one, AdvanceToAction{})
		mustDo(t, steps, AdvancePhase{}, AdvancePhase{}, AdvancePhase{})
		a, b := one.State(), steps.State()
		if a.Flow != (Flow{Turn: 2, Phase: Action}) || !reflect.DeepEqual(a.Sides, b.Sides) || a.Flow != b.Flow {
			t.Fatalf("one gesture: %v %+v\nphase by phase: %v %+v", a.Flow, a.Sides, b.Flow, b.Sides)
		}
		if y := a.Sides[0].Characters[0]; y.Actions != 3 || y.Activated || a.Sides[1].Characters[0].States[Shield] != 0 {
			t.Errorf("Yuri %d actions, activated %v; Nero's Shield %d", y.Actions, y.Activated, a.Sides[1].Characters[0].States[Shield])
		}
		if err := one.Undo(); err != nil || one.State().Flow != (Flow{Turn: 1, Phase: Action}) {
			t.Errorf("one undo takes the whole of it back: %v, %v", err, one.State().Flow)
		}
		kronen := Ref{0, 1} // Yuri's card is turned: his side's Kronen acts
		mustDo(t, one, BeginActivation{Ref: kronen})
		wantRule(t, one.Do(AdvanceToAction{}), "R-TURN-4", ErrNotAllowed)
		mustDo(t, one, EndActivation{Ref: kronen})
		for one.State().Flow.Turn < 10 {
			mustDo(t, one, AdvanceToAction{})
		}
		mustDo(t, one, AdvanceToAction{})
		if !one.State().Flow.Ended {
			t.Errorf("after turn 10's Action phase the game ends: %v", one.State().Flow)
		}
	})
	t.Run("R-TURN-4 cards are turned only in the Action phase", func(t *testing.T) {
		g := newTestGame(t)
		wantRule(t, g.Do(SetActivated{Ref{0, 0}, true}), "R-TURN-4", ErrWrongPhase)
	})
}

func TestCounters(t *testing.T) {
	t.Run("R-ACT-1 actions never go below 0", func(t *testing.T) {
		g := newTestGame(t)
		before := g.Log()
		wantRule(t, g.Do(AdjustActions{Ref{0, 0}, -5}), "R-ACT-1", ErrActionsOutOfRange)
		if !reflect.DeepEqual(before, g.Log()) {
			t.Error("a refused command changed the log")
		}
	})
	t.Run("R-TURN-2 actions never go above the total", func(t *testing.T) {
		g := newTestGame(t)
		wantRule(t, g.Do(AdjustActions{Ref{1, 0}, 1}), "R-TURN-2", ErrActionsOutOfRange)
	})
	t.Run("R-ATK-11 LP never below 0; at 0 the character leaves the levels on the table", func(t *testing.T) {
		g := newTestGame(t)
		nero := Ref{1, 0}
		wantRule(t, g.Do(AdjustLP{nero, -15}), "R-ATK-11", ErrLPOutOfRange)
		mustDo(t, g, AdjustLP{nero, -14})
		s := g.State()
		if s.Sides[1].Characters[0].InPlay() || s.Sides[1].LevelsOnTable() != 0 || s.Sides[0].LevelsOnTable() != 95 {
			t.Errorf("after Nero falls: in play %v, levels %d / %d", s.Sides[1].Characters[0].InPlay(), s.Sides[0].LevelsOnTable(), s.Sides[1].LevelsOnTable())
		}
		wantRule(t, g.Do(AdjustActions{nero, -1}), "R-ATK-11", ErrCharacterRemoved)
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{})
		if got := g.State().Sides[1].Characters[0].Actions; got != 4 {
			t.Errorf("a removed character recovered actions: %d", got)
		}
	})
	t.Run("R-STATE-4 LP never above the starting LP", func(t *testing.T) {
		g := newTestGame(t)
		wantRule(t, g.Do(AdjustLP{Ref{0, 0}, 1}), "R-STATE-4", ErrLPOutOfRange)
	})
	t.Run("an unknown character is refused, citing no rule", func(t *testing.T) {
		g := newTestGame(t)
		wantRule(t, g.Do(AdjustLP{Ref{1, 3}, -1}), "", ErrNoSuchCharacter)
	})
}

func TestVictory(t *testing.T) {
	t.Run("R-TURN-5 most levels on the table wins", func(t *testing.T) {
		g := newTestGame(t)
		if w := g.State().Winner(); w != 0 {
			t.Errorf("95 levels against 50: winner %d", w)
		}
		mustDo(t, g, AdjustLP{Ref{0, 0}, -16})
		if w := g.State().Winner(); w != 1 {
			t.Errorf("40 levels against 50: winner %d", w)
		}
		mustDo(t, g, AdjustLP{Ref{1, 0}, -4}, AdjustLP{Ref{0, 1}, -20})
		if w := g.State().Winner(); w != 1 {
			t.Errorf("0 against 50: winner %d", w)
		}
		mustDo(t, g, AdjustLP{Ref{1, 0}, -10})
		if w := g.State().Winner(); w != -1 {
			t.Errorf("0 against 0: winner %d, want a draw", w)
		}
	})
}

func TestUndo(t *testing.T) {
	g := newTestGame(t)
	if g.CanUndo() || !errors.Is(g.Undo(), core.ErrNothingToUndo) {
		t.Fatal("the start of the game can be undone")
	}
	// Refused as Diskwars refuses: a RuleError, said in the player's language.
	for _, c := range []struct {
		err  error
		want string
	}{{g.Undo(), "nada que deshacer"}, {g.Redo(), "nada que rehacer"}} {
		var re *core.RuleError
		if !errors.As(c.err, &re) || re.In("es") != c.want {
			t.Errorf("undo/redo refused with %#v, want a RuleError saying %q", c.err, c.want)
		}
	}
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdjustActions{Ref{0, 0}, -2}, AdjustLP{Ref{1, 0}, -3})
	before := g.State()
	mustDo(t, g, AdvancePhase{}) // one gesture: the phase and every recovery
	if n := len(g.Log()); n < 7 {
		t.Fatalf("log has %d entries; want the phase and the recoveries", n)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := g.State(); !reflect.DeepEqual(got, before) {
		t.Fatalf("undo gave %+v, want %+v", got, before)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if lp := g.State().Sides[1].Characters[0].LP; lp != 14 {
		t.Fatalf("after undoing the LP tap Nero has %d LP", lp)
	}
}

// roundTrip saves g as JSON and loads it back, as the app does across a reload.
func roundTrip(t *testing.T, g *Game) ([]byte, *Game) {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var back Game
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	return b, &back
}

func TestLogJSON(t *testing.T) {
	g := newTestGame(t)
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetActivated{Ref{0, 1}, true}, AdjustLP{Ref{0, 1}, -5}, AdvancePhase{})
	b, back := roundTrip(t, g)
	if !reflect.DeepEqual(back.Log(), g.Log()) || !reflect.DeepEqual(back.State(), g.State()) {
		t.Fatalf("round trip differs:\n%s", b)
	}
	for name, bad := range map[string]string{
		"unknown kind":      `[{"g":1,"k":"teleport"}]`,
		"no start":          `[{"g":1,"k":"lp","e":{"ref":{"side":0,"index":0},"delta":-1}}]`,
		"unknown character": string(b[:len(b)-1]) + `,{"g":99,"k":"lp","e":{"ref":{"side":1,"index":7},"delta":-1}}]`,
		"two starts":        `[` + string(b[1:len(b)-1]) + `,` + string(b[1:len(b)-1]) + `]`,
		"not json":          `{`,
	} {
		var x Game
		if err := json.Unmarshal([]byte(bad), &x); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// randomCommand picks a command of every kind with random arguments, many of them illegal.
func randomCommand(r *rand.Rand, s State) Command {
	ref := func() Ref { return Ref{Side: r.IntN(2), Index: r.IntN(3)} }
	act := ref()
	if s.Active != nil && r.IntN(4) > 0 {
		act = *s.Active
	}
	enemy := Ref{Side: 1 - act.Side, Index: r.IntN(3)}
	state := StateKind(r.IntN(int(numStates)))
	switch r.IntN(24) {
	case 0:
		return AdjustLP{ref(), r.IntN(9) - 5}
	case 1:
		return AdjustActions{ref(), r.IntN(5) - 3}
	case 2:
		return SetActivated{ref(), r.IntN(2) == 0}
	case 3, 4:
		return AdvancePhase{Nodes: []Ref{ref()}, OutsideZoC: []Ref{ref()}, Drop: []UpkeepDrop{{Ref: ref(), Ability: "Spell"}},
			Gnosis: []GnosisRoll{{Ref: ref(), Check: []CheckKind{CheckDoom, CheckStability, CheckShock}[r.IntN(3)]}}}
	case 5, 6:
		return BeginActivation{Ref: ref()}
	case 7:
		return EndActivation{Ref: act}
	case 8:
		return Move{Ref: act, How: []MoveKind{MoveWalk, MoveRun, MoveFree, MoveClimb}[r.IntN(4)], Distance: Centimetres(r.IntN(35)), Engage: []Ref{enemy}}
	case 9, 10:
		a := Attack{Attacker: act, Target: enemy, Ranged: r.IntN(3) == 0, AttackOptions: AttackOptions{Reaction: []Reaction{NoReaction, Dodge, Counterattack}[r.IntN(3)], GnosisAttack: r.IntN(4) == 0, GnosisDefense: r.IntN(4) == 0, GnosisCounter: r.IntN(4) == 0, GnosisShock: r.IntN(4) == 0, Magic: r.IntN(2) == 0}, Path: []Crossing{{Kind: Wall, At: 3}}}
		if r.IntN(4) == 0 {
			a.Path = append(a.Path, Crossing{Kind: Base, At: 6, Ref: ref(), Yield: r.IntN(3) == 0, Gnosis: r.IntN(3) == 0})
		}
		if a.Ranged && r.IntN(3) == 0 {
			a.Area = []AreaTarget{{Ref: Ref{Side: enemy.Side, Index: r.IntN(3)}, Dodge: r.IntN(2) == 0, Gnosis: r.IntN(3) == 0}}
		}
		return a
	case 11:
		return Charge{Attacker: act, Target: enemy, Distance: Centimetres(r.IntN(40)), AttackOptions: AttackOptions{Reaction: []Reaction{NoReaction, Dodge, Counterattack}[r.IntN(3)]}, Slam: r.IntN(3) == 0, Path: []Crossing{{Kind: Forest, At: 2}}}
	case 12:
		return Push{Attacker: act, Target: enemy, Path: []Crossing{{Kind: Impassable, At: 4}}}
	case 13:
		return Escape{Ref: act, Gnosis: r.IntN(3) == 0}
	case 14:
		return Seek{Ref: act, Targets: []Ref{enemy}}
	case 15:
		return Hide{Ref: ref(), Hidden: r.IntN(2) == 0, InEnemyZoC: r.IntN(3) == 0}
	case 16:
		t := enemy
		return UseAbility{Ref: act, Ability: "Spell", Cost: r.IntN(3), Upkeep: r.IntN(3) / 2, Target: &t, State: &state, Level: r.IntN(3), Difficulty: r.IntN(20), Heal: r.IntN(3)}
	case 17:
		return SetState{Ref: ref(), State: state, Level: r.IntN(3)}
	case 18:
		return SetEngaged{A: ref(), B: ref(), Engaged: r.IntN(2) == 0}
	case 19:
		return CallSummon{Summoner: act, Summon: ref(), PlacementOK: r.IntN(4) > 0}
	case 20:
		return GiveOrder{Arbiter: act, Order: "Order", Cost: r.IntN(3)}
	case 21:
		return UseCard{Ref: ref(), Card: "Blade", Delta: 2*r.IntN(2) - 1}
	case 22:
		return PlayCard{Side: r.IntN(2), Card: "Ambush", Delta: 2*r.IntN(2) - 1}
	}
	return DropUpkeep{Ref: act, Ability: "Spell"}
}

// TestRandomPlay checks invariants over random play with every command: the folded state
// always equals a replay of the log, LP, actions, counters, Gnosis and Bind stay within
// bounds, and refused commands change nothing.
func TestRandomPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 60; game++ {
		ed := []Edition{Core, Alpha}[game%2]
		summoner := card("Caller", 40, 12, 4, 3)
		summoner.SummonerLevel, summoner.Affinity = 1, []string{"Light"}
		arbiter := card("Arbiter", 60, 16, 5, 3)
		arbiter.OrderPoints = 3
		sm := Card{Kind: KindSummon, Name: "Elhaym", Level: 30, LP: S(10), Attack: S(5), Damage: S(4), Defense: S(8), Actions: 4, Recovery: 3, Bind: 2, Stability: 5, Shock: 1, SummonCost: 2, Affinity: []string{"Light"}}
		g, err := NewGame(Setup{Edition: ed, First: game % 2, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{withCaps(card("Knock", 40, 16, 5, 3), "Knockback", "Critical Mastery"), summoner}, Summons: []SummonSetup{{Card: sm, Summoner: 1}},
				Cards: [][]AdvantageCard{{{Name: "Blade", Group: Equipment}}}, SideCards: []AdvantageCard{{Name: "Ambush", Group: Plot}}},
			{Name: "B", EncounterLevel: 300, Characters: []Card{withCaps(card("Ghost", 65, 14, 4, 4), "Intangible", "Immunity (Poison)"), arbiter, withCaps(card("Shooter", 45, 12, 4, 3), "Ranged Attack (16 inches)", "Damage Accumulator")}},
		}})
		if err != nil {
			t.Fatal(err)
		}
		g.SetDie(NewSeededDie(uint64(game)))
		for step := 0; step < 400 && !g.State().Flow.Ended; step++ {
			if r.IntN(12) == 0 {
				_ = g.Undo()
				continue
			}
			c := randomCommand(r, g.State())
			before := g.Log()
			if err := g.Do(c); err != nil {
				var re *core.RuleError
				if !errors.As(err, &re) {
					t.Fatalf("%T refused without a rule: %v", c, err)
				}
				if !reflect.DeepEqual(before, g.Log()) {
					t.Fatalf("refused %T changed the log", c)
				}
			}
			s := g.State()
			replayed, err := Replay(g.Log())
			if err != nil || !reflect.DeepEqual(replayed, s) {
				t.Fatalf("replay differs after %T%+v: %v", c, c, err)
			}
			for side, sd := range s.Sides {
				if sd.Gnosis < 0 || sd.Markers < 0 {
					t.Fatalf("side %d: gnosis %d markers %d", side, sd.Gnosis, sd.Markers)
				}
				for _, card := range sd.Cards {
					if card.Used < 0 {
						t.Fatalf("side %d played %s %d times after %T%+v", side, card.Name, card.Used, c, c)
					}
				}
				for _, ch := range sd.Characters {
					for _, card := range ch.Cards {
						if card.Used < 0 {
							t.Fatalf("%s used %s %d times after %T%+v", ch.Name, card.Name, card.Used, c, c)
						}
					}
					if ch.LP < 0 || ch.LP > ch.MaxLP || ch.Actions < 0 || ch.Actions > ch.MaxActions || ch.Bind < 0 || ch.OrderPoints < 0 || ch.OrderPoints > ch.MaxOrderPoints {
						t.Fatalf("out of bounds after %T%+v: %+v", c, c, ch)
					}
					for k, n := range ch.States {
						if n < 0 {
							t.Fatalf("%s has %d %s counters", ch.Name, n, StateKind(k))
						}
					}
				}
			}
		}
	}
}

// FuzzPlay plays random commands from a fuzzed seed and checks the invariants of random play.
func FuzzPlay(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		r := rand.New(rand.NewPCG(a, b))
		g, err := NewGame(Setup{Edition: []Edition{Core, Alpha}[a%2], Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 200, Characters: []Card{withCaps(card("Knock", 40, 16, 5, 3), "Knockback"), card("B", 40, 12, 4, 3)},
				Cards: [][]AdvantageCard{{{Name: "Blade", Group: Equipment}}}},
			{Name: "B", EncounterLevel: 300, Characters: []Card{withCaps(card("Ghost", 65, 14, 4, 4), "Intangible"), withCaps(card("Shooter", 45, 12, 4, 3), "Ranged Attack (16 inches)")}},
		}})
		if err != nil {
			t.Fatal(err)
		}
		g.SetDie(NewSeededDie(a ^ b))
		for step := 0; step < 200 && !g.State().Flow.Ended; step++ {
			before, was := g.Log(), g.State()
			agreesWithBegin(t, was)
			c := randomCommand(r, was)
			err := g.Do(c)
			if err != nil && !reflect.DeepEqual(before, g.Log()) {
				t.Fatalf("refused %T changed the log", c)
			}
			if err == nil {
				var evs []Event
				for _, e := range g.Log()[len(before):] {
					evs = append(evs, e.Event)
				}
				spendsItsCost(t, was, c, evs)
			}
			s := g.State()
			if replayed, err := Replay(g.Log()); err != nil || !reflect.DeepEqual(replayed, s) {
				t.Fatalf("replay differs after %T: %v", c, err)
			}
			for _, sd := range s.Sides {
				for _, ch := range sd.Characters {
					if ch.LP < 0 || ch.LP > ch.MaxLP || ch.Actions < 0 || ch.Actions > ch.MaxActions {
						t.Fatalf("out of bounds after %T: %+v", c, ch)
					}
				}
			}
		}
	})
}

// FuzzGameLog: no saved log makes loading panic; whatever loads replays to the same state.
func FuzzGameLog(f *testing.F) {
	g, _ := NewGame(Setup{Sides: [2]SideSetup{{Characters: []Card{card("A", 40, 12, 4, 3)}}, {Characters: []Card{card("B", 40, 12, 4, 3)}}}})
	g.Do(AdvancePhase{})
	g.Do(AdjustLP{Ref{1, 0}, -2})
	b, _ := json.Marshal(g)
	f.Add(string(b))
	f.Add(Notation(g.Log()))
	f.Fuzz(func(t *testing.T, text string) {
		var x Game
		if err := json.Unmarshal([]byte(text), &x); err == nil {
			if s, err := Replay(x.Log()); err != nil || !reflect.DeepEqual(s, x.State()) {
				t.Fatalf("loaded log does not replay: %v", err)
			}
			for _, sd := range x.State().Sides { // issue 61: every name of a start cleaned and bounded where it is decoded
				names := []string{sd.Name}
				for _, c := range sd.Characters {
					names = append(names, c.Name)
				}
				for _, n := range names {
					if n != core.CleanText(n) || len(n) > core.MaxStartText {
						t.Fatalf("a name of %d bytes, or not clean: %q", len(n), n)
					}
				}
			}
		}
		if log, err := ParseNotation(text); err == nil {
			if _, err := Replay(log); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestStateIsAValue(t *testing.T) {
	g := newTestGame(t)
	s := g.State()
	s.Sides[0].Characters[0].LP = 1
	if g.State().Sides[0].Characters[0].LP != 16 {
		t.Fatal("changing a returned state changed the game")
	}
}

func TestAllowed(t *testing.T) {
	g := newTestGame(t)
	s := g.State()
	if !Allowed(s, AdjustLP{Ref{0, 0}, -1}) || Allowed(s, AdjustLP{Ref{0, 0}, 1}) || Allowed(s, AdjustLP{Ref{0, 0}, 0}) {
		t.Error("R-ATK-11 Allowed disagrees with Decide on LP")
	}
	if Allowed(s, SetActivated{Ref{0, 0}, true}) {
		t.Error("R-TURN-4 a card can be turned outside the Action phase")
	}
}

// TestMarshalKeepsEntries checks that the JSON MarshalJSON builds from the entries it kept is
// what encoding/json writes for the whole log, through taps, undo, redo and a new tap.
func TestMarshalKeepsEntries(t *testing.T) {
	g := newTestGame(t)
	same := func(step string) {
		t.Helper()
		got, err := g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(gameJSON{Log: g.gameLog.Entries(), Redo: g.gameLog.Undone()})
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("%s: MarshalJSON wrote\n%s\nwant\n%s", step, got, want)
		}
	}
	same("start")
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdjustLP{Ref{0, 1}, -5})
	same("taps")
	mustDo(t, g, AdjustLP{Ref{0, 1}, 2}, AdvancePhase{})
	same("more taps")
	for i := 0; i < 2; i++ {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		same("undo")
	}
	if err := g.Redo(); err != nil {
		t.Fatal(err)
	}
	same("redo")
	mustDo(t, g, AdjustLP{Ref{0, 1}, 1})
	same("a tap after undo")
}
