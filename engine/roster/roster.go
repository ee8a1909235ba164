// Package roster reads a BattleScribe or New Recruit roster of Anima Tactics (a .ros XML
// file, or the zipped .rosz) into a Gnosis party file. Both community data sets are read:
// entries are matched by name, not by the data sets' IDs, so a roster made with either
// gives the same party.
//
//	f, unmatched, err := roster.Read(fileBytes, catalog.Default(), unpack.Unpack)
//
// The file's zip and XML are read by package unpack, which hands this package the roster as
// JSON (package wire): in the browser the unpacking runs in its own WebAssembly, loaded when
// a roster is first imported, and app.wasm, which takes the roster (Take), links neither
// archive/zip nor encoding/xml.
//
// A selection is matched, in order, to a catalog character, and the selections inside it to
// its upgrades, its pilot, its summons and its Equipment or Power cards; a selection at the
// top of a force that is no character is a party card (Plot, Team, organization advantage).
// What matches nothing is listed in Unmatched for the player, who may make an own card of
// it; nothing is dropped silently.
package roster

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/party"
	"gnosis/engine/roster/wire"
)

// ErrNotARoster is wrapped by every Read error: the file is neither a roster nor a zip
// holding one.
var ErrNotARoster = errors.New("not a BattleScribe roster")

// Catalog is what reading a roster needs of the catalog.
type Catalog interface {
	party.Catalog
	Upgrades(character string) []anima.Upgrade
}

// Unmatched is a roster entry that matched no catalog card: its name, and the character it
// was chosen on ("" at the top of the roster).
type Unmatched struct {
	Name string `json:"name"`
	On   string `json:"on,omitempty"`
}

// The roster's XML as read (package unpack), by the names this file reads it with.
type (
	selection = wire.Selection
	force     = wire.Force
	cost      = wire.Cost
	rosterXML = wire.Roster
)

// MaxFile is the largest roster read, zipped or not (bytes): the bound of every outside file.
const MaxFile = anima.MaxFileBytes

// names the data sets spell differently from the catalog.
var aliases = map[string]string{
	"yuri olson":                     "Yuri Olsen",
	"gemini: zack":                   "Gemini (Zack)",
	"gemini: zafini":                 "Gemini (Zafini)",
	"church agent (neutral warrior)": "Church Agent",
	"alma-ai":                        "Alma AI",
	"divine mediation":               "Divine Meditation",
	"the gear project":               "Gear Project",
	"control bound":                  "Control Bond",
	"piercing weapons":               "Piercing Weapon",
	"lord of the abyss":              "Team Lords Of The Abyss",
}

func alias(name string) string {
	name = strings.TrimSpace(name)
	if a, ok := aliases[strings.ToLower(name)]; ok {
		return a
	}
	return name
}

// Read reads a roster (.ros or .rosz bytes) into a party file: checked (Check), unpacked
// (unpack, package unpack's Unpack: the zip opened and the XML read) and taken (Take). In
// the browser app/ui does the same in three steps, the unpacking in its own WebAssembly.
// Errors wrap ErrNotARoster.
func Read(b []byte, cat Catalog, unpack func([]byte) []byte) (party.PartyFile, []Unmatched, error) {
	b, err := Check(b)
	if err != nil {
		return newFile(), nil, err
	}
	return Take(unpack(b), cat)
}

// Check holds a roster's bytes to the bound of outside files, a byte order mark dropped,
// before they are unpacked. Its error wraps ErrNotARoster.
func Check(b []byte) ([]byte, error) {
	b, err := anima.CheckFile(b, "roster")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotARoster, err) // said in the player's language (anima.CheckFile)
	}
	return b, nil
}

func newFile() party.PartyFile {
	return party.PartyFile{Version: party.PartyFileVersion, Edition: anima.Core, Characters: []party.PartyEntry{}, Advantages: []party.AdvantageRef{}}
}

// unpacked reads wire.Unpacked's JSON: the roster, or the reason it could not be unpacked as
// an error a player reads.
func unpacked(b []byte) (rosterXML, error) {
	var u wire.Unpacked
	if err := json.Unmarshal(b, &u); err != nil {
		return u.Roster, core.Fail(ErrNotARoster, err, "not a BattleScribe roster: the file cannot be read")
	}
	var detail error
	if u.Detail != "" {
		detail = errors.New(u.Detail)
	}
	switch u.Fail {
	case "":
		return u.Roster, nil
	case wire.FailZip:
		return u.Roster, core.Fail(ErrNotARoster, detail, "not a BattleScribe roster: a damaged zip")
	case wire.FailLarge:
		return u.Roster, core.Fail(ErrNotARoster, detail, "not a BattleScribe roster: %s is damaged or larger than %d bytes", u.Name, MaxFile)
	case wire.FailNoRos:
		return u.Roster, core.Fail(ErrNotARoster, detail, "not a BattleScribe roster: the zip holds no .ros file")
	}
	return u.Roster, core.Fail(ErrNotARoster, detail, "not a BattleScribe roster: the file cannot be read")
}

