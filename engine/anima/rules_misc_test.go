package anima

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gnosis/engine/core"
	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

func TestSetupRules(t *testing.T) {
	t.Run("R-SETUP-1 the table is 120 cm, 48 in", func(t *testing.T) {
		if TableSize != 120 || TableSize.Inches() != 48 {
			t.Error(TableSize)
		}
	})
	t.Run("R-SETUP-2 scenery: 1-3 one piece, 4-6 two, 7-10 three", func(t *testing.T) {
		for roll, want := range map[int]int{1: 1, 3: 1, 4: 2, 6: 2, 7: 3, 10: 3} {
			if got := SceneryPieces(roll); got != want {
				t.Errorf("%d: %d pieces", roll, got)
			}
		}
		if SceneryEdgeGap.Inches() != 3 || SceneryGap.Inches() != 1 {
			t.Error("scenery gaps")
		}
	})
	t.Run("R-SETUP-6 advanced deployment reaches 40 cm, 16 in", func(t *testing.T) {
		if AdvancedDeployment.Inches() != 16 {
			t.Error(AdvancedDeployment)
		}
	})
	g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{
		{Name: "A", Characters: []Card{withCaps(card("Yuri", 55, 16, 5, 3), "Initiative"), withCaps(card("Tiamat", 55, 15, 5, 3), "Initiative")}},
		{Name: "B", Characters: []Card{card("Nero", 50, 14, 4, 3)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	t.Run("R-SETUP-3 Initiative gives +1 per character to deployment rolls", func(t *testing.T) {
		if s.InitiativeBonus(0) != 2 || s.InitiativeBonus(1) != 0 {
			t.Errorf("%d %d", s.InitiativeBonus(0), s.InitiativeBonus(1))
		}
	})
	t.Run("R-SETUP-5 both roll d10, the highest acts first; ties roll again", func(t *testing.T) {
		rolls, winner, err := RollOff(s, Script(3, 5, 2, 9), [2]bool{})
		// 3+2 = 5 against 5: a tie; then 2+2 = 4 against 9.
		if err != nil || winner != 1 || rolls[1].Kept != 9 {
			t.Errorf("%v %d %v", rolls, winner, err)
		}
		_, winner, _ = RollOff(s, Script(1, 2, 10), [2]bool{false, true})
		if winner != 1 {
			t.Errorf("R-GNO-2 Gnosis on the roll-off: winner %d", winner)
		}
	})
	t.Run("R-ZOC-1 the zone of control is 20 cm in line of sight", func(t *testing.T) {
		if !InZoneOfControl(20, true) || InZoneOfControl(20.5, true) || InZoneOfControl(5, false) {
			t.Error("zone of control")
		}
	})
}

func withCaps(c Card, caps ...string) Card { c.Capabilities = caps; return c }

func TestCardRules(t *testing.T) {
	t.Run("R-CARD-2 organizations are data: a new one is a valid card", func(t *testing.T) {
		c := card("Azur Knight", 40, 12, 4, 3)
		c.Organization = "Azur Alliance"
		if err := c.Validate(); err != nil {
			t.Error(err)
		}
	})
	t.Run("R-CARD-3 base size matters to an alpha escape", func(t *testing.T) {
		big := card("Big", 40, 12, 4, 3)
		big.BaseSize = "large"
		g, _ := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{{Characters: []Card{big}}, {Characters: []Card{card("Foe", 40, 12, 4, 3)}}}})
		g.SetDie(Script())
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true}, BeginActivation{Ref{0, 0}})
		g.SetDie(Script(4)) // 4 + 2 for the large base
		mustDo(t, g, Escape{Ref: Ref{0, 0}})
		if len(g.State().Sides[0].Characters[0].Engaged) != 0 {
			t.Error("a large base did not escape on 4")
		}
	})
	t.Run("R-CARD-3 a base that counts as another size", func(t *testing.T) {
		for printed, want := range map[string][2]string{
			"large": {"large", "large"}, "Medium": {"medium", "medium"}, "": {"small", "small"}, "huge": {"small", "small"},
			"medium (counts as small: Unnatural Size)": {"medium", "small"},
		} {
			if size, as := ParseBase(printed); [2]string{size, as} != want {
				t.Errorf("ParseBase(%q) = %s, %s; want %v", printed, size, as, want)
			}
		}
		gemini := Character{BaseSize: "medium (counts as small: Unnatural Size)"}
		if m := escapeMod(Alpha, gemini); m != 0 {
			t.Errorf("a medium base counted as small escapes with %+d", m)
		}
		if m := escapeMod(Alpha, Character{BaseSize: "medium"}); m != 2 {
			t.Errorf("a medium base escapes with %+d, want +2", m)
		}
	})
}

