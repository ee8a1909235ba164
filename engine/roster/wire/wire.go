// Package wire is a BattleScribe roster as it crosses from the reader of its file (package
// unpack: the zip opened, the XML read; in the browser its own WebAssembly, web/roster.wasm,
// loaded when a roster is first imported) to the party it makes (package roster, in app.wasm):
// JSON of Unpacked, the roster's XML as read or why it could not be. It imports nothing, so
// that neither side links the other's work.
package wire

// Unpacked is a roster file unpacked: its XML read (Roster), or the reason it could not be
// (Fail, one of the Fail constants; Name the file inside the zip, Detail what the library
// said, in English).
type Unpacked struct {
	Roster Roster `json:"roster"`
	Fail   string `json:"fail,omitempty"`
	Name   string `json:"name,omitempty"`
	Detail string `json:"detail,omitempty"`
}

// Why a roster's file could not be unpacked.
const (
	FailZip   = "zip"    // a damaged zip
	FailLarge = "large"  // the .ros inside the zip damaged or larger than the bound
	FailNoRos = "no-ros" // a zip with no .ros inside
	FailXML   = "xml"    // the XML cannot be read as a roster
)

// Roster is the XML's root element, <roster>, with what a party is made of.
type Roster struct {
	Name           string  `xml:"name,attr" json:"name,omitempty"`
	GameSystemName string  `xml:"gameSystemName,attr" json:"gameSystemName,omitempty"`
	CostLimits     []Cost  `xml:"costLimits>costLimit" json:"costLimits,omitempty"`
	Costs          []Cost  `xml:"costs>cost" json:"costs,omitempty"`
	Forces         []Force `xml:"forces>force" json:"forces,omitempty"`
}

// Force is a force of the roster, which may hold forces of its own.
type Force struct {
	Name          string      `xml:"name,attr" json:"name,omitempty"`
	CatalogueName string      `xml:"catalogueName,attr" json:"catalogueName,omitempty"`
	Selections    []Selection `xml:"selections>selection" json:"selections,omitempty"`
	Forces        []Force     `xml:"forces>force" json:"forces,omitempty"`
}

// Selection is an entry chosen in a force or on another entry, at any depth.
type Selection struct {
	Name       string      `xml:"name,attr" json:"name,omitempty"`
	Type       string      `xml:"type,attr" json:"type,omitempty"`
	Number     int         `xml:"number,attr" json:"number,omitempty"`
	Selections []Selection `xml:"selections>selection" json:"selections,omitempty"`
}

// Cost is a cost, or a cost limit, of the roster.
type Cost struct {
	Name  string `xml:"name,attr" json:"name,omitempty"`
	Value string `xml:"value,attr" json:"value,omitempty"`
}
