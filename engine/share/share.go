// Package share turns a party into a short link and back, with no server: a compact,
// versioned binary encoding with a checksum, in base64url inside the URL fragment (which
// never reaches a server and opens offline).
//
//	link, err := share.Link("https://example.org/gnosis/", partyFile, catalog.Default())
//	// https://example.org/gnosis/#p=AQ…
//	f, err := share.Decode(link, catalog.Default())   // any malformed, truncated or tampered link is an error
//
// Catalog cards travel as their stable IDs (catalog.Catalog.ByID); a player's own cards
// travel inline. Every format version stays readable: Decode switches on the version byte,
// and testdata/ holds golden links of each version.
package share

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/fragment"
	"gnosis/engine/party"
	"gnosis/engine/text"
)

// Version is the encoding version written today. Version 2 has a 32-bit checksum (CRC-32
// IEEE of the version byte and the body); version 1, read still, kept its low 16 bits.
// Version 3 adds two extras to a character: its upgrades and its pinned printing. The body
// is otherwise the same in all three.
const Version = 3

// FragmentKey names the party in a link's fragment: #p=<payload>.
const FragmentKey = "p="

// Catalog is what the encoding needs of the catalog: cards by stable ID and by name.
type Catalog interface {
	party.Catalog
	ByID(id int) (anima.Card, bool)
	AdvantageByID(id int) (anima.AdvantageCard, bool)
	PilotByID(id int) (anima.Pilot, bool)
	Upgrades(character string) []anima.Upgrade
}

// printings are the printings' codes in the encoding.
var printings = []anima.Printing{"", anima.FirstPrinting, anima.SecondPrinting}

// ErrBadLink is wrapped by every Decode error.
var ErrBadLink = errors.New("this party link cannot be read")

// ErrCannotShare is wrapped by the errors of a party that cannot be written as a link.
var ErrCannotShare = errors.New("this party cannot be shared as a link")

// badLink is a link's error as Decode returns it: wrapping ErrBadLink, in the player's
// language where it can be (a fragment's errors: too long, not base64url).
func badLink(err error) error {
	var re *core.RuleError
	switch {
	case errors.As(err, &re), errors.Is(err, fragment.ErrTooLong):
		if errors.Is(err, ErrBadLink) {
			return err
		}
		return fmt.Errorf("%w: %w", ErrBadLink, err)
	}
	return core.Fail(ErrBadLink, err, "the link is damaged; ask for it again")
}

// organizations are the organizations' stable codes in the encoding (R-CARD-2); any
// other organization is written out.
var organizations = []string{"", "Church", "Empire", "Samael", "Wissenschaft", "Black Sun", "Azur Alliance", "Tol Rauko"}

const (
	flagAlpha    = 1 << 0
	flagName     = 1 << 1
	flagOrg      = 1 << 2
	flagTens     = 1 << 3
	flagDeflated = 1 << 4

	extraAdvantages = 1 << 0
	extraSummons    = 1 << 1
	extraPilot      = 1 << 2
	extraUpgrades   = 1 << 3 // version 3
	extraPrinting   = 3 << 4 // version 3: the printing's code (printings) in these two bits

	maxItems    = anima.MaxPartyItems // characters, cards or summons in one list
	maxInflated = 1 << 20             // bytes of a deflated body
)