func TestCombatRules(t *testing.T) {
	t.Run("R-ATK-2 success level is the total minus the defense", func(t *testing.T) {
		o := AttackSpec{Edition: Core, Action: MeleeAttack, Attack: 5, Damage: 4, Defense: 9, CritOn: 10}.Resolve(8, 0)
		if o.SL != 4 || o.Damage != 8 {
			t.Errorf("%+v", o)
		}
	})
	t.Run("R-ATK-8 melee needs base contact", func(t *testing.T) {
		g, _ := NewGame(Setup{Sides: [2]SideSetup{{Characters: []Card{card("A", 40, 12, 4, 3)}}, {Characters: []Card{card("B", 40, 12, 4, 3)}}}})
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref{0, 0}})
		wantRule(t, g.Do(Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}}), "R-ATK-8", ErrNotAllowed)
	})
}

func TestStateRules(t *testing.T) {
	t.Run("R-STATE-1 one counter of each state comes off each Maintenance; none left, no state", func(t *testing.T) {
		g, _ := NewGame(Setup{Sides: [2]SideSetup{{Characters: []Card{card("A", 40, 12, 4, 3)}}}})
		mustDo(t, g, SetState{Ref: Ref{0, 0}, State: Haste, Level: 2}, SetState{Ref: Ref{0, 0}, State: Blind, Level: 1}, AdvancePhase{})
		st := g.State().Sides[0].Characters[0].States
		if st[Haste] != 1 || st[Blind] != 0 {
			t.Errorf("%v", st)
		}
	})
	t.Run("R-SUM-3 a summon arrives with its Bind points and its Recovery in actions", func(t *testing.T) {
		summoner := card("Caller", 40, 12, 4, 3)
		summoner.SummonerLevel, summoner.Affinity = 1, []string{"Light"}
		sm := Card{Kind: KindSummon, Name: "Elhaym", Level: 30, LP: S(10), Actions: 4, Recovery: 3, Bind: 3, SummonCost: 2, Affinity: []string{"Light"}}
		g, err := NewGame(Setup{Sides: [2]SideSetup{{Characters: []Card{summoner}, Summons: []SummonSetup{{Card: sm, Summoner: 0}}}}})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref{0, 0}}, CallSummon{Summoner: Ref{0, 0}, Summon: Ref{0, 1}, PlacementOK: true})
		e := g.State().Sides[0].Characters[1]
		if !e.InPlay() || e.Bind != 3 || e.Actions != 3 {
			t.Errorf("%+v", e)
		}
		if err := g.Do(CallSummon{Summoner: Ref{0, 0}, Summon: Ref{0, 1}, PlacementOK: true}); !errors.Is(err, ErrAlreadyDone) {
			t.Errorf("R-SUM-2 summoned twice: %v", err)
		}
	})
}

func TestLegal(t *testing.T) {
	shooter := withCaps(card("Shooter", 45, 12, 4, 3), "Ranged Attack (16 inches)")
	shooter.Walk, shooter.Run = 20, 30
	g, _ := NewGame(Setup{Sides: [2]SideSetup{{Characters: []Card{shooter}}, {Characters: []Card{card("Foe", 40, 12, 4, 3)}}}})
	labels := func() []string {
		var out []string
		for _, c := range legal(g.State(), true) {
			out = append(out, c.Label)
		}
		return out
	}
	has := func(want string) bool {
		for _, l := range labels() {
			if l == want {
				return true
			}
		}
		return false
	}
	t.Run("R-TURN-1 outside the Action phase the phase may end", func(t *testing.T) {
		if l := labels(); len(l) != 1 || l[0] != "next phase" {
			t.Errorf("%v", l)
		}
	})
	mustDo(t, g, AdvancePhase{}, AdvancePhase{})
	t.Run("R-TURN-4 in the Action phase the side's characters may be activated", func(t *testing.T) {
		if !has("activate Shooter") || has("activate Foe") {
			t.Errorf("%v", labels())
		}
	})
	mustDo(t, g, BeginActivation{Ref{0, 0}})
	t.Run("R-ACT-2 the active character may move, shoot and end", func(t *testing.T) {
		for _, want := range []string{"walk", "run", "free movement", "shoot Foe", "charge Foe", "seek", "end activation"} {
			if !has(want) {
				t.Errorf("no %q in %v", want, labels())
			}
		}
		if has("attack Foe") || has("escape") || has("climb") || has("push Foe") {
			t.Errorf("melee, escape or alpha actions offered: %v", labels())
		}
	})
	mustDo(t, g, Move{Ref: Ref{0, 0}, How: MoveWalk, Distance: 10})
	t.Run("R-ACT-2 after its movement no other, free movement included", func(t *testing.T) {
		if has("walk") || has("run") || has("charge Foe") || has("free movement") || !has("seek") {
			t.Errorf("%v", labels())
		}
	})
}