// Take makes a party file of a roster unpacked (wire.Unpacked's JSON, from package unpack):
// its level from the roster's level limit, else its total rounded up to 50; the first
// force's catalogue as the organization when it is one; core edition; and the entries that
// matched no card. Errors wrap ErrNotARoster.
func Take(b []byte, cat Catalog) (party.PartyFile, []Unmatched, error) {
	f := newFile()
	r, err := unpacked(b)
	if err != nil {
		return f, nil, err
	}
	if gs := strings.ToLower(r.GameSystemName); gs != "" && !strings.Contains(gs, "anima") {
		return f, nil, core.Fail(ErrNotARoster, nil, "not a BattleScribe roster of Anima Tactics: it is for %q", r.GameSystemName)
	}
	f.Name = strings.TrimSpace(r.Name)
	if f.Name == "" {
		f.Name = "Roster"
	}
	var forces []force
	var walk func([]force)
	walk = func(fs []force) {
		for _, x := range fs {
			forces = append(forces, x)
			walk(x.Forces)
		}
	}
	walk(r.Forces)
	f.Level = level(r, forces)
	rd := reader{cat: cat}
	for i, fo := range forces {
		if org := organization(fo); i == 0 && org != "" {
			f.Organization = org
		}
		for _, s := range fo.Selections {
			if err := rd.top(&f, s); err != nil {
				return f, nil, err
			}
		}
	}
	return f, rd.unmatched, nil
}

// level is the party's encounter level, read in this order: the encounter the roster chose
// (the second data set's "Encounter Options" > "Beta" > "Character Levels" × 200); else its
// cost limit on the levels (a cost type whose trimmed name is "Level" or "Levels": that data
// set writes " Levels"); else the encounter a force is named after (the first data set's
// "300 Levels (Gamma)"); else its total level rounded up to 50 (at least 100); else 250.
// Each is kept within anima.MaxPartyLevel. R-PARTY-1, R-PARTY-2.
func level(r rosterXML, forces []force) int {
	ok := func(n int) bool { return n > 0 && n <= anima.MaxPartyLevel }
	for _, fo := range forces {
		if n := chosenEncounter(fo.Selections); ok(n) {
			return n
		}
	}
	for _, c := range r.CostLimits {
		if n, isLevel := levels(c); isLevel && ok(n) {
			return max(n, 100)
		}
	}
	for _, fo := range forces {
		if n := namedEncounter(fo.Name); ok(n) {
			return n
		}
	}
	for _, c := range r.Costs {
		if n, isLevel := levels(c); isLevel && ok(n) {
			return max((n+49)/50*50, 100)
		}
	}
	return 250
}

// levels reads a cost or cost limit on the levels: its value, and whether its type is the
// levels (a trimmed name "Level" or "Levels", any case).
func levels(c cost) (int, bool) {
	name := strings.ToLower(strings.TrimSpace(c.Name))
	if name != "level" && name != "levels" {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(c.Value), 64)
	if err != nil || v <= 0 || v > anima.MaxPartyLevel {
		return 0, false
	}
	return int(v), true
}

// chosenEncounter is the encounter level chosen under "Encounter Options": the number of
// "Character Levels" inside the tier chosen, else that tier's levels (R-PARTY-2); 0 if none.
func chosenEncounter(sels []selection) int {
	for _, s := range sels {
		if !strings.EqualFold(strings.TrimSpace(s.Name), "Encounter Options") {
			continue
		}
		for _, tier := range s.Selections {
			t, isTier := tierNamed(tier.Name)
			if !isTier {
				continue
			}
			for _, in := range tier.Selections {
				if strings.EqualFold(strings.TrimSpace(in.Name), "Character Levels") && in.Number > 0 {
					return in.Number
				}
			}
			return t.Levels
		}
	}
	return 0
}

