package party

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/core"
)

// PartyFileVersion is the version of the party file format written today.
const PartyFileVersion = 1

// PartyFile is a party as stored and exchanged (the import/export format):
//
//	{"version":1,"name":"Church","edition":"core","level":300,"organization":"Church",
//	 "characters":[{"name":"Nero","advantages":["Heavy Armor"]},{"card":{...own card...}}],
//	 "advantages":["Tactics","Miracles"]}
//
// Names are catalog names, matched case-insensitively; a player's own card goes inline as
// {"card":{...}} wherever a name may stand. Level is the encounter level (R-PARTY-1).
// Organization is "" for a faction party (R-PARTY-6) or the organization of an
// organization party (R-PARTY-7). The party's advantages hold Plot and Team cards and the
// organization advantages; Equipment and Power cards go on their character (R-PARTY-9).
type PartyFile struct {
	Version      int            `json:"version"`
	Name         string         `json:"name"`
	Edition      anima.Edition  `json:"edition"`
	Level        int            `json:"level"`
	Organization string         `json:"organization"`
	Characters   []PartyEntry   `json:"characters"`
	Advantages   []AdvantageRef `json:"advantages"`
}

// PartyEntry is one character of a party: a catalog name or an own card, with its assigned
// advantage cards, its summons (R-PARTY-10), for a Gear its pilot, the upgrades bought on it
// (catalog names: agent skills, optional leaders' upgrades, modifications) and, for a
// catalog card the two sources print differently, the printing it is pinned to ("" for the
// default).
//
//	{"name":"Azur Agent","upgrades":["Azur Agent: Defense"]}
//	{"name":"Grey","printing":"first"}
type PartyEntry struct {
	Name       string         `json:"name,omitempty"`
	Card       *anima.Card    `json:"card,omitempty"`
	Printing   anima.Printing `json:"printing,omitempty"`
	Advantages []AdvantageRef `json:"advantages,omitempty"`
	Summons    []CardRef      `json:"summons,omitempty"`
	Pilot      string         `json:"pilot,omitempty"`
	Upgrades   []string       `json:"upgrades,omitempty"`
}

// Label is the entry's character name.
func (e PartyEntry) Label() string {
	if e.Card != nil {
		return e.Card.Name
	}
	return e.Name
}

// CardRef names a card: a catalog name (JSON "Nero") or an own card (JSON {"card":{...}}).
type CardRef struct {
	Name string
	Card *anima.Card
}

// AdvantageRef names an advantage card: "Tactics" or {"card":{...}}.
type AdvantageRef struct {
	Name string
	Card *anima.AdvantageCard
}

// Label is the referenced card's name.
func (r CardRef) Label() string {
	if r.Card != nil {
		return r.Card.Name
	}
	return r.Name
}

// Label is the referenced card's name.
func (r AdvantageRef) Label() string {
	if r.Card != nil {
		return r.Card.Name
	}
	return r.Name
}

func marshalRef[T any](name string, card *T) ([]byte, error) {
	if card != nil {
		return json.Marshal(struct {
			Card *T `json:"card"`
		}{card})
	}
	return json.Marshal(name)
}

func unmarshalRef[T any](b []byte, name *string, card **T) error {
	if b = bytes.TrimSpace(b); len(b) > 0 && b[0] == '"' {
		return json.Unmarshal(b, name)
	}
	var v struct {
		Card *T `json:"card"`
	}
	if err := json.Unmarshal(b, &v); err != nil || v.Card == nil {
		return fmt.Errorf("want a card name or {\"card\":{...}}, got %s", b)
	}
	*card = v.Card
	return nil
}

// MarshalJSON writes a name or {"card":{...}}.
func (r CardRef) MarshalJSON() ([]byte, error) { return marshalRef(r.Name, r.Card) }

// UnmarshalJSON reads a name or {"card":{...}}.
func (r *CardRef) UnmarshalJSON(b []byte) error { return unmarshalRef(b, &r.Name, &r.Card) }

// MarshalJSON writes a name or {"card":{...}}.
func (r AdvantageRef) MarshalJSON() ([]byte, error) { return marshalRef(r.Name, r.Card) }

// UnmarshalJSON reads a name or {"card":{...}}.
func (r *AdvantageRef) UnmarshalJSON(b []byte) error { return unmarshalRef(b, &r.Name, &r.Card) }

