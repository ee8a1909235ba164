package diskwars

import (
	"math"
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

// sightSteps is how many points across each disc's width the sight test draws lines between:
// every 1/8 of the diameter, on the diameter square to the line between the centres.
const sightSteps = 9

// Sight reports whether attacker sees target. Sight is blocked only when every straight line
// from a point of the attacker to a point of the target crosses terrain that blocks sight; a
// piece either disc overlaps never blocks; an attacker on elevated terrain always sees; discs
// never block. The lines tried join sightSteps points across each disc's width (the centres'
// line first, then the outer lines): a gap narrower than an eighth of a disc may be missed.
// R-DW-4 (home).
func Sight(attacker, target Disc, terrain []Terrain) bool {
	centres := geom.Segment{A: attacker.Center, B: target.Center}
	reach := math.Max(attacker.Radius(), target.Radius())
	var blocking []geom.Polygon
	for _, t := range terrain {
		switch {
		case t.Kind == Elevated && OnTerrain(attacker, t):
			return true
		case t.Kind != BlocksSight || OnTerrain(attacker, t) || OnTerrain(target, t):
		case !t.Polygon.Bound().ExpandedByMargin(reach).Intersects(centres.Bound()):
		case polygonNear(t.Polygon, centres, reach):
			blocking = append(blocking, t.Polygon)
		}
	}
	if len(blocking) == 0 {
		return true
	}
	clear := func(a, b r2.Point) bool {
		s := geom.Segment{A: a, B: b}
		for _, p := range blocking {
			if crosses(p, s) {
				return false
			}
		}
		return true
	}
	d := target.Center.Sub(attacker.Center)
	if d.Norm() <= geom.Eps {
		return true // one on the other
	}
	n := d.Normalize().Ortho()
	// Offsets across the width, the middle first, then outwards.
	var offs [sightSteps]float64
	for i := range offs {
		k := float64((i + 1) / 2)
		if i%2 == 1 {
			k = -k
		}
		offs[i] = k / float64(sightSteps/2)
	}
	for _, u := range offs {
		a := attacker.Center.Add(n.Mul(u * attacker.Radius()))
		for _, v := range offs {
			if clear(a, target.Center.Add(n.Mul(v*target.Radius()))) {
				return true
			}
		}
	}
	return false
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

// FlipsTo is the fewest flips that bring the disc's centre to p (terrain and discs aside).
// R-DW-9.
func FlipsTo(d Disc, p r2.Point) int {
	dist := geom.Dist(d.Center, p)
	if dist <= geom.Eps || d.Diameter <= 0 {
		return 0
	}
	return int(math.Ceil(dist/d.Diameter - geom.Eps))
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
