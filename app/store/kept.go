package store

import "encoding/json"

// KeptKey keeps the games this phone had in progress when it joined another phone's game (the
// host's game takes their place): each kind's whole log, until the player brings it back.
const KeptKey = "gnosis.kept"

// Kept are the kept games: an Anima Tactics game as anima.Game's JSON, a Diskwars game as
// diskwars.Game's (nil: none kept).
type Kept struct {
	Game json.RawMessage `json:"game,omitempty"`
	DW   json.RawMessage `json:"dw,omitempty"`
}

type keptRecord struct {
	envelope
	Kept
}

// Kept returns the kept games (none when the record is missing).
func (s *Store) Kept() (Kept, error) {
	var r keptRecord
	if ok, err := s.read(KeptKey, &r, &r.envelope); !ok {
		return Kept{}, err
	}
	return r.Kept, nil
}

// SaveKept writes the kept games. On error the previous record stays stored.
func (s *Store) SaveKept(k Kept) error {
	r := keptRecord{Kept: k}
	return s.write(KeptKey, &r, &r.envelope)
}
