package anima

import (
	"errors"
	"strings"
	"testing"
)

// The fourth reading of the rulebooks (RULES.md: R-ATK-11, R-STATE-8, R-SETUP-5, R-GNO-1,
// R-SCN-3, R-CAP-5, R-SETUP-7, R-ACT table's Slam): what happens after a kill, and the
// rulings of 2026-11-27. Each subtest is named by its rule and failed before the engine
// followed the ruling, but those the ruling keeps (R-SUM-2, R-SCN-2, R-TURN-5), which pin
// what the engine already did.

// melee is Ann (side 0, a shooter, active, engaged with Bo) and Al against Bo and Cy (side 1,
// Cy a shooter), in the Action phase of turn 1, side 0 first. Each has 12 LP, Attack 5,
// Damage 5, Defense 9, Armor 0.
func melee(t *testing.T, e Edition) *Game {
	t.Helper()
	shooter := func(name string) Card { return withCaps(mover(name), "Ranged Attack (16 inches)") }
	g, err := NewGame(Setup{Edition: e, Sides: [2]SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []Card{shooter("Ann"), mover("Al")}},
		{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo"), shooter("Cy")}}}})
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true}, BeginActivation{Ref{0, 0}})
	return g
}

// outOfPlayHolds fails when a character out of play is still in anyone's contacts, active,
// or a target of anyone.
func outOfPlayHolds(t *testing.T, s State) {
	t.Helper()
	for side, sd := range s.Sides {
		for i, c := range sd.Characters {
			r := Ref{side, i}
			if c.InPlay() {
				for _, e := range c.Engaged {
					if o, _ := s.Character(e); !o.InPlay() {
						t.Errorf("%s is still engaged with %s, out of play", c.Name, o.Name)
					}
				}
				continue
			}
			if len(c.Engaged) > 0 {
				t.Errorf("%s is out of play and engaged with %v", c.Name, c.Engaged)
			}
			if s.Active != nil && *s.Active == r {
				t.Errorf("%s is out of play and active", c.Name)
			}
			for _, x := range Targetable(s, Ref{1 - side, 0}) {
				if x == r {
					t.Errorf("%s is out of play and a target", c.Name)
				}
			}
		}
	}
}

