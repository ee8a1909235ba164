package tabletop

import (
	"fmt"
	"slices"

	"github.com/golang/geo/r2"

	"gnosis/engine/geom"
)

// TableFile is a table as the command line reads it:
// {"unit":"cm","models":[{"id":"nero","x":30,"y":40,"radius_cm":1.5,"side":1}],
// "terrain":[{"kind":"high","polygon":[[50,30],[60,30],[60,40]]}]}. The unit is "cm" or "in".
type TableFile struct {
	Unit    string        `json:"unit"`
	Size    float64       `json:"size,omitempty"`
	Models  []ModelFile   `json:"models"`
	Terrain []TerrainFile `json:"terrain"`
}

// ModelFile is a model of a table file, in its unit (its radius in centimetres).
type ModelFile struct {
	ID      string  `json:"id"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Radius  float64 `json:"radius_cm"`
	Side    int     `json:"side"`
	Flyer   bool    `json:"flyer"`
	Engaged bool    `json:"engaged"`
}

// TerrainFile is a terrain piece of a table file, in its unit.
type TerrainFile struct {
	Kind    TerrainKind  `json:"kind"`
	Polygon [][2]float64 `json:"polygon"`
	Level   int          `json:"level"`
}

// Bounds of a table file: a table of at most MaxTableCm a side (the standard one is 120 cm;
// coordinates may lie as far off the table on the other side), models of at most MaxRadiusCm,
// at most MaxPieces models, terrain pieces and points of a polygon, elevations 0 to MaxLevel,
// and at most MaxTableWork for the answer's work: the ordered pairs of models times all the
// terrain's points (every pair's sight, cover and interceptors look at every edge; about 6 ns
// each, so the bound answers within a second; a game of 20 models on 12 pieces is 380 × 48).
const (
	MaxTableCm   = 1000.0
	MaxRadiusCm  = 50.0
	MaxPieces    = 500
	MaxLevel     = 20
	MaxTableWork = 100_000_000
)

func onTable(v float64) bool { return v >= -MaxTableCm && v <= MaxTableCm }

// ParseTable reads a table file and checks it: a known unit, models with a unique ID, a
// radius and side 1 or 2, terrain of a known kind with at least three points. Errors say
// which entry is wrong.
func ParseTable(b []byte) (Table, error) {
	var f TableFile
	if err := geom.DecodeFile(b, &f, "table file", `{"unit":"cm","models":[...],"terrain":[...]}`); err != nil {
		return Table{}, err
	}
	scale, err := geom.UnitScale(f.Unit)
	if err != nil {
		return Table{}, err
	}
	t := Table{Size: f.Size * scale}
	switch {
	case t.Size < 0 || t.Size > MaxTableCm:
		return Table{}, fmt.Errorf("size %v: want 0 (the standard table) to %v cm", f.Size, MaxTableCm)
	case len(f.Models) > MaxPieces || len(f.Terrain) > MaxPieces:
		return Table{}, fmt.Errorf("%d models and %d terrain pieces: want at most %d of each", len(f.Models), len(f.Terrain), MaxPieces)
	}
	points := 0
	for _, tr := range f.Terrain {
		points += len(tr.Polygon)
	}
	if work := len(f.Models) * max(len(f.Models)-1, 0) * points; work > MaxTableWork {
		return Table{}, fmt.Errorf("%d models and %d terrain points: %d pairs × points, want at most %d (MaxTableWork)", len(f.Models), points, work, MaxTableWork)
	}
	seen := map[string]bool{}
	for i, m := range f.Models {
		model, err := m.model(i, scale, seen)
		if err != nil {
			return Table{}, err
		}
		t.Models = append(t.Models, model)
	}
	for i, tr := range f.Terrain {
		piece, err := tr.terrain(i, scale)
		if err != nil {
			return Table{}, err
		}
		t.Terrain = append(t.Terrain, piece)
	}
	return t, nil
}

// model is the i-th model of a table file, scaled to centimetres; seen are the IDs read so far.
func (m ModelFile) model(i int, scale float64, seen map[string]bool) (Model, error) {
	switch {
	case !onTable(m.X*scale) || !onTable(m.Y*scale):
		return Model{}, fmt.Errorf("model %q at (%v, %v): want coordinates from %v to %v cm", m.ID, m.X, m.Y, -MaxTableCm, MaxTableCm)
	case m.Radius > MaxRadiusCm:
		return Model{}, fmt.Errorf("model %s: radius_cm %v: want more than 0 and at most %v", m.ID, m.Radius, MaxRadiusCm)
	case m.ID == "" || seen[m.ID]:
		return Model{}, fmt.Errorf("model %d: an id of its own is needed (%q)", i+1, m.ID)
	case m.Radius <= 0:
		return Model{}, fmt.Errorf("model %s: radius_cm must be more than 0", m.ID)
	case m.Side != 1 && m.Side != 2:
		return Model{}, fmt.Errorf("model %s: side must be 1 or 2", m.ID)
	}
	seen[m.ID] = true
	return Model{ID: m.ID, Center: r2.Point{X: m.X * scale, Y: m.Y * scale}, Radius: m.Radius, Side: m.Side, Flyer: m.Flyer, Engaged: m.Engaged}, nil
}

// terrain is the i-th terrain piece of a table file, scaled to centimetres.
func (tr TerrainFile) terrain(i int, scale float64) (Terrain, error) {
	switch {
	case !slices.Contains(Kinds, tr.Kind):
		return Terrain{}, fmt.Errorf("terrain %d: kind %q, want one of %v", i+1, tr.Kind, Kinds)
	case len(tr.Polygon) < 3:
		return Terrain{}, fmt.Errorf("terrain %d: a polygon needs at least 3 points", i+1)
	case len(tr.Polygon) > MaxPieces:
		return Terrain{}, fmt.Errorf("terrain %d: %d points, want at most %d", i+1, len(tr.Polygon), MaxPieces)
	case tr.Level < 0 || tr.Level > MaxLevel:
		return Terrain{}, fmt.Errorf("terrain %d: level %d, want 0 to %d", i+1, tr.Level, MaxLevel)
	}
	var p geom.Polygon
	for _, xy := range tr.Polygon {
		if !onTable(xy[0]*scale) || !onTable(xy[1]*scale) {
			return Terrain{}, fmt.Errorf("terrain %d: point (%v, %v), want coordinates from %v to %v cm", i+1, xy[0], xy[1], -MaxTableCm, MaxTableCm)
		}
		p = append(p, r2.Point{X: xy[0] * scale, Y: xy[1] * scale})
	}
	return Terrain{Kind: tr.Kind, Polygon: p, Level: tr.Level}, nil
}
