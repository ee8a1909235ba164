package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine/anima"
)

// The game in progress is kept as a log, one record an entry: "gnosis.game/00000000",
// "gnosis.game/00000001", … hold the entries' JSON, and the record "gnosis.game" says how many
// belong to the game and holds the gestures to redo:
//
//	{"v":3,"rev":12,"entries":57,"redo":[[…]]}   a game of 57 entries
//	{"v":3,"rev":13,"game":null}                  no game
//
// A tap adds an entry: its save writes that entry and the head record, in one change, so a
// long game costs no more to save than a short one. Versions 1 and 2 kept the whole log in
// "gnosis.game" ({"v":2,"rev":4,"game":{"log":[…],"redo":[…]}}); they are read, and the next
// save writes the entries.
//
// A long game keeps the start of its log packed in one record of plain text, "gnosis.game.packed"
// (the entries' JSON, one a line), and a snapshot of its state (anima.Snapshot) in
// "gnosis.game.snapshot", both rewritten every SnapshotEvery entries: the head's "packed" says
// how many of the first entries are read from there (their own records are gone), so that a
// long game opens with a few thousand records read, not one per gesture, and without decoding
// and replaying its whole log:
//
//	{"v":3,"rev":90,"entries":57013,"packed":57000}
//	{"v":3,"tag":"<the app's version>","snapshot":{"at":57000,"sum":"…","state":{…}}}
//
// The snapshot's state is used only by the build that wrote it (its tag, TagSnapshots) and for
// the log it was taken of (its sum); any other is passed over, the log replayed, and a new one
// written. (A Gnosis older than the packed record reads such a game as unreadable, and sets it
// aside whole.)
const entryPrefix = GameKey + "/"

// SnapshotKey is the record of the snapshot of the game's state; PackedKey that of the packed
// start of its log.
const (
	SnapshotKey = GameKey + ".snapshot"
	PackedKey   = GameKey + ".packed"
)

// SnapshotEvery is how many entries a game's log grows by between two snapshots: a start
// decodes and replays at most that many (and at most that many more after an undo past one).
const SnapshotEvery = 1000

// snapshotRecord is the record SnapshotKey.
type snapshotRecord struct {
	V        int            `json:"v"`
	Tag      string         `json:"tag"`
	Snapshot anima.Snapshot `json:"snapshot"`
}

// TagSnapshots sets what the game's snapshots are stamped with and must be stamped with to be
// used: the app's version, since another build may fold a log otherwise.
func (s *Store) TagSnapshots(tag string) { s.tag = tag }

// entryKey is the key of the entry at index i of the log.
func entryKey(i int) string { return fmt.Sprintf("%s%08d", entryPrefix, i) }

// gameHead is the record "gnosis.game".
type gameHead struct {
	envelope
	Entries *int            `json:"entries,omitempty"` // version 3: the number of entries
	Packed  int             `json:"packed,omitempty"`  // version 3: how many of them PackedKey holds
	Redo    json.RawMessage `json:"redo,omitempty"`    // version 3: the gestures to redo
	Link    json.RawMessage `json:"link,omitempty"`    // the game's link to another phone (SetLink)
	Game    json.RawMessage `json:"game,omitempty"`    // versions 1 and 2: the whole game; null: none
}

// gameLog is what the store knows is stored of the game: each entry's JSON, in order, and
// keys of entries that do not belong to it (left by a damaged record), removed by the next save.
type gameLog struct {
	entries [][]byte
	strays  []string
	snapAt  int // the entries the stored snapshot covers, if it is of this log and build; else 0
	packed  int // the first entries, kept in PackedKey rather than a record each
}

// keys lists the entry records the store knows of.
func (l gameLog) keys() []string {
	out := append([]string(nil), l.strays...)
	for i := l.packed; i < len(l.entries); i++ {
		out = append(out, entryKey(i))
	}
	return out
}

