package store

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// TestEventRecord: the club night's file is kept as it is (names of <, > and & too), in parts
// the record names by their checksums; it reads back as the event, its revision counted up;
// a record written before the parts (the file whole in it) reads back too, and is kept in
// parts by the next change; none kept reads back as none, its parts deleted.
func TestEventRecord(t *testing.T) {
	m := NewMemory()
	s := New(m)
	e := event.New(`Club <night> & "friends"`, "2026-12-07", 3)
	if _, err := e.AddPlayer("Ana & <Bruno>"); err != nil {
		t.Fatal(err)
	}
	for rev := 1; rev <= 2; rev++ {
		if err := s.SaveEvent(e); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf(`{"v":%d,"rev":%d,"size":%d,"parts":["%s"]}`, Version, rev, len(e.File()), partSum(string(e.File())))
		if got := m.Values[EventKey]; got != want || m.Values[EventPartPrefix+"0"] != string(e.File()) {
			t.Fatalf("revision %d written as %s, want %s; its part %s", rev, got, want, m.Values[EventPartPrefix+"0"])
		}
	}
	back, err := New(m).Event()
	if err != nil || back == nil || string(back.File()) != string(e.File()) {
		t.Fatalf("read back: %v, %v", back, err)
	}
	// A record of the file whole, as kept before the parts.
	old := NewMemory()
	old.Values[EventKey] = fmt.Sprintf(`{"v":%d,"rev":7,"event":%s}`, Version, e.File())
	os := New(old)
	if back, err := os.Event(); err != nil || back == nil || string(back.File()) != string(e.File()) {
		t.Fatalf("a record of the file whole read back: %v, %v", back, err)
	}
	if err := os.SaveEvent(e); err != nil || old.Values[EventPartPrefix+"0"] != string(e.File()) || Revision(old.Values[EventKey]) != 8 {
		t.Fatalf("the whole record's next change: %v, %s", err, old.Values[EventKey])
	}
	if err := s.SaveEvent(nil); err != nil {
		t.Fatal(err)
	}
	if back, err := New(m).Event(); back != nil || err != nil || len(m.Keys(EventPartPrefix)) != 0 {
		t.Fatalf("none kept reads back as %v, %v, parts %q", back, err, m.Keys(EventPartPrefix))
	}
}

// TestAResultWritesTheFilesEnd: issue 69, part 4: a change of the largest night (256 players,
// round 16 of 16) writes only the parts it changed: a result typed or a round paired changes the
// file's end, one or two parts of 16 kB where the file whole is 800 kB (what the journal's room holds); a night grown shorter
// deletes the parts past its end; each reads back as the event.
func TestAResultWritesTheFilesEnd(t *testing.T) {
	e, err := eventcases.Night("https://gnosis.example/", event.MaxRounds-1, 69)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Pair(); err != nil {
		t.Fatal(err)
	}
	m := &putCounting{Memory: NewMemory()}
	s := New(m)
	if err := s.SaveEvent(e); err != nil {
		t.Fatal(err)
	}
	parts := len(m.Keys(EventPartPrefix))
	if parts < 10 {
		t.Fatalf("a file of %d bytes in %d parts", len(e.File()), parts)
	}
	n := e.Round()
	for table := 1; table <= 3; table++ {
		if err := e.Type(n, table, event.Result{Outcome: event.FirstWins, Killed: [2]int{300, 100}, Turns: 5}); err != nil {
			t.Fatal(err)
		}
		m.put = 0
		if err := s.SaveEvent(e); err != nil {
			t.Fatal(err)
		}
		if m.put > 2*eventPartBytes+1024 || m.put > JournalRoom {
			t.Errorf("table %d's result wrote %d bytes of a %d-byte file", table, m.put, len(e.File()))
		}
	}
	back, err := New(m).Event()
	if err != nil || string(back.File()) != string(e.File()) {
		t.Fatalf("read back: %v", err)
	}
	short := event.New("Club night", "2026-12-07", 1)
	if err := s.SaveEvent(short); err != nil || len(m.Keys(EventPartPrefix)) != 1 {
		t.Fatalf("a shorter night: %v, parts %q", err, m.Keys(EventPartPrefix))
	}
}

