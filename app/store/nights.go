package store

import (
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"gnosis/engine/core"
	"gnosis/engine/event"
)

// The club nights this phone ran and ended are two kinds of record, as the shelf's games are:
//
//	"gnosis.nights"         {"v":3,"rev":4,"nights":[{card},…]}  every past night's card, the last ended last
//	"gnosis-night/<key>"    the night's event file (engine/event), read when it is opened
//
// A night is kept (the event in progress ended into it), or taken off, in one change of both
// and of the event's record.
const (
	NightsKey   = "gnosis.nights"
	NightPrefix = "gnosis-night/"
)

// MaxNights bounds the past nights kept: a club's weekly nights for years. Their files are
// at most event.MaxFileBytes each; a full storage refuses the one that does not fit, and the
// night stays in progress.
const MaxNights = 500

// Night is a past club night's card: its key (event.Event.Key), name, day, game, players,
// rounds played of its rounds, winner (the first of its standings; "" before any result), and
// when it was ended (milliseconds since 1970).
type Night struct {
	Key     string `json:"key"`
	Name    string `json:"name"`
	Date    string `json:"date"`
	Game    string `json:"game"`
	Players int    `json:"players"`
	Played  int    `json:"played"`
	Rounds  int    `json:"rounds"`
	Winner  string `json:"winner,omitempty"`
	Ended   int64  `json:"ended"`
}

// NightOf is the card of e, ended at ended. Its key is its file's checksum: two nights of one
// event's key (a file opened again each week) are two nights, one file kept twice one.
func NightOf(e *event.Event, ended int64) Night { return NightOfFile(e, e.File(), ended) }

// NightOfFile is NightOf, file e's file as written already (e.File()).
func NightOfFile(e *event.Event, file []byte, ended int64) Night {
	n := Night{Key: event.Checksum(string(file)), Name: e.Name, Date: e.Date, Game: e.Game, Players: len(e.Players), Played: e.Round(), Rounds: e.Rounds, Ended: ended}
	if st := e.Standings(); len(st) > 0 && st[0].Won+st[0].Drawn+st[0].Lost > 0 {
		n.Winner = st[0].Name
	}
	return n
}

type nightsRecord struct {
	envelope
	Nights []Night `json:"nights"`
}

// Nights returns the past nights' cards, in the order they were ended (none when the record is
// missing). A card out of its bounds is read cut to them.
func (s *Store) Nights() ([]Night, error) {
	var r nightsRecord
	if ok, err := s.read(NightsKey, &r, &r.envelope); !ok {
		return nil, err
	}
	for i := range r.Nights {
		n := &r.Nights[i]
		n.Key, n.Name, n.Date, n.Winner = core.CutText(core.CleanText(n.Key), 16), core.CutText(core.CleanText(n.Name), event.MaxName), core.CutText(core.CleanText(n.Date), event.MaxName), core.CutText(core.CleanText(n.Winner), event.MaxName)
	}
	if len(r.Nights) > MaxNights {
		r.Nights = r.Nights[len(r.Nights)-MaxNights:]
	}
	return r.Nights, nil
}

// ErrNightsAtMost is a night refused because MaxNights are kept already.
var ErrNightsAtMost = errors.New("the past nights are at their most")

// KeepNight ends e, the club night in progress, into the past nights: its card in nights (in
// place of a card of the same key: the night kept again), its file, and the event's record
// emptied, in one change: all of it or, on an error (a full storage: ErrNotSaved), none, and
// the night stays in progress. It returns the cards as kept.
func (s *Store) KeepNight(nights []Night, e *event.Event, ended int64) ([]Night, error) {
	card := NightOf(e, ended)
	out := slices.DeleteFunc(slices.Clone(nights), func(n Night) bool { return n.Key == card.Key })
	if len(out) >= MaxNights {
		return nights, core.Fail(ErrNightsAtMost, nil, "%d past club nights are kept, the most a phone keeps: delete one (download its file first), then end this one", MaxNights)
	}
	c, err := s.nightsChange(append(out, card))
	if err != nil {
		return nights, err
	}
	ec, _ := s.eventChange(nil) // no night in progress: its parts deleted
	c.More = []KeyRev{{Key: EventKey, Rev: ec.Rev}}
	c.Delete = append(c.Delete, ec.Delete...)
	c.Put = append(append(c.Put, [2]string{NightPrefix + card.Key, string(e.File())}), ec.Put...)
	if err := s.commit(c); err != nil {
		return nights, err
	}
	s.eventParts = nil
	return append(out, card), nil
}

