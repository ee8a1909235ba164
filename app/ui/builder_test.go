package ui

import (
	"slices"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
)

// TestUpgradeOffer: the upgrades a character may buy are offered by group, then by name, and
// one whose levels would take the party past its own is offered with the rule it breaks
// (R-PARTY-3); with room for it, none.
func TestUpgradeOffer(t *testing.T) {
	cat := catalog.Default()
	agent, ok := cat.Character("Azur Agent")
	if !ok {
		t.Fatal("no Azur Agent")
	}
	c := newScreen(testSession(t, cat, "en", nil), screenBuilder).(*Builder)
	offer := c.upgradeOffer(agent, nil)
	if len(offer) < 2 || !slices.IsSortedFunc(offer, func(a, b anima.Upgrade) int {
		if a.Group != b.Group {
			return strings.Compare(a.Group, b.Group)
		}
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	}) {
		t.Errorf("the offer, not by group and name: %v", offer)
	}
	partyAt := func(level int) party.Party {
		p, err := party.ResolveParty(party.PartyFile{Version: 1, Edition: anima.Core, Level: level,
			Characters: []party.PartyEntry{{Name: "Azur Agent"}}}, cat)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		level int
		want  string
	}{{agent.Level, "R-PARTY-3"}, {agent.Level + 100, ""}} {
		for j, rule := range c.upgradeBreaks(partyAt(tc.level), 0, offer) {
			if offer[j].Level > 0 && rule != tc.want {
				t.Errorf("at level %d, %s (+%d) breaks %q, want %q", tc.level, offer[j].Name, offer[j].Level, rule, tc.want)
			}
		}
	}
}
