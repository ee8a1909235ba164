package store

import (
	"encoding/json"
	"errors"

	"gnosis/engine"
)

// JournalKey keeps, in localStorage, the changes a page had not finished writing when it was
// closed: IndexedDB writes complete after the page's last event, so a tap made just before the
// page goes (a reload, a closed tab) would be lost. localStorage writes at once; the next start
// commits the journal's changes in order, each only if its guard still holds (Replay).
const JournalKey = "gnosis.journal"

// Journal writes to j, synchronously, what the Store has not yet committed: the change being
// written now, if any, then the game's changes since (g; nil for none). It is for the page's
// last event (pagehide), where nothing can be waited for; it changes nothing in the Store.
func (s *Store) Journal(j Backend, g *engine.Game) error {
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
	return set(j, JournalKey, string(b))
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
