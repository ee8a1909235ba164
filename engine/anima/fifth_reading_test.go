package anima

import (
	"slices"
	"testing"
)

// The fifth reading of the rulebooks (rulings of 2026-11-29): Maintenance in the books'
// order, summons after their summoner, Armageddon's winner, a hidden human shield, a friend's
// flag, the base on the card, a reveal's sustained ability.

// maintenanceEvents are the events of the game's last gesture.
func lastGesture(g *Game) []Event {
	log := g.Log()
	last := log[len(log)-1].Gesture
	var out []Event
	for _, e := range log {
		if e.Gesture == last {
			out = append(out, e.Event)
		}
	}
	return out
}

func TestRSUM4BindComesFirst(t *testing.T) {
	t.Run("R-SUM-4 R-TURN-3 R-STATE-7 every summon's Bind before any state counter: the summon's Stability die first, then the summoner's Doom", func(t *testing.T) {
		g := summoning(t, Core, 1)
		caller, sm := Ref{0, 0}, Ref{0, 1}
		mustDo(t, g, SetState{Ref: caller, State: Doom, Level: 1}, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}},
			BeginActivation{Ref: sm}, EndActivation{Ref: sm}, AdvancePhase{})
		g.SetDie(Script(6, 9)) // Stability 6 beats 5: stays; Doom 9 kills
		mustDo(t, g, AdvancePhase{})
		s := g.State()
		if c, _ := s.Character(sm); !c.InPlay() || c.Bind != 0 {
			t.Errorf("the summon: in play %v, Bind %d; want kept at 0 Bind", c.InPlay(), c.Bind)
		}
		if c, _ := s.Character(caller); c.LP != 0 {
			t.Errorf("the summoner has %d LP after Doom 9", c.LP)
		}
		var checks []CheckKind
		for _, ev := range lastGesture(g) {
			if r, ok := ev.(Rolled); ok {
				checks = append(checks, r.Check)
			}
		}
		if len(checks) < 2 || checks[0] != CheckStability || checks[1] != CheckDoom {
			t.Errorf("checks rolled %v: want Stability, then Doom", checks)
		}
	})
	t.Run("R-SUM-4 R-TURN-3 R-STATE-5 a summon unbound at the start of Maintenance pays no upkeep (alpha: no Poison on it)", func(t *testing.T) {
		g := summoning(t, Alpha, 1)
		sm := Ref{0, 1}
		mustDo(t, g, UseAbility{Ref: sm, Ability: "Veil", Cost: 2, Upkeep: 2, Reactive: true}, SetState{Ref: sm, State: Poison, Level: 2},
			BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}}, BeginActivation{Ref: sm}, EndActivation{Ref: sm}, AdvancePhase{})
		lp := g.State().Sides[0].Characters[1].LP
		g.SetDie(Script(8, 3)) // who acts first in turn 2 (alpha, R-SETUP-5)
		mustDo(t, g, AdvancePhase{OutsideZoC: []Ref{sm}})
		c, _ := g.State().Character(sm)
		if !c.Removed || c.LP != lp {
			t.Errorf("the summon: removed %v, LP %d from %d", c.Removed, c.LP, lp)
		}
		for _, ev := range lastGesture(g) {
			if a, ok := ev.(ActionsSpent); ok && a.Ref == sm {
				t.Errorf("an unbound summon paid upkeep: %+v", a)
			}
		}
	})
}