func TestRemovedAtOnce(t *testing.T) {
	ann, al, bo, cy := Ref{0, 0}, Ref{0, 1}, Ref{1, 0}, Ref{1, 1}
	t.Run("R-ATK-11 R-ATK-5 a character killed by the counterattack's free attack in its own activation: its activation ends, the next side activates", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, AdjustLP{Ref: ann, Delta: -10})
		g.SetDie(Script(1, 9, 10)) // Ann 1 + 5 against Bo's 9 + 9: a miss; Bo's free attack 10: a critical
		mustDo(t, g, Attack{Attacker: ann, Target: bo, AttackOptions: AttackOptions{Reaction: Counterattack}})
		s := g.State()
		if a, _ := s.Character(ann); a.InPlay() || s.Active != nil || s.Flow.ActiveSide != 1 {
			t.Fatalf("Ann LP %d, active %v, side %d to pick: want out of play, no one active, side 2", a.LP, s.Active, s.Flow.ActiveSide+1)
		}
		outOfPlayHolds(t, s)
		if len(Actions(s)) == 0 {
			t.Error("no way on after the kill")
		}
		hist := historyText(g, "en")
		if last := hist[len(hist)-1]; !strings.HasPrefix(last, "Ann loses 2 LP") || !strings.HasSuffix(last, "and is out of play") {
			t.Errorf("the history says %q", last)
		}
		if hist := historyText(g, "es"); !strings.HasSuffix(hist[len(hist)-1], "y queda fuera de juego") {
			t.Errorf("in Spanish: %q", hist[len(hist)-1])
		}
		g.SetDie(nil)
		mustDo(t, g, BeginActivation{Ref: bo}) // the game goes on
	})
	t.Run("R-ATK-11 R-STATE-5 a character killed by its own Poison ends its activation", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, SetEngaged{A: ann, B: bo, Engaged: false}, AdjustLP{Ref: ann, Delta: -11}, SetState{Ref: ann, State: Poison, Level: 1},
			Move{Ref: ann, How: MoveWalk, Distance: 10})
		s := g.State()
		if a, _ := s.Character(ann); a.InPlay() || s.Active != nil {
			t.Fatalf("Ann LP %d, active %v: want out of play and no one active", a.LP, s.Active)
		}
		wantRule(t, g.Do(EndActivation{Ref: ann}), "R-ATK-11", ErrCharacterRemoved)
		mustDo(t, g, BeginActivation{Ref: cy})
	})
	t.Run("R-ATK-11 R-ATK-8 R-ACT-3 R-ATK-6 the killer of a model in melee is free: it walks and shoots", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, AdjustLP{Ref: bo, Delta: -11})
		g.SetDie(Script(8))
		mustDo(t, g, Attack{Attacker: ann, Target: bo})
		s := g.State()
		if a, _ := s.Character(ann); len(a.Engaged) != 0 {
			t.Fatalf("Ann engaged with %v after the kill", a.Engaged)
		}
		outOfPlayHolds(t, s)
		if !Allowed(s, Attack{Attacker: ann, Target: cy, Ranged: true}) {
			t.Error("Ann may not shoot after the kill")
		}
		mustDo(t, g, Move{Ref: ann, How: MoveWalk, Distance: 10})
	})
	t.Run("R-ATK-11 R-ATK-6 a shot at a model whose only contact died takes no engaged -1", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, AdjustLP{Ref: bo, Delta: -12}, EndActivation{Ref: ann}, BeginActivation{Ref: cy})
		g.SetDie(Script(4))
		mustDo(t, g, Attack{Attacker: cy, Target: ann, Ranged: true})
		var hit AttackResolved
		for _, e := range g.Log() {
			if a, ok := e.Event.(AttackResolved); ok {
				hit = a
			}
		}
		if hit.Outcome.Total != 4+5 {
			t.Errorf("the shot's total %d, want 4 + 5 with no -1", hit.Outcome.Total)
		}
	})
	t.Run("R-ATK-11 R-ATK-9 a model freed by a kill may intercept a charge", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, AdjustLP{Ref: bo, Delta: -12}, EndActivation{Ref: ann}, BeginActivation{Ref: cy})
		mustDo(t, g, Charge{Attacker: cy, Target: al, Distance: 10, InterceptedBy: &ann})
	})
	t.Run("R-ATK-11 R-STATE-8 a Berserker whose only contact died must charge", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, EndActivation{Ref: ann}, SetState{Ref: ann, State: Berserker, Level: 2}, AdjustLP{Ref: bo, Delta: -12},
			BeginActivation{Ref: cy}, EndActivation{Ref: cy}, BeginActivation{Ref: al}, EndActivation{Ref: al},
			AdvancePhase{}, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref: ann})
		wantRule(t, g.Do(Move{Ref: ann, How: MoveWalk, Distance: 5}), "R-STATE-8", ErrNotAllowed)
		mustDo(t, g, Charge{Attacker: ann, Target: cy, Distance: 10})
	})
	t.Run("R-ATK-11 R-SUM-4 a summon unbound leaves its contacts", func(t *testing.T) {
		g := summoning(t, Core, 1)
		sm, foe := Ref{0, 1}, Ref{1, 0}
		mustDo(t, g, SetEngaged{A: sm, B: foe, Engaged: true}, AdvancePhase{}, AdvancePhase{OutsideZoC: []Ref{sm}})
		if c, _ := g.State().Character(sm); c.InPlay() {
			t.Fatal("the summon is still on the table")
		}
		outOfPlayHolds(t, g.State())
	})
	t.Run("R-ATK-11 a character taken to 0 LP by hand while active ends its activation; undo gives it back", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, AdjustLP{Ref: ann, Delta: -12})
		s := g.State()
		if s.Active != nil || s.Flow.ActiveSide != 1 {
			t.Fatalf("active %v, side %d to pick", s.Active, s.Flow.ActiveSide+1)
		}
		outOfPlayHolds(t, s)
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if s := g.State(); s.Active == nil || *s.Active != ann {
			t.Fatal("undo does not give the activation back")
		}
	})
}

