package geom

import (
	"encoding/json"
	"fmt"
	"strings"

	"gnosis/engine/core"
)

// DecodeFile reads b, a JSON object, into v, refusing unknown fields; what names the file in
// its errors ("table file") and shape shows the object wanted.
func DecodeFile(b []byte, v any, what, shape string) error {
	b, err := core.CheckFile(b, what)
	if err != nil {
		return err
	}
	if t := strings.TrimSpace(string(b)); !strings.HasPrefix(t, "{") {
		return fmt.Errorf("not a %s: want a JSON object %s", what, shape)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("not a %s: %v", what, err)
	}
	return nil
}

// UnitScale is how many centimetres a file's unit is: 1 for "cm" (or none), 2.5 for "in" (as
// the rulebooks round it).
func UnitScale(unit string) (float64, error) {
	switch unit {
	case "cm", "":
		return 1, nil
	case "in":
		return 2.5, nil
	}
	return 0, fmt.Errorf("unit %q: want cm or in", unit)
}
