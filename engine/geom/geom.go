package geom

import (
	"math"

	"github.com/golang/geo/r2"
)

// Eps is the tolerance of every comparison of lengths, in centimetres.
const Eps = 1e-9

// Segment is the straight line between two points.
type Segment struct{ A, B r2.Point }

// Len is the segment's length.
func (s Segment) Len() float64 { return s.B.Sub(s.A).Norm() }

// Bound is the segment's bounding rectangle.
func (s Segment) Bound() r2.Rect { return r2.RectFromPoints(s.A, s.B) }

// Dist is the distance between two points.
func Dist(a, b r2.Point) float64 { return a.Sub(b).Norm() }

// ClosestT is the parameter in [0,1] of the point of s closest to p.
func (s Segment) ClosestT(p r2.Point) float64 {
	d := s.B.Sub(s.A)
	l2 := d.Dot(d)
	if l2 < Eps*Eps {
		return 0
	}
	return math.Max(0, math.Min(1, p.Sub(s.A).Dot(d)/l2))
}

// At is the point at parameter t.
func (s Segment) At(t float64) r2.Point { return s.A.Add(s.B.Sub(s.A).Mul(t)) }

// DistToPoint is the distance from p to the segment.
func (s Segment) DistToPoint(p r2.Point) float64 { return Dist(p, s.At(s.ClosestT(p))) }

func orient(a, b, c r2.Point) float64 { return b.Sub(a).Cross(c.Sub(a)) }

func sign(v float64) int {
	switch {
	case v > Eps:
		return 1
	case v < -Eps:
		return -1
	}
	return 0
}

func onSegment(s Segment, p r2.Point) bool {
	return sign(orient(s.A, s.B, p)) == 0 && s.Bound().ExpandedByMargin(Eps).ContainsPoint(p)
}

// Intersects reports whether two segments share a point (touching counts).
func (s Segment) Intersects(o Segment) bool {
	if !s.Bound().ExpandedByMargin(Eps).Intersects(o.Bound()) {
		return false
	}
	d1, d2 := sign(orient(o.A, o.B, s.A)), sign(orient(o.A, o.B, s.B))
	d3, d4 := sign(orient(s.A, s.B, o.A)), sign(orient(s.A, s.B, o.B))
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return (d1 == 0 && onSegment(o, s.A)) || (d2 == 0 && onSegment(o, s.B)) ||
		(d3 == 0 && onSegment(s, o.A)) || (d4 == 0 && onSegment(s, o.B))
}

// IntersectT is the parameter along s where it meets o, and whether they meet at one point
// (parallel segments report false).
func (s Segment) IntersectT(o Segment) (float64, bool) {
	r, q := s.B.Sub(s.A), o.B.Sub(o.A)
	den := r.Cross(q)
	if math.Abs(den) < Eps {
		return 0, false
	}
	t := o.A.Sub(s.A).Cross(q) / den
	u := o.A.Sub(s.A).Cross(r) / den
	if t < -Eps || t > 1+Eps || u < -Eps || u > 1+Eps {
		return 0, false
	}
	return math.Max(0, math.Min(1, t)), true
}

// Dist is the shortest distance between two segments (0 when they meet).
func (s Segment) Dist(o Segment) float64 {
	if s.Intersects(o) {
		return 0
	}
	return math.Min(math.Min(s.DistToPoint(o.A), s.DistToPoint(o.B)), math.Min(o.DistToPoint(s.A), o.DistToPoint(s.B)))
}

// Polygon is a simple polygon, its points in order (the last joins the first).
type Polygon []r2.Point

// Bound is the polygon's bounding rectangle.
func (p Polygon) Bound() r2.Rect { return r2.RectFromPoints(p...) }

// Edges are the polygon's sides.
func (p Polygon) Edges() []Segment {
	out := make([]Segment, len(p))
	for i := range p {
		out[i] = Segment{p[i], p[(i+1)%len(p)]}
	}
	return out
}

// Contains reports whether q is inside the polygon or on its boundary (even-odd rule).
func (p Polygon) Contains(q r2.Point) bool {
	if len(p) < 3 || !p.Bound().ExpandedByMargin(Eps).ContainsPoint(q) {
		return false
	}
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		a, b := p[i], p[j]
		if onSegment(Segment{a, b}, q) {
			return true
		}
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// Crosses reports whether the segment touches the polygon: crosses an edge or lies inside.
func (p Polygon) Crosses(s Segment) bool {
	if len(p) < 3 || !p.Bound().ExpandedByMargin(Eps).Intersects(s.Bound()) {
		return false
	}
	if p.Contains(s.A) || p.Contains(s.B) {
		return true
	}
	for _, e := range p.Edges() {
		if s.Intersects(e) {
			return true
		}
	}
	return false
}

// Entry is the parameter along s where it first touches the polygon (0 when it starts
// inside), and whether it does.
func (p Polygon) Entry(s Segment) (float64, bool) {
	if !p.Crosses(s) {
		return 0, false
	}
	if p.Contains(s.A) {
		return 0, true
	}
	best, found := 1.0, false
	for _, e := range p.Edges() {
		if t, ok := s.IntersectT(e); ok && t <= best {
			best, found = t, true
		}
	}
	return best, found
}

// DistToPoint is the distance from q to the polygon (0 inside).
func (p Polygon) DistToPoint(q r2.Point) float64 {
	if p.Contains(q) {
		return 0
	}
	best := math.Inf(1)
	for _, e := range p.Edges() {
		best = math.Min(best, e.DistToPoint(q))
	}
	return best
}

// Dist is the distance between two polygons (0 when they touch or overlap).
func (p Polygon) Dist(o Polygon) float64 {
	if len(p) == 0 || len(o) == 0 {
		return math.Inf(1)
	}
	if p.Contains(o[0]) || o.Contains(p[0]) {
		return 0
	}
	best := math.Inf(1)
	for _, a := range p.Edges() {
		for _, b := range o.Edges() {
			best = math.Min(best, a.Dist(b))
		}
	}
	return best
}
