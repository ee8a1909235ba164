package pair

import (
	"net/netip"
	"strconv"
	"strings"
)

// A candidate's address is read with net/netip's parser (which app.wasm has already, through
// net/url) and written here: netip's writers would add 11 KB to app.wasm for the two forms an
// SDP candidate uses, dotted IPv4 and IPv6 in hex groups.

// parseIP is the 4 bytes of an IPv4 address or the 16 of an IPv6 one (no zone), or nil.
func parseIP(s string) []byte {
	a, err := netip.ParseAddr(s)
	switch {
	case err != nil || a.Zone() != "":
		return nil
	case a.Is4():
		b := a.As4()
		return b[:]
	}
	b := a.As16()
	return b[:]
}

// formatIP writes 4 bytes as dotted IPv4, 16 as IPv6 in eight hex groups.
func formatIP(b []byte) string {
	var parts []string
	if len(b) == 4 {
		for _, x := range b {
			parts = append(parts, strconv.Itoa(int(x)))
		}
		return strings.Join(parts, ".")
	}
	for i := 0; i+1 < len(b); i += 2 {
		parts = append(parts, strconv.FormatUint(uint64(b[i])<<8|uint64(b[i+1]), 16))
	}
	return strings.Join(parts, ":")
}
