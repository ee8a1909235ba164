// Package roster reads a BattleScribe or New Recruit roster of Anima Tactics (a .ros XML
// file, or the zipped .rosz) into a Gnosis party file. Both community data sets are read:
// entries are matched by name, not by the data sets' IDs, so a roster made with either
// gives the same party.
//
//	f, unmatched, err := roster.Read(fileBytes, catalog.Default())
//
// A selection is matched, in order, to a catalog character, and the selections inside it to
// its upgrades, its pilot, its summons and its Equipment or Power cards; a selection at the
// top of a force that is no character is a party card (Plot, Team, organization advantage).
// What matches nothing is listed in Unmatched for the player, who may make an own card of
// it; nothing is dropped silently.
package roster

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gnosis/engine"
)

// ErrNotARoster is wrapped by every Read error: the file is neither a roster nor a zip
// holding one.
var ErrNotARoster = errors.New("not a BattleScribe roster")

// Catalog is what reading a roster needs of the catalog.
type Catalog interface {
	engine.Catalog
	Upgrades(character string) []engine.Upgrade
}

// Unmatched is a roster entry that matched no catalog card: its name, and the character it
// was chosen on ("" at the top of the roster).
type Unmatched struct {
	Name string `json:"name"`
	On   string `json:"on,omitempty"`
}

type selection struct {
	Name       string      `xml:"name,attr"`
	Type       string      `xml:"type,attr"`
	Number     int         `xml:"number,attr"`
	Selections []selection `xml:"selections>selection"`
}

type force struct {
	Name          string      `xml:"name,attr"`
	CatalogueName string      `xml:"catalogueName,attr"`
	Selections    []selection `xml:"selections>selection"`
	Forces        []force     `xml:"forces>force"`
}

type cost struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type rosterXML struct {
	XMLName        xml.Name `xml:"roster"`
	Name           string   `xml:"name,attr"`
	GameSystemName string   `xml:"gameSystemName,attr"`
	CostLimits     []cost   `xml:"costLimits>costLimit"`
	Costs          []cost   `xml:"costs>cost"`
	Forces         []force  `xml:"forces>force"`
}

// MaxFile is the largest roster read, zipped or not (bytes).
const MaxFile = 4 << 20

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

// unzip returns the .ros inside a .rosz, or b itself when it is not a zip.
func unzip(b []byte) ([]byte, error) {
	if !bytes.HasPrefix(b, []byte("PK")) {
		return b, nil
	}
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, fmt.Errorf("%w: a damaged zip: %v", ErrNotARoster, err)
	}
	for _, f := range z.File {
		if !strings.HasSuffix(strings.ToLower(f.Name), ".ros") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotARoster, err)
		}
		defer r.Close()
		out, err := io.ReadAll(io.LimitReader(r, MaxFile+1))
		if err != nil || len(out) > MaxFile {
			return nil, fmt.Errorf("%w: %s is damaged or larger than %d bytes", ErrNotARoster, f.Name, MaxFile)
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: the zip holds no .ros file", ErrNotARoster)
}

// Read reads a roster (.ros or .rosz bytes) into a party file (level from the roster's
// level limit, else its total rounded up to 50; the first force's catalogue as the
// organization when it is one; core edition) and the entries that matched no card. Errors
// wrap ErrNotARoster.
func Read(b []byte, cat Catalog) (engine.PartyFile, []Unmatched, error) {
	f := engine.PartyFile{Version: engine.PartyFileVersion, Edition: engine.Core, Characters: []engine.PartyEntry{}, Advantages: []engine.AdvantageRef{}}
	if len(b) > MaxFile {
		return f, nil, fmt.Errorf("%w: larger than %d bytes", ErrNotARoster, MaxFile)
	}
	b, err := unzip(b)
	if err != nil {
		return f, nil, err
	}
	var r rosterXML
	if err := xml.Unmarshal(b, &r); err != nil {
		return f, nil, fmt.Errorf("%w: %v", ErrNotARoster, err)
	}
	if gs := strings.ToLower(r.GameSystemName); gs != "" && !strings.Contains(gs, "anima") {
		return f, nil, fmt.Errorf("%w of Anima Tactics: it is for %q", ErrNotARoster, r.GameSystemName)
	}
	f.Name = strings.TrimSpace(r.Name)
	if f.Name == "" {
		f.Name = "Roster"
	}
	f.Level = level(r)
	var unmatched []Unmatched
	var forces []force
	var walk func([]force)
	walk = func(fs []force) {
		for _, x := range fs {
			forces = append(forces, x)
			walk(x.Forces)
		}
	}
	walk(r.Forces)
	for i, fo := range forces {
		if org := organization(fo); i == 0 && org != "" {
			f.Organization = org
		}
		for _, s := range fo.Selections {
			unmatched = append(unmatched, readTop(&f, s, cat)...)
		}
	}
	return f, unmatched, nil
}

