// Package diskwars is the rules engine of Warhammer: Diskwars's disc actions, beside the Anima
// Tactics engine and in its style (R-DW-1 to R-DW-12 in the rules digest, from the one source
// article): discs are circles and terrain pieces polygons on github.com/golang/geo's plane
// (through engine/geom), every length in centimetres (2.5 cm to the inch, as the article
// rounds it).
//
//	BandOf(Gap(a, b))            // short ≤ 7.5 cm, medium ≤ 17.5, long ≤ 30, siege: R-DW-3
//	Sight(attacker, target, t)   // blocked only if every line crosses blocking terrain: R-DW-4
//	ScatterOrder(target, ds, n)  // where n scatter dice go, in order: R-DW-6, R-DW-12
//	Reach(d, flips), FlipToward(from, to, diameter) // one diameter a flip: R-DW-9
//	Odds(AttackSpec{Fire: 6, Strength: Strength{D6: true}}) // exact, R-DW-5, R-DW-8
//
// Epsilon policy: as engine/geom, two lengths closer than geom.Eps (1e-9 cm) are equal, so a
// gap of exactly 7.5 cm is short range.
package diskwars