func TestRedo(t *testing.T) {
	g := newTestGame(t)
	mustDo(t, g, AdvancePhase{}, AdjustLP{Ref{1, 0}, -3})
	after := g.State()
	if g.CanRedo() {
		t.Fatal("nothing undone yet")
	}
	if err := g.Undo(); err != nil || !g.CanRedo() {
		t.Fatal(err)
	}
	if err := g.Redo(); err != nil || !reflect.DeepEqual(g.State(), after) {
		t.Fatalf("R-TURN-1 redo gives another state: %v", err)
	}
	g.Undo()
	b, _ := json.Marshal(g)
	var back Game
	if err := json.Unmarshal(b, &back); err != nil || !back.CanRedo() {
		t.Fatalf("the redo stack does not survive saving: %v", err)
	}
	back.Redo()
	if !reflect.DeepEqual(back.State(), after) {
		t.Error("redo after loading differs")
	}
	mustDo(t, g, AdjustLP{Ref{0, 0}, -1})
	if g.CanRedo() {
		t.Error("a new gesture keeps the redo stack")
	}
}

func TestScenarioWinners(t *testing.T) {
	s := State{Scenario: PowerNodes, Sides: [2]Side{
		{Nodes: 1, Characters: []Character{{Name: "A", Level: 100, LP: 5}}},
		{Nodes: 2, Characters: []Character{{Name: "B", Level: 10, LP: 5}}},
	}}
	t.Run("R-SCN-1 the most power nodes win", func(t *testing.T) {
		if s.Winner() != 1 {
			t.Error(s.Winner())
		}
		s2 := s
		s2.Sides[1].Nodes = 1
		if s2.Winner() != 0 {
			t.Error("a tie on nodes goes to levels")
		}
		if NodeCount(200) != 3 || NodeCount(250) != 5 {
			t.Error("node count")
		}
	})
	t.Run("R-SCN-2 the flag brought home wins", func(t *testing.T) {
		s3 := s
		s3.FlagWinner = 2
		if s3.Winner() != 1 || !s3.Over() {
			t.Error(s3.Winner())
		}
	})
	t.Run("R-SCN-3 armageddon ends when a side is wiped out", func(t *testing.T) {
		s4 := s
		s4.Scenario = Armageddon
		if s4.Over() {
			t.Error("over with both sides standing")
		}
		s4.Sides[1].Characters = []Character{{Name: "B", Level: 10, LP: 0}}
		if !s4.Over() || s4.Winner() != 0 {
			t.Error("not over")
		}
	})
}

func TestHistory(t *testing.T) {
	g := newTestGame(t)
	g.SetDie(Script(9))
	mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetEngaged{A: Ref{0, 0}, B: Ref{1, 0}, Engaged: true}, BeginActivation{Ref{0, 0}},
		Attack{Attacker: Ref{0, 0}, Target: Ref{1, 0}})
	for lang, want := range map[string]string{
		"en": "Yuri Olsen attacks Nero (attack): rolls [9], 14 against 9, hit",
		"es": "Yuri Olsen ataca a Nero (ataque): tira [9], 14 contra 9, impacta",
		"it": "Turno 1: fase di Azione",
	} {
		found := false
		for _, l := range History(g.Log(), lang) {
			found = found || l.Text == want
		}
		if !found {
			t.Errorf("R-TURN-4 history in %s lacks %q: %v", lang, want, History(g.Log(), lang))
		}
	}
}

