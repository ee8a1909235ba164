package diskwars

import (
	"fmt"
	"math"
	"slices"

	"github.com/golang/geo/r2"

	"gnosis/engine/geom"
)

// Field is a battlefield: discs and terrain, in centimetres.
type Field struct {
	Discs   []Disc
	Terrain []Terrain
}

// Bounds of a field file: coordinates within MaxFieldCm of the origin, discs of at most
// MaxDiameterCm, at most MaxPieces discs, terrain pieces and points of a polygon, and at most
// MaxFieldWork for the answer's work: the pairs of discs times the cube of all the terrain's
// points (exact sight tries, for a blocked pair, the lines through every two corners against
// every edge). A battle of 30 discs on 10 pieces of 8 points is 435 × 80³ = 2.2e8; at the
// bound the command answers within seconds.
const (
	MaxFieldCm    = 1000.0
	MaxDiameterCm = 50.0
	MaxPieces     = 500
	MaxFieldWork  = 2e9
)

// Kinds are the terrain kinds a field file may name.
var Kinds = []TerrainKind{BlocksSight, Elevated, Rough, Swamp, Dangerous}

// ParseField reads a field file and checks it:
// {"unit":"cm","discs":[{"id":"a","x":10,"y":20,"diameter_cm":5.1,"side":1}],
// "terrain":[{"kind":"blocks","polygon":[[40,30],[50,30],[50,60]]}]}. The unit is "cm" or
// "in" (2.5 cm to the inch); discs need an ID of their own, a diameter and side 1 or 2;
// terrain a known kind and three points or more. Errors say which entry is wrong.
func ParseField(b []byte) (Field, error) {
	var f struct {
		Unit    string        `json:"unit"`
		Discs   []discFile    `json:"discs"`
		Terrain []terrainFile `json:"terrain"`
	}
	if err := geom.DecodeFile(b, &f, "field file", `{"unit":"cm","discs":[...],"terrain":[...]}`); err != nil {
		return Field{}, err
	}
	scale, err := geom.UnitScale(f.Unit)
	if err != nil {
		return Field{}, err
	}
	if len(f.Discs) > MaxPieces || len(f.Terrain) > MaxPieces {
		return Field{}, fmt.Errorf("%d discs and %d terrain pieces: want at most %d of each", len(f.Discs), len(f.Terrain), MaxPieces)
	}
	var out Field
	seen := map[string]bool{}
	for i, d := range f.Discs {
		disc, err := d.disc(i, scale, seen)
		if err != nil {
			return Field{}, err
		}
		out.Discs = append(out.Discs, disc)
	}
	points := 0.0
	for _, t := range f.Terrain {
		points += float64(len(t.Polygon))
	}
	if pairs := float64(len(f.Discs)) * float64(len(f.Discs)-1) / 2; pairs*points*points*points > MaxFieldWork {
		return Field{}, fmt.Errorf("%d discs and %v terrain points: %.3g pairs × points³, want at most %.3g (MaxFieldWork)", len(f.Discs), points, pairs*points*points*points, float64(MaxFieldWork))
	}
	for i, t := range f.Terrain {
		piece, err := t.terrain(i, scale)
		if err != nil {
			return Field{}, err
		}
		out.Terrain = append(out.Terrain, piece)
	}
	return out, nil
}

