package geom

import (
	"math"
	"testing"

	"github.com/golang/geo/r2"
)

func pt(x, y float64) r2.Point { return r2.Point{X: x, Y: y} }

func rect(x0, y0, x1, y1 float64) Polygon {
	return Polygon{pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestSegments(t *testing.T) {
	s := Segment{pt(-10, 0), pt(10, 0)}
	for _, tc := range []struct {
		p    r2.Point
		want float64
	}{{pt(0, 5), 5}, {pt(13, 4), 5}, {pt(-10, 0), 0}, {pt(3, -2), 2}} {
		if got := s.DistToPoint(tc.p); !near(got, tc.want) {
			t.Errorf("distance from %v: %v, want %v", tc.p, got, tc.want)
		}
	}
	for name, tc := range map[string]struct {
		o    Segment
		want bool
	}{
		"crossing":          {Segment{pt(0, -1), pt(0, 1)}, true},
		"touching an end":   {Segment{pt(10, 0), pt(12, 3)}, true},
		"parallel":          {Segment{pt(-10, 1), pt(10, 1)}, false},
		"collinear overlap": {Segment{pt(5, 0), pt(15, 0)}, true},
		"collinear apart":   {Segment{pt(11, 0), pt(15, 0)}, false},
		"short of it":       {Segment{pt(0, 1), pt(0, 0.5)}, false},
	} {
		if got := s.Intersects(tc.o); got != tc.want {
			t.Errorf("%s: %v", name, got)
		}
		if got := tc.o.Intersects(s); got != tc.want {
			t.Errorf("%s (swapped): %v", name, got)
		}
	}
	if tt, ok := s.IntersectT(Segment{pt(5, -1), pt(5, 1)}); !ok || !near(tt, 0.75) {
		t.Errorf("IntersectT %v %v", tt, ok)
	}
}

func TestPolygons(t *testing.T) {
	sq := rect(0, 0, 10, 10)
	for p, want := range map[r2.Point]bool{pt(5, 5): true, pt(10, 5): true, pt(0, 0): true, pt(11, 5): false, pt(-0.1, 3): false} {
		if sq.Contains(p) != want {
			t.Errorf("contains %v: %v", p, !want)
		}
	}
	if !sq.Crosses(Segment{pt(-5, 5), pt(15, 5)}) || sq.Crosses(Segment{pt(-5, 11), pt(15, 11)}) || !sq.Crosses(Segment{pt(2, 2), pt(3, 3)}) {
		t.Error("crosses")
	}
	if tt, ok := sq.Entry(Segment{pt(-10, 5), pt(10, 5)}); !ok || !near(tt, 0.5) {
		t.Errorf("entry %v %v", tt, ok)
	}
	if d := sq.Dist(rect(13, 0, 20, 10)); !near(d, 3) {
		t.Errorf("polygon distance %v", d)
	}
}