func TestAdjustGnosis(t *testing.T) {
	g := newTestGame(t) // 250 levels: 2 points
	wantRule(t, g.Do(AdjustGnosis{Side: 0, Delta: 1}), "R-GNO-1", ErrNoGnosis)
	mustDo(t, g, AdjustGnosis{Side: 0, Delta: -2})
	if g.State().Sides[0].Gnosis != 0 {
		t.Error("R-GNO-1 Gnosis not spent")
	}
	wantRule(t, g.Do(AdjustGnosis{Side: 0, Delta: -1}), "R-GNO-1", ErrNoGnosis)
}

func TestActivationWhenTheOtherSideHasNone(t *testing.T) {
	t.Run("R-TURN-4 a side with nothing to activate lets the other go on", func(t *testing.T) {
		g, _ := NewGame(Setup{First: 1, Sides: [2]SideSetup{{Characters: []Card{card("A", 40, 12, 4, 3)}}, {Name: "Untracked"}}})
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref{0, 0}}, EndActivation{Ref{0, 0}})
	})
}

// TestCardUses: a character's Equipment and Power cards come into the game from the set-up,
// their uses are counted and taken back, and the count survives undo, JSON and replay
// (R-PARTY-9).
func TestCardUses(t *testing.T) {
	t.Run("R-PARTY-9 Equipment and Power cards on their characters, uses counted", func(t *testing.T) {
		sword := AdvantageCard{Name: "Sword of Light", Group: Equipment, Cost: 5, Automatic: true} // counted at any time: it costs no actions
		shield := AdvantageCard{Name: "Holy Shield", Group: Power, Cost: 5, Automatic: true}
		setup := func(cards [][]AdvantageCard) Setup {
			return Setup{Sides: [2]SideSetup{
				{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4), card("Grey", 40, 16, 5, 3)}, Cards: cards},
				{Name: "Empire", EncounterLevel: 250, Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
			}}
		}
		_, err := NewGame(setup([][]AdvantageCard{{{Name: "Covert Operation", Group: Plot}}}))
		wantRule(t, err, "R-PARTY-9", ErrBadSetup)
		_, err = NewGame(setup([][]AdvantageCard{{sword}, {shield}, {sword}}))
		wantRule(t, err, "R-PARTY-9", ErrBadSetup)

		g, err := NewGame(setup([][]AdvantageCard{{sword}, {shield}}))
		if err != nil {
			t.Fatal(err)
		}
		nero, grey := Ref{0, 0}, Ref{0, 1}
		if c, _ := g.State().Character(grey); len(c.Cards) != 1 || c.Cards[0] != (CardInPlay{Name: "Holy Shield", Group: Power, Automatic: true}) {
			t.Fatalf("Grey's cards: %+v", c.Cards)
		}
		wantRule(t, g.Do(UseCard{Ref: nero, Card: "Sword of Light", Delta: -1}), "R-PARTY-9", ErrNotAllowed)
		wantRule(t, g.Do(UseCard{Ref: nero, Card: "Holy Shield", Delta: 1}), "R-PARTY-9", ErrNotAllowed)
		wantRule(t, g.Do(UseCard{Ref: nero, Card: "Sword of Light", Delta: 2}), "R-PARTY-9", ErrNotAllowed)
		mustDo(t, g, UseCard{Ref: nero, Card: "sword of light", Delta: 1}, UseCard{Ref: nero, Card: "Sword of Light", Delta: 1})
		used := func() int { c, _ := g.State().Character(nero); return c.Cards[0].Used }
		if used() != 2 {
			t.Fatalf("Nero used the sword %d times, want 2", used())
		}
		mustDo(t, g, UseCard{Ref: nero, Card: "Sword of Light", Delta: -1})
		if err := g.Undo(); err != nil || used() != 2 {
			t.Fatalf("undo of the take-back: %v, %d uses", err, used())
		}
		if got := Describe(g.State(), []Event{CardUsed{Ref: nero, Card: "Sword of Light", Delta: 1}}, "es"); len(got) != 1 || got[0] != "Nero usa Sword of Light" {
			t.Errorf("Describe in Spanish: %q", got)
		}
		_, back := roundTrip(t, g)
		if c, _ := back.State().Character(nero); c.Cards[0].Used != 2 {
			t.Errorf("after a JSON round trip Nero used the sword %d times", c.Cards[0].Used)
		}
		if c := g.Log()[0].Event.(GameStarted).Sides[0].Characters[0]; len(c.Cards) != 1 || c.Cards[0].Used != 0 {
			t.Errorf("the game's start event changed with the uses: %+v", c.Cards)
		}
	})
}

