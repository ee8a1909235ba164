package event

import (
	"strings"
	"testing"
)

// TestABrokenFileSaysWhatItIs: an event file cut short or damaged says so (take it again), and
// a file of another kind (a party's, with no kind of an event) is not called an event file of
// kind "": each refusal names its real cause.
func TestABrokenFileSaysWhatItIs(t *testing.T) {
	e := New("Club night", "2026-12-08", 3)
	if _, err := e.AddPlayer("Ana"); err != nil {
		t.Fatal(err)
	}
	f := e.File()
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"cut short", f[:len(f)/2], "cut short or damaged"},
		{"damaged", append(append([]byte{}, f[:len(f)-2]...), '#', '}'), "cut short or damaged"},
		{"a party's file", []byte(`{"version":1,"name":"Light","members":[]}`), "names no kind"},
		{"a list, not an object", []byte(`[1,2,3]`), "not a Gnosis event file"},
	} {
		_, err := ReadFile(tc.b)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		_, err = ReadFilePaced(tc.b, func() {})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s, paced: %v, want %q", tc.name, err, tc.want)
		}
	}
}
