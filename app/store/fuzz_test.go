package store

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"gnosis/engine/shelf"
	"gnosis/engine/tabletop"
)

// FuzzStoredRecords: no stored text, under any record's key, makes reading it panic; what
// cannot be read is reported as ErrUnreadable with its text kept whole (set aside, or kept in
// place); and whatever is read is written back and read again the same.
func FuzzStoredRecords(f *testing.F) {
	for _, name := range []string{"v1-parties", "v2-parties", "v2-cards", "v2-game", "v2-settings", "v3-parties"} {
		if b, err := os.ReadFile("testdata/" + name + ".json"); err == nil {
			f.Add(uint8(0), string(b), "")
		}
	}
	if b, err := os.ReadFile("testdata/v3-game.json"); err == nil {
		var recs map[string]string
		json.Unmarshal(b, &recs)
		f.Add(uint8(1), recs[GameKey], recs[entryKey(0)])
	}
	f.Add(uint8(1), `{"v":3,"rev":2,"entries":2}`, `{"g":1,"k":"lp","e":{}}`)
	f.Add(uint8(2), `{"v":9,"rev":1}`, "")
	keys := []string{PartiesKey, GameKey, CardsKey, SettingsKey, TableKey}
	f.Fuzz(func(t *testing.T, which uint8, raw, entry string) {
		key := keys[int(which)%len(keys)]
		m := NewMemory()
		m.Values[key] = raw
		if key == GameKey && entry != "" {
			m.Values[entryKey(0)] = entry
		}
		s := New(m)
		var err error
		switch key {
		case PartiesKey:
			var ps []SavedParty
			if ps, err = s.Parties(); err == nil {
				err = s.SaveParties(ps)
			}
		case GameKey:
			g, ok, gerr := s.Game()
			if err = gerr; err == nil && ok {
				err = s.SaveGame(g)
				if back, ok, rerr := New(m).Game(); err == nil && (rerr != nil || !ok || len(back.Log()) != len(g.Log())) {
					t.Fatalf("a game written back does not read the same: %v %v", ok, rerr)
				}
			}
		case CardsKey:
			var c OwnCards
			if c, err = s.Cards(); err == nil {
				err = s.SaveCards(c)
			}
		case SettingsKey:
			var v Prefs
			if v, err = s.Settings(); err == nil {
				err = s.SaveSettings(v)
			}
		case TableKey:
			var l tabletop.Layout
			if l, err = s.Table(); err == nil {
				err = s.SaveTable(l)
			}
		}
		var ue *UnreadableError
		switch {
		case err == nil:
		case errors.As(err, &ue):
			if kept, ok := m.Values[ue.AsideKey]; !ok || kept != ue.Raw {
				t.Fatalf("an unreadable record was not kept whole: %q", ue.AsideKey)
			}
		default:
			t.Fatalf("reading or writing back: %v", err)
		}
	})
}

// FuzzBackup: no backup file makes ParseBackup panic; a backup it accepts exports again as a
// backup it accepts, with as many parties; each kept game it holds is read within the shelf's
// bounds under its log's ID, or refused.
func FuzzBackup(f *testing.F) {
	f.Add([]byte(`{"version":1,"kind":"gnosis-backup","parties":[{"id":"a","party":{"version":1,"name":"Church","edition":"core","level":250,"characters":[{"name":"Nero"}]}}],"cards":{"characters":[],"advantages":[]},"settings":{"language":"es"}}`))
	f.Add([]byte(`{"version":1,"kind":"gnosis-backup","game":{"log":[]}}`))
	f.Add([]byte(`{"version":1,"kind":"gnosis-card-pack"}`))
	if b, err := json.Marshal(Backup{Version: 1, Kind: BackupKind, Shelf: []shelf.File{shelf.FileOf(keptGame("at-1"))}}); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		bk, err := ParseBackup(b)
		if err != nil {
			return
		}
		out, err := json.Marshal(bk)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseBackup(out)
		if err != nil || len(back.Parties) != len(bk.Parties) {
			t.Fatalf("a backup it wrote does not read back: %v", err)
		}
		for _, f := range bk.Shelf { // issue 61: a kept game the backup holds is read within the bounds, or refused
			k, err := f.Kept()
			if err != nil {
				continue
			}
			card, _ := json.Marshal(k.Game)
			if len(k.Entries) > shelf.MaxEntries || len(card) > shelf.MaxCardBytes || k.Game.ID != f.LogID() {
				t.Fatalf("a backup's game read with %d entries, a card of %d bytes, its ID %q (its log's %q)", len(k.Entries), len(card), k.Game.ID, f.LogID())
			}
		}
	})
}
