// Package geom answers the table questions that cause arguments, on a sketch of the table:
// models are round bases, terrain pieces are polygons with a kind, and every length is in
// centimetres. It is built on github.com/golang/geo's planar types (r2.Point, r2.Rect,
// r1.Interval) with what they lack written here: segments, point-segment distance,
// segment intersection, polygons.
//
//	t := geom.Table{Models: []geom.Model{{ID: "nero", Center: r2.Point{X: 30, Y: 40}, Radius: 1.5, Side: 1}, ...},
//		Terrain: []geom.Terrain{{Kind: geom.High, Polygon: geom.Polygon{{X: 50, Y: 30}, ...}}}}
//	gap := t.Gap(a, b)                       // base to base, R-ZOC-1
//	t.LineOfSight(a, b)                      // R-TER-2, R-TER-3
//	t.InZoneOfControl(a, b)                  // 20 cm in line of sight, R-ZOC-1
//	t.Interceptors(charger, target)          // R-ATK-9
//	t.KnockbackPath(m, direction, distance)  // engine.Crossing in order, R-CAP-5
//
// Epsilon policy: lengths are float64 centimetres; two lengths closer than Eps (1e-9 cm)
// are equal, so a base exactly 20 cm away is in a zone of control.
package geom
