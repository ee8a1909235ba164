package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/season"
	"gnosis/engine/shelf"
)

// RestoreStep is how many parties one step of a Restore reads, indexes, merges or writes: a
// few milliseconds of work on a slow phone, so that the page answers a tap between two steps.
const RestoreStep = 100

// Restore is a backup's restore done in steps (finding 7 of the second reliability audit: a
// backup of 20,000 parties held the page for minutes). A step reads RestoreStep parties of
// the file, or indexes as many of the saved ones, merges as many of the backup's (Merge's
// rules: nothing overwritten, a taken name kept as a copy), or writes as many into the
// parties' record; the interface runs one step per task of the page and shows Progress in
// between. The backup is checked as ParseBackup checks it, before anything is written.
type Restore struct {
	raw      []byte
	dec      *json.Decoder
	phase    restorePhase
	bk       Backup
	rest     map[string]json.RawMessage // the backup's fields but its parties, read at the end
	incoming []SavedParty
	saved    []SavedParty // what was saved when the merge began
	m        *merger
	next     int // the next party of the phase
	list     bytes.Buffer
	open     string // the list of the file being read a few items a step: "parties", "shelf" or "nights"
	nights   []json.RawMessage
	newID    func() string
}

// restoreBytes bounds the kept games one step of a Restore reads: tens of milliseconds on a
// slow phone, however long each game's log. A past night is read a step of its own.
const restoreBytes = 32 << 10

type restorePhase int

const (
	readParties restorePhase = iota // the file, a field or RestoreStep parties a step
	indexSaved
	mergeParties
	writeParties
	restored
)

// NewRestore begins a restore of the backup file b into the saved parties; newID makes the
// IDs of added parties. The own cards and the game are small: MergeExtras merges them at the
// end, into what is saved then. A file past the bound of outside files (anima.MaxFileBytes)
// or that is no backup is refused at once.
func NewRestore(b []byte, parties []SavedParty, newID func() string) (*Restore, error) {
	if len(b) > MaxBackupBytes {
		return nil, core.Refuse("", core.ErrOutOfRange, "a %s of %d bytes: at most %d", core.FieldName("backup"), len(b), MaxBackupBytes)
	}
	b = bytes.TrimPrefix(b, []byte("\uFEFF"))
	r := &Restore{raw: b, dec: json.NewDecoder(bytes.NewReader(b)), rest: map[string]json.RawMessage{}, newID: newID}
	r.Rebase(parties)
	t, err := r.dec.Token()
	switch {
	case err != nil:
		return nil, notABackup(err)
	case t != json.Delim('{'):
		return nil, notABackup(errors.New("not a JSON object"))
	}
	return r, nil
}

// Rebase has the merge start again from parties, the list saved now (it changed while the
// backup was being read or merged); what was read of the file is kept.
func (r *Restore) Rebase(parties []SavedParty) {
	r.saved = append([]SavedParty(nil), parties...)
	r.m = nil
	if r.phase >= indexSaved {
		r.phase, r.next = indexSaved, 0
	}
}

// Progress is how far the restore has come, from 0 to 1.
func (r *Restore) Progress() float64 {
	const read, index, merge = 0.4, 0.1, 0.2 // shares of the work; writing takes the rest
	switch r.phase {
	case readParties:
		return read * float64(r.dec.InputOffset()) / float64(max(len(r.raw), 1))
	case indexSaved:
		return read + index*float64(r.next)/float64(max(len(r.saved), 1))
	case mergeParties:
		return read + index + merge*float64(r.next)/float64(max(len(r.incoming), 1))
	case writeParties:
		return read + index + merge + (1-read-index-merge)*float64(r.next)/float64(max(len(r.m.out), 1))
	}
	return 1
}

// Done reports whether the restore has finished (Result gives it).
func (r *Restore) Done() bool { return r.phase == restored }

// Step does the next part of the restore. An error ends it with nothing written: the backup
// cannot be read, or holds what its live form refuses.
func (r *Restore) Step() error {
	switch r.phase {
	case readParties:
		return r.read()
	case indexSaved:
		if r.m == nil {
			r.m = newMerger(r.newID, len(r.saved)+len(r.incoming))
		}
		for end := min(r.next+RestoreStep, len(r.saved)); r.next < end; r.next++ {
			r.m.keep(r.saved[r.next])
		}
		if r.next == len(r.saved) {
			r.phase, r.next = mergeParties, 0
		}
	case mergeParties:
		for end := min(r.next+RestoreStep, len(r.incoming)); r.next < end; r.next++ {
			r.m.add(r.incoming[r.next])
		}
		if r.next == len(r.incoming) {
			r.phase, r.next = writeParties, 0
			r.list.Reset()
			r.list.WriteByte('[')
		}
	case writeParties:
		for end := min(r.next+RestoreStep, len(r.m.out)); r.next < end; r.next++ {
			b, err := json.Marshal(r.m.out[r.next])
			if err != nil {
				return err
			}
			if r.next > 0 {
				r.list.WriteByte(',')
			}
			r.list.Write(b)
		}
		if r.next == len(r.m.out) {
			r.list.WriteByte(']')
			r.phase = restored
		}
	}
	return nil
}

