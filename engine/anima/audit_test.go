package anima

import (
	"slices"
	"testing"
)

// Rulings from an independent reading of the rulebooks (RULES.md), one test each.

// duel is a game of two characters each side, in the Action phase, with Active(0/0) on.
func duel(t *testing.T, e Edition, mine, theirs []Card) *Game {
	t.Helper()
	g, err := NewGame(Setup{Edition: e, Sides: [2]SideSetup{{Name: "A", EncounterLevel: 250, Characters: mine}, {Name: "B", EncounterLevel: 250, Characters: theirs}}})
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, AdvancePhase{}, AdvancePhase{})
	return g
}

func mover(name string) Card {
	c := card(name, 40, 12, 4, 3)
	c.Walk, c.Run = 20, 30
	return c
}

func TestFreeMovementIsTheMovement(t *testing.T) {
	a := Ref{0, 0}
	for _, tc := range []struct {
		name          string
		first, second Command
	}{
		{"R-ACT-2 walk then free movement", Move{Ref: a, How: MoveWalk, Distance: 10}, Move{Ref: a, How: MoveFree, Distance: 5}},
		{"R-ACT-2 free movement then run", Move{Ref: a, How: MoveFree, Distance: 5}, Move{Ref: a, How: MoveRun, Distance: 30}},
		{"R-ACT-2 free movement then charge", Move{Ref: a, How: MoveFree, Distance: 5}, Charge{Attacker: a, Target: Ref{1, 0}, Distance: 20}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := duel(t, Core, []Card{mover("A")}, []Card{mover("B")})
			mustDo(t, g, BeginActivation{Ref: a}, tc.first)
			wantRule(t, g.Do(tc.second), "R-ACT-2", ErrAlreadyDone)
		})
	}
	t.Run("R-ATK-9 an interception after the interceptor's free movement", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("A"), mover("A2")}, []Card{mover("B"), mover("C")})
		mustDo(t, g, BeginActivation{Ref: a}, EndActivation{Ref: a}, BeginActivation{Ref: Ref{1, 1}},
			Move{Ref: Ref{1, 1}, How: MoveFree, Distance: 5}, EndActivation{Ref: Ref{1, 1}}, BeginActivation{Ref: Ref{0, 1}})
		g.SetDie(Script(5))
		mustDo(t, g, Charge{Attacker: Ref{0, 1}, Target: Ref{1, 0}, Distance: 20, InterceptedBy: &Ref{1, 1}})
		if !g.State().Sides[0].Characters[1].EngagedWith(Ref{1, 1}) {
			t.Error("the interceptor did not take the charge")
		}
	})
}

func TestParalysisForbidsFreeActs(t *testing.T) {
	para := func(g *Game, r Ref) { mustDo(t, g, SetState{Ref: r, State: Paralysis, Level: 1}) }
	t.Run("R-STATE-6 no free movement", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("A")}, []Card{mover("B")})
		para(g, Ref{0, 0})
		mustDo(t, g, BeginActivation{Ref: Ref{0, 0}})
		wantRule(t, g.Do(Move{Ref: Ref{0, 0}, How: MoveFree, Distance: 5}), "R-STATE-6", ErrNotAllowed)
	})
	t.Run("R-STATE-6 no interception", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("A")}, []Card{mover("B"), mover("C")})
		para(g, Ref{1, 1})
		mustDo(t, g, BeginActivation{Ref: Ref{0, 0}})
		g.SetDie(Script(5))
		wantRule(t, g.Do(Charge{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Distance: 20, InterceptedBy: &Ref{1, 1}}), "R-STATE-6", ErrNotAllowed)
	})
	t.Run("R-STATE-6 no human shield, no dodge", func(t *testing.T) {
		shooter := withCaps(mover("A"), "Ranged Attack (16 inches)")
		g := duel(t, Core, []Card{shooter}, []Card{mover("B"), mover("C")})
		para(g, Ref{1, 1})
		para(g, Ref{1, 0})
		mustDo(t, g, BeginActivation{Ref: Ref{0, 0}})
		g.SetDie(Script(5, 5))
		wantRule(t, g.Do(Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Ranged: true, Shield: &Ref{1, 1}}), "R-STATE-6", ErrNotAllowed)
		wantRule(t, g.Do(Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Ranged: true, AttackOptions: AttackOptions{Reaction: Dodge}}), "R-STATE-6", ErrNotAllowed)
	})
}

