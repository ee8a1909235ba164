package event

import (
	"bytes"
	"encoding/json"
	"errors"

	"gnosis/engine/fragment"
)

// Seal is v's JSON sealed (fragment.Seal: base64url with a CRC-32): the payload of a result
// code, a round's link, the standings' link and a season's (engine/season).
// Its JSON leaves <, > and & as they are (no \u0026): a name of 80 "&" stays 80 bytes.
func Seal(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return fragment.Seal(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// errDamaged is a sealed payload cut, changed on its way, or not the JSON it should hold.
var errDamaged = errors.New("cut, changed or not what it should hold")

// Unseal reads into v the JSON a payload sealed holds: fragment.Bytes's error for a payload it
// cannot read (fragment.ErrTooLong among them), else errDamaged when its checksum or its JSON
// fails.
func Unseal(payload string, v any) error {
	raw, err := fragment.Bytes(payload)
	switch {
	case err != nil:
		return err
	case len(raw) < 5:
		return errDamaged
	}
	body, ok := fragment.Open(raw, 4)
	if !ok || json.Unmarshal(body, v) != nil {
		return errDamaged
	}
	return nil
}
