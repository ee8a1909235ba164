package event

import (
	"errors"
	"slices"
	"strconv"
	"testing"
)

// TestStandingsLink: the standings go out as a link that reads back to the standings on the
// organiser's screen, line by line, with the event's tiebreakers; a damaged link is refused.
func TestStandingsLink(t *testing.T) {
	e := testEvent(9, 3, 5)
	for range 2 {
		if _, err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		play(e, testRand(5))
	}
	link := e.Shared().Link("https://gnosis.example/")
	v, err := ReadStandings(link)
	if err != nil {
		t.Fatal(err)
	}
	st := e.Standings()
	if v.Round != 2 || v.Of != 3 || len(v.Rows) != len(st) || !slices.Equal(v.Tiebreakers, e.Tiebreakers) {
		t.Fatalf("read back: %+v", v)
	}
	for i, s := range st {
		r := v.Rows[i]
		if r.Name != s.Name || r.Points != s.Points || r.Won != s.Won || r.Margin != s.Margin() || r.ScheduleText() != strconv.FormatFloat(s.Schedule(), 'f', 2, 64) {
			t.Errorf("row %d: %+v, the standing %+v", i+1, r, s)
		}
	}
	for _, bad := range []string{"", "#standings=", "#standings=AAAA", link + "A", link[:len(link)-3]} {
		if _, err := ReadStandings(bad); !errors.Is(err, ErrStandingsLink) {
			t.Errorf("%.40q read: %v", bad, err)
		}
	}
}
