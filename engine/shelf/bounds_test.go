package shelf

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/internal/gamecases"
)

// attackFile is a game file of gamecases.AttackLog (the worst game file inside the bounds, or
// over them).
func attackFile(t testing.TB, n int) []byte {
	t.Helper()
	entries, err := gamecases.AttackLog(n)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(FileOf(Kept{Game: Game{Kind: Anima}, Entries: entries}))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHugeFileIsBounded: issue 61's file (one attack repeated 143,210 times, 16 MB unpacked)
// is refused by its size, and a small file of one entry too many by its entries, each saying
// its bound; the worst file inside the bounds is read; and read a step at a time it is the
// same game, in many steps.
func TestHugeFileIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a log of 143,210 entries")
	}
	for _, c := range []struct {
		entries int
		bound   string
	}{{143_210, fmt.Sprint(MaxFileBytes >> 10)}, {MaxEntries + 1, fmt.Sprint(MaxEntries)}} {
		_, err := Read(attackFile(t, c.entries)) // the file is refused by its size, before it is parsed
		if !errors.Is(err, ErrTooLong) || !errors.Is(err, ErrNotAKeptGame) {
			t.Fatalf("a log of %d entries: %v, want ErrTooLong", c.entries, err)
		}
		var re *core.RuleError
		if !errors.As(err, &re) || !strings.Contains(re.Error(), c.bound) {
			t.Errorf("a log of %d entries: the refusal names no bound (%s): %v", c.entries, c.bound, err)
		}
	}
	b := attackFile(t, MaxEntries)
	k, err := Read(b)
	if err != nil {
		t.Fatalf("a log of %d entries, the bound: %v", MaxEntries, err)
	}
	if len(k.Entries) != MaxEntries || k.Luck.Sides[0].Attacks+k.Luck.Sides[1].Attacks < MaxEntries/20 {
		t.Fatalf("read %d entries and %d attacks", len(k.Entries), k.Luck.Sides[0].Attacks+k.Luck.Sides[1].Attacks)
	}
	p := core.Pace(time.Millisecond, func(tick func()) (Kept, error) { return read(b, tick) })
	for !p.Step() {
	}
	paced, err := p.Result()
	if err != nil {
		t.Fatal(err)
	}
	if p.Steps() < 10 {
		t.Errorf("read in %d steps of 1 ms: the reading does not pause", p.Steps())
	}
	if jsonOf(t, paced.Game) != jsonOf(t, k.Game) || jsonOf(t, paced.Luck) != jsonOf(t, k.Luck) {
		t.Error("read a step at a time, the game differs")
	}
}

// BenchmarkReadHugeFile: the worst game file inside the bounds (one attack repeated to
// MaxEntries entries) read whole natively: issue 61's bound is 1 s.
func BenchmarkReadHugeFile(b *testing.B) {
	f := attackFile(b, MaxEntries)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Read(f); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNamesAreBounded: R-SETUP-1 a name of a game file's log reaches neither the game nor its
// card raw: control characters and text-reordering marks are dropped where the start is decoded,
// a name is cut at core.MaxStartText bytes there and at MaxName characters on the card, and a
// card with a side of thousands of characters holds MaxCharacters and stays under MaxCardBytes.
func TestNamesAreBounded(t *testing.T) {
	g := tableGame(t, 9, 60)
	entries, _, err := g.LogJSON()
	if err != nil {
		t.Fatal(err)
	}
	var start struct {
		G int               `json:"g"`
		K string            `json:"k"`
		E anima.GameStarted `json:"e"`
	}
	if err := json.Unmarshal(entries[0], &start); err != nil {
		t.Fatal(err)
	}
	huge := strings.Repeat("N", 512<<10)
	start.E.Sides[0].Name = "Li\x00g\x1bht\u202e" + huge
	c := start.E.Sides[1].Characters[0]
	c.Name = "X\u202eavier" + strings.Repeat("é", 600)
	start.E.Sides[1].Characters = nil
	for range 700 {
		start.E.Sides[1].Characters = append(start.E.Sides[1].Characters, c)
	}
	first, err := json.Marshal(start)
	if err != nil {
		t.Fatal(err)
	}
	entries[0] = first
	b, _ := json.Marshal(FileOf(Kept{Game: Game{Kind: Anima}, Entries: entries}))
	k, err := Read(b)
	if err != nil {
		t.Fatal(err)
	}
	card, _ := json.Marshal(k.Game)
	if len(card) > MaxCardBytes {
		t.Errorf("the card is %d bytes, over %d", len(card), MaxCardBytes)
	}
	if n := len(k.Game.Sides[1].Characters); n != MaxCharacters {
		t.Errorf("side 2 has %d characters on the card, want %d", n, MaxCharacters)
	}
	if got := k.Game.Sides[0].Name; got != "Light"+strings.Repeat("N", MaxName-5) {
		t.Errorf("side 1's name on the card is %q", got)
	}
	if got := k.Game.Sides[1].Characters[0].Name; got != "Xavier"+strings.Repeat("é", MaxName-6) {
		t.Errorf("a character's name on the card is %q", got)
	}
	opened, err := Open(Anima, k.Entries)
	if err != nil {
		t.Fatal(err)
	}
	st := opened.(*anima.Game).State()
	if n := len(st.Sides[0].Name); n > core.MaxStartText || strings.ContainsAny(st.Sides[0].Name, "\x00\x1b\u202e") {
		t.Errorf("the game's side 1 is named %d bytes, or holds what a name must not", n)
	}
}
