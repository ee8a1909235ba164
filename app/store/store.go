package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"gnosis/engine"
)

// Keys of the records.
const (
	PartiesKey  = "gnosis.parties"
	GameKey     = "gnosis.game"
	CardsKey    = "gnosis.cards"
	SettingsKey = "gnosis.settings"
)

// Version is the schema version written today for every record. Version 1 records (no
// "rev", parties without "updated") are read and upgraded when next written.
const Version = 2

// Errors; test with errors.Is.
var (
	// ErrUnreadable: a record could not be read. It has been set aside (see Store.SetAside).
	ErrUnreadable = errors.New("a saved record could not be read")
	// ErrNotSaved: a write failed (the browser's storage is full or disabled); the previous
	// record is intact.
	ErrNotSaved = errors.New("not saved")
	// ErrProtected: a record that could not be read could not be set aside either, so it
	// is not written over.
	ErrProtected = errors.New("an unreadable record is kept as it is")
	// ErrConflict: another tab changed the record since this one read it; nothing was
	// written. Read it again (and redo the change on what the other tab saved).
	ErrConflict = errors.New("changed in another tab")
)

// SavedParty is a party kept on the device under a stable ID. Updated is the time of its
// last change in Unix milliseconds (0 when unknown, as in version 1 records).
type SavedParty struct {
	ID      string           `json:"id"`
	Party   engine.PartyFile `json:"party"`
	Updated int64            `json:"updated,omitempty"`
}

// OwnCards are the player's own cards: characters and summons, and advantage cards.
type OwnCards struct {
	Characters []engine.Card          `json:"characters"`
	Advantages []engine.AdvantageCard `json:"advantages"`
}

// Settings are the player's choices kept on the device.
type Settings struct {
	Language string `json:"language,omitempty"` // "", "en", "es" or "it"; "" follows the browser
	Vibrate  bool   `json:"vibrate,omitempty"`  // a short vibration on each change in a game
}

// envelope is what every record carries beside its content: the schema version and a
// revision counted up by each write, which tells a write from another tab.
type envelope struct {
	V   int `json:"v"`
	Rev int `json:"rev"`
}

type partiesRecord struct {
	envelope
	Parties []SavedParty `json:"parties"`
}

type gameRecord struct {
	envelope
	Game *engine.Game `json:"game"`
}

