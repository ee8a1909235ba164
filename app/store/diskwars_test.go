package store

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/diskwars"
)

var greenskins = diskwars.Army{Name: "Greenskins", Discs: []diskwars.DiscCard{
	{Name: "Orc Boyz", DiameterCm: diskwars.MediumDiscCm, Move: 3},
	{Name: "Arrer Boyz", DiameterCm: diskwars.MediumDiscCm, Move: 2,
		Ranged: &diskwars.Ranged{MaxBand: diskwars.Long, Fire: 4, Strength: diskwars.Strength{N: 2}, Damage: diskwars.Physical}},
}}

func dwGame(t *testing.T) *diskwars.Game {
	t.Helper()
	g, err := diskwars.NewGame(diskwars.Setup{Armies: [2]diskwars.Army{greenskins, greenskins},
		Places: [2][]*[2]float64{{{30, 56}, {60, 70}}, {{30, 45}, nil}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []diskwars.Command{diskwars.Activate{Disc: 0}, diskwars.Move{Disc: 0, Path: []r2.Point{{X: 30, Y: 50}}}} {
		if err := g.Do(c); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestDiskwarsRecords keeps the armies and the game, reads them back, and sets aside a record
// that cannot be read (a broken log, an army that is not valid) without losing it.
func TestDiskwarsRecords(t *testing.T) {
	m := NewMemory()
	s := New(m)
	if as, err := s.Armies(); err != nil || as != nil {
		t.Fatalf("empty: %v %v", as, err)
	}
	if g, err := s.DiskwarsGame(); err != nil || g != nil {
		t.Fatalf("empty: %v %v", g, err)
	}
	if err := s.SaveArmies([]SavedArmy{{ID: "a1", Army: greenskins}}); err != nil {
		t.Fatal(err)
	}
	g := dwGame(t)
	if err := s.SaveDiskwarsGame(g); err != nil {
		t.Fatal(err)
	}
	r := New(m)
	as, err := r.Armies()
	if err != nil || len(as) != 1 || as[0].Army.Discs[1].Ranged.Fire != 4 {
		t.Fatalf("armies: %+v %v", as, err)
	}
	back, err := r.DiskwarsGame()
	if err != nil || !back.State().Pinned(2) || len(back.Log()) != len(g.Log()) {
		t.Fatalf("game: %v", err)
	}
	if err := r.SaveDiskwarsGame(nil); err != nil {
		t.Fatal(err)
	}
	if g, err := New(m).DiskwarsGame(); err != nil || g != nil {
		t.Fatalf("ended: %v %v", g, err)
	}

	for key, raw := range map[string]string{
		DWGameKey: `{"v":3,"rev":1,"log":[{"g":1,"k":"move","e":{}}]}`,
		ArmiesKey: `{"v":3,"rev":1,"armies":[{"id":"a1","army":{"name":"Giants","discs":[{"name":"Giant","diameter_cm":80,"move":1}]}}]}`,
	} {
		m := NewMemory()
		m.Values[key] = raw
		s := New(m)
		var err error
		if key == DWGameKey {
			_, err = s.DiskwarsGame()
		} else {
			_, err = s.Armies()
		}
		var ue *UnreadableError
		if !errors.As(err, &ue) || m.Values[ue.AsideKey] != raw || !strings.HasPrefix(ue.AsideKey, AsidePrefix+key) {
			t.Errorf("%s: %v; kept %v", key, err, m.Values)
		}
	}
}

// TestBackupCarriesArmies: a backup holds the armies, and restoring adds them without
// replacing any: the same army is skipped, another with a taken name comes in renamed.
func TestBackupCarriesArmies(t *testing.T) {
	s := New(NewMemory())
	s.SaveArmies([]SavedArmy{{ID: "a1", Army: greenskins}})
	bk, err := s.Export()
	if err != nil || len(bk.Armies) != 1 {
		t.Fatalf("export: %+v %v", bk.Armies, err)
	}
	b, _ := json.Marshal(bk)
	parsed, err := ParseBackup(b)
	if err != nil {
		t.Fatal(err)
	}
	other := greenskins
	other.Discs = other.Discs[:1]
	mine := []SavedArmy{{ID: "a1", Army: greenskins}}
	out, added := MergeArmies(mine, append(parsed.Armies, SavedArmy{ID: "a1", Army: other}), func() string { return "a2" })
	if added != 1 || len(out) != 2 || out[1].Army.Name != "Greenskins (imported)" || out[1].ID != "a2" {
		t.Fatalf("merge: %d %+v", added, out)
	}
	bad := strings.Replace(string(b), `"diameter_cm":6.25`, `"diameter_cm":0`, 1)
	// Issue 69: a broken army is left out, named, and the rest of the backup restores.
	if got, err := ParseBackup([]byte(bad)); err != nil || len(got.Armies) != 0 || len(got.LeftOut) != 1 || !strings.Contains(got.LeftOut[0].Error(), "Greenskins") {
		t.Fatalf("a backup with a broken army: %+v %v", got, err)
	}
}

// TestDiskwarsSetupDraft keeps a Diskwars game being set up (armies, who activates first,
// places, reserves, terrain), reads it back after a reload, clears it, and sets aside a draft
// off the battlefield without losing it.
func TestDiskwarsSetupDraft(t *testing.T) {
	m := NewMemory()
	s := New(m)
	if d, err := s.DWSetup(); err != nil || d.Places != nil || d.First != 0 {
		t.Fatalf("empty: %+v %v", d, err)
	}
	d := DWSetupDraft{Armies: [2]string{"a1", "a2"}, First: 1, Places: map[string][2]float64{"0/1": {30, 56.5}},
		Reserve: []string{"1/0"}, Terrain: []diskwars.Terrain{{Kind: diskwars.Rough, Polygon: []r2.Point{{X: 1, Y: 2}, {X: 3, Y: 2}, {X: 3, Y: 4}}}}}
	if err := s.SaveDWSetup(d); err != nil {
		t.Fatal(err)
	}
	back, err := New(m).DWSetup()
	if err != nil || back.Armies != d.Armies || back.First != 1 || back.Places["0/1"] != [2]float64{30, 56.5} ||
		len(back.Reserve) != 1 || len(back.Terrain) != 1 || back.Terrain[0].Polygon[2] != (r2.Point{X: 3, Y: 4}) {
		t.Fatalf("after a reload: %+v %v", back, err)
	}
	if err := s.SaveDWSetup(DWSetupDraft{}); err != nil {
		t.Fatal(err)
	}
	if back, err := New(m).DWSetup(); err != nil || back.Places != nil || back.Armies != [2]string{} {
		t.Fatalf("cleared: %+v %v", back, err)
	}
	for _, raw := range []string{`{"v":3,"rev":1,"draft":{"first":2}}`, `{"v":3,"rev":1,"draft":{"places":{"0/0":[30,400]}}}`} {
		m := NewMemory()
		m.Values[DWSetupKey] = raw
		_, err := New(m).DWSetup()
		var ue *UnreadableError
		if !errors.As(err, &ue) || m.Values[ue.AsideKey] != raw {
			t.Errorf("%s: %v; kept %v", raw, err, m.Values)
		}
	}
}
