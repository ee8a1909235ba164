package tabletop

import (
	"fmt"
	"math"

	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
	"gnosis/engine/geom"
)

// TerrainKind is what a terrain piece is. R-TER-1..3, R-CAP-5.
type TerrainKind string

// The terrain kinds.
const (
	Open          TerrainKind = "open"      // no effect
	Rough         TerrainKind = "rough"     // halves movement, gives cover (R-TER-1)
	HighBlock     TerrainKind = "high"      // high impassable: blocks movement and sight (R-TER-2)
	LowBlock      TerrainKind = "low"       // low impassable: blocks movement, not sight, no cover
	Forest        TerrainKind = "forest"    // rough; a thrown model slows in it (R-CAP-5)
	Wall          TerrainKind = "wall"      // a solid surface: blocks sight; a thrown model crashes (R-CAP-5)
	MinorObstacle TerrainKind = "minor"     // gives cover; a thrown model takes 1 damage
	Elevation     TerrainKind = "elevation" // a raised level (R-TER-3)
)

// Kinds lists the terrain kinds.
var Kinds = []TerrainKind{Open, Rough, HighBlock, LowBlock, Forest, Wall, MinorObstacle, Elevation}

// Terrain is a terrain piece: its kind and outline in centimetres; Level is the height of an
// elevation (1 for one level up).
type Terrain struct {
	Kind    TerrainKind  `json:"kind"`
	Polygon geom.Polygon `json:"polygon"`
	Level   int          `json:"level,omitempty"`
}

// blocksSight reports whether the piece blocks line of sight through it (R-TER-2).
func (t Terrain) blocksSight() bool { return t.Kind == HighBlock || t.Kind == Wall }

// givesCover reports whether a shot through the piece is in cover (R-TER-1, R-ATK-6).
func (t Terrain) givesCover() bool {
	return t.Kind == Rough || t.Kind == Forest || t.Kind == MinorObstacle
}

// Model is a miniature on the table: its round base (centre and radius in centimetres), its
// side (1 or 2), whether it flies, and whether it is engaged in melee.
type Model struct {
	ID      string   `json:"id"`
	Center  r2.Point `json:"-"`
	Radius  float64  `json:"radius_cm"`
	Side    int      `json:"side"`
	Flyer   bool     `json:"flyer,omitempty"`
	Engaged bool     `json:"engaged,omitempty"`
}

// Base radii by base size, in centimetres (settable by the player: a table view may use its
// own). R-CARD-3.
var BaseRadius = map[string]float64{"small": 1.25, "medium": 2, "large": 3}

// Table is the table: 120 x 120 cm by default (R-SETUP-1), its models and terrain.
type Table struct {
	Size    float64
	Models  []Model
	Terrain []Terrain
}

func (t Table) size() float64 {
	if t.Size > 0 {
		return t.Size
	}
	return float64(anima.TableSize)
}

// Model finds a model by ID.
func (t Table) Model(id string) (Model, bool) {
	for _, m := range t.Models {
		if m.ID == id {
			return m, true
		}
	}
	return Model{}, false
}

// Gap is the distance between two bases, edge to edge, 0 when they touch or overlap.
func Gap(a, b Model) float64 { return math.Max(0, geom.Dist(a.Center, b.Center)-(a.Radius+b.Radius)) }

// Level is the height a model stands at: the highest elevation under its centre. R-TER-3.
func (t Table) Level(m Model) int {
	lv := 0
	for _, tr := range t.Terrain {
		if tr.Kind == Elevation && tr.Polygon.Contains(m.Center) {
			lv = max(lv, max(tr.Level, 1))
		}
	}
	return lv
}

// LineOfSight reports whether a sees b: the line between their centres crosses no high
// terrain or wall, and no elevation higher than both (an elevation change blocks shots
// through it). Low terrain never blocks. Symmetric. R-TER-2, R-TER-3.
func (t Table) LineOfSight(a, b Model) bool {
	line := geom.Segment{A: a.Center, B: b.Center}
	la, lb := t.Level(a), t.Level(b)
	for _, tr := range t.Terrain {
		switch {
		case tr.blocksSight():
		case tr.Kind == Elevation && max(tr.Level, 1) > la && max(tr.Level, 1) > lb:
		default:
			continue
		}
		if tr.Polygon.Crosses(line) && !tr.Polygon.Contains(a.Center) && !tr.Polygon.Contains(b.Center) {
			return false
		}
	}
	return true
}