// Encode writes the party file as a payload (base64url, no padding). Catalog cards are
// written as IDs, so every catalog name must be known to cat; own cards are written inline
// and the body is then deflated.
func Encode(f party.PartyFile, cat Catalog) (string, error) {
	if f.Version != party.PartyFileVersion || !f.Edition.Valid() || f.Level <= 0 {
		return "", core.Fail(ErrCannotShare, nil, "not a party to share: version %d, edition %q, level %d", f.Version, string(f.Edition), f.Level)
	}
	var w writer
	w.cat = cat
	flags := headerFlags(f)
	level := f.Level
	if flags&flagTens != 0 {
		level /= 10
	}
	w.uvarint(uint64(level))
	if f.Organization != "" {
		code := indexFold(organizations, f.Organization)
		w.uvarint(uint64(max(code, 0)))
		if code <= 0 {
			w.str(f.Organization)
		}
	}
	w.uvarint(uint64(len(f.Characters)))
	for _, e := range f.Characters {
		w.card(e.Name, e.Card, hasExtras(e))
		if hasExtras(e) {
			w.extras(e)
		}
	}
	w.advantages(f.Advantages)
	if f.Name != "" {
		w.str(f.Name)
	}
	if w.err != nil {
		return "", w.err
	}
	payload := seal(w.buf.Bytes(), flags, w.own)
	// The decoder's limits are the encoder's: a link is written only if it reads back.
	if _, err := decode(payload, cat); err != nil {
		return "", core.Fail(ErrCannotShare, err, "this party cannot be shared as a link")
	}
	return payload, nil
}

// headerFlags are the link's flags for f: its edition, whether it has a name and an
// organization, and whether its level is written in tens.
func headerFlags(f party.PartyFile) byte {
	flags := byte(0)
	if f.Edition == anima.Alpha {
		flags |= flagAlpha
	}
	if f.Name != "" {
		flags |= flagName
	}
	if f.Organization != "" {
		flags |= flagOrg
	}
	if f.Level%10 == 0 {
		flags |= flagTens
	}
	return flags
}

// seal is the payload of a body with its flags: deflated when it holds own cards and that
// makes it shorter, then versioned and sealed with its checksum.
func seal(body []byte, flags byte, own bool) string {
	if own {
		var z bytes.Buffer
		zw, _ := flate.NewWriter(&z, flate.BestCompression)
		zw.Write(body)
		zw.Close()
		if z.Len() < len(body) {
			flags |= flagDeflated
			body = z.Bytes()
		}
	}
	return fragment.Seal(append([]byte{Version, flags}, body...))
}

// extras writes what a character has beyond its card: a byte saying which (its printing in
// the high bits), then its advantage cards, summons, pilot and upgrades.
func (w *writer) extras(e party.PartyEntry) {
	x := byte(0)
	for _, has := range []struct {
		yes  bool
		flag byte
	}{{len(e.Advantages) > 0, extraAdvantages}, {len(e.Summons) > 0, extraSummons}, {e.Pilot != "", extraPilot}, {len(e.Upgrades) > 0, extraUpgrades}} {
		if has.yes {
			x |= has.flag
		}
	}
	if e.Printing != "" {
		code := slices.Index(printings, e.Printing)
		if code <= 0 {
			w.stop(core.Fail(ErrCannotShare, nil, "printing %q: want first or second", string(e.Printing)))
		}
		x |= byte(max(code, 0)) << 4
	}
	w.buf.WriteByte(x)
	if len(e.Advantages) > 0 {
		w.advantages(e.Advantages)
	}
	if len(e.Summons) > 0 {
		w.uvarint(uint64(len(e.Summons)))
		for _, s := range e.Summons {
			w.summon(s)
		}
	}
	if e.Pilot != "" {
		p, ok := w.cat.Pilot(e.Pilot)
		if !ok {
			w.stop(core.Fail(ErrCannotShare, nil, "pilot %q is not in the catalog", e.Pilot))
		}
		w.uvarint(uint64(p.ID))
	}
	w.upgrades(e)
}

// upgrades writes each upgrade as its place among the character's upgrades, shifted left,
// the low bit set when another follows: one byte each.
func (w *writer) upgrades(e party.PartyEntry) {
	var upgrades []anima.Upgrade
	if len(e.Upgrades) > 0 {
		upgrades = w.cat.Upgrades(e.Label())
	}
	for i, name := range e.Upgrades {
		at := slices.IndexFunc(upgrades, func(u anima.Upgrade) bool { return strings.EqualFold(u.Name, name) })
		if at < 0 || e.Card != nil {
			w.stop(core.Fail(ErrCannotShare, nil, "%q is not an upgrade of %s in the catalog", name, e.Label()))
		}
		more := uint64(0)
		if i < len(e.Upgrades)-1 {
			more = 1
		}
		w.uvarint(uint64(max(at, 0))<<1 | more)
	}
}

