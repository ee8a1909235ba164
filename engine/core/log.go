package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
)

// ErrUnknownEvent: a saved log names an event of a kind this version does not know.
var ErrUnknownEvent = errors.New("unknown event")

// Entry is one event of a game's log and the gesture (one command) it belongs to: every event
// of one command shares a gesture number, and undo removes the last gesture whole.
type Entry[E Event] struct {
	Gesture int
	Event   E
}

type entryJSON struct {
	Gesture int             `json:"g"`
	Kind    string          `json:"k"`
	Event   json.RawMessage `json:"e,omitempty"`
}

// MarshalJSON writes {"g":gesture,"k":kind,"e":{...}}.
func (e Entry[E]) MarshalJSON() ([]byte, error) {
	body, err := json.Marshal(e.Event)
	if err != nil {
		return nil, err
	}
	return json.Marshal(entryJSON{Gesture: e.Gesture, Kind: e.Event.Kind(), Event: body})
}

// UnmarshalJSON reads what MarshalJSON wrote, the event's kind read from its game's
// declarations (Declare); an unknown kind is an error wrapping ErrUnknownEvent.
func (e *Entry[E]) UnmarshalJSON(b []byte) error {
	var raw entryJSON
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	typ, ok := eventTypes[reflect.TypeFor[E]()][raw.Kind]
	if !ok {
		return fmt.Errorf("%w %q", ErrUnknownEvent, raw.Kind)
	}
	ev := reflect.New(typ).Interface()
	if len(raw.Event) > 0 {
		if err := json.Unmarshal(raw.Event, ev); err != nil {
			return fmt.Errorf("event %q: %w", raw.Kind, err)
		}
	}
	// Values, not pointers, so that logs compare equal however they were made.
	e.Event = reflect.ValueOf(ev).Elem().Interface().(E)
	e.Gesture = raw.Gesture
	return nil
}

// eventTypes holds each game's events by kind, under the game's Event interface type: what
// Entry.UnmarshalJSON reads. Declare writes it, once per game, as the game's package is
// initialised (before anything reads it), so it needs no lock.
var eventTypes = map[reflect.Type]map[string]reflect.Type{}

// Rules is what a log asks of its game: Fold applies an event to a state; Clone copies a state
// (its slices and maps not shared); Check guards a log read, or a gesture from the other phone,
// before entry i folds into s (that it is the game's one start at 0, and names what exists);
// Started, when not nil, checks the state after the start.
type Rules[E Event, S any] struct {
	Fold    func(s *S, e E)
	Clone   func(s S) S
	Check   func(s S, e E, i int) error
	Started func(s S) error
}

// Log is a game as its log of events in gestures, the state they fold into (always what the
// log replays to), and the gestures undone that Redo puts back: what both games' Game keep.
// A log may be resumed from a snapshot of its state (ResumeLog): the entries before it are
// decoded from their JSON only when asked for. The JSON of each entry is kept once written
// (LogJSON): a game is saved after every tap, and only the entries added since are encoded.
type Log[E Event, S any] struct {
	rules   Rules[E, S]
	entries []Entry[E]
	state   S
	undone  [][]Entry[E] // gestures taken back by Undo, the last one first to Redo
	enc     [][]byte     // the JSON of entries[:len(enc)]: entries never change
	// base is the state after the first baseAt entries (a snapshot), which Undo folds from;
	// the entries before lazy are decoded from enc only when asked for (entry), their Event
	// the zero value until then. lazy <= baseAt <= len(entries).
	base         S
	baseAt, lazy int
}

// View is what may be read of a game without changing it (both games' Game have it): what a
// screen is given, so that no screen can decide, undo or load a game but through the Session's
// requests.
type View[E Event, S any] interface {
	State() S               // a copy of the current state
	Log() []Entry[E]        // a copy of the log
	Len() int               // the number of entries of the log
	Since(n int) []Entry[E] // a copy of the entries from index n on
	Gesture() int           // the last gesture's number
	CanUndo() bool
	CanRedo() bool
}

// NewLog starts a log with the game's start as gesture 1, unchecked (the game made it).
func NewLog[E Event, S any](rules Rules[E, S], start E) *Log[E, S] {
	l := &Log[E, S]{rules: rules}
	l.append(1, start)
	return l
}

// Replay folds entries into a state, with the rules' checks: entries[0] is entry at of a log
// whose first at entries folded into s.
func (r Rules[E, S]) Replay(s S, entries []Entry[E], at int) (S, error) {
	for j, e := range entries {
		i := at + j
		if err := r.Check(s, e.Event, i); err != nil {
			var zero S
			return zero, err
		}
		r.Fold(&s, e.Event)
		if i == 0 && r.Started != nil {
			if err := r.Started(s); err != nil {
				var zero S
				return zero, err
			}
		}
	}
	return s, nil
}

