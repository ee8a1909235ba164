package anima

import (
	"reflect"
	"strings"
	"testing"
)

// The engine's answers the app draws (whose activation it is, what a command costs, what an
// ability is, a party's side of a game), tested by the rules they read.

func TestActivating(t *testing.T) {
	t.Run("R-TURN-4 the side whose turn it is, then the other when it has no one left", func(t *testing.T) {
		g := newTestGame(t)
		if got := Activating(g.State()); got != [2]bool{} {
			t.Fatalf("Recovery phase: %v, want no side", got)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{})
		s := g.State()
		if got := Activating(s); got != [2]bool{true, false} {
			t.Fatalf("Action phase: %v, want side 1", got)
		}
		for i := range 2 {
			if !MayActivate(s, Ref{0, i}) || !MayActivate(s, Ref{1, 0}) {
				t.Errorf("character %d: MayActivate false before anyone acted", i)
			}
		}
		mustDo(t, g, BeginActivation{Ref{0, 0}})
		if got := Activating(g.State()); got != [2]bool{} {
			t.Errorf("while Yuri is active: %v, want no side", got)
		}
		mustDo(t, g, EndActivation{Ref{0, 0}}, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}})
		s = g.State()
		if got := Activating(s); got != [2]bool{true, false} {
			t.Errorf("Nero has acted: %v, want side 1 (it has Kronen left)", got)
		}
		if MayActivate(s, Ref{0, 0}) || MayActivate(s, Ref{1, 0}) || !MayActivate(s, Ref{0, 1}) {
			t.Error("MayActivate: the turned cards may not, Kronen may")
		}
	})
	t.Run("R-STATE-9 a stunned character may not be activated", func(t *testing.T) {
		g := newTestGame(t)
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetState{Ref: Ref{0, 1}, State: Stunned, Level: 1})
		if MayActivate(g.State(), Ref{0, 1}) {
			t.Error("a stunned Kronen may activate")
		}
	})
}

func TestPickingAndWaiting(t *testing.T) {
	t.Run("R-TURN-4 who picks next and who has not acted, until every card is turned", func(t *testing.T) {
		g := newTestGame(t)
		if _, ok := Picking(g.State()); ok {
			t.Fatal("Recovery phase: a side picks")
		}
		if w := Waiting(g.State()); len(w) != 0 {
			t.Fatalf("Recovery phase: %v wait", w)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{})
		s := g.State()
		if side, ok := Picking(s); !ok || side != 0 {
			t.Fatalf("Action phase: side %d (%v) picks, want side 0", side, ok)
		}
		if w, want := Waiting(s), []Ref{{0, 0}, {0, 1}, {1, 0}}; !reflect.DeepEqual(w, want) {
			t.Fatalf("Action phase: %v wait, want %v", w, want)
		}
		mustDo(t, g, BeginActivation{Ref{0, 0}})
		if _, ok := Picking(g.State()); ok {
			t.Error("while Yuri is active, a side picks")
		}
		mustDo(t, g, EndActivation{Ref{0, 0}})
		if side, _ := Picking(g.State()); side != 1 {
			t.Errorf("after Yuri: side %d picks, want 1", side)
		}
		mustDo(t, g, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}})
		s = g.State()
		if side, _ := Picking(s); side != 0 {
			t.Errorf("side 1 has no one left: side %d picks, want 0", side)
		}
		if w, want := Waiting(s), []Ref{{0, 1}}; !reflect.DeepEqual(w, want) {
			t.Errorf("%v wait, want %v", w, want)
		}
		mustDo(t, g, BeginActivation{Ref{0, 1}}, EndActivation{Ref{0, 1}})
		if _, ok := Picking(g.State()); ok || len(Waiting(g.State())) != 0 {
			t.Error("every card is turned: someone still picks or waits")
		}
	})
	t.Run("R-TURN-4 the side whose turn it is has no one left from the start", func(t *testing.T) {
		g := newTestGame(t)
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetState{Ref: Ref{0, 0}, State: Stunned, Level: 1}, SetState{Ref: Ref{0, 1}, State: Stunned, Level: 1})
		if side, ok := Picking(g.State()); !ok || side != 1 {
			t.Errorf("side 0 all stunned (R-STATE-9): side %d (%v) picks, want 1", side, ok)
		}
	})
}

// agreesWithBegin checks MayActivate against the command's own checks on the state where it
// is r's side's turn.
func agreesWithBegin(t *testing.T, s State) {
	t.Helper()
	for side := range s.Sides {
		for i := range s.Sides[side].Characters {
			r := Ref{side, i}
			turn := s.Clone()
			turn.Active, turn.Flow.ActiveSide = nil, side
			if MayActivate(s, r) != (Allowed(turn, BeginActivation{Ref: r}) && !s.Over()) {
				t.Fatalf("MayActivate(%v) = %v, the command says otherwise", r, MayActivate(s, r))
			}
			if now := Activating(s)[side] && MayActivate(s, r); now != Allowed(s, BeginActivation{Ref: r}) {
				t.Fatalf("Activating and MayActivate say %v for %v now, the command otherwise", now, r)
			}
		}
	}
}

