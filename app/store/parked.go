package store

import "encoding/json"

// ParkedKey keeps the games parked on this phone: those it had in progress when it joined another
// phone's game (the host's game takes their place), each kind's whole log, until the player
// brings it back. (Its key is the record's name since it was first written; "kept" in the code
// means the shelf.)
const ParkedKey = "gnosis.kept"

// Parked are the parked games: an Anima Tactics game as anima.Game's JSON, a Diskwars game as
// diskwars.Game's (nil: none parked).
type Parked struct {
	Game json.RawMessage `json:"game,omitempty"`
	DW   json.RawMessage `json:"dw,omitempty"`
}

type parkedRecord struct {
	envelope
	Parked
}

// Parked returns the parked games (none when the record is missing).
func (s *Store) Parked() (Parked, error) {
	var r parkedRecord
	if ok, err := s.read(ParkedKey, &r, &r.envelope); !ok {
		return Parked{}, err
	}
	return r.Parked, nil
}

// SaveParked writes the parked games. On error the previous record stays stored.
func (s *Store) SaveParked(k Parked) error {
	r := parkedRecord{Parked: k}
	return s.write(ParkedKey, &r, &r.envelope)
}
