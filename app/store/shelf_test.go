package store

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"gnosis/engine/luck"
	"gnosis/engine/report"
	"gnosis/engine/shelf"
)

// keptGame is a small kept game of ID id: its card, two entries, a luck.
func keptGame(id string) shelf.Kept {
	return shelf.Kept{
		Game:    shelf.Game{ID: id, Kind: shelf.Anima, Kept: 1, Sides: [2]shelf.Side{{Name: "Light"}, {Name: "Dark"}}},
		Entries: [][]byte{[]byte(`{"g":0}`), []byte(`{"g":1}`)},
		Luck:    report.GameLuck{Sides: [2]report.SideLuck{{Figures: luck.Figures{LP: 3}, Dist: report.Dist{P: []float64{0.5, 0.5}}}}},
	}
}

// TestShelfRecords: a game is kept, replaced, read and taken off in one change of its card,
// log and luck each; another tab's change first is a conflict; a full storage keeps nothing.
func TestShelfRecords(t *testing.T) {
	m := NewMemory()
	s := New(m)
	games, err := s.Shelf()
	if err != nil || games != nil {
		t.Fatalf("an empty shelf: %v %v", games, err)
	}
	games, err = s.Shelve(games, keptGame("at-1"))
	if err != nil {
		t.Fatal(err)
	}
	games, err = s.Shelve(games, keptGame("at-2"))
	if err != nil {
		t.Fatal(err)
	}
	again := keptGame("at-1")
	again.Game.Turns = 5
	if games, err = s.Shelve(games, again); err != nil || len(games) != 2 || games[1].Turns != 5 {
		t.Fatalf("kept again: %+v %v", games, err)
	}
	entries, luck, err := New(m).KeptGame("at-1")
	if err != nil || len(entries) != 2 || luck.Sides[0].LP != 3 {
		t.Fatalf("read back: %v %+v %v", entries, luck, err)
	}
	lucks, err := s.KeptLucks()
	if err != nil || len(lucks) != 2 || lucks[0][0] != "at-1" {
		t.Fatalf("lucks: %v %v", lucks, err)
	}
	if l, err := DecodeLuck(lucks[0][1]); err != nil || l.Sides[0].LP != 3 {
		t.Errorf("a luck decoded: %+v %v", l, err)
	}
	if _, err := DecodeLuck("{"); !errors.Is(err, shelf.ErrNotAKeptGame) {
		t.Errorf("a broken luck: %v", err)
	}
	other := New(m)
	otherGames, _ := other.Shelf()
	if _, err := other.Unshelve(otherGames, "at-2"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Shelve(games, keptGame("at-3")); !errors.Is(err, ErrConflict) {
		t.Errorf("after another tab's change: %v", err)
	}
	s = New(m)
	games, _ = s.Shelf()
	m.Quota = 10
	if out, err := s.Shelve(games, keptGame("at-4")); !errors.Is(err, ErrNotSaved) || len(out) != len(games) {
		t.Errorf("a full storage: %v", err)
	}
	m.Quota = 0
	if games, err = s.Unshelve(games, "at-1"); err != nil || len(games) != 0 {
		t.Fatalf("taken off: %v %v", games, err)
	}
	if len(m.Keys(ShelfLogPrefix)) != 0 || len(m.Keys(ShelfLuckPrefix)) != 0 {
		t.Errorf("records left: %v %v", m.Keys(ShelfLogPrefix), m.Keys(ShelfLuckPrefix))
	}
	if _, _, err := s.KeptGame("at-1"); !errors.Is(err, shelf.ErrNotAKeptGame) {
		t.Errorf("a game taken off read: %v", err)
	}
}

// FuzzShelfRecords: no stored text under the shelf's records makes reading them panic; a card
// record that cannot be read is set aside whole; one that can is read within the bounds (each
// card at most shelf.MaxCardBytes, a log at most shelf.MaxEntries), kept with a game more and
// read back; a log or luck that cannot be read is an error for that game alone.
func FuzzShelfRecords(f *testing.F) {
	good := New(NewMemory())
	games, _ := good.Shelve(nil, keptGame("at-1"))
	b, _ := json.Marshal(shelfRecord{envelope: envelope{V: Version, Rev: 1}, Games: games})
	luck, _ := json.Marshal(keptGame("at-1").Luck)
	f.Add(string(b), shelf.Pack(keptGame("at-1").Entries), string(luck))
	f.Add(`{"v":3,"rev":1,"games":[{"id":"at-1","sides":[{},{}]}]}`, "!!", `{"sides":[{"dist":{"off":-1,"p":""}}]}`)
	f.Add(`{"v":9}`, "", "")
	f.Fuzz(func(t *testing.T, index, log, luck string) {
		m := NewMemory()
		m.Values[ShelfKey], m.Values[ShelfLogPrefix+"at-1"], m.Values[ShelfLuckPrefix+"at-1"] = index, log, luck
		s := New(m)
		s.KeptGame("at-1")
		s.KeptLucks()
		games, err := s.Shelf()
		var ue *UnreadableError
		switch {
		case errors.As(err, &ue):
			if kept, ok := m.Values[ue.AsideKey]; ue.Kept || !ok || kept != index {
				t.Fatalf("an unreadable shelf was not kept whole: %q", ue.AsideKey)
			}
			return
		case err != nil:
			t.Fatal(err)
		}
		for _, g := range games { // issue 61: a card read is within the bounds, whatever was stored
			if b, _ := json.Marshal(g); len(b) > shelf.MaxCardBytes {
				t.Fatalf("a card of %d bytes read, over %d", len(b), shelf.MaxCardBytes)
			}
		}
		if entries, _, err := s.KeptGame("at-1"); err == nil && len(entries) > shelf.MaxEntries {
			t.Fatalf("a log of %d entries read, over %d", len(entries), shelf.MaxEntries)
		}
		out, err := s.Shelve(games, keptGame("at-new"))
		if err != nil {
			t.Fatal(err)
		}
		back, err := New(m).Shelf()
		if err != nil || len(back) != len(out) {
			t.Fatalf("kept, not read back: %d of %d, %v", len(back), len(out), err)
		}
	})
}

// TestShelfCardsBoundedOnRead: issue 61: a card kept before the bounds (a side named with 15 MB,
// control characters in a name) is read within them, and the record is written so once: the
// next start reads a small record; the other cards are as they were.
func TestShelfCardsBoundedOnRead(t *testing.T) {
	m := NewMemory()
	st := New(m)
	games, err := st.Shelve(nil, keptGame("at-1"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err = st.Shelve(games, keptGame("at-2")); err != nil {
		t.Fatal(err)
	}
	var r shelfRecord
	json.Unmarshal([]byte(m.Values[ShelfKey]), &r)
	r.Games[0].Sides[0].Name = "Li\x1bght" + strings.Repeat("N", 15<<20)
	b, _ := json.Marshal(r)
	m.Values[ShelfKey] = string(b)
	got, err := New(m).Shelf()
	if err != nil || len(got) != 2 {
		t.Fatalf("%d cards, %v", len(got), err)
	}
	if n := len(m.Values[ShelfKey]); n > 4<<10 {
		t.Errorf("the record is %d bytes after a read: not written bounded", n)
	}
	again, _ := New(m).Shelf()
	if name := again[0].Sides[0].Name; name != "Light"+strings.Repeat("N", shelf.MaxName-5) || again[1].Sides[0].Name != "Light" {
		t.Errorf("read again: %q… and %q", name[:min(20, len(name))], again[1].Sides[0].Name)
	}
}
