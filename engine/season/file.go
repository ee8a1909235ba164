package season

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/event"
)

// File is a season's file, what moves it to another phone: its set-up and its nights' event
// files whole (event.File), in order of their days.
type File struct {
	Kind    string            `json:"kind"`    // FileKind
	Version int               `json:"version"` // FileVersion
	Setup   Setup             `json:"setup"`
	Nights  []json.RawMessage `json:"nights"`
}

// FileKind and FileVersion name a season's file.
const (
	FileKind    = "gnosis-season"
	FileVersion = 1
)

// Bounds of a season's file, which a phone reads: its size, its nights (a club's season, not a
// region's: the command line adds up a region's from their event files), a join's words in
// characters, as a name is bounded: the longest ID a join names, a name's ("name:" and a name
// folded, event.MaxName characters at most: Fold never lengthens a name), fits whole.
const (
	MaxFileBytes  = 16 << 20
	MaxFileNights = 200
	maxJoinWord   = len(byName) + event.MaxName
)

// ErrSeasonFile is a season's file refused.
var ErrSeasonFile = errors.New("not a season's file")

// FileOf is the season of setup with nights as its file (JSON), nights in order of their days;
// refused (ErrSeasonFile, with what to do) past MaxFileNights or MaxFileBytes, what a phone
// reads.
func FileOf(setup Setup, nights []*event.Event) ([]byte, error) {
	if len(nights) > MaxFileNights {
		return nil, core.Fail(ErrSeasonFile, nil, "the season has %d nights, past the %d a phone reads from a season's file: leave nights out of the season, then make its file again", len(nights), MaxFileNights)
	}
	f := File{Kind: FileKind, Version: FileVersion, Setup: setup}
	t := Table{}
	for _, e := range nights {
		t.Nights = append(t.Nights, newNight(e.Key(), e))
	}
	t.sortNights()
	for _, n := range t.Nights {
		f.Nights = append(f.Nights, json.RawMessage(n.Event.File()))
	}
	b, err := json.Marshal(f)
	if err == nil && len(b) > MaxFileBytes {
		return nil, core.Fail(ErrSeasonFile, nil, "the season's file would be %d kB, past the %d kB a phone reads: share fewer nights", len(b)>>10, MaxFileBytes>>10)
	}
	return b, err
}

// ReadFile reads a season's file: refused past MaxFileBytes before it is parsed and past
// MaxFileNights, every night read as an event file is (event.ReadFile: bounded, cleaned,
// checked), the set-up's name cleaned and cut, its joins cut to MaxJoins and their words
// cleaned; a set-up Build would refuse is refused (ErrSeason). It says which night it could not
// read. A file refused changes nothing.
func ReadFile(b []byte) (Setup, []*event.Event, error) { return ReadFilePaced(b, nil) }

// ReadFilePaced is ReadFile, tick (nil: none) called between the file's nights and within
// each (event.ReadFilePaced), as a core.Paced work's: the file is decoded a night at a time,
// never whole at once (a file of 16 MB took most of a second of a phone's page). It reads what
// ReadFile reads and refuses what it refuses.
func ReadFilePaced(b []byte, tick func()) (Setup, []*event.Event, error) {
	if len(b) > MaxFileBytes {
		return Setup{}, nil, core.Fail(ErrSeasonFile, nil, "a season's file of %d kB: a phone reads one of %d kB at most", len(b)>>10, MaxFileBytes>>10)
	}
	if tick == nil {
		tick = func() {}
	}
	f, nights, err := decodeFile(b, tick)
	if err != nil {
		return Setup{}, nil, err
	}
	s := f.Setup
	s.Name = cleanName(s.Name)
	if len(s.Joins) > MaxJoins {
		return Setup{}, nil, core.Fail(ErrSeason, nil, "a season keeps %d joins at most", MaxJoins)
	}
	for i := range s.Joins {
		j := &s.Joins[i]
		j.Night, j.As = cut(j.Night), cut(j.As)
	}
	if err := checkSetup(s, len(nights)); err != nil {
		return Setup{}, nil, err
	}
	return s, nights, nil
}

// notSeasonFile is the refusal of a file that is no season's file.
func notSeasonFile(err error) error {
	return core.Fail(ErrSeasonFile, err, "not a Gnosis season's file: it cannot be read")
}

// decodeFile decodes a season's file a night at a time (its kind, version and set-up whole;
// its nights each read as an event file), tick between them; the file ends after its object.
func decodeFile(b []byte, tick func()) (File, []*event.Event, error) {
	var f File
	var nights []*event.Event
	d := json.NewDecoder(bytes.NewReader(b))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return f, nil, notSeasonFile(err)
	}
	seen := map[string]bool{}
	for d.More() {
		tok, err := d.Token()
		key, _ := tok.(string)
		if err != nil || seen[key] {
			return f, nil, notSeasonFile(err)
		}
		seen[key] = true
		switch key {
		case "kind":
			err = d.Decode(&f.Kind)
		case "version":
			err = d.Decode(&f.Version)
		case "setup":
			err = d.Decode(&f.Setup)
		case "nights":
			nights, err = decodeNights(d, tick)
		default:
			var skip json.RawMessage
			err = d.Decode(&skip)
		}
		if err != nil {
			if errors.Is(err, ErrSeasonFile) {
				return f, nil, err
			}
			return f, nil, notSeasonFile(err)
		}
	}
	if _, err := d.Token(); err != nil || f.Kind != FileKind || f.Version != FileVersion {
		return f, nil, notSeasonFile(err)
	}
	if _, err := d.Token(); err != io.EOF {
		return f, nil, notSeasonFile(err)
	}
	return f, nights, nil
}

// decodeNights decodes the file's nights, an array of event files, one at a time: refused
// past MaxFileNights, or where a night cannot be read (naming it).
func decodeNights(d *json.Decoder, tick func()) ([]*event.Event, error) {
	switch tok, err := d.Token(); {
	case err == nil && tok == nil: // a file of no nights, as FileOf writes it
		return nil, nil
	case err != nil || tok != json.Delim('['):
		return nil, notSeasonFile(err)
	}
	var nights []*event.Event
	for d.More() {
		if len(nights) >= MaxFileNights {
			return nil, core.Fail(ErrSeasonFile, nil, "a season's file of more than %d nights, the most a phone reads: the phone that made it can leave nights out of its season and make its file again", MaxFileNights)
		}
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return nil, notSeasonFile(err)
		}
		tick()
		e, err := event.ReadFilePaced(raw, tick)
		if err != nil {
			return nil, core.Fail(ErrSeasonFile, err, "night %d of the season's file cannot be read", len(nights)+1)
		}
		nights = append(nights, e)
	}
	_, err := d.Token()
	return nights, err
}

// cut is a join's word cleaned and cut to maxJoinWord characters.
func cut(s string) string {
	s = strings.TrimSpace(core.CleanText(s))
	if r := []rune(s); len(r) > maxJoinWord {
		s = string(r[:maxJoinWord])
	}
	return s
}
