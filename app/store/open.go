package store

import (
	"fmt"
	"slices"
)

// Where a Backend keeps the records (Opened.Where).
const (
	InIndexedDB    = "IndexedDB"
	InLocalStorage = "localStorage"
	InMemory       = "memory"
)

// Opened says what Open found: where the records are kept, how many records of an earlier
// version it moved from localStorage, and why the browser's storage could not be used or the
// move not be made (nil when all is well). InMemory with an error means nothing is kept once
// the page is closed.
type Opened struct {
	Where    string
	Migrated int
	Err      error
}

// Migrate moves the records of earlier versions of Gnosis (keys "gnosis.…", the shelf's:
// ShelfPrefixes, and the past nights': NightPrefix) from one Backend
// into another, as one change, and then removes them from the first. A record the second
// already holds is not written over (it is the newer). It returns how many records it moved.
// On an error nothing is removed: the records stay where they were.
func Migrate(from, to Backend) (int, error) {
	kvs, err := from.Scan("gnosis.")
	for _, p := range append(slices.Clone(ShelfPrefixes), NightPrefix) {
		if err == nil {
			var more [][2]string
			more, err = from.Scan(p)
			kvs = append(kvs, more...)
		}
	}
	if err != nil || len(kvs) == 0 {
		return 0, err
	}
	var move Change
	var gone Change
	for _, kv := range kvs {
		if kv[0] == JournalKey {
			continue // Replay's
		}
		gone.Delete = append(gone.Delete, kv[0])
		_, held, err := to.Get(kv[0])
		if err != nil {
			return 0, err
		}
		if !held {
			move.Put = append(move.Put, kv)
		}
	}
	if len(move.Put) > 0 {
		if err := to.Commit(move); err != nil {
			return 0, fmt.Errorf("moving %d records from localStorage: %w", len(move.Put), err)
		}
	}
	// The copies are in the new storage: a failure here only leaves them to be skipped again.
	from.Commit(gone)
	return len(move.Put), nil
}