// InZoneOfControl reports whether b is in a's zone of control: within 20 cm, base to base,
// and in a's line of sight. R-ZOC-1.
func (t Table) InZoneOfControl(a, b Model) bool {
	return anima.InZoneOfControl(anima.Centimetres(Gap(a, b)-geom.Eps), t.LineOfSight(a, b))
}

// InZoneOfInfluence reports whether b is in an Arbiter's zone of influence of the given
// range: like a zone of control, with the Arbiter's own range. R-ARB-1.
func (t Table) InZoneOfInfluence(arbiter, b Model, rangeCm float64) bool {
	r := t.Reach(arbiter, b)
	return anima.InZoneOfInfluence(anima.Centimetres(rangeCm), r.Gap, r.Sight)
}

// Reach is what the table says of b seen from a: the gap between their bases, edge to edge
// (less Eps, so that bases drawn touching count as touching), and a's line of sight to it.
// An order's target is measured so (anima.GiveOrder, R-ARB-1).
func (t Table) Reach(a, b Model) anima.Reach {
	return anima.Reach{Gap: anima.Centimetres(Gap(a, b) - geom.Eps), Sight: t.LineOfSight(a, b)}
}

// Cover reports whether a shot from shooter to target passes through rough terrain, a forest
// or a minor obstacle (not one the shooter stands in), unless the shooter stands higher than
// the piece. R-ATK-6, R-TER-1, R-TER-3.
func (t Table) Cover(shooter, target Model) bool {
	line := geom.Segment{A: shooter.Center, B: target.Center}
	for _, tr := range t.Terrain {
		if !tr.givesCover() || tr.Polygon.Contains(shooter.Center) {
			continue
		}
		if tr.Polygon.Crosses(line) && t.Level(shooter) <= t.levelAt(tr) {
			return true
		}
	}
	return false
}

// levelAt is the ground level under a terrain piece (the highest elevation containing its
// first point).
func (t Table) levelAt(piece Terrain) int {
	if len(piece.Polygon) == 0 {
		return 0
	}
	return t.Level(Model{Center: piece.Polygon[0]})
}

// Elevated reports whether the shooter stands higher than the target (alpha +1). R-ATK-6.
func (t Table) Elevated(shooter, target Model) bool { return t.Level(shooter) > t.Level(target) }

// Modifiers are what the table says of attacker's attack at target in st, where both stand on
// it (ok): long range (beyond half the attacker's range, R-ATK-6), cover and an elevated
// shooter (R-ATK-6), and who may intercept a charge between them (R-ATK-9). Models are named
// by their character's reference ("0/1", anima.Ref.String).
func (t Table) Modifiers(st anima.State, attacker, target anima.Ref) (mods anima.Modifiers, interceptors []anima.Ref, ok bool) {
	a, ok1 := t.Model(attacker.String())
	b, ok2 := t.Model(target.String())
	if !ok1 || !ok2 {
		return mods, nil, false
	}
	if ch, _ := st.Character(attacker); ch.Range > 0 {
		_, mods.LongRange = InRange(a, b, float64(ch.Range))
	}
	mods.Cover = t.Cover(a, b)
	mods.Elevated = t.Elevated(a, b)
	for _, m := range t.Interceptors(a, b) {
		if r, ok := anima.ParseRef(m.ID); ok {
			interceptors = append(interceptors, r)
		}
	}
	return mods, interceptors, true
}

// InRange reports whether target is within rangeCm of shooter (base to base), and whether
// it is at long range: beyond half the range. R-ATK-6.
func InRange(shooter, target Model, rangeCm float64) (in, long bool) {
	g := Gap(shooter, target)
	return g <= rangeCm+geom.Eps, g > rangeCm/2+geom.Eps
}

// Interceptors are the models that may step into a charge (R-ATK-9): enemies of the charger
// (and not its target), not engaged in melee, whose base is within free movement (5 cm) of
// the corridor the charger's base sweeps from its place to the target; only flyers
// intercept a flyer. A model never intercepts its own charge.
func (t Table) Interceptors(charger, target Model) []Model {
	line := geom.Segment{A: charger.Center, B: target.Center}
	var out []Model
	for _, m := range t.Models {
		if m.ID == charger.ID || m.ID == target.ID || m.Side == charger.Side || m.Engaged {
			continue
		}
		if charger.Flyer && !m.Flyer {
			continue
		}
		if line.DistToPoint(m.Center)-m.Radius-charger.Radius <= float64(anima.FreeMovement)+geom.Eps {
			out = append(out, m)
		}
	}
	return out
}

