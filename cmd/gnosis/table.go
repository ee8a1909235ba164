//go:build !wasm

package main

import (
	"encoding/json"
	"io"

	"gnosis/engine/tabletop"
)

// tableCmd reads a table file and prints, for every ordered pair of models, the gap between
// their bases, line of sight, zone of control and cover; with --charge CHARGER TARGET, the
// models that may intercept that charge (R-ATK-9). Bad input exits 2 with one line.
func tableCmd(args []string, stdout io.Writer) error {
	var charger, target string
	file, b, err := fileWithPair(args, "table", "charge", "CHARGER and TARGET", func(a, b string) error {
		charger, target = a, b
		return nil
	})
	if err != nil {
		return err
	}
	t, err := tabletop.ParseTable(b)
	if err != nil {
		return exitError{2, file + ": " + err.Error()}
	}
	out := struct {
		Pairs        []tabletop.Pair `json:"pairs"`
		Interceptors *[]string       `json:"interceptors,omitempty"`
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

// fileWithPair reads a command's arguments FILE [--flag A B] (the flag with one dash too), in
// any order, and the file: the file's name and bytes; with the flag, set is given A and B and
// may refuse them. Every error is an exit with code 2 that says what is wrong (name is the
// command's, needs what the flag takes).
func fileWithPair(args []string, name, flag, needs string, set func(a, b string) error) (file string, b []byte, err error) {
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--" + flag, "-" + flag:
			if i+2 >= len(args) {
				return "", nil, exitError{2, "--" + flag + " needs " + needs}
			}
			if err := set(args[i+1], args[i+2]); err != nil {
				return "", nil, err
			}
			i += 2
		default:
			if file != "" {
				return "", nil, exitError{2, name + " needs one FILE"}
			}
			file = args[i]
		}
	}
	if file == "" {
		return "", nil, exitError{2, name + " needs one FILE"}
	}
	if b, err = readInput(file); err != nil {
		return "", nil, err
	}
	return file, b, nil
}
