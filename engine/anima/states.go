package anima

import (
	"encoding/json"
	"fmt"
	"strings"
)

// StateKind is a state a character can be in, shown by counters on its card (R-STATE-1).
type StateKind int

// The states. R-STATE-2 to R-STATE-9.
const (
	Haste StateKind = iota
	Slow
	Shield
	Protection
	Healing
	Poison
	Blind
	Seal
	Paralysis
	Doom
	Berserker
	Stunned
	numStates
)

var stateNames = [numStates]string{"haste", "slow", "shield", "protection", "healing", "poison", "blind", "seal", "paralysis", "doom", "berserker", "stunned"}

func (k StateKind) String() string {
	if k >= 0 && k < numStates {
		return stateNames[k]
	}
	return fmt.Sprintf("state(%d)", int(k))
}

// ParseState reads a state name ("haste", "Doom", ...).
func ParseState(name string) (StateKind, error) {
	for i, n := range stateNames {
		if strings.EqualFold(n, strings.TrimSpace(name)) {
			return StateKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown state %q: want one of %s", name, strings.Join(stateNames[:], ", "))
}

// MarshalJSON writes the state's name.
func (k StateKind) MarshalJSON() ([]byte, error) { return json.Marshal(k.String()) }

// UnmarshalJSON reads a state's name.
func (k *StateKind) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := ParseState(s)
	*k = v
	return err
}

// States are a character's state counters by kind: the level of each state. R-STATE-1.
type States [numStates]int

// MarshalJSON writes only the states present, as {"haste":2}.
func (s States) MarshalJSON() ([]byte, error) {
	m := map[string]int{}
	for i, n := range s {
		if n != 0 {
			m[stateNames[i]] = n
		}
	}
	return json.Marshal(m)
}

// UnmarshalJSON reads {"haste":2}.
func (s *States) UnmarshalJSON(b []byte) error {
	var m map[string]int
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*s = States{}
	for name, n := range m {
		k, err := ParseState(name)
		if err != nil {
			return err
		}
		if n < 0 {
			return fmt.Errorf("state %s: %d counters", name, n)
		}
		s[k] = n
	}
	return nil
}
