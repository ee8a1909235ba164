package store

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"gnosis/engine/event"
	"gnosis/engine/shelf"
)

// TestRestoreReadsGamesAndNightsInSteps (issue 69, part 4): a backup's kept games are read
// restoreBytes a step, its past nights one a step, never the lists whole in one step; what is
// read is what ParseBackup reads at once, a kept game or a night that cannot be read left out
// alone, and kept games or nights that are no list left out, named, with the rest restored.
func TestRestoreReadsGamesAndNightsInSteps(t *testing.T) {
	bk := Backup{Version: 1, Kind: BackupKind}
	for i := range MaxShelf {
		bk.Shelf = append(bk.Shelf, shelf.FileOf(keptGame(fmt.Sprint("g", i))))
	}
	night := event.New("Thursday", "2026-12-03", 3)
	for _, name := range []string{"Ana", "Bruno", "Chiara"} {
		if _, err := night.AddPlayer(name); err != nil {
			t.Fatal(err)
		}
	}
	bk.Nights = []json.RawMessage{night.File(), json.RawMessage(`{"v":1,"name":"broken"}`), night.File()}
	raw, _ := json.Marshal(bk)
	raw = []byte(string(raw[:len(raw)-1]) + `,"extra":[` + `{"v":"not a game"}]}`) // a field the backup does not know
	whole, err := ParseBackup(raw)
	if err != nil {
		t.Fatal(err)
	}
	got, most := restoreInSteps(t, raw)
	if len(got.Shelf) != MaxShelf || !reflect.DeepEqual(got.Shelf, whole.Shelf) || !reflect.DeepEqual(got.Nights, whole.Nights) || len(got.Nights) != 2 {
		t.Fatalf("in steps: %d games, %d nights; at once %d games, %d nights", len(got.Shelf), len(got.Nights), len(whole.Shelf), len(whole.Nights))
	}
	if len(got.LeftOut) != 1 || len(whole.LeftOut) != 1 || got.LeftOut[0].Error() != whole.LeftOut[0].Error() {
		t.Errorf("left out in steps %v, at once %v", got.LeftOut, whole.LeftOut)
	}
	game, _ := json.Marshal(bk.Shelf[0])
	if biggest := len(night.File()); most > max(restoreBytes+len(game)+64, biggest+64) {
		t.Errorf("a step read %d bytes of the file (restoreBytes %d, a night %d)", most, restoreBytes, biggest)
	}

	// Kept games or nights that are no list: left out, named; the parties restored.
	for _, bad := range []string{`"shelf":{"a":[1,{"b":2}]}`, `"nights":7`, `"shelf":"x"`} {
		raw := []byte(`{"version":1,"kind":"` + BackupKind + `","parties":[{"id":"p1","party":{"version":1,"name":"Kept","edition":"core","level":250}}],` + bad + `}`)
		whole, err := ParseBackup(raw)
		if err != nil {
			t.Fatalf("%s: at once: %v", bad, err)
		}
		got, _ := restoreInSteps(t, raw)
		if len(got.Parties) != 1 || len(got.LeftOut) != 1 || len(whole.LeftOut) != 1 || got.LeftOut[0].Error() != whole.LeftOut[0].Error() {
			t.Errorf("%s: in steps %d parties, left out %v; at once %v", bad, len(got.Parties), got.LeftOut, whole.LeftOut)
		}
	}
}

// restoreInSteps restores raw onto nothing saved, a step at a time, and returns the backup it
// read and the most bytes of the file one step read.
func restoreInSteps(t *testing.T, raw []byte) (Backup, int) {
	t.Helper()
	n := 0
	r, err := NewRestore(raw, nil, func() string { n++; return fmt.Sprint("n", n) })
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	for !r.Done() {
		before := r.dec.InputOffset()
		if err := r.Step(); err != nil {
			t.Fatal(err)
		}
		most = max(most, int(r.dec.InputOffset()-before))
	}
	_, _, bk, _ := r.Result()
	return bk, most
}
