package store

import (
	"encoding/json"
	"errors"
	"strings"

	"gnosis/engine/anima"
)

// JournalKey keeps, in localStorage, the changes a page had not finished writing when it was
// closed: IndexedDB writes complete after the page's last event, so a tap made just before the
// page goes (a reload, a closed tab) would be lost. localStorage writes at once; the next start
// commits the journal's changes in order, each only if its guard still holds (Replay).
const JournalKey = "gnosis.journal"

// The journal's room in localStorage, which it shares with the copy of the last screen and
// with anything else of the same origin (another app on one host): JournalRoomKey holds
// JournalRoom characters from the start (ReserveJournal), given back just before the journal is
// written; JournalLostKey says that a journal could not be written even so, for the next start
// to tell the player. Neither starts with "gnosis.": no tab reloads its records for them.
const (
	JournalRoomKey = "gnosis-journal-room"
	JournalLostKey = "gnosis-journal-lost"
	JournalRoom    = 64 << 10
)

// ReserveJournal keeps the journal's room in j (JournalRoomKey); a full storage is ErrQuota:
// a change made just before the page goes may then be lost, which the player is to be told.
func ReserveJournal(j Backend) error {
	if v, ok, err := j.Get(JournalRoomKey); err != nil || (ok && len(v) == JournalRoom) {
		return err
	}
	return set(j, JournalRoomKey, strings.Repeat("-", JournalRoom))
}

// JournalLost reports, once, that the last page's journal could not be written (JournalLostKey),
// and forgets it.
func JournalLost(j Backend) bool {
	_, ok, err := j.Get(JournalLostKey)
	if err != nil || !ok {
		return false
	}
	j.Commit(Change{Delete: []string{JournalLostKey}})
	return true
}

// Journal writes to j, synchronously, what the Store has not yet committed: the change being
// written now, if any, then the game's changes since (g; nil for none). It is for the page's
// last event (pagehide), where nothing can be waited for; it changes nothing in the Store.
// The journal comes before anything else kept in j: it is written in the room ReserveJournal
// kept, and where that is not enough giveRoom is called (the copy of the last screen gives
// its room) and the journal written again. A journal that still cannot be written is ErrQuota,
// and JournalLostKey is set for the next start to say so.
func (s *Store) Journal(j Backend, g *anima.Game, giveRoom func()) error {
	var changes []Change
	base, rev, expect := s.game, s.revs[GameKey], [][2]string(nil)
	if s.inflight != nil {
		changes = append(changes, s.inflight.change)
		if c := s.inflight.change; c.Guard == GameKey {
			base, rev, expect = s.inflight.game, c.Rev+1, c.Put
		}
	}
	if g != nil && !s.protected[GameKey] {
		entries, redo, err := g.LogJSON()
		if err != nil {
			return err
		}
		// Every change of a game adds or takes back entries: one with neither is saved.
		same := common(base.entries, entries)
		if c := gameChange(base, rev, entries, redo, same, min(base.packed, same), s.links[GameKey]); len(c.Put) > 1 || len(c.Delete) > 0 {
			c.Expect = expect // after the change in flight, not after another tab's revision
			changes = append(changes, c)
		}
	}
	if len(changes) == 0 {
		return nil
	}
	b, err := json.Marshal(changes)
	if err != nil {
		return err
	}
	write := Change{Delete: []string{JournalRoomKey}, Put: [][2]string{{JournalKey, string(b)}}}
	if err = j.Commit(write); errors.Is(err, ErrQuota) {
		j.Commit(Change{Delete: []string{JournalRoomKey}})
		giveRoom()
		err = j.Commit(write)
	}
	if err != nil {
		set(j, JournalLostKey, "1")
	}
	return err
}

// Replay commits the changes a closed page left in j's journal (Journal) to b, in order, each
// only if its guard still holds (a change that was committed after all, or that another tab
// overtook, is left out), then empties the journal. It returns how many changes it committed.
func Replay(j, b Backend) (int, error) {
	raw, ok, err := j.Get(JournalKey)
	if err != nil || !ok {
		return 0, err
	}
	var changes []Change
	n := 0
	if json.Unmarshal([]byte(raw), &changes) == nil {
		for _, c := range changes {
			err := b.Commit(c)
			if errors.Is(err, ErrConflict) {
				continue
			}
			if err != nil {
				return n, err // the journal stays for the next start
			}
			n++
		}
	}
	return n, j.Commit(Change{Delete: []string{JournalKey}})
}
