package core

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
)

// A game that counts: its start sets the count, an add adds to it; a log's checks refuse an
// add before the start and a count below zero.
type (
	countEvent interface{ Kind() string }
	counted    struct{ From int }
	added      struct{ N int }
	counter    struct{ N int }
)

func (counted) Kind() string { return "counted" }
func (added) Kind() string   { return "added" }

var errBadCount = errors.New("a bad count")

var countRules = Rules[countEvent, counter]{
	Fold: func(s *counter, e countEvent) {
		switch e := e.(type) {
		case counted:
			s.N = e.From
		case added:
			s.N += e.N
		}
	},
	Clone: func(s counter) counter { return s },
	Check: func(s counter, e countEvent, i int) error {
		if _, start := e.(counted); (i == 0) != start {
			return Refuse("", errBadCount, "a count starts once, first")
		}
		if a, ok := e.(added); ok && s.N+a.N < 0 {
			return Refuse("", errBadCount, "below zero")
		}
		return nil
	},
}

var countDeclared = Declare([]CommandDecl[int]{}, []EventDecl[countEvent]{{Event: counted{}}, {Event: added{}}})

// add is a command of the counting game: n added, refused below zero.
func add(n int) func(counter) ([]countEvent, error) {
	return func(s counter) ([]countEvent, error) {
		if s.N+n < 0 {
			return nil, Refuse("", errBadCount, "below zero")
		}
		return []countEvent{added{n}, added{0}}, nil // two events, one gesture
	}
}

// TestLog: the log both games keep. A command's events are one gesture; a refusal changes
// nothing; undo takes the last gesture back whole and redo puts it again; the start cannot be
// undone; a new command forgets what could be redone; a gesture from the other phone is
// accepted only as the next one and checked; the JSON of its entries reads back, with and
// without a snapshot of its state, decoding the entries before the snapshot only when asked.
func TestLog(t *testing.T) {
	l := NewLog(countRules, countEvent(counted{From: 2}))
	for _, n := range []int{3, -1, 4} {
		if err := l.Do(add(n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Do(add(-100)); !errors.Is(err, errBadCount) || l.State().N != 8 || l.Gesture() != 4 {
		t.Fatalf("a refusal: %v, count %d, gesture %d", err, l.State().N, l.Gesture())
	}
	if err := l.Undo(); err != nil || l.State().N != 4 || l.Len() != 5 || !l.CanRedo() {
		t.Fatalf("undo: %v, count %d, %d entries", err, l.State().N, l.Len())
	}
	if err := l.Redo(); err != nil || l.State().N != 8 || l.Len() != 7 {
		t.Fatalf("redo: %v, count %d", err, l.State().N)
	}
	for l.CanUndo() {
		l.Undo()
	}
	if err := l.Undo(); !errors.Is(err, ErrNothingToUndo) || l.State().N != 2 {
		t.Fatalf("the start undone: %v, count %d", err, l.State().N)
	}
	l.Do(add(5))
	if err := l.Redo(); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("a redo after a new command: %v", err)
	}

	// The other phone's gesture: the next one, checked, all or nothing.
	for _, bad := range [][]Entry[countEvent]{nil, {{Gesture: 9, Event: added{1}}}, {{Gesture: 3}}, {{Gesture: 3, Event: added{1}}, {Gesture: 3, Event: added{-100}}}, {{Gesture: 3, Event: counted{}}}} {
		if err := l.Accept(bad, errBadCount); !errors.Is(err, errBadCount) || l.Len() != 3 || l.State().N != 7 {
			t.Errorf("%v accepted (%v): %d entries, count %d", bad, err, l.Len(), l.State().N)
		}
	}
	if err := l.Accept([]Entry[countEvent]{{Gesture: 3, Event: added{1}}}, errBadCount); err != nil || l.State().N != 8 {
		t.Errorf("the next gesture: %v, count %d", err, l.State().N)
	}
	if got := l.Since(2); len(got) != 2 || got[1].Event != countEvent(added{1}) {
		t.Errorf("since 2: %v", got)
	}

	// Its JSON, read back whole and from a snapshot.
	l.Undo()
	entries, redo, err := l.LogJSON()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := ResumeLog(countRules, entries, redo, counter{}, 0)
	if err != nil || !reflect.DeepEqual(whole.Entries(), l.Entries()) || whole.State() != l.State() || !whole.CanRedo() {
		t.Fatalf("read back: %v", err)
	}
	snap, err := ResumeLog(countRules, entries, nil, counter{N: 7}, 3)
	if err != nil || snap.State() != l.State() || snap.SnapshotUsed() != 3 || snap.entries[1].Gesture != 0 {
		t.Fatalf("from a snapshot: %v, state %v, entries %v", err, snap.State(), snap.entries)
	}
	if err := snap.Undo(); err != nil || snap.State().N != 2 || snap.SnapshotUsed() != 0 || !slices.Equal(snap.Entries(), l.Entries()[:1]) {
		t.Errorf("an undo past the snapshot: %v, count %d", err, snap.State().N)
	}
	var e Entry[countEvent]
	if err := json.Unmarshal([]byte(`{"g":2,"k":"multiplied","e":{}}`), &e); !errors.Is(err, ErrUnknownEvent) {
		t.Errorf("an unknown event: %v", err)
	}
	if _, err := ResumeLog(countRules, entries, []byte(`[[{"g":3,"k":"added","e":{"N":-100}}]]`), counter{}, 0); err == nil {
		t.Error("gestures to redo that do not follow the log were taken")
	}
}