func TestFourthReading(t *testing.T) {
	ann, bo := Ref{0, 0}, Ref{1, 0}
	t.Run("R-ACT-2 R-ATK-8 a Slam that misses leaves the two engaged, as a charge does (alpha)", func(t *testing.T) {
		g := melee(t, Alpha)
		mustDo(t, g, SetEngaged{A: ann, B: bo, Engaged: false})
		g.SetDie(Script(1, 1))
		mustDo(t, g, Charge{Attacker: ann, Target: bo, Distance: 10, Slam: true})
		if a, _ := g.State().Character(ann); !a.EngagedWith(bo) {
			t.Fatal("a Slam that missed left no contact")
		}
	})
	t.Run("R-STATE-8 a Berserker never escapes from melee", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, SetState{Ref: ann, State: Berserker, Level: 1})
		wantRule(t, g.Do(Escape{Ref: ann}), "R-STATE-8", ErrNotAllowed)
		ghost := melee(t, Core)
		mustDo(t, ghost, SetState{Ref: ann, State: Berserker, Level: 1})
		if Allowed(ghost.State(), Escape{Ref: ann}) {
			t.Error("Actions would offer a Berserker's escape")
		}
	})
	t.Run("R-SCN-3 R-SETUP-7 an unrevealed infiltrator is alive: Armageddon goes on (alpha)", func(t *testing.T) {
		g, err := NewGame(Setup{Edition: Alpha, Scenario: Armageddon, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann")}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo"), mover("Cy")}, Infiltrators: []int{1}}}})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdjustLP{Ref: bo, Delta: -12})
		if g.State().Over() {
			t.Fatal("game over while Cy is infiltrated")
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{})
		g.SetDie(Script(7, 3))
		mustDo(t, g, Reveal{Ref: Ref{1, 1}}, AdvancePhase{})
		mustDo(t, g, AdjustLP{Ref: Ref{1, 1}, Delta: -12})
		if s := g.State(); !s.Over() || s.Winner() != 0 {
			t.Fatalf("over %v, winner %d: want A's win once Cy is killed", s.Over(), s.Winner())
		}
	})
	t.Run("R-CAP-5 R-CAP-3 an intangible model crossed by a thrown body is not affected", func(t *testing.T) {
		ghost := withCaps(mover("Ghost"), "Intangible")
		g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{withCaps(mover("Ogre"), "Knockback")}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo"), ghost}}}})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetEngaged{A: ann, B: bo, Engaged: true}, BeginActivation{Ref: ann})
		g.SetDie(Script(8)) // no die for the ghost: it rolls nothing
		mustDo(t, g, Attack{Attacker: ann, Target: bo, Path: []Crossing{{Kind: Base, At: 2, Ref: Ref{1, 1}}}})
		if gh, _ := g.State().Character(Ref{1, 1}); gh.LP != 12 {
			t.Errorf("the ghost has %d LP, want 12", gh.LP)
		}
	})
	t.Run("R-CAP-5 a struck large base: both models move half of what is left; a struck base is pushed along", func(t *testing.T) {
		went, ims, err := Throw(10, []Crossing{{Kind: Base, At: 2, Ref: Ref{1, 1}, Large: true}}, Script(1))
		if err != nil || went != 6 || ims[0].Pushed != 4 || ims[0].StruckDamage != 1 {
			t.Errorf("large: went %v, pushed %v, %v: want 2 + 4 and 4", went, ims[0].Pushed, err)
		}
		went, ims, err = Throw(10, []Crossing{{Kind: Base, At: 2, Ref: Ref{1, 1}}}, Script(1))
		if err != nil || went != 10 || ims[0].Pushed != 8 {
			t.Errorf("small: went %v, pushed %v, %v: want 10 and 8", went, ims[0].Pushed, err)
		}
		went, ims, _ = Throw(10, []Crossing{{Kind: Base, At: 2, Ref: Ref{1, 1}, Large: true}}, Script(9))
		if went != 10 || ims[0].Pushed != 0 {
			t.Errorf("avoided: went %v, pushed %v", went, ims[0].Pushed)
		}
	})
	t.Run("R-SETUP-7 R-TURN-3 an infiltrator revealed with a sustained ability active pays its cost then and its upkeep after (alpha)", func(t *testing.T) {
		g := stalking(t, Ability{Name: "Shadow Walk", Cost: 1, Upkeep: 1})
		st := Ref{0, 1}
		wantRule(t, g.Do(Reveal{Ref: st, Ability: "Shadow Walk", Cost: 4}), "R-SETUP-7", ErrNotAllowed) // 4 actions: it starts with 4
		mustDo(t, g, Reveal{Ref: st, Ability: "Shadow Walk", Cost: 1}, Hide{Ref: st, Hidden: true})
		c, _ := g.State().Character(st)
		if c.Actions != 3 || len(c.Upkeep) != 1 || c.Upkeep[0].Cost != 1 {
			t.Fatalf("actions %d, upkeep %v: want 4 - 1 and Shadow Walk at 1", c.Actions, c.Upkeep)
		}
		g.SetDie(Script(8, 2))
		mustDo(t, g, AdvancePhase{})
		if c, _ := g.State().Character(st); c.Actions != 2 {
			t.Errorf("after Maintenance %d actions, want 3 - 1 upkeep", c.Actions)
		}
	})
	t.Run("R-SETUP-5 alpha rolls for who acts first again in every later Recovery phase, after the reveals", func(t *testing.T) {
		g, err := NewGame(Setup{Edition: Alpha, First: 0, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann"), mover("Al")}, Infiltrators: []int{1}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo")}}}})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{}) // turn 2's Recovery phase
		g.SetDie(Script(3, 3, 2, 9))                                 // a tie, then B's 9
		mustDo(t, g, Reveal{Ref: Ref{0, 1}}, AdvancePhase{Initiative: [2]bool{false, false}})
		s := g.State()
		if s.Flow.First != 1 || s.RolledTurn != 2 || s.Flow.Phase != Maintenance {
			t.Fatalf("first side %d, rolled in turn %d, %v: want side 2 after a tie, turn 2", s.Flow.First+1, s.RolledTurn, s.Flow)
		}
		mustDo(t, g, AdvancePhase{})
		if s := g.State(); s.Flow.ActiveSide != 1 {
			t.Errorf("side %d activates first, want 2", s.Flow.ActiveSide+1)
		}
		wantRule(t, g.Do(RollForFirst{}), "R-SETUP-5", ErrAlreadyDone)
	})
	t.Run("R-SETUP-5 alpha: the roll made in the Recovery phase by hand is not made again; a reveal after it is refused", func(t *testing.T) {
		g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann"), mover("Al")}, Infiltrators: []int{1}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo")}}}})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{})
		g.SetDie(Script(9, 2, 5))
		mustDo(t, g, RollForFirst{Gnosis: [2]bool{true, false}})
		wantRule(t, g.Do(Reveal{Ref: Ref{0, 1}}), "R-SETUP-5", ErrWrongPhase)
		g.SetDie(nil)
		n := g.Len()
		mustDo(t, g, AdvancePhase{})
		for _, e := range g.Log()[n:] {
			if _, ok := e.Event.(FirstRolled); ok {
				t.Fatal("rolled again")
			}
		}
	})
	t.Run("R-SETUP-5 core rolls once, at the start", func(t *testing.T) {
		g := newTestGame(t)
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{})
		n := g.Len()
		mustDo(t, g, AdvancePhase{})
		for _, e := range g.Log()[n:] {
			if _, ok := e.Event.(FirstRolled); ok {
				t.Fatal("core rolled again in turn 2")
			}
		}
		wantRule(t, g.Do(AdvancePhase{Initiative: [2]bool{true, false}}), "R-GNO-2", ErrNotAllowed)
	})
	t.Run("R-GNO-1 alpha takes Gnosis from the tier table as printed", func(t *testing.T) {
		for _, tc := range []struct {
			e           Edition
			level, want int
		}{{Alpha, 250, 2}, {Alpha, 450, 4}, {Alpha, 500, 4}, {Alpha, 599, 4}, {Alpha, 600, 6}, {Alpha, 700, 6},
			{Core, 500, 5}, {Core, 600, 6}, {Core, 250, 2}} {
			if got := GnosisPoints(tc.e, tc.level); got != tc.want {
				t.Errorf("%s at %d: %d Gnosis points, want %d", tc.e, tc.level, got, tc.want)
			}
		}
		g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 500, Characters: []Card{mover("Ann")}}, {Name: "B", EncounterLevel: 500, Characters: []Card{mover("Bo")}}}})
		if err != nil {
			t.Fatal(err)
		}
		if s := g.State(); s.Sides[0].Gnosis != 4 {
			t.Errorf("alpha at 500: %d Gnosis points, want 4", s.Sides[0].Gnosis)
		}
		wantRule(t, g.Do(AdjustGnosis{Side: 0, Delta: 1}), "R-GNO-1", ErrNoGnosis)
	})
	t.Run("R-SUM-2 R-STATE-6 Seal forbids summoning (kept)", func(t *testing.T) {
		g := summoningBefore(t)
		mustDo(t, g, SetState{Ref: Ref{0, 0}, State: Seal, Level: 1}, BeginActivation{Ref: Ref{0, 0}})
		wantRule(t, g.Do(CallSummon{Summoner: Ref{0, 0}, Summon: Ref{0, 1}, PlacementOK: true}), "R-STATE-6", ErrNotAllowed)
	})
	t.Run("R-SCN-2 capture the flag lasts ten turns, then the levels decide (kept)", func(t *testing.T) {
		g, err := NewGame(Setup{Scenario: CaptureFlag, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann"), mover("Al")}}, {Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo")}}}})
		if err != nil {
			t.Fatal(err)
		}
		if s := g.State(); s.Turns != StandardTurns {
			t.Fatalf("%d turns", s.Turns)
		}
		for !g.State().Over() {
			mustDo(t, g, AdvancePhase{})
		}
		if s := g.State(); s.Flow.Turn != 10 || s.Winner() != 0 {
			t.Errorf("ended in turn %d, winner %d", s.Flow.Turn, s.Winner())
		}
	})
	t.Run("R-TURN-5 an uncalled summon counts nothing (kept)", func(t *testing.T) {
		g := summoningBefore(t)
		if n := g.State().Sides[0].LevelsOnTable(); n != 40 {
			t.Errorf("%d levels on the table, want the summoner's 40 alone", n)
		}
	})
}

