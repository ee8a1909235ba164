package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gnosis/engine/report"
	"gnosis/engine/shelf"
)

// The shelf of kept games (engine/shelf) is three kinds of record:
//
//	"gnosis.shelf"          {"v":3,"rev":7,"games":[{card},…]}  every kept game's card, newest kept last
//	"gnosis-log/<id>"       the game's log, packed (shelf.Pack): read when the game is opened
//	"gnosis-luck/<id>"      its luck summed up (report.GameLuck): read for a season's luck
//
// The cards are read with everything else at start (web/store.js reads "gnosis." ahead); the
// logs and lucks, a few tens of kilobytes a game, are not: a thousand kept games cost a start
// nothing but their cards. A game is kept, replaced or taken off in one change of all three.
const (
	ShelfKey        = "gnosis.shelf"
	ShelfLogPrefix  = "gnosis-log/"
	ShelfLuckPrefix = "gnosis-luck/"
)

// ShelfPrefixes are the prefixes of the shelf's records that are not read ahead: a migration
// and a backup take them too.
var ShelfPrefixes = []string{ShelfLogPrefix, ShelfLuckPrefix}

// MaxShelf bounds the kept games (a shelf's card record of that many is about 2 MB; at most
// MaxShelf × shelf.MaxCardBytes).
const MaxShelf = 2000

// ErrShelfAtMost is a game refused because the shelf holds MaxShelf games already (the
// storage may have room: the bound is the shelf's own).
var ErrShelfAtMost = errors.New("the shelf holds its most games")

type shelfRecord struct {
	envelope
	Games []shelf.Game `json:"games"`
}

// Shelf returns the kept games' cards, in the order they were kept (none when the record is
// missing).
func (s *Store) Shelf() ([]shelf.Game, error) {
	var r shelfRecord
	if ok, err := s.read(ShelfKey, &r, &r.envelope); !ok {
		return nil, err
	}
	bounded := false
	for i := range r.Games { // a card kept before the bounds is read within them
		bounded = r.Games[i].Bound() || bounded
	}
	if bounded { // and kept so, once: the next start reads the cards as bounded
		if c, err := s.shelfChange(r.Games); err == nil {
			s.commit(c) // on an error the record stays as it was, and is bounded again next time
		}
	}
	return r.Games, nil
}

// Shelve keeps k on the shelf, its card put in games (in place of a card of the same ID: the
// game kept again), in one change of the cards, the log and the luck: all of it or, on an
// error (ErrNotSaved wrapping ErrQuota for a full storage), none. It returns the cards as kept.
func (s *Store) Shelve(games []shelf.Game, k shelf.Kept) ([]shelf.Game, error) {
	luck, err := json.Marshal(k.Luck)
	if err != nil {
		return games, err
	}
	out := slices.DeleteFunc(slices.Clone(games), func(g shelf.Game) bool { return g.ID == k.Game.ID })
	if len(out) >= MaxShelf {
		return games, fmt.Errorf("%w: %w: %d", ErrNotSaved, ErrShelfAtMost, MaxShelf)
	}
	out = append(out, k.Game)
	c, err := s.shelfChange(out)
	if err != nil {
		return games, err
	}
	c.Put = append(c.Put, [2]string{ShelfLogPrefix + k.Game.ID, k.Pack()}, [2]string{ShelfLuckPrefix + k.Game.ID, string(luck)})
	if err := s.commit(c); err != nil {
		return games, err
	}
	return out, nil
}

// Unshelve takes the game id off the shelf: its card from games, its log and luck, in one
// change. It returns the cards as kept.
func (s *Store) Unshelve(games []shelf.Game, id string) ([]shelf.Game, error) {
	out := slices.DeleteFunc(slices.Clone(games), func(g shelf.Game) bool { return g.ID == id })
	c, err := s.shelfChange(out)
	if err != nil {
		return games, err
	}
	c.Delete = []string{ShelfLogPrefix + id, ShelfLuckPrefix + id}
	if err := s.commit(c); err != nil {
		return games, err
	}
	return out, nil
}

// shelfChange is the change that writes the cards games, guarded by the record's revision.
func (s *Store) shelfChange(games []shelf.Game) (Change, error) {
	r := shelfRecord{Games: games}
	return s.recordChange(ShelfKey, &r, &r.envelope)
}

// KeptGame reads the kept game id: its log's entries and its luck. A record that is missing or
// cannot be read is an error wrapping shelf.ErrNotAKeptGame (the game stays on the shelf).
func (s *Store) KeptGame(id string) ([][]byte, report.GameLuck, error) {
	packed, luck, err := s.KeptLog(id)
	if err != nil {
		return nil, luck, err
	}
	entries, err := shelf.Unpack(packed)
	if err != nil {
		return nil, luck, err
	}
	return entries, luck, nil
}

