// Package unpack reads a BattleScribe or New Recruit roster's file (a .ros XML file, or the
// zipped .rosz) into wire.Unpacked's JSON, which roster.Take makes a party of. It is the part
// of a roster's import that needs archive/zip and encoding/xml: in the browser it runs in its
// own WebAssembly (cmd/roster, web/roster.wasm), loaded when a roster is first imported, so
// that app.wasm links neither.
//
//	f, unmatched, err := roster.Read(fileBytes, catalog.Default(), unpack.Unpack)
package unpack

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"strings"

	"gnosis/engine/roster/wire"
)

// MaxFile is the largest .ros read out of a zip (bytes): anima.MaxFileBytes, the bound of
// every outside file (roster_test checks they agree; this package imports no engine).
const MaxFile = 4 << 20

// document is the XML's root, which must be <roster>.
type document struct {
	XMLName xml.Name `xml:"roster"`
	wire.Roster
}

// Unpack reads b, a roster's bytes already checked against the bound of outside files (a
// byte order mark dropped: roster.Check), into wire.Unpacked's JSON.
func Unpack(b []byte) []byte {
	u := read(b)
	out, err := json.Marshal(u)
	if err != nil { // a roster's text is valid UTF-8 strings and numbers: never
		out, _ = json.Marshal(wire.Unpacked{Fail: wire.FailXML, Detail: err.Error()})
	}
	return out
}

func read(b []byte) wire.Unpacked {
	b, u := unzip(b)
	if u.Fail != "" {
		return u
	}
	var d document
	if err := xml.Unmarshal(b, &d); err != nil {
		return wire.Unpacked{Fail: wire.FailXML, Detail: err.Error()}
	}
	return wire.Unpacked{Roster: d.Roster}
}

// unzip returns the .ros inside a .rosz, or b itself when it is not a zip; else why not.
func unzip(b []byte) ([]byte, wire.Unpacked) {
	if !bytes.HasPrefix(b, []byte("PK")) {
		return b, wire.Unpacked{}
	}
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, wire.Unpacked{Fail: wire.FailZip, Detail: err.Error()}
	}
	for _, f := range z.File {
		if !strings.HasSuffix(strings.ToLower(f.Name), ".ros") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			return nil, wire.Unpacked{Fail: wire.FailZip, Detail: err.Error()}
		}
		defer r.Close()
		out, err := io.ReadAll(io.LimitReader(r, MaxFile+1))
		if err != nil || len(out) > MaxFile {
			return nil, wire.Unpacked{Fail: wire.FailLarge, Name: f.Name, Detail: detail(err)}
		}
		return out, wire.Unpacked{}
	}
	return nil, wire.Unpacked{Fail: wire.FailNoRos}
}

// detail is what a library said, "" for nothing.
func detail(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
