package diskwars

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/geom"
)

// disc is a disc of diameter 5 cm at (x, y).
func disc(id string, x, y float64) Disc {
	return Disc{ID: id, Center: r2.Point{X: x, Y: y}, Diameter: 5, Side: 1}
}

// poly is a terrain piece of that kind with corners at the coordinates (x, y pairs).
func poly(kind TerrainKind, xy ...float64) Terrain {
	var p geom.Polygon
	for i := 0; i+1 < len(xy); i += 2 {
		p = append(p, r2.Point{X: xy[i], Y: xy[i+1]})
	}
	return Terrain{Kind: kind, Polygon: p}
}

func rect(kind TerrainKind, x0, y0, x1, y1 float64) Terrain {
	return Terrain{Kind: kind, Polygon: geom.Polygon{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}}
}

func TestRangeBands(t *testing.T) {
	t.Run("R-DW-3 edge to edge, a boundary is the shorter band", func(t *testing.T) {
		a := disc("a", 0, 0)
		for _, tc := range []struct {
			gap  float64
			want Band
		}{{0, Short}, {7.5, Short}, {7.51, Medium}, {17.5, Medium}, {17.51, Long}, {30, Long}, {30.01, Siege}, {80, Siege}} {
			b := disc("b", tc.gap+5, 0) // centres a gap and two radii apart
			if g := Gap(a, b); math.Abs(g-tc.gap) > 1e-9 {
				t.Fatalf("gap %v, want %v", g, tc.gap)
			}
			if got := BandOf(Gap(a, b)); got != tc.want {
				t.Errorf("gap %v cm: %s, want %s", tc.gap, got, tc.want)
			}
		}
		// 3, 7 and 12 inches at 2.5 cm to the inch.
		if ShortCm != 3*2.5 || MediumCm != 7*2.5 || LongCm != 12*2.5 {
			t.Error("the bands are 3, 7 and 12 inches")
		}
	})
}

