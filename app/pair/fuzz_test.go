package pair

import (
	"testing"
)

// FuzzParse reads any code as a pairing code and as a sync code: nothing panics; a pairing
// code read is one of the strict grammar (its candidates as a phone at the table gives them,
// its credentials ice-chars) whose description reads back as the same packet; a sync code read
// inflates to no more than its bound.
func FuzzParse(f *testing.F) {
	good := Packet{Ufrag: "abcd", Pwd: "0123456789abcdefghij+/", Candidates: []Candidate{{"192.168.1.20", 50000}}}
	f.Add(good.String())
	f.Add(SyncCode([]byte(`{"v":1,"g":"0a1b2c3d4e5f","from":"guest","e":1,"head":{"n":3,"h":"ab"}}`)))
	f.Add("GS1:")
	f.Add("%69 VD92EX0")
	f.Fuzz(func(t *testing.T, code string) {
		if p, err := Parse(code); err == nil {
			if !iceChars(p.Ufrag, 4) || !iceChars(p.Pwd, 22) {
				t.Fatalf("credentials %q %q read", p.Ufrag, p.Pwd)
			}
			for _, c := range p.Candidates {
				if !c.atTheTable() {
					t.Fatalf("candidate %+v read", c)
				}
			}
			back, err := FromSDP(p.SDP(), p.GameID(), p.Answer, p.Diskwars)
			back.Reply = p.Reply // an answer's, not the description's
			if err != nil || back.String() != p.String() {
				t.Fatalf("the description of %+v reads back as %+v, %v", p, back, err)
			}
		}
		if msg, err := ParseSyncCode(code); err == nil && len(msg) > maxSyncMessage {
			t.Fatalf("a sync code of %d bytes", len(msg))
		}
	})
}