func TestElevatedInBothEditions(t *testing.T) {
	for _, e := range []Edition{Core, Alpha} {
		t.Run("R-ATK-6 elevated +1 in "+string(e), func(t *testing.T) {
			if RangedMod(e, Modifiers{Elevated: true}, false, 0) != 1 {
				t.Error("no +1")
			}
			shooter := withCaps(mover("A"), "Ranged Attack (16 inches)")
			g := duel(t, e, []Card{shooter}, []Card{mover("B"), mover("C")})
			mustDo(t, g, BeginActivation{Ref: Ref{0, 0}})
			g.SetDie(Script(5))
			wantRule(t, g.Do(Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Ranged: true, AttackOptions: AttackOptions{Mods: Modifiers{Elevated: true}}, Shield: &Ref{1, 1}}), "R-ATK-6", ErrNotAllowed)
			spec, _ := g.State().AttackSpec(Ref{0, 0}, Ref{1, 0}, RangedAttack, Modifiers{Elevated: true}, NoReaction, false, false)
			if spec.Mod != 1 {
				t.Errorf("the odds' modifier is %d", spec.Mod)
			}
		})
	}
}

// summoning is a game with a summoner and one summon called, in the Action phase of turn 1.
func summoning(t *testing.T, e Edition, bind int) *Game {
	t.Helper()
	summoner := mover("Caller")
	summoner.SummonerLevel, summoner.Affinity = 1, []string{"Light"}
	sm := Card{Kind: KindSummon, Name: "Elhaym", Level: 30, Atman: 60, LP: S(10), Actions: 4, Recovery: 3, Bind: bind, Stability: 5, Shock: 2,
		SummonCost: 2, Affinity: []string{"Light"}, Attack: S(5), Damage: S(5), Defense: S(8)}
	g, err := NewGame(Setup{Edition: e, Sides: [2]SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []Card{summoner}, Summons: []SummonSetup{{Card: sm, Summoner: 0}}},
		{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Foe")}}}})
	if err != nil {
		t.Fatal(err)
	}
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref{0, 0}}, CallSummon{Summoner: Ref{0, 0}, Summon: Ref{0, 1}, PlacementOK: true}, EndActivation{Ref{0, 0}})
	return g
}

func TestShockOnlyBeforeItsTime(t *testing.T) {
	t.Run("R-SUM-5 Bind runs out: removed, no Shock", func(t *testing.T) {
		g := summoning(t, Core, 1)
		mustDo(t, g, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}}, AdvancePhase{}, AdvancePhase{OutsideZoC: []Ref{{0, 1}}})
		s := g.State()
		if !s.Sides[0].Characters[1].Removed || s.Sides[0].Characters[0].LP != s.Sides[0].Characters[0].MaxLP {
			t.Errorf("summon %+v, summoner LP %d", s.Sides[0].Characters[1], s.Sides[0].Characters[0].LP)
		}
	})
	t.Run("R-SUM-5 killed: Shock", func(t *testing.T) {
		g := summoning(t, Core, 3)
		mustDo(t, g, BeginActivation{Ref{1, 0}}, SetEngaged{A: Ref{1, 0}, B: Ref{0, 1}, Engaged: true})
		g.SetDie(Script(10, 4)) // a critical: 10 + 5 - 8 + 5 = 12 LP, then the Shock die 4
		mustDo(t, g, Attack{Attacker: Ref{1, 0}, Target: Ref{0, 1}})
		if lp := g.State().Sides[0].Characters[0].LP; lp != 12-6 {
			t.Errorf("summoner LP %d, want 12 - (4 + 2)", lp)
		}
	})
}

