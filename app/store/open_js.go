//go:build js && wasm

package store

import (
	"errors"
	"fmt"
)

// Open returns where the app keeps its records: IndexedDB, with the changes a closed page
// left in its journal committed (Replay) and the records that earlier versions kept in
// localStorage moved into it; localStorage where IndexedDB cannot be opened;
// memory where the browser keeps no site data (Opened.Err says why). It waits for the
// browser: call it from a goroutine, not a JavaScript callback.
func Open() (Backend, Opened) {
	db, err := IndexedDB()
	if err == nil {
		if _, jerr := Replay(LocalStorage(), db); jerr != nil {
			return LocalStorage(), Opened{Where: InLocalStorage, Err: jerr}
		}
		n, merr := Migrate(LocalStorage(), db)
		if merr != nil {
			// The old records stay in localStorage, and so does the app, this time.
			return LocalStorage(), Opened{Where: InLocalStorage, Err: merr}
		}
		return db, Opened{Where: InIndexedDB, Migrated: n}
	}
	ls := LocalStorage()
	if _, _, lerr := ls.Get(SettingsKey); lerr == nil && !errors.Is(err, errBlocked) {
		return ls, Opened{Where: InLocalStorage, Err: fmt.Errorf("IndexedDB: %w", err)}
	}
	return NewMemory(), Opened{Where: InMemory, Err: err}
}
