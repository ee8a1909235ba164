package ui

import (
	"math/rand/v2"
	"net/url"
	"testing"

	"gnosis/engine/event"
	"gnosis/internal/eventcases"
)

// TestPathEscape: the event file's and the standings' CSV's links escape as url.PathEscape does:
// every byte, random bytes, and the largest night's file.
func TestPathEscape(t *testing.T) {
	var all []byte
	for b := range 256 {
		all = append(all, byte(b))
	}
	r := rand.New(rand.NewPCG(1, 2))
	noise := make([]byte, 4096)
	for i := range noise {
		noise[i] = byte(r.IntN(256))
	}
	night, err := eventcases.Night("http://x/", event.MaxRounds-1, 69)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{nil, all, noise, night.File(), night.CSV()} {
		if got, want := pathEscape(b), url.PathEscape(string(b)); got != want {
			t.Fatalf("escaped %d bytes unlike url.PathEscape", len(b))
		}
	}
}