func hasExtras(e party.PartyEntry) bool {
	return len(e.Advantages) > 0 || len(e.Summons) > 0 || e.Pilot != "" || len(e.Upgrades) > 0 || e.Printing != ""
}

func indexFold(list []string, s string) int {
	for i, x := range list {
		if strings.EqualFold(x, strings.TrimSpace(s)) {
			return i
		}
	}
	return -1
}

type writer struct {
	buf bytes.Buffer
	cat Catalog
	own bool
	err error
}

func (w *writer) stop(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *writer) uvarint(v uint64) { w.buf.Write(binary.AppendUvarint(nil, v)) }

func (w *writer) str(s string) {
	w.uvarint(uint64(len(s)))
	w.buf.WriteString(s)
}

func (w *writer) blob(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		w.stop(err)
	}
	w.own = true
	w.uvarint(uint64(len(b)))
	w.buf.Write(b)
}

// card writes a card reference: (ID << 1 | extras); ID 0 is an own card followed inline.
func (w *writer) card(name string, own *anima.Card, extras bool) {
	id := 0
	if own == nil {
		c, ok := w.cat.Character(name)
		if !ok {
			w.stop(core.Fail(ErrCannotShare, nil, "%q is not in the catalog", name))
			return
		}
		id = c.ID
	}
	head := uint64(id) << 1
	if extras {
		head |= 1
	}
	w.uvarint(head)
	if own != nil {
		w.blob(own)
	}
}

// summon writes a summon: a catalog summon's ID, or as card writes it (an own card, or a
// card of that name, which R-PARTY-10 will refuse as a summon).
func (w *writer) summon(r party.CardRef) {
	if r.Card == nil {
		if s, ok := w.cat.Summon(r.Name); ok {
			w.uvarint(uint64(s.ID) << 1)
			return
		}
	}
	w.card(r.Name, r.Card, false)
}

func (w *writer) advantages(refs []party.AdvantageRef) {
	w.uvarint(uint64(len(refs)))
	for _, r := range refs {
		if r.Card != nil {
			w.uvarint(0)
			w.blob(r.Card)
			continue
		}
		a, ok := w.cat.Advantage(r.Name)
		if !ok {
			w.stop(core.Fail(ErrCannotShare, nil, "advantage card %q is not in the catalog", r.Name))
			return
		}
		w.uvarint(uint64(a.ID))
	}
}

// Link is the party's link under base (the app's address, such as
// "https://example.org/gnosis/"): base#p=<payload>.
func Link(base string, f party.PartyFile, cat Catalog) (string, error) {
	p, err := Encode(f, cat)
	if err != nil {
		return "", err
	}
	return fragment.Link(base, FragmentKey, p), nil
}

// Payload takes the payload out of a link, a fragment ("p=…") or a bare payload.
func Payload(link string) string { return fragment.Payload(link, FragmentKey) }

// Decode reads a link (or its fragment, or a bare payload) back into a party file. Any
// malformed, truncated or tampered link, or one naming cards this catalog does not have,
// returns an error wrapping ErrBadLink that says which; it never panics.
func Decode(link string, cat Catalog) (party.PartyFile, error) {
	f, err := decode(Payload(link), cat)
	if err != nil {
		return party.PartyFile{}, badLink(err)
	}
	return f, nil
}

