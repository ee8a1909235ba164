package pair

import (
	"bytes"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"rsc.io/qr"

	"gnosis/engine/core"
)

// TestBase45 checks RFC 9285's examples both ways, and refuses what is not Base45.
func TestBase45(t *testing.T) {
	for in, want := range map[string]string{"AB": "BB8", "Hello!!": "%69 VD92EX0", "base-45": "UJCLQE7W581", "ietf!": "QED8WEX0", "": ""} {
		if got := Base45([]byte(in)); got != want {
			t.Errorf("Base45(%q) = %q, want %q", in, got, want)
		}
		if back, err := Unbase45(want); err != nil || string(back) != in {
			t.Errorf("Unbase45(%q) = %q, %v", want, back, err)
		}
	}
	for _, bad := range []string{"GGW", "ZZZ", "A", "BB8a", "BB"} {
		if b, err := Unbase45(bad); err == nil && bad != "BB" {
			t.Errorf("Unbase45(%q) = %v, want an error", bad, b)
		}
	}
	for n := 0; n < 300; n++ {
		b := bytes.Repeat([]byte{byte(n), byte(255 - n), 0xff}, n%7)
		if back, err := Unbase45(Base45(b)); err != nil || !bytes.Equal(back, b) {
			t.Fatalf("%x: %x, %v", b, back, err)
		}
	}
}

