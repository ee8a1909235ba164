// Package store keeps the player's parties and the game in progress on the device.
//
//	b, opened := store.Open()                // IndexedDB in the browser (memory elsewhere)
//	s := store.New(b)
//	parties, err := s.Parties()             // an unreadable record is set aside, never dropped
//	err = s.SaveParties(parties)            // a full quota returns an error; the old record stays
//	g, ok, err := s.Game()
//
// Every record carries a schema version ("v"). A record that cannot be read is copied to
// a key of its own ("gnosis.unreadable.<key>") before the app goes on without it, and is
// never written over while it could not be set aside.
package store