func decode(payload string, cat Catalog) (f party.PartyFile, err error) {
	if payload == "" {
		return f, core.Fail(ErrBadLink, nil, "the link holds no party")
	}
	raw, err := fragment.Bytes(payload)
	if err != nil {
		return f, err
	}
	sumSize := 4
	switch {
	case len(raw) == 0:
		return f, core.Fail(ErrBadLink, nil, "the link is cut short; copy all of it")
	case raw[0] == 1:
		sumSize = 2
	case raw[0] > Version:
		return f, core.Fail(ErrBadLink, nil, "the link is of format %d, newer than this Gnosis; update Gnosis", int(raw[0]))
	}
	if len(raw) < 2+sumSize {
		return f, core.Fail(ErrBadLink, nil, "the link is cut short; copy all of it")
	}
	body, ok := fragment.Open(raw, sumSize)
	if !ok {
		return f, core.Fail(ErrBadLink, fragment.ErrChanged, "the link is cut short or changed on its way; copy all of it")
	}
	if body[0] < 1 || body[0] > Version {
		return f, core.Fail(ErrBadLink, nil, "the link is of an unknown format %d", int(body[0]))
	}
	if f, err = decodeBody(int(body[0]), body[1:], cat); err != nil {
		return f, err
	}
	f.Clean()
	return f, nil
}

type reader struct {
	b   []byte
	cat Catalog
	err error
}

// fail keeps the first thing wrong with the link: a key of text's catalogue and its
// arguments.
func (r *reader) fail(format string, a ...any) {
	if r.err == nil {
		r.err = &core.RuleError{Err: ErrBadLink, Msg: text.M(format, a...)}
	}
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("the link is cut short; copy all of it")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) count() int {
	n := r.uvarint()
	if n > maxItems {
		r.fail("a list of %d items is too long", n)
		return 0
	}
	return int(n)
}

func (r *reader) bytes() []byte {
	n := r.uvarint()
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.fail("the link is cut short; copy all of it")
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) str() string {
	b := r.bytes()
	if !utf8.Valid(b) {
		r.fail("a name is not valid text")
	}
	return string(b)
}

func (r *reader) ownCard() *anima.Card {
	b := r.bytes()
	if r.err != nil {
		return nil
	}
	var c anima.Card
	if err := json.Unmarshal(b, &c); err != nil {
		if r.err == nil {
			r.err = core.Fail(ErrBadLink, err, "an own card is damaged")
		}
		return nil
	}
	if err := c.Validate(); err != nil {
		if r.err == nil {
			r.err = err
		}
		return nil
	}
	return &c
}

// card reads a card reference and whether extras follow: a character, or a summon (a
// summon's place may hold any card, which R-PARTY-10 refuses; a character's, no summon).
func (r *reader) card(summon bool) (name string, own *anima.Card, extras bool) {
	head := r.uvarint()
	id, extras := head>>1, head&1 == 1
	if r.err != nil {
		return "", nil, false
	}
	if id == 0 {
		return "", r.ownCard(), extras
	}
	c, ok := r.cat.ByID(int(min(id, 1<<30)))
	if !ok || (c.IsSummon() && !summon) {
		r.fail("character #%d is not in this Gnosis's catalog; update Gnosis", id)
	}
	return c.Name, nil, extras
}

func (r *reader) advantages() []party.AdvantageRef {
	n := r.count()
	var out []party.AdvantageRef
	for i := 0; i < n && r.err == nil; i++ {
		id := r.uvarint()
		if id == 0 {
			b := r.bytes()
			var a anima.AdvantageCard
			if r.err == nil {
				if err := json.Unmarshal(b, &a); err != nil || a.Validate() != nil {
					r.fail("an own advantage card is damaged")
				}
			}
			out = append(out, party.AdvantageRef{Card: &a})
			continue
		}
		a, ok := r.cat.AdvantageByID(int(min(id, 1<<30)))
		if !ok {
			r.fail("advantage card #%d is not in this Gnosis's catalog; update Gnosis", id)
		}
		out = append(out, party.AdvantageRef{Name: a.Name})
	}
	return out
}

