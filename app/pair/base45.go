package pair

import (
	"errors"
	"strings"
)

// base45Alphabet is the 45 characters of a QR code's alphanumeric mode, in RFC 9285's order.
const base45Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"

// Base45 writes b in Base45 (RFC 9285): each two bytes as three characters, a last byte as two.
func Base45(b []byte) string {
	var s strings.Builder
	for i := 0; i < len(b); i += 2 {
		if i+1 < len(b) {
			n := int(b[i])<<8 | int(b[i+1])
			s.WriteByte(base45Alphabet[n%45])
			s.WriteByte(base45Alphabet[n/45%45])
			s.WriteByte(base45Alphabet[n/2025])
		} else {
			n := int(b[i])
			s.WriteByte(base45Alphabet[n%45])
			s.WriteByte(base45Alphabet[n/45])
		}
	}
	return s.String()
}

var errBase45 = errors.New("not Base45")

// Unbase45 reads what Base45 writes; a character outside the alphabet, a length that leaves
// one character alone, or a group worth more than its bytes hold is an error.
func Unbase45(s string) ([]byte, error) {
	if len(s)%3 == 1 {
		return nil, errBase45
	}
	out := make([]byte, 0, len(s)*2/3)
	for i := 0; i < len(s); i += 3 {
		var n, m int
		for j := i + min(3, len(s)-i) - 1; j >= i; j-- {
			v := strings.IndexByte(base45Alphabet, s[j])
			if v < 0 {
				return nil, errBase45
			}
			n = n*45 + v
			m++
		}
		switch {
		case m == 3 && n <= 0xffff:
			out = append(out, byte(n>>8), byte(n))
		case m == 2 && n <= 0xff:
			out = append(out, byte(n))
		default:
			return nil, errBase45
		}
	}
	return out, nil
}
