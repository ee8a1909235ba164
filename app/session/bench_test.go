package session

import (
	"testing"

	"gnosis/engine/anima"
)

// BenchmarkTapCounter: a counter's tap as the tracker sends it, through Session.Do and the
// game's seat on one phone (LP −1, then +1), without its save (SaveNow comes after the frame).
func BenchmarkTapCounter(b *testing.B) {
	s, _, _ := open(b, nil, "en")
	startGame(b, s)
	s.Do(SaveNow{})
	taps := [2]TapCounter{{Ref: anima.Ref{}, Counter: CounterLP, Delta: -1}, {Ref: anima.Ref{}, Counter: CounterLP, Delta: 1}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if out := s.Do(taps[i%2]); !out.Taken {
			b.Fatalf("the tap was not taken: %q", s.Notice())
		}
	}
}