// marshal writes the record as encoding/json would, in one pass: a game is saved after every
// tap and its log only grows, so the game's JSON (engine.Game.MarshalJSON, which keeps the JSON
// of its entries) is not scanned and copied once more.
func (r *gameRecord) marshal() ([]byte, error) {
	b := append([]byte(`{"v":`), strconv.Itoa(r.V)...)
	b = append(append(b, `,"rev":`...), strconv.Itoa(r.Rev)...)
	b = append(b, `,"game":`...)
	if r.Game == nil {
		b = append(b, "null"...)
	} else {
		var err error
		if b, err = r.Game.AppendJSON(b); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

type cardsRecord struct {
	envelope
	OwnCards
}

type settingsRecord struct {
	envelope
	Settings
}

// Store reads and writes Gnosis's records in a Backend.
type Store struct {
	b         Backend
	protected map[string]bool
	revs      map[string]int
}

// New returns a Store over b.
func New(b Backend) *Store { return &Store{b: b, protected: map[string]bool{}, revs: map[string]int{}} }

// read loads key into v (a record embedding envelope). A value that cannot be decoded or has
// a version this code does not know is set aside and reported as ErrUnreadable.
func (s *Store) read(key string, v any, env *envelope) (bool, error) {
	raw, ok, err := s.b.Get(key)
	if err != nil || !ok {
		s.revs[key] = 0
		return false, err
	}
	err = json.Unmarshal([]byte(raw), v)
	if err == nil && (env.V < 1 || env.V > Version) {
		err = fmt.Errorf("schema version %d; this Gnosis reads versions 1 to %d", env.V, Version)
	}
	if err == nil {
		s.revs[key] = env.Rev
		return true, nil
	}
	where, aside := s.SetAside(key, raw)
	ue := &UnreadableError{Key: key, AsideKey: where, Raw: raw, Err: err}
	if aside != nil {
		// Not set aside (storage full or blocked): the record stays where it is and nothing is
		// saved over it until the player has downloaded and discarded it (Discard).
		s.protected[key] = true
		ue.AsideKey, ue.Kept = "", true
	}
	s.revs[key] = 0
	return false, ue
}

// UnreadableError reports a record that could not be read and where it was set aside, with
// its raw text so that the player can download it (from memory: no storage is needed). Kept
// means it could not be set aside: it stays under Key, and nothing is saved over it until
// Discard.
type UnreadableError struct {
	Key, AsideKey, Raw string
	Err                error
	Kept               bool
}

func (e *UnreadableError) Error() string {
	if e.Kept {
		return fmt.Sprintf("%v (%s: %v); it could not be set aside, so it is kept as it is and nothing is saved over it", ErrUnreadable, e.Key, e.Err)
	}
	return fmt.Sprintf("%v (%s: %v); it was kept under %s", ErrUnreadable, e.Key, e.Err, e.AsideKey)
}

// Unwrap makes errors.Is(err, ErrUnreadable) true.
func (e *UnreadableError) Unwrap() error { return ErrUnreadable }

// AsidePrefix starts the keys of the records set aside.
const AsidePrefix = "gnosis.unreadable."

// SetAside copies a raw record to "gnosis.unreadable.<key>.<hash>", the hash of its content,
// and returns that key. The same content is set aside once: a record that stays unreadable
// across starts makes one copy, not one a start.
func (s *Store) SetAside(key, raw string) (string, error) {
	h := fnv.New64a()
	h.Write([]byte(raw))
	k := AsidePrefix + key + "." + strconv.FormatUint(h.Sum64(), 36)
	if old, taken, err := s.b.Get(k); err != nil {
		return "", err
	} else if taken && old == raw {
		return k, nil
	}
	return k, s.b.Set(k, raw)
}

// Discard forgets an unreadable record the player has downloaded: its set-aside copy, or,
// when it could not be set aside (Kept), the record itself, which can then be saved anew.
func (s *Store) Discard(e *UnreadableError) error {
	if e.Kept {
		if err := s.b.Delete(e.Key); err != nil {
			return err
		}
		delete(s.protected, e.Key)
		s.revs[e.Key] = 0
		return nil
	}
	return s.b.Delete(e.AsideKey)
}

// Aside lists the records set aside (their keys and texts), oldest problems included.
func (s *Store) Aside() ([][2]string, error) {
	keys, err := s.b.Keys(AsidePrefix)
	if err != nil {
		return nil, err
	}
	var out [][2]string
	for _, k := range keys {
		if v, ok, err := s.b.Get(k); err == nil && ok {
			out = append(out, [2]string{k, v})
		}
	}
	return out, nil
}

// DeleteAside deletes a record set aside (the player has downloaded it or does not want it).
func (s *Store) DeleteAside(key string) error {
	if !strings.HasPrefix(key, AsidePrefix) {
		return fmt.Errorf("%s is not a record set aside", key)
	}
	return s.b.Delete(key)
}

// storedRev reads only the revision of the record now stored under key (0 when none or
// unreadable). Records start with their envelope ({"v":…,"rev":…,…}), so it reads the first
// keys and leaves the rest unparsed; a record written otherwise is read whole.
func (s *Store) storedRev(key string) int {
	if h, ok := s.b.(Header); ok {
		head, ok, err := h.Head(key, 64)
		if err == nil && !ok {
			return 0
		}
		if rev, found := headRev(head); err == nil && found {
			return rev
		}
	}
	raw, ok, err := s.b.Get(key)
	if err != nil || !ok {
		return 0
	}
	if rev, ok := headRev(raw); ok {
		return rev
	}
	var env envelope
	if json.Unmarshal([]byte(raw), &env) != nil {
		return 0
	}
	return env.Rev
}

// headRev reads the revision at the start of a record as write writes it, {"v":N,"rev":M,…,
// and whether it found one.
func headRev(raw string) (int, bool) {
	rest, ok := strings.CutPrefix(raw, `{"v":`)
	if i := strings.IndexByte(rest, ','); ok && i >= 0 {
		rest, ok = strings.CutPrefix(rest[i:], `,"rev":`)
	} else {
		ok = false
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if !ok || n == 0 || n == len(rest) || (rest[n] != ',' && rest[n] != '}') {
		return 0, false
	}
	rev, err := strconv.Atoi(rest[:n])
	return rev, err == nil
}

// write stores v (a record embedding env) under key as the next revision, unless another
// tab wrote the key since this Store last read or wrote it (ErrConflict).
func (s *Store) write(key string, v any, env *envelope) error {
	if s.protected[key] {
		return fmt.Errorf("%w: %s", ErrProtected, key)
	}
	if now := s.storedRev(key); now != s.revs[key] {
		return fmt.Errorf("%w: %s is at revision %d, this tab read %d", ErrConflict, key, now, s.revs[key])
	}
	env.V, env.Rev = Version, s.revs[key]+1
	var b []byte
	var err error
	if r, ok := v.(interface{ marshal() ([]byte, error) }); ok {
		b, err = r.marshal()
	} else {
		b, err = json.Marshal(v)
	}
	if err != nil {
		return err
	}
	if err := s.b.Set(key, string(b)); err != nil {
		return fmt.Errorf("%w: %v", ErrNotSaved, err)
	}
	s.revs[key] = env.Rev
	return nil
}

// Parties returns the saved parties (none when nothing is saved). On ErrUnreadable the list
// is empty and the record has been set aside.
func (s *Store) Parties() ([]SavedParty, error) {
	var r partiesRecord
	if ok, err := s.read(PartiesKey, &r, &r.envelope); !ok {
		return nil, err
	}
	return r.Parties, nil
}

// SaveParties writes the whole list at once. On error the previous list stays stored.
func (s *Store) SaveParties(ps []SavedParty) error {
	r := partiesRecord{Parties: ps}
	return s.write(PartiesKey, &r, &r.envelope)
}

// Game returns the game in progress, if any.
func (s *Store) Game() (*engine.Game, bool, error) {
	var r gameRecord
	ok, err := s.read(GameKey, &r, &r.envelope)
	if !ok || r.Game == nil {
		return nil, false, err
	}
	return r.Game, true, nil
}

// SaveGame writes the game's whole log. On error the previous record stays stored.
func (s *Store) SaveGame(g *engine.Game) error {
	r := gameRecord{Game: g}
	return s.write(GameKey, &r, &r.envelope)
}

// DeleteGame forgets the game in progress (the player chose to end it).
func (s *Store) DeleteGame() error {
	r := gameRecord{}
	return s.write(GameKey, &r, &r.envelope)
}

// Cards returns the player's own cards (none when nothing is saved).
func (s *Store) Cards() (OwnCards, error) {
	var r cardsRecord
	if ok, err := s.read(CardsKey, &r, &r.envelope); !ok {
		return OwnCards{}, err
	}
	return r.OwnCards, nil
}

// SaveCards writes the player's own cards. On error the previous record stays stored.
func (s *Store) SaveCards(c OwnCards) error {
	r := cardsRecord{OwnCards: c}
	return s.write(CardsKey, &r, &r.envelope)
}

// Settings returns the saved settings (the zero Settings when none).
func (s *Store) Settings() (Settings, error) {
	var r settingsRecord
	if ok, err := s.read(SettingsKey, &r, &r.envelope); !ok {
		return Settings{}, err
	}
	return r.Settings, nil
}

// SaveSettings writes the settings.
func (s *Store) SaveSettings(v Settings) error {
	r := settingsRecord{Settings: v}
	return s.write(SettingsKey, &r, &r.envelope)
}

// TableKey keeps the sketch of the table: where each character stands and the terrain.
const TableKey = "gnosis.table"

// TableLayout is the table view's sketch: model positions by character ("side/index") in
// centimetres, and terrain pieces.
type TableLayout struct {
	Positions map[string][2]float64 `json:"positions"`
	Terrain   []TerrainPiece        `json:"terrain"`
}

// TerrainPiece is a terrain piece of the sketch.
type TerrainPiece struct {
	Kind    string       `json:"kind"`
	Polygon [][2]float64 `json:"polygon"`
	Level   int          `json:"level,omitempty"`
}

type tableRecord struct {
	envelope
	TableLayout
}

// Table returns the sketch of the table (empty when none).
func (s *Store) Table() (TableLayout, error) {
	var r tableRecord
	if ok, err := s.read(TableKey, &r, &r.envelope); !ok {
		return TableLayout{Positions: map[string][2]float64{}}, err
	}
	if r.Positions == nil {
		r.Positions = map[string][2]float64{}
	}
	return r.TableLayout, nil
}

// SaveTable writes the sketch of the table.
func (s *Store) SaveTable(t TableLayout) error {
	r := tableRecord{TableLayout: t}
	return s.write(TableKey, &r, &r.envelope)
}
