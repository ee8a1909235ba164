package store

import (
	"encoding/json"
	"fmt"

	"gnosis/engine/event"
)

// EventKey keeps the club night this phone runs: its event file (engine/event), whole.
const EventKey = "gnosis.event"

type eventRecord struct {
	envelope
	Event json.RawMessage `json:"event"`
}

// Event returns the club night kept (nil: none). A record event.ReadFile refuses is set aside
// and reported as unreadable; nothing of it is used.
func (s *Store) Event() (*event.Event, error) {
	var r eventRecord
	ok, err := s.read(EventKey, &r, &r.envelope)
	if !ok || len(r.Event) == 0 || string(r.Event) == "null" {
		return nil, err
	}
	e, err := event.ReadFile(r.Event)
	if err != nil {
		raw, _, _ := s.b.Get(EventKey)
		return nil, s.unreadable(EventKey, raw, r.Rev, err)
	}
	return e, nil
}

// SaveEvent writes the club night (nil: none kept). On error the previous record stays stored:
// an event whose file would be past what Event reads back (event.MaxFileBytes) is refused
// (event.ErrTooBig) before anything is written, so that no change makes a night unreadable.
func (s *Store) SaveEvent(e *event.Event) error {
	if e == nil {
		return s.SaveEventFile(nil)
	}
	return s.SaveEventFile(e.File())
}

// SaveEventFile is SaveEvent of the event whose file (event.File) is file (nil: none kept):
// the record written around it as it is, not encoded again (the largest night's file is 800 kB);
// a file past event.MaxFileBytes is refused (event.FileFits), nothing written.
func (s *Store) SaveEventFile(file []byte) error {
	if s.protected[EventKey] {
		return fmt.Errorf("%w: %s", ErrProtected, EventKey)
	}
	if err := event.FileFits(file); err != nil {
		return err
	}
	if file == nil {
		file = []byte("null")
	}
	rev := s.revs[EventKey]
	b := fmt.Appendf(make([]byte, 0, len(file)+40), `{"v":%d,"rev":%d,"event":`, Version, rev+1)
	b = append(append(b, file...), '}')
	return s.commit(Change{Guard: EventKey, Rev: rev, Put: [][2]string{{EventKey, string(b)}}})
}