// namedEncounter is the level a force's name gives ("300 Levels (Gamma)": 300; "Gamma": the
// tier's 300), or 0.
func namedEncounter(name string) int {
	words := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '-' })
	for i, w := range words {
		if n, err := strconv.Atoi(w); err == nil && i+1 < len(words) && strings.HasPrefix(strings.ToLower(words[i+1]), "level") {
			return n
		}
	}
	for _, w := range words {
		if t, ok := tierNamed(w); ok {
			return t.Levels
		}
	}
	return 0
}

// tierNamed is the encounter tier of that name (Alpha, Beta, Gamma, Sigma, Omega).
func tierNamed(name string) (anima.Tier, bool) {
	for _, t := range anima.Tiers {
		if strings.EqualFold(strings.TrimSpace(name), t.Name) {
			return t, true
		}
	}
	return anima.Tier{}, false
}

// bookkeeping are the data sets' entries that are no card: the encounter's options (read by
// level) and switches of the list builder. They are skipped without a word.
var bookkeeping = map[string]bool{
	"encounter options": true,
	"character levels":  true,
	"allow old agents":  true,
}

// organization is the force's organization, "" for a faction force (Light, Dark, Wanderers).
func organization(fo force) string {
	for _, name := range []string{fo.CatalogueName, fo.Name} {
		for _, o := range anima.Organizations {
			if strings.Contains(strings.ToLower(name), strings.ToLower(o)) {
				return o
			}
		}
		if strings.Contains(strings.ToLower(name), "azur") {
			return "Azur Alliance"
		}
	}
	return ""
}

// reader reads a roster's selections into a party, gathering what matched no card.
type reader struct {
	cat       Catalog
	unmatched []Unmatched
}

// copies checks a selection's number, how many of it the roster takes: at most
// anima.MaxPartyItems, the most one list of a party may hold (a larger number is refused
// before anything is made of it).
func copies(s selection) (int, error) {
	if s.Number > anima.MaxPartyItems {
		return 0, core.Fail(ErrNotARoster, anima.ErrOutOfRange, "%q is taken %d times: at most %d", s.Name, s.Number, anima.MaxPartyItems)
	}
	return max(s.Number, 1), nil
}

// add appends n entries to a party list, refusing a list longer than anima.MaxPartyItems.
func add[T any](list *[]T, item T, n int, what string) error {
	if len(*list)+n > anima.MaxPartyItems {
		return core.Fail(ErrNotARoster, anima.ErrOutOfRange, "more than %d %s", anima.MaxPartyItems, anima.FieldName(what))
	}
	for range n {
		*list = append(*list, item)
	}
	return nil
}

// top reads a selection at the top of a force: a character with what is chosen on it (as
// many as its number says), a character chosen as a variant of a generic entry ("Samael
// Agent" > "Samael Agent: Light" is the catalog's Samael Agent (Light); "Church Agent" >
// "Inquisitor" is Church Agent (Inquisitor), though Church Agent alone is a card too), a
// party card, a group to look inside, or the data set's bookkeeping (skipped). What is
// chosen inside the variant's selection is chosen on the character, at any depth.
func (rd *reader) top(f *party.PartyFile, s selection) error {
	name := alias(s.Name)
	if bookkeeping[strings.ToLower(name)] {
		return nil
	}
	n, err := copies(s)
	if err != nil {
		return err
	}
	for i, in := range s.Selections {
		if c, ok := rd.cat.Character(variant(name, in.Name)); ok {
			rest := append(append(append([]selection(nil), s.Selections[:i]...), in.Selections...), s.Selections[i+1:]...)
			return rd.character(f, c, rest, n)
		}
	}
	if c, ok := rd.cat.Character(name); ok {
		return rd.character(f, c, s.Selections, n)
	}
	if a, ok := rd.cat.Advantage(name); ok {
		return add(&f.Advantages, party.AdvantageRef{Name: a.Name}, 1, "party cards")
	}
	if len(s.Selections) > 0 && s.Type != "model" && s.Type != "unit" { // a group: look inside
		for _, in := range s.Selections {
			if err := rd.top(f, in); err != nil {
				return err
			}
		}
		return nil
	}
	rd.unmatched = append(rd.unmatched, Unmatched{Name: s.Name})
	return nil
}

// character adds n copies of character c with what is chosen on it.
func (rd *reader) character(f *party.PartyFile, c anima.Card, sels []selection, n int) error {
	e := party.PartyEntry{Name: c.Name}
	if err := rd.on(&e, c, sels); err != nil {
		return err
	}
	return add(&f.Characters, e, n, "characters")
}