// summoningBefore is summoning's game before the summon is called: Caller and its Elhaym off
// the table against Foe, in the Action phase of turn 1.
func summoningBefore(t *testing.T) *Game {
	t.Helper()
	summoner := mover("Caller")
	summoner.SummonerLevel, summoner.Affinity = 1, []string{"Light"}
	sm := Card{Kind: KindSummon, Name: "Elhaym", Level: 30, LP: S(10), Actions: 4, Recovery: 3, Bind: 2, Stability: 5, Shock: 2,
		SummonCost: 2, Affinity: []string{"Light"}, Attack: S(5), Damage: S(5), Defense: S(8)}
	g, err := NewGame(Setup{Sides: [2]SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []Card{summoner}, Summons: []SummonSetup{{Card: sm, Summoner: 0}}},
		{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Foe")}}}})
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, AdvancePhase{}, AdvancePhase{})
	return g
}

func TestUnknownReactionRefused(t *testing.T) {
	g := melee(t, Core)
	err := g.Do(Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, AttackOptions: AttackOptions{Reaction: "counterattack"}})
	if !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an unknown reaction: %v", err)
	}
}

// TestNoDeadEndWithHiddenFoe: found by the whole games (seed 70): a Berserker engaged with an
// enemy that hid could neither attack it nor end its activation.
func TestNoDeadEndWithHiddenFoe(t *testing.T) {
	t.Run("R-HIDE-1 a character engaged in melee is inside an enemy's zone of control: it cannot hide", func(t *testing.T) {
		g := melee(t, Core)
		wantRule(t, g.Do(Hide{Ref: Ref{1, 0}, Hidden: true}), "R-HIDE-1", ErrNotAllowed)
	})
	t.Run("R-STATE-8 R-HIDE-1 a Berserker engaged only with a hidden enemy may end its activation", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: false}, Hide{Ref: Ref{1, 0}, Hidden: true},
			SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true}, SetState{Ref: Ref{0, 0}, State: Berserker, Level: 1})
		mustDo(t, g, EndActivation{Ref: Ref{0, 0}})
	})
}

