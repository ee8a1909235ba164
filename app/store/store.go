package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/event"
	"gnosis/engine/party"
	"gnosis/engine/season"
	"gnosis/engine/tabletop"
)

// Keys of the records.
const (
	PartiesKey  = "gnosis.parties"
	GameKey     = "gnosis.game"
	CardsKey    = "gnosis.cards"
	SettingsKey = "gnosis.settings"
)

// Version is the schema version written today for every record. Version 1 records (no
// "rev", parties without "updated") and version 2 records (a game's whole log in one record)
// are read and upgraded when next written.
const Version = 3

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
	ID      string          `json:"id"`
	Party   party.PartyFile `json:"party"`
	Updated int64           `json:"updated,omitempty"`
}

// OwnCards are the player's own cards: characters and summons, and advantage cards.
type OwnCards struct {
	Characters []anima.Card          `json:"characters"`
	Advantages []anima.AdvantageCard `json:"advantages"`
}

// Prefs are the player's choices kept on the device.
type Prefs struct {
	Language string `json:"language,omitempty"` // "", "en", "es" or "it"; "" follows the browser
	Vibrate  bool   `json:"vibrate,omitempty"`  // a short vibration on each change in a game
	// Seat: the phone lies between the two players, each side's half facing its player (the
	// far side turned half a turn) instead of one side at a time in tabs.
	Seat bool `json:"seat,omitempty"`
	// Opponent is a party from a shared link chosen as the next opponent, kept until a game
	// starts (nil: none chosen).
	Opponent *party.PartyFile `json:"opponent,omitempty"`
	// Event is the club night the player plays, from a round's link (nil: none).
	Event *Joined `json:"event,omitempty"`
	// Played are the rounds of club nights this phone joined before Event (each round's link
	// the player joined last, one a round), oldest first, at most MaxPlayed (played.go).
	Played []Joined `json:"played,omitempty"`
	// Card is this phone's player card (nil: none made): its name and the key the phone drew
	// once, which club nights keep and a season joins the player's nights by.
	Card *season.Card `json:"card,omitempty"`
}

