// Package pair carries what two phones need to open a WebRTC data channel to each other, with
// no server, in a QR code small enough to scan at a table: of the browser's session
// description (SDP, 600–850 bytes) only what a connection needs is kept (the ICE user fragment
// and password, the DTLS certificate's SHA-256 fingerprint, the UDP host candidates), packed in
// bytes with the game's id and the phone's role, and written in Base45 (RFC 9285), the
// characters of a QR code's alphanumeric mode: 120–150 characters, a version 5–6 code at
// error correction level M. The other phone rebuilds a valid SDP from it (SDP).
package pair

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"gnosis/engine/core"
)

// Version is the version of the packet; a phone refuses another. Version 2: an answer names the
// offer it answers (Packet.Reply).
const Version = 2

// Errors of a packet or a description that cannot be read.
var (
	ErrNotAPacket  = errors.New("not a Gnosis pairing code")
	ErrVersion     = errors.New("a pairing code of another version")
	ErrDescription = errors.New("a connection description that cannot be paired")
	ErrUntrusted   = errors.New("a pairing code that names what no phone at the table gives")
)

// Candidate is a UDP host candidate: an address (IPv4, IPv6, or an mDNS name "<uuid>.local")
// and a port.
type Candidate struct {
	Addr string
	Port uint16
}

// Packet is what one phone's QR code carries: the packet's version, the game's id (6 bytes,
// link.Saved.Game in hex), whether it is the host's offer or the guest's answer, the kind of
// game ("at", "dw"), and the phone's connection: ICE user fragment and password, the DTLS
// fingerprint, its candidates.
type Packet struct {
	Game        [6]byte
	Answer      bool // the guest's answer; false: the host's offer
	Diskwars    bool // a Diskwars game; false: Anima Tactics
	Ufrag, Pwd  string
	Fingerprint [32]byte
	Candidates  []Candidate
	// Reply is an answer's: the first bytes of the fingerprint of the offer it answers
	// (ReplyTo), so that the host knows an answer to an older code of its own from one to the
	// code it shows now. Zero in an offer.
	Reply [4]byte
}

// ReplyTo is what an answer to the offer with fingerprint fp carries as its Reply: each offer
// is made with a new connection, whose certificate, and so fingerprint, is new.
func ReplyTo(fp [32]byte) (r [4]byte) {
	copy(r[:], fp[:])
	return r
}

// GameID is the game's id as the link writes it: 12 hex digits.
func (p Packet) GameID() string { return hex.EncodeToString(p.Game[:]) }

// FromSDP reads what a connection needs from a browser's local description (the offer on the
// host, the answer on the guest) and the game it is for: game, 12 hex digits. Only UDP host
// candidates are kept (no server means no other kind). ErrDescription: no ICE credentials, no
// SHA-256 fingerprint, no candidate, or a game id that is not 6 bytes.
func FromSDP(sdp, game string, answer, diskwars bool) (Packet, error) {
	p := Packet{Answer: answer, Diskwars: diskwars}
	id, err := hex.DecodeString(game)
	if err != nil || len(id) != len(p.Game) {
		return p, core.Fail(ErrDescription, fmt.Errorf("game %q", game), "a connection description that cannot be paired")
	}
	copy(p.Game[:], id)
	fp := false
	for _, line := range strings.Split(sdp, "\n") {
		fp = p.read(strings.TrimSpace(line)) || fp
	}
	if !iceChars(p.Ufrag, 4) || !iceChars(p.Pwd, 22) || !fp || len(p.Candidates) == 0 {
		return p, core.Fail(ErrDescription, nil, "a connection description that cannot be paired")
	}
	if len(p.Candidates) > maxCandidates {
		p.Candidates = p.Candidates[:maxCandidates]
	}
	return p, nil
}