// Catalog finds cards by name, case-insensitively. Summon finds a summon card (a creature
// may also be hired as a character of the same name: Character finds that one); Upgrade an
// upgrade that may be bought on the named character.
type Catalog interface {
	Character(name string) (anima.Card, bool)
	Summon(name string) (anima.Card, bool)
	Advantage(name string) (anima.AdvantageCard, bool)
	Pilot(name string) (anima.Pilot, bool)
	Upgrade(character, name string) (anima.Upgrade, bool)
}

// Member is a resolved character of a party: its card as fielded (in its pinned printing, a
// Gear with its pilot's level and Recovery, with its upgrades' levels and changes), the
// pilot, the upgrades, the assigned advantage cards and the summons.
type Member struct {
	Card       anima.Card
	Pilot      *anima.Pilot
	Upgrades   []anima.Upgrade
	Advantages []anima.AdvantageCard
	Summons    []anima.Card
}

// Party is a PartyFile with every card looked up.
type Party struct {
	File       PartyFile
	Members    []Member
	Advantages []anima.AdvantageCard
}

// Errors of ParsePartyFile and ResolveParty; test with errors.Is.
var (
	ErrPartyVersion = errors.New("unknown party file version")
	ErrUnknownCard  = errors.New("unknown card")
	ErrPartyLevel   = errors.New("bad encounter level")
)

// ParsePartyFile reads a party file and checks its version. It refuses malformed JSON and
// unknown versions with an error that says what to do.
func ParsePartyFile(b []byte) (PartyFile, error) {
	var f PartyFile
	b, err := anima.CheckFile(b, "party file")
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return f, core.Fail(anima.ErrNotAFile, err, "not a party file: the file cannot be read")
	}
	if f.Version != PartyFileVersion {
		return f, fail(ErrPartyVersion, "party file version %d: this version of Gnosis reads version %d; update Gnosis", f.Version, PartyFileVersion)
	}
	f.Clean()
	return f, nil
}

func unknown(kind, name string) error {
	return fail(ErrUnknownCard, "%s %q is not in the catalog; check the spelling or add it as your own card", anima.FieldName(kind), strings.TrimSpace(name))
}

func resolveAdvantage(r AdvantageRef, cat Catalog) (anima.AdvantageCard, error) {
	if r.Card != nil {
		return *r.Card, r.Card.Validate()
	}
	a, ok := cat.Advantage(r.Name)
	if !ok {
		return a, unknown("advantage card", r.Name)
	}
	return a, nil
}

// resolveSummon finds a summon: inline, a catalog summon, or else a card by that name (an
// own summon card, or whatever R-PARTY-10 will refuse).
func resolveSummon(r CardRef, cat Catalog) (anima.Card, error) {
	if r.Card == nil {
		if s, ok := cat.Summon(r.Name); ok {
			return s, nil
		}
	}
	return resolveCard(r.Name, r.Card, cat)
}

func resolveCard(name string, own *anima.Card, cat Catalog) (anima.Card, error) {
	if own != nil {
		return *own, own.Validate()
	}
	c, ok := cat.Character(name)
	if !ok {
		return c, unknown("character", name)
	}
	return c, nil
}

// ResolveParty looks every card of f up in cat (own cards are taken as they are, after
// Card.Validate), in its pinned printing, with its pilot and upgrades. It refuses an unknown
// file version or edition, an encounter level of 0 or less, an unknown name, a pilot that
// cannot pilot its Gear, a printing the card does not have (ErrPrinting) and an upgrade of
// another character, bought twice or without its parent (ErrUpgrade), saying which.
// Breaking a party rule is not an error here: see CheckParty.
func ResolveParty(f PartyFile, cat Catalog) (Party, error) {
	if err := f.checkBounds(); err != nil {
		return Party{}, err
	}
	p := Party{File: f, Members: make([]Member, 0, len(f.Characters))}
	for _, e := range f.Characters {
		m, err := resolveMember(e, cat)
		if err != nil {
			return Party{}, err
		}
		p.Members = append(p.Members, m)
	}
	for _, r := range f.Advantages {
		a, err := resolveAdvantage(r, cat)
		if err != nil {
			return Party{}, err
		}
		p.Advantages = append(p.Advantages, a)
	}
	return p, nil
}