func TestBerserkerChargesFirst(t *testing.T) {
	b := Ref{0, 0}
	setup := func(t *testing.T) *Game {
		g := duel(t, Core, []Card{mover("Wild")}, []Card{mover("Foe")})
		mustDo(t, g, SetState{Ref: b, State: Berserker, Level: 1}, BeginActivation{Ref: b})
		return g
	}
	t.Run("R-STATE-8 a walk first is refused", func(t *testing.T) {
		g := setup(t)
		wantRule(t, g.Do(Move{Ref: b, How: MoveWalk, Distance: 10}), "R-STATE-8", ErrNotAllowed)
		wantRule(t, g.Do(Seek{Ref: b}), "R-STATE-8", ErrNotAllowed)
		wantRule(t, g.Do(EndActivation{Ref: b}), "R-STATE-8", ErrNotAllowed)
	})
	t.Run("R-STATE-8 the charge first, then it acts", func(t *testing.T) {
		g := setup(t)
		g.SetDie(Script(1))
		mustDo(t, g, Charge{Attacker: b, Target: Ref{1, 0}, Distance: 20})
	})
	t.Run("R-STATE-8 without the actions for a charge it acts freely", func(t *testing.T) {
		g := setup(t)
		mustDo(t, g, AdjustActions{Ref: b, Delta: -2}, Move{Ref: b, How: MoveWalk, Distance: 10})
	})
}

func TestGnosisOnAnyRoll(t *testing.T) {
	t.Run("R-GNO-2 Doom keeps the lower die", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("A")}, []Card{mover("B")})
		mustDo(t, g, SetState{Ref: Ref{1, 0}, State: Doom, Level: 1}, BeginActivation{Ref{0, 0}}, EndActivation{Ref{0, 0}},
			BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}}, AdvancePhase{})
		g.SetDie(Script(9, 3))
		mustDo(t, g, AdvancePhase{Gnosis: []GnosisRoll{{Ref: Ref{1, 0}, Check: CheckDoom}}})
		s := g.State()
		if !s.Sides[1].Characters[0].InPlay() || s.Sides[1].Gnosis != GnosisPoints(Core, 250)-1 {
			t.Errorf("doom with Gnosis: LP %d, Gnosis %d", s.Sides[1].Characters[0].LP, s.Sides[1].Gnosis)
		}
	})
	t.Run("R-GNO-2 Stability keeps the higher die", func(t *testing.T) {
		g := summoning(t, Core, 1)
		mustDo(t, g, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}}, AdvancePhase{})
		g.SetDie(Script(2, 9))
		mustDo(t, g, AdvancePhase{Gnosis: []GnosisRoll{{Ref: Ref{0, 1}, Check: CheckStability}}})
		if sm := g.State().Sides[0].Characters[1]; sm.Removed {
			t.Error("a 9 kept beats Stability 5")
		}
	})
	t.Run("R-GNO-2 Shock keeps the lower die", func(t *testing.T) {
		g := summoning(t, Core, 3)
		mustDo(t, g, BeginActivation{Ref{1, 0}}, SetEngaged{A: Ref{1, 0}, B: Ref{0, 1}, Engaged: true})
		g.SetDie(Script(10, 9, 1))
		mustDo(t, g, Attack{Attacker: Ref{1, 0}, Target: Ref{0, 1}, AttackOptions: AttackOptions{GnosisShock: true}})
		if lp := g.State().Sides[0].Characters[0].LP; lp != 12-3 {
			t.Errorf("summoner LP %d, want 12 - (1 + 2)", lp)
		}
	})
	t.Run("R-GNO-2 the counterattack's free attack, each area dodge, the roll to avoid a thrown base", func(t *testing.T) {
		g := duel(t, Alpha, []Card{withCaps(mover("Ogre"), "Knockback", "Ranged Attack (16 inches)")}, []Card{mover("B"), mover("C")})
		mustDo(t, g, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
		// Attack 1 vs 9 + counter die 5: a miss; the free attack at -2 with two dice, 3 and 10.
		g.SetDie(Script(1, 5, 3, 10))
		mustDo(t, g, Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, AttackOptions: AttackOptions{Reaction: Counterattack, GnosisCounter: true}})
		if a := lastAttack(t, g); !a.Free || len(a.Attack.Dice) != 2 || a.Attack.Kept != 10 {
			t.Errorf("free attack %+v", a)
		}
		mustDo(t, g, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: false}, AdjustActions{Ref: Ref{0, 0}, Delta: 2})
		g.SetDie(Script(9, 2, 8))
		mustDo(t, g, Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Ranged: true, Area: []AreaTarget{{Ref: Ref{1, 1}, Dodge: true, Gnosis: true}}})
		if a := lastAttack(t, g); a.Target != (Ref{1, 1}) || a.Defense == nil || len(a.Defense.Dice) != 2 || a.Defense.Kept != 8 {
			t.Errorf("area dodge %+v", a)
		}
		if n := g.State().Sides[1].Gnosis; n != GnosisPoints(Core, 250)-2 {
			t.Errorf("side B has %d Gnosis", n)
		}
		went, im, err := Throw(20, []Crossing{{Kind: Base, At: 5, Ref: Ref{1, 1}, Gnosis: true}}, Script(2, 7))
		if err != nil || went != 20 || !im[0].Avoided || len(im[0].Roll.Dice) != 2 {
			t.Errorf("avoid with Gnosis: went %v, %+v, %v", went, im, err)
		}
	})
}