// read takes what a connection needs from one line of a description; it reports whether the
// line was the SHA-256 fingerprint.
func (p *Packet) read(line string) (fingerprint bool) {
	if v, ok := strings.CutPrefix(line, "a=ice-ufrag:"); ok {
		p.Ufrag = v
	} else if v, ok := strings.CutPrefix(line, "a=ice-pwd:"); ok {
		p.Pwd = v
	} else if v, ok := strings.CutPrefix(line, "a=fingerprint:sha-256 "); ok {
		b, err := hex.DecodeString(strings.ReplaceAll(v, ":", ""))
		if err == nil && len(b) == len(p.Fingerprint) {
			copy(p.Fingerprint[:], b)
			return true
		}
	} else if c, ok := hostCandidate(line); ok && !slicesContains(p.Candidates, c) {
		p.Candidates = append(p.Candidates, c)
	}
	return false
}

// maxCandidates is the most candidates a packet carries (a phone has one or two networks).
const maxCandidates = 4

func slicesContains(cs []Candidate, c Candidate) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// hostCandidate reads "a=candidate:<foundation> <component> udp <priority> <address> <port>
// typ host …": component 1, UDP, type host.
func hostCandidate(line string) (Candidate, bool) {
	rest, ok := strings.CutPrefix(line, "a=candidate:")
	f := strings.Fields(rest)
	if !ok || len(f) < 8 || f[1] != "1" || !strings.EqualFold(f[2], "udp") || f[6] != "typ" || f[7] != "host" {
		return Candidate{}, false
	}
	port, err := strconv.ParseUint(f[5], 10, 16)
	if err != nil {
		return Candidate{}, false
	}
	addr := f[4]
	if ip := parseIP(addr); ip != nil {
		addr = formatIP(ip) // one way of writing each address
	}
	c := Candidate{Addr: addr, Port: uint16(port)}
	return c, c.atTheTable()
}

// The grammar of a pairing code's ICE credentials (RFC 8839: ice-char is a letter, a digit,
// "+" or "/"; a user fragment of 4 to 256 of them, a password of 22 to 256), read and written
// no other way, so that nothing of a code reaches the description but what the fields are.
const maxICE = 255 // a packet writes a length in one byte

// iceChars reports whether s is min to maxICE ice-chars.
func iceChars(s string, min int) bool {
	if len(s) < min || len(s) > maxICE {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '+' || r == '/') {
			return false
		}
	}
	return true
}

// atTheTable reports whether c is a candidate a phone on the table's network gives: an mDNS
// name, or a private, shared (100.64/10), link-local or, in IPv6, global unicast address (or an
// IPv4 documentation range, RFC 5737, which routes nowhere: test machines give them), on a port
// of 1024 or more. Never loopback, unspecified, multicast or broadcast, nor a public IPv4
// address: a code makes the browser reach no address of this phone's own, of a whole network,
// or out on the internet.
func (c Candidate) atTheTable() bool {
	if c.Port < 1024 {
		return false
	}
	if mdnsUUID(c.Addr) != nil {
		return true
	}
	a, err := netip.ParseAddr(c.Addr)
	switch {
	case err != nil || a.Zone() != "" || a.IsLoopback() || a.IsUnspecified() || a.IsMulticast() || a.Is4In6():
		return false
	case a.Is4():
		return a.IsPrivate() || a.IsLinkLocalUnicast() || slices.ContainsFunc(table4, func(p netip.Prefix) bool { return p.Contains(a) })
	}
	return a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsGlobalUnicast()
}