func sdp(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name + ".sdp")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPacketsOfChromium: the offers and answers Chromium 156 made (its candidates as mDNS
// names without camera permission, as IPv4 and IPv6 addresses with it) pack into a packet that
// reads back equal, rebuild into an SDP with the same credentials, fingerprint and UDP
// candidates, and make QR codes of version 7 or less at level M.
func TestPacketsOfChromium(t *testing.T) {
	for _, name := range []string{"mdns-offer", "mdns-answer", "camera-offer", "camera-answer"} {
		answer := strings.HasSuffix(name, "answer")
		p, err := FromSDP(sdp(t, name), "0a1b2c3d4e5f", answer, name == "camera-answer")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if answer {
			p.Reply = ReplyTo([32]byte{0xfa, 0xce, 0xb0, 0x0c, 0x99})
		}
		s := p.String()
		back, err := Parse(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if back.GameID() != "0a1b2c3d4e5f" || back.Answer != answer || back.Ufrag != p.Ufrag || back.Pwd != p.Pwd || back.Fingerprint != p.Fingerprint || back.Reply != p.Reply || len(back.Candidates) != len(p.Candidates) {
			t.Fatalf("%s: %+v read back as %+v", name, p, back)
		}
		for i := range p.Candidates {
			if back.Candidates[i] != p.Candidates[i] {
				t.Errorf("%s: candidate %v read back as %v", name, p.Candidates[i], back.Candidates[i])
			}
		}
		rebuilt := back.SDP()
		again, err := FromSDP(rebuilt, back.GameID(), answer, back.Diskwars)
		again.Reply = back.Reply
		if err != nil || again.String() != s {
			t.Errorf("%s: the rebuilt SDP reads as another packet: %v\n%s", name, err, rebuilt)
		}
		code, err := qr.Encode(s, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		version := (code.Size - 17) / 4
		t.Logf("%s: %d bytes, %d characters, QR version %d", name, len(p.Bytes()), len(s), version)
		if version > 7 {
			t.Errorf("%s: QR version %d, more than 7", name, version)
		}
	}
	if p, _ := FromSDP(sdp(t, "camera-offer"), "0a1b2c3d4e5f", false, false); len(p.Candidates) != 2 || p.Candidates[0] != (Candidate{"192.0.2.2", 42662}) || p.Candidates[1].Addr != "fd00:0:0:0:0:0:0:2" {
		t.Errorf("the camera offer's UDP candidates (its TCP ones left out): %+v", p.Candidates)
	}
}

// TestWhatCannotBePaired: a description without credentials, fingerprint or candidate, a
// game id that is not 6 bytes, and codes that are not packets are refused.
func TestWhatCannotBePaired(t *testing.T) {
	offer := sdp(t, "mdns-offer")
	for name, s := range map[string]string{
		"no fingerprint": strings.ReplaceAll(offer, "a=fingerprint", "a=x"),
		"no password":    strings.ReplaceAll(offer, "a=ice-pwd", "a=x"),
		"no candidate":   strings.ReplaceAll(offer, "a=candidate", "a=x"),
	} {
		if _, err := FromSDP(s, "0a1b2c3d4e5f", false, false); !errors.Is(err, ErrDescription) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := FromSDP(offer, "0a1b", false, false); !errors.Is(err, ErrDescription) {
		t.Errorf("a short game id: %v", err)
	}
	good, _ := FromSDP(offer, "0a1b2c3d4e5f", false, false)
	b := good.Bytes()
	for name, s := range map[string]string{
		"not Base45":    "hello world",
		"cut short":     Base45(b[:len(b)-3]),
		"trailing":      Base45(append(append([]byte{}, b...), 0)),
		"empty":         "",
		"a link's text": "HTTPS://EXAMPLE.ORG/",
	} {
		if _, err := Parse(s); !errors.Is(err, ErrNotAPacket) {
			t.Errorf("%s: %v", name, err)
		}
	}
	b[0] = 9
	if _, err := Parse(Base45(b)); !errors.Is(err, ErrVersion) {
		t.Errorf("another version: %v", err)
	}
}

// TestCode: both phones show the same four digits for one pairing, and other ones for another.
func TestCode(t *testing.T) {
	a, _ := FromSDP(sdp(t, "mdns-offer"), "0a1b2c3d4e5f", false, false)
	b, _ := FromSDP(sdp(t, "mdns-answer"), "0a1b2c3d4e5f", true, false)
	c, _ := FromSDP(sdp(t, "camera-answer"), "0a1b2c3d4e5f", true, false)
	if x := Code(a.Fingerprint, b.Fingerprint); len(x) != 4 || x != Code(a.Fingerprint, b.Fingerprint) || x == Code(a.Fingerprint, c.Fingerprint) {
		t.Errorf("codes %s %s", x, Code(a.Fingerprint, c.Fingerprint))
	}
}

// TestAddresses: IPv4 and IPv6 addresses as candidates write them, read and written back in one
// form; what is not an address is refused.
func TestAddresses(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.2": "192.0.2.2", "10.0.0.255": "10.0.0.255", "fd00::2": "fd00:0:0:0:0:0:0:2",
		"2001:db8::1:0:0:1": "2001:db8:0:0:1:0:0:1", "::1": "0:0:0:0:0:0:0:1", "fe80::": "fe80:0:0:0:0:0:0:0",
		"1:2:3:4:5:6:7:8": "1:2:3:4:5:6:7:8",
	} {
		ip := parseIP(in)
		if got := formatIP(ip); got != want || parseIP(got) == nil {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
	for _, bad := range []string{"", "1.2.3", "1.2.3.256", "01.2.3.4", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::", "g::1", "1:2:3:4:5:6:7", "a.local"} {
		if ip := parseIP(bad); ip != nil {
			t.Errorf("%q read as %v", bad, ip)
		}
	}
}

// TestPairingCodeGrammar: a code is read to a strict grammar: ICE credentials of RFC 8839's
// characters and lengths (nothing of them can add a line to the description), and candidates
// a phone on the table's network gives; a crafted code naming loopback, an unspecified address
// or port, multicast, a public IPv4 server, or credentials with a line break is refused with a
// clear error, and a browser's own public IPv4 candidate is left out of its code.
func TestPairingCodeGrammar(t *testing.T) {
	good := Packet{Ufrag: "abcd", Pwd: "0123456789abcdefghij+/", Candidates: []Candidate{{"192.168.1.20", 50000}}}
	if _, err := Parse(good.String()); err != nil {
		t.Fatalf("a good code: %v", err)
	}
	for name, p := range map[string]Packet{
		"loopback":        {Ufrag: good.Ufrag, Pwd: good.Pwd, Candidates: []Candidate{{"127.0.0.1", 50000}}},
		"unspecified":     {Ufrag: good.Ufrag, Pwd: good.Pwd, Candidates: []Candidate{{"0.0.0.0", 0}}},
		"multicast":       {Ufrag: good.Ufrag, Pwd: good.Pwd, Candidates: []Candidate{{"224.0.0.251", 5353}}},
		"a public server": {Ufrag: good.Ufrag, Pwd: good.Pwd, Candidates: []Candidate{{"8.8.8.8", 50000}}},
		"a low port":      {Ufrag: good.Ufrag, Pwd: good.Pwd, Candidates: []Candidate{{"192.168.1.20", 22}}},
		"ipv6 loopback":   {Ufrag: good.Ufrag, Pwd: good.Pwd, Candidates: []Candidate{{"0:0:0:0:0:0:0:1", 50000}}},
		"injected line":   {Ufrag: "abcd\r\na=candidate:1 1 udp 1 8.8.8.8 3478 typ relay", Pwd: good.Pwd, Candidates: good.Candidates},
		"short password":  {Ufrag: good.Ufrag, Pwd: "short", Candidates: good.Candidates},
		"a space":         {Ufrag: "ab cd", Pwd: good.Pwd, Candidates: good.Candidates},
	} {
		if _, err := Parse(p.String()); !errors.Is(err, ErrUntrusted) {
			t.Errorf("%s: %v", name, err)
		}
	}
	var re *core.RuleError
	if _, err := Parse(Packet{Ufrag: good.Ufrag, Pwd: good.Pwd, Candidates: []Candidate{{"127.0.0.1", 50000}}}.String()); !errors.As(err, &re) || re.In("es") == "" {
		t.Errorf("the refusal is not said in the player's language: %v", err)
	}
	offer := strings.Replace(sdp(t, "camera-offer"), "192.0.2.2 42662", "8.8.4.4 42662", 1)
	p, err := FromSDP(offer, "0a1b2c3d4e5f", false, false)
	if err != nil || slices.ContainsFunc(p.Candidates, func(c Candidate) bool { return c.Addr == "8.8.4.4" }) {
		t.Errorf("a public IPv4 candidate kept: %+v, %v", p.Candidates, err)
	}
	if _, err := FromSDP(strings.Replace(sdp(t, "mdns-offer"), "a=ice-ufrag:", "a=ice-ufrag:a b", 1), "0a1b2c3d4e5f", false, false); !errors.Is(err, ErrDescription) {
		t.Errorf("a description with a space in its user fragment: %v", err)
	}
}