// level is the roster's level limit, else its total level rounded up to 50 (at least 100).
func level(r rosterXML) int {
	for k, cs := range [][]cost{r.CostLimits, r.Costs} {
		for _, c := range cs {
			if !strings.HasPrefix(strings.ToLower(c.Name), "level") {
				continue
			}
			v, err := strconv.ParseFloat(c.Value, 64)
			if err != nil || v <= 0 || v > engine.MaxPartyLevel {
				continue
			}
			n := int(v)
			if k == 1 { // a total, not a limit
				n = (n + 49) / 50 * 50
			}
			return max(n, 100)
		}
	}
	return 250
}

// organization is the force's organization, "" for a faction force (Light, Dark, Wanderers).
func organization(fo force) string {
	for _, name := range []string{fo.CatalogueName, fo.Name} {
		for _, o := range engine.Organizations {
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

// readTop reads a selection at the top of a force: a character with what is chosen on it
// (as many as its number says), or a party card.
func readTop(f *engine.PartyFile, s selection, cat Catalog) []Unmatched {
	name := alias(s.Name)
	if c, ok := cat.Character(name); ok {
		var unmatched []Unmatched
		for n := 0; n < max(s.Number, 1); n++ {
			e := engine.PartyEntry{Name: c.Name}
			unmatched = readOn(&e, c, s.Selections, cat)
			f.Characters = append(f.Characters, e)
		}
		return unmatched
	}
	if a, ok := cat.Advantage(name); ok {
		f.Advantages = append(f.Advantages, engine.AdvantageRef{Name: a.Name})
		return nil
	}
	if len(s.Selections) > 0 && s.Type != "model" && s.Type != "unit" { // a group: look inside
		var unmatched []Unmatched
		for _, in := range s.Selections {
			unmatched = append(unmatched, readTop(f, in, cat)...)
		}
		return unmatched
	}
	return []Unmatched{{Name: s.Name}}
}

// readOn reads what is chosen on a character: upgrades (nested ones too), its pilot, its
// summons and its cards; it returns what matched nothing.
func readOn(e *engine.PartyEntry, c engine.Card, sels []selection, cat Catalog) []Unmatched {
	var unmatched []Unmatched
	upgrades := cat.Upgrades(c.Name)
	for _, s := range sels {
		name := alias(s.Name)
		short := name
		if _, after, ok := strings.Cut(name, ": "); ok && strings.HasPrefix(strings.ToLower(name), strings.ToLower(c.Name)) {
			short = after // "Claire: Nuala"-style prefixes
		}
		upgrade, pilot := matchUpgrade(upgrades, name), pilotOf(cat, c, name)
		switch {
		case upgrade != "":
			e.Upgrades = append(e.Upgrades, upgrade)
			unmatched = append(unmatched, readOn(e, c, s.Selections, cat)...)
		case pilot != "":
			e.Pilot = pilot
		case isSummon(cat, name):
			for n := 0; n < max(s.Number, 1); n++ {
				e.Summons = append(e.Summons, engine.CardRef{Name: name})
			}
		default:
			if a, ok := cat.Advantage(name); ok {
				e.Advantages = append(e.Advantages, engine.AdvantageRef{Name: a.Name})
			} else if !hasAbility(c, short) && len(s.Selections) == 0 {
				unmatched = append(unmatched, Unmatched{Name: s.Name, On: c.Name})
			} else {
				unmatched = append(unmatched, readOn(e, c, s.Selections, cat)...)
			}
		}
	}
	return unmatched
}

func matchUpgrade(us []engine.Upgrade, name string) string {
	for _, u := range us {
		if strings.EqualFold(u.Name, name) {
			return u.Name
		}
	}
	return ""
}

func pilotOf(cat Catalog, gear engine.Card, name string) string {
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
func hasAbility(c engine.Card, name string) bool {
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
