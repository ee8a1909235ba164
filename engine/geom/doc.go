// Package geom is the plane both games measure on: segments, point-segment distance, segment
// intersection and polygons, built on github.com/golang/geo's planar types (r2.Point,
// r2.Rect, r1.Interval) with what they lack written here, and the helpers of a file read from
// outside (DecodeFile, UnitScale). Every length is in centimetres. It knows neither game:
// Anima Tactics' table is engine/tabletop, Diskwars' battlefield engine/diskwars.
//
// Epsilon policy: lengths are float64 centimetres; two lengths closer than Eps (1e-9 cm)
// are equal, so a base exactly 20 cm away is in a zone of control.
package geom
