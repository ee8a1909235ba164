package season

import (
	"encoding/json"
	"errors"
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
// region's: the command line adds up a region's from their event files), a join's words.
const (
	MaxFileBytes  = 16 << 20
	MaxFileNights = 200
	maxJoinWord   = 80
)

// ErrSeasonFile is a season's file refused.
var ErrSeasonFile = errors.New("not a season's file")

// FileOf is the season of setup with nights as its file (JSON), nights in order of their days.
func FileOf(setup Setup, nights []*event.Event) ([]byte, error) {
	f := File{Kind: FileKind, Version: FileVersion, Setup: setup}
	t := Table{}
	for _, e := range nights {
		t.Nights = append(t.Nights, Night{Date: e.Date, Key: e.Key(), Event: e})
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
func ReadFile(b []byte) (Setup, []*event.Event, error) {
	if len(b) > MaxFileBytes {
		return Setup{}, nil, core.Fail(ErrSeasonFile, nil, "a season's file of %d kB: a phone reads one of %d kB at most", len(b)>>10, MaxFileBytes>>10)
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil || f.Kind != FileKind || f.Version != FileVersion {
		return Setup{}, nil, core.Fail(ErrSeasonFile, err, "not a Gnosis season's file: it cannot be read")
	}
	if len(f.Nights) > MaxFileNights {
		return Setup{}, nil, core.Fail(ErrSeasonFile, nil, "a season's file of %d nights: a phone reads %d at most", len(f.Nights), MaxFileNights)
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
	nights := make([]*event.Event, 0, len(f.Nights))
	for i, raw := range f.Nights {
		e, err := event.ReadFile(raw)
		if err != nil {
			return Setup{}, nil, core.Fail(ErrSeasonFile, err, "night %d of the season's file cannot be read", i+1)
		}
		nights = append(nights, e)
	}
	if err := checkSetup(s, len(nights)); err != nil {
		return Setup{}, nil, err
	}
	return s, nights, nil
}

// cut is a join's word cleaned and cut to maxJoinWord characters.
func cut(s string) string {
	s = strings.TrimSpace(core.CleanText(s))
	if r := []rune(s); len(r) > maxJoinWord {
		s = string(r[:maxJoinWord])
	}
	return s
}
