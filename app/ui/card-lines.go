package ui

import (
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// capabilities are a card's capabilities in lang (anima.CapabilityIn), joined.
func capabilities(lang string, list []string) string {
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = anima.CapabilityIn(lang, c)
	}
	return strings.Join(out, ", ")
}

// affinities are a summoner's or a summon's affinities (Light, Dark, Void) in lang, joined.
func affinities(lang string, list []string) string { return text.Words(lang, "affinity", list) }

// whoLine is a card's organization, faction and categories, the last two in lang.
func whoLine(lang string, card anima.Card) []string {
	var who []string
	if orgs := card.Organizations(); len(orgs) > 0 {
		for i, o := range orgs {
			orgs[i] = anima.OrganizationIn(lang, o)
		}
		who = append(who, strings.Join(orgs, "/"))
	}
	if card.Faction != "" {
		who = append(who, card.Faction.In(lang))
	}
	for _, k := range card.Categories {
		who = append(who, k.In(lang))
	}
	return who
}

// advantageLabel is an advantage card as the pickers and the party sheet list it: name,
// group, cost and, when it has them, single use (R-PARTY-9) or its upkeep (R-TURN-3).
func advantageLabel(lang string, a anima.AdvantageCard) string {
	s := fmt.Sprintf("%s (%s) · %d", a.Name, a.Group.In(lang), a.Cost)
	if a.SingleUse {
		s += " · " + text.T(lang, "single use")
	}
	if a.Maintenance != "" {
		s += " · " + upkeepText(lang, a.Maintenance)
	}
	return s
}

// cardLine is a one-line summary of a card's numbers, in the card's order.
func cardLine(lang string, card anima.Card) string {
	who := whoLine(lang, card)
	rec := strconv.Itoa(card.Recovery)
	if card.RecoveryVaries {
		rec = text.T(lang, "pilot")
	}
	return fmt.Sprintf(text.T(lang, "%s · Atk %s Dmg %s Def %s Arm %s LP %s · %d/%s actions"),
		strings.Join(who, " · "), card.Attack, card.Damage, card.Defense, card.Armor, card.LP, card.Actions, rec)
}
