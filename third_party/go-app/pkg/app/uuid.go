package app

import (
	"crypto/rand"
	"encoding/hex"
)

// newUUID is a random (version 4) UUID in its text form, as
// github.com/google/uuid's NewString writes it, made here so that app.wasm
// links neither that package nor its md5, sha1 and database/sql/driver.
func newUUID() string {
	var u [16]byte
	rand.Read(u[:])         // it never fails: crypto/rand crashes the program rather
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // the variant of RFC 9562
	var b [36]byte
	hex.Encode(b[0:8], u[0:4])
	b[8] = '-'
	hex.Encode(b[9:13], u[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], u[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], u[8:10])
	b[23] = '-'
	hex.Encode(b[24:], u[10:])
	return string(b[:])
}