// Game returns the game in progress, if any. A game that cannot be read is set aside as one
// record in the version 2 form (its head's revision, the entries as stored) and reported as
// ErrUnreadable.
func (s *Store) Game() (*anima.Game, bool, error) {
	s.game = gameLog{}
	raw, ok, err := s.b.Get(GameKey)
	if err != nil || !ok {
		s.revs[GameKey] = 0
		return nil, false, err
	}
	var h gameHead
	if err := json.Unmarshal([]byte(raw), &h); err != nil {
		return nil, false, s.unreadable(GameKey, raw, Revision(raw), err)
	}
	if err := checkVersion(h.V); err != nil {
		return nil, false, s.unreadable(GameKey, raw, h.Rev, err)
	}
	if h.Entries == nil { // versions 1 and 2, or no game
		return s.legacyGame(h, raw)
	}
	log, strays, err := s.readLog(h, raw)
	if err != nil {
		return nil, false, err
	}
	var g *anima.Game
	if n := *h.Entries; len(log) != n {
		err = fmt.Errorf("the game's log has %d entries of %d", len(log), n)
	} else {
		g, err = anima.ResumeGame(log, h.Redo, s.snapshot())
	}
	if err != nil { // every entry record goes at the next save
		s.game.strays = append(strays, gameLog{entries: log, packed: h.Packed}.keys()...)
		return nil, false, s.unreadable(GameKey, wholeGame(h, log), h.Rev, err)
	}
	s.revs[GameKey] = h.Rev
	s.game = gameLog{entries: log, strays: strays, packed: h.Packed}
	s.links[GameKey] = h.Link
	s.game.snapAt = g.SnapshotUsed()
	if s.game.snapAt == 0 && len(log) >= SnapshotEvery {
		// Replayed whole (a new build, a lost snapshot): the next start need not be. A
		// snapshot that cannot be written costs only time.
		if put, err := s.snapshotPut(g); err == nil && s.b.Commit(Change{Put: [][2]string{put}}) == nil {
			s.game.snapAt = len(log)
		}
	}
	return g, true, nil
}

// legacyGame reads a game of versions 1 and 2, its whole log in its head record (none: no game).
func (s *Store) legacyGame(h gameHead, raw string) (*anima.Game, bool, error) {
	if len(h.Game) == 0 || string(h.Game) == "null" {
		s.revs[GameKey] = h.Rev
		return nil, false, nil
	}
	g := new(anima.Game)
	if err := json.Unmarshal(h.Game, g); err != nil {
		return nil, false, s.unreadable(GameKey, raw, h.Rev, err)
	}
	s.revs[GameKey] = h.Rev
	return g, true, nil
}

// readLog reads a version 3 game's log: the packed entries, then one record per entry in
// order; records past the head's count, or out of order, are strays to delete.
func (s *Store) readLog(h gameHead, raw string) (log [][]byte, strays []string, err error) {
	if h.Packed > 0 {
		text, ok, err := s.b.Get(PackedKey)
		if err != nil {
			return nil, nil, err
		}
		if log = bytes.Split([]byte(text), []byte{'\n'}); !ok || len(log) < h.Packed {
			err := fmt.Errorf("%s holds %d entries, not %d", PackedKey, len(log), h.Packed)
			return nil, nil, s.unreadable(GameKey, raw, h.Rev, err)
		}
		log = log[:h.Packed:h.Packed]
	}
	kvs, err := s.b.Scan(entryPrefix)
	if err != nil {
		return nil, nil, err
	}
	for _, kv := range kvs {
		i, err := strconv.Atoi(strings.TrimPrefix(kv[0], entryPrefix))
		if err != nil || i != len(log) || i >= *h.Entries {
			strays = append(strays, kv[0])
			continue
		}
		log = append(log, []byte(kv[1]))
	}
	return log, strays, nil
}

// snapshotPut is the record SnapshotKey: a snapshot of g's whole log, stamped with this build's
// tag.
func (s *Store) snapshotPut(g *anima.Game) ([2]string, error) {
	snap, err := g.Snapshot()
	if err != nil {
		return [2]string{}, err
	}
	b, err := json.Marshal(snapshotRecord{V: Version, Tag: s.tag, Snapshot: snap})
	return [2]string{SnapshotKey, string(b)}, err
}

// snapshot is the stored snapshot of the game when this build wrote it, else nil.
func (s *Store) snapshot() *anima.Snapshot {
	raw, ok, err := s.b.Get(SnapshotKey)
	if err != nil || !ok {
		return nil
	}
	var r snapshotRecord
	if json.Unmarshal([]byte(raw), &r) != nil || r.V != Version || r.Tag != s.tag {
		return nil
	}
	return &r.Snapshot
}

// wholeGame writes a game kept as entries as one record of version 2: what a player downloads
// of a game that cannot be read, and what anima.Game reads.
func wholeGame(h gameHead, log [][]byte) string {
	b := []byte(`{"v":2,"rev":` + strconv.Itoa(h.Rev) + `,"game":{"log":[`)
	b = append(b, bytes.Join(log, []byte(","))...)
	b = append(b, ']')
	if len(h.Redo) > 0 {
		b = append(append(b, `,"redo":`...), h.Redo...)
	}
	return string(append(b, "}}"...))
}