func TestAtmanIsASummonsLevel(t *testing.T) {
	t.Run("R-SUM-1 Atman, not cost, against Intangible", func(t *testing.T) {
		ghost := Character{Level: 50, Caps: Caps{Intangible: true}}
		summon := Character{Level: 30, Atman: 60, Summon: true}
		if !outranks(summon, ghost) {
			t.Error("a summon of Atman 60 does not outrank a level 50 Intangible")
		}
		if outranks(Character{Level: 60, Atman: 40, Summon: true}, ghost) {
			t.Error("a summon of cost 60 and Atman 40 outranks a level 50")
		}
	})
}

func TestInfiltrationMarkers(t *testing.T) {
	inf := func(t *testing.T, n int) *Game {
		cards := []Card{mover("A"), mover("B"), mover("C"), mover("D")}
		var who []int
		for i := range n {
			who = append(who, i)
		}
		g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{{Name: "A", EncounterLevel: 250, Characters: cards, Infiltrators: who}, {Name: "B", Characters: []Card{mover("Foe")}}}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	t.Run("R-SETUP-7 3 + n markers: 4 for one infiltrator, 5 for two (the literal formula)", func(t *testing.T) {
		if m := inf(t, 1).State().Sides[0].Markers; m != 4 {
			t.Errorf("one infiltrator: %d markers", m)
		}
		if m := inf(t, 2).State().Sides[0].Markers; m != 5 {
			t.Errorf("two infiltrators: %d markers", m)
		}
	})
	t.Run("R-SETUP-7 the last reveal removes the remaining markers", func(t *testing.T) {
		g := inf(t, 1)
		for range 3 {
			mustDo(t, g, AdvancePhase{})
		}
		mustDo(t, g, Reveal{Ref: Ref{0, 0}})
		if m := g.State().Sides[0].Markers; m != 0 {
			t.Errorf("%d markers left with nobody hidden", m)
		}
	})
	t.Run("R-SETUP-7 markers equal hidden characters: the found marker is revealed", func(t *testing.T) {
		g := inf(t, 1)
		mustDo(t, g, FindMarker{Side: 0, Empty: true}, FindMarker{Side: 0, Empty: true}, FindMarker{Side: 0, Empty: true}) // 4 markers, 1 hides
		wantRule(t, g.Do(FindMarker{Side: 0}), "R-SETUP-7", ErrNotAllowed)
		mustDo(t, g, FindMarker{Side: 0, Reveal: &Ref{0, 0}})
		if s := g.State(); !s.Sides[0].Characters[0].InPlay() || s.Sides[0].Markers != 0 {
			t.Errorf("%+v", s.Sides[0])
		}
	})
}

func TestDamageResistanceAgainstPushAndSlam(t *testing.T) {
	for _, tc := range []struct {
		name string
		caps []string
		want Centimetres
	}{
		{"R-CAP-2 Push ignores armor", nil, 2.5 * 9},
		{"R-CAP-2 Damage Resistance: armor applies against Push", []string{"Damage Resistance"}, 2.5 * (9 - 3)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			foe := withCaps(mover("Foe"), tc.caps...)
			foe.Armor = S(3)
			g := duel(t, Alpha, []Card{mover("A")}, []Card{foe})
			mustDo(t, g, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
			g.SetDie(Script(8)) // 8 + 5 = 13 against 9: SL 4, Damage 5 + 4 = 9
			mustDo(t, g, Push{Attacker: Ref{0, 0}, Target: Ref{1, 0}})
			for _, e := range g.Log() {
				if kb, ok := e.Event.(KnockedBack); ok && kb.Distance != tc.want {
					t.Errorf("thrown %v, want %v", kb.Distance, tc.want)
				}
			}
			if fromCard(foe).Caps.DamageResistance != (len(tc.caps) > 0) {
				t.Error("Damage Resistance not read from the card")
			}
		})
	}
}

func TestSteppingAsideCostsTheMovement(t *testing.T) {
	path := []Crossing{{Kind: Base, At: 2, Ref: Ref{1, 1}, Yield: true}}
	ogre := withCaps(mover("Ogre"), "Knockback")
	t.Run("R-CAP-5 stepping aside: the struck model has moved", func(t *testing.T) {
		g := duel(t, Alpha, []Card{ogre}, []Card{mover("B"), mover("C")})
		mustDo(t, g, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
		g.SetDie(Script(9))
		mustDo(t, g, Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Path: path})
		if !g.State().Sides[1].Characters[1].Moved {
			t.Error("the struck model may still move")
		}
	})
	t.Run("R-CAP-5 only a model that has not moved steps aside", func(t *testing.T) {
		g := duel(t, Alpha, []Card{ogre, mover("A2")}, []Card{mover("B"), mover("C")})
		mustDo(t, g, BeginActivation{Ref{0, 1}}, EndActivation{Ref{0, 1}}, BeginActivation{Ref{1, 1}}, Move{Ref: Ref{1, 1}, How: MoveWalk, Distance: 10},
			EndActivation{Ref{1, 1}}, BeginActivation{Ref{0, 0}}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true})
		g.SetDie(Script(9))
		wantRule(t, g.Do(Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Path: path}), "R-CAP-5", ErrAlreadyDone)
	})
}