// TestSideCards: a side's Plot and Team cards come into the game, are played and taken back
// into hand, and the plays survive a JSON round trip (R-PARTY-9).
func TestSideCards(t *testing.T) {
	t.Run("R-PARTY-9 Plot cards in hand until played", func(t *testing.T) {
		prey := AdvantageCard{Name: "Chosen Prey", Group: Plot, Cost: 15}
		sword := AdvantageCard{Name: "Sword of Light", Group: Equipment, Cost: 5, Automatic: true} // counted at any time: it costs no actions
		setup := func(cards ...AdvantageCard) Setup {
			return Setup{Sides: [2]SideSetup{
				{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4)}, SideCards: cards},
				{Name: "Empire", EncounterLevel: 250, Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
			}}
		}
		_, err := NewGame(setup(sword))
		wantRule(t, err, "R-PARTY-9", ErrBadSetup)
		g, err := NewGame(setup(prey))
		if err != nil {
			t.Fatal(err)
		}
		wantRule(t, g.Do(PlayCard{Side: 0, Card: "Chosen Prey", Delta: -1}), "R-PARTY-9", ErrNotAllowed)
		wantRule(t, g.Do(PlayCard{Side: 1, Card: "Chosen Prey", Delta: 1}), "R-PARTY-9", ErrNotAllowed)
		mustDo(t, g, PlayCard{Side: 0, Card: "chosen prey", Delta: 1})
		if got := Describe(g.State(), []Event{SideCardPlayed{Side: 0, Card: "Chosen Prey", Delta: 1}}, "it"); got[0] != "Church gioca Chosen Prey" {
			t.Errorf("Describe in Italian: %q", got)
		}
		_, back := roundTrip(t, g)
		if c := back.State().Sides[0].Cards; len(c) != 1 || c[0].Used != 1 || c[0].Group != Plot {
			t.Errorf("after a JSON round trip: %+v", c)
		}
		mustDo(t, g, PlayCard{Side: 0, Card: "Chosen Prey", Delta: -1})
		if c := g.State().Sides[0].Cards[0]; c.Used != 0 {
			t.Errorf("taken back, the card is played %d times", c.Used)
		}
	})
}

// TestEveryRefusalIsTranslated reads the engine's source for every message it refuses with
// (the format of each refuse and fail) and checks that text's catalogue has it, so that a
// refusal reads, names and numbers included, in Spanish and Italian; the catalogue's own
// test checks each row's three languages.
func TestEveryRefusalIsTranslated(t *testing.T) {
	formats := refusalFormats(t)
	if len(formats) < 100 {
		t.Fatalf("found only %d refusal messages in refuse and fail calls", len(formats))
	}
	for _, f := range formats {
		if !text.Has(f) {
			t.Errorf("refusal %q is not in text's catalogue", f)
		}
	}
	g := newTestGame(t)
	err := g.Do(AdjustLP{Ref{0, 0}, 1})
	var rerr *core.RuleError
	if !errors.As(err, &rerr) {
		t.Fatalf("got %v", err)
	}
	for lang, want := range map[string]string{
		"en":    "R-STATE-4: Yuri Olsen has 16 of 16 LP; LP never go above the starting LP",
		"es-ES": "R-STATE-4: Yuri Olsen tiene 16 de 16 PV; los PV nunca superan los PV iniciales",
		"it":    "R-STATE-4: Yuri Olsen ha 16 PV su 16; i PV non superano mai i PV iniziali",
	} {
		if got := rerr.In(lang); got != want {
			t.Errorf("In(%q) = %q, want %q", lang, got, want)
		}
	}
	g.Do(AdvancePhase{})
	wantRule(t, g.Do(BeginActivation{Ref: Ref{0, 0}}), "R-TURN-4", ErrWrongPhase)
	if err := g.Do(BeginActivation{Ref: Ref{0, 0}}); !errors.As(err, &rerr) || rerr.In("it") != "R-TURN-4: i personaggi si attivano nella fase di Azione; ora è la fase di Mantenimento" {
		t.Errorf("a wrong phase in Italian: %v", err)
	}
}

