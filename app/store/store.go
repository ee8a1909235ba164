package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"gnosis/engine"
)

// Keys of the records.
const (
	PartiesKey = "gnosis.parties"
	GameKey    = "gnosis.game"
	CardsKey   = "gnosis.cards"
)

// Schema versions written today.
const (
	PartiesVersion = 1
	GameVersion    = 1
	CardsVersion   = 1
)

// Errors; test with errors.Is.
var (
	// ErrUnreadable: a record could not be read. It has been set aside (see Store.SetAside).
	ErrUnreadable = errors.New("a saved record could not be read")
	// ErrNotSaved: a write failed (the browser's storage is full or disabled); the previous
	// record is intact.
	ErrNotSaved = errors.New("not saved")
	// ErrProtected: a record that could not be read could not be set aside either, so it
	// is not written over.
	ErrProtected = errors.New("an unreadable record is kept as it is")
)

// SavedParty is a party kept on the device under a stable ID.
type SavedParty struct {
	ID    string           `json:"id"`
	Party engine.PartyFile `json:"party"`
}

type partiesRecord struct {
	V       int          `json:"v"`
	Parties []SavedParty `json:"parties"`
}

type gameRecord struct {
	V    int          `json:"v"`
	Game *engine.Game `json:"game"`
}

// Store reads and writes Gnosis's records in a Backend.
type Store struct {
	b         Backend
	protected map[string]bool
}

// New returns a Store over b.
func New(b Backend) *Store { return &Store{b: b, protected: map[string]bool{}} }

// read loads key into v. A value that cannot be decoded or has an unknown version is set
// aside and reported as ErrUnreadable.
func (s *Store) read(key string, v any, version func() int, want int) (bool, error) {
	raw, ok, err := s.b.Get(key)
	if err != nil || !ok {
		return false, err
	}
	err = json.Unmarshal([]byte(raw), v)
	if err == nil && version() != want {
		err = fmt.Errorf("schema version %d; this Gnosis reads version %d", version(), want)
	}
	if err == nil {
		return true, nil
	}
	where, aside := s.SetAside(key, raw)
	if aside != nil {
		s.protected[key] = true
		return false, fmt.Errorf("%w (%s: %v); it could not be set aside (%v), so it is kept as it is and nothing is saved over it", ErrUnreadable, key, err, aside)
	}
	return false, fmt.Errorf("%w (%s: %v); it was kept under %s", ErrUnreadable, key, err, where)
}

// SetAside copies a raw record to a free key "gnosis.unreadable.<key>.<n>" and returns that key.
func (s *Store) SetAside(key, raw string) (string, error) {
	for n := 1; n < 1000; n++ {
		k := "gnosis.unreadable." + key + "." + strconv.Itoa(n)
		if _, taken, err := s.b.Get(k); err != nil {
			return "", err
		} else if !taken {
			return k, s.b.Set(k, raw)
		}
	}
	return "", errors.New("too many unreadable records")
}

func (s *Store) write(key string, v any) error {
	if s.protected[key] {
		return fmt.Errorf("%w: %s", ErrProtected, key)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := s.b.Set(key, string(b)); err != nil {
		return fmt.Errorf("%w: %v", ErrNotSaved, err)
	}
	return nil
}

// Parties returns the saved parties (none when nothing is saved). On ErrUnreadable the list
// is empty and the record has been set aside.
func (s *Store) Parties() ([]SavedParty, error) {
	var r partiesRecord
	ok, err := s.read(PartiesKey, &r, func() int { return r.V }, PartiesVersion)
	if !ok {
		return nil, err
	}
	return r.Parties, nil
}

// SaveParties writes the whole list at once. On error the previous list stays stored.
func (s *Store) SaveParties(ps []SavedParty) error {
	return s.write(PartiesKey, partiesRecord{V: PartiesVersion, Parties: ps})
}

// Game returns the game in progress, if any.
func (s *Store) Game() (*engine.Game, bool, error) {
	var r gameRecord
	ok, err := s.read(GameKey, &r, func() int { return r.V }, GameVersion)
	if !ok || r.Game == nil {
		return nil, false, err
	}
	return r.Game, true, nil
}

// SaveGame writes the game's whole log. On error the previous record stays stored.
func (s *Store) SaveGame(g *engine.Game) error {
	return s.write(GameKey, gameRecord{V: GameVersion, Game: g})
}

// DeleteGame forgets the game in progress (the player chose to end it).
func (s *Store) DeleteGame() error {
	return s.write(GameKey, gameRecord{V: GameVersion})
}

// OwnCards are the player's own cards: characters and summons, and advantage cards.
type OwnCards struct {
	Characters []engine.Card          `json:"characters"`
	Advantages []engine.AdvantageCard `json:"advantages"`
}

type cardsRecord struct {
	V int `json:"v"`
	OwnCards
}

// Cards returns the player's own cards (none when nothing is saved).
func (s *Store) Cards() (OwnCards, error) {
	var r cardsRecord
	ok, err := s.read(CardsKey, &r, func() int { return r.V }, CardsVersion)
	if !ok {
		return OwnCards{}, err
	}
	return r.OwnCards, nil
}

// SaveCards writes the player's own cards. On error the previous record stays stored.
func (s *Store) SaveCards(c OwnCards) error {
	return s.write(CardsKey, cardsRecord{V: CardsVersion, OwnCards: c})
}
