package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Backend is raw string storage under string keys: IndexedDB in the browser (IndexedDB), the
// browser's localStorage where IndexedDB cannot be opened, or Memory.
type Backend interface {
	// Get returns the value under key and whether there is one.
	Get(key string) (string, bool, error)
	// Scan returns the keys that start with prefix and their values, sorted by key.
	Scan(prefix string) ([][2]string, error)
	// Commit stores a Change: all of it, or none of it (the old values stay). A change whose
	// Guard record moved on returns an error wrapping ErrConflict; a full quota one wrapping
	// ErrQuota.
	Commit(c Change) error
}

// Change is one write of a Backend, kept whole or not at all.
type Change struct {
	// Guard, when not "", names the record whose stored revision (Revision) must be Rev for
	// the change to be written: the check and the write are one step, also between tabs.
	Guard string
	Rev   int
	// Expect, when not empty, lists records (key and whole text) checked instead of Guard and
	// Rev: two tabs may each write a revision 5 of the game, not the same entries.
	Expect [][2]string `json:",omitempty"`
	// More lists further records whose stored revisions must be theirs too (0: no record),
	// for a change of several records at once (a restore: parties, cards, armies, game).
	More []KeyRev `json:",omitempty"`
	// Delete lists keys to remove; then Put stores each value under its key.
	Delete []string
	Put    [][2]string
}

// KeyRev is a record and the revision a change expects it at.
type KeyRev struct {
	Key string
	Rev int
}

// ErrQuota is returned by a Backend whose storage is full.
var ErrQuota = errors.New("storage is full")

// Revision reads the revision of a record's text: {"v":N,"rev":M,…} as the store writes it,
// else the "rev" of any JSON object; 0 for no text, text that is not JSON, or no "rev".
func Revision(raw string) int {
	if rev, ok := headRev(raw); ok {
		return rev
	}
	var r struct {
		Rev int `json:"rev"`
	}
	if json.Unmarshal([]byte(raw), &r) != nil {
		return 0
	}
	return r.Rev
}

// headRev reads the revision at the start of a record as write writes it, {"v":N,"rev":M,…,
// and whether it found one.
func headRev(raw string) (int, bool) {
	rest, ok := strings.CutPrefix(raw, `{"v":`)
	if i := strings.IndexByte(rest, ','); ok && i >= 0 {
		rest, ok = strings.CutPrefix(rest[i:], `,"rev":`)
	} else {
		ok = false
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	if !ok || n == 0 || n == len(rest) || (rest[n] != ',' && rest[n] != '}') {
		return 0, false
	}
	rev, err := strconv.Atoi(rest[:n])
	return rev, err == nil
}

// guardKeys are the records c's guard reads: those it expects, else its guard record.
func (c Change) guardKeys() []string {
	if len(c.Expect) > 0 {
		keys := make([]string, len(c.Expect))
		for i, kv := range c.Expect {
			keys[i] = kv[0]
		}
		return keys
	}
	var keys []string
	if c.Guard != "" {
		keys = append(keys, c.Guard)
	}
	for _, m := range c.More {
		keys = append(keys, m.Key)
	}
	return keys
}

// checkGuard returns the conflict of c with what get reads, if any: every backend's
// compare-and-swap (IndexedDB's too, inside its transaction: idb_js.go).
func checkGuard(c Change, get func(string) (string, bool, error)) error {
	if len(c.Expect) > 0 {
		for _, kv := range c.Expect {
			if raw, ok, err := get(kv[0]); err != nil {
				return err
			} else if !ok || raw != kv[1] {
				return fmt.Errorf("%w: %s is not the record this change follows", ErrConflict, kv[0])
			}
		}
		return nil
	}
	guards := c.More
	if c.Guard != "" {
		guards = append([]KeyRev{{c.Guard, c.Rev}}, guards...)
	}
	for _, g := range guards {
		raw, ok, err := get(g.Key)
		if err != nil {
			return err
		}
		now := 0
		if ok {
			now = Revision(raw)
		}
		if now != g.Rev {
			return fmt.Errorf("%w: %s is at revision %d, this tab read %d", ErrConflict, g.Key, now, g.Rev)
		}
	}
	return nil
}

// Memory is an in-memory Backend for tests, native runs and browsers that keep nothing. Quota,
// when more than 0, is the most bytes that all values together may hold.
type Memory struct {
	Values map[string]string
	Quota  int
}

// NewMemory returns an empty Memory with no quota.
func NewMemory() *Memory { return &Memory{Values: map[string]string{}} }

// Get implements Backend.
func (m *Memory) Get(key string) (string, bool, error) {
	v, ok := m.Values[key]
	return v, ok, nil
}

// Scan implements Backend.
func (m *Memory) Scan(prefix string) ([][2]string, error) {
	var out [][2]string
	for _, k := range m.Keys(prefix) {
		out = append(out, [2]string{k, m.Values[k]})
	}
	return out, nil
}

// Keys lists the keys that start with prefix, sorted.
func (m *Memory) Keys(prefix string) []string {
	var out []string
	for k := range m.Values {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Commit implements Backend.
func (m *Memory) Commit(c Change) error {
	if err := checkGuard(c, m.Get); err != nil {
		return err
	}
	if m.Quota > 0 {
		after := map[string]int{}
		for k, v := range m.Values {
			after[k] = len(v)
		}
		for _, k := range c.Delete {
			delete(after, k)
		}
		for _, kv := range c.Put {
			after[kv[0]] = len(kv[1])
		}
		used := 0
		for _, n := range after {
			used += n
		}
		if used > m.Quota {
			return fmt.Errorf("%w: %d of %d bytes", ErrQuota, used, m.Quota)
		}
	}
	for _, k := range c.Delete {
		delete(m.Values, k)
	}
	for _, kv := range c.Put {
		m.Values[kv[0]] = kv[1]
	}
	return nil
}

// set stores one value with no guard (tests, migration).
func set(b Backend, key, value string) error { return b.Commit(Change{Put: [][2]string{{key, value}}}) }
