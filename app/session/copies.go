package session

import (
	"encoding/json"

	"gnosis/app/store"
	"gnosis/engine/diskwars"
	"gnosis/engine/party"
)

// File is a copy of the party's file, its own to change and send back (SaveParty); ok
// is false when no party has that ID.
func (v Parties) File(id string) (f party.PartyFile, ok bool) {
	sp := v.s.Parties().Get(id)
	if sp == nil {
		return f, false
	}
	return deepCopy(sp.Party), true
}

// ArmyCopy is a copy of the army, its own to change and send back (SaveArmy).
func (v Diskwars) ArmyCopy(id string) (a diskwars.Army, ok bool) {
	sa := v.s.Diskwars().Army(id)
	if sa == nil {
		return a, false
	}
	return deepCopy(sa.Army), true
}

// SetupCopy is a copy of the Diskwars game being set up, its own to change and send back
// (SaveDWSetup); its Places are a map to write to.
func (v Diskwars) SetupCopy() store.DWSetupDraft { return v.s.dw.setup.Clone() }

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