// discFile is a disc of a field file, in its unit (its diameter in centimetres).
type discFile struct {
	ID       string  `json:"id"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Diameter float64 `json:"diameter_cm"`
	Side     int     `json:"side"`
}

// terrainFile is a terrain piece of a field file, in its unit.
type terrainFile struct {
	Kind    TerrainKind  `json:"kind"`
	Polygon [][2]float64 `json:"polygon"`
}

// onField reports whether a coordinate, in centimetres, is within a field file's bounds.
func onField(v float64) bool { return v >= -MaxFieldCm && v <= MaxFieldCm }

// disc is the i-th disc of a field file, scaled to centimetres; seen are the IDs read so far.
func (d discFile) disc(i int, scale float64, seen map[string]bool) (Disc, error) {
	switch {
	case d.ID == "" || seen[d.ID]:
		return Disc{}, fmt.Errorf("disc %d: an id of its own is needed (%q)", i+1, d.ID)
	case !onField(d.X*scale) || !onField(d.Y*scale):
		return Disc{}, fmt.Errorf("disc %s at (%v, %v): want coordinates from %v to %v cm", d.ID, d.X, d.Y, -MaxFieldCm, MaxFieldCm)
	case !(d.Diameter > 0) || d.Diameter > MaxDiameterCm:
		return Disc{}, fmt.Errorf("disc %s: diameter_cm %v: want more than 0 and at most %v", d.ID, d.Diameter, MaxDiameterCm)
	case d.Side != 1 && d.Side != 2:
		return Disc{}, fmt.Errorf("disc %s: side must be 1 or 2", d.ID)
	}
	seen[d.ID] = true
	return Disc{ID: d.ID, Center: r2.Point{X: d.X * scale, Y: d.Y * scale}, Diameter: d.Diameter, Side: d.Side}, nil
}

// terrain is the i-th terrain piece of a field file, scaled to centimetres.
func (t terrainFile) terrain(i int, scale float64) (Terrain, error) {
	switch {
	case !slices.Contains(Kinds, t.Kind):
		return Terrain{}, fmt.Errorf("terrain %d: kind %q, want one of %v", i+1, t.Kind, Kinds)
	case len(t.Polygon) < 3 || len(t.Polygon) > MaxPieces:
		return Terrain{}, fmt.Errorf("terrain %d: %d points, want 3 to %d", i+1, len(t.Polygon), MaxPieces)
	}
	var p geom.Polygon
	for _, xy := range t.Polygon {
		if !onField(xy[0]*scale) || !onField(xy[1]*scale) {
			return Terrain{}, fmt.Errorf("terrain %d: point (%v, %v), want coordinates from %v to %v cm", i+1, xy[0], xy[1], -MaxFieldCm, MaxFieldCm)
		}
		p = append(p, r2.Point{X: xy[0] * scale, Y: xy[1] * scale})
	}
	return Terrain{Kind: t.Kind, Polygon: p}, nil
}

// Disc is the disc with the ID id.
func (f Field) Disc(id string) (Disc, bool) {
	for _, d := range f.Discs {
		if d.ID == id {
			return d, true
		}
	}
	return Disc{}, false
}

// Pair is what the field says of disc B as seen from disc A: the edge-to-edge gap (negative
// when they overlap), B's range band from A, whether A sees B, and whether they overlap.
// R-DW-3, R-DW-4, R-DW-9.
type Pair struct {
	A       string  `json:"a"`
	B       string  `json:"b"`
	GapCm   float64 `json:"gap_cm"`
	Band    Band    `json:"band"`
	LoS     bool    `json:"los"`
	Overlap bool    `json:"overlap"`
}

// Pairs answers for every ordered pair of discs (sight may differ: an attacker on elevated
// terrain sees over what blocks).
//
// Sight is symmetric but for an attacker on elevated terrain, so each unordered pair's lines
// are drawn once (sightBetween) and each disc's elevation read once.
func (f Field) Pairs() []Pair {
	n := len(f.Discs)
	out := make([]Pair, 0, n*max(n-1, 0))
	high := make([]bool, n)
	for i, d := range f.Discs {
		high[i] = onElevated(d, f.Terrain)
	}
	between := make([]bool, n*n) // [i*n+j], i < j
	for i := range f.Discs {
		for j := i + 1; j < n; j++ {
			_, between[i*n+j] = sightBetween(f.Discs[i], f.Discs[j], f.Terrain)
		}
	}
	for i, a := range f.Discs {
		for j, b := range f.Discs {
			if a.ID == b.ID {
				continue
			}
			gap := Gap(a, b)
			los := high[i] || between[min(i, j)*n+max(i, j)]
			out = append(out, Pair{A: a.ID, B: b.ID, GapCm: math.Round(gap*1000) / 1000, Band: BandOf(math.Max(gap, 0)), LoS: los, Overlap: Overlaps(a, b)})
		}
	}
	return out
}
