package event_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// night is the largest club night, played to round 15 (eventcases.Night), made once.
var night = func() func(tb testing.TB) *event.Event {
	var e *event.Event
	return func(tb testing.TB) *event.Event {
		tb.Helper()
		if e == nil {
			var err error
			if e, err = eventcases.Night("http://localhost/", event.MaxRounds-1, 69); err != nil {
				tb.Fatal(err)
			}
		}
		return e
	}
}()

// TestNightInBounds: the largest night's file is inside the event file's bound, and reads back
// as it was written.
func TestNightInBounds(t *testing.T) {
	e := night(t)
	b := e.File()
	t.Logf("the file of %d players and %d rounds: %d bytes", len(e.Players), e.Round(), len(b))
	if len(b) > event.MaxFileBytes {
		t.Fatalf("the largest night's file is %d bytes, over the bound of %d", len(b), event.MaxFileBytes)
	}
	back, err := event.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.File()) != string(b) {
		t.Error("the largest night's file does not read back as written")
	}
}

// BenchmarkPairRound16 pairs round 16 of the largest night (256 players, Swiss).
func BenchmarkPairRound16(b *testing.B) {
	e := night(b)
	for b.Loop() {
		if _, err := e.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadNightFile reads the largest night's file (ReadFile: decoded, cleaned, checked).
func BenchmarkReadNightFile(b *testing.B) {
	f := night(b).File()
	b.SetBytes(int64(len(f)))
	for b.Loop() {
		if _, err := event.ReadFile(f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNightStandings are the largest night's standings as the organiser's screen shows them
// (Shared), and their link.
func BenchmarkNightStandings(b *testing.B) {
	e := night(b)
	for b.Loop() {
		e.Shared().Link("http://localhost/")
	}
}

// BenchmarkNightRoundViews are round 15's views for the players' QR codes.
func BenchmarkNightRoundViews(b *testing.B) {
	e := night(b)
	for b.Loop() {
		e.RoundViews(e.Round())
	}
}

// TestCloneSharesNothing: a clone of the largest night writes the same file, and a change of
// every part of the clone (names, lists, scenarios, tiebreakers, results and their luck,
// corrections, swaps) leaves the event as it was.
func TestCloneSharesNothing(t *testing.T) {
	e := night(t)
	before := string(e.File())
	c := e.Clone()
	if string(c.File()) != before {
		t.Fatal("the clone's file is not the event's")
	}
	c.Name, c.Scenarios[0], c.Tiebreakers[0] = "x", "x", event.Margin
	c.Players[0].Name, c.Players[0].List.Party = "x", "x"
	for i := range c.Played {
		r := &c.Played[i]
		r.Swaps[0].Why = "x"
		for j := range r.Pairings {
			p := &r.Pairings[j]
			p.Players[0] = 1
			if p.Result != nil {
				p.Result.Turns = 99
				if p.Result.Luck != nil {
					p.Result.Luck[0].Attacks = 99
				}
			}
			for k := range p.Earlier {
				p.Earlier[k].Why = "x"
				p.Earlier[k].Result.Killed[0] = 99
				if l := p.Earlier[k].Result.Luck; l != nil {
					l[1].Hits = 99
				}
			}
		}
	}
	if string(e.File()) != before {
		t.Error("a change of the clone changed the event")
	}
}

// BenchmarkCloneNight copies the largest night (Clone), as every change of the organiser's
// makes its copy.
func BenchmarkCloneNight(b *testing.B) {
	e := night(b)
	for b.Loop() {
		e.Clone()
	}
}

// TestReadFilePaced: the file read a step at a time (ReadFilePaced) is the file ReadFile reads,
// and it refuses what ReadFile refuses: the largest night, its lists null, empty, given twice
// or named in capitals, cut anywhere, with something after it; the file written a step at a
// time (FilePaced) is File's, byte for byte.
func TestReadFilePaced(t *testing.T) {
	f := string(night(t).File())
	small := string(event.New("Club", "2026-12-07", 1).File())
	cases := []string{f, small, " " + f + "\n", f + "x", f + "{}", "null", "[]", `"x"`, "{}", `{"players":null}`,
		strings.Replace(f, `"players":`, `"Players":`, 1), strings.Replace(f, `"played":`, `"PLAYED":`, 1),
		strings.Replace(f, `"players":`, `"players":[],"players":`, 1), strings.Replace(f, `"played":[`, `"played":null,"played":[`, 1),
		strings.Replace(small, `"players":null`, `"players":[]`, 1), strings.Replace(f, `"players":[`, `"players":[1,`, 1),
		strings.Replace(f, `"played":[`, `"played":{`, 1), strings.Replace(f, `"kind"`, `"players":[{"id":"x"}],"kind"`, 1)}
	for i := 0; i < len(f); i += 997 {
		cases = append(cases, f[:i])
	}
	ticks := 0
	for _, c := range cases {
		want, werr := event.ReadFile([]byte(c))
		got, err := event.ReadFilePaced([]byte(c), func() { ticks++ })
		switch {
		case (err == nil) != (werr == nil):
			t.Fatalf("%.60q…%.40q: read in steps %v, at once %v", c, c[max(0, len(c)-40):], err, werr)
		case err == nil && string(got.File()) != string(want.File()):
			t.Fatalf("%.60q: read in steps as another event", c)
		}
	}
	if ticks < 256+15 {
		t.Errorf("%d ticks in all", ticks)
	}
	for _, e := range []*event.Event{night(t), event.New("Club", "2026-12-07", 1), {Players: []event.Player{}, Played: []event.Round{}}} {
		n := 0
		if got, want := e.FilePaced(func() { n++ }), e.File(); string(got) != string(want) {
			t.Fatalf("written in steps:\n%.300s\nat once:\n%.300s", got, want)
		}
		if n != len(e.Players)+len(e.Played) {
			t.Errorf("%d ticks writing %d players and %d rounds", n, len(e.Players), len(e.Played))
		}
	}
}

// TestFileIsJSON: the file written by hand (File) is encoding/json's, byte for byte (its
// Encoder's, HTML not escaped: plainJSON): the largest night, and an event of every odd string
// (quotes, controls, <, >, &, invalid UTF-8, U+2028), luck's floats small and large, lists nil,
// empty and full, a result of every field.
func TestFileIsJSON(t *testing.T) {
	odd := "a\"b\\c\x00\x1f\t\n\r\b\f<>&\u2028\u2029\xff\xfe ñ 😀 \u007f"
	tiny := event.Luck{ExpectedHits: 1e-7, ExpectedLP: 1e21, ExpectedPassed: 0.1, Attacks: 3}
	huge := event.Luck{ExpectedHits: 123.456, ExpectedLP: 5e-324, ExpectedPassed: 1.7976931348623157e308}
	odd1 := &event.Event{Kind: odd, Setup: event.Setup{Name: odd, Date: odd, Edition: "core", Scenarios: []string{}, Tiebreakers: []event.Tiebreaker{}},
		Players: []event.Player{{ID: 1, Name: odd, List: &event.List{Link: odd, Party: odd, Sum: odd}, Dropped: true}, {ID: -2}},
		Played: []event.Round{{Number: 1, Swaps: []event.Swap{}, Pairings: []event.Pairing{
			{Table: 1, Players: [2]int{1, 2}, Result: &event.Result{Outcome: odd, Game: odd, Parties: [2]string{odd, ""}, Unfinished: true, End: odd, Length: 7, Ahead: odd, Luck: &[2]event.Luck{tiny, huge}},
				Earlier: []event.Change{{Result: event.Result{By: odd}, Who: odd, Why: odd}}},
			{Earlier: []event.Change{}}}},
			{Number: 2, Swaps: []event.Swap{{Players: [2]int{3, 4}, Why: odd}}}}}
	for _, e := range []*event.Event{night(t), odd1, {}, event.New("Club", "2026-12-07", 1<<63)} {
		want := plainJSON(t, e)
		if got := e.File(); string(got) != string(want) {
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("written by hand unlike encoding/json at byte %d:\n%q\n%q", i, got[max(0, i-40):min(len(got), i+40)], want[max(0, i-40):min(len(want), i+40)])
				}
			}
			t.Fatalf("written by hand: %d bytes, encoding/json: %d", len(got), len(want))
		}
	}
}

// plainJSON is v as encoding/json's Encoder writes it with HTML not escaped, no newline after.
func plainJSON(t testing.TB, v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// BenchmarkNightFile writes the largest night's file (File), as every change of the organiser's
// saves it.
func BenchmarkNightFile(b *testing.B) {
	e := night(b)
	for b.Loop() {
		e.File()
	}
}