// refusalFormats are the message formats of every refuse and fail call in the engine's
// source (a format that is not a literal fails the test).
func refusalFormats(t *testing.T) []string {
	t.Helper()
	out, err := sourcecheck.Formats(".", map[string]int{"refuse": 2, "fail": 1, "Fail": 2, "bad": 0, "because": 0})
	if err != nil {
		t.Error(err)
	}
	return out
}

// TestBerserkerChargesTheNearest: with the enemies' distances measured, a Berserker's charge
// goes at the nearest enemy (one of them when tied); without measures it is not checked
// (R-STATE-8).
func TestBerserkerChargesTheNearest(t *testing.T) {
	t.Run("R-STATE-8 a Berserker charges the nearest enemy", func(t *testing.T) {
		start := func() *Game {
			g, err := NewGame(Setup{Sides: [2]SideSetup{
				{Name: "Empire", EncounterLevel: 250, Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
				{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4), card("Grey", 40, 16, 5, 3), card("Azriel", 40, 16, 5, 3)}},
			}})
			if err != nil {
				t.Fatal(err)
			}
			mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetState{Ref: Ref{0, 0}, State: Berserker, Level: 1}, BeginActivation{Ref: Ref{0, 0}})
			return g
		}
		yuri, nero, grey, azriel := Ref{0, 0}, Ref{1, 0}, Ref{1, 1}, Ref{1, 2}
		charge := func(target Ref, nearest ...Ref) Charge {
			return Charge{Attacker: yuri, Target: target, Distance: 10, Nearest: nearest}
		}
		g := start()
		wantRule(t, Check(g.State(), charge(grey, nero)), "R-STATE-8", ErrNotAllowed) // said before any die
		if err := Check(g.State(), charge(nero, nero)); err != nil {
			t.Errorf("a charge at the nearest enemy: %v", err)
		}
		err := g.Do(charge(grey, nero))
		wantRule(t, err, "R-STATE-8", ErrNotAllowed)
		if !strings.Contains(err.Error(), "the nearest enemy, Nero") {
			t.Errorf("the refusal does not name the nearest enemy: %v", err)
		}
		g.SetDie(Script(5))
		mustDo(t, g, charge(azriel, nero, azriel)) // tied: either
		g = start()
		g.SetDie(Script(5))
		mustDo(t, g, charge(grey)) // nothing measured: the player's word
	})
}

