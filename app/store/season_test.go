package store

import (
	"encoding/json"
	"strings"
	"testing"

	"gnosis/engine/event"
	"gnosis/engine/season"
	"gnosis/internal/eventcases"
)

// TestSeasonRecord: the season is kept with its added nights, each night's file under its
// checksum, read back whole and taken off in one change; a damaged night's file is refused by
// its reader; a backup's season is read as the phone reads one: a night that cannot be read
// left out alone, a set-up the season refuses leaving the season out, each said.
func TestSeasonRecord(t *testing.T) {
	nights, err := eventcases.Season(2, 4, 1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemory()
	s := New(mem)
	se := KeptSeason{Setup: season.Setup{Name: "Autumn", Game: event.GameAnima}, Out: []string{"abcd1234"}}
	if se, err = s.AddSeasonNight(se, nights[0], 1); err != nil {
		t.Fatal(err)
	}
	if se, err = s.AddSeasonNight(se, nights[1], 2); err != nil {
		t.Fatal(err)
	}
	again := New(mem)
	got, err := again.Season()
	if err != nil || got.Setup.Name != "Autumn" || len(got.Added) != 2 || got.Out[0] != "abcd1234" {
		t.Fatalf("read back: %+v %v", got, err)
	}
	if e, err := again.SeasonNight(got.Added[1].Key); err != nil || e.Key() != nights[1].Key() {
		t.Fatalf("the second night: %v", err)
	}
	mem.Commit(Change{Guard: "x", Put: [][2]string{{SeasonNightPrefix + got.Added[0].Key, `{"kind":"gnosis-event"}`}}})
	if _, err := again.SeasonNight(got.Added[0].Key); err == nil {
		t.Error("a damaged night's file read")
	}
	if got, err = again.DropSeasonNight(got, got.Added[0].Key); err != nil || len(got.Added) != 1 || len(mem.Keys(SeasonNightPrefix)) != 1 {
		t.Fatalf("taken off: %+v %v, %d files", got, err, len(mem.Keys(SeasonNightPrefix)))
	}

	bk := SeasonBackup{Setup: se.Setup, Added: []json.RawMessage{nights[0].File(), json.RawMessage(`{"kind":"nothing"}`)}}
	raw, _ := json.Marshal(map[string]any{"version": 1, "kind": BackupKind, "parties": []any{}, "season": bk})
	parsed, err := ParseBackup(raw)
	if err != nil || parsed.Season == nil || len(parsed.Season.Added) != 1 || len(parsed.LeftOut) != 1 || !strings.Contains(parsed.LeftOut[0].Error(), "a night of the backup's season") {
		t.Fatalf("a backup's season with a bad night: %+v, left out %v, %v", parsed.Season, parsed.LeftOut, err)
	}
	bk.Setup.Game = "chess"
	raw, _ = json.Marshal(map[string]any{"version": 1, "kind": BackupKind, "parties": []any{}, "season": bk})
	if parsed, err = ParseBackup(raw); err != nil || parsed.Season != nil || len(parsed.LeftOut) != 1 || !strings.Contains(parsed.LeftOut[0].Error(), "season") {
		t.Fatalf("a backup's season of another game: %+v, left out %v, %v", parsed.Season, parsed.LeftOut, err)
	}
}

// TestSeasonNightsInOneChange: a season's file opened keeps its set-up and all its nights in
// one change (AddSeasonNights): a storage that refuses it keeps none of them, the season as it
// was; then, with room, all of them.
func TestSeasonNightsInOneChange(t *testing.T) {
	nights, err := eventcases.Season(3, 4, 1, 4, 5)
	if err != nil {
		t.Fatal(err)
	}
	mem := NewMemory()
	s := New(mem)
	se, err := s.AddSeasonNight(KeptSeason{Setup: season.Setup{Name: "Mine", Game: event.GameAnima}}, nights[0], 1)
	if err != nil {
		t.Fatal(err)
	}
	files := [][]byte{nights[1].File(), nights[2].File()}
	mem.Quota = 1
	next := se
	next.Setup.Name = "Theirs"
	if got, err := s.AddSeasonNights(next, nights[1:], files, 2); err == nil || len(got.Added) != 1 {
		t.Fatalf("with the storage full: %+v, %v", got, err)
	}
	if kept, _ := New(mem).Season(); kept.Setup.Name != "Mine" || len(kept.Added) != 1 || len(mem.Keys(SeasonNightPrefix)) != 1 {
		t.Fatalf("kept with the storage full: %+v, %d files", kept, len(mem.Keys(SeasonNightPrefix)))
	}
	mem.Quota = 0
	if _, err := s.AddSeasonNights(next, nights[1:], files, 2); err != nil {
		t.Fatal(err)
	}
	kept, _ := New(mem).Season()
	if kept.Setup.Name != "Theirs" || len(kept.Added) != 3 || kept.Added[2].Key != event.Checksum(string(files[1])) || len(mem.Keys(SeasonNightPrefix)) != 3 {
		t.Fatalf("kept: %+v", kept)
	}
}

// TestABackupsBrokenSeasonPartKeepsItsNights: a season whose list of nights left out, or whose
// rule, cannot be read restores its nights added all the same, the part left out named; only
// a season that is not an object at all is left out whole.
func TestABackupsBrokenSeasonPartKeepsItsNights(t *testing.T) {
	nights, err := eventcases.Season(1, 4, 1, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	night := string(nights[0].File())
	for name, c := range map[string]struct {
		season string
		added  int
		said   string
	}{
		"its nights left out a number": {`{"setup":{"game":"at"},"out":7,"added":[` + night + `]}`, 1, "nights left out"},
		"its rule a number":            {`{"setup":5,"added":[` + night + `]}`, 1, "rule"},
		"not an object":                {`[1,2]`, -1, "season"},
	} {
		raw := `{"version":1,"kind":"` + BackupKind + `","parties":[],"season":` + c.season + `}`
		parsed, err := ParseBackup([]byte(raw))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		got := -1
		if parsed.Season != nil {
			got = len(parsed.Season.Added)
		}
		if got != c.added || len(parsed.LeftOut) != 1 || !strings.Contains(parsed.LeftOut[0].Error(), c.said) {
			t.Errorf("%s: %d nights added, left out %v", name, got, parsed.LeftOut)
		}
	}
}