// LoadLog makes a log of saved entries (a copy), checked and folded (Replay's errors).
func LoadLog[E Event, S any](rules Rules[E, S], entries []Entry[E]) (*Log[E, S], error) {
	var zero S
	s, err := rules.Replay(zero, entries, 0)
	if err != nil {
		return nil, err
	}
	return &Log[E, S]{rules: rules, entries: slices.Clone(entries), state: s}, nil
}

// ResumeLog makes a log of the JSON of its entries, in order (as LogJSON returns them), and of
// its gestures to redo (nil for none), starting from base, the state after the first baseAt
// entries (0: none, every entry decoded and replayed). The caller vouches for base (a snapshot
// of this log, checked against its sum); the entries before baseAt are decoded only when asked
// for. The log keeps the entries' JSON (the caller must not change it).
//
// Errors: an entry that cannot be decoded (ErrUnknownEvent for an unknown kind), a log the
// rules refuse, gestures to redo that do not follow it.
func ResumeLog[E Event, S any](rules Rules[E, S], entries [][]byte, redo []byte, base S, baseAt int) (*Log[E, S], error) {
	l, err := resumeLog(rules, entries, base, baseAt, nil)
	if err != nil {
		return nil, err
	}
	if len(redo) > 0 {
		var undone [][]Entry[E]
		if err := json.Unmarshal(redo, &undone); err != nil {
			return nil, fmt.Errorf("the gestures to redo: %w", err)
		}
		if err := l.SetUndone(undone); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// ReadLog makes a log of the JSON of its entries, each decoded, checked and folded in turn,
// tick called between them (a Paced work's: a long log read from outside never holds the
// page); ResumeLog's errors.
func ReadLog[E Event, S any](rules Rules[E, S], entries [][]byte, tick func()) (*Log[E, S], error) {
	var zero S
	return resumeLog(rules, entries, zero, 0, tick)
}

// resumeLog is ResumeLog without gestures to redo, tick (nil: none) called before each entry
// decoded and folded.
func resumeLog[E Event, S any](rules Rules[E, S], entries [][]byte, base S, baseAt int, tick func()) (*Log[E, S], error) {
	l := &Log[E, S]{rules: rules, entries: make([]Entry[E], len(entries)), enc: slices.Clip(entries)}
	if baseAt > 0 {
		l.base, l.baseAt, l.lazy = rules.Clone(base), baseAt, baseAt
	}
	s := rules.Clone(l.base)
	for i := l.baseAt; i < len(entries); i++ {
		if tick != nil {
			tick()
		}
		if err := json.Unmarshal(entries[i], &l.entries[i]); err != nil {
			return nil, fmt.Errorf("entry %d: %w", i+1, err)
		}
		var err error
		if s, err = rules.Replay(s, l.entries[i:i+1], i); err != nil {
			return nil, err
		}
	}
	l.state = s
	return l, nil
}

// SetUndone gives the log gestures to redo (Undo's order: the next one last), checked to
// follow the log as it stands, as a log read is.
func (l *Log[E, S]) SetUndone(undone [][]Entry[E]) error {
	var next []Entry[E]
	for i := len(undone) - 1; i >= 0; i-- {
		next = append(next, undone[i]...)
	}
	if _, err := l.rules.Replay(l.rules.Clone(l.state), next, len(l.entries)); err != nil {
		return fmt.Errorf("the gestures to redo do not follow the game: %w", err)
	}
	l.undone = undone
	return nil
}

// SnapshotUsed is how many entries the snapshot given to ResumeLog covered, 0 when none was
// (or after an Undo past them).
func (l *Log[E, S]) SnapshotUsed() int { return l.baseAt }

// entry is the entry at index i, decoded from its JSON if it was not yet. The JSON of an
// entry before lazy is what this program wrote (checked against the snapshot's sum, taken by
// this program), so decoding it cannot fail.
func (l *Log[E, S]) entry(i int) Entry[E] {
	if i < l.lazy && l.entries[i].Gesture == 0 {
		if err := json.Unmarshal(l.enc[i], &l.entries[i]); err != nil {
			panic(fmt.Sprintf("core: entry %d of a resumed log: %v", i+1, err))
		}
	}
	return l.entries[i]
}

// decodeAll decodes every entry not yet decoded.
func (l *Log[E, S]) decodeAll() {
	for i := range l.lazy {
		l.entry(i)
	}
	l.lazy = 0
}

func (l *Log[E, S]) append(gesture int, evs ...E) {
	for _, ev := range evs {
		l.entries = append(l.entries, Entry[E]{Gesture: gesture, Event: ev})
		l.rules.Fold(&l.state, ev)
	}
}

// Do has decide decide a command in the current state (which decide must not change: the
// game's decide works on a copy where it changes one): its events are appended as the next
// gesture (none: nothing changes), and the gestures left to redo are forgotten. A refusal
// (decide's error) changes nothing.
func (l *Log[E, S]) Do(decide func(S) ([]E, error)) error {
	evs, err := decide(l.state)
	if err != nil || len(evs) == 0 {
		return err
	}
	l.append(l.Gesture()+1, evs...)
	l.undone = nil
	return nil
}

// Gesture is the number of the last gesture of the log (1: the start), the one Undo takes back;
// Redo puts back gesture Gesture()+1.
func (l *Log[E, S]) Gesture() int {
	if len(l.entries) == 0 {
		return 0
	}
	return l.entry(len(l.entries) - 1).Gesture
}

// CanUndo reports whether there is a gesture after the start to take back.
func (l *Log[E, S]) CanUndo() bool { return l.Gesture() > 1 }

// CanRedo reports whether an undone gesture can be put back.
func (l *Log[E, S]) CanRedo() bool { return len(l.undone) > 0 }

// Undo takes the last gesture back whole (every event of one command) and folds the state
// again. The start cannot be undone: a RuleError wrapping ErrNothingToUndo.
func (l *Log[E, S]) Undo() error {
	if !l.CanUndo() {
		return Refuse("", ErrNothingToUndo, "nothing to undo")
	}
	last := l.Gesture()
	n := len(l.entries)
	for n > 0 && l.entry(n-1).Gesture == last {
		n--
	}
	if n < l.baseAt { // the gesture began before the snapshot: fold from the start
		l.decodeAll()
		var zero S
		l.base, l.baseAt = zero, 0
	}
	l.undone = append(l.undone, slices.Clone(l.entries[n:]))
	l.entries = l.entries[:n:n]
	l.enc = slices.Clip(l.enc[:min(n, len(l.enc))]) // never write into the JSON ResumeLog was given
	s, err := l.rules.Replay(l.rules.Clone(l.base), l.entries[l.baseAt:], l.baseAt)
	if err != nil {
		return err // cannot happen: a prefix of a valid log is valid
	}
	l.state = s
	return nil
}

// Redo puts the last undone gesture back as it was, dice included (it does not decide or roll
// again): a RuleError wrapping ErrNothingToUndo when there is none.
func (l *Log[E, S]) Redo() error {
	if !l.CanRedo() {
		return Refuse("", ErrNothingToUndo, "nothing to redo")
	}
	last := l.undone[len(l.undone)-1]
	l.undone = l.undone[:len(l.undone)-1]
	for _, e := range last {
		l.entries = append(l.entries, e)
		l.rules.Fold(&l.state, e.Event)
	}
	return nil
}

// Accept appends a gesture decided by another copy of this game (the phone that orders a game
// played on two phones decides every command; the other appends what it decided): entries of
// the next gesture, each passing the rules' checks (no start). What it refuses changes nothing.
// The gestures left to redo are forgotten, as after Do.
func (l *Log[E, S]) Accept(entries []Entry[E], bad error) error {
	if len(entries) == 0 {
		return Refuse("", bad, "an empty gesture")
	}
	next := l.Gesture() + 1
	for _, e := range entries {
		if e.Gesture != next || isNil(e.Event) {
			return Refuse("", bad, "gesture %d where %d comes next", e.Gesture, next)
		}
	}
	s, err := l.rules.Replay(l.rules.Clone(l.state), entries, len(l.entries))
	if err != nil {
		return err
	}
	l.entries = append(l.entries, entries...)
	l.state = s
	l.undone = nil
	return nil
}

// isNil says whether an event is missing (a nil interface).
func isNil[E any](e E) bool {
	v := reflect.ValueOf(&e).Elem()
	return v.Kind() == reflect.Interface && v.IsNil()
}

// State is a copy of the current state.
func (l *Log[E, S]) State() S { return l.rules.Clone(l.state) }

// Entries is a copy of the log.
func (l *Log[E, S]) Entries() []Entry[E] {
	l.decodeAll()
	return slices.Clone(l.entries)
}

// Len is the number of entries of the log.
func (l *Log[E, S]) Len() int { return len(l.entries) }

// Since is a copy of the entries of the log from index n on (none when n >= Len).
func (l *Log[E, S]) Since(n int) []Entry[E] {
	if n >= len(l.entries) {
		return nil
	}
	for i := max(n, 0); i < l.lazy; i++ {
		l.entry(i)
	}
	return slices.Clone(l.entries[max(n, 0):])
}

// Undone is a copy of the gestures to redo, the next one last.
func (l *Log[E, S]) Undone() [][]Entry[E] { return slices.Clone(l.undone) }

// LogJSON returns the JSON of each entry of the log, in order, and of the gestures to redo
// (nil when none): a store that keeps entries one by one writes only those that changed. An
// entry's JSON is encoded once and kept while the entry stays in the log; the caller must not
// change the slices.
func (l *Log[E, S]) LogJSON() (entries [][]byte, redo []byte, err error) {
	for i := len(l.enc); i < len(l.entries); i++ {
		b, err := json.Marshal(l.entries[i])
		if err != nil {
			return nil, nil, err
		}
		l.enc = append(l.enc, b)
	}
	if len(l.undone) > 0 {
		if redo, err = json.Marshal(l.undone); err != nil {
			return nil, nil, err
		}
	}
	return l.enc[:len(l.entries):len(l.entries)], redo, nil
}
