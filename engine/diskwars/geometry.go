package diskwars

import (
	"math"
	"slices"
	"sort"

	"github.com/golang/geo/r2"

	"gnosis/engine/geom"
	"gnosis/engine/text"
)

// The range bands' outer edges, edge to edge, in centimetres: short 3 in, medium 7 in, long
// 12 in at 2.5 cm to the inch; beyond long is siege. R-DW-3.
const (
	ShortCm  = 7.5
	MediumCm = 17.5
	LongCm   = 30.0
)

// Band is a range band. R-DW-3.
type Band string

// The range bands, nearest first.
const (
	Short  Band = "short"
	Medium Band = "medium"
	Long   Band = "long"
	Siege  Band = "siege"
)

// In is the band in lang ("corto").
func (b Band) In(lang string) string { return text.Word(lang, "band", string(b)) }

// BandOf is the band of an edge-to-edge gap in centimetres: a gap exactly on a boundary is the
// shorter band (within geom.Eps). R-DW-3 (home).
func BandOf(gapCm float64) Band {
	switch {
	case gapCm <= ShortCm+geom.Eps:
		return Short
	case gapCm <= MediumCm+geom.Eps:
		return Medium
	case gapCm <= LongCm+geom.Eps:
		return Long
	}
	return Siege
}

// The article's disc sizes, as diameters in centimetres: small just over 2 in, medium about
// 2.5 in, large about 3.3 in. A disc keeps its own size; these are the defaults. R-DW-11 (home).
const (
	SmallDiscCm  = 5.1
	MediumDiscCm = 6.25
	LargeDiscCm  = 8.3
)

// Disc is a disc on the battlefield: its centre and diameter in centimetres, its side (1 or
// 2), and an ID.
type Disc struct {
	ID       string
	Center   r2.Point
	Diameter float64
	Side     int
}

// Radius is half the diameter, in centimetres.
func (d Disc) Radius() float64 { return d.Diameter / 2 }

// TerrainKind says what a terrain piece does. R-DW-2, R-DW-4, R-DW-9.
type TerrainKind string

// The terrain kinds of the article.
const (
	BlocksSight TerrainKind = "blocks"    // blocks line of sight through it (R-DW-4)
	Elevated    TerrainKind = "elevated"  // a disc on it sees over blocking terrain (R-DW-4)
	Rough       TerrainKind = "rough"     // stops a disc that comes to overlap it (R-DW-9)
	Swamp       TerrainKind = "swamp"     // stops a disc after any flip that ends on it (R-DW-9)
	Dangerous   TerrainKind = "dangerous" // its effect is the player's to count
)

// Terrain is a terrain piece: a polygon (centimetres) and its kind.
type Terrain struct {
	Kind    TerrainKind
	Polygon geom.Polygon
}

// Gap is the edge-to-edge distance between two discs in centimetres, negative when they
// overlap (by how much). R-DW-3.
func Gap(a, b Disc) float64 { return geom.Dist(a.Center, b.Center) - a.Radius() - b.Radius() }

// Overlaps reports whether two discs overlap (one lies on the other: it pins it), touching
// edges aside. R-DW-9.
func Overlaps(a, b Disc) bool { return Gap(a, b) < -geom.Eps }

// OverlapArea is the area two discs share, in square centimetres (0 when apart): the area of
// the lens two circles make. Scatter goes first to the disc overlapping the target most.
// R-DW-6.
func OverlapArea(a, b Disc) float64 {
	d := geom.Dist(a.Center, b.Center)
	r1, r2 := a.Radius(), b.Radius()
	switch {
	case d >= r1+r2:
		return 0
	case d <= math.Abs(r1-r2):
		r := math.Min(r1, r2)
		return math.Pi * r * r
	}
	a1 := r1 * r1 * math.Acos((d*d+r1*r1-r2*r2)/(2*d*r1))
	a2 := r2 * r2 * math.Acos((d*d+r2*r2-r1*r1)/(2*d*r2))
	k := 0.5 * math.Sqrt((-d+r1+r2)*(d+r1-r2)*(d-r1+r2)*(d+r1+r2))
	return a1 + a2 - k
}

// OnTerrain reports whether the disc overlaps the terrain piece (touching counts).
func OnTerrain(d Disc, t Terrain) bool {
	p, r := t.Polygon, d.Radius()+geom.Eps
	if len(p) < 3 || !p.Bound().ExpandedByMargin(r).ContainsPoint(d.Center) {
		return false
	}
	for i := range p {
		if (geom.Segment{A: p[i], B: p[(i+1)%len(p)]}).DistToPoint(d.Center) <= r {
			return true
		}
	}
	return p.Contains(d.Center)
}