// table4 are IPv4 ranges a phone at the table may have besides the private ones: the carrier-
// grade NAT range (RFC 6598) a hotspot may give, and the documentation ranges (RFC 5737).
var table4 = []netip.Prefix{netip.MustParsePrefix("100.64.0.0/10"), netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.51.100.0/24"), netip.MustParsePrefix("203.0.113.0/24")}

// mdnsUUID is the 16 bytes of an mDNS candidate name "<uuid>.local", nil for another name.
func mdnsUUID(name string) []byte {
	u, ok := strings.CutSuffix(name, ".local")
	if !ok || len(u) != 36 {
		return nil
	}
	b, err := hex.DecodeString(strings.ReplaceAll(u, "-", ""))
	if err != nil || len(b) != 16 {
		return nil
	}
	return b
}

// Kinds of address in a packet.
const (
	addrIPv4 = 4
	addrIPv6 = 6
	addrMDNS = 'm'
)

// Bytes packs p: version, flags, game, user fragment and password (each its length first),
// fingerprint, an answer's Reply, candidates (their count first, each a kind, an address and a port).
func (p Packet) Bytes() []byte {
	var b bytes.Buffer
	flags := byte(0)
	if p.Answer {
		flags |= 1
	}
	if p.Diskwars {
		flags |= 2
	}
	b.Write([]byte{Version, flags})
	b.Write(p.Game[:])
	b.WriteByte(byte(len(p.Ufrag)))
	b.WriteString(p.Ufrag)
	b.WriteByte(byte(len(p.Pwd)))
	b.WriteString(p.Pwd)
	b.Write(p.Fingerprint[:])
	if p.Answer {
		b.Write(p.Reply[:])
	}
	b.WriteByte(byte(len(p.Candidates)))
	for _, c := range p.Candidates {
		if u := mdnsUUID(c.Addr); u != nil {
			b.WriteByte(addrMDNS)
			b.Write(u)
		} else if ip := parseIP(c.Addr); len(ip) == 4 {
			b.WriteByte(addrIPv4)
			b.Write(ip)
		} else {
			b.WriteByte(addrIPv6)
			b.Write(append(ip, make([]byte, 16-len(ip))...))
		}
		b.Write(binary.BigEndian.AppendUint16(nil, c.Port))
	}
	return b.Bytes()
}

// String is the packet as a QR code carries it: its bytes in Base45.
func (p Packet) String() string { return Base45(p.Bytes()) }

// Parse reads a packet written by String. ErrNotAPacket: not Base45, or bytes that are not a
// packet; ErrVersion: a packet of another version.
func Parse(s string) (Packet, error) {
	b, err := Unbase45(strings.TrimSpace(s))
	if err != nil {
		return Packet{}, core.Fail(ErrNotAPacket, err, "not a Gnosis pairing code")
	}
	return parseBytes(b)
}

// reader reads a packet's fields in turn; the first short read is kept.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) take(n int) []byte {
	if r.bad || len(r.b) < n {
		r.bad = true
		return make([]byte, n)
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) str() string { return string(r.take(int(r.take(1)[0]))) }

func parseBytes(b []byte) (Packet, error) {
	var p Packet
	r := &reader{b: b}
	head := r.take(2)
	if r.bad {
		return p, core.Fail(ErrNotAPacket, nil, "not a Gnosis pairing code")
	}
	if head[0] != Version {
		return p, core.Fail(ErrVersion, nil, "a pairing code of version %d: update Gnosis on both phones", int(head[0]))
	}
	p.Answer, p.Diskwars = head[1]&1 != 0, head[1]&2 != 0
	copy(p.Game[:], r.take(6))
	p.Ufrag, p.Pwd = r.str(), r.str()
	copy(p.Fingerprint[:], r.take(32))
	if p.Answer {
		copy(p.Reply[:], r.take(len(p.Reply)))
	}
	n := int(r.take(1)[0])
	for i := 0; i < n && !r.bad; i++ {
		c := r.candidate()
		r.bad = r.bad || slicesContains(p.Candidates, c) // each once, as FromSDP writes them
		p.Candidates = append(p.Candidates, c)
	}
	if r.bad || len(r.b) != 0 || n == 0 || n > maxCandidates {
		return Packet{}, core.Fail(ErrNotAPacket, nil, "not a Gnosis pairing code")
	}
	if err := p.trusted(); err != nil {
		return Packet{}, err
	}
	return p, nil
}

// candidate reads a candidate: its kind, its address, its port.
func (r *reader) candidate() Candidate {
	var c Candidate
	switch r.take(1)[0] {
	case addrIPv4:
		c.Addr = formatIP(r.take(4))
	case addrIPv6:
		c.Addr = formatIP(r.take(16))
	case addrMDNS:
		u := hex.EncodeToString(r.take(16))
		c.Addr = u[:8] + "-" + u[8:12] + "-" + u[12:16] + "-" + u[16:20] + "-" + u[20:] + ".local"
	default:
		r.bad = true
	}
	c.Port = binary.BigEndian.Uint16(r.take(2))
	return c
}

// trusted refuses a packet (ErrUntrusted) whose candidates a phone at the table does not give,
// or whose credentials are not of RFC 8839's grammar.
func (p Packet) trusted() error {
	for _, c := range p.Candidates {
		if !c.atTheTable() {
			return core.Fail(ErrUntrusted, nil, "a pairing code naming an address no phone at the table gives: scan the code on the other phone")
		}
	}
	if !iceChars(p.Ufrag, 4) || !iceChars(p.Pwd, 22) {
		return core.Fail(ErrUntrusted, nil, "a pairing code whose credentials no browser writes: scan the code on the other phone")
	}
	return nil
}

// SDP rebuilds a session description the browser accepts as the remote one: an offer (the
// host's packet) or an answer (the guest's), one data channel, the packet's credentials,
// fingerprint and candidates.
func (p Packet) SDP() string {
	var b strings.Builder
	setup := "actpass"
	if p.Answer {
		setup = "active"
	}
	fp := make([]string, len(p.Fingerprint))
	for i, x := range p.Fingerprint {
		fp[i] = fmt.Sprintf("%02X", x)
	}
	fmt.Fprintf(&b, "v=0\r\no=- %d 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n", binary.BigEndian.Uint32(p.Fingerprint[:4])&0x7fffffff)
	b.WriteString("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n")
	for i, c := range p.Candidates {
		fmt.Fprintf(&b, "a=candidate:%d 1 udp %d %s %d typ host generation 0\r\n", i+1, 2122260223-i, c.Addr, c.Port)
	}
	fmt.Fprintf(&b, "a=ice-ufrag:%s\r\na=ice-pwd:%s\r\na=fingerprint:sha-256 %s\r\na=setup:%s\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
		p.Ufrag, p.Pwd, strings.Join(fp, ":"), setup)
	return b.String()
}

// Code is the four digits both phones show once paired, from the two fingerprints: the
// players compare them to know that each phone paired with the other, not with a third.
func Code(offer, answer [32]byte) string {
	h := sha256.Sum256(append(offer[:], answer[:]...))
	return fmt.Sprintf("%04d", binary.BigEndian.Uint32(h[:4])%10000)
}

// syncPrefix begins a sync code: a link's message carried by QR code when the phones have no
// connection (SyncCode).
const syncPrefix = "GS1:"

// SyncCode writes a link's message (app/link: Link.Message) for a QR code: deflated, in Base45,
// after syncPrefix.
func SyncCode(msg []byte) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(msg)
	w.Close()
	return syncPrefix + Base45(b.Bytes())
}

// ParseSyncCode reads what SyncCode wrote: the link's message. ErrNotAPacket: not a sync code.
func ParseSyncCode(s string) ([]byte, error) {
	body, ok := strings.CutPrefix(strings.TrimSpace(s), syncPrefix)
	if !ok {
		return nil, core.Fail(ErrNotAPacket, nil, "not a Gnosis pairing code")
	}
	b, err := Unbase45(body)
	if err != nil {
		return nil, core.Fail(ErrNotAPacket, err, "not a Gnosis pairing code")
	}
	msg, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(b)), maxSyncMessage+1))
	if err != nil || len(msg) > maxSyncMessage {
		return nil, core.Fail(ErrNotAPacket, err, "not a Gnosis pairing code")
	}
	return msg, nil
}

// maxSyncMessage is the most a sync code's message may inflate to.
const maxSyncMessage = 64 << 10
