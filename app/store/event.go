package store

import (
	"encoding/json"
	"fmt"
	"hash/crc32"
	"unicode/utf8"

	"gnosis/engine/event"
)

// EventKey keeps the club night this phone runs: its event file (engine/event), in parts of
// eventPartBytes under EventPartPrefix, this record naming them (their checksums); a record
// written before the parts holds the file whole (Event).
const EventKey = "gnosis.event"

// EventPartPrefix begins the records of the club night's file in parts: EventPartPrefix and
// the part's index from 0. A change writes the parts it changed: a result typed or a round
// paired changes the file's end (the round being played is its last), so the largest night's
// change writes a part or two of 16 kB where the file whole is 800 kB: what the journal's room
// holds when the page goes before the change is written (JournalRoom).
const EventPartPrefix = "gnosis.event.part/"

// eventPartBytes is a part's length at most, in bytes: each ends at a character's start
// (partEnd), the last where the file ends.
const eventPartBytes = 16 << 10

type eventRecord struct {
	envelope
	Event json.RawMessage `json:"event,omitempty"` // the file whole, as written before the parts
	Size  int             `json:"size,omitempty"`  // the file's length, in bytes
	Parts []string        `json:"parts,omitempty"` // each part's CRC-32, in hex, in the file's order
}

// Event returns the club night kept (nil: none). A record event.ReadFile refuses, or parts
// missing or not as the record names them, is set aside and reported as unreadable (what
// could be read of the file, to download); nothing of it is used.
func (s *Store) Event() (*event.Event, error) {
	s.eventParts = nil
	var r eventRecord
	ok, err := s.read(EventKey, &r, &r.envelope)
	if !ok {
		return nil, err
	}
	file, parts, err := s.eventFile(r)
	if err == nil && (len(file) == 0 || string(file) == "null") {
		return nil, nil
	}
	var e *event.Event
	if err == nil {
		e, err = event.ReadKept(file) // the phone's own: never refused for its day
	}
	if err != nil {
		raw := string(file)
		if len(r.Parts) == 0 || raw == "" {
			raw, _, _ = s.b.Get(EventKey)
		}
		return nil, s.unreadable(EventKey, raw, r.Rev, err)
	}
	s.eventParts = parts
	return e, nil
}

// eventFile is the file record r names: whole, or its parts read and checked against r (each
// part's checksum, the file's length), with the parts as read.
func (s *Store) eventFile(r eventRecord) ([]byte, []string, error) {
	if len(r.Parts) == 0 {
		return r.Event, nil, nil
	}
	if len(r.Parts) > event.MaxFileBytes/(eventPartBytes-utf8.UTFMax)+1 || r.Size > event.MaxFileBytes {
		return nil, nil, fmt.Errorf("a club night's record of %d parts, %d bytes: past what a night may hold", len(r.Parts), r.Size)
	}
	file := make([]byte, 0, r.Size)
	parts := make([]string, len(r.Parts))
	for i, sum := range r.Parts {
		part, ok, err := s.b.Get(EventPartPrefix + fmt.Sprint(i))
		switch {
		case err != nil:
			return file, nil, err
		case !ok:
			return file, nil, fmt.Errorf("part %d of the club night's file is missing", i)
		case partSum(part) != sum:
			return file, nil, fmt.Errorf("part %d of the club night's file is not the one written", i)
		}
		parts[i] = part
		file = append(file, part...)
	}
	if len(file) != r.Size {
		return file, nil, fmt.Errorf("the club night's file is %d bytes; its record says %d", len(file), r.Size)
	}
	return file, parts, nil
}

// partEnd is where the part of file that begins at start ends: eventPartBytes on, or the file's
// end, moved back to the start of a character. A record is text in the browser (a JavaScript
// string): a part cut inside a character came back with U+FFFD in its place, its checksum
// not the one written, and the whole night was set aside at the next start.
func partEnd(file []byte, start int) int {
	end := min(start+eventPartBytes, len(file))
	for end < len(file) && end > start+1 && !utf8.RuneStart(file[end]) {
		end--
	}
	return end
}

// partSum is a part's checksum: its CRC-32, in hex.
func partSum(part string) string { return fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(part))) }

// eventChange is the change that keeps file (nil: none) as the club night's record: the parts
// that differ from those kept (eventParts), the record naming them all, the parts past the
// file's end deleted; with the parts as they will be kept once it is committed.
func (s *Store) eventChange(file []byte) (Change, []string) {
	rev := s.revs[EventKey]
	r := eventRecord{Size: len(file)}
	r.V, r.Rev = Version, rev+1
	c := Change{Guard: EventKey, Rev: rev}
	var parts []string
	for i, start := 0, 0; start < len(file); i++ {
		end := partEnd(file, start)
		part := file[start:end]
		start = end
		if i < len(s.eventParts) && string(part) == s.eventParts[i] {
			parts = append(parts, s.eventParts[i])
			r.Parts = append(r.Parts, partSum(s.eventParts[i]))
			continue
		}
		kept := string(part)
		parts = append(parts, kept)
		r.Parts = append(r.Parts, partSum(kept))
		c.Put = append(c.Put, [2]string{EventPartPrefix + fmt.Sprint(i), kept})
	}
	for i := len(parts); i < len(s.eventParts); i++ {
		c.Delete = append(c.Delete, EventPartPrefix+fmt.Sprint(i))
	}
	b, _ := json.Marshal(r) // a record of numbers and hex: it encodes
	c.Put = append(c.Put, [2]string{EventKey, string(b)})
	return c, parts
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
// written as it is, not encoded again (the largest night's file is 800 kB), only the parts
// that changed (EventPartPrefix); a file past event.MaxFileBytes is refused (event.FileFits),
// nothing written.
func (s *Store) SaveEventFile(file []byte) error {
	if s.protected[EventKey] {
		return fmt.Errorf("%w: %s", ErrProtected, EventKey)
	}
	if err := event.FileFits(file); err != nil {
		return err
	}
	c, parts := s.eventChange(file)
	if err := s.commit(c); err != nil {
		return err
	}
	s.eventParts = parts
	return nil
}