// read reads the next items of the file's open list (RestoreStep parties, restoreBytes of
// kept games, a past night), or the next of its other fields (they are small), up to the end
// of the file.
func (r *Restore) read() error {
	if r.open != "" {
		return r.readItems()
	}
	if !r.dec.More() {
		if _, err := r.dec.Token(); err != nil { // }
			return notABackup(err)
		}
		if _, err := r.dec.Token(); err != io.EOF {
			return notABackup(errors.New("more after the backup's end"))
		}
		return r.readRest()
	}
	t, err := r.dec.Token()
	if err != nil {
		return notABackup(err)
	}
	switch key, _ := t.(string); key {
	case "parties", "shelf", "nights":
		return r.openList(key)
	default:
		var v json.RawMessage
		if err := r.dec.Decode(&v); err != nil {
			return notABackup(err)
		}
		r.rest[key] = v
		return nil
	}
}

// openList begins reading the backup's list key. A list of parties that is no list refuses
// the backup; kept games or past nights that are no list are left out, named.
func (r *Restore) openList(key string) error {
	t, err := r.dec.Token()
	switch {
	case err != nil:
		return notABackup(err)
	case t == nil: // null
	case t == json.Delim('['):
		r.open = key
	case key == "parties":
		return notABackup(errors.New("parties: want a list"))
	default:
		if err := skipValue(r.dec, t); err != nil {
			return notABackup(err)
		}
		why := core.Fail(ErrNotABackup, errors.New("want a list"), "the backup's kept games cannot be read: they are left out")
		if key == "nights" {
			why = core.Fail(ErrNotABackup, errors.New("want a list"), "the backup's past club nights cannot be read: they are left out")
		}
		r.bk.LeftOut = append(r.bk.LeftOut, why)
	}
	return nil
}

// skipValue reads the rest of a value whose first token was t.
func skipValue(dec *json.Decoder, t json.Token) error {
	for depth := 0; ; {
		if d, ok := t.(json.Delim); ok {
			depth += map[json.Delim]int{'{': 1, '[': 1, '}': -1, ']': -1}[d]
		}
		if depth == 0 {
			return nil
		}
		var err error
		if t, err = dec.Token(); err != nil {
			return err
		}
	}
}

// readItems reads the next items of the open list, and its end.
func (r *Restore) readItems() error {
	start := r.dec.InputOffset()
	for n := 0; n < RestoreStep && r.dec.More(); n++ {
		var raw json.RawMessage
		if err := r.dec.Decode(&raw); err != nil {
			return notABackup(err)
		}
		r.item(raw)
		if r.open == "nights" || r.open == "shelf" && r.dec.InputOffset()-start >= restoreBytes {
			break
		}
	}
	if !r.dec.More() {
		if _, err := r.dec.Token(); err != nil { // ]
			return notABackup(err)
		}
		r.open = ""
	}
	return nil
}

// item takes an item of the open list: one that cannot be read is left out, named.
func (r *Restore) item(raw json.RawMessage) {
	switch r.open {
	case "parties":
		var sp SavedParty
		if err := json.Unmarshal(raw, &sp); err != nil { // this party alone is left out
			r.bk.LeftOut = append(r.bk.LeftOut, core.Fail(ErrNotABackup, err, "a party of the backup cannot be read: it is left out"))
			return
		}
		if err := checkSavedParty(&sp); err != nil {
			r.bk.LeftOut = append(r.bk.LeftOut, err)
			return
		}
		r.incoming = append(r.incoming, sp)
	case "shelf":
		var f shelf.File
		if err := json.Unmarshal(raw, &f); err != nil {
			r.bk.LeftOut = append(r.bk.LeftOut, core.Fail(ErrNotABackup, err, "a kept game of the backup cannot be read: it is left out"))
			return
		}
		r.bk.Shelf = append(r.bk.Shelf, f)
	case "nights":
		r.nights = append(r.nights, keepValid(&r.bk, []json.RawMessage{raw}, checkNight, nightLeftOut)...)
	}
}

