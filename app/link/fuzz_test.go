package link

import (
	"encoding/json"
	"slices"
	"testing"
	"time"
)

// FuzzReceive gives a paired host and guest any message: none panics, a refused message
// changes nothing of the receiver, the host keeps at most MaxKept steps and each kept refusal
// within MaxRefusal, and the two still agree once they talk.
func FuzzReceive(f *testing.F) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	h, g, _ := pair([]int{5}, now)
	for _, b := range h.link.Outbox() {
		f.Add(b)
	}
	for _, b := range g.link.Outbox() {
		f.Add(b)
	}
	f.Add([]byte(`{"v":1,"g":"g1","from":"guest","e":1,"head":{"n":0,"h":""},"run":9,"reqs":[{"id":1,"e":1,"seen":{"n":0},"body":"7"}]}`))
	f.Add([]byte(`{"v":1,"g":"g1","from":"host","e":1,"head":{"n":1,"h":"x"},"steps":[{"n":1,"op":"1","h":"x"}]}`))
	f.Fuzz(func(t *testing.T, msg []byte) {
		host, guest, _ := pair([]int{5}, now)
		exchange(t, host, guest, now)
		for _, p := range []*phone{host, guest} {
			before, game := p.link.Saved(), slices.Clone(p.game.ns)
			r := p.link.Receive(msg, now.Add(time.Second))
			if r.Err != nil && (!slices.Equal(p.game.ns, game) || !sameSaved(before, p.link.Saved())) {
				t.Fatalf("a refused message changed the %s: %v", p.role, r.Err)
			}
		}
		if len(host.link.s.Steps) > MaxKept {
			t.Fatalf("%d steps kept", len(host.link.s.Steps))
		}
		for _, s := range host.link.s.Steps {
			for _, txt := range s.Refused {
				if len(txt) > MaxRefusal+len("…") {
					t.Fatalf("a refusal of %d bytes kept", len(txt))
				}
			}
		}
		later := now.Add(time.Minute)
		for range 5 { // they talk again: the host's game wins
			host.link.Tick(later)
			guest.link.Tick(later)
			exchange(t, host, guest, later)
			later = later.Add(Heartbeat)
		}
		if guest.link.HasGame() && !slices.Equal(host.game.ns, guest.game.ns) {
			t.Fatalf("host %v, guest %v after talking again", host.game.ns, guest.game.ns)
		}
	})
}

// sameSaved reports whether two saved links are the same.
func sameSaved(a, b Saved) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
