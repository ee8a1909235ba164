package session

import (
	"encoding/json"
	"slices"

	"gnosis/engine/diskwars"
	"gnosis/engine/party"
)

// copyCache is a deep copy of what a part owns, for its view's getters, made again only after
// the part changed (its count of changes): a screen that reads a list many times in a drawing
// copies it once, and what a screen does with the copy changes nothing the part owns.
type copyCache[T any] struct {
	at   int
	v    T
	made bool
}

// of is the copy of v, which the part has changed changes times.
func (c *copyCache[T]) of(v T, changes int) T { return c.ofBy(v, changes, deepCopy[T]) }

// ofBy is of, copied by clone (a type's own deep copy, where a copy through JSON is too slow:
// a thousand kept games' cards).
func (c *copyCache[T]) ofBy(v T, changes int, clone func(T) T) T {
	if !c.made || c.at != changes {
		c.v, c.at, c.made = clone(v), changes, true
	}
	return c.v
}

// File is a copy of the party's file, its own to change and send back (SaveParty); ok
// is false when no party has that ID.
func (v Parties) File(id string) (f party.PartyFile, ok bool) {
	sp := v.p.find(id)
	if sp == nil {
		return f, false
	}
	return deepCopy(sp.Party), true
}

// ArmyCopy is a copy of the army, its own to change and send back (SaveArmy).
func (v Diskwars) ArmyCopy(id string) (a diskwars.Army, ok bool) {
	sa := v.dw.find(id)
	if sa == nil {
		return a, false
	}
	return deepCopy(sa.Army), true
}

// byID is the element of list whose ID (idOf) is id, in list's own storage, or nil: a saved
// party or army, the part's own (find) or in its view's copy (Get, Army).
func byID[T any](list []T, idOf func(T) string, id string) *T {
	if i := slices.IndexFunc(list, func(x T) bool { return idOf(x) == id }); i >= 0 {
		return &list[i]
	}
	return nil
}

// without is a new list of list's elements whose ID (idOf) is not id, in their order (nil for
// none): a saved party or army forgotten.
func without[T any](list []T, idOf func(T) string, id string) []T {
	var kept []T
	for _, x := range list {
		if idOf(x) != id {
			kept = append(kept, x)
		}
	}
	return kept
}

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
