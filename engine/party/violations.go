package party

import (
	"fmt"
	"sort"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// NoEntry is the Entry of a Violation that concerns the whole party.
const NoEntry = -1

// Violation is a broken party rule: the rule ID, the character entry it concerns (an index
// into PartyFile.Characters, or NoEntry), and a message in the player's language that says
// how to fix it (see Message).
type Violation struct {
	Rule  string
	Entry int
	key   string
	args  []any
}

// Message gives the violation in lang ("en", "es" or "it"; anything else reads as English).
func (v Violation) Message(lang string) string { return text.F(lang, v.key, v.args...) }

func (v Violation) String() string { return v.Rule + ": " + v.Message("en") }

// violation is a broken rule with the message key ("party:" and its name in text's
// catalogue) and the message's arguments.
func violation(rule string, entry int, key string, args ...any) Violation {
	key = "party:" + key
	if !text.Has(key) {
		panic("engine: no message " + key)
	}
	return Violation{Rule: rule, Entry: entry, key: key, args: args}
}

// CheckParty checks every party rule, R-PARTY-1 to R-PARTY-10, in the party's edition, and
// returns the violations in rule order (none for a legal party).
func CheckParty(p Party) []Violation {
	var vs []Violation
	add := func(v Violation) { vs = append(vs, v) }
	f := p.File
	level, ap := f.Level, p.AdvantagePoints()

	// R-PARTY-3 (home): the budget.
	if chars := p.CharacterLevels(); chars > level {
		add(violation("R-PARTY-3", NoEntry, "over-levels", chars, chars-level, level))
	} else if total := chars + p.AdvantageCost(); total > level+ap {
		add(violation("R-PARTY-3", NoEntry, "over-total", total, total-level-ap, level, ap))
	}

	// R-PARTY-4 (home): leaders.
	if n, allowed := p.Leaders(), anima.LeadersAllowed(f.Edition, level); n > allowed {
		for i, m := range p.Members {
			if m.Card.Leader == anima.Leader {
				if n == 1 && f.Edition == anima.Alpha { // then none is allowed: the alpha table's reason (R-PARTY-2)
					add(violation("R-PARTY-4", i, "leader-one-alpha", m.Card.Name, level))
				} else if n == 1 { // core: one per full 250
					add(violation("R-PARTY-4", i, "leader-one", m.Card.Name, level))
				} else {
					add(violation("R-PARTY-4", i, "leaders", m.Card.Name, n, level, allowed))
				}
			}
		}
	}

	// R-PARTY-5 (home): unique characters; agents by count.
	seen := map[string]int{}
	for i, m := range p.Members {
		key := strings.ToLower(m.Card.Name)
		if m.Card.VariantOf != "" { // another profile of one character is the same character
			key = strings.ToLower(m.Card.VariantOf)
		}
		if m.Card.Agent || m.Card.IsSummon() {
			continue
		}
		if first, dup := seen[key]; dup {
			add(violation("R-PARTY-5", i, "duplicate", m.Card.Name, first+1))
		} else {
			seen[key] = i
		}
	}
	if n, allowed := p.Agents(), anima.AgentsAllowed(level); n > allowed {
		for i, m := range p.Members {
			if m.Card.Agent {
				if n == 1 {
					add(violation("R-PARTY-5", i, "agent-one", m.Card.Name, level))
				} else {
					add(violation("R-PARTY-5", i, "agents", m.Card.Name, n, level, allowed))
				}
			}
		}
	}

	if f.Organization == "" {
		vs = append(vs, checkFactions(p)...)
	} else {
		vs = append(vs, checkOrganization(p)...)
	}

	// R-PARTY-8 (home): never more advantage cards than starting characters (summons are not deployed).
	if n, starting := p.AdvantageCards(), p.Starting(); n > starting {
		add(violation("R-PARTY-8", NoEntry, "advantage-count", n, starting))
	}

	vs = append(vs, checkAssignments(p)...)
	vs = append(vs, checkSummons(p)...)

	sort.SliceStable(vs, func(i, j int) bool { return ruleOrder(vs[i].Rule) < ruleOrder(vs[j].Rule) })
	return vs
}

func ruleOrder(rule string) int {
	var n int
	fmt.Sscanf(rule[strings.LastIndex(rule, "-")+1:], "%d", &n)
	return n
}

// checkFactions: R-PARTY-6 (home), a faction party never mixes Light and Darkness; organization
// advantages need an organization party (R-PARTY-7).
func checkFactions(p Party) []Violation {
	var vs []Violation
	var light, dark []string
	for _, m := range p.Members {
		switch m.Card.Faction {
		case anima.Light:
			light = appendNew(light, m.Card.Name)
		case anima.Darkness:
			dark = appendNew(dark, m.Card.Name)
		}
	}
	if len(light) > 0 && len(dark) > 0 {
		for i, m := range p.Members {
			switch m.Card.Faction {
			case anima.Light:
				vs = append(vs, violation("R-PARTY-6", i, "factions-light", m.Card.Name, strings.Join(dark, ", ")))
			case anima.Darkness:
				vs = append(vs, violation("R-PARTY-6", i, "factions-dark", m.Card.Name, strings.Join(light, ", ")))
			}
		}
	}
	for _, a := range p.Advantages {
		if a.Group == anima.OrganizationAdvantage {
			vs = append(vs, violation("R-PARTY-7", NoEntry, "org-advantage-faction", a.Name, orgName(a.Organization)))
		}
	}
	return vs
}

// checkOrganization: R-PARTY-7 (home), one organization, factions ignored, at most one Wanderer,
// organization advantages of that organization, as many as the tier gives (R-PARTY-2).
func checkOrganization(p Party) []Violation {
	var vs []Violation
	org := p.File.Organization
	var wanderers []int
	for i, m := range p.Members {
		switch {
		case m.Card.IsSummon():
		case m.Card.IsWanderer():
			wanderers = append(wanderers, i)
		case !m.Card.InOrganization(org):
			vs = append(vs, violation("R-PARTY-7", i, "organization", m.Card.Name, orgName(m.Card.Organization), orgName(org)))
		}
	}
	if len(wanderers) > 1 {
		for _, i := range wanderers {
			vs = append(vs, violation("R-PARTY-7", i, "wanderers", p.Members[i].Card.Name, len(wanderers)))
		}
	}
	n := 0
	for _, a := range p.Advantages {
		if a.Group != anima.OrganizationAdvantage {
			continue
		}
		n++
		if !strings.EqualFold(a.Organization, org) {
			vs = append(vs, violation("R-PARTY-7", NoEntry, "org-advantage-wrong", a.Name, orgName(a.Organization), orgName(org)))
		}
	}
	if allowed := anima.OrganizationAdvantagesAllowed(p.File.Level); n > allowed {
		vs = append(vs, violation("R-PARTY-2", NoEntry, "org-advantage-count", n, p.File.Level, allowed))
	}
	return vs
}

// checkAssignments: R-PARTY-9 (home), Equipment and Power on one character each, at most one per
// character, within their limits; Plot and Team cards stay with the party.
func checkAssignments(p Party) []Violation {
	var vs []Violation
	for _, a := range p.Advantages {
		if a.Group.Assigned() {
			vs = append(vs, violation("R-PARTY-9", NoEntry, "assign", a.Name, a.Group))
		}
	}
	for i, m := range p.Members {
		carried := 0
		for _, a := range m.Advantages {
			switch {
			case a.Group.Assigned():
				carried++
				if !a.Fits(m.Card) {
					vs = append(vs, violation("R-PARTY-9", i, "only", a.Name, a.Only, m.Card.Name))
				}
			default:
				vs = append(vs, violation("R-PARTY-9", i, "keep-with-party", a.Name, a.Group))
			}
		}
		if carried > 1 {
			vs = append(vs, violation("R-PARTY-9", i, "one-each", m.Card.Name, carried))
		}
	}
	return vs
}

// checkSummons: R-PARTY-10 (home), summons go to a summoner of enough level and affinity, and
// serve only whom their card allows.
func checkSummons(p Party) []Violation {
	var vs []Violation
	for i, m := range p.Members {
		if m.Card.IsSummon() {
			vs = append(vs, violation("R-PARTY-10", i, "summon-alone", m.Card.Name))
			continue
		}
		if len(m.Summons) == 0 {
			continue
		}
		if m.Card.SummonerLevel == 0 {
			vs = append(vs, violation("R-PARTY-10", i, "not-summoner", m.Card.Name))
			continue
		}
		for _, s := range m.Summons {
			switch {
			case !s.IsSummon():
				vs = append(vs, violation("R-PARTY-10", i, "not-summon", s.Name))
				continue
			case !anyAffinity(m.Card, s):
				vs = append(vs, violation("R-PARTY-10", i, "affinity", m.Card.Name, s.Name, strings.Join(s.Affinity, ", "), strings.Join(m.Card.Affinity, ", ")))
			}
			if !serves(s, p.File.Organization, m.Card) {
				vs = append(vs, violation("R-PARTY-10", i, "restricted", s.Name, strings.Join(s.Only, ", ")))
			}
		}
		if len(m.Summons) > m.Card.SummonerLevel { // one summoned being per level, the same kind may repeat
			vs = append(vs, violation("R-PARTY-10", i, "summoner-level", m.Card.Name, m.Card.SummonerLevel, len(m.Summons)))
		}
	}
	return vs
}

func anyAffinity(summoner, summon anima.Card) bool {
	for _, a := range summon.Affinity {
		if summoner.HasAffinity(a) {
			return true
		}
	}
	return false
}

// serves reports whether a summon restricted to Only may serve this party and summoner.
func serves(s anima.Card, organization string, summoner anima.Card) bool {
	if len(s.Only) == 0 {
		return true
	}
	for _, o := range s.Only {
		if summoner.InOrganization(o) {
			return true
		}
		for _, x := range []string{organization, string(summoner.Faction)} {
			if x != "" && strings.EqualFold(o, x) {
				return true
			}
		}
	}
	return false
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// Adding says what adding a card to a party (Check), or any change of it (Broken), would
// break, against one party whose own violations it checks once, for any number of cards or
// changes. R-PARTY-1..10.
type Adding struct {
	p   Party
	had map[string]bool // the party's own violations, as Violation.String
}

// NewAdding checks p, ready for Check.
func NewAdding(p Party) Adding {
	had := map[string]bool{}
	for _, v := range CheckParty(p) {
		had[v.String()] = true
	}
	return Adding{p, had}
}

// Broken is what a change to the party breaks: the violations of after (the party changed: an
// upgrade bought, a pilot or a printing chosen) that the party does not have, compared by rule
// and message, in rule order; none when the change keeps every rule the party kept. The
// builder offers such a change greyed out, with these as the reason.
func (a Adding) Broken(after Party) []Violation {
	var out []Violation
	for _, v := range CheckParty(after) {
		if !a.had[v.String()] {
			out = append(out, v)
		}
	}
	return out
}

// Check is what adding card c to the party would break: the violations of the party with c
// that the party without it does not have (compared by rule and message), in rule order; of
// those, the ones said of c itself or of the whole party (with Entry NoEntry), or else the
// ones c causes to other members; none when c may join. The builder greys such a card out
// with these as the reason.
func (a Adding) Check(c anima.Card) []Violation {
	p := a.p
	with := p
	with.File.Characters = append(append([]PartyEntry(nil), p.File.Characters...), PartyEntry{Card: &c})
	with.Members = append(append([]Member(nil), p.Members...), Member{Card: c})
	var out, others []Violation
	for _, v := range CheckParty(with) {
		switch {
		case a.had[v.String()]:
		case v.Entry == len(p.Members) || v.Entry == NoEntry:
			v.Entry = NoEntry // said of the card, which is no entry of p
			out = append(out, v)
		default:
			others = append(others, v) // what the card does to another member (a faction's clash)
		}
	}
	if len(out) == 0 {
		return others
	}
	return out
}

// orgName is an organization's name (or several, as a card lists them: "Church; Empire") in
// a violation's message, said in the reader's language (OrganizationIn).
type orgName string

// In is the name in lang.
func (o orgName) In(lang string) string {
	parts := anima.SplitList(string(o))
	if len(parts) == 0 {
		return string(o)
	}
	for i, p := range parts {
		parts[i] = anima.OrganizationIn(lang, p)
	}
	return strings.Join(parts, ", ")
}