// Sight reports whether attacker sees target. Sight is blocked only when every straight line
// from a point of the attacker to a point of the target crosses terrain that blocks sight (a
// line that only grazes a piece's edge or corner is not crossed by it); a piece either disc
// overlaps never blocks; an attacker on elevated terrain always sees; discs never block.
// R-DW-4 (home).
//
// The answer is exact, not sampled: if some segment from disc to disc avoids every blocking
// piece, one can be slid and turned, still clear, until two constraints hold it, so one of
// these candidate lines carries a clear segment (sightLines): a line through two corners of
// the pieces (or a point where two pieces' edges cross), a line through a corner and tangent to
// either disc, a common tangent of the two discs. Pieces that touch or overlap block as one: a
// line along the seam between two abutting walls does not see through, and a slot 1 mm wide
// between two walls lets sight through.
func Sight(attacker, target Disc, terrain []Terrain) bool {
	if onElevated(attacker, terrain) {
		return true
	}
	_, ok := sightBetween(attacker, target, terrain)
	return ok
}

// onElevated reports whether the disc overlaps elevated terrain (it then sees over what
// blocks sight). R-DW-4.
func onElevated(d Disc, terrain []Terrain) bool {
	for _, t := range terrain {
		if t.Kind == Elevated && OnTerrain(d, t) {
			return true
		}
	}
	return false
}

// sightBetween is Sight from the ground, the same both ways, with its witness: a clear
// segment from attacker to target when one exists (the centres' segment when nothing could
// block).
func sightBetween(attacker, target Disc, terrain []Terrain) (geom.Segment, bool) {
	centres := geom.Segment{A: attacker.Center, B: target.Center}
	reach := math.Max(attacker.Radius(), target.Radius())
	var blocking []geom.Polygon
	for _, t := range terrain {
		switch {
		case t.Kind != BlocksSight || OnTerrain(attacker, t) || OnTerrain(target, t):
		case !t.Polygon.Bound().ExpandedByMargin(reach).Intersects(centres.Bound()):
		case polygonNear(t.Polygon, centres, reach):
			blocking = append(blocking, t.Polygon)
		}
	}
	if len(blocking) == 0 || Overlaps(attacker, target) {
		return centres, true
	}
	var witness geom.Segment
	clear := func(o, u r2.Point) bool {
		s, ok := lineSegment(attacker, target, o, u)
		if !ok || entersUnion(blocking, s) {
			return false
		}
		witness = s
		return true
	}
	if clear(attacker.Center, target.Center.Sub(attacker.Center).Normalize()) {
		return witness, true // the centres' line, the usual answer
	}
	ok := sightLines(attacker, target, blocking, clear)
	return witness, ok
}

// sightLines calls try on each candidate line (a point on it and its unit direction) until
// one answers true: the discs' common tangents, the lines through a corner tangent to either
// disc, the lines through two corners. It reports whether one did.
func sightLines(a, b Disc, blocking []geom.Polygon, try func(o, u r2.Point) bool) bool {
	for _, sa := range [2]float64{-1, 1} {
		for _, sb := range [2]float64{-1, 1} {
			// n·cA - k = sa·rA and n·cB - k = sb·rB: n·(cB - cA) = sb·rB - sa·rA.
			ns, count := normalsWith(b.Center.Sub(a.Center), sb*b.Radius()-sa*a.Radius())
			for _, n := range ns[:count] {
				k := n.Dot(a.Center) - sa*a.Radius()
				if try(n.Mul(k), n.Ortho()) {
					return true
				}
			}
		}
	}
	var corners []r2.Point
	for i, p := range blocking {
		corners = append(corners, p...)
		for _, q := range blocking[i+1:] { // where two pieces' edges cross: corners of their union
			corners = append(corners, crossings(p, q)...)
		}
	}
	for i, p := range corners {
		for _, d := range [2]Disc{a, b} {
			for _, sign := range [2]float64{-1, 1} {
				ns, count := normalsWith(d.Center.Sub(p), sign*d.Radius())
				for _, n := range ns[:count] {
					if try(p, n.Ortho()) {
						return true
					}
				}
			}
		}
		for _, q := range corners[i+1:] {
			if v := q.Sub(p); v.Norm() > geom.Eps && try(p, v.Normalize()) {
				return true
			}
		}
	}
	return false
}

