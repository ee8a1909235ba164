package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/diskwars"
	"gnosis/engine/tabletop"

	"github.com/golang/geo/r2"

	"gnosis/engine/party"
)

func savedParty(name string) SavedParty {
	return SavedParty{ID: "p-" + name, Party: party.PartyFile{Version: 1, Name: name, Edition: anima.Core, Level: 250,
		Characters: []party.PartyEntry{{Name: "Nero"}, {Name: "Grey"}}}}
}

func game(t *testing.T) *anima.Game {
	nero, _ := catalog.Default().Character("Nero")
	g, err := anima.NewGame(anima.Setup{Sides: [2]anima.SideSetup{{Name: "A", Characters: []anima.Card{nero}}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Do(anima.AdjustLP{Ref: anima.Ref{}, Delta: -2}); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRoundTrip(t *testing.T) {
	s := New(NewMemory())
	if ps, err := s.Parties(); err != nil || ps != nil {
		t.Fatalf("empty store: %v %v", ps, err)
	}
	want := []SavedParty{savedParty("Church"), savedParty("Light")}
	if err := s.SaveParties(want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Parties()
	if err != nil || len(got) != 2 || got[1].Party.Name != "Light" || got[0].Party.Characters[1].Name != "Grey" {
		t.Fatalf("%+v %v", got, err)
	}
	g := game(t)
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	back, ok, err := s.Game()
	if err != nil || !ok || back.State().Sides[0].Characters[0].LP != 12 {
		t.Fatalf("game: %v %v", ok, err)
	}
	own := OwnCards{Characters: []anima.Card{{Kind: anima.KindSummon, Name: "Elhaym", Level: 30, LP: anima.S(10), Actions: 4, Recovery: 3, Bind: 3, Affinity: []string{"Light"}}},
		Advantages: []anima.AdvantageCard{{Name: "Lucky Charm", Group: anima.Equipment, Cost: 5}}}
	if err := s.SaveCards(own); err != nil {
		t.Fatal(err)
	}
	if back, err := s.Cards(); err != nil || back.Characters[0].Bind != 3 || back.Advantages[0].Cost != 5 {
		t.Fatalf("own cards: %+v %v", back, err)
	}
	if err := s.DeleteGame(); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Game(); ok || err != nil {
		t.Fatalf("deleted game: %v %v", ok, err)
	}
}

func TestFullQuotaKeepsThePreviousRecord(t *testing.T) {
	m := NewMemory()
	s := New(m)
	if err := s.SaveParties([]SavedParty{savedParty("Church")}); err != nil {
		t.Fatal(err)
	}
	m.Quota = len(m.Values[PartiesKey]) + 10
	many := []SavedParty{savedParty("Church"), savedParty("Empire"), savedParty("Samael")}
	if err := s.SaveParties(many); !errors.Is(err, ErrNotSaved) {
		t.Fatalf("over quota: %v", err)
	}
	got, err := s.Parties()
	if err != nil || len(got) != 1 || got[0].Party.Name != "Church" {
		t.Fatalf("the previous record was lost: %+v %v", got, err)
	}
}

func TestUnreadableRecordsAreSetAside(t *testing.T) {
	for name, raw := range map[string]string{
		"corrupt":        `{"v":1,"parties":[{"id":`,
		"future version": `{"v":7,"parties":[]}`,
		"no version":     `{"parties":[]}`,
	} {
		t.Run(name, func(t *testing.T) {
			m := NewMemory()
			m.Values[PartiesKey] = raw
			s := New(m)
			ps, err := s.Parties()
			if !errors.Is(err, ErrUnreadable) || ps != nil {
				t.Fatalf("%v %v", ps, err)
			}
			var ue *UnreadableError
			if !errors.As(err, &ue) || ue.Raw != raw || !strings.HasPrefix(ue.AsideKey, AsidePrefix+PartiesKey+".") || ue.Kept {
				t.Fatalf("the report does not carry the record: %#v", err)
			}
			if m.Values[ue.AsideKey] != raw || !strings.Contains(err.Error(), AsidePrefix) {
				t.Fatalf("not set aside: %v", m.Values)
			}
			// The same record unreadable at five starts is set aside once.
			for range 5 {
				New(m).Parties()
			}
			if aside, _ := New(m).Aside(); len(aside) != 1 || aside[0] != [2]string{ue.AsideKey, raw} {
				t.Fatalf("set aside %d times: %v", len(aside), aside)
			}
			if err := s.SaveParties([]SavedParty{savedParty("New")}); err != nil {
				t.Fatal(err)
			}
			if err := s.DeleteAside(ue.AsideKey); err != nil || len(m.Values) != 1 {
				t.Fatalf("%v %v", err, m.Values)
			}
			if err := s.DeleteAside(PartiesKey); err == nil {
				t.Fatal("DeleteAside deleted a record that was not set aside")
			}
		})
	}
	t.Run("a corrupt game log is set aside", func(t *testing.T) {
		m := NewMemory()
		m.Values[GameKey] = `{"v":1,"game":[{"g":1,"k":"lp","e":{}}]}`
		_, ok, err := New(m).Game()
		if keys := m.Keys(AsidePrefix + GameKey); ok || !errors.Is(err, ErrUnreadable) || len(keys) != 1 {
			t.Fatalf("%v %v", ok, err)
		}
	})
	t.Run("a record that cannot be set aside is never written over", func(t *testing.T) {
		m := NewMemory()
		m.Values[PartiesKey] = `not json`
		m.Quota = len(`not json`) + 1
		s := New(m)
		if _, err := s.Parties(); !errors.Is(err, ErrUnreadable) {
			t.Fatal(err)
		}
		m.Quota = 0
		if err := s.SaveParties(nil); !errors.Is(err, ErrProtected) || m.Values[PartiesKey] != `not json` {
			t.Fatalf("%v, value %q", err, m.Values[PartiesKey])
		}
	})
	t.Run("a record kept in place is downloadable and, once discarded, saved anew", func(t *testing.T) {
		m := NewMemory()
		m.Values[PartiesKey] = `not json`
		m.Quota = len(`not json`) + 1
		s := New(m)
		_, err := s.Parties()
		var ue *UnreadableError
		if !errors.As(err, &ue) || !ue.Kept || ue.Raw != `not json` || ue.AsideKey != "" {
			t.Fatalf("%#v", err)
		}
		if err := s.Discard(ue); err != nil {
			t.Fatal(err)
		}
		m.Quota = 0
		if err := s.SaveParties([]SavedParty{savedParty("Fresh")}); err != nil || !strings.Contains(m.Values[PartiesKey], "Fresh") {
			t.Fatalf("%v %v", err, m.Values)
		}
	})
}

// TestGoldenRecords reads a golden record of every schema version of every record, and
// writes it back as the current version. A new schema version adds its files to testdata/.
func TestGoldenRecords(t *testing.T) {
	for _, v := range []int{1, 2, 3} {
		load := func(key, file string) *Memory {
			b, err := os.ReadFile(filepath.Join("testdata", fmt.Sprintf("v%d-%s.json", v, file)))
			if err != nil {
				t.Fatal(err)
			}
			m := NewMemory()
			if key == GameKey && v >= 3 { // a game of version 3 is a set of records, by key
				if err := json.Unmarshal(b, &m.Values); err != nil {
					t.Fatal(err)
				}
				return m
			}
			m.Values[key] = string(b)
			return m
		}
		t.Run(fmt.Sprintf("version %d", v), func(t *testing.T) {
			m := load(PartiesKey, "parties")
			s := New(m)
			ps, err := s.Parties()
			if err != nil || len(ps) != 1 || ps[0].Party.Characters[0].Advantages[0].Name != "Heavy Armor" || ps[0].Party.Advantages[0].Name != "Tactics" {
				t.Fatalf("parties: %+v %v", ps, err)
			}
			if err := s.SaveParties(ps); err != nil || !strings.HasPrefix(m.Values[PartiesKey], fmt.Sprintf(`{"v":%d,`, Version)) {
				t.Fatalf("rewrite: %v %s", err, m.Values[PartiesKey])
			}

			gm := load(GameKey, "game")
			gs := New(gm)
			g, ok, err := gs.Game()
			if err != nil || !ok {
				t.Fatalf("game: %v %v", ok, err)
			}
			st := g.State()
			if st.Sides[0].Characters[0].LP != 11 || st.Flow.Phase != anima.Action || st.Sides[0].Characters[1].Actions != 2 || !g.CanUndo() {
				t.Fatalf("game state %+v", st)
			}
			// Written back as version 3: the entries one by one, and read the same.
			if err := gs.SaveGame(g); err != nil || len(gm.Keys(entryPrefix)) != len(g.Log()) {
				t.Fatalf("rewrite: %v, %d entries of %d", err, len(gm.Keys(entryPrefix)), len(g.Log()))
			}
			if again, ok, err := New(gm).Game(); err != nil || !ok || again.State().Sides[0].Characters[0].LP != 11 || again.CanRedo() != g.CanRedo() {
				t.Fatalf("version 3 read back: %v %v", ok, err)
			}

			cards, err := New(load(CardsKey, "cards")).Cards()
			if err != nil || cards.Characters[0].Bind != 3 || cards.Advantages[0].Cost != 5 {
				t.Fatalf("cards %+v %v", cards, err)
			}
		})
	}
	m := NewMemory()
	b, _ := os.ReadFile("testdata/v2-settings.json")
	// Settings are written the same in version 3.
	m.Values[SettingsKey] = string(b)
	if set, err := New(m).Settings(); err != nil || set.Language != "es" {
		t.Fatalf("settings %+v %v", set, err)
	}
}

// TestTwoTabs: two Stores over one storage stand for two tabs. A write over a change this
// tab has not read is refused, and nothing is lost.
func TestTwoTabs(t *testing.T) {
	m := NewMemory()
	a, b := New(m), New(m)
	a.Parties()
	b.Parties()
	if err := a.SaveParties([]SavedParty{savedParty("From A")}); err != nil {
		t.Fatal(err)
	}
	if err := b.SaveParties([]SavedParty{savedParty("From B")}); !errors.Is(err, ErrConflict) {
		t.Fatalf("B overwrote A's change: %v", err)
	}
	ps, _ := b.Parties() // B reads again, as on the storage event
	if len(ps) != 1 || ps[0].Party.Name != "From A" {
		t.Fatalf("%+v", ps)
	}
	if err := b.SaveParties(append(ps, savedParty("From B"))); err != nil {
		t.Fatal(err)
	}
	got, _ := New(m).Parties()
	if len(got) != 2 {
		t.Fatalf("both tabs' parties should be kept: %+v", got)
	}
}

func TestBackup(t *testing.T) {
	m := NewMemory()
	s := New(m)
	s.SaveParties([]SavedParty{savedParty("Church"), savedParty("Light")})
	s.SaveCards(OwnCards{Advantages: []anima.AdvantageCard{{Name: "Charm", Group: anima.Equipment, Cost: 5}}})
	s.SaveGame(game(t))
	bk, err := s.Export()
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(bk)
	back, err := ParseBackup(raw)
	if err != nil || len(back.Parties) != 2 || back.Game == nil {
		t.Fatalf("%v %+v", err, back)
	}
	for _, bad := range []string{`{`, `{"version":1,"kind":"gnosis-card-pack"}`, `{"version":3,"kind":"gnosis-backup"}`} {
		if _, err := ParseBackup([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}

	// Into another device that has its own "Church" party, a card of the same name, and a game.
	mine := []SavedParty{{ID: "x", Party: party.PartyFile{Version: 1, Name: "church", Edition: anima.Alpha, Level: 300}}, back.Parties[1]}
	cards := OwnCards{Advantages: []anima.AdvantageCard{{Name: "Charm", Group: anima.Power, Cost: 10}}}
	n := 0
	ids := func() string { n++; return fmt.Sprintf("new%d", n) }
	ps, cs, g, rep := Merge(mine, cards, nil, back, ids)
	if len(ps) != 3 || ps[0].Party.Name != "church" || ps[2].Party.Name != "Church (2)" || ps[2].ID != back.Parties[0].ID {
		t.Fatalf("parties %+v", ps)
	}
	if again, _, _, rep := Merge(ps, cs, nil, back, ids); len(again) != 3 || rep.PartiesSame != 2 || rep.PartiesAdded != 0 {
		t.Fatalf("a second restore of the same backup: %+v %+v", again, rep)
	}
	mine[0].ID = back.Parties[0].ID // an ID already in use gets a new one
	if ps, _, _, _ := Merge(mine, OwnCards{}, nil, back, ids); ps[2].ID != "new1" {
		t.Fatalf("ID %q", ps[2].ID)
	}
	if rep.PartiesAdded != 1 || rep.PartiesRenamed != 1 || rep.PartiesSame != 1 || rep.CardsAdded != 1 || !rep.GameRestored || g == nil {
		t.Fatalf("report %+v", rep)
	}
	if len(cs.Advantages) != 2 || cs.Advantages[0].Cost != 10 || cs.Advantages[1].Name != "Charm (imported)" {
		t.Fatalf("cards %+v", cs)
	}
	current := game(t)
	if _, _, g, rep := Merge(nil, OwnCards{}, current, back, ids); g != current || !rep.GameKept {
		t.Fatal("the game in progress was replaced")
	}
}

// TestMigrate: the records of localStorage move into IndexedDB (two Memories here) as one
// change and leave the first; a record the second holds stays; a failure moves nothing.
func TestMigrate(t *testing.T) {
	from, to := NewMemory(), NewMemory()
	from.Values[PartiesKey] = `{"v":2,"rev":3,"parties":[]}`
	from.Values[GameKey] = `{"v":2,"rev":9,"game":null}`
	from.Values["/go-app/deviceID"] = "x" // not Gnosis's
	to.Values[GameKey] = `{"v":3,"rev":1,"game":null}`
	if n, err := Migrate(from, to); err != nil || n != 1 {
		t.Fatalf("moved %d: %v", n, err)
	}
	if to.Values[PartiesKey] != `{"v":2,"rev":3,"parties":[]}` || to.Values[GameKey] != `{"v":3,"rev":1,"game":null}` {
		t.Fatalf("into: %v", to.Values)
	}
	if len(from.Values) != 1 || from.Values["/go-app/deviceID"] != "x" {
		t.Fatalf("left behind: %v", from.Values)
	}
	if n, err := Migrate(from, to); err != nil || n != 0 {
		t.Fatalf("a second start moved %d: %v", n, err)
	}

	from.Values[CardsKey] = `{"v":2,"rev":1,"characters":[],"advantages":[]}`
	full := NewMemory()
	full.Quota = 10
	if n, err := Migrate(from, full); !errors.Is(err, ErrQuota) || n != 0 || from.Values[CardsKey] == "" || len(full.Values) != 0 {
		t.Fatalf("a full storage: moved %d, %v; left %v", n, err, from.Values)
	}
}

// TestChangesAreWhole: a Change over the quota, or over a guard that moved on, writes none of
// its records.
func TestChangesAreWhole(t *testing.T) {
	m := NewMemory()
	m.Values["a"] = `{"v":3,"rev":2}`
	m.Quota = 40
	err := m.Commit(Change{Guard: "a", Rev: 2, Delete: []string{"a"}, Put: [][2]string{{"b", "0123456789"}, {"c", strings.Repeat("x", 40)}}})
	if !errors.Is(err, ErrQuota) || len(m.Values) != 1 || m.Values["a"] == "" {
		t.Fatalf("%v %v", err, m.Values)
	}
	err = m.Commit(Change{Guard: "a", Rev: 1, Put: [][2]string{{"b", "1"}}})
	if !errors.Is(err, ErrConflict) || len(m.Values) != 1 {
		t.Fatalf("%v %v", err, m.Values)
	}
	if err := m.Commit(Change{Guard: "none", Rev: 0, Put: [][2]string{{"none", `{"v":3,"rev":1}`}}}); err != nil {
		t.Fatal(err)
	}
}

// TestJournal: what a page had not committed when it went (a change being written, and the
// game's taps since) is committed by the next start, once, and only over what it was made on.
func TestJournal(t *testing.T) {
	db, ls := NewMemory(), NewMemory()
	s := New(db)
	g := game(t)
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	// A save in flight when the page went (it may or may not have landed), then one more tap.
	g.Do(anima.AdjustLP{Ref: anima.Ref{}, Delta: -1})
	entries, redo, _ := g.LogJSON()
	same := common(s.game.entries, entries)
	c := gameChange(s.game, s.revs[GameKey], entries, redo, same, 0, nil)
	s.inflight = &inflight{change: c, game: gameLog{entries: append(s.game.entries[:same:same], entries[same:]...)}}
	g.Do(anima.AdjustLP{Ref: anima.Ref{}, Delta: -1})
	if err := s.Journal(ls, g, func() {}); err != nil {
		t.Fatal(err)
	}
	want := g.State().Sides[0].Characters[0].LP
	for _, landed := range []bool{false, true} {
		into := NewMemory()
		for k, v := range db.Values {
			into.Values[k] = v
		}
		if landed {
			into.Commit(c)
		}
		j := NewMemory()
		j.Values[JournalKey] = ls.Values[JournalKey]
		n, err := Replay(j, into)
		back, ok, gerr := New(into).Game()
		if err != nil || gerr != nil || !ok || back.State().Sides[0].Characters[0].LP != want || len(j.Values) != 0 {
			t.Fatalf("landed %v: replayed %d, %v %v; LP %d, want %d", landed, n, err, gerr, back.State().Sides[0].Characters[0].LP, want)
		}
		if n, _ := Replay(j, into); n != 0 {
			t.Fatalf("replayed twice")
		}
	}
	// Another tab saved over the game meanwhile: the journal does not write over it.
	other := New(db)
	og, _, _ := other.Game()
	og.Do(anima.AdjustLP{Ref: anima.Ref{}, Delta: 1})
	other.SaveGame(og) // revision R+1, as the change in flight would have written
	if n, err := Replay(ls, db); err != nil || n != 0 {
		t.Fatalf("replayed %d over another tab's game: %v", n, err)
	}
}

// TestBackupImpossibleContent (finding 6): a backup is checked by the validators of what it
// holds before anything is written: a game with no sides at turn 0, a party of a version
// this Gnosis does not read, an own card with an impossible number are refused, naming what.
func TestBackupImpossibleContent(t *testing.T) {
	// Issue 69: each such part is left out of the backup, named, and the rest restores.
	for name, raw := range map[string]string{
		"a game with no sides at turn 0": `{"version":1,"kind":"gnosis-backup","game":{"log":[{"g":1,"k":"game-started","e":{"edition":"core","turns":0,"sides":[{},{}]}}]}}`,
		"a game with no characters":      `{"version":1,"kind":"gnosis-backup","game":{"log":[{"g":1,"k":"game-started","e":{"edition":"core","scenario":"standard","turns":10,"sides":[{"name":"A"},{"name":"B"}]}}]}}`,
		"a party of a future version":    `{"version":1,"kind":"gnosis-backup","parties":[{"id":"a","party":{"version":9,"name":"Later","edition":"core","level":250,"characters":[]}}]}`,
		"settings that are not settings": `{"version":1,"kind":"gnosis-backup","settings":{"event":"not an object"}}`,
	} {
		bk, err := ParseBackup([]byte(raw))
		if err != nil || len(bk.LeftOut) != 1 || bk.Game != nil || len(bk.Parties) != 0 || strings.Contains(bk.LeftOut[0].Error(), "unknown event") {
			t.Errorf("%s: %+v %v", name, bk.LeftOut, err)
		}
	}
	for name, raw := range map[string]string{
		"another kind":      `{"version":1,"kind":"gnosis-party"}`,
		"a version to come": `{"version":2,"kind":"gnosis-backup"}`,
		"a kind not text":   `{"version":1,"kind":7}`,
	} {
		if _, err := ParseBackup([]byte(raw)); err == nil {
			t.Errorf("%s read", name)
		}
	}
	// Issue 69: an own card with an impossible number is a part left out, named; the rest
	// restores.
	bk, err := ParseBackup([]byte(`{"version":1,"kind":"gnosis-backup","cards":{"characters":[{"name":"Giant","level":10,"lp":5000,"actions":4,"recovery":3},{"name":"Page","level":1,"lp":10,"actions":1,"recovery":1}]}}`))
	if err != nil || len(bk.LeftOut) != 1 || len(bk.Cards.Characters) != 1 || bk.Cards.Characters[0].Name != "Page" {
		t.Errorf("an own card with 5,000 LP: %+v %v", bk, err)
	}
}

// TestRestoreInSteps (finding 7): a backup restored step by step gives what ParseBackup and
// Merge give at once, each step doing at most RestoreStep parties' work, its progress rising
// to 1; the saved list changed during it is merged again; a bad party refuses the whole.
func TestRestoreInSteps(t *testing.T) {
	bk := Backup{Version: 1, Kind: BackupKind, Cards: OwnCards{Advantages: []anima.AdvantageCard{{Name: "Charm", Group: anima.Equipment, Cost: 5}}}}
	for i := range 1000 {
		bk.Parties = append(bk.Parties, SavedParty{ID: fmt.Sprintf("p%d", i), Party: party.PartyFile{Version: 1, Name: fmt.Sprintf("Party %d", i%700), Edition: anima.Core, Level: 250,
			Characters: []party.PartyEntry{{Name: "Nero"}}}})
	}
	raw, _ := json.Marshal(bk)
	mine := []SavedParty{bk.Parties[3], {ID: "x", Party: party.PartyFile{Version: 1, Name: "party 5", Edition: anima.Core, Level: 300}}}
	ids := func() func() string { n := 0; return func() string { n++; return fmt.Sprint("n", n) } }
	parsed, err := ParseBackup(raw)
	if err != nil {
		t.Fatal(err)
	}
	wantParties, wantCards, _, wantRep := Merge(mine, OwnCards{}, nil, parsed, ids())

	r, err := NewRestore(raw, mine, ids())
	if err != nil {
		t.Fatal(err)
	}
	steps, last := 0, -1.0
	for !r.Done() {
		if err := r.Step(); err != nil {
			t.Fatal(err)
		}
		if p := r.Progress(); p < last || p > 1 {
			t.Fatalf("progress %v after %v", p, last)
		} else {
			last = p
		}
		steps++
	}
	parties, list, rest, rep := r.Result()
	cards, _ := MergeExtras(OwnCards{}, nil, rest, &rep)
	if !reflect.DeepEqual(parties, wantParties) || !reflect.DeepEqual(cards, wantCards) || rep != wantRep {
		t.Fatalf("in steps: %d parties, %+v; at once: %d parties, %+v", len(parties), rep, len(wantParties), wantRep)
	}
	var back []SavedParty
	if err := json.Unmarshal(list, &back); err != nil || !reflect.DeepEqual(back, parties) {
		t.Fatalf("the written list does not read back: %v", err)
	}
	if steps < 1000/RestoreStep*3 || last != 1 {
		t.Errorf("%d steps, progress %v", steps, last)
	}
	m := NewMemory()
	s := New(m)
	if err := s.SavePartiesJSON(list); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Parties(); err != nil || len(got) != len(parties) {
		t.Fatalf("stored %d parties, %v", len(got), err)
	}

	// The saved list changes in the middle: the merge starts again from it.
	r, _ = NewRestore(raw, mine, ids())
	for range 3 {
		r.Step()
	}
	r.Rebase(mine[:1])
	for !r.Done() {
		if err := r.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if parties, _, _, _ := r.Result(); len(parties) != 700 { // 700 parties differ in the backup
		t.Errorf("after a rebase: %d parties, want 700", len(parties))
	}
	// Again, in the middle of the merge, onto two saved parties.
	r, _ = NewRestore(raw, nil, ids())
	for r.Progress() < 0.5 {
		if err := r.Step(); err != nil {
			t.Fatal(err)
		}
	}
	r.Rebase(mine)
	for !r.Done() {
		if err := r.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if parties, _, _, rep := r.Result(); len(parties) != len(wantParties) || rep.PartiesAdded != wantRep.PartiesAdded {
		t.Errorf("after a rebase in the merge: %d parties, %+v; want %d, %+v", len(parties), rep, len(wantParties), wantRep)
	}

	bk.Parties[600].Party.Version = 7
	raw, _ = json.Marshal(bk)
	r, _ = NewRestore(raw, mine, ids())
	for err = nil; err == nil && !r.Done(); err = r.Step() {
	}
	if _, _, got, _ := r.Result(); err != nil || len(got.LeftOut) != 1 || !errors.Is(got.LeftOut[0], party.ErrPartyVersion) || len(got.Parties) != len(bk.Parties)-1 {
		t.Errorf("a party of version 7 in the middle, left out alone: %v %+v", err, got.LeftOut)
	}
}

// TestClonesShareNothing: a clone of the sketch or of the Diskwars set-up can be changed, a
// drag's move at a time, without changing what the Session holds.
func TestClonesShareNothing(t *testing.T) {
	l := tabletop.Layout{Positions: map[string][2]float64{"0/0": {1, 2}}, Terrain: []tabletop.Piece{{Kind: "wall", Polygon: [][2]float64{{0, 0}, {1, 0}, {1, 1}}}}}
	c := l.Clone()
	c.Positions["0/0"], c.Terrain[0].Polygon[0] = [2]float64{9, 9}, [2]float64{9, 9}
	if l.Positions["0/0"] != [2]float64{1, 2} || l.Terrain[0].Polygon[0] != [2]float64{} {
		t.Errorf("the sketch changed with its clone: %+v", l)
	}
	if (tabletop.Layout{}).Clone().Positions == nil {
		t.Error("a clone's positions are nil")
	}
	d := DWSetupDraft{Reserve: []string{"0/1"}, Terrain: []diskwars.Terrain{{Kind: diskwars.Rough, Polygon: []r2.Point{{X: 1}, {X: 2}, {Y: 3}}}}}
	e := d.Clone()
	e.Places["0/0"], e.Reserve[0], e.Terrain[0].Polygon[0] = [2]float64{5, 5}, "x", r2.Point{X: 9}
	if d.Places != nil || d.Reserve[0] != "0/1" || d.Terrain[0].Polygon[0].X != 1 {
		t.Errorf("the set-up changed with its clone: %+v", d)
	}
}

// TestTheLinkIsSavedWithItsGame: a game's link to another phone is written in the game's own
// change (one commit: never one without the other), read back with the game, kept by a save
// that does not set it again, and forgotten with the game; Diskwars's alike.
func TestTheLinkIsSavedWithItsGame(t *testing.T) {
	m := &counting{Memory: NewMemory()}
	s := New(m)
	g := game(t)
	s.SetLink(GameKey, []byte(`{"role":"host","game":"g1"}`))
	commits := m.commits
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	if m.commits != commits+1 {
		t.Fatalf("%d commits for a game and its link", m.commits-commits)
	}
	r := New(m.Memory)
	if _, ok, err := r.Game(); !ok || err != nil || string(r.Link(GameKey)) != `{"role":"host","game":"g1"}` {
		t.Fatalf("read back: %s %v", r.Link(GameKey), err)
	}
	if err := g.Do(anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}); err != nil {
		t.Fatal(err)
	}
	if err := r.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	if n := New(m.Memory); func() bool { n.Game(); return n.Link(GameKey) == nil }() {
		t.Fatal("a save dropped the link")
	}
	if err := r.DeleteGame(); err != nil || r.Link(GameKey) != nil {
		t.Fatalf("a deleted game keeps its link: %v", err)
	}

	s.SetLink(DWGameKey, []byte(`{"role":"guest","game":"d1"}`))
	if err := s.SaveDiskwarsGame(dwGame(t)); err != nil {
		t.Fatal(err)
	}
	d := New(m.Memory)
	if dg, err := d.DiskwarsGame(); dg == nil || err != nil || string(d.Link(DWGameKey)) != `{"role":"guest","game":"d1"}` {
		t.Fatalf("Diskwars: %s %v", d.Link(DWGameKey), err)
	}
	if err := d.SaveDiskwarsGame(nil); err != nil || d.Link(DWGameKey) != nil {
		t.Fatalf("an ended Diskwars game keeps its link: %v", err)
	}
}

// TestUndoThenTapAfterAReload: a game reopened from the device, a gesture undone, then a new
// tap: the device keeps the new tap, not the gesture undone. (The reopened game kept its
// entries' JSON in the store's own slice, and the new tap's JSON was written into it, so the
// save saw nothing to write.)
func TestUndoThenTapAfterAReload(t *testing.T) {
	m := NewMemory()
	g := game(t)
	if err := New(m).SaveGame(g); err != nil {
		t.Fatal(err)
	}
	s := New(m)
	g, _, err := s.Game()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if err := g.Do(anima.AdjustActions{Ref: anima.Ref{}, Delta: -1}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	back, _, err := New(m).Game()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(g.Log())
	if got, _ := json.Marshal(back.Log()); string(got) != string(want) {
		t.Fatalf("the device keeps\n%s\nnot\n%s", got, want)
	}
}

// TestJournalBeforeTheCopy: the journal is written in the room kept for it from the start
// (ReserveJournal), over whatever else fills the storage; where that room is gone, the copy
// of the last screen gives its own (giveRoom), and where even that is not enough the journal
// is refused with ErrQuota and the next start hears it was lost (JournalLost), once.
func TestJournalBeforeTheCopy(t *testing.T) {
	waiting := func(t *testing.T) (*Store, *anima.Game) {
		s := New(NewMemory())
		g := game(t)
		if err := s.SaveGame(g); err != nil {
			t.Fatal(err)
		}
		g.Do(anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}) // a tap not yet saved
		return s, g
	}
	const copyKey = "gnosis-glance"
	fill := func(ls *Memory) { // another app of the same origin takes what is left
		used := 0
		for _, v := range ls.Values {
			used += len(v)
		}
		ls.Values["other-app"] = strings.Repeat("x", ls.Quota-used)
	}

	// The room kept at the start: the journal is written, the copy left as it is.
	s, g := waiting(t)
	ls := NewMemory()
	ls.Quota = 2 * JournalRoom
	ls.Values[copyKey] = strings.Repeat("c", 1000)
	if err := ReserveJournal(ls); err != nil {
		t.Fatal(err)
	}
	fill(ls)
	gave := false
	if err := s.Journal(ls, g, func() { gave = true }); err != nil || gave {
		t.Fatalf("with its room kept: %v, the copy gave its room: %v", err, gave)
	}
	if _, ok := ls.Values[JournalKey]; !ok || ls.Values[copyKey] == "" {
		t.Fatal("the journal is not written, or the copy is gone")
	}

	// No room kept (the storage was full at the start): the copy gives its room.
	s, g = waiting(t)
	ls = NewMemory()
	ls.Quota = 2 * JournalRoom
	ls.Values[copyKey] = strings.Repeat("c", 5000)
	fill(ls)
	if err := ReserveJournal(ls); !errors.Is(err, ErrQuota) {
		t.Fatalf("a full storage kept the journal's room: %v", err)
	}
	err := s.Journal(ls, g, func() { delete(ls.Values, copyKey) })
	if _, ok := ls.Values[JournalKey]; err != nil || !ok {
		t.Fatalf("the copy gave its room and the journal is not written: %v", err)
	}
	if JournalLost(ls) {
		t.Error("a journal written is said lost")
	}

	// Not even the copy's room: refused, and said once at the next start.
	s, g = waiting(t)
	ls = NewMemory()
	ls.Quota = 2 * JournalRoom
	fill(ls)
	ls.Quota += len(`1`) + len(JournalLostKey) // room for the mark alone
	if err := s.Journal(ls, g, func() {}); !errors.Is(err, ErrQuota) {
		t.Fatalf("a journal with no room: %v", err)
	}
	if !JournalLost(ls) || JournalLost(ls) {
		t.Error("the lost journal is not said once")
	}
}
