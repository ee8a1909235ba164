package event

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching is the best matching's size and weight, every matching tried: of the largest
// size first when maxCardinality.
func bruteMatching(n int, edges []wedge, maxCardinality bool) (size int, weight int64) {
	w := map[[2]int]int64{}
	for _, e := range edges {
		w[[2]int{e.i, e.j}], w[[2]int{e.j, e.i}] = e.w, e.w
	}
	bestSize, bestWeight := 0, int64(0)
	used := make([]bool, n)
	var rec func(from, size int, weight int64)
	rec = func(from, size int, weight int64) {
		if maxCardinality && (size > bestSize || size == bestSize && weight > bestWeight) || !maxCardinality && weight > bestWeight {
			bestSize, bestWeight = size, weight
		}
		for i := from; i < n; i++ {
			if used[i] {
				continue
			}
			used[i] = true
			for j := i + 1; j < n; j++ {
				if x, ok := w[[2]int{i, j}]; ok && !used[j] {
					used[j] = true
					rec(i+1, size+1, weight+x)
					used[j] = false
				}
			}
			used[i] = false
		}
	}
	rec(0, 0, 0)
	return bestSize, bestWeight
}

// TestMatchingAgainstBruteForce: on random graphs of up to 10 vertices, dense and sparse, with
// weights near each other and far apart, maxWeightMatching finds a matching (each vertex's mate
// its mate's) of the best size and weight that trying every matching finds.
func TestMatchingAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(63, 64))
	for trial := range 3000 {
		n := 1 + r.IntN(10)
		density := r.Float64()
		spread := []int64{3, 20, 1000}[r.IntN(3)]
		var edges []wedge
		for i := range n {
			for j := i + 1; j < n; j++ {
				if r.Float64() < density {
					edges = append(edges, wedge{i, j, 1 + r.Int64N(spread)})
				}
			}
		}
		maxCard := r.IntN(2) == 0
		mate := maxWeightMatching(n, edges, maxCard)
		w := map[[2]int]int64{}
		for _, e := range edges {
			w[[2]int{e.i, e.j}] = e.w
		}
		size, weight := 0, int64(0)
		for i, j := range mate {
			if j < 0 {
				continue
			}
			if mate[j] != i {
				t.Fatalf("trial %d: %d's mate %d is not matched to it", trial, i, j)
			}
			if i < j {
				x, ok := w[[2]int{i, j}]
				if !ok {
					t.Fatalf("trial %d: %d and %d matched without an edge", trial, i, j)
				}
				size, weight = size+1, weight+x
			}
		}
		wantSize, wantWeight := bruteMatching(n, edges, maxCard)
		if weight != wantWeight || maxCard && size != wantSize {
			t.Fatalf("trial %d (n %d, %d edges, max cardinality %v): size %d weight %d, the best %d, %d", trial, n, len(edges), maxCard, size, weight, wantSize, wantWeight)
		}
	}
}
