package store

import (
	"fmt"
	"testing"

	"gnosis/engine/event"
)

// TestEventRecord: the club night's record written around its file (SaveEventFile) is the
// record's JSON as the envelope writes every record, names of <, > and & too; it reads back as
// the event, its revision counted up, and none kept reads back as none.
func TestEventRecord(t *testing.T) {
	m := NewMemory()
	s := New(m)
	e := event.New(`Club <night> & "friends"`, "2026-12-07", 3)
	if _, err := e.AddPlayer("Ana & <Bruno>"); err != nil {
		t.Fatal(err)
	}
	for rev := 1; rev <= 2; rev++ {
		if err := s.SaveEvent(e); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(`{"v":%d,"rev":%d,"event":%s}`, Version, rev, e.File()) // the file as it is: < and & too
		if got := m.Values[EventKey]; got != want {
			t.Fatalf("revision %d written as %s, the envelope's %s", rev, got, want)
		}
	}
	back, err := New(m).Event()
	if err != nil || back == nil || string(back.File()) != string(e.File()) {
		t.Fatalf("read back: %v, %v", back, err)
	}
	if err := s.SaveEvent(nil); err != nil {
		t.Fatal(err)
	}
	if back, err := New(m).Event(); back != nil || err != nil {
		t.Fatalf("none kept reads back as %v, %v", back, err)
	}
}