// HumanShields are the friends of the target whose base is less than 5 cm from a shot's
// trajectory (strictly: 5.0 cm is too far) and who may take it instead (R-ATK-10); none when
// the shooter stands higher (R-ATK-6, both editions).
func (t Table) HumanShields(shooter, target Model) []Model {
	if t.Elevated(shooter, target) {
		return nil
	}
	line := geom.Segment{A: shooter.Center, B: target.Center}
	var out []Model
	for _, m := range t.Models {
		if m.ID == target.ID || m.Side != target.Side {
			continue
		}
		if line.DistToPoint(m.Center)-m.Radius < 5-geom.Eps {
			out = append(out, m)
		}
	}
	return out
}

// KnockbackPath follows a model thrown from its place along direction (any length) for
// distance centimetres (R-CAP-4) and lists what it meets, in order, as the engine's falls
// table reads them (R-CAP-5): terrain it enters, other bases it would strike (with Larger
// when the thrown base is larger, Large when the struck one is large), and the table edge. Refs maps model IDs to the engine's
// characters.
func (t Table) KnockbackPath(m Model, direction r2.Point, distance float64, refs map[string]anima.Ref) []anima.Crossing {
	if direction.Norm() < geom.Eps || distance <= 0 {
		return nil
	}
	dir := direction.Normalize()
	out := t.terrainCrossed(m, dir, distance)
	for _, o := range t.Models {
		if o.ID == m.ID {
			continue
		}
		if s, ok := baseMet(m, o, dir, distance); ok {
			out = append(out, anima.Crossing{Kind: anima.Base, At: roundMm(s), Ref: refs[o.ID], Larger: m.Radius > o.Radius+geom.Eps,
				Large: o.Radius >= BaseRadius["large"]-geom.Eps})
		}
	}
	if edge := t.edgeMet(m, dir); edge >= 0 && edge <= distance {
		out = append(out, anima.Crossing{Kind: anima.TableEdge, At: roundMm(edge)})
	}
	sortCrossings(out)
	return out
}

// roundMm is a distance in centimetres rounded to the millimetre's hundredth.
func roundMm(at float64) anima.Centimetres { return anima.Centimetres(math.Round(at*1000) / 1000) }

// terrainCrossed are the terrain pieces m's base meets going distance along dir (a unit
// vector), where it meets them; a piece it stands in is not met.
func (t Table) terrainCrossed(m Model, dir r2.Point, distance float64) []anima.Crossing {
	path := geom.Segment{A: m.Center, B: m.Center.Add(dir.Mul(distance))}
	kinds := map[TerrainKind]anima.ObstacleKind{MinorObstacle: anima.MinorObstacle, Forest: anima.Forest, Wall: anima.Wall, HighBlock: anima.Impassable, LowBlock: anima.Impassable}
	var out []anima.Crossing
	for _, tr := range t.Terrain {
		kind, stops := kinds[tr.Kind]
		if !stops || tr.Polygon.Contains(m.Center) {
			continue
		}
		if tt, ok := tr.Polygon.Entry(path); ok {
			out = append(out, anima.Crossing{Kind: kind, At: roundMm(math.Max(0, tt*distance-m.Radius))})
		}
	}
	return out
}

// baseMet is how far m's base goes along dir before it touches o's, when that is within
// distance: the base centres come within the two radii, |c + d*s - o| = r1 + r2.
func baseMet(m, o Model, dir r2.Point, distance float64) (float64, bool) {
	f := m.Center.Sub(o.Center)
	rr := m.Radius + o.Radius
	b := f.Dot(dir)
	c := f.Dot(f) - rr*rr
	disc := b*b - c
	if disc < 0 || c <= 0 {
		return 0, false
	}
	s := -b - math.Sqrt(disc)
	return s, s >= 0 && s <= distance
}