// Joined is a club night a player plays: its name, its day ("2026-12-05") and the player's
// name; from the round's link the player joined last, the event's key, the round and table,
// the player's ID and their list's checksum ("" not known): where a game kept that day was
// played (event.At); and the opponent's name at that table ("" for a bye, or not known).
type Joined struct {
	Event  string `json:"event"`
	Date   string `json:"date"`
	Player string `json:"player"`
	Key    string `json:"key,omitempty"`
	Round  int    `json:"round,omitempty"`
	Table  int    `json:"table,omitempty"`
	ID     int    `json:"id,omitempty"`
	Sum    string `json:"sum,omitempty"`
	At     int64  `json:"at,omitempty"` // when the player joined (milliseconds since 1970)
	// Opponent is the name of the player across the table in the round's link; Bye: the
	// player had a bye.
	Opponent string `json:"opponent,omitempty"`
	Bye      bool   `json:"bye,omitempty"`
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

type cardsRecord struct {
	envelope
	OwnCards
}

type settingsRecord struct {
	envelope
	Prefs
}

// Store reads and writes Gnosis's records in a Backend. It is used by one goroutine at a time.
type Store struct {
	b          Backend
	protected  map[string]bool
	revs       map[string]int
	game       gameLog
	inflight   *inflight         // the change being committed, for Journal
	tag        string            // what the game's snapshots are stamped with (TagSnapshots)
	links      map[string][]byte // each game's link to another phone, by the game's key (SetLink)
	eventParts []string          // the club night's file's parts as kept (EventPartPrefix), for its next change
}

// inflight is a change being committed, and the game's stored log once it is.
type inflight struct {
	change Change
	game   gameLog
}

// New returns a Store over b.
func New(b Backend) *Store {
	return &Store{b: b, protected: map[string]bool{}, revs: map[string]int{}, links: map[string][]byte{}}
}

// Loaded says that the app has read the records it reads at start: a backend that read them
// ahead (IndexedDB, through web/store.js) lets them go, and reads anew from then on.
func (s *Store) Loaded() {
	if l, ok := s.b.(interface{ Loaded() }); ok {
		l.Loaded()
	}
}

// Revision is the revision of the record under key that this Store last read or wrote (0 for
// none).
func (s *Store) Revision(key string) int { return s.revs[key] }

// read loads key into v (a record embedding envelope). A value that cannot be decoded or has
// a version this code does not know is set aside and reported as ErrUnreadable.
func (s *Store) read(key string, v any, env *envelope) (bool, error) {
	raw, ok, err := s.b.Get(key)
	if err != nil || !ok {
		s.revs[key] = 0
		return false, err
	}
	err = json.Unmarshal([]byte(raw), v)
	if err == nil {
		err = checkVersion(env.V)
	}
	if err == nil {
		s.revs[key] = env.Rev
		return true, nil
	}
	return false, s.unreadable(key, raw, Revision(raw), err)
}

func checkVersion(v int) error {
	if v < 1 || v > Version {
		return fmt.Errorf("schema version %d; this Gnosis reads versions 1 to %d", v, Version)
	}
	return nil
}

// unreadable sets aside raw, the text of the record under key (at revision rev) that could
// not be read because of err, and returns the report. The next write replaces the record.
func (s *Store) unreadable(key, raw string, rev int, err error) error {
	where, aside := s.SetAside(key, raw)
	ue := &UnreadableError{Key: key, AsideKey: where, Raw: raw, Err: err}
	if aside != nil {
		// Not set aside (storage full or blocked): the record stays where it is and nothing is
		// saved over it until the player has downloaded and discarded it (Discard).
		s.protected[key] = true
		ue.AsideKey, ue.Kept = "", true
	}
	s.revs[key] = rev
	return ue
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
	return k, set(s.b, k, raw)
}

// Discard forgets an unreadable record the player has downloaded: its set-aside copy, or,
// when it could not be set aside (Kept), the record itself, which can then be saved anew.
func (s *Store) Discard(e *UnreadableError) error {
	if !e.Kept {
		return s.b.Commit(Change{Delete: []string{e.AsideKey}})
	}
	del := []string{e.Key}
	if e.Key == GameKey {
		del = append(del, append(s.game.keys(), SnapshotKey, PackedKey)...)
	}
	if err := s.b.Commit(Change{Delete: del}); err != nil {
		return err
	}
	delete(s.protected, e.Key)
	s.revs[e.Key] = 0
	if e.Key == GameKey {
		s.game = gameLog{}
	}
	return nil
}

// Aside lists the records set aside (their keys and texts), oldest problems included.
func (s *Store) Aside() ([][2]string, error) { return s.b.Scan(AsidePrefix) }

// DeleteAside deletes a record set aside (the player has downloaded it or does not want it).
func (s *Store) DeleteAside(key string) error {
	if !strings.HasPrefix(key, AsidePrefix) {
		return fmt.Errorf("%s is not a record set aside", key)
	}
	return s.b.Commit(Change{Delete: []string{key}})
}

// write stores v (a record embedding env) under key as the next revision, unless another
// tab wrote the key since this Store last read or wrote it (ErrConflict).
func (s *Store) write(key string, v any, env *envelope) error {
	c, err := s.recordChange(key, v, env)
	if err != nil {
		return err
	}
	return s.commit(c)
}

// recordChange is the change that writes v (a record embedding env) under key at its next
// revision, guarded by the record's revision as last read or written.
func (s *Store) recordChange(key string, v any, env *envelope) (Change, error) {
	if s.protected[key] {
		return Change{}, fmt.Errorf("%w: %s", ErrProtected, key)
	}
	env.V, env.Rev = Version, s.revs[key]+1
	b, err := json.Marshal(v)
	if err != nil {
		return Change{}, err
	}
	return Change{Guard: key, Rev: s.revs[key], Put: [][2]string{{key, string(b)}}}, nil
}

// commit writes c, a change of the record c.Guard to its next revision, and counts the
// revision up; a full or blocked storage is ErrNotSaved.
func (s *Store) commit(c Change) error { return s.commitWith(c, s.game) }

// commitWith is commit, with game the stored log of the game once c is committed (Journal
// reads it while the Backend waits).
func (s *Store) commitWith(c Change, game gameLog) error {
	s.inflight = &inflight{change: c, game: game}
	defer func() { s.inflight = nil }()
	if err := s.b.Commit(c); err != nil {
		if errors.Is(err, ErrConflict) {
			return err
		}
		return fmt.Errorf("%w: %v", ErrNotSaved, err)
	}
	s.revs[c.Guard] = c.Rev + 1
	for _, m := range c.More {
		s.revs[m.Key] = m.Rev + 1
	}
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

// SavePartiesJSON writes the list of parties as SaveParties does, given as its JSON (a list of
// SavedParty, as a Restore writes it step by step): nothing of the list is encoded again. On
// error the previous list stays stored.
func (s *Store) SavePartiesJSON(list []byte) error {
	if s.protected[PartiesKey] {
		return fmt.Errorf("%w: %s", ErrProtected, PartiesKey)
	}
	rec := fmt.Sprintf(`{"v":%d,"rev":%d,"parties":%s}`, Version, s.revs[PartiesKey]+1, list)
	return s.commit(Change{Guard: PartiesKey, Rev: s.revs[PartiesKey], Put: [][2]string{{PartiesKey, rec}}})
}

// SaveRestored writes what a restore made as one change, all or nothing: the list of parties
// (its JSON, as SavePartiesJSON), the own cards, the Diskwars armies and, when game is not nil
// (the backup's game, no game being in progress), the game. It is refused whole (ErrConflict)
// when another tab wrote any of them since this Store read them: read them again and merge.
func (s *Store) SaveRestored(list []byte, cards OwnCards, armies []SavedArmy, game *anima.Game, ev *event.Event) error {
	for _, k := range []string{PartiesKey, CardsKey, ArmiesKey, GameKey, EventKey} {
		if s.protected[k] && (k != GameKey || game != nil) && (k != EventKey || ev != nil) {
			return fmt.Errorf("%w: %s", ErrProtected, k)
		}
	}
	cr := cardsRecord{OwnCards: cards}
	cr.V, cr.Rev = Version, s.revs[CardsKey]+1
	ar := armiesRecord{Armies: armies}
	ar.V, ar.Rev = Version, s.revs[ArmiesKey]+1
	cb, err := json.Marshal(cr)
	if err != nil {
		return err
	}
	ab, err := json.Marshal(ar)
	if err != nil {
		return err
	}
	puts := [][2]string{{PartiesKey, fmt.Sprintf(`{"v":%d,"rev":%d,"parties":%s}`, Version, s.revs[PartiesKey]+1, list)},
		{CardsKey, string(cb)}, {ArmiesKey, string(ab)}}
	more := []KeyRev{{PartiesKey, s.revs[PartiesKey]}, {CardsKey, s.revs[CardsKey]}, {ArmiesKey, s.revs[ArmiesKey]}}
	var dels, parts []string
	if ev != nil {
		ec, p := s.eventChange(ev.File())
		puts, dels, parts = append(puts, ec.Put...), ec.Delete, p
		more = append(more, KeyRev{EventKey, s.revs[EventKey]})
	}
	if game == nil {
		if err := s.commit(Change{Guard: more[0].Key, Rev: more[0].Rev, More: more[1:], Delete: dels, Put: puts}); err != nil {
			return err
		}
	} else {
		c, next, err := s.gameSave(game)
		if err != nil {
			return err
		}
		c.Put, c.More, c.Delete = append(c.Put, puts...), more, append(c.Delete, dels...)
		if err := s.commitWith(c, next); err != nil {
			return err
		}
		s.game = next
	}
	if ev != nil {
		s.eventParts = parts
	}
	return nil
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
func (s *Store) Settings() (Prefs, error) {
	var r settingsRecord
	if ok, err := s.read(SettingsKey, &r, &r.envelope); !ok {
		return Prefs{}, err
	}
	r.Played = boundPlayed(r.Played)
	return r.Prefs, nil
}

// SaveSettings writes the settings.
func (s *Store) SaveSettings(v Prefs) error {
	r := settingsRecord{Prefs: v}
	return s.write(SettingsKey, &r, &r.envelope)
}

// TableKey keeps the sketch of the table: where each character stands and the terrain.
const TableKey = "gnosis.table"

type tableRecord struct {
	envelope
	tabletop.Layout
}

// Table returns the sketch of the table (empty when none).
func (s *Store) Table() (tabletop.Layout, error) {
	var r tableRecord
	if ok, err := s.read(TableKey, &r, &r.envelope); !ok {
		return tabletop.Layout{Positions: map[string][2]float64{}}, err
	}
	if r.Positions == nil {
		r.Positions = map[string][2]float64{}
	}
	return r.Layout, nil
}

// SaveTable writes the sketch of the table.
func (s *Store) SaveTable(t tabletop.Layout) error {
	r := tableRecord{Layout: t}
	return s.write(TableKey, &r, &r.envelope)
}

// ScreenRecords are the records a screen is drawn from: a copy of the screen kept for the next
// start (app/ui's glance) is shown only while each of them is as it was when the copy was
// taken. The game's entries, its packed start and its snapshot are left out (its head, in
// GameKey, changes with each of them), and so is the journal (in localStorage: no copy shows
// while one waits). TestScreenRecordsNameEveryRecord fails on a record key left out.
var ScreenRecords = []string{PartiesKey, GameKey, CardsKey, SettingsKey, TableKey, ParkedKey, ArmiesKey, DWGameKey, DWSetupKey, ShelfKey, EventKey, NightsKey, SeasonKey}