func TestCost(t *testing.T) {
	t.Run("R-ACT-1 each action's cost as the table prices it", func(t *testing.T) {
		s := newTestGame(t).State()
		for _, c := range []struct {
			cmd  Command
			want int
		}{
			{Move{How: MoveWalk}, 1}, {Move{How: MoveRun}, 2}, {Move{How: MoveFree}, 0}, {Move{How: MoveClimb}, 1},
			{Attack{}, 2}, {Attack{Ranged: true}, 2}, {Attack{AttackOptions: AttackOptions{Ability: "Nuala", Cost: 3}}, 3},
			{Charge{}, 3}, {Charge{Slam: true}, 3}, {Charge{AttackOptions: AttackOptions{Cost: 4}}, 4}, {Push{}, 3},
			{Escape{}, 1}, {Seek{}, 1}, {UseAbility{Cost: 2}, 2}, {TakeFlag{}, 1},
			{AdjustLP{}, 0}, {EndActivation{}, 0}, {AdvancePhase{}, 0},
		} {
			if got := Cost(s, c.cmd); got != c.want {
				t.Errorf("Cost(%T%+v) = %d, want %d", c.cmd, c.cmd, got, c.want)
			}
		}
		if ReactionCost(Dodge) != 1 || ReactionCost(Counterattack) != 3 || ReactionCost(NoReaction) != 0 {
			t.Error("reaction costs")
		}
	})
}

// spendsItsCost checks that an accepted command spent Cost actions of the one who took it.
func spendsItsCost(t *testing.T, s State, cmd Command, evs []Event) {
	t.Helper()
	var actor Ref
	ok := false
	switch c := cmd.(type) {
	case Move:
		actor, ok = c.Ref, true
	case Attack:
		actor, ok = c.Attacker, true
	case Charge:
		actor, ok = c.Attacker, true
	case Push:
		actor, ok = c.Attacker, true
	case Escape:
		actor, ok = c.Ref, true
	case Seek:
		actor, ok = c.Ref, true
	case UseAbility:
		actor, ok = c.Ref, true
	case TakeFlag:
		actor, ok = c.Ref, true
	}
	if !ok {
		return
	}
	spent := 0
	for _, e := range evs {
		if a, isSpent := e.(ActionsSpent); isSpent && a.Ref == actor {
			spent += a.Actions
			break // the actor's own action comes first; later ones are reactions and free attacks
		}
	}
	if want := Cost(s, cmd); spent != want {
		t.Fatalf("%T spent %d actions, Cost says %d", cmd, spent, want)
	}
}

func TestTypeAbility(t *testing.T) {
	for _, c := range []struct {
		a     Ability
		makes AbilityAction
		magic bool
	}{
		{Ability{Name: "Nuala", Keywords: []string{"Ki", "Attack"}, Cost: 3}, AbilityAttack, true},
		{Ability{Name: "Shot", Keywords: []string{"Ranged Attack"}, Cost: 2}, AbilityRanged, false},
		{Ability{Name: "Rush", Keywords: []string{"Magic", "Charge"}}, AbilityCharge, true},
		{Ability{Name: "Heal", Keywords: []string{"Magic", "Effect"}, Cost: 2}, AbilityEffect, true},
		{Ability{Name: "Gae Bolg"}, "", false},
	} {
		got := TypeAbility(c.a)
		if got.Makes != c.makes || got.Magic != c.magic {
			t.Errorf("%s: makes %q magic %v, want %q %v", c.a.Name, got.Makes, got.Magic, c.makes, c.magic)
		}
	}
}