// SaveGame writes what changed in the game's log since the last read or save: the new
// entries, the removal of entries taken back, and the head record, as one change (nil: no game,
// as DeleteGame). On error the previous record stays stored.
func (s *Store) SaveGame(g *anima.Game) error {
	if g == nil {
		return s.DeleteGame()
	}
	if s.protected[GameKey] {
		return fmt.Errorf("%w: %s", ErrProtected, GameKey)
	}
	c, next, err := s.gameSave(g)
	if err != nil {
		return err
	}
	if err := s.commitWith(c, next); err != nil {
		return err
	}
	s.game = next
	return nil
}

// gameSave is the change that writes g over the stored game, and the stored log once it is
// written.
func (s *Store) gameSave(g *anima.Game) (Change, gameLog, error) {
	entries, redo, err := g.LogJSON()
	if err != nil {
		return Change{}, gameLog{}, err
	}
	n, same := len(entries), common(s.game.entries, entries)
	next := gameLog{entries: append(s.game.entries[:same:same], entries[same:]...), snapAt: s.game.snapAt, packed: min(s.game.packed, same)}
	var put [][2]string
	if n >= SnapshotEvery && (n >= next.snapAt+SnapshotEvery || n < next.snapAt) {
		rec, err := s.snapshotPut(g)
		if err != nil {
			return Change{}, gameLog{}, err
		}
		put = append(put, rec, [2]string{PackedKey, string(bytes.Join(entries, []byte{'\n'}))})
		next.snapAt, next.packed = n, n
	} else if n < next.snapAt { // an undo past the snapshot, in a game too short for another
		next.snapAt = 0
	}
	c := gameChange(s.game, s.revs[GameKey], entries, redo, same, next.packed, s.links[GameKey])
	if next.packed == 0 && (s.game.packed > 0 || s.game.snapAt > 0) {
		c.Delete = append(c.Delete, SnapshotKey, PackedKey)
	}
	c.Put = append(c.Put, put...)
	return c, next, nil
}

// common is how many entries two logs begin with alike.
func common(a, b [][]byte) int {
	same := 0
	for same < len(a) && same < len(b) && bytes.Equal(a[same], b[same]) {
		same++
	}
	return same
}

// gameChange is the change from the stored log (at revision rev) to entries and redo, the two
// alike in their first same entries, with the first packed entries kept in PackedKey (which
// the caller writes when it packs more of them than stored), and the game's link (nil: none).
func gameChange(stored gameLog, rev int, entries [][]byte, redo []byte, same, packed int, link []byte) Change {
	c := Change{Guard: GameKey, Rev: rev, Delete: stored.strays}
	for i := stored.packed; i < len(stored.entries); i++ { // taken back, or packed now
		if i >= len(entries) || i < packed {
			c.Delete = append(c.Delete, entryKey(i))
		}
	}
	for i := max(same, packed); i < len(entries); i++ {
		c.Put = append(c.Put, [2]string{entryKey(i), string(entries[i])})
	}
	head := []byte(`{"v":` + strconv.Itoa(Version) + `,"rev":` + strconv.Itoa(rev+1) + `,"entries":` + strconv.Itoa(len(entries)))
	if packed > 0 {
		head = append(head, `,"packed":`+strconv.Itoa(packed)...)
	}
	if redo != nil {
		head = append(append(head, `,"redo":`...), redo...)
	}
	if link != nil {
		head = append(append(head, `,"link":`...), link...)
	}
	c.Put = append(c.Put, [2]string{GameKey, string(append(head, '}'))})
	return c
}

// SetLink sets what the game of key (GameKey, DWGameKey) keeps of its link to another phone
// (link.Saved as JSON; nil: none), written with the game by its next save, in the same
// change: the game and what the other phone was told of it are never saved apart. Link is
// what was read with the game, or set since.
func (s *Store) SetLink(key string, link []byte) { s.links[key] = link }

// Link is what the game of key keeps of its link to another phone (nil: none).
func (s *Store) Link(key string) []byte { return s.links[key] }

// DeleteGame forgets the game in progress (the player chose to end it), its entries with it.
func (s *Store) DeleteGame() error {
	if s.protected[GameKey] {
		return fmt.Errorf("%w: %s", ErrProtected, GameKey)
	}
	rev := s.revs[GameKey]
	head := `{"v":` + strconv.Itoa(Version) + `,"rev":` + strconv.Itoa(rev+1) + `,"game":null}`
	if err := s.commitWith(Change{Guard: GameKey, Rev: rev, Delete: append(s.game.keys(), SnapshotKey, PackedKey), Put: [][2]string{{GameKey, head}}}, gameLog{}); err != nil {
		return err
	}
	s.links[GameKey] = nil
	s.game = gameLog{}
	return nil
}