// TestRefusedBeforeTheDice: what a command declares is checked before any die is rolled, or
// spent only when its roll comes, so a command the engine allows is never refused after its
// dice (found by the whole games, seeds kept in wholeGameFinds).
func TestRefusedBeforeTheDice(t *testing.T) {
	ann, bo, cy := Ref{0, 0}, Ref{1, 0}, Ref{1, 1}
	t.Run("R-GNO-2 Gnosis declared on a counterattack's free attack is spent only when the attack misses", func(t *testing.T) {
		g := melee(t, Core)
		g.SetDie(Script(9, 1)) // Ann hits: no free attack
		mustDo(t, g, Attack{Attacker: ann, Target: bo, AttackOptions: AttackOptions{Reaction: Counterattack, GnosisCounter: true}})
		if s := g.State(); s.Sides[1].Gnosis != GnosisPoints(Core, 250) {
			t.Errorf("side 2 has %d Gnosis points: spent on a free attack that did not come", s.Sides[1].Gnosis)
		}
		g2 := melee(t, Core)
		wantRule(t, g2.Do(Attack{Attacker: ann, Target: bo, AttackOptions: AttackOptions{Reaction: Dodge, GnosisCounter: true}}), "R-GNO-2", ErrNotAllowed)
	})
	t.Run("R-ATK-7 R-CAP-2 an area dodge that may not be made is refused before the roll, hit or miss", func(t *testing.T) {
		brute := withCaps(mover("Brute"), "Damage Accumulator")
		g, err := NewGame(Setup{Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{withCaps(mover("Ann"), "Ranged Attack (16 inches)")}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo"), brute}}}})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref: ann})
		shot := Attack{Attacker: ann, Target: bo, Ranged: true, Area: []AreaTarget{{Ref: cy, Dodge: true}}}
		if Allowed(g.State(), shot) {
			t.Error("allowed")
		}
		g.SetDie(Script(1))
		wantRule(t, g.Do(shot), "R-ATK-7", ErrNotAllowed)
	})
	t.Run("R-CAP-5 a thrown target's path is checked before the roll, hit or miss", func(t *testing.T) {
		g := melee(t, Alpha)
		mustDo(t, g, EndActivation{Ref: ann}, BeginActivation{Ref: cy}, Move{Ref: cy, How: MoveWalk, Distance: 5}, EndActivation{Ref: cy},
			BeginActivation{Ref: Ref{0, 1}})
		push := Push{Attacker: Ref{0, 1}, Target: bo, Path: []Crossing{{Kind: Base, At: 3, Ref: cy, Yield: true}}}
		mustDo(t, g, SetEngaged{A: Ref{0, 1}, B: bo, Engaged: true})
		g.SetDie(Script(1))
		wantRule(t, g.Do(push), "R-CAP-5", ErrAlreadyDone)
	})
	t.Run("R-GNO-2 R-SUM-5 Gnosis declared on a Shock check with no point left: the check is rolled without it", func(t *testing.T) {
		g := summoning(t, Core, 3)
		sm, foe := Ref{0, 1}, Ref{1, 0}
		mustDo(t, g, AdjustGnosis{Side: 0, Delta: -GnosisPoints(Core, 250)}, AdjustLP{Ref: sm, Delta: -9}, SetEngaged{A: foe, B: sm, Engaged: true},
			BeginActivation{Ref: foe})
		g.SetDie(Script(9, 3))
		mustDo(t, g, Attack{Attacker: foe, Target: sm, AttackOptions: AttackOptions{GnosisShock: true}})
		if c, _ := g.State().Character(sm); c.InPlay() {
			t.Fatal("the summon lives")
		}
	})
	t.Run("R-GNO-1 R-GNO-2 Gnosis declared on a free attack needs its point when declared", func(t *testing.T) {
		g := melee(t, Core)
		mustDo(t, g, AdjustGnosis{Side: 1, Delta: -1})
		wantRule(t, g.Do(Attack{Attacker: ann, Target: bo, AttackOptions: AttackOptions{Reaction: Counterattack, GnosisDefense: true, GnosisCounter: true}}), "R-GNO-1", ErrNoGnosis)
	})
	t.Run("R-SETUP-5 R-STATE-7 R-GNO-1 Gnosis on who acts first and on a Doom check in one end of turn: one point each, never below 0 (alpha)", func(t *testing.T) {
		g := melee(t, Alpha)
		mustDo(t, g, SetState{Ref: ann, State: Doom, Level: 1}, EndActivation{Ref: ann}, AdjustGnosis{Side: 0, Delta: -1})
		g.SetDie(Script(8, 2, 3, 5, 4))
		err := g.Do(AdvanceToAction{Initiative: [2]bool{true, false}, Gnosis: []GnosisRoll{{Ref: ann, Check: CheckDoom}}})
		if err != nil {
			t.Fatal(err)
		}
		if n := g.State().Sides[0].Gnosis; n != GnosisPoints(Alpha, 250)-2 {
			t.Errorf("%d Gnosis points left, want 2 spent", n)
		}
	})
	t.Run("R-SETUP-5 R-GNO-2 Gnosis on who acts first goes with the phase that rolls it, across a whole turn's end (alpha)", func(t *testing.T) {
		g := melee(t, Alpha)
		mustDo(t, g, EndActivation{Ref: ann})
		g.SetDie(Script(8, 2, 3))
		mustDo(t, g, AdvanceToAction{Initiative: [2]bool{true, false}})
		s := g.State()
		if s.Flow.Phase != Action || s.Flow.Turn != 2 || s.Sides[0].Gnosis != GnosisPoints(Alpha, 250)-1 {
			t.Errorf("%v, side 1 Gnosis %d", s.Flow, s.Sides[0].Gnosis)
		}
	})
}

// wholeGameFinds are the whole games' seeds that found a defect, each fixed (the test above
// names it): they play on every run.
var wholeGameFinds = []uint64{14, 25, 70, 258, 500, 1151, 1542, 4290}

func TestWholeGameFinds(t *testing.T) {
	for _, seed := range wholeGameFinds {
		playWholeGame(t, seed)
	}
}

// TestHistoryTurns: the line of a new turn's Recovery phase is under that turn, not the one
// before.
func TestHistoryTurns(t *testing.T) {
	g := newTestGame(t)
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{})
	for _, l := range History(g.Log(), "en") {
		if l.Text == "Turn 2: Recovery phase" && l.Turn != 2 {
			t.Errorf("%q under turn %d", l.Text, l.Turn)
		}
	}
}

// TestDiceRoller: a roll the assistant does not make (a Seek at the table, a Resistance check…)
// is n d10 with the Gnosis die kept best, lower with Low (Doom, Shock); the point is spent; the
// roll is in the history with what it was for, entered or rolled, and undone whole.
func TestDiceRoller(t *testing.T) {
	t.Run("R-GNO-2 n d10 and the Gnosis die, the best kept, the point spent", func(t *testing.T) {
		g := newTestGame(t)
		g.SetDie(Script(3, 8, 5))
		mustDo(t, g, RollDice{Side: 1, N: 2, Gnosis: true, For: " Seek\n"})
		var got DiceRolled
		for _, e := range g.Log() {
			if d, ok := e.Event.(DiceRolled); ok {
				got = d
			}
		}
		if got.Roll.Kept != 8 || len(got.Roll.Dice) != 3 || got.For != "Seek" || g.State().Sides[1].Gnosis != GnosisPoints(Core, 250)-1 {
			t.Fatalf("%+v, Gnosis %d", got, g.State().Sides[1].Gnosis)
		}
		h := historyText(g, "en")
		if !strings.Contains(strings.Join(h, "\n"), "Church rolls for Seek [3 8 5]: keeps 8") {
			t.Errorf("history %q", h)
		}
		if err := g.Undo(); err != nil || g.State().Sides[1].Gnosis != GnosisPoints(Core, 250) {
			t.Error("undo does not give the point back")
		}
	})
	t.Run("R-STATE-7 R-GNO-2 lower is better: Doom keeps the lower die", func(t *testing.T) {
		g := newTestGame(t)
		g.SetDie(Script(9, 2))
		mustDo(t, g, RollDice{Side: 0, N: 1, Gnosis: true, Low: true, For: "Doom"})
		if l := g.Log(); l[len(l)-1].Event.(DiceRolled).Roll.Kept != 2 {
			t.Error("kept the higher die")
		}
	})
	t.Run("R-GNO-2 a check's name is said in each reader's language", func(t *testing.T) {
		g := newTestGame(t)
		g.SetDie(Script(4))
		mustDo(t, g, RollDice{Side: 0, N: 1, For: string(CheckSeek)})
		for lang, want := range map[string]string{"en": "rolls for seek [4]", "es": "tira para búsqueda [4]", "it": "tira per ricerca [4]"} {
			if h := strings.Join(historyText(g, lang), "\n"); !strings.Contains(h, want) {
				t.Errorf("%s: history %q, want %q", lang, h, want)
			}
		}
	})
	t.Run("R-GNO-1 no point, no Gnosis die; bounds", func(t *testing.T) {
		g := newTestGame(t)
		mustDo(t, g, AdjustGnosis{Side: 0, Delta: -2})
		wantRule(t, g.Do(RollDice{Side: 0, N: 1, Gnosis: true}), "R-GNO-1", ErrNoGnosis)
		wantRule(t, g.Do(RollDice{Side: 0, N: 0}), "R-GNO-2", ErrNotAllowed)
		wantRule(t, g.Do(RollDice{Side: 2, N: 1}), "R-GNO-2", ErrNotAllowed)
		wantRule(t, g.Do(RollDice{Side: 0, N: 11}), "R-GNO-2", ErrNotAllowed)
	})
}

// TestSideColours: a side's colour is kept with the game; a colour not of SideColours is
// refused at the start.
func TestSideColours(t *testing.T) {
	su := Setup{Sides: [2]SideSetup{{Name: "A", Characters: []Card{mover("Ann")}, Colour: "violet"}, {Name: "B", Characters: []Card{mover("Bo")}}}}
	g, err := NewGame(su)
	if err != nil || g.State().Sides[0].Colour != "violet" || g.State().Sides[1].Colour != "" {
		t.Fatalf("%v", err)
	}
	su.Sides[1].Colour = "chartreuse"
	if _, err := NewGame(su); !errors.Is(err, ErrBadSetup) {
		t.Errorf("an unknown colour: %v", err)
	}
}

// stalking is an alpha game in turn 2's Recovery phase with A's Stalker (Ref{0, 1}), its card
// printing the abilities given, still infiltrated: ready to be revealed (R-SETUP-7).
func stalking(t *testing.T, abilities ...Ability) *Game {
	t.Helper()
	stalker := mover("Stalker")
	stalker.Abilities = abilities
	g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann"), stalker}, Infiltrators: []int{1}},
		{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo")}}}})
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{})
	return g
}
