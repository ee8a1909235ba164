package geom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/golang/geo/r2"
)

// TestNearest: the nearest enemies by the gap between bases, ties kept in order. R-STATE-8.
func TestNearest(t *testing.T) {
	t.Run("R-STATE-8 the nearest by gap between bases", func(t *testing.T) {
		m := Model{ID: "a", Center: r2.Point{X: 0, Y: 0}, Radius: 1}
		far := Model{ID: "far", Center: r2.Point{X: 30, Y: 0}, Radius: 1}
		big := Model{ID: "big", Center: r2.Point{X: 0, Y: 12}, Radius: 3}     // gap 8
		small := Model{ID: "small", Center: r2.Point{X: 10, Y: 0}, Radius: 1} // gap 8
		got := Nearest(m, []Model{far, big, small})
		if len(got) != 2 || got[0].ID != "big" || got[1].ID != "small" {
			t.Errorf("Nearest = %v, want big and small (both 8 cm away)", got)
		}
		if Nearest(m, nil) != nil {
			t.Error("no enemy, yet a nearest")
		}
		near := Model{ID: "near", Center: r2.Point{X: 0, Y: 9.9}, Radius: 1} // gap 7.9
		if got := Nearest(m, []Model{big, near}); len(got) != 1 || got[0].ID != "near" {
			t.Errorf("Nearest = %v, want only near (1 mm closer)", got)
		}
	})
}

// TestTableWorkBounded (finding 4): a table inside every other bound (500 models, 500 pieces
// of 500 points) ran over 300 s; its work, the pairs of models times the terrain's points, is
// now bounded (MaxTableWork) and refused at once, naming the bound.
func TestTableWorkBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"unit":"cm","models":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":"m%d","x":%d,"y":%d,"radius_cm":1,"side":%d}`, i, i%100, i/100*10, 1+i%2)
	}
	b.WriteString(`],"terrain":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"kind":"high","polygon":[`)
		for j := range 500 {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "[%d,%d]", j%7, j%5)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}")
	if _, err := ParseTable([]byte(b.String())); err == nil || !strings.Contains(err.Error(), "MaxTableWork") {
		t.Fatalf("got %v, want a refusal naming MaxTableWork", err)
	}
}