// AddNights adds past nights (files already read: event.ReadFile) to nights, those not kept
// yet, up to MaxNights, in one change, each ended as its day says (noon UTC; now where it says
// none it can read), in the order of their days; it returns the cards as kept, how many were
// added, and how many were left out by MaxNights. A restore's: it overwrites nothing.
func (s *Store) AddNights(nights []Night, files []*event.Event, now int64) (kept []Night, added, over int, err error) {
	out := slices.Clone(nights)
	var put [][2]string
	var cards []Night
	for _, e := range files {
		day, err := time.Parse(time.DateOnly, e.Date)
		ended := now
		if err == nil {
			ended = day.Add(12 * time.Hour).UnixMilli()
		}
		card := NightOf(e, ended)
		if slices.ContainsFunc(out, func(n Night) bool { return n.Key == card.Key }) || slices.ContainsFunc(cards, func(n Night) bool { return n.Key == card.Key }) {
			continue
		}
		if len(out)+len(cards) >= MaxNights {
			over++
			continue
		}
		cards = append(cards, card)
		put = append(put, [2]string{NightPrefix + card.Key, string(e.File())})
	}
	if len(put) == 0 {
		return nights, 0, over, nil
	}
	out = append(out, cards...)
	slices.SortStableFunc(out, func(a, b Night) int { return cmp.Compare(a.Ended, b.Ended) })
	c, err := s.nightsChange(out)
	if err != nil {
		return nights, 0, over, err
	}
	c.Put = append(c.Put, put...)
	if err := s.commit(c); err != nil {
		return nights, 0, over, err
	}
	return out, len(put), over, nil
}

// PastNight reads the past night key's event file (event.ReadFile: checked whole, its checksum
// the key). A record missing, another's or refused is an error wrapping event.ErrEventFile; the
// card stays.
func (s *Store) PastNight(key string) (*event.Event, error) { return s.nightFile(NightPrefix, key) }

// nightFile reads the event file kept under prefix+key (event.ReadKept), its checksum key: a
// record missing, another's or refused is an error wrapping event.ErrEventFile.
func (s *Store) nightFile(prefix, key string) (*event.Event, error) {
	raw, ok, err := s.b.Get(prefix + key)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, core.Fail(event.ErrEventFile, nil, "this club night's file is not on the phone any more")
	case event.Checksum(raw) != key:
		return nil, core.Fail(event.ErrEventFile, nil, "this club night's file on the phone is damaged: it cannot be opened")
	}
	return event.ReadKept([]byte(raw)) // the phone's own: never refused for its day
}

// PastNightFile is the past night key's event file as kept, or nil.
func (s *Store) PastNightFile(key string) []byte {
	raw, ok, err := s.b.Get(NightPrefix + key)
	if err != nil || !ok {
		return nil
	}
	return []byte(raw)
}

// DropNight takes the past night key off: its card from nights and its file, in one change.
// It returns the cards as kept.
func (s *Store) DropNight(nights []Night, key string) ([]Night, error) {
	out := slices.DeleteFunc(slices.Clone(nights), func(n Night) bool { return n.Key == key })
	c, err := s.nightsChange(out)
	if err != nil {
		return nights, err
	}
	c.Delete = []string{NightPrefix + key}
	if err := s.commit(c); err != nil {
		return nights, err
	}
	return out, nil
}

// PutNight puts back a past night taken off (its card at its place in nights by when it was
// ended, and its file as it was): the undo of DropNight.
func (s *Store) PutNight(nights []Night, card Night, file []byte) ([]Night, error) {
	out := slices.DeleteFunc(slices.Clone(nights), func(n Night) bool { return n.Key == card.Key })
	at, _ := slices.BinarySearchFunc(out, card.Ended, func(n Night, t int64) int { return int(min(max(n.Ended-t, -1), 1)) })
	out = slices.Insert(out, at, card)
	c, err := s.nightsChange(out)
	if err != nil {
		return nights, err
	}
	c.Put = append(c.Put, [2]string{NightPrefix + card.Key, string(file)})
	if err := s.commit(c); err != nil {
		return nights, err
	}
	return out, nil
}

// nightsChange is the change that writes the cards nights, guarded by the record's revision.
func (s *Store) nightsChange(nights []Night) (Change, error) {
	r := nightsRecord{Nights: nights}
	return s.recordChange(NightsKey, &r, &r.envelope)
}

// NightFiles are every past night's event file, for a backup (those that cannot be read are
// left out: the card says the night, the file is gone).
func (s *Store) NightFiles() []json.RawMessage {
	kvs, err := s.b.Scan(NightPrefix)
	if err != nil {
		return nil
	}
	out := make([]json.RawMessage, 0, len(kvs))
	for _, kv := range kvs {
		if json.Valid([]byte(kv[1])) {
			out = append(out, json.RawMessage(kv[1]))
		}
	}
	return out
}