// normalsWith are the unit normals n with n·w = delta (none when |delta| > |w|): the
// normals of the lines at signed distances that differ by delta across w.
func normalsWith(w r2.Point, delta float64) (ns [2]r2.Point, n int) {
	d := w.Norm()
	if d <= geom.Eps || math.Abs(delta) > d+geom.Eps {
		return ns, 0
	}
	c := math.Max(-1, math.Min(1, delta/d))
	s := math.Sqrt(1 - c*c)
	u := w.Mul(1 / d)
	return [2]r2.Point{u.Mul(c).Add(u.Ortho().Mul(s)), u.Mul(c).Sub(u.Ortho().Mul(s))}, 2
}

// lineSegment is the part of the line through o along unit u that joins disc a to disc b:
// from the end of its chord through a nearest b to the end of its chord through b nearest a;
// false when the line misses either disc.
func lineSegment(a, b Disc, o, u r2.Point) (geom.Segment, bool) {
	chord := func(d Disc) (t, h float64, ok bool) {
		v := d.Center.Sub(o)
		t = v.Dot(u)
		off := math.Abs(v.Cross(u))
		if off > d.Radius()+1e-9 {
			return 0, 0, false
		}
		return t, math.Sqrt(math.Max(0, d.Radius()*d.Radius()-off*off)), true
	}
	ta, ha, okA := chord(a)
	tb, hb, okB := chord(b)
	if !okA || !okB {
		return geom.Segment{}, false
	}
	if ta > tb {
		ta, tb = -ta, -tb
		u = u.Mul(-1)
	}
	from, to := ta+ha, tb-hb
	if from > to {
		from = to // the chords overlap: the discs meet on this line
	}
	return geom.Segment{A: o.Add(u.Mul(from)), B: o.Add(u.Mul(to))}, true
}

// seamProbe is how far to either side of a segment entersUnion looks, in centimetres: a gap
// between two pieces narrower than twice this is no gap (a slot 1 mm wide is one).
const seamProbe = 1e-6

// entersUnion reports whether segment s passes through the inside of the union of the pieces:
// through the inside of one of them, or along a seam where two touch or overlap, which is on
// each piece's edge but inside their union (pieces that touch block as one, R-DW-4). Touching
// the union's own boundary is not entering.
func entersUnion(pieces []geom.Polygon, s geom.Segment) bool {
	for _, p := range pieces {
		if entersInterior(p, s) {
			return true
		}
	}
	d := s.B.Sub(s.A)
	length := d.Norm()
	if len(pieces) < 2 || length <= geom.Eps {
		return false
	}
	side := d.Ortho().Mul(seamProbe / length)
	covered := func(q r2.Point) bool {
		return slices.ContainsFunc(pieces, func(p geom.Polygon) bool { return p.Contains(q) })
	}
	var cuts []float64
	for _, p := range pieces {
		cuts = appendCuts(cuts, p, s)
	}
	slices.Sort(cuts)
	for i := 1; i < len(cuts); i++ {
		lo, hi := max(cuts[i-1], 0), min(cuts[i], 1)
		if m := s.At((lo + hi) / 2); hi-lo > 1e-12 && covered(m.Add(side)) && covered(m.Sub(side)) {
			return true
		}
	}
	return false
}

// crossings are the points where an edge of p crosses an edge of q.
func crossings(p, q geom.Polygon) []r2.Point {
	var out []r2.Point
	for _, e := range p.Edges() {
		for _, f := range q.Edges() {
			if t, ok := e.IntersectT(f); ok {
				out = append(out, e.At(t))
			}
		}
	}
	return out
}

// appendCuts appends to cuts where s meets p's edges and corners, as fractions of s (0 and 1,
// its ends, too): between two cuts s is wholly inside p, outside it, or along its edge.
func appendCuts(cuts []float64, p geom.Polygon, s geom.Segment) []float64 {
	cuts = append(cuts, 0, 1)
	d := s.B.Sub(s.A)
	length := d.Norm()
	for i := range p {
		e := geom.Segment{A: p[i], B: p[(i+1)%len(p)]}
		if t, ok := s.IntersectT(e); ok {
			cuts = append(cuts, t)
		}
		for _, q := range [2]r2.Point{e.A, e.B} { // corners on the line (and collinear edges)
			if t := q.Sub(s.A).Dot(d) / (length * length); t > 0 && t < 1 && math.Abs(d.Cross(q.Sub(s.A)))/length <= geom.Eps {
				cuts = append(cuts, t)
			}
		}
	}
	return cuts
}