// checkBounds refuses a party file of another version or edition, an encounter level out of
// bounds, or more characters or cards than a party holds.
func (f PartyFile) checkBounds() error {
	if f.Version != PartyFileVersion {
		return fail(ErrPartyVersion, "party file version %d: this version of Gnosis reads version %d; update Gnosis", f.Version, PartyFileVersion)
	}
	if !f.Edition.Valid() {
		return fail(ErrPartyVersion, "edition %q: want core or alpha", string(f.Edition))
	}
	if f.Level <= 0 || f.Level > anima.MaxPartyLevel {
		return fail(ErrPartyLevel, "encounter level %d: choose one such as 250 (at most %d)", f.Level, anima.MaxPartyLevel)
	}
	if err := cmp.Or(anima.InRange("characters", len(f.Characters), 0, anima.MaxPartyItems), anima.InRange("advantage cards", len(f.Advantages), 0, anima.MaxPartyItems)); err != nil {
		return err
	}
	for _, e := range f.Characters {
		if err := cmp.Or(anima.InRange("advantage cards of "+e.Label(), len(e.Advantages), 0, anima.MaxPartyItems), anima.InRange("summons of "+e.Label(), len(e.Summons), 0, anima.MaxPartyItems),
			anima.InRange("upgrades of "+e.Label(), len(e.Upgrades), 0, anima.MaxPartyItems)); err != nil {
			return err
		}
	}
	return nil
}

// resolveMember is a character of a party file with its cards read: its card (its printing,
// its pilot, its upgrades bought), its advantage cards and its summons.
func resolveMember(e PartyEntry, cat Catalog) (Member, error) {
	c, err := resolveCard(e.Name, e.Card, cat)
	if err != nil {
		return Member{}, err
	}
	if e.Printing != "" {
		if e.Card != nil {
			return Member{}, fail(anima.ErrPrinting, "%s is an own card; only a catalog card is printed in two sources", c.Name)
		}
		if c, err = c.WithPrinting(e.Printing); err != nil {
			return Member{}, err
		}
	}
	m := Member{Card: c}
	if e.Pilot != "" {
		pilot, ok := cat.Pilot(e.Pilot)
		if !ok {
			return Member{}, unknown("pilot", e.Pilot)
		}
		if m.Card, err = c.WithPilot(pilot); err != nil {
			return Member{}, err
		}
		m.Pilot = &pilot
	}
	for _, r := range e.Advantages {
		a, err := resolveAdvantage(r, cat)
		if err != nil {
			return Member{}, err
		}
		m.Advantages = append(m.Advantages, a)
	}
	for _, name := range e.Upgrades {
		u, ok := cat.Upgrade(c.Name, name)
		if !ok {
			return Member{}, fail(ErrUnknownCard, "%q is not an upgrade of %s", name, c.Name)
		}
		m.Upgrades = append(m.Upgrades, u)
	}
	if m.Card, err = m.Card.WithUpgrades(m.Upgrades); err != nil {
		return Member{}, err
	}
	for _, r := range e.Summons {
		s, err := resolveSummon(r, cat)
		if err != nil {
			return Member{}, err
		}
		m.Summons = append(m.Summons, s)
	}
	return m, nil
}

// Cards returns the characters' cards as fielded, in party order (summons not included).
func (p Party) Cards() []anima.Card {
	out := make([]anima.Card, len(p.Members))
	for i, m := range p.Members {
		out[i] = m.Card
	}
	return out
}

// LevelsOverWith is how many levels past the encounter level the characters would cost with
// card c added (R-PARTY-3's first limit, CharacterLevels), 0 or less when c fits.
func (p Party) LevelsOverWith(c anima.Card) int { return p.CharacterLevels() + c.Level - p.File.Level }

// CharacterLevels is what the characters cost: their levels (with pilots) plus their
// summons' costs, paid from the agreed encounter level. R-PARTY-1 (home), R-PARTY-10.
func (p Party) CharacterLevels() int {
	n := 0
	for _, m := range p.Members {
		n += m.Card.Level
		for _, s := range m.Summons {
			n += s.Level
		}
	}
	return n
}

// AdvantageCost is what the advantage cards cost (organization advantages are free).
func (p Party) AdvantageCost() int {
	n := 0
	for _, a := range p.allAdvantages() {
		n += a.Cost
	}
	return n
}

// AdvantageCards counts the advantage cards that R-PARTY-8 counts.
func (p Party) AdvantageCards() int {
	n := 0
	for _, a := range p.allAdvantages() {
		if a.Counts() {
			n++
		}
	}
	return n
}