func TestRSUM4SummonerOutOfPlay(t *testing.T) {
	t.Run("R-SUM-4 R-SUM-5 a summon whose summoner is out of play is removed at 0 Bind: no Stability roll, no Shock check", func(t *testing.T) {
		g := summoning(t, Core, 2)
		caller, sm := Ref{0, 0}, Ref{0, 1}
		mustDo(t, g, AdjustLP{Ref: caller, Delta: -12}, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}},
			BeginActivation{Ref: sm}, EndActivation{Ref: sm}, AdvanceToAction{})
		if c, _ := g.State().Character(sm); !c.InPlay() || c.Bind != 1 {
			t.Fatalf("Bind 2 to 1: in play %v, Bind %d", c.InPlay(), c.Bind)
		}
		st := g.State()
		c, _ := st.Character(sm)
		if FacesStability(st, c) || !LeavesUnbound(st, c) {
			t.Error("FacesStability or LeavesUnbound disagree with the rule")
		}
		mustDo(t, g, BeginActivation{Ref: sm}, EndActivation{Ref: sm}, BeginActivation{Ref{1, 0}}, EndActivation{Ref{1, 0}})
		g.SetDie(Script()) // no die: none is rolled
		mustDo(t, g, AdvanceToAction{})
		if c, _ := g.State().Character(sm); !c.Removed {
			t.Errorf("the summon stays with its summoner out of play: %+v", c)
		}
	})
}

func TestRSCN3KillingEveryEnemyWins(t *testing.T) {
	t.Run("R-SCN-3 R-SETUP-7 a side that killed every enemy wins at once, its survivors all unrevealed infiltrators (alpha)", func(t *testing.T) {
		g, err := NewGame(Setup{Edition: Alpha, Scenario: Armageddon, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann"), mover("Hid")}, Infiltrators: []int{1}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo")}}}})
		if err != nil {
			t.Fatal(err)
		}
		mustDo(t, g, AdjustLP{Ref: Ref{0, 0}, Delta: -12}, AdjustLP{Ref: Ref{1, 0}, Delta: -12})
		if s := g.State(); !s.Over() || s.Winner() != 0 {
			t.Fatalf("over %v, winner %d: want A's win, its infiltrator alive", s.Over(), s.Winner())
		}
	})
}

func TestRSCN1TiedNodesFallToLevels(t *testing.T) {
	t.Run("R-SCN-1 R-TURN-5 with the power nodes tied, the levels on the table decide", func(t *testing.T) {
		s := melee(t, Core).State()
		s.Scenario = PowerNodes
		s.Sides[0].Nodes, s.Sides[1].Nodes = 2, 2
		s.Sides[1].Characters[1].LP = 0
		if w := s.Winner(); w != 0 {
			t.Errorf("nodes tied 2-2, A with more levels on the table: winner %d", w)
		}
		s.Sides[1].Nodes = 3
		if w := s.Winner(); w != 1 {
			t.Errorf("nodes 2-3: winner %d", w)
		}
	})
}

func TestRPARTY4AlphaTakesTheLowerRow(t *testing.T) {
	t.Run("R-PARTY-4 R-PARTY-2 alpha between two rows of the tier table takes the lower: 250 is Beta, no leader", func(t *testing.T) {
		for level, want := range map[int]string{250: "Beta", 299: "Beta", 300: "Gamma", 449: "Gamma", 599: "Sigma"} {
			if got := TierFor(level).Name; got != want {
				t.Errorf("%d levels: %s, want %s", level, got, want)
			}
		}
		if n := LeadersAllowed(Alpha, 250); n != 0 {
			t.Errorf("alpha at 250 allows %d leaders", n)
		}
	})
}

func TestRATK10HiddenHumanShield(t *testing.T) {
	t.Run("R-ATK-10 R-HIDE-1 a hidden friend may take a ranged attack for its friend, and is revealed by it", func(t *testing.T) {
		shooter := withCaps(mover("A"), "Ranged Attack (16 inches)")
		g := duel(t, Core, []Card{shooter}, []Card{mover("B"), mover("C")})
		b, c := Ref{1, 0}, Ref{1, 1}
		mustDo(t, g, AdvanceToAction{}, Hide{Ref: c, Hidden: true}, BeginActivation{Ref: Ref{0, 0}})
		if ch, _ := g.State().Character(c); !ch.Hidden {
			t.Fatal("C is not hidden")
		}
		g.SetDie(Script(9, 2))
		mustDo(t, g, Attack{Attacker: Ref{0, 0}, Target: b, Ranged: true, Shield: &c})
		s := g.State()
		shield, _ := s.Character(c)
		friend, _ := s.Character(b)
		if shield.Hidden || shield.LP == shield.MaxLP || friend.LP != friend.MaxLP {
			t.Errorf("the shield: hidden %v, LP %d/%d; the friend LP %d/%d", shield.Hidden, shield.LP, shield.MaxLP, friend.LP, friend.MaxLP)
		}
	})
}

