package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine"
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
const entryPrefix = GameKey + "/"

// entryKey is the key of the entry at index i of the log.
func entryKey(i int) string { return fmt.Sprintf("%s%08d", entryPrefix, i) }

// gameHead is the record "gnosis.game".
type gameHead struct {
	envelope
	Entries *int            `json:"entries,omitempty"` // version 3: the number of entries
	Redo    json.RawMessage `json:"redo,omitempty"`    // version 3: the gestures to redo
	Game    json.RawMessage `json:"game,omitempty"`    // versions 1 and 2: the whole game; null: none
}

// gameLog is what the store knows is stored of the game: each entry's JSON, in order, and
// keys of entries that do not belong to it (left by a damaged record), removed by the next save.
type gameLog struct {
	entries [][]byte
	strays  []string
}

// keys lists the entry records the store knows of.
func (l gameLog) keys() []string {
	out := append([]string(nil), l.strays...)
	for i := range l.entries {
		out = append(out, entryKey(i))
	}
	return out
}

// Game returns the game in progress, if any. A game that cannot be read is set aside as one
// record in the version 2 form (its head's revision, the entries as stored) and reported as
// ErrUnreadable.
func (s *Store) Game() (*engine.Game, bool, error) {
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
		if len(h.Game) == 0 || string(h.Game) == "null" {
			s.revs[GameKey] = h.Rev
			return nil, false, nil
		}
		g := new(engine.Game)
		if err := json.Unmarshal(h.Game, g); err != nil {
			return nil, false, s.unreadable(GameKey, raw, h.Rev, err)
		}
		s.revs[GameKey] = h.Rev
		return g, true, nil
	}
	kvs, err := s.b.Scan(entryPrefix)
	if err != nil {
		return nil, false, err
	}
	n := *h.Entries
	log := make([][]byte, 0, max(0, min(n, len(kvs))))
	var strays []string
	for _, kv := range kvs {
		i, err := strconv.Atoi(strings.TrimPrefix(kv[0], entryPrefix))
		if err != nil || i != len(log) || i >= n {
			strays = append(strays, kv[0])
			continue
		}
		log = append(log, []byte(kv[1]))
	}
	whole := wholeGame(h, log)
	g := new(engine.Game)
	if len(log) != n {
		err = fmt.Errorf("the game's log has %d entries of %d", len(log), n)
	} else {
		err = json.Unmarshal([]byte(whole), &struct {
			Game *engine.Game `json:"game"`
		}{g})
	}
	if err != nil { // every entry record goes at the next save
		s.game.strays = append(strays, gameLog{entries: log}.keys()...)
		return nil, false, s.unreadable(GameKey, whole, h.Rev, err)
	}
	s.revs[GameKey] = h.Rev
	s.game = gameLog{entries: log, strays: strays}
	return g, true, nil
}

// wholeGame writes a game kept as entries as one record of version 2: what a player downloads
// of a game that cannot be read, and what engine.Game reads.
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
func (s *Store) SaveGame(g *engine.Game) error {
	if g == nil {
		return s.DeleteGame()
	}
	if s.protected[GameKey] {
		return fmt.Errorf("%w: %s", ErrProtected, GameKey)
	}
	entries, redo, err := g.LogJSON()
	if err != nil {
		return err
	}
	c, same := gameChange(s.game, s.revs[GameKey], entries, redo)
	next := gameLog{entries: append(s.game.entries[:same:same], entries[same:]...)}
	if err := s.commitWith(c, next); err != nil {
		return err
	}
	s.game = next
	return nil
}

// gameChange is the change from the stored log (at revision rev) to entries and redo, and how
// many of the stored entries it keeps.
func gameChange(stored gameLog, rev int, entries [][]byte, redo []byte) (Change, int) {
	same := 0
	for same < len(entries) && same < len(stored.entries) && bytes.Equal(entries[same], stored.entries[same]) {
		same++
	}
	c := Change{Guard: GameKey, Rev: rev, Delete: stored.strays}
	for i := len(entries); i < len(stored.entries); i++ {
		c.Delete = append(c.Delete, entryKey(i))
	}
	for i := same; i < len(entries); i++ {
		c.Put = append(c.Put, [2]string{entryKey(i), string(entries[i])})
	}
	head := []byte(`{"v":` + strconv.Itoa(Version) + `,"rev":` + strconv.Itoa(rev+1) + `,"entries":` + strconv.Itoa(len(entries)))
	if redo != nil {
		head = append(append(head, `,"redo":`...), redo...)
	}
	c.Put = append(c.Put, [2]string{GameKey, string(append(head, '}'))})
	return c, same
}

// DeleteGame forgets the game in progress (the player chose to end it), its entries with it.
func (s *Store) DeleteGame() error {
	if s.protected[GameKey] {
		return fmt.Errorf("%w: %s", ErrProtected, GameKey)
	}
	rev := s.revs[GameKey]
	head := `{"v":` + strconv.Itoa(Version) + `,"rev":` + strconv.Itoa(rev+1) + `,"game":null}`
	if err := s.commitWith(Change{Guard: GameKey, Rev: rev, Delete: s.game.keys(), Put: [][2]string{{GameKey, head}}}, gameLog{}); err != nil {
		return err
	}
	s.game = gameLog{}
	return nil
}
