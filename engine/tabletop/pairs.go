package tabletop

import "gnosis/engine/geom"

// Pair is what the table says of model B as seen from model A: the gap between their bases,
// whether A sees B, whether B is in A's zone of control, and whether a shot from A to B is in
// cover. R-ZOC-1, R-TER-2, R-ATK-6.
type Pair struct {
	A     string  `json:"a"`
	B     string  `json:"b"`
	GapCm float64 `json:"gap_cm"`
	LoS   bool    `json:"los"`
	InZoC bool    `json:"in_zoc"`
	Cover bool    `json:"cover"`
}

// Pairs answers for every ordered pair of models.
func (t Table) Pairs() []Pair {
	out := make([]Pair, 0, len(t.Models)*(len(t.Models)-1))
	for _, a := range t.Models {
		for _, b := range t.Models {
			if a.ID == b.ID {
				continue
			}
			los := t.LineOfSight(a, b)
			gap := Gap(a, b)
			out = append(out, Pair{A: a.ID, B: b.ID, GapCm: round(gap), LoS: los, InZoC: los && gap <= 20+geom.Eps, Cover: t.Cover(a, b)})
		}
	}
	return out
}

func round(v float64) float64 {
	return float64(int64(v*1000+0.5)) / 1000
}
