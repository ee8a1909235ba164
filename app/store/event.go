package store

import (
	"encoding/json"

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
	r := eventRecord{Event: json.RawMessage("null")}
	if e != nil {
		b, err := e.Keep()
		if err != nil {
			return err
		}
		r.Event = b
	}
	return s.write(EventKey, &r, &r.envelope)
}
