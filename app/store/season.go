package store

import (
	"encoding/json"
	"slices"

	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// The club's season on the organiser's phone is two kinds of record, as the past nights are:
//
//	"gnosis.season"          {"v":3,"rev":2,"setup":{…},"out":[key,…],"added":[{card},…]}
//	"gnosis-season-night/<key>"  an event file added from another phone or club, read when counted
//
// The season's nights are the past nights this phone kept (NightsKey) but those left out (Out,
// by their keys), and the nights added (Added, each a card as a past night's: its key is its
// file's checksum). An added night is kept, or taken off, with the record in one change.
const (
	SeasonKey         = "gnosis.season"
	SeasonNightPrefix = "gnosis-season-night/"
)

// KeptSeason is the season as the device keeps it: the organiser's set-up (its rule, its joins), the
// keys of the past nights left out of it, and the cards of the nights added from files.
type KeptSeason struct {
	Setup season.Setup `json:"setup"`
	Out   []string     `json:"out,omitempty"`
	Added []Night      `json:"added,omitempty"`
}

type seasonRecord struct {
	envelope
	KeptSeason
}

// Season reads the season kept (the zero Season, its game "", where none is): its set-up's
// name cleaned and cut, its cards cut to their bounds, at most season.MaxFileNights added and
// MaxNights left out.
func (s *Store) Season() (KeptSeason, error) {
	var r seasonRecord
	if ok, err := s.read(SeasonKey, &r, &r.envelope); !ok {
		return KeptSeason{}, err
	}
	return r.KeptSeason.cleaned(), nil
}

// cleaned is the season with its words cleaned and its lists cut to their bounds.
func (se KeptSeason) cleaned() KeptSeason {
	se.Setup.Name = core.CutText(core.CleanText(se.Setup.Name), event.MaxName)
	if len(se.Setup.Joins) > season.MaxJoins {
		se.Setup.Joins = se.Setup.Joins[:season.MaxJoins]
	}
	if len(se.Out) > MaxNights {
		se.Out = se.Out[:MaxNights]
	}
	for i := range se.Out {
		se.Out[i] = core.CutText(core.CleanText(se.Out[i]), 16)
	}
	if len(se.Added) > season.MaxFileNights {
		se.Added = se.Added[:season.MaxFileNights]
	}
	for i := range se.Added {
		n := &se.Added[i]
		n.Key, n.Name, n.Date, n.Winner = core.CutText(core.CleanText(n.Key), 16), core.CutText(core.CleanText(n.Name), event.MaxName), core.CutText(core.CleanText(n.Date), event.MaxName), core.CutText(core.CleanText(n.Winner), event.MaxName)
	}
	return se
}

// SaveSeason keeps se, the season's set-up and the nights left out (its added nights as they
// are: AddSeasonNight and DropSeasonNight change them).
func (s *Store) SaveSeason(se KeptSeason) error {
	c, err := s.seasonChange(se)
	if err != nil {
		return err
	}
	return s.commit(c)
}

// AddSeasonNight adds e, an event file read (event.ReadFile), to the season se's added nights:
// its card and its file in one change. It returns the season as kept.
func (s *Store) AddSeasonNight(se KeptSeason, e *event.Event, now int64) (KeptSeason, error) {
	return s.AddSeasonNights(se, []*event.Event{e}, [][]byte{e.File()}, now)
}

// AddSeasonNights keeps se (its set-up, its nights left out) with the nights es added, files[i]
// es[i]'s file (e.File()): the record, and each night's card and file, in one change (a season's
// file opened: all of it or, refused, nothing). It returns the season as kept.
func (s *Store) AddSeasonNights(se KeptSeason, es []*event.Event, files [][]byte, now int64) (KeptSeason, error) {
	return s.ReplaceSeasonNight(se, "", es, files, now)
}

// ReplaceSeasonNight is AddSeasonNights, the added night drop ("": none) taken off in the same
// change (its card and its file): a newer copy of a night in its place.
func (s *Store) ReplaceSeasonNight(se KeptSeason, drop string, es []*event.Event, files [][]byte, now int64) (KeptSeason, error) {
	out := se
	out.Added = slices.DeleteFunc(slices.Clone(se.Added), func(n Night) bool { return n.Key == drop && drop != "" })
	var put [][2]string
	for i, e := range es {
		card := NightOfFile(e, files[i], now)
		out.Added = append(out.Added, card)
		put = append(put, [2]string{SeasonNightPrefix + card.Key, string(files[i])})
	}
	c, err := s.seasonChange(out)
	if err != nil {
		return se, err
	}
	c.Put = append(c.Put, put...)
	if len(out.Added) < len(se.Added) {
		c.Delete = append(c.Delete, SeasonNightPrefix+drop)
	}
	if err := s.commit(c); err != nil {
		return se, err
	}
	return out, nil
}

// DropSeasonNight takes the added night key off the season se: its card and its file, in one
// change. It returns the season as kept.
func (s *Store) DropSeasonNight(se KeptSeason, key string) (KeptSeason, error) {
	out := se
	out.Added = slices.DeleteFunc(slices.Clone(se.Added), func(n Night) bool { return n.Key == key })
	c, err := s.seasonChange(out)
	if err != nil {
		return se, err
	}
	c.Delete = []string{SeasonNightPrefix + key}
	if err := s.commit(c); err != nil {
		return se, err
	}
	return out, nil
}

// SeasonNight reads the added night key's event file (event.ReadFile: checked whole, its
// checksum the key); a record missing or damaged is an error wrapping event.ErrEventFile.
func (s *Store) SeasonNight(key string) (*event.Event, error) {
	return s.nightFile(SeasonNightPrefix, key)
}

// SeasonBackup is the season kept, for a backup: its set-up, the nights left out, and each
// added night's event file (those that cannot be read left out).
type SeasonBackup struct {
	Setup season.Setup      `json:"setup"`
	Out   []string          `json:"out,omitempty"`
	Added []json.RawMessage `json:"added,omitempty"`
}

// SeasonFiles is the season se for a backup (nil where no season was set up).
func (s *Store) SeasonFiles(se KeptSeason) *SeasonBackup {
	if se.Setup.Game == "" && len(se.Added) == 0 {
		return nil
	}
	b := &SeasonBackup{Setup: se.Setup, Out: se.Out}
	for _, n := range se.Added {
		if raw, ok, err := s.b.Get(SeasonNightPrefix + n.Key); err == nil && ok && json.Valid([]byte(raw)) {
			b.Added = append(b.Added, json.RawMessage(raw))
		}
	}
	return b
}

// seasonChange is the change that writes the season se, guarded by the record's revision.
func (s *Store) seasonChange(se KeptSeason) (Change, error) {
	r := seasonRecord{KeptSeason: se}
	return s.recordChange(SeasonKey, &r, &r.envelope)
}
