package season

import (
	"errors"
	"strings"
	"testing"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// TestSeasonFile: issue 73, part 6: a season's file (its set-up and its nights' event files)
// reads back as the season it was made from, the same standings and ratings; a file past its
// bounds, of another kind, with a night that cannot be read or a set-up a season refuses, is
// refused with words.
func TestSeasonFile(t *testing.T) {
	nights, err := eventcases.Season(5, 8, 3, 12, 3)
	if err != nil {
		t.Fatal(err)
	}
	setup := Setup{Name: "Autumn\u0000 league", Game: event.GameAnima, Best: 3, Joins: []Join{{Night: nights[1].Key(), Player: 2, As: ""}}}
	b, err := FileOf(setup, []*event.Event{nights[4], nights[0], nights[2], nights[1], nights[3]})
	if err != nil {
		t.Fatal(err)
	}
	s, back, err := ReadFile(b)
	if err != nil || s.Name != "Autumn league" || len(back) != 5 || back[0].Key() != nights[0].Key() {
		t.Fatalf("read back: %+v, %d nights, %v", s, len(back), err)
	}
	want, _ := Build(setup, nights)
	got, _ := Build(s, back)
	if names(got) != names(want) || got.Standings[0].Rating != want.Standings[0].Rating {
		t.Errorf("the season read back: %s; made: %s", names(got), names(want))
	}
	for name, bad := range map[string]string{
		"another kind":    strings.Replace(string(b), FileKind, "gnosis-event", 1),
		"a night broken":  strings.Replace(string(b), `"kind":"gnosis-event"`, `"kind":"gnosis-party"`, 1),
		"a game unknown":  strings.Replace(string(b), `"game":"at","best"`, `"game":"chess","best"`, 1),
		"not JSON":        string(b[:len(b)/2]),
		"past its size":   string(b) + strings.Repeat(" ", MaxFileBytes),
		"past its nights": `{"kind":"gnosis-season","version":1,"setup":{"game":"at"},"nights":[` + strings.Repeat("null,", MaxFileNights) + `null]}`,
	} {
		if _, _, err := ReadFile([]byte(bad)); !errors.Is(err, ErrSeasonFile) && !errors.Is(err, ErrSeason) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzSeasonFile: any bytes as a season's file: read or refused, never a panic; a season read
// adds up (Build) or is refused with words, and its file made again reads back to the same.
func FuzzSeasonFile(f *testing.F) {
	nights, _ := eventcases.Season(2, 4, 2, 6, 1)
	b, _ := FileOf(Setup{Name: "S", Game: event.GameAnima}, nights)
	f.Add(b)
	f.Add([]byte(`{"kind":"gnosis-season","version":1,"setup":{"game":"at","joins":[{"night":"x","player":1,"as":"card:aaaaaaaaaaaaaaaa"}]},"nights":[]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, nights, err := ReadFile(b)
		if err != nil {
			return
		}
		if _, err := Build(s, nights); err != nil && !errors.Is(err, ErrSeason) && !errors.Is(err, ErrJoin) {
			t.Fatalf("a season read that does not add up: %v", err)
		}
		again, err := FileOf(s, nights)
		if err != nil {
			return
		}
		s2, n2, err := ReadFile(again)
		if err != nil || s2.Name != s.Name || len(n2) != len(nights) {
			t.Fatalf("made again: %v", err)
		}
	})
}

// TestSeasonFileIsReadInSteps: a season's file is decoded a night at a time (ReadFilePaced's
// tick between its nights and within each), and reads as at once; a file with something after
// it, a key given twice or nights that are no list is refused.
func TestSeasonFileIsReadInSteps(t *testing.T) {
	nights, err := eventcases.Season(4, 8, 3, 12, 5)
	if err != nil {
		t.Fatal(err)
	}
	b, err := FileOf(Setup{Name: "Spring", Game: event.GameAnima}, nights)
	if err != nil {
		t.Fatal(err)
	}
	ticks := 0
	s, got, err := ReadFilePaced(b, func() { ticks++ })
	if err != nil || s.Name != "Spring" || len(got) != len(nights) || ticks < 2*len(nights) {
		t.Fatalf("read in steps: %+v, %d nights, %d ticks, %v", s, len(got), ticks, err)
	}
	for name, bad := range map[string]string{
		"something after it": string(b) + "{}",
		"a key twice":        strings.Replace(string(b), `"kind":`, `"version":1,"kind":`, 1),
		"nights no list":     `{"kind":"gnosis-season","version":1,"setup":{"game":"at"},"nights":{}}`,
		"a list":             `[1]`,
	} {
		if _, _, err := ReadFilePaced([]byte(bad), nil); !errors.Is(err, ErrSeasonFile) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestAJoinOfTheLongestNamesSurvivesTheFile: a join by hand of players of the longest names the
// app allows (event.MaxName characters, of one, two and four bytes each) names their IDs whole
// ("name:" and the name folded); moved by the season's file to another phone, each join still
// joins the same players, as the phone that made it counted them.
func TestAJoinOfTheLongestNamesSurvivesTheFile(t *testing.T) {
	for _, letter := range []string{"B", "ж", "😀"} {
		long := strings.Repeat(letter, event.MaxName)
		n1 := nightOf(t, "2026-10-01", 1, []entrant{{long, ""}, {"Ana", anaCard}}, alphabetical)
		n2 := nightOf(t, "2026-11-01", 1, []entrant{{"Bart", brunoCard}, {"Ana", anaCard}}, alphabetical)
		nights := []*event.Event{n1, n2}
		id := byName + event.Fold(long)
		setup := Setup{Name: "S", Game: event.GameAnima, Joins: []Join{{Night: n2.Key(), Player: 1, As: id}}}
		here, err := Build(setup, nights)
		if err != nil || len(here.Players) != 2 {
			t.Fatalf("%s: the join on the phone that made it: %v", letter, err)
		}
		b, err := FileOf(setup, nights)
		if err != nil {
			t.Fatal(err)
		}
		s2, ns, err := ReadFile(b)
		if err != nil {
			t.Fatal(err)
		}
		if s2.Joins[0].As != id {
			t.Fatalf("%s: the join's player cut by the file: %q", letter, s2.Joins[0].As)
		}
		there, err := Build(s2, ns)
		if err != nil || len(there.Players) != 2 || names(there) != names(here) {
			t.Fatalf("%s: moved, %v: %s, not %s", letter, err, names(there), names(here))
		}
	}
}
