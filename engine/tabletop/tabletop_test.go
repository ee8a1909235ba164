package tabletop

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
	"gnosis/engine/geom"
)

func pt(x, y float64) r2.Point { return r2.Point{X: x, Y: y} }

func rect(x0, y0, x1, y1 float64) geom.Polygon {
	return geom.Polygon{pt(x0, y0), pt(x1, y0), pt(x1, y1), pt(x0, y1)}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func model(id string, x, y float64, side int) Model {
	return Model{ID: id, Center: pt(x, y), Radius: 1.5, Side: side}
}

func TestQueries(t *testing.T) {
	a, b := model("a", 10, 10, 1), model("b", 30, 10, 2)
	t.Run("R-ZOC-1 gap between bases", func(t *testing.T) {
		if g := Gap(a, b); !near(g, 17) || !near(Gap(b, a), 17) {
			t.Errorf("%v", g)
		}
		if Gap(a, model("c", 12, 10, 2)) != 0 {
			t.Error("overlapping bases have no gap")
		}
	})
	t.Run("R-TER-2 high terrain and walls block sight, low terrain does not", func(t *testing.T) {
		for kind, blocks := range map[TerrainKind]bool{HighBlock: true, Wall: true, LowBlock: false, Rough: false, Forest: false} {
			tb := Table{Models: []Model{a, b}, Terrain: []Terrain{{Kind: kind, Polygon: rect(19, 0, 21, 20)}}}
			if tb.LineOfSight(a, b) == blocks {
				t.Errorf("%s: line of sight %v", kind, !blocks)
			}
		}
	})
	t.Run("R-TER-3 an elevation between two models on the ground blocks sight; from on top it does not", func(t *testing.T) {
		hill := Terrain{Kind: Elevation, Level: 1, Polygon: rect(18, 0, 24, 20)}
		tb := Table{Terrain: []Terrain{hill}}
		if tb.LineOfSight(a, b) {
			t.Error("seen through a hill")
		}
		top := model("top", 20, 10, 1)
		if !tb.LineOfSight(top, b) || !tb.LineOfSight(a, top) {
			t.Error("a model on the hill is not seen")
		}
		if !tb.Elevated(top, b) || tb.Elevated(a, b) {
			t.Error("R-ATK-6 elevated")
		}
	})
	t.Run("R-ZOC-1 the zone of control is 20 cm in line of sight", func(t *testing.T) {
		tb := Table{}
		at20 := model("d", 10+20+3, 10, 2)
		beyond := model("e", 10+20.01+3, 10, 2)
		if !tb.InZoneOfControl(a, at20) || tb.InZoneOfControl(a, beyond) {
			t.Error("20 cm")
		}
		walled := Table{Terrain: []Terrain{{Kind: Wall, Polygon: rect(19, 0, 20, 20)}}}
		if walled.InZoneOfControl(a, b) {
			t.Error("a zone of control needs line of sight")
		}
		if !tb.InZoneOfInfluence(a, model("f", 10+30+3, 10, 2), 30) || tb.InZoneOfInfluence(a, model("f", 10+31+3, 10, 2), 30) {
			t.Error("R-ARB-1 zone of influence")
		}
	})
	t.Run("R-ATK-6 cover through rough terrain, not for a shooter above it", func(t *testing.T) {
		tb := Table{Terrain: []Terrain{{Kind: Forest, Polygon: rect(18, 0, 22, 20)}}}
		if !tb.Cover(a, b) {
			t.Error("no cover through a forest")
		}
		tb.Terrain = append(tb.Terrain, Terrain{Kind: Elevation, Level: 1, Polygon: rect(0, 0, 12, 20)})
		if tb.Cover(a, b) {
			t.Error("an elevated shooter ignores cover below")
		}
		if (Table{Terrain: []Terrain{{Kind: LowBlock, Polygon: rect(18, 0, 22, 20)}}}).Cover(a, b) {
			t.Error("R-TER-2 low impassable terrain gives no cover")
		}
	})
	t.Run("R-ATK-6 range and long range", func(t *testing.T) {
		in, long := InRange(a, b, 40)
		if !in || long {
			t.Errorf("17 cm of 40: %v %v", in, long)
		}
		in, long = InRange(a, b, 30)
		if !in || !long {
			t.Errorf("17 cm of 30: %v %v", in, long)
		}
		if in, _ := InRange(a, b, 16); in {
			t.Error("out of range")
		}
	})
}

func TestInterceptionAndShields(t *testing.T) {
	charger, target := model("charger", 10, 10, 1), model("target", 50, 10, 2)
	close := model("close", 30, 16, 2)   // 6 cm from the line: 6 - 1.5 - 1.5 = 3 <= 5
	far := model("far", 30, 20, 2)       // 10 - 3 = 7
	friend := model("friend", 30, 12, 1) // the charger's own side
	engaged := model("engaged", 30, 11, 2)
	engaged.Engaged = true
	tb := Table{Models: []Model{charger, target, close, far, friend, engaged}}
	t.Run("R-ATK-9 an enemy of the charger near the charge line may intercept", func(t *testing.T) {
		got := tb.Interceptors(charger, target)
		if len(got) != 1 || got[0].ID != "close" {
			t.Errorf("%v", got)
		}
	})
	t.Run("R-ATK-9 only flyers intercept a flyer", func(t *testing.T) {
		fly := charger
		fly.Flyer = true
		if got := tb.Interceptors(fly, target); len(got) != 0 {
			t.Errorf("%v", got)
		}
	})
	t.Run("R-ATK-10 a friend of the target within 5 cm of the shot may shield it", func(t *testing.T) {
		shooter := model("shooter", 50, 40, 1)
		victim := model("victim", 50, 10, 2)
		guard := model("guard", 55, 25, 2) // 5 - 1.5 = 3.5 cm from the trajectory
		wide := model("wide", 60, 25, 2)   // 10 - 1.5 = 8.5
		tb := Table{Models: []Model{shooter, victim, guard, wide}}
		got := tb.HumanShields(shooter, victim)
		if len(got) != 1 || got[0].ID != "guard" {
			t.Errorf("%v", got)
		}
		tb.Terrain = []Terrain{{Kind: Elevation, Level: 1, Polygon: rect(40, 35, 60, 45)}}
		if len(tb.HumanShields(shooter, victim)) != 0 {
			t.Error("R-ATK-6 a shot from above takes no human shield (both editions)")
		}
	})
	t.Run("R-ATK-10 a friend exactly 5.0 cm from the trajectory is too far: less than 5 cm", func(t *testing.T) {
		shooter := model("shooter", 50, 40, 1)
		victim := model("victim", 50, 10, 2)
		edge := model("edge", 56.5, 25, 2)      // 6.5 - 1.5 = 5.0 cm
		inside := model("inside", 56.49, 25, 2) // 4.99 cm
		tb := Table{Models: []Model{shooter, victim, edge, inside}}
		got := tb.HumanShields(shooter, victim)
		if len(got) != 1 || got[0].ID != "inside" {
			t.Errorf("%v", got)
		}
	})
}

func TestKnockbackPath(t *testing.T) {
	thrown := model("thrown", 20, 20, 2)
	other := model("other", 45, 20, 2)
	big := Model{ID: "big", Center: pt(20, 60), Radius: 3, Side: 2}
	tb := Table{Models: []Model{thrown, other, big}, Terrain: []Terrain{
		{Kind: MinorObstacle, Polygon: rect(25, 15, 27, 25)},
		{Kind: Wall, Polygon: rect(35, 10, 36, 30)},
	}}
	refs := map[string]anima.Ref{"other": {Side: 1, Index: 4}}
	t.Run("R-CAP-5 the path meets the minor obstacle, the wall and a base in order", func(t *testing.T) {
		got := tb.KnockbackPath(thrown, pt(1, 0), 30, refs)
		want := []anima.Crossing{{Kind: anima.MinorObstacle, At: 3.5}, {Kind: anima.Wall, At: 13.5}, {Kind: anima.Base, At: 22, Ref: anima.Ref{Side: 1, Index: 4}}}
		if len(got) != len(want) {
			t.Fatalf("%+v", got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("crossing %d: %+v, want %+v", i, got[i], want[i])
			}
		}
	})
	t.Run("R-CAP-5 the table edge stops a throw", func(t *testing.T) {
		got := tb.KnockbackPath(model("edge", 110, 90, 1), pt(1, 0), 20, nil)
		if len(got) != 1 || got[0].Kind != anima.TableEdge || !near(float64(got[0].At), 8.5) {
			t.Errorf("%+v", got)
		}
	})
	t.Run("R-CAP-5 a large struck base is marked: both then move half", func(t *testing.T) {
		got := tb.KnockbackPath(model("small", 20, 50, 1), pt(0, 1), 20, map[string]anima.Ref{"big": {Side: 1, Index: 2}})
		if len(got) != 1 || got[0].Kind != anima.Base || !got[0].Large || got[0].Larger {
			t.Errorf("%+v", got)
		}
	})
	t.Run("R-CAP-4 a larger thrown base strikes harder", func(t *testing.T) {
		got := tb.KnockbackPath(big, pt(0, -1), 40, nil)
		found := false
		for _, c := range got {
			found = found || (c.Kind == anima.Base && !c.Larger)
		}
		if found {
			t.Errorf("%+v", got)
		}
	})
}

func TestPlacement(t *testing.T) {
	tb := Table{Terrain: []Terrain{{Kind: Rough, Polygon: rect(40, 40, 50, 50)}}}
	t.Run("R-SETUP-2 scenery away from the edges and other pieces", func(t *testing.T) {
		if err := tb.CheckScenery(rect(5, 20, 15, 30)); !errors.Is(err, ErrNearEdge) {
			t.Error(err)
		}
		if err := tb.CheckScenery(rect(51, 40, 60, 50)); !errors.Is(err, ErrNearPiece) {
			t.Error(err)
		}
		if err := tb.CheckScenery(rect(53, 40, 60, 50)); err != nil {
			t.Error(err)
		}
	})
	t.Run("R-SETUP-7 markers 15 cm apart and from the enemy zone", func(t *testing.T) {
		zone := r2.RectFromPoints(pt(0, 100), pt(120, 120))
		if err := CheckMarkers([]r2.Point{pt(10, 10), pt(20, 10)}, zone); !errors.Is(err, ErrNearMarker) {
			t.Error(err)
		}
		if err := CheckMarkers([]r2.Point{pt(10, 90)}, zone); !errors.Is(err, ErrNearEnemy) {
			t.Error(err)
		}
		if err := CheckMarkers([]r2.Point{pt(10, 10), pt(30, 10), pt(10, 80)}, zone); err != nil {
			t.Error(err)
		}
	})
	t.Run("R-SUM-2 a summon in the summoner's zone of control, 5 cm from others", func(t *testing.T) {
		summoner := model("s", 20, 20, 1)
		other := model("o", 40, 20, 2)
		tb := Table{Models: []Model{summoner, other}}
		if err := tb.CheckSummon(summoner, model("e", 30, 30, 1)); err != nil {
			t.Error(err)
		}
		if err := tb.CheckSummon(summoner, model("e", 60, 60, 1)); !errors.Is(err, ErrOutsideZoC) {
			t.Error(err)
		}
		if err := tb.CheckSummon(summoner, model("e", 35, 20, 1)); !errors.Is(err, ErrNearModel) {
			t.Error(err)
		}
	})
	t.Run("R-SCN-1 standing on a power node", func(t *testing.T) {
		if !OnNode(model("m", 10, 10, 1), pt(11, 10)) || OnNode(model("m", 10, 10, 1), pt(12, 10)) {
			t.Error("node")
		}
	})
}

func TestGrid(t *testing.T) {
	occupied := map[Square]bool{{3, 0}: true}
	t.Run("R-GRID-1 steps to neighbours, never through an occupied square", func(t *testing.T) {
		if err := CheckWalk([]Square{{0, 0}, {1, 1}, {2, 1}, {3, 1}}, 4, occupied); err != nil {
			t.Error(err)
		}
		if err := CheckWalk([]Square{{0, 0}, {2, 0}}, 4, nil); !errors.Is(err, ErrNotNeighbour) {
			t.Error(err)
		}
		if err := CheckWalk([]Square{{0, 0}, {1, 0}, {2, 0}, {3, 0}}, 4, occupied); !errors.Is(err, ErrOccupied) {
			t.Error(err)
		}
		if err := CheckWalk([]Square{{0, 0}, {1, 0}, {2, 0}}, 1, nil); !errors.Is(err, ErrTooFar) {
			t.Error(err)
		}
	})
	t.Run("R-GRID-2 a run goes ahead and turns at most twice", func(t *testing.T) {
		if err := CheckRun([]Square{{0, 0}, {1, 0}, {2, 1}, {3, 1}, {4, 0}}, 6, nil); !errors.Is(err, ErrRunChanges) {
			t.Error(err)
		}
		if err := CheckRun([]Square{{0, 0}, {1, 0}, {2, 1}, {3, 1}}, 6, nil); err != nil {
			t.Error(err)
		}
		if err := CheckRun([]Square{{0, 0}, {1, 0}, {1, 1}}, 6, nil); !errors.Is(err, ErrRunTurn) {
			t.Error(err)
		}
	})
}

func randomTable(r *rand.Rand, models, pieces int) Table {
	var tb Table
	for i := 0; i < models; i++ {
		tb.Models = append(tb.Models, Model{ID: string(rune('a' + i)), Center: pt(r.Float64()*120, r.Float64()*120), Radius: 1.25 + r.Float64()*2, Side: 1 + i%2})
	}
	for i := 0; i < pieces; i++ {
		x, y := r.Float64()*110, r.Float64()*110
		w, h := 2+r.Float64()*10, 2+r.Float64()*10
		tb.Terrain = append(tb.Terrain, Terrain{Kind: Kinds[r.IntN(len(Kinds))], Level: 1, Polygon: geom.Polygon{pt(x, y), pt(x+w, y), pt(x+w*0.8, y+h), pt(x, y+h*0.9)}})
	}
	return tb
}

func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for n := 0; n < 200; n++ {
		tb := randomTable(r, 8, 6)
		for _, a := range tb.Models {
			for _, b := range tb.Models {
				if Gap(a, b) != Gap(b, a) {
					t.Fatal("R-ZOC-1 the gap is not symmetric")
				}
				if tb.LineOfSight(a, b) != tb.LineOfSight(b, a) {
					t.Fatalf("R-TER-2 line of sight is not symmetric between %v and %v", a, b)
				}
				for _, m := range tb.Interceptors(a, b) {
					if m.ID == a.ID || m.ID == b.ID {
						t.Fatal("R-ATK-9 a model intercepts its own charge")
					}
				}
			}
		}
	}
}

// BenchmarkAllPairs: gap, line of sight and zone of control for every ordered pair of 20
// models on a table with 12 terrain pieces (the target is under 1 ms).
func BenchmarkAllPairs(b *testing.B) {
	tb := randomTable(rand.New(rand.NewPCG(1, 1)), 20, 12)
	for b.Loop() {
		if len(tb.Pairs()) != 380 {
			b.Fatal("pairs")
		}
	}
}