// entersInterior reports whether segment s passes through the inside of polygon p: crossing
// an edge into it, or running inside it; touching its boundary (a corner, along an edge) is
// not entering. The segment is cut where it meets the edges, and the middle of each piece
// is tested.
func entersInterior(p geom.Polygon, s geom.Segment) bool {
	if len(p) < 3 || !p.Bound().Intersects(s.Bound()) {
		return false
	}
	d := s.B.Sub(s.A)
	length := d.Norm()
	if length <= geom.Eps {
		return strictlyInside(p, s.A)
	}
	var buf [32]float64
	cuts := appendCuts(buf[:0], p, s)
	slices.Sort(cuts)
	for i := 1; i < len(cuts); i++ {
		lo, hi := max(cuts[i-1], 0), min(cuts[i], 1)
		if hi-lo > 1e-12 && strictlyInside(p, s.At((lo+hi)/2)) {
			return true
		}
	}
	return false
}

// strictlyInside reports whether q is inside p and not on (within geom.Eps of) its boundary.
func strictlyInside(p geom.Polygon, q r2.Point) bool {
	if !p.Contains(q) {
		return false
	}
	for i := range p {
		if (geom.Segment{A: p[i], B: p[(i+1)%len(p)]}).DistToPoint(q) <= geom.Eps {
			return false
		}
	}
	return true
}

// polygonNear reports whether the polygon comes within d of the segment (so that it may
// cross a line between two discs of radius at most d around the segment's ends).
func polygonNear(p geom.Polygon, s geom.Segment, d float64) bool {
	if crosses(p, s) {
		return true
	}
	for i := range p {
		e := geom.Segment{A: p[i], B: p[(i+1)%len(p)]}
		if e.Dist(s) <= d+geom.Eps {
			return true
		}
	}
	return false
}

// crosses is geom.Polygon.Crosses without its allocation: whether s touches the polygon.
func crosses(p geom.Polygon, s geom.Segment) bool {
	if len(p) < 3 {
		return false
	}
	for i := range p {
		if s.Intersects(geom.Segment{A: p[i], B: p[(i+1)%len(p)]}) {
			return true
		}
	}
	return p.Contains(s.A) || p.Contains(s.B)
}

// Reach is how far a disc's centre may go in flips: at most one diameter a flip, in any
// direction, in centimetres. R-DW-9 (home).
func Reach(d Disc, flips int) float64 { return float64(max(flips, 0)) * d.Diameter }

// FlipToward is where one flip of a disc of diameter cm from from lands when aimed at toward:
// at toward when it lies within a diameter, else one diameter along the line to it. R-DW-9.
func FlipToward(from, toward r2.Point, diameter float64) r2.Point {
	dist := geom.Dist(from, toward)
	if dist <= diameter || dist <= geom.Eps {
		return toward
	}
	return from.Add(toward.Sub(from).Mul(diameter / dist))
}

// ScatterOrder is where n scatter dice of an attack on target go, in order: to the discs
// within short range of the target (the attacker among them, the target not), those that
// overlap it first, the most overlapping first, then the nearest; more dice than discs start
// again from the first. No disc within short range: none (the dice are lost). Ties go by
// ID. Range and sight are not checked for scatter. R-DW-6 (home), R-DW-12.
func ScatterOrder(target Disc, discs []Disc, n int) []Disc {
	type near struct {
		d       Disc
		gap     float64
		overlap float64
	}
	var cands []near
	for _, d := range discs {
		if d.ID == target.ID {
			continue
		}
		if g := Gap(target, d); g <= ShortCm+geom.Eps {
			cands = append(cands, near{d, g, OverlapArea(target, d)})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		switch {
		case (a.overlap > geom.Eps) != (b.overlap > geom.Eps):
			return a.overlap > geom.Eps
		case a.overlap > geom.Eps && math.Abs(a.overlap-b.overlap) > geom.Eps:
			return a.overlap > b.overlap
		case a.overlap <= geom.Eps && math.Abs(a.gap-b.gap) > geom.Eps:
			return a.gap < b.gap
		}
		return a.d.ID < b.d.ID
	})
	if len(cands) == 0 || n <= 0 {
		return nil
	}
	out := make([]Disc, n)
	for i := range out {
		out[i] = cands[i%len(cands)].d
	}
	return out
}