// variant is the catalog name of a generic entry's variant: "Samael Agent" chosen as
// "Samael Agent: Light" (or "Light") is "Samael Agent (Light)".
func variant(generic, chosen string) string {
	chosen = strings.TrimSpace(chosen)
	if len(chosen) > len(generic)+2 && strings.EqualFold(chosen[:len(generic)], generic) && chosen[len(generic)] == ':' {
		chosen = strings.TrimSpace(chosen[len(generic)+1:])
	}
	return generic + " (" + chosen + ")"
}

// on reads what is chosen on a character: upgrades (nested ones, and skills chosen inside
// a group: "Survivability: +4 LP"), its pilot, its summons and its cards; what matches
// nothing is kept in unmatched.
func (rd *reader) on(e *party.PartyEntry, c anima.Card, sels []selection) error {
	upgrades := rd.cat.Upgrades(c.Name)
	for _, s := range sels {
		name := alias(s.Name)
		if bookkeeping[strings.ToLower(name)] {
			continue
		}
		short := name
		if _, after, ok := strings.Cut(name, ": "); ok && strings.HasPrefix(strings.ToLower(name), strings.ToLower(c.Name)) {
			short = after // "Claire: Nuala"-style prefixes
		}
		n, err := copies(s)
		if err != nil {
			return err
		}
		upgrade, pilot := matchUpgrade(upgrades, name), pilotOf(rd.cat, c, name)
		switch {
		case upgrade != nil:
			if err := add(&e.Upgrades, upgrade.Name, 1, "upgrades"); err != nil {
				return err
			}
			if err := rd.on(e, c, detailsOf(*upgrade, s.Selections)); err != nil {
				return err
			}
		case pilot != "":
			e.Pilot = pilot
		case isSummon(rd.cat, name):
			if err := add(&e.Summons, party.CardRef{Name: name}, n, "summons"); err != nil {
				return err
			}
		default:
			if a, ok := rd.cat.Advantage(name); ok && !hasAbility(c, short) {
				if err := add(&e.Advantages, party.AdvantageRef{Name: a.Name}, 1, "cards"); err != nil {
					return err
				}
			} else if !hasAbility(c, short) && len(s.Selections) == 0 {
				rd.unmatched = append(rd.unmatched, Unmatched{Name: s.Name, On: c.Name})
			} else if err := rd.on(e, c, s.Selections); err != nil {
				return err
			}
		}
	}
	return nil
}

// detailsOf leaves out of an upgrade's inner selections the one that only repeats what the
// upgrade changes ("Samael Agent: Combat Training" > "+1 Atk, +1 Dmg"): the same upgrade.
func detailsOf(u anima.Upgrade, sels []selection) []selection {
	var out []selection
	for _, s := range sels {
		if u.Change == "" || !strings.EqualFold(squash(s.Name), squash(u.Change)) {
			out = append(out, s)
		}
	}
	return out
}

// squash is a name without spaces, for comparing "+1 Atk, +1 Dmg" with "+1 Atk,+1 Dmg".
func squash(s string) string { return strings.ReplaceAll(s, " ", "") }

// matchUpgrade is the character's upgrade a selection names: its whole name ("Samael Agent:
// Combat Training"), the name without the character's prefix ("Tactic Redeploy" for
// "Tactician: Tactic Redeploy"), or a skill chosen in a group with its change after a colon
// ("Survivability: +4 LP" for "Azur Agent: Survivability"); nil when none.
func matchUpgrade(us []anima.Upgrade, name string) *anima.Upgrade {
	name = strings.TrimSpace(name)
	before, _, _ := strings.Cut(name, ":")
	for _, key := range []string{name, strings.TrimSpace(before)} {
		for i, u := range us {
			_, short, _ := strings.Cut(u.Name, ": ")
			if strings.EqualFold(u.Name, key) || (short != "" && strings.EqualFold(short, key)) {
				return &us[i]
			}
		}
	}
	return nil
}

func pilotOf(cat Catalog, gear anima.Card, name string) string {
	if p, ok := cat.Pilot(name); ok && p.Pilots(gear.Name) {
		return p.Name
	}
	return ""
}

func isSummon(cat Catalog, name string) bool {
	_, ok := cat.Summon(name)
	return ok
}

// hasAbility reports whether the selection is one of the card's own abilities or powers,
// which some data sets list as selections: they are the card's, nothing to add.
func hasAbility(c anima.Card, name string) bool {
	for _, a := range c.Abilities {
		if strings.EqualFold(a.Name, name) {
			return true
		}
	}
	for _, p := range append(append([]string(nil), c.Powers...), c.Capabilities...) {
		if strings.EqualFold(p, name) {
			return true
		}
	}
	return false
}