// TestDamagedEventPartsAreSetAside: a part missing, or another than the record names, makes
// the night unreadable: set aside with what could be read, said, nothing of it used.
func TestDamagedEventPartsAreSetAside(t *testing.T) {
	e, err := eventcases.Night("https://gnosis.example/", 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	for name, damage := range map[string]func(m *Memory){
		"a part missing": func(m *Memory) { delete(m.Values, EventPartPrefix+"1") },
		"a part changed": func(m *Memory) {
			m.Values[EventPartPrefix+"0"] = strings.Replace(m.Values[EventPartPrefix+"0"], "Club", "Clab", 1)
		},
		"a size past all": func(m *Memory) { m.Values[EventKey] = strings.Replace(m.Values[EventKey], `"size":`, `"size":9`, 1) },
	} {
		m := NewMemory()
		if err := New(m).SaveEvent(e); err != nil {
			t.Fatal(err)
		}
		damage(m)
		back, err := New(m).Event()
		var ue *UnreadableError
		if back != nil || !errors.As(err, &ue) || ue.Key != EventKey {
			t.Errorf("%s: %v, %v", name, back != nil, err)
		}
	}
}

// putCounting is a Memory that counts the bytes each change puts.
type putCounting struct {
	*Memory
	put int
}

func (c *putCounting) Commit(ch Change) error {
	for _, kv := range ch.Put {
		c.put += len(kv[1])
	}
	return c.Memory.Commit(ch)
}

// TestANightKeptWithADayThatIsNoDayReads: a club night kept before days were checked, its day
// "2026-1-15" (which a file from outside may not have), reads as it was kept: in progress, past,
// and added to the season.
func TestANightKeptWithADayThatIsNoDayReads(t *testing.T) {
	m := NewMemory()
	s := New(m)
	e := event.New("Club night", "2026-1-15", 3)
	if _, err := e.AddPlayer("Ana"); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveEvent(e); err != nil {
		t.Fatal(err)
	}
	if back, err := New(m).Event(); err != nil || back == nil || back.Date != "2026-1-15" {
		t.Fatalf("in progress: %v", err)
	}
	nights, err := s.KeepNight(nil, e, 1)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := New(m).PastNight(nights[0].Key); err != nil || back.Key() != e.Key() {
		t.Fatalf("past: %v", err)
	}
	se, err := s.AddSeasonNight(KeptSeason{}, e, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(m).SeasonNight(se.Added[0].Key); err != nil {
		t.Fatalf("added to the season: %v", err)
	}
}

// TestAPartEndsBetweenCharacters: the club night's file is kept in parts that each hold whole
// characters: a record is text in the browser (a JavaScript string), where a part cut inside a
// character comes back with U+FFFD in its place and the night was set aside at the next start
// (the largest night of seed 4242: its names' letters of two and three bytes fell across a
// part's end). Here every record is read back as the browser gives it back, as text.
func TestAPartEndsBetweenCharacters(t *testing.T) {
	for _, seed := range []uint64{69, 4242} {
		e, err := eventcases.Night("http://127.0.0.1:39137/", event.MaxRounds-1, seed)
		if err != nil {
			t.Fatal(err)
		}
		m := NewMemory()
		if err := New(m).SaveEvent(e); err != nil {
			t.Fatal(err)
		}
		for k, v := range m.Values {
			if !utf8.ValidString(v) {
				t.Errorf("seed %d: the record %s is not whole characters", seed, k)
			}
			m.Values[k] = strings.ToValidUTF8(v, "\uFFFD") // as a JavaScript string keeps it
		}
		back, err := New(m).Event()
		if err != nil || back == nil || string(back.File()) != string(e.File()) {
			t.Fatalf("seed %d: the night read back as the browser keeps it: %v", seed, err)
		}
	}
}
