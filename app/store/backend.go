package store

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Backend is raw string storage under string keys, such as window.localStorage.
type Backend interface {
	// Get returns the value under key and whether there is one.
	Get(key string) (string, bool, error)
	// Set stores value under key; on failure (a full quota) the old value stays.
	Set(key, value string) error
	// Delete removes the value under key (none is no error).
	Delete(key string) error
	// Keys lists the keys that start with prefix, sorted.
	Keys(prefix string) ([]string, error)
}

// Header is a Backend that can read the start of a value without the rest (window.localStorage
// copies only that much into Go). The store reads a record's revision with it.
type Header interface {
	// Head returns at most the first n characters of the value under key, and whether there
	// is one.
	Head(key string, n int) (string, bool, error)
}

// ErrQuota is returned by Memory.Set when the value does not fit.
var ErrQuota = errors.New("storage is full")

// Memory is an in-memory Backend for tests and native runs. Quota, when more than 0, is the
// most characters that all values together may hold, as browsers limit localStorage.
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

// Head implements Header (in bytes, not characters: a cut rune only makes the store read the
// whole value).
func (m *Memory) Head(key string, n int) (string, bool, error) {
	v, ok := m.Values[key]
	return v[:min(n, len(v))], ok, nil
}

// Delete implements Backend.
func (m *Memory) Delete(key string) error {
	delete(m.Values, key)
	return nil
}

// Keys implements Backend.
func (m *Memory) Keys(prefix string) ([]string, error) {
	var out []string
	for k := range m.Values {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Set implements Backend.
func (m *Memory) Set(key, value string) error {
	if m.Quota > 0 {
		used := len(value)
		for k, v := range m.Values {
			if k != key {
				used += len(v)
			}
		}
		if used > m.Quota {
			return fmt.Errorf("%w: %d of %d characters", ErrQuota, used, m.Quota)
		}
	}
	m.Values[key] = value
	return nil
}
