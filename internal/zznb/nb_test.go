package nb

import (
	"testing"
	"time"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

func TestDeriveCost(t *testing.T) {
	e, err := eventcases.Night("http://x/", event.MaxRounds-1, 69)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		v := e.Shared()
		t1 := time.Now()
		l := v.Link("http://x/")
		t2 := time.Now()
		ls := e.Lucks()
		t3 := time.Now()
		vs := e.RoundViews(e.Round())
		t4 := time.Now()
		p, _ := e.Pair()
		t5 := time.Now()
		t.Logf("shared %v link %v (%d) lucks %v (%d) roundviews %v (%d) pair %v %d", t1.Sub(t0), t2.Sub(t1), len(l), t3.Sub(t2), len(ls), t4.Sub(t3), len(vs), t5.Sub(t4), len(p.Pairings))
	}
}