func TestSight(t *testing.T) {
	a, b := disc("a", 0, 0), disc("b", 40, 0)
	wall := rect(BlocksSight, 19, -10, 21, 10)
	post := rect(BlocksSight, 19, -1, 21, 1)
	for _, tc := range []struct {
		name    string
		a, b    Disc
		terrain []Terrain
		want    bool
	}{
		{"R-DW-4 open ground", a, b, nil, true},
		{"R-DW-4 a wall across every line between the discs", a, b, []Terrain{wall}, false},
		{"R-DW-4 a post on the line between the centres, open around it", a, b, []Terrain{post}, true},
		{"R-DW-4 terrain that does not block sight", a, b, []Terrain{rect(Rough, 19, -10, 21, 10)}, true},
		{"R-DW-4 the target overlaps the wall", a, disc("b", 22, 0), []Terrain{wall}, true},
		{"R-DW-4 the attacker overlaps the wall", disc("a", 17, 0), b, []Terrain{wall}, true},
		{"R-DW-4 the attacker on elevated terrain sees over the wall", a, b, []Terrain{wall, rect(Elevated, -3, -3, 3, 3)}, true},
		{"R-DW-4 the target on elevated terrain does not", a, b, []Terrain{wall, rect(Elevated, 37, -3, 43, 3)}, false},
		{"R-DW-4 two walls with a gap wider than the discs", a, b, []Terrain{rect(BlocksSight, 19, 1, 21, 10), rect(BlocksSight, 19, -10, 21, -1)}, true},
		// Exact sight (no sampling): each of these was missed by the 9 × 9 lines sampled before.
		{"R-DW-4 a slot 1 mm wide between two walls lets sight through", a, b, []Terrain{rect(BlocksSight, 19, 1.1, 21, 10), rect(BlocksSight, 19, -10, 21, 1.0)}, true},
		{"R-DW-4 walls that overlap leave no slot", a, b, []Terrain{rect(BlocksSight, 19, 0.9, 21, 10), rect(BlocksSight, 19, -10, 21, 1.0)}, false},
		{"R-DW-4 walls that touch block as one: no sight along their seam", a, b, []Terrain{rect(BlocksSight, 19, 1.0, 21, 10), rect(BlocksSight, 19, -10, 21, 1.0)}, false},
		{"R-DW-4 walls that touch at a slant block as one", a, b, []Terrain{poly(BlocksSight, 19, -10, 21, -10, 21, 0.95, 19, 1.05), poly(BlocksSight, 19, 1.05, 21, 0.95, 21, 10, 19, 10)}, false},
		{"R-DW-4 walls offset along their seam block as one where they touch", a, b, []Terrain{rect(BlocksSight, 19, -10, 20.5, 1.0), rect(BlocksSight, 19.5, 1.0, 21, 10)}, false},
		{"R-DW-4 a slanted line through two narrow slots, from one disc's edge to the other's", a, b,
			[]Terrain{rect(BlocksSight, 9.95, -10, 10.05, 0.98), rect(BlocksSight, 9.95, 1.02, 10.05, 10), rect(BlocksSight, 29.95, -10, 30.05, -1.02), rect(BlocksSight, 29.95, -0.98, 30.05, 10)}, true},
		{"R-DW-4 two narrow slots that no line between the discs passes both", a, b,
			[]Terrain{rect(BlocksSight, 9.95, -10, 10.05, 0.98), rect(BlocksSight, 9.95, 1.02, 10.05, 10), rect(BlocksSight, 29.95, -10, 30.05, -3.02), rect(BlocksSight, 29.95, -2.98, 30.05, 10)}, false},
		{"R-DW-4 the discs' common tangent grazing a wall's edge is not crossed", a, b, []Terrain{rect(BlocksSight, 19, -10, 21, 2.5)}, true},
		{"R-DW-4 a wall a hair past the common tangent blocks", a, b, []Terrain{rect(BlocksSight, 19, -10, 21, 2.501)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Sight(tc.a, tc.b, tc.terrain); got != tc.want {
				t.Errorf("sight %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("R-DW-4 discs never block sight", func(t *testing.T) {
		f := Field{Discs: []Disc{a, disc("between", 20, 0), b}}
		for _, p := range f.Pairs() {
			if !p.LoS {
				t.Errorf("%s does not see %s", p.A, p.B)
			}
		}
	})
}

func TestOverlap(t *testing.T) {
	t.Run("R-DW-9 a disc on another pins it; touching edges do not", func(t *testing.T) {
		a := disc("a", 0, 0)
		if Overlaps(a, disc("b", 5, 0)) || !Overlaps(a, disc("b", 4.9, 0)) {
			t.Error("overlap at 5 cm between centres of two 5 cm discs")
		}
	})
	t.Run("R-DW-6 the area two discs share", func(t *testing.T) {
		a := disc("a", 0, 0)
		r := 2.5
		want := 2*r*r*math.Acos(0.5) - 1.25*math.Sqrt(4*r*r-r*r) // centres one radius apart
		for _, tc := range []struct {
			d, want float64
		}{{5, 0}, {6, 0}, {0, math.Pi * r * r}, {r, want}} {
			if got := OverlapArea(a, disc("b", tc.d, 0)); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("centres %v cm apart: %v, want %v", tc.d, got, tc.want)
			}
		}
		small := Disc{ID: "s", Diameter: 2}
		if got := OverlapArea(a, small); math.Abs(got-math.Pi) > 1e-9 {
			t.Errorf("a small disc wholly on a large one: %v, want π", got)
		}
	})
}

func TestScatterOrder(t *testing.T) {
	target := disc("t", 0, 0)
	more := disc("more", 3, 0)   // overlaps the target by more
	less := disc("less", 4.5, 0) // overlaps it a little
	near := disc("near", 0, 8)   // gap 3
	far := disc("far", 0, -11)   // gap 6
	out := disc("out", 15, 0)    // gap 10: beyond short range
	attacker := disc("attacker", -12, 0)
	ids := func(ds []Disc) []string {
		var out []string
		for _, d := range ds {
			out = append(out, d.ID)
		}
		return out
	}
	t.Run("R-DW-6 overlapping first, the most first, then the nearest; round robin", func(t *testing.T) {
		got := ids(ScatterOrder(target, []Disc{out, far, near, less, more, target}, 7))
		want := []string{"more", "less", "near", "far", "more", "less", "near"}
		if len(got) != len(want) {
			t.Fatalf("%v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%v, want %v", got, want)
			}
		}
	})
	t.Run("R-DW-12 the attacker may take a scatter die; none near: the dice are lost", func(t *testing.T) {
		if got := ids(ScatterOrder(target, []Disc{attacker, out}, 2)); len(got) != 2 || got[0] != "attacker" || got[1] != "attacker" {
			t.Errorf("%v, want the attacker twice", got)
		}
		if got := ScatterOrder(target, []Disc{out, target}, 3); got != nil {
			t.Errorf("%v, want none", ids(got))
		}
	})
}

func TestFlips(t *testing.T) {
	d := disc("d", 0, 0)
	t.Run("R-DW-9 a flip moves the centre one diameter at most", func(t *testing.T) {
		if Reach(d, 3) != 15 || Reach(d, 0) != 0 {
			t.Error("three flips of a 5 cm disc reach 15 cm")
		}
	})
	t.Run("R-DW-9 a flip aimed farther than a diameter lands one diameter along the line", func(t *testing.T) {
		for _, tc := range []struct{ toward, want r2.Point }{
			{r2.Point{X: 3, Y: 4}, r2.Point{X: 3, Y: 4}},   // 5 cm: within reach
			{r2.Point{X: 30, Y: 40}, r2.Point{X: 3, Y: 4}}, // 50 cm: a diameter towards it
			{r2.Point{X: 0, Y: -12}, r2.Point{X: 0, Y: -5}},
			{r2.Point{}, r2.Point{}},
		} {
			if got := FlipToward(r2.Point{}, tc.toward, 5); geom.Dist(got, tc.want) > 1e-9 {
				t.Errorf("towards %v: lands at %v, want %v", tc.toward, got, tc.want)
			}
		}
	})
	t.Run("R-DW-11 the article's disc sizes", func(t *testing.T) {
		if !(SmallDiscCm > 5 && math.Abs(MediumDiscCm-2.5*2.5) < 1e-9 && math.Abs(LargeDiscCm-3.3*2.5) < 0.1) {
			t.Error("small just over 5 cm, medium 2.5 in, large 3.3 in")
		}
	})
}

func BenchmarkPairs(b *testing.B) {
	f := benchField()
	b.ResetTimer()
	for range b.N {
		f.Pairs()
	}
}

// benchField is 30 discs on a 90 cm battlefield with 10 terrain pieces, half of them
// blocking sight.
func benchField() Field {
	var f Field
	for i := range 30 {
		f.Discs = append(f.Discs, Disc{ID: string(rune('A' + i)), Center: r2.Point{X: float64(5 + (i%6)*16), Y: float64(5 + (i/6)*20)}, Diameter: 5.1, Side: 1 + i%2})
	}
	kinds := []TerrainKind{BlocksSight, Rough, BlocksSight, Elevated, BlocksSight, Swamp, BlocksSight, Dangerous, BlocksSight, Rough}
	for i, k := range kinds {
		x, y := float64(10+(i%5)*16), float64(12+(i/5)*40)
		f.Terrain = append(f.Terrain, rect(k, x, y, x+6, y+12))
	}
	return f
}

// TestSightAgainstDenseLines: on random battlefields of walls, whenever one of many lines
// drawn between points of both discs is clear, Sight says the discs see each other; and when
// Sight says so, its witness joins the two discs and enters no wall. R-DW-4.
func TestSightAgainstDenseLines(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 7))
	const n = 25
	for round := range 300 {
		a := Disc{ID: "a", Center: r2.Point{X: 5 + 10*r.Float64(), Y: 5 + 30*r.Float64()}, Diameter: 3 + 5*r.Float64()}
		b := Disc{ID: "b", Center: r2.Point{X: 35 + 10*r.Float64(), Y: 5 + 30*r.Float64()}, Diameter: 3 + 5*r.Float64()}
		var walls []Terrain
		for range 1 + r.IntN(4) {
			x, y := 18+8*r.Float64(), 40*r.Float64()
			walls = append(walls, rect(BlocksSight, x, y, x+0.5+2*r.Float64(), y+1+15*r.Float64()))
		}
		exact, ok := sightBetween(a, b, walls)
		if ok {
			if geom.Dist(exact.A, a.Center) > a.Radius()+1e-6 || geom.Dist(exact.B, b.Center) > b.Radius()+1e-6 {
				t.Fatalf("round %d: the witness %v does not join the discs", round, exact)
			}
			for _, w := range walls {
				if !OnTerrain(a, w) && !OnTerrain(b, w) && entersInterior(w.Polygon, exact) {
					t.Fatalf("round %d: the witness %v enters a wall", round, exact)
				}
			}
		}
		if ok {
			continue
		}
		for i := range n {
			for j := range n {
				p := a.Center.Add(r2.Point{X: 0, Y: a.Radius() * (2*float64(i)/(n-1) - 1)})
				q := b.Center.Add(r2.Point{X: 0, Y: b.Radius() * (2*float64(j)/(n-1) - 1)})
				s := geom.Segment{A: p, B: q}
				clear := true
				for _, w := range walls {
					if OnTerrain(a, w) || OnTerrain(b, w) {
						continue
					}
					if w.Polygon.Crosses(s) {
						clear = false
					}
				}
				if clear {
					t.Fatalf("round %d: the line %v is clear, but Sight says blocked", round, s)
				}
			}
		}
	}
}

// TestFieldWorkBounded (finding 4): a field whose exact sight would take minutes (500 discs,
// 500 pieces of many points) is refused at once, naming MaxFieldWork.
func TestFieldWorkBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"unit":"cm","discs":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":"d%d","x":%d,"y":%d,"diameter_cm":5,"side":%d}`, i, i%100, i/100*10, 1+i%2)
	}
	b.WriteString(`],"terrain":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"kind":"blocks","polygon":[[%d,0],[%d,0],[%d,1],[%d,1]]}`, i, i+1, i+1, i)
	}
	b.WriteString(`]}`)
	if _, err := ParseField([]byte(b.String())); err == nil || !strings.Contains(err.Error(), "MaxFieldWork") {
		t.Fatalf("got %v, want a refusal naming MaxFieldWork", err)
	}
}