func (p Party) allAdvantages() []anima.AdvantageCard {
	out := append([]anima.AdvantageCard(nil), p.Advantages...)
	for _, m := range p.Members {
		out = append(out, m.Advantages...)
	}
	return out
}

// LevelsSpent is what the party draws from the encounter level: the characters (with
// summons and pilots) and whatever the advantage cards cost beyond the advantage points.
// R-PARTY-3: characters never use advantage points.
func (p Party) LevelsSpent() int {
	return p.CharacterLevels() + max(0, p.AdvantageCost()-p.AdvantagePoints())
}

// AdvantagePoints are the party's points for advantage cards only (R-PARTY-3).
func (p Party) AdvantagePoints() int { return anima.AdvantagePoints(p.File.Edition, p.File.Level) }

// AdvantagePointsSpent is how many advantage points the advantage cards use.
func (p Party) AdvantagePointsSpent() int { return min(p.AdvantageCost(), p.AdvantagePoints()) }

// LevelsLeft is the encounter level minus LevelsSpent; negative when over budget. The party
// is within budget exactly when it is 0 or more (R-PARTY-3: characters at most the level,
// characters plus advantage cards at most the level plus the advantage points).
func (p Party) LevelsLeft() int { return p.File.Level - p.LevelsSpent() }

// Leaders counts the characters fielded as leaders (cards marked "yes"; R-PARTY-4).
func (p Party) Leaders() int {
	n := 0
	for _, m := range p.Members {
		if m.Card.Leader == anima.Leader {
			n++
		}
	}
	return n
}

// Agents counts the Organization Agents. R-PARTY-5.
func (p Party) Agents() int {
	n := 0
	for _, m := range p.Members {
		if m.Card.Agent {
			n++
		}
	}
	return n
}

// Starting is how many characters the party deploys at the start: its members but the
// summons, which come into play later (R-SUM-2). R-PARTY-8 counts advantage cards against it.
func (p Party) Starting() int {
	n := 0
	for _, m := range p.Members {
		if !m.Card.IsSummon() {
			n++
		}
	}
	return n
}

// Side is the party's side of a game, named after the party: its characters, each with its
// Equipment and Power cards, its Plot, Team and special ability cards (organization
// advantages stay with the list: they change the party, not the game), and its summons with
// their summoners. R-PARTY-9. The app's start screen and the game files' "party" set-up
// both use it.
func (p Party) Side() anima.SideSetup {
	side := anima.SideSetup{Name: p.File.Name, EncounterLevel: p.File.Level}
	for _, a := range p.Advantages {
		if !a.Group.Assigned() && a.Group != anima.OrganizationAdvantage {
			side.SideCards = append(side.SideCards, a)
		}
	}
	for i, m := range p.Members {
		side.Characters = append(side.Characters, m.Card)
		var cards []anima.AdvantageCard
		for _, a := range m.Advantages {
			if a.Group.Assigned() {
				cards = append(cards, a)
			}
		}
		side.Cards = append(side.Cards, cards)
		for _, s := range m.Summons {
			side.Summons = append(side.Summons, anima.SummonSetup{Card: s, Summoner: i})
		}
	}
	return side
}

// Clean passes every name of the party, and of the own cards in it, through core.CleanText.
func (f *PartyFile) Clean() {
	f.Name, f.Organization = core.CleanText(f.Name), core.CleanText(f.Organization)
	cleanAdv := func(rs []AdvantageRef) {
		for i := range rs {
			rs[i].Name = core.CleanText(rs[i].Name)
			if rs[i].Card != nil {
				rs[i].Card.Clean()
			}
		}
	}
	for i := range f.Characters {
		e := &f.Characters[i]
		e.Name, e.Pilot = core.CleanText(e.Name), core.CleanText(e.Pilot)
		for j := range e.Upgrades {
			e.Upgrades[j] = core.CleanText(e.Upgrades[j])
		}
		if e.Card != nil {
			e.Card.Clean()
		}
		for j := range e.Summons {
			e.Summons[j].Name = core.CleanText(e.Summons[j].Name)
			if e.Summons[j].Card != nil {
				e.Summons[j].Card.Clean()
			}
		}
		cleanAdv(e.Advantages)
	}
	cleanAdv(f.Advantages)
}

// fail is a refusal that breaks no rule of the game (a party file that cannot be read).
func fail(sentinel error, format string, args ...any) error {
	return core.Refuse("", sentinel, format, args...)
}
