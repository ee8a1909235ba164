//go:build !wasm

package main

import (
	"encoding/json"
	"io"
	"os"

	"gnosis/engine/geom"
)

// tableCmd reads a table file and prints, for every ordered pair of models, the gap between
// their bases, line of sight, zone of control and cover; with --charge CHARGER TARGET, the
// models that may intercept that charge (R-ATK-9). Bad input exits 2 with one line.
func tableCmd(args []string, stdout io.Writer) error {
	var file, charger, target string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--charge", "-charge":
			if i+2 >= len(args) {
				return exitError{2, "--charge needs CHARGER and TARGET"}
			}
			charger, target = args[i+1], args[i+2]
			i += 2
		default:
			if file != "" {
				return exitError{2, "table needs one FILE"}
			}
			file = args[i]
		}
	}
	if file == "" {
		return exitError{2, "table needs one FILE"}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return exitError{2, err.Error()}
	}
	t, err := geom.ParseTable(b)
	if err != nil {
		return exitError{2, file + ": " + err.Error()}
	}
	out := struct {
		Pairs        []geom.Pair `json:"pairs"`
		Interceptors *[]string   `json:"interceptors,omitempty"`
	}{Pairs: t.Pairs()}
	if charger != "" {
		c, ok1 := t.Model(charger)
		tg, ok2 := t.Model(target)
		if !ok1 || !ok2 {
			return exitError{2, "--charge names a model the table does not have"}
		}
		ids := []string{}
		for _, m := range t.Interceptors(c, tg) {
			ids = append(ids, m.ID)
		}
		out.Interceptors = &ids
	}
	return json.NewEncoder(stdout).Encode(out)
}
