package store

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"gnosis/engine/diskwars"
)

// Keys of Warhammer: Diskwars's records: the armies of discs, the game in progress, and the
// game being set up.
const (
	ArmiesKey   = "gnosis.dw.armies"
	DWGameKey   = "gnosis.dw.game"
	DWSetupKey  = "gnosis.dw.setup"
	maxDWRecord = 4 << 20 // bytes: a game log past this is not a game Gnosis wrote
)

// SavedArmy is a Diskwars army kept on the device under a stable ID; Updated is the time of
// its last change in Unix milliseconds.
type SavedArmy struct {
	ID      string        `json:"id"`
	Army    diskwars.Army `json:"army"`
	Updated int64         `json:"updated,omitempty"`
}

type armiesRecord struct {
	envelope
	Armies []SavedArmy `json:"armies"`
}

// DWSetupDraft is a Diskwars game being set up, kept so that a reload or a phone that closes
// the page loses none of it: the armies' IDs, the side that activates first (0 or 1), where
// each disc dragged so far starts (by "side/index" from 0, its centre in centimetres on the
// battlefield), the discs that wait in the reserves ("side/index"), and the terrain.
type DWSetupDraft struct {
	Armies  [2]string             `json:"armies"`
	First   int                   `json:"first"`
	Places  map[string][2]float64 `json:"places,omitempty"`
	Reserve []string              `json:"reserve,omitempty"`
	Terrain []diskwars.Terrain    `json:"terrain,omitempty"`
}

// Clone is a copy of the draft that shares nothing with it (its Places never nil), to change
// and keep: a drag sends one on every move.
func (d DWSetupDraft) Clone() DWSetupDraft {
	out := d
	out.Places = maps.Clone(d.Places)
	if out.Places == nil {
		out.Places = map[string][2]float64{}
	}
	out.Reserve = slices.Clone(d.Reserve)
	out.Terrain = slices.Clone(d.Terrain)
	for i := range out.Terrain {
		out.Terrain[i].Polygon = slices.Clone(out.Terrain[i].Polygon)
	}
	return out
}

type dwSetupRecord struct {
	envelope
	Draft DWSetupDraft `json:"draft"`
}

// DWSetup returns the Diskwars game being set up (the zero draft when none). A draft whose
// side to activate first is neither 0 nor 1, or a place off the battlefield, is set aside and
// reported as ErrUnreadable.
func (s *Store) DWSetup() (DWSetupDraft, error) {
	var r dwSetupRecord
	ok, err := s.read(DWSetupKey, &r, &r.envelope)
	if !ok {
		return DWSetupDraft{}, err
	}
	bad := r.Draft.First < 0 || r.Draft.First > 1
	for _, p := range r.Draft.Places {
		bad = bad || p[0] < 0 || p[1] < 0 || p[0] > diskwars.BattlefieldCm || p[1] > diskwars.BattlefieldCm
	}
	if bad {
		raw, _, _ := s.b.Get(DWSetupKey)
		return DWSetupDraft{}, s.unreadable(DWSetupKey, raw, r.Rev, fmt.Errorf("a set-up off the battlefield"))
	}
	return r.Draft, nil
}

// SaveDWSetup writes the game being set up (the zero draft once the game starts).
func (s *Store) SaveDWSetup(d DWSetupDraft) error {
	r := dwSetupRecord{Draft: d}
	return s.write(DWSetupKey, &r, &r.envelope)
}

type dwGameRecord struct {
	envelope
	Log  json.RawMessage `json:"log"`
	Link json.RawMessage `json:"link,omitempty"` // the game's link to another phone (SetLink)
}

// Armies returns the saved Diskwars armies (none when nothing is saved). An army that is not
// valid (diskwars.CheckArmy) makes the record unreadable: it is set aside, never dropped.
func (s *Store) Armies() ([]SavedArmy, error) {
	var r armiesRecord
	ok, err := s.read(ArmiesKey, &r, &r.envelope)
	if !ok {
		return nil, err
	}
	for i := range r.Armies {
		r.Armies[i].Army.Clean()
	}
	for _, a := range r.Armies {
		if err := diskwars.CheckArmy(a.Army); err != nil || a.ID == "" {
			raw, _, _ := s.b.Get(ArmiesKey)
			if err == nil {
				err = fmt.Errorf("an army without an ID")
			}
			return nil, s.unreadable(ArmiesKey, raw, r.Rev, err)
		}
	}
	return r.Armies, nil
}

// SaveArmies writes the whole list of armies at once. On error the previous list stays stored.
func (s *Store) SaveArmies(as []SavedArmy) error {
	as = append([]SavedArmy(nil), as...)
	for i := range as {
		as[i].Army.Clean() // what a player typed keeps no hidden characters
	}
	r := armiesRecord{Armies: as}
	return s.write(ArmiesKey, &r, &r.envelope)
}

// DiskwarsGame returns the Diskwars game in progress (nil when none). A log that
// diskwars.LoadGame refuses is set aside and reported as ErrUnreadable.
func (s *Store) DiskwarsGame() (*diskwars.Game, error) {
	var r dwGameRecord
	ok, err := s.read(DWGameKey, &r, &r.envelope)
	if !ok {
		return nil, err
	}
	s.links[DWGameKey] = r.Link
	if len(r.Log) == 0 || string(r.Log) == "null" {
		return nil, nil
	}
	g, err := diskwars.LoadGame(r.Log)
	if err != nil || len(r.Log) > maxDWRecord {
		raw, _, _ := s.b.Get(DWGameKey)
		if err == nil {
			err = fmt.Errorf("a game log of %d bytes", len(r.Log))
		}
		return nil, s.unreadable(DWGameKey, raw, r.Rev, err)
	}
	return g, nil
}

// SaveDiskwarsGame writes the Diskwars game's whole log (nil: no game in progress).
func (s *Store) SaveDiskwarsGame(g *diskwars.Game) error {
	r := dwGameRecord{Log: json.RawMessage("null"), Link: s.links[DWGameKey]}
	if g != nil {
		b, err := json.Marshal(g)
		if err != nil {
			return err
		}
		r.Log = b
	} else {
		r.Link = nil
	}
	if err := s.write(DWGameKey, &r, &r.envelope); err != nil {
		return err
	}
	s.links[DWGameKey] = r.Link
	return nil
}