// edgeMet is how far m's base goes along dir before it reaches a side of the table
// (+Inf: never).
func (t Table) edgeMet(m Model, dir r2.Point) float64 {
	size := t.size()
	edge := math.Inf(1)
	for _, axis := range []struct{ p, d float64 }{{m.Center.X, dir.X}, {m.Center.Y, dir.Y}} {
		switch {
		case axis.d > geom.Eps:
			edge = math.Min(edge, (size-m.Radius-axis.p)/axis.d)
		case axis.d < -geom.Eps:
			edge = math.Min(edge, (axis.p-m.Radius)/-axis.d)
		}
	}
	return edge
}

func sortCrossings(c []anima.Crossing) {
	for i := 1; i < len(c); i++ {
		for j := i; j > 0 && c[j].At < c[j-1].At; j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
}

// Placement problems. R-SETUP-2, R-SETUP-7, R-SUM-2.
var (
	ErrNearEdge    = fmt.Errorf("too close to the table edge")
	ErrNearPiece   = fmt.Errorf("too close to another piece")
	ErrNearMarker  = fmt.Errorf("too close to another marker")
	ErrNearEnemy   = fmt.Errorf("too close to the enemy deployment zone")
	ErrOutsideZoC  = fmt.Errorf("outside the summoner's zone of control")
	ErrNearModel   = fmt.Errorf("within 5 cm of another character")
	ErrOffTheTable = fmt.Errorf("off the table")
)

// CheckScenery checks a new scenery piece: not within 7.5 cm of an edge nor 2.5 cm of
// another piece. R-SETUP-2.
func (t Table) CheckScenery(piece geom.Polygon) error {
	size := t.size()
	b := piece.Bound()
	e := float64(anima.SceneryEdgeGap)
	if b.X.Lo < e-geom.Eps || b.Y.Lo < e-geom.Eps || b.X.Hi > size-e+geom.Eps || b.Y.Hi > size-e+geom.Eps {
		return ErrNearEdge
	}
	for _, tr := range t.Terrain {
		if tr.Polygon.Dist(piece) < float64(anima.SceneryGap)-geom.Eps {
			return ErrNearPiece
		}
	}
	return nil
}

// CheckMarkers checks infiltration markers: at least 15 cm from each other and from the enemy
// deployment zone. R-SETUP-7.
func CheckMarkers(markers []r2.Point, enemyZone r2.Rect) error {
	s := float64(anima.InfiltrationSpacing)
	for i, a := range markers {
		if geom.Dist(enemyZone.ClampPoint(a), a) < s-geom.Eps {
			return fmt.Errorf("marker %d: %w", i+1, ErrNearEnemy)
		}
		for _, b := range markers[i+1:] {
			if geom.Dist(a, b) < s-geom.Eps {
				return fmt.Errorf("marker %d: %w", i+1, ErrNearMarker)
			}
		}
	}
	return nil
}

// CheckSummon checks where a summon is placed: in its summoner's zone of control and more
// than 5 cm from any other character. R-SUM-2.
func (t Table) CheckSummon(summoner, summon Model) error {
	size := t.size()
	c := summon.Center
	if c.X < summon.Radius-geom.Eps || c.Y < summon.Radius-geom.Eps || c.X > size-summon.Radius+geom.Eps || c.Y > size-summon.Radius+geom.Eps {
		return ErrOffTheTable
	}
	if !t.InZoneOfControl(summoner, summon) {
		return ErrOutsideZoC
	}
	for _, m := range t.Models {
		if m.ID != summon.ID && Gap(m, summon) <= 5+geom.Eps {
			return fmt.Errorf("%s: %w", m.ID, ErrNearModel)
		}
	}
	return nil
}

// OnNode reports whether a model stands on a power node marker (its base covers the point).
// R-SCN-1.
func OnNode(m Model, node r2.Point) bool { return geom.Dist(m.Center, node) <= m.Radius+geom.Eps }

// Nearest returns the models of among nearest to m by the gap between bases (Gap, in
// centimetres), all of them when they tie within Eps, in among's order; none when among is
// empty. The Berserker's charge goes to one of them. R-STATE-8.
func Nearest(m Model, among []Model) []Model {
	best := math.Inf(1)
	for _, o := range among {
		best = math.Min(best, Gap(m, o))
	}
	var out []Model
	for _, o := range among {
		if Gap(m, o) <= best+geom.Eps {
			out = append(out, o)
		}
	}
	return out
}
