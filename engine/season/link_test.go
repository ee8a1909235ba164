package season

import (
	"errors"
	"strings"
	"testing"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// TestSeasonLink: a season's standings go out as a link and come back as they were; a link
// damaged, or of numbers out of a season's bounds, is refused (ErrLink); names too long for a
// link are cut, never the link past its bound.
func TestSeasonLink(t *testing.T) {
	nights, err := eventcases.Season(3, 8, 2, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Build(Setup{Name: "Autumn <&>", Game: event.GameAnima, Best: 2}, nights)
	if err != nil {
		t.Fatal(err)
	}
	link := tb.View().Link("https://gnosis.example/")
	v, err := ReadLink(link)
	if err != nil || v.Name != "Autumn <&>" || v.Nights != 3 || v.Best != 2 || len(v.Rows) != len(tb.Standings) {
		t.Fatalf("read back: %+v, %v", v, err)
	}
	for i, s := range tb.Standings {
		if r := v.Rows[i]; r.Name != s.Name || r.Points != s.Points || r.Won != s.Won || r.Margin != s.Margin() || float64(r.Rating)-s.Rating.R > 0.5 {
			t.Errorf("row %d: %+v, want %+v", i, r, s)
		}
	}
	if _, err := ReadLink(link[:len(link)-4] + "AAAA"); !errors.Is(err, ErrLink) {
		t.Errorf("a damaged link: %v", err)
	}
	out := tb.View()
	out.Rows[0].Nights = 9
	if _, err := ReadLink(out.Link("")); !errors.Is(err, ErrLink) {
		t.Errorf("a row of more nights than the season's: %v", err)
	}
	long := tb.View()
	for range 900 {
		long.Rows = append(long.Rows, ViewRow{Name: strings.Repeat("𝔄", event.MaxName)})
	}
	l := long.Link("")
	got, err := ReadLink(l)
	if err != nil || len(l) > 70<<10 || len(got.Rows) == 0 {
		t.Errorf("a long season's link of %d characters: %d rows, %v", len(l), len(got.Rows), err)
	}
}