func TestInterception(t *testing.T) {
	t.Run("R-ATK-9 the charge's own target cannot intercept it", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("A")}, []Card{mover("B")})
		mustDo(t, g, BeginActivation{Ref{0, 0}})
		g.SetDie(Script(5))
		wantRule(t, g.Do(Charge{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Distance: 20, InterceptedBy: &Ref{1, 0}}), "R-ATK-9", ErrNotAllowed)
	})
	t.Run("R-ATK-9 a hidden character may intercept, and is revealed", func(t *testing.T) {
		g := duel(t, Core, []Card{mover("A")}, []Card{mover("B"), mover("C")})
		mustDo(t, g, Hide{Ref: Ref{1, 1}, Hidden: true}, BeginActivation{Ref{0, 0}})
		g.SetDie(Script(5))
		mustDo(t, g, Charge{Attacker: Ref{0, 0}, Target: Ref{1, 0}, Distance: 20, InterceptedBy: &Ref{1, 1}})
		if g.State().Sides[1].Characters[1].Hidden {
			t.Error("still hidden")
		}
	})
}

func TestPoisonedUpkeep(t *testing.T) {
	for _, tc := range []struct {
		e    Edition
		name string
		lost int
	}{{Core, "R-STATE-5 core: upkeep costs no LP to a poisoned character", 0}, {Alpha, "R-STATE-5 alpha: upkeep costs 1 LP per action point", 2}} {
		t.Run(tc.name, func(t *testing.T) {
			g := duel(t, tc.e, []Card{mover("A")}, []Card{mover("B")})
			mustDo(t, g, BeginActivation{Ref{0, 0}}, UseAbility{Ref: Ref{0, 0}, Ability: "Aura", Cost: 2, Upkeep: 2}, EndActivation{Ref{0, 0}},
				SetState{Ref: Ref{0, 0}, State: Poison, Level: 2}, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}}, AdvancePhase{})
			before := g.State().Sides[0].Characters[0].LP
			mustDo(t, g, AdvancePhase{})
			if lost := before - g.State().Sides[0].Characters[0].LP; lost != tc.lost {
				t.Errorf("lost %d LP, want %d", lost, tc.lost)
			}
		})
	}
}

