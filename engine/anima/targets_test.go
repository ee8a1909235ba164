package anima

import (
	"slices"
	"testing"
)

// TestDefaultTarget: the enemy an action aims at before the player chooses, from the enemies
// that may be targeted.
func TestDefaultTarget(t *testing.T) {
	g, err := NewGame(Setup{Sides: [2]SideSetup{
		{Name: "Empire", EncounterLevel: 250, Characters: []Card{card("Yuri Olsen", 55, 16, 5, 3)}},
		{Name: "Church", EncounterLevel: 250, Characters: []Card{card("Nero", 50, 14, 4, 4), card("Grey", 40, 12, 4, 3), card("Xavier", 40, 12, 4, 3)}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	yuri, nero, grey, xavier := Ref{0, 0}, Ref{1, 0}, Ref{1, 1}, Ref{1, 2}
	mustDo(t, g, AdvancePhase{}, AdvancePhase{})
	t.Run("R-HIDE-1 a hidden enemy, or one out of play, is no target", func(t *testing.T) {
		mustDo(t, g, Hide{Ref: nero, Hidden: true})
		defer g.Undo()
		if got := Targetable(g.State(), yuri); !slices.Equal(got, []Ref{grey, xavier}) {
			t.Errorf("targetable %v, want Grey and Xavier", got)
		}
		if got := HiddenEnemies(g.State(), yuri); !slices.Equal(got, []Ref{nero}) {
			t.Errorf("hidden enemies %v, want Nero, for a Seek", got)
		}
		if got, ok := DefaultTarget(g.State(), yuri, RangedAttack, nil); !ok || got != grey {
			t.Errorf("a ranged attack aims at %v, want Grey, the first targetable", got)
		}
	})
	t.Run("R-ATK-8 a melee attack aims at an enemy engaged with the attacker", func(t *testing.T) {
		mustDo(t, g, SetEngaged{A: yuri, B: xavier, Engaged: true})
		defer g.Undo()
		if got, _ := DefaultTarget(g.State(), yuri, MeleeAttack, nil); got != xavier {
			t.Errorf("a melee attack aims at %v, want Xavier, engaged with Yuri", got)
		}
		if got, _ := DefaultTarget(g.State(), yuri, ChargeAttack, nil); got != nero {
			t.Errorf("a charge aims at %v, want Nero, the first", got)
		}
	})
	t.Run("R-STATE-8 a Berserker's charge aims at the nearest enemy", func(t *testing.T) {
		if got, _ := DefaultTarget(g.State(), yuri, ChargeAttack, []Ref{grey}); got != nero {
			t.Errorf("a charge that is not a Berserker's aims at %v, want Nero, the first", got)
		}
		mustDo(t, g, SetState{Ref: yuri, State: Berserker, Level: 1})
		defer g.Undo()
		if got, _ := DefaultTarget(g.State(), yuri, ChargeAttack, []Ref{grey}); got != grey {
			t.Errorf("a Berserker's charge aims at %v, want Grey, the nearest", got)
		}
		if got, _ := DefaultTarget(g.State(), yuri, ChargeAttack, nil); got != nero {
			t.Errorf("with no positions known, a Berserker's charge aims at %v, want Nero, the first", got)
		}
	})
	t.Run("no enemy to target", func(t *testing.T) {
		if _, ok := DefaultTarget(g.State(), Ref{Side: 3}, MeleeAttack, nil); ok {
			t.Error("a character of no side has a target")
		}
	})
}

// TestFitsOrganization: R-PARTY-7 an organization party takes that organization's cards and
// Wanderers; a faction party (no organization) takes any card.
func TestFitsOrganization(t *testing.T) {
	church := Card{Name: "C", Organization: "Church"}
	wanderer := Card{Name: "W"}
	both := Card{Name: "B", Organization: "Church;Samael"}
	for _, tc := range []struct {
		card Card
		org  string
		want bool
	}{{church, "church", true}, {church, "Samael", false}, {wanderer, "Samael", true}, {both, "Samael", true}, {church, "", true}} {
		if got := tc.card.FitsOrganization(tc.org); got != tc.want {
			t.Errorf("%s (%q) in a party of %q: %v, want %v", tc.card.Name, tc.card.Organization, tc.org, got, tc.want)
		}
	}
}
