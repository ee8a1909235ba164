package session

import (
	"encoding/json"

	"gnosis/app/store"
	"gnosis/engine/diskwars"
	"gnosis/engine/party"
)

// PartyFile is a copy of the party's file, its own to change and send back (SaveParty); ok
// is false when no party has that ID.
func (s *Session) PartyFile(id string) (f party.PartyFile, ok bool) {
	sp := s.Party(id)
	if sp == nil {
		return f, false
	}
	return deepCopy(sp.Party), true
}

// ArmyCopy is a copy of the army, its own to change and send back (SaveArmy).
func (s *Session) ArmyCopy(id string) (a diskwars.Army, ok bool) {
	sa := s.Army(id)
	if sa == nil {
		return a, false
	}
	return deepCopy(sa.Army), true
}

// DWSetupCopy is a copy of the Diskwars game being set up, its own to change and send back
// (SaveDWSetup); its Places are a map to write to.
func (s *Session) DWSetupCopy() store.DWSetupDraft { return s.dw.setup.Clone() }

// deepCopy copies v through its JSON, as the device keeps it: nothing of the copy is shared.
func deepCopy[T any](v T) T {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // a value the Session itself saves
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}