// KeptLog reads the kept game id: its log packed as kept (shelf.Pack: unpacked a step at a
// time by shelf.OpenPaced), and its luck. A record that is missing or cannot be read is an
// error wrapping shelf.ErrNotAKeptGame (the game stays on the shelf).
func (s *Store) KeptLog(id string) (string, report.GameLuck, error) {
	var luck report.GameLuck
	raw, ok, err := s.b.Get(ShelfLogPrefix + id)
	if err != nil {
		return "", luck, err
	}
	if !ok {
		return "", luck, fmt.Errorf("%w: the log of %s is missing", shelf.ErrNotAKeptGame, id)
	}
	if raw, ok, err := s.b.Get(ShelfLuckPrefix + id); err != nil {
		return "", luck, err
	} else if ok {
		if luck, err = DecodeLuck(raw); err != nil {
			return "", luck, err
		}
	}
	return raw, luck, nil
}

// KeptLucks reads every kept game's luck in one read, as stored: each game's ID and its luck's
// text, for DecodeLuck (a thousand are decoded a few at a time, between the page's frames).
func (s *Store) KeptLucks() ([][2]string, error) {
	kvs, err := s.b.Scan(ShelfLuckPrefix)
	for i := range kvs {
		kvs[i][0] = strings.TrimPrefix(kvs[i][0], ShelfLuckPrefix)
	}
	return kvs, err
}

// DecodeLuck reads a kept game's luck from its text (KeptLucks); one that cannot be read is an
// error wrapping shelf.ErrNotAKeptGame.
func DecodeLuck(text string) (report.GameLuck, error) {
	var l report.GameLuck
	if err := json.Unmarshal([]byte(text), &l); err != nil {
		return l, fmt.Errorf("%w: its luck: %v", shelf.ErrNotAKeptGame, err)
	}
	return l, nil
}

// AboutKey keeps what the log of each game in progress cannot say for its card on the shelf:
// when it started, whose side is the player's, the parties and players (shelf.Game, its ID the
// game's, by kind).
const AboutKey = "gnosis.about"

type aboutRecord struct {
	envelope
	Games map[string]shelf.Game `json:"games"`
}

// About returns the cards of the games in progress, by kind (none when the record is missing).
func (s *Store) About() (map[string]shelf.Game, error) {
	var r aboutRecord
	if ok, err := s.read(AboutKey, &r, &r.envelope); !ok {
		return map[string]shelf.Game{}, err
	}
	if r.Games == nil {
		r.Games = map[string]shelf.Game{}
	}
	return r.Games, nil
}

// SaveAbout writes the cards of the games in progress. On error the previous record stays.
func (s *Store) SaveAbout(games map[string]shelf.Game) error {
	r := aboutRecord{Games: games}
	return s.write(AboutKey, &r, &r.envelope)
}

// ShelfFiles is every kept game as its game file, for a backup: its card and its log as kept
// (a game whose log is missing is left out: there is nothing to restore of it).
func (s *Store) ShelfFiles() ([]shelf.File, error) {
	games, err := s.Shelf()
	if err != nil {
		return nil, err
	}
	var out []shelf.File
	for _, g := range games {
		raw, ok, err := s.b.Get(ShelfLogPrefix + g.ID)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, shelf.File{Kind: shelf.FileKind, Version: 1, Game: g, Log: raw})
		}
	}
	return out, nil
}

// Shelved says what ShelveAll did: the games added, those the shelf had already (by their
// ID, the log's own: nothing kept is changed), and those left out because the shelf would
// have held more than MaxShelf.
type Shelved struct{ Added, Already, LeftOut int }

// ShelveAll adds to the shelf those of ks it lacks (by ID; a game twice in ks is added once),
// as many as fit under MaxShelf, all in one change (a restore's): a game kept is never
// replaced. It returns the cards as kept and what it did; on an error, games and nothing done.
func (s *Store) ShelveAll(games []shelf.Game, ks []shelf.Kept) ([]shelf.Game, Shelved, error) {
	out := slices.Clone(games)
	had := make(map[string]bool, len(games)+len(ks))
	for _, g := range games {
		had[g.ID] = true
	}
	var did Shelved
	var put [][2]string
	for _, k := range ks {
		switch {
		case had[k.Game.ID]:
			did.Already++
			continue
		case len(out) >= MaxShelf:
			did.LeftOut++
			continue
		}
		luck, err := json.Marshal(k.Luck)
		if err != nil {
			return games, Shelved{}, err
		}
		had[k.Game.ID] = true
		out = append(out, k.Game)
		did.Added++
		put = append(put, [2]string{ShelfLogPrefix + k.Game.ID, k.Pack()}, [2]string{ShelfLuckPrefix + k.Game.ID, string(luck)})
	}
	if did.Added == 0 {
		return games, did, nil
	}
	c, err := s.shelfChange(out)
	if err != nil {
		return games, Shelved{}, err
	}
	c.Put = append(c.Put, put...)
	if err := s.commit(c); err != nil {
		return games, Shelved{}, err
	}
	return out, did, nil
}