func TestRollForFirst(t *testing.T) {
	t.Run("R-SETUP-5 both roll, ties again, the highest acts first; in the log", func(t *testing.T) {
		g := newTestGame(t)
		g.SetDie(Script(4, 4, 3, 8))
		mustDo(t, g, RollForFirst{})
		g.SetDie(nil)
		s := g.State()
		if s.Flow.ActiveSide != 1 || s.Flow.First != 1 || !s.FirstRolled {
			t.Fatalf("flow %+v, want side 2 first", s.Flow)
		}
		if s.Rolls != 4 {
			t.Errorf("%d dice counted, want 4", s.Rolls)
		}
		last := g.Log()[len(g.Log())-1].Event.(FirstRolled)
		if len(last.Rounds) != 2 || last.Rounds[1][1].Kept != 8 {
			t.Errorf("rounds %+v", last.Rounds)
		}
		replayed, err := Replay(g.Log())
		if err != nil || !reflect.DeepEqual(replayed, s) {
			t.Errorf("replay differs: %v", err)
		}
		err = g.Do(RollForFirst{})
		wantRule(t, err, "R-SETUP-5", ErrAlreadyDone)
		if h := History(g.Log(), "es"); h[len(h)-1].Text != "Quién actúa primero: Empire tira [4 3], Church tira [4 8]; Church actúa primero" {
			t.Errorf("history %q", h[len(h)-1].Text)
		}
	})
	t.Run("R-SETUP-5 only before the first Recovery phase ends", func(t *testing.T) {
		g := newTestGame(t)
		if !Allowed(g.State(), RollForFirst{}) || Check(g.State(), RollForFirst{}) != nil {
			t.Error("at the start the roll-off is not allowed (the dice of Allowed tie every time)")
		}
		mustDo(t, g, AdvancePhase{})
		if Allowed(g.State(), RollForFirst{}) {
			t.Error("after the first Recovery phase the roll-off is allowed")
		}
		wantRule(t, g.Do(RollForFirst{}), "R-SETUP-5", ErrWrongPhase)
	})
	t.Run("the game's own die rolls it when no dice are entered", func(t *testing.T) {
		g := newTestGame(t)
		if err := g.Do(RollForFirst{}); err != nil {
			t.Fatal(err)
		}
		if !g.State().FirstRolled {
			t.Error("not rolled")
		}
	})
}

// TestActions: during an activation, Actions offers what Legal does, each attack once (on the
// first enemy Legal lists for it), and asking changes nothing in the state it is asked on
// (Decide copies the state only at a command's first event). R-TURN-4.
func TestActions(t *testing.T) {
	t.Run("R-TURN-4 each action once, on its first target", func(t *testing.T) {
		g, err := NewGame(Setup{Sides: [2]SideSetup{
			{Name: "A", Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
			{Name: "B", Characters: []Card{card("Nero", 50, 14, 4, 4), card("Grey", 40, 16, 5, 3), card("Azriel", 40, 16, 5, 3)}},
		}, First: 0})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref: Ref{0, 0}})
		s := g.State()
		before := s.Clone()
		legal, actions := legal(s, true), Actions(s)
		if !reflect.DeepEqual(s, before) {
			t.Fatal("asking what is legal changed the state")
		}
		kind := func(c Choice) string { return strings.Fields(c.Label)[0] }
		first := map[string]Choice{}
		var kinds []string
		for _, c := range legal {
			if _, ok := first[kind(c)]; !ok {
				first[kind(c)] = c
				kinds = append(kinds, kind(c))
			}
		}
		if len(actions) != len(kinds) {
			t.Fatalf("Actions gives %d choices, Legal %d kinds: %v / %v", len(actions), len(kinds), actions, legal)
		}
		for i, c := range actions {
			if want := first[kinds[i]]; !reflect.DeepEqual(c, want) {
				t.Errorf("choice %d: %v, want %v", i, c, want)
			}
		}
		charges := 0
		for _, c := range legal {
			if kind(c) == "charge" {
				charges++
			}
		}
		if charges != 3 {
			t.Errorf("Legal charges %d enemies, want all 3", charges)
		}
	})
	t.Run("R-TURN-4 outside an activation Actions is Legal", func(t *testing.T) {
		g := newTestGame(t)
		mustDo(t, g, AdvancePhase{}, AdvancePhase{})
		if s := g.State(); !reflect.DeepEqual(Actions(s), legal(s, true)) {
			t.Errorf("Actions %v, Legal %v", Actions(s), legal(s, true))
		}
	})
}

// TestWordsIn: a card's capabilities, keywords, faction and category read in the player's
// language; what the catalogue does not know stays as printed.
func TestWordsIn(t *testing.T) {
	for _, tc := range []struct{ lang, in, want string }{
		{"es", "Immunity (Poison)", "Inmunidad (veneno)"},
		{"it", "Summoner (Level 1)", "Evocatore (Livello 1)"},
		{"es", "Ranged Attack (16 inches)", "Ataque a distancia (16 pulg.)"},
		{"it", "Immunity (Posion, Blind)", "Immunità (veleno, cecità)"},
		{"en", "Immunity (Poison)", "Immunity (Poison)"},
		{"es", "Critical Mastery", "Maestría crítica"},
		{"es", "Something New (9+)", "Something New (9+)"},
	} {
		if got := CapabilityIn(tc.lang, tc.in); got != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.lang, tc.in, got, tc.want)
		}
	}
	a := Ability{Keywords: []string{"Ki", "Ranged Attack", "Reactive"}}
	if got := a.KeywordsIn("it"); got != "Ki, Attacco a distanza, Reattiva" {
		t.Errorf("keywords in Italian: %q", got)
	}
	if got := Darkness.In("es") + " " + Prowler.In("it"); got != "Oscuridad Predatore" {
		t.Errorf("faction and category: %q", got)
	}
}
