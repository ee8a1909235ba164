package store

import (
	"encoding/json"
	"testing"

	"gnosis/engine"
	"gnosis/engine/catalog"
)

// tableGame is a game of two parties of ten catalog characters after taps: events entries.
func tableGame(b *testing.B, events int) *engine.Game {
	cat := catalog.Default()
	names := [2][]string{
		{"Claire Adelheid", "Yuri Olsen", "Daniella Meris", "Duncan Reid", "Erika", "Janus Faith", "Kronen Roxxon", "Lilian Virgil", "Odin Goldsmith", "Sho"},
		{"Frederick Adler", "Iosara", "May", "October", "Samiel, The Black Lion", "September", "Valentine", "Vayl", "Xavier", "Azriel"},
	}
	var setup engine.Setup
	for side := range names {
		setup.Sides[side].Name = [2]string{"Light", "Dark"}[side]
		setup.Sides[side].EncounterLevel = 500
		for _, n := range names[side] {
			card, ok := cat.Character(n)
			if !ok {
				b.Fatalf("no %s in the catalog", n)
			}
			setup.Sides[side].Characters = append(setup.Sides[side].Characters, card)
		}
	}
	g, err := engine.NewGame(setup)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; len(g.Log()) < events; i++ {
		r := engine.Ref{Side: i % 2, Index: i % 10}
		if err := g.Do(engine.AdjustLP{Ref: r, Delta: 2*(i/20%2) - 1}); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// BenchmarkSaveGame is one tap and its save, for a game of two parties of ten characters with
// 200 to 400 gestures in its log (two to four turns of play).
func BenchmarkSaveGame(b *testing.B) {
	g := tableGame(b, 200)
	s := New(NewMemory())
	if err := s.SaveGame(g); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		if i > 200 { // keep the log between 200 and 400 gestures
			i = 1
			b.StopTimer()
			g = tableGame(b, 200)
			if err := s.SaveGame(g); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		if err := g.Do(engine.AdjustLP{Ref: engine.Ref{Side: 1, Index: 3}, Delta: 1 - 2*(i%2)}); err != nil {
			b.Fatal(err)
		}
		if err := s.SaveGame(g); err != nil {
			b.Fatal(err)
		}
	}
	raw, _, _ := s.b.Get(GameKey)
	b.ReportMetric(float64(len(raw)), "record-bytes")
}

// TestGameRecordInOnePass checks that a game record written in one pass is what encoding/json
// writes, and that the revision read from a record's head is the one it holds.
func TestGameRecordInOnePass(t *testing.T) {
	g := game(t)
	for _, r := range []*gameRecord{{envelope{Version, 7}, g}, {envelope{Version, 1}, nil}} {
		got, err := r.marshal()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("one pass wrote\n%s\nwant\n%s", got, want)
		}
		if rev, ok := headRev(string(got)); !ok || rev != r.Rev {
			t.Errorf("headRev read %d, %v; want %d", rev, ok, r.Rev)
		}
	}
	for raw, want := range map[string]int{
		`{"rev":3,"v":2}`:              3,
		`{"game":{"log":[]},"rev":4}`:  4, // not in the first two keys: read whole
		`{"v":2,"rev":"x"}`:            0,
		`[1,2]`:                        0,
		`{"v":2,"rev":5,"game":{"log"`: 5, // the head is enough
	} {
		s := New(NewMemory())
		s.b.Set(GameKey, raw)
		if got := s.storedRev(GameKey); got != want {
			t.Errorf("storedRev of %s = %d, want %d", raw, got, want)
		}
	}
}
