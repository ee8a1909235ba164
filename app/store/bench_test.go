package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
)

// tableGame is a game of two parties of ten catalog characters after taps: events entries.
func tableGame(b testing.TB, events int) *anima.Game {
	cat := catalog.Default()
	names := [2][]string{
		{"Claire Adelheid", "Yuri Olsen", "Daniella Meris", "Duncan Reid", "Erika", "Janus Faith", "Kronen Roxxon", "Lilian Virgil", "Odin Goldsmith", "Sho"},
		{"Frederick Adler", "Iosara", "May", "October", "Samiel, The Black Lion", "September", "Valentine", "Vayl", "Xavier", "Azriel"},
	}
	var setup anima.Setup
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
	g, err := anima.NewGame(setup)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i%100 != 0 || len(g.Log()) < events; i++ { // Log copies: asked once in 100
		r := anima.Ref{Side: i % 2, Index: i % 10}
		if err := g.Do(anima.AdjustLP{Ref: r, Delta: 2*(i/20%2) - 1}); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// counting is a Backend that counts the bytes each Commit writes.
type counting struct {
	*Memory
	written, commits int
}

func (c *counting) Commit(ch Change) error {
	for _, kv := range ch.Put {
		c.written += len(kv[0]) + len(kv[1])
	}
	c.commits++
	return c.Memory.Commit(ch)
}

// BenchmarkSaveGame is one tap and its save, for a game of two parties of ten characters with
// 200 to 400 gestures in its log (two to four turns of play): the entry of the tap and the
// game's head record are written, whatever the length of the log.
func BenchmarkSaveGame(b *testing.B) {
	g := tableGame(b, 200)
	m := &counting{Memory: NewMemory()}
	s := New(m)
	if err := s.SaveGame(g); err != nil {
		b.Fatal(err)
	}
	m.written, m.commits = 0, 0
	i := 0
	for b.Loop() {
		i++
		if i > 200 { // keep the log between 200 and 400 gestures
			i = 1
			b.StopTimer()
			g = tableGame(b, 200)
			s = New(m)
			if _, _, err := s.Game(); err != nil {
				b.Fatal(err)
			}
			w, n := m.written, m.commits
			if err := s.SaveGame(g); err != nil {
				b.Fatal(err)
			}
			m.written, m.commits = w, n
			b.StartTimer()
		}
		if err := g.Do(anima.AdjustLP{Ref: anima.Ref{Side: 1, Index: 3}, Delta: 1 - 2*(i%2)}); err != nil {
			b.Fatal(err)
		}
		if err := s.SaveGame(g); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(m.written)/float64(max(1, m.commits)), "written-bytes/save")
	var all int
	for _, v := range m.Values {
		all += len(v)
	}
	b.ReportMetric(float64(all), "stored-bytes")
}

// TestSaveGameWritesWhatChanged: a tap writes its entry and the head; an undo removes the
// entry; a game read back is the game saved; the revision of a record is read from its head.
func TestSaveGameWritesWhatChanged(t *testing.T) {
	g := game(t)
	m := &counting{Memory: NewMemory()}
	s := New(m)
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	n := len(g.Log())
	if got := len(m.Keys(entryPrefix)); got != n {
		t.Fatalf("%d entries stored, want %d", got, n)
	}
	if err := g.Do(anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}); err != nil {
		t.Fatal(err)
	}
	before := m.written
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	last, _, _ := g.LogJSON()
	if w := m.written - before; w != len(entryKey(n))+len(last[n])+len(GameKey)+len(m.Values[GameKey]) {
		t.Fatalf("a tap wrote %d bytes: more than its entry and the head", w)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveGame(g); err != nil || len(m.Keys(entryPrefix)) != n || !strings.Contains(m.Values[GameKey], `"redo":`) {
		t.Fatalf("after undo: %v, %d entries, head %s", err, len(m.Keys(entryPrefix)), m.Values[GameKey])
	}
	back, ok, err := New(m).Game()
	if err != nil || !ok || !back.CanRedo() || back.State().Sides[0].Characters[0].LP != g.State().Sides[0].Characters[0].LP {
		t.Fatalf("read back: %v %v", ok, err)
	}
	if err := s.DeleteGame(); err != nil || len(m.Keys(entryPrefix)) != 0 {
		t.Fatalf("deleted game: %v, entries %v", err, m.Keys(entryPrefix))
	}
	for raw, want := range map[string]int{
		`{"rev":3,"v":2}`:               3,
		`{"game":{"log":[]},"rev":4}`:   4, // not in the first two keys: read whole
		`{"v":2,"rev":"x"}`:             0,
		`[1,2]`:                         0,
		`{"v":2,"rev":5,"game":{"log"`:  5, // the head is enough
		`{"v":3,"rev":12,"entries":57}`: 12,
	} {
		if got := Revision(raw); got != want {
			t.Errorf("Revision of %s = %d, want %d", raw, got, want)
		}
	}
}

// BenchmarkRestoreBackup: a backup of 20,000 parties (about 3 MB) read and merged into 1,000
// saved ones (finding 7: the merge compared every pair, and froze the page for minutes).
func BenchmarkRestoreBackup(b *testing.B) {
	bk := Backup{Version: 1, Kind: BackupKind}
	for i := range 20000 {
		bk.Parties = append(bk.Parties, SavedParty{ID: fmt.Sprintf("p%d", i), Party: party.PartyFile{Version: 1, Name: fmt.Sprintf("Party %d", i), Edition: anima.Core, Level: 250,
			Characters: []party.PartyEntry{{Name: "Nero"}, {Name: "Xavier"}, {Name: "Grey"}}, Advantages: []party.AdvantageRef{{Name: "Tactics"}}}})
	}
	raw, _ := json.Marshal(bk)
	mine := append([]SavedParty(nil), bk.Parties[:1000]...)
	n := 0
	b.ReportMetric(float64(len(raw)), "backup-bytes")
	b.ResetTimer()
	for range b.N {
		in, err := ParseBackup(raw)
		if err != nil {
			b.Fatal(err)
		}
		ps, _, _, rep := Merge(mine, OwnCards{}, nil, in, func() string { n++; return fmt.Sprint("n", n) })
		if len(ps) != 20000 || rep.PartiesSame != 1000 {
			b.Fatalf("%d parties, %+v", len(ps), rep)
		}
	}
}

// BenchmarkOpenLongGame reads a game of 70,000 entries back from the records (what a start
// does with a long game in progress).
func BenchmarkOpenLongGame(b *testing.B) {
	g := tableGame(b, 70000)
	m := NewMemory()
	if err := New(m).SaveGame(g); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, ok, err := New(m).Game(); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
