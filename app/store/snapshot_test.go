package store

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"gnosis/engine/anima"
)

// TestGameSnapshot: a long game keeps a snapshot of its state beside its log and opens from it
// (the entries before it neither decoded nor replayed) as the same game a full replay gives; a
// snapshot of another build, of another log or unreadable is passed over and written anew; an
// undo past it moves it; ending the game removes it.
func TestGameSnapshot(t *testing.T) {
	g := tableGame(t, 2500)
	n := g.Len()
	at := func(n int) string { return `"at":` + strconv.Itoa(n) + `,` }
	m := NewMemory()
	s := New(m)
	s.TagSnapshots("build 1")
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Values[SnapshotKey], `"tag":"build 1","snapshot":{`+at(n)) {
		t.Fatalf("no snapshot at %d entries: %.80s", n, m.Values[SnapshotKey])
	}
	open := func(tag string, used int) (*Store, *anima.Game) {
		t.Helper()
		s := New(m)
		s.TagSnapshots(tag)
		back, ok, err := s.Game()
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		if back.SnapshotUsed() != used {
			t.Errorf("tag %q: the snapshot covered %d entries, want %d", tag, back.SnapshotUsed(), used)
		}
		if !reflect.DeepEqual(back.State(), g.State()) || back.Len() != g.Len() {
			t.Fatalf("tag %q: the game read back differs", tag)
		}
		return s, back
	}
	open("build 1", n)

	// Another build replays the log, and stamps a new snapshot at once.
	open("build 2", 0)
	if !strings.Contains(m.Values[SnapshotKey], `"tag":"build 2","snapshot":{`+at(n)) {
		t.Fatalf("the new build wrote no snapshot: %.80s", m.Values[SnapshotKey])
	}
	s2, back := open("build 2", n)
	if err := back.Do(anima.AdjustLP{Ref: anima.Ref{Side: 0, Index: 0}, Delta: -1}); err != nil {
		t.Fatal(err)
	}
	g.Do(anima.AdjustLP{Ref: anima.Ref{Side: 0, Index: 0}, Delta: -1})
	if err := s2.SaveGame(back); err != nil {
		t.Fatal(err)
	}
	s3, back := open("build 2", n)

	// A save within SnapshotEvery entries of it keeps it; an undo past it moves it.
	if !strings.Contains(m.Values[SnapshotKey], at(n)) {
		t.Fatalf("a tap rewrote the snapshot: %.80s", m.Values[SnapshotKey])
	}
	back.Undo()
	back.Undo()
	g.Undo()
	g.Undo()
	if err := s3.SaveGame(back); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Values[SnapshotKey], at(n-1)) {
		t.Fatalf("an undo past the snapshot left it: %.80s", m.Values[SnapshotKey])
	}
	open("build 2", n-1)

	// The packed entries have no record of their own; the head says how many there are.
	records := 0
	for k := range m.Values {
		if strings.HasPrefix(k, entryPrefix) {
			records++
		}
	}
	if !strings.Contains(m.Values[GameKey], `"packed":`+strconv.Itoa(n-1)) || records != 0 {
		t.Errorf("head %s, %d entry records", m.Values[GameKey], records)
	}

	// A snapshot of another log is passed over, and written anew.
	other := tableGame(t, 1200)
	snap, _ := other.Snapshot()
	m.Values[SnapshotKey] = strings.Replace(m.Values[SnapshotKey], `"sum":"`, `"sum":"`+snap.Sum, 1)
	open("build 2", 0)
	open("build 2", n-1)

	// A packed record that cannot be read makes the game unreadable, and drops nothing: the
	// head is set aside for the player to download, and the records stay where they are.
	kept := m.Values[PackedKey]
	m.Values[PackedKey] = kept[:len(kept)/2]
	s4 := New(m)
	s4.TagSnapshots("build 2")
	if _, _, err := s4.Game(); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("a broken packed record: %v", err)
	}
	if m.Values[GameKey] == "" {
		t.Fatal("the head was dropped")
	}
	m.Values[PackedKey] = kept
	open("build 2", n-1)
	m.Values[SnapshotKey] = `{"v":3,"tag":"build 2","snapshot":{"at":` // a snapshot that cannot be read is passed over
	open("build 2", 0)

	// Ending the game removes it.
	if err := s3.DeleteGame(); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.Values[SnapshotKey]; ok {
		t.Error("the snapshot outlived its game")
	}
	if _, ok := m.Values[PackedKey]; ok {
		t.Error("the packed log outlived its game")
	}
}

// TestPackedGameJournal: the journal of a closed page (an undo past the packed entries, then
// new taps) is replayed over a packed game into the game the page had.
func TestPackedGameJournal(t *testing.T) {
	g := tableGame(t, 1500)
	m := NewMemory()
	s := New(m)
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		g.Undo()
	}
	g.Do(anima.AdjustLP{Ref: anima.Ref{Side: 1, Index: 2}, Delta: -2})
	ls := NewMemory()
	if err := s.Journal(ls, g, func() {}); err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(ls, m); err != nil {
		t.Fatal(err)
	}
	back, ok, err := New(m).Game()
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if !reflect.DeepEqual(back.Log(), g.Log()) || !reflect.DeepEqual(back.State(), g.State()) {
		t.Error("the journal over a packed game gave another game")
	}
}