func TestRSCN2FriendCarriesItsFlagHome(t *testing.T) {
	t.Run("R-SCN-2 a dropped flag is picked up by a friend of the flag (1 action) and carried home, a flag marker again; a character carries one flag", func(t *testing.T) {
		g, err := NewGame(Setup{Scenario: CaptureFlag, Sides: [2]SideSetup{
			{Name: "A", EncounterLevel: 250, Characters: []Card{mover("Ann"), mover("Al")}},
			{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo"), mover("Cy")}}}})
		if err != nil {
			t.Fatal(err)
		}
		ann, al, bo := Ref{0, 0}, Ref{0, 1}, Ref{1, 0}
		mustDo(t, g, AdvanceToAction{}, BeginActivation{Ref: ann})
		wantRule(t, g.Do(TakeFlag{Ref: ann, Own: true}), "R-SCN-2", ErrNotAllowed) // A's flag is at home
		mustDo(t, g, TakeFlag{Ref: ann}, EndActivation{Ref: ann}, BeginActivation{Ref: bo})
		wantRule(t, g.Do(TakeFlag{Ref: bo, Own: true}), "R-SCN-2", ErrNotAllowed) // Ann carries it
		mustDo(t, g, AdjustLP{Ref: ann, Delta: -12})                              // Ann falls: B's flag lies where she fell
		if s := g.State(); !s.FlagDropped(1) || s.FlagDropped(0) {
			t.Fatalf("B's flag dropped %v, A's %v", s.FlagDropped(1), s.FlagDropped(0))
		}
		actions := g.State().Sides[1].Characters[0].Actions
		mustDo(t, g, TakeFlag{Ref: bo, Own: true})
		s := g.State()
		if c := s.OwnFlagCarrier(1); c == nil || *c != bo || s.FlagDropped(1) || s.Sides[1].Characters[0].Actions != actions-1 {
			t.Fatalf("Bo carries B's flag: %v, dropped %v, actions %d from %d", c, s.FlagDropped(1), s.Sides[1].Characters[0].Actions, actions)
		}
		wantRule(t, g.Do(TakeFlag{Ref: bo}), "R-SCN-2", ErrNotAllowed) // one flag at a time
		mustDo(t, g, EndActivation{Ref: bo}, BeginActivation{Ref: al})
		wantRule(t, g.Do(TakeFlag{Ref: al}), "R-SCN-2", ErrNotAllowed) // Bo carries it home
		mustDo(t, g, EndActivation{Ref: al}, BringFlagHome{Ref: bo})
		s = g.State()
		if s.Over() || s.OwnFlagCarrier(1) != nil || s.FlagDropped(1) {
			t.Fatalf("after Bo's return: over %v, carrier %v, dropped %v", s.Over(), s.OwnFlagCarrier(1), s.FlagDropped(1))
		}
		// The history tells both in every language.
		for lang, want := range map[string][2]string{
			"en": {"Bo picks up its side's flag, to carry it home", "B's flag is back in its deployment zone"},
			"es": {"Bo recoge la bandera de su bando para llevarla a casa", "La bandera de B vuelve a su zona de despliegue"},
			"it": {"Bo raccoglie la bandiera della sua parte per riportarla a casa", "La bandiera di B è di nuovo nella sua zona di schieramento"},
		} {
			var all []string
			for _, l := range History(g.Log(), lang) {
				all = append(all, l.Text)
			}
			if !slices.Contains(all, want[0]) || !slices.Contains(all, want[1]) {
				t.Errorf("%s: the history %q lacks %q", lang, all[len(all)-4:], want)
			}
		}
		// The flag at home again: Cy's side may lose it to A again.
		mustDo(t, g, AdvanceToAction{}, BeginActivation{Ref: al}, TakeFlag{Ref: al})
		if c := g.State().FlagCarrier(0); c == nil || *c != al {
			t.Errorf("A's Al could not take B's flag back home: %v", c)
		}
	})
}

func TestRSETUP7RevealNeverStartsAnAbilityFree(t *testing.T) {
	t.Run("R-SETUP-7 R-TURN-3 a reveal starting a sustained ability with no cost said pays the card's; where the card prints none it is refused (alpha)", func(t *testing.T) {
		g := stalking(t, Ability{Name: "Shadow Walk", Cost: 2, Upkeep: 1}, Ability{Name: "Gloom", Upkeep: 1})
		st := Ref{0, 1}
		wantRule(t, g.Do(Reveal{Ref: st, Ability: "Gloom"}), "R-SETUP-7", ErrNotAllowed)
		mustDo(t, g, Reveal{Ref: st, Ability: "Shadow Walk"})
		c, _ := g.State().Character(st)
		if c.Actions != 4-2 || len(c.Upkeep) != 1 || c.Upkeep[0].Cost != 1 {
			t.Errorf("actions %d, upkeep %v: want 4 - 2 (the card's cost) and Shadow Walk at 1", c.Actions, c.Upkeep)
		}
	})
}

func TestRCAP5TheBaseOnTheCard(t *testing.T) {
	t.Run("R-CAP-5 R-CARD-3 a knockback striking a large base halves both models' movement as its card says; a crossing that says large of a small base is refused", func(t *testing.T) {
		// throw has the Ogre knock Bo into the struck model (base as its card prints), which
		// fails to avoid it; it returns the throw.
		throw := func(base string) KnockedBack {
			struck := mover("Struck")
			struck.BaseSize = base
			g, err := NewGame(Setup{Edition: Alpha, Sides: [2]SideSetup{
				{Name: "A", EncounterLevel: 250, Characters: []Card{withCaps(mover("Ogre"), "Knockback")}},
				{Name: "B", EncounterLevel: 250, Characters: []Card{mover("Bo"), struck, mover("Cy")}}}})
			if err != nil {
				t.Fatal(err)
			}
			ogre, bo := Ref{0, 0}, Ref{1, 0}
			mustDo(t, g, AdvancePhase{}, AdvancePhase{}, SetEngaged{A: ogre, B: bo, Engaged: true}, BeginActivation{Ref: ogre})
			wantRule(t, g.Do(Attack{Attacker: ogre, Target: bo, Path: []Crossing{{Kind: Base, At: 1, Ref: Ref{1, 2}, Large: true}}}), "R-CAP-5", ErrNotAllowed)
			g.SetDie(Script(8, 1)) // the attack hits; the struck model fails to avoid
			mustDo(t, g, Attack{Attacker: ogre, Target: bo, Path: []Crossing{{Kind: Base, At: 1, Ref: Ref{1, 1}}}})
			for _, ev := range lastGesture(g) {
				if k, ok := ev.(KnockedBack); ok && k.Ref == bo {
					return k
				}
			}
			t.Fatal("no knockback")
			return KnockedBack{}
		}
		small, large := throw("small"), throw("large (60 mm)")
		if len(large.Met) != 1 || !large.Met[0].Large || large.Met[0].Avoided || small.Met[0].Large {
			t.Fatalf("the throws met %+v and %+v", small.Met, large.Met)
		}
		if left := small.Met[0].Pushed; left <= 0 || large.Met[0].Pushed != left/2 || large.Distance != 1+left/2 || small.Distance != 1+left {
			t.Errorf("a small base: thrown %v, pushed %v; a large one: thrown %v, pushed %v (want half what is left)", small.Distance, left, large.Distance, large.Met[0].Pushed)
		}
	})
}