// readRest reads the backup's fields but its parties and checks the whole as ParseBackup does:
// its kind and version must be read; any other part that cannot be read is left out of it,
// named (Backup.LeftOut), each of its armies, kept games and past nights on its own.
func (r *Restore) readRest() error {
	left := r.bk.LeftOut
	head := struct {
		Version *int    `json:"version"`
		Kind    *string `json:"kind"`
	}{&r.bk.Version, &r.bk.Kind}
	b, _ := json.Marshal(map[string]json.RawMessage{"version": r.rest["version"], "kind": r.rest["kind"]})
	if err := json.Unmarshal(b, &head); err != nil {
		return notABackup(err)
	}
	part := func(key string, v any, why func(error) error) {
		if raw, ok := r.rest[key]; ok {
			if err := json.Unmarshal(raw, v); err != nil {
				left = append(left, why(err))
			}
		}
	}
	part("cards", &r.bk.Cards, func(err error) error {
		return core.Fail(ErrNotABackup, err, "the backup's own cards cannot be read: they are left out")
	})
	part("game", &r.bk.Game, func(err error) error {
		r.bk.Game = nil
		return core.Fail(ErrNotABackup, err, "the backup's game in progress cannot be read: it is left out")
	})
	part("settings", &r.bk.Settings, func(err error) error {
		r.bk.Settings = Prefs{}
		return core.Fail(ErrNotABackup, err, "the backup's settings cannot be read: they are left out")
	})
	part("event", &r.bk.Event, func(err error) error {
		r.bk.Event = nil
		return core.Fail(ErrNotABackup, err, "the backup's club night cannot be read: it is left out")
	})
	left = r.readSeason(left)
	var armies []json.RawMessage
	part("armies", &armies, func(err error) error {
		return core.Fail(ErrNotABackup, err, "the backup's Diskwars armies cannot be read: they are left out")
	})
	for _, a := range armies {
		var sa SavedArmy
		if err := json.Unmarshal(a, &sa); err != nil {
			left = append(left, core.Fail(ErrNotABackup, err, "a Diskwars army of the backup cannot be read: it is left out"))
			continue
		}
		r.bk.Armies = append(r.bk.Armies, sa)
	}
	r.bk.LeftOut = left
	r.bk.Parties = r.incoming
	if err := checkBackup(&r.bk); err != nil { // the nights were checked as they were read
		return err
	}
	r.bk.Nights = lastNights(r.nights)
	r.phase, r.next = indexSaved, 0
	return nil
}

// readSeason reads the backup's season a part at a time, adding to left what it leaves out: a
// rule or a list of nights left out that cannot be read goes alone (the rule then its nights'
// game's, every night counted), never the nights added with it; a season that is not an object
// at all goes whole.
func (r *Restore) readSeason(left []error) []error {
	raw, ok := r.rest["season"]
	if !ok || string(raw) == "null" {
		return left
	}
	var parts map[string]json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return append(left, core.Fail(ErrNotABackup, err, "the backup's season cannot be read: it is left out"))
	}
	se := &SeasonBackup{}
	if v, ok := parts["setup"]; ok {
		if err := json.Unmarshal(v, &se.Setup); err != nil {
			se.Setup = season.Setup{}
			left = append(left, core.Fail(ErrNotABackup, err, "the backup's season's rule cannot be read: it is left out, its nights kept"))
		}
	}
	if v, ok := parts["out"]; ok {
		if err := json.Unmarshal(v, &se.Out); err != nil {
			se.Out = nil
			left = append(left, core.Fail(ErrNotABackup, err, "the backup's season's nights left out cannot be read: every night of it counts"))
		}
	}
	if v, ok := parts["added"]; ok {
		if err := json.Unmarshal(v, &se.Added); err != nil {
			se.Added = nil
			left = append(left, core.Fail(ErrNotABackup, err, "the backup's season cannot be read: it is left out"))
		}
	}
	if se.Setup.Game == "" && len(se.Added) > 0 { // the rule left out: the game its nights are
		var night struct {
			Game string `json:"game"`
		}
		_ = json.Unmarshal(se.Added[0], &night) // a night that cannot be read is left out later
		se.Setup.Game = night.Game
	}
	r.bk.Season = se
	return left
}

// Result is what the restore made, once Done: the parties (with those added), their list as
// JSON (for Store.SavePartiesJSON), the backup (for MergeExtras and its armies) and the report
// on the parties.
func (r *Restore) Result() (parties []SavedParty, list []byte, bk Backup, rep MergeReport) {
	return r.m.out, r.list.Bytes(), r.bk, r.m.rep
}

// merger adds a backup's parties to the saved ones (Merge's rules), with indexes, so that the
// time is linear in their number: the content of each party (to skip one saved already, or
// the copy an earlier restore made of it), the names and the IDs in use.
type merger struct {
	out              []SavedParty
	same, names, ids map[string]bool
	rep              MergeReport
	newID            func() string
}

func newMerger(newID func() string, size int) *merger {
	return &merger{out: make([]SavedParty, 0, size), same: map[string]bool{}, names: map[string]bool{}, ids: map[string]bool{}, newID: newID}
}

// keep takes a saved party as it is, indexed.
func (m *merger) keep(p SavedParty) {
	m.out = append(m.out, p)
	m.same[contentKey(p.Party)] = true
	m.same[p.ID+"\x00"+nameless(p.Party)] = true // the copy an earlier restore made
	m.names[strings.ToLower(p.Party.Name)] = true
	m.ids[p.ID] = true
}

// add adds a backup's party unless it is saved already: under a free name and a free ID.
func (m *merger) add(in SavedParty) {
	if m.same[contentKey(in.Party)] || m.same[in.ID+"\x00"+nameless(in.Party)] {
		m.rep.PartiesSame++
		return
	}
	name := FreeName(in.Party.Name, func(n string) bool { return m.names[strings.ToLower(n)] })
	if name != in.Party.Name {
		m.rep.PartiesRenamed++
	}
	in.Party.Name = name
	if in.ID == "" || m.ids[in.ID] {
		in.ID = m.newID()
	}
	m.keep(in)
	m.rep.PartiesAdded++
}