func TestTraitsParsedOnce(t *testing.T) {
	t.Run("R-CAP-1 capabilities read once into typed traits, the transcription's spellings cleaned", func(t *testing.T) {
		tr := ParseTraits([]string{"Open Movement", "Immunity (Posion, Blindness)", "Damage Resistance", "Ranged Attack (16 inches)", "Critical Mastery"})
		if tr.CritOn != 9 || tr.Range != 40 || !tr.Caps.DamageResistance || !slices.Equal(tr.Caps.Immune, []StateKind{Poison, Blind}) {
			t.Errorf("%+v", tr)
		}
		c := card("Typed", 40, 12, 4, 3)
		c.Traits = Traits{Caps: Caps{Flight: true}}
		c.Capabilities = []string{"Intangible"} // the typed traits win: the strings are not read at game start
		if ch := fromCard(c); !ch.Caps.Flight || ch.Caps.Intangible || ch.CritOn != 10 {
			t.Errorf("%+v", ch.Caps)
		}
	})
}

func TestShockAfterPoisonedUpkeep(t *testing.T) {
	t.Run("R-SUM-5 a summon killed by Poison on its upkeep (alpha, R-STATE-5) costs its summoner a Shock check", func(t *testing.T) {
		g := summoning(t, Alpha, 3)
		sm := Ref{0, 1}
		mustDo(t, g, UseAbility{Ref: sm, Ability: "Veil", Cost: 2, Upkeep: 2, Reactive: true}, AdjustLP{Ref: sm, Delta: -8},
			SetState{Ref: sm, State: Poison, Level: 2}, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}},
			BeginActivation{Ref: sm}, EndActivation{Ref: sm}, AdvancePhase{})
		g.SetDie(Script(8, 3, 4)) // who acts first in turn 2 (alpha rolls every turn, R-SETUP-5), then the Shock check
		mustDo(t, g, AdvancePhase{})
		s := g.State()
		if s.Sides[0].Characters[1].InPlay() || s.Sides[0].Characters[0].LP != 12-(4+2) {
			t.Errorf("summon LP %d, summoner LP %d: want 0 and 12 - (4 + 2)", s.Sides[0].Characters[1].LP, s.Sides[0].Characters[0].LP)
		}
	})
}