// decodeBody reads the body of a link of the version (the same in all but the extras that
// version 3 adds).
func decodeBody(version int, b []byte, cat Catalog) (party.PartyFile, error) {
	if len(b) < 1 {
		return party.PartyFile{}, core.Fail(ErrBadLink, nil, "the link is cut short; copy all of it")
	}
	flags, body := b[0], b[1:]
	if flags&^(flagAlpha|flagName|flagOrg|flagTens|flagDeflated) != 0 {
		return party.PartyFile{}, core.Fail(ErrBadLink, nil, "the link has unknown settings")
	}
	if flags&flagDeflated != 0 {
		z, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(body)), maxInflated+1))
		if err != nil || len(z) > maxInflated {
			return party.PartyFile{}, core.Fail(ErrBadLink, nil, "the link's cards are damaged")
		}
		body = z
	}
	r := &reader{b: body, cat: cat}
	f := party.PartyFile{Version: party.PartyFileVersion, Edition: anima.Core, Characters: []party.PartyEntry{}, Advantages: []party.AdvantageRef{}}
	if flags&flagAlpha != 0 {
		f.Edition = anima.Alpha
	}
	f.Level = r.level(flags&flagTens != 0)
	if flags&flagOrg != 0 {
		f.Organization = r.organization()
	}
	n := r.count()
	for i := 0; i < n && r.err == nil; i++ {
		var e party.PartyEntry
		var extras bool
		e.Name, e.Card, extras = r.card(false)
		if extras {
			r.extras(version, &e)
		}
		f.Characters = append(f.Characters, e)
	}
	if adv := r.advantages(); len(adv) > 0 {
		f.Advantages = adv
	}
	if flags&flagName != 0 {
		f.Name = r.str()
	}
	if r.err == nil && len(r.b) != 0 {
		r.fail("the link has %d bytes too many", len(r.b))
	}
	return f, r.err
}

// level reads the encounter level (tens: written in tens).
func (r *reader) level(tens bool) int {
	level := r.uvarint()
	if tens {
		level *= 10
	}
	if level == 0 || level > anima.MaxPartyLevel {
		r.fail("encounter level %d: want 1 to %d", level, anima.MaxPartyLevel)
	}
	return int(level)
}

// organization reads the party's organization: its code, or its name after a 0.
func (r *reader) organization() string {
	code := r.uvarint()
	switch {
	case code == 0:
		return r.str()
	case code < uint64(len(organizations)):
		return organizations[code]
	}
	r.fail("organization #%d is unknown to this Gnosis; update Gnosis", code)
	return ""
}

// extras reads what a character has beyond its card (extras wrote it), in a link of version.
func (r *reader) extras(version int, e *party.PartyEntry) {
	x := r.uvarint()
	known := uint64(extraAdvantages | extraSummons | extraPilot | extraUpgrades | extraPrinting)
	if version < 3 {
		known = extraAdvantages | extraSummons | extraPilot
	}
	if x&^known != 0 {
		r.fail("the link has unknown settings")
	}
	if x&extraAdvantages != 0 {
		e.Advantages = r.advantages()
	}
	if x&extraSummons != 0 {
		m := r.count()
		for j := 0; j < m && r.err == nil; j++ {
			name, own, _ := r.card(true)
			e.Summons = append(e.Summons, party.CardRef{Name: name, Card: own})
		}
	}
	if x&extraPilot != 0 {
		p, ok := r.cat.PilotByID(int(min(r.uvarint(), 1<<30)))
		if !ok {
			r.fail("an unknown pilot")
		}
		e.Pilot = p.Name
	}
	if x&extraUpgrades != 0 {
		e.Upgrades = r.upgrades(e.Name)
	}
	if code := (x & extraPrinting) >> 4; code != 0 {
		if code >= uint64(len(printings)) {
			r.fail("printing #%d is unknown to this Gnosis; update Gnosis", code)
		} else {
			e.Printing = printings[code]
		}
	}
}

// upgrades reads a character's upgrades (upgrades wrote them).
func (r *reader) upgrades(character string) []string {
	var out []string
	upgrades := r.cat.Upgrades(character)
	for more := true; more && r.err == nil && len(out) <= maxItems; {
		v := r.uvarint()
		at := v >> 1
		more = v&1 == 1
		if at >= uint64(len(upgrades)) {
			r.fail("an upgrade unknown to this Gnosis; update Gnosis")
			break
		}
		out = append(out, upgrades[at].Name)
	}
	return out
}