// TestSingleUseAndMaintenanceCards: a single use card is refused once spent, on a character
// or in a side's hand (R-PARTY-9); a maintenance card costs its upkeep each Maintenance phase
// and is discarded when the player stops paying or the character could only pay with its last
// LP, after which it cannot be used (R-TURN-3).
func TestSingleUseAndMaintenanceCards(t *testing.T) {
	potion := AdvantageCard{Name: "Life Potion", Group: Equipment, Cost: 5, SingleUse: true}
	cursed := AdvantageCard{Name: "Cursed Weapon", Group: Equipment, Cost: 5, Automatic: true, Maintenance: "1 LP"}
	tactics := AdvantageCard{Name: "Tactics", Group: Plot, Cost: 10, SingleUse: true}
	start := func(t *testing.T) *Game {
		t.Helper()
		g, err := NewGame(Setup{First: 0, Seed: 7, Sides: [2]SideSetup{
			{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 3, 4, 4), card("Grey", 40, 16, 5, 3)},
				Cards: [][]AdvantageCard{{potion, cursed}}, SideCards: []AdvantageCard{tactics}},
			{Name: "Empire", EncounterLevel: 250, Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
		}})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	nero := Ref{0, 0}
	t.Run("R-PARTY-9 a single use card is spent once used", func(t *testing.T) {
		g := start(t)
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref: nero}) // it costs actions: in Nero's activation
		mustDo(t, g, UseCard{Ref: nero, Card: "Life Potion", Delta: 1})
		wantRule(t, g.Do(UseCard{Ref: nero, Card: "Life Potion", Delta: 1}), "R-PARTY-9", ErrNotAllowed)
		if Allowed(g.State(), UseCard{Ref: nero, Card: "Life Potion", Delta: 1}) {
			t.Error("the tracker would offer a spent potion")
		}
		mustDo(t, g, UseCard{Ref: nero, Card: "Life Potion", Delta: -1}, UseCard{Ref: nero, Card: "Life Potion", Delta: 1})
		mustDo(t, g, PlayCard{Side: 0, Card: "Tactics", Delta: 1})
		err := g.Do(PlayCard{Side: 0, Card: "Tactics", Delta: 1})
		wantRule(t, err, "R-PARTY-9", ErrNotAllowed)
		var re *core.RuleError
		if !errors.As(err, &re) || !strings.Contains(re.In("es"), "un solo uso") || !strings.Contains(re.In("es"), "Church") {
			t.Errorf("in Spanish: %v", err)
		}
		// Cards without the flag keep counting.
		mustDo(t, g, UseCard{Ref: nero, Card: "Cursed Weapon", Delta: 1}, UseCard{Ref: nero, Card: "Cursed Weapon", Delta: 1})
		_, back := roundTrip(t, g)
		if c, _ := back.State().Character(nero); !c.Cards[0].SingleUse || c.Cards[0].Used != 1 || c.Cards[1].Maintenance != "1 LP" {
			t.Errorf("after a JSON round trip: %+v", c.Cards)
		}
	})
	t.Run("R-TURN-3 a maintenance card's upkeep is paid, else the card is discarded", func(t *testing.T) {
		g := start(t)
		mustDo(t, g, AdvancePhase{}) // Maintenance: Nero (3 LP) pays 1 LP
		c, _ := g.State().Character(nero)
		if c.LP != 2 || c.Cards[1].Discarded {
			t.Fatalf("after the first Maintenance: %d LP, %+v", c.LP, c.Cards[1])
		}
		lines := historyText(g, "es")
		if !slices.ContainsFunc(lines, func(l string) bool {
			return strings.Contains(l, "Nero pierde 1 PV") && strings.Contains(l, "Cursed Weapon")
		}) {
			t.Errorf("the upkeep in the Spanish history: %q", lines)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{}) // next turn's Maintenance: 2 LP, pays to 1
		if c, _ := g.State().Character(nero); c.LP != 1 || c.Cards[1].Discarded {
			t.Fatalf("after the second Maintenance: %d LP, %+v", c.LP, c.Cards[1])
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{}) // 1 LP left: never paid with the last one
		c, _ = g.State().Character(nero)
		if c.LP != 1 || !c.Cards[1].Discarded {
			t.Fatalf("with its last LP: %d LP, %+v", c.LP, c.Cards[1])
		}
		wantRule(t, g.Do(UseCard{Ref: nero, Card: "Cursed Weapon", Delta: 1}), "R-TURN-3", ErrNotAllowed)
		if got := historyText(g, "en"); !slices.Contains(got, "Nero discards Cursed Weapon: its upkeep was not paid") {
			t.Errorf("history: %q", got)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, AdvancePhase{}) // a discarded card costs nothing more
		if c, _ := g.State().Character(nero); c.LP != 1 {
			t.Errorf("a discarded card's upkeep was paid: %d LP", c.LP)
		}

		g = start(t)
		mustDo(t, g, AdvancePhase{Discard: []CardDrop{{Ref: nero, Card: "Cursed Weapon"}}})
		if c, _ := g.State().Character(nero); c.LP != 3 || !c.Cards[1].Discarded {
			t.Errorf("dropped by the player: %d LP, %+v", c.LP, c.Cards[1])
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if c, _ := g.State().Character(nero); c.Cards[1].Discarded {
			t.Error("undo kept the card discarded")
		}
	})
	t.Run("R-TURN-3 R-STATE-5 a card's upkeep in actions, poisoned, in alpha", func(t *testing.T) {
		lamp := AdvantageCard{Name: "Lamp", Group: Equipment, Cost: 5, Maintenance: "2 actions"}
		for _, ed := range []Edition{Core, Alpha} {
			g, err := NewGame(Setup{Edition: ed, Sides: [2]SideSetup{
				{Name: "Church", Characters: []Card{card("Nero", 50, 14, 4, 4)}, Cards: [][]AdvantageCard{{lamp}}},
				{Name: "Empire", Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
			}})
			if err != nil {
				t.Fatal(err)
			}
			mustDo(t, g, SetState{Ref: nero, State: Poison, Level: 2}, AdvancePhase{})
			c, _ := g.State().Character(nero)
			want := 14
			if ed == Alpha {
				want = 12
			}
			if c.Actions != 2 || c.LP != want || c.Cards[0].Discarded {
				t.Errorf("%s: %d actions, %d LP (want 2, %d), %+v", ed, c.Actions, c.LP, want, c.Cards[0])
			}
		}
	})
	t.Run("R-TURN-3 upkeep as printed", func(t *testing.T) {
		for printed, want := range map[string][3]int{"1 LP": {1, 1, 1}, "2 actions": {2, 0, 1}, "1 Action": {1, 0, 1}, "": {}, "one LP": {}, "0 LP": {}, "1 gnosis": {}} {
			n, lp, ok := ParseUpkeep(printed)
			if got := [3]int{n, b2i(lp), b2i(ok)}; got != want {
				t.Errorf("ParseUpkeep(%q) = %v, want %v", printed, got, want)
			}
		}
	})
}

// TestArbiterOrders: an Arbiter gives the orders its card names, at the card's cost in Order
// points, a reactive one at any time and an active one in his activation, and nothing else; an
// Arbiter whose card names none gives any order at the cost sent (R-ARB-1). Its zone of
// influence comes into the game with it.
func TestArbiterOrders(t *testing.T) {
	t.Run("R-ARB-1 the card's orders at the card's costs", func(t *testing.T) {
		aizen := card("High Arbiter Aizen", 80, 20, 6, 4)
		aizen.OrderPoints, aizen.Influence, aizen.BaseSize = 3, 30, "medium"
		aizen.Abilities = []Ability{{Name: "Opugnis", Cost: 2, Makes: AbilityOrder}, {Name: "Motum", Cost: 1, Makes: AbilityOrder},
			{Name: "Mortis", Keywords: []string{"Order", "Reactive"}, Cost: 1, Makes: AbilityOrder}, {Name: "Stealth", Cost: 2, Makes: AbilityEffect}}
		own := card("Own Arbiter", 40, 12, 4, 3)
		own.OrderPoints = 2
		g, err := NewGame(Setup{First: 0, Sides: [2]SideSetup{{Name: "Azur", Characters: []Card{aizen, own}}, {Name: "Samael", Characters: []Card{card("Yuri", 50, 14, 4, 4)}}}})
		if err != nil {
			t.Fatal(err)
		}
		a := Ref{0, 0}
		c, _ := g.State().Character(a)
		if c.Influence != 30 || c.BaseSize != "medium" || !slices.Equal(c.Orders, []Order{{Name: "Opugnis", Cost: 2}, {Name: "Motum", Cost: 1}, {Name: "Mortis", Cost: 1, Reactive: true}}) {
			t.Fatalf("Aizen in play: influence %v, base %q, orders %+v", c.Influence, c.BaseSize, c.Orders)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{})
		// Outside his activation only a reactive order; the card says which, not the command.
		if err := g.Do(GiveOrder{Arbiter: a, Order: "Motum", Reactive: true}); err == nil {
			t.Fatal("an active order given outside the Arbiter's activation")
		}
		mustDo(t, g, GiveOrder{Arbiter: a, Order: "Mortis"}, BeginActivation{Ref: a})
		wantRule(t, g.Do(GiveOrder{Arbiter: a, Order: "Stealth"}), "R-ARB-1", ErrNotAllowed)
		mustDo(t, g, GiveOrder{Arbiter: a, Order: "opugnis", Cost: 0}) // the card's cost, not the one sent
		if c, _ := g.State().Character(a); c.OrderPoints != 0 {
			t.Fatalf("Mortis and Opugnis left %d Order points, want 0", c.OrderPoints)
		}
		wantRule(t, g.Do(GiveOrder{Arbiter: a, Order: "Motum"}), "R-ARB-1", ErrNotEnoughActions)
		if got := historyText(g, "it"); !slices.Contains(got, "High Arbiter Aizen dà l'ordine Opugnis (-2 punti Ordine)") {
			t.Errorf("history in Italian: %q", got)
		}
		mustDo(t, g, EndActivation{Ref: a}, BeginActivation{Ref: Ref{1, 0}}, EndActivation{Ref: Ref{1, 0}}, BeginActivation{Ref: Ref{0, 1}},
			GiveOrder{Arbiter: Ref{0, 1}, Order: "Whatever the card says", Cost: 2})
		if c, _ := g.State().Character(Ref{0, 1}); c.OrderPoints != 0 {
			t.Errorf("the own Arbiter has %d Order points left", c.OrderPoints)
		}
	})
}

// historyText is the game's history in lang, its lines' text only.
func historyText(g *Game, lang string) []string {
	var out []string
	for _, l := range History(g.Log(), lang) {
		out = append(out, l.Text)
	}
	return out
}
