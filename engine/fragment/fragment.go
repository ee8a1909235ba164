// Package fragment carries data in a link's URL fragment, which never reaches a server and
// opens offline: the link under the app's address, the payload taken out of a link, and the
// payload's frame, bytes followed by their CRC-32 (IEEE, big-endian) in base64url without
// padding. Party links (engine/share) and army links (engine/diskwars) are written with it.
package fragment

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"strings"
)

// MaxLink is the longest payload read, in characters: a party's link is under 1,000, an
// army's of the most discs under 10,000. The page script cuts a longer fragment to one more
// than this before go-app reads the address (web/boot.js, maxLink), so that a link of
// megabytes is refused at once. Bytes refuses it with ErrTooLong.
const MaxLink = 64 << 10

// ErrTooLong is the error of a link longer than MaxLink.
var ErrTooLong = errors.New("the link is too long")

// Link is payload's link under base (the app's address, whose own fragment is dropped):
// base#<key><payload>.
func Link(base, key, payload string) string {
	if i := strings.IndexByte(base, '#'); i >= 0 {
		base = base[:i]
	}
	return base + "#" + key + payload
}

// Payload takes the payload out of a link, a fragment ("<key>…") or a bare payload.
func Payload(link, key string) string {
	link = strings.TrimSpace(link)
	if i := strings.IndexByte(link, '#'); i >= 0 {
		link = link[i+1:]
	}
	return strings.TrimPrefix(link, key)
}

// Seal is b and its 4-byte CRC-32 in base64url: a payload.
func Seal(b []byte) string {
	return base64.RawURLEncoding.EncodeToString(binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b)))
}

// Bytes decodes a payload's base64url, or says the link is damaged.
func Bytes(payload string) ([]byte, error) {
	if len(payload) > MaxLink {
		return nil, fmt.Errorf("%w: more than %d characters; it was not read", ErrTooLong, MaxLink)
	}
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return nil, errors.New("the link is damaged (not base64url); ask for it again")
	}
	return raw, nil
}

// Open splits raw into its body and a trailing checksum of sumSize bytes (4: the CRC-32; 2:
// its low 16 bits, as older links kept) and reports whether the checksum is the body's. raw
// holds at least sumSize bytes.
func Open(raw []byte, sumSize int) (body []byte, ok bool) {
	body, tail := raw[:len(raw)-sumSize], raw[len(raw)-sumSize:]
	sum := crc32.ChecksumIEEE(body)
	if sumSize == 2 {
		return body, uint16(sum) == binary.BigEndian.Uint16(tail)
	}
	return body, sum == binary.BigEndian.Uint32(tail)
}

// ErrChanged says a link's checksum does not match: cut or changed on its way.
var ErrChanged = errors.New("the link is cut short or changed (checksum mismatch); copy all of it")
