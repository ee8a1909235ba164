// Package tabletop answers the Anima Tactics table questions that cause arguments, on a sketch
// of the table: models are round bases, terrain pieces are polygons with a kind, and every
// length is in centimetres (engine/geom's plane).
//
//	t := tabletop.Table{Models: []tabletop.Model{{ID: "nero", Center: r2.Point{X: 30, Y: 40}, Radius: 1.5, Side: 1}, ...},
//		Terrain: []tabletop.Terrain{{Kind: tabletop.HighBlock, Polygon: geom.Polygon{{X: 50, Y: 30}, ...}}}}
//	gap := tabletop.Gap(a, b)                // base to base, R-ZOC-1
//	t.LineOfSight(a, b)                      // R-TER-2, R-TER-3
//	t.InZoneOfControl(a, b)                  // 20 cm in line of sight, R-ZOC-1
//	t.Interceptors(charger, target)          // R-ATK-9
//	t.KnockbackPath(m, direction, distance)  // anima.Crossing in order, R-CAP-5
//
// It also reads a table file (ParseTable) and checks a grid's walk and run (CheckWalk,
// CheckRun). Two lengths closer than geom.Eps are equal.
package tabletop
