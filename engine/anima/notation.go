package anima

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// String writes a Ref as "side/index", counting from 0: "1/0" is the first character
// of the second side.
func (r Ref) String() string { return strconv.Itoa(r.Side) + "/" + strconv.Itoa(r.Index) }

// ParseRef reads a character's reference from its text, "1/0" (side/index, as String writes
// it); ok is false for a text that is not one (an empty one among them), whose Ref names no
// character.
func ParseRef(text string) (r Ref, ok bool) {
	a, c, cut := strings.Cut(text, "/")
	side, err1 := strconv.Atoi(a)
	index, err2 := strconv.Atoi(c)
	if !cut || err1 != nil || err2 != nil {
		return Ref{Side: -1, Index: -1}, false
	}
	return Ref{Side: side, Index: index}, true
}

// UnmarshalJSON reads {"side":1,"index":0} or the short "1/0".
func (r *Ref) UnmarshalJSON(b []byte) error {
	var text string
	if json.Unmarshal(b, &text) == nil {
		ref, ok := ParseRef(text)
		if !ok {
			return fmt.Errorf("character %q: want side/index such as 1/0", text)
		}
		*r = ref
		return nil
	}
	type plain Ref
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = Ref(p)
	return nil
}

// Notation writes a game log as text, one line per event: its gesture, its kind and its
// facts as JSON, such as
//
//	7 attack {"attacker":{"side":0,"index":0},...}
//
// for bug reports and golden files. ParseNotation reads it back.
func Notation(log []Entry) string {
	var b strings.Builder
	for _, e := range log {
		body, _ := json.Marshal(e.Event)
		fmt.Fprintf(&b, "%d %s %s\n", e.Gesture, e.Event.Kind(), body)
	}
	return b.String()
}

// ParseNotation reads what Notation wrote (blank lines and lines starting with # are
// skipped) and checks it as Replay does.
func ParseNotation(text string) ([]Entry, error) {
	var log []Entry
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		g, rest, ok1 := strings.Cut(line, " ")
		kind, body, ok2 := strings.Cut(rest, " ")
		gesture, err := strconv.Atoi(g)
		if !ok1 || !ok2 || err != nil {
			return nil, fmt.Errorf("line %d: want <gesture> <kind> <json>", n)
		}
		var e Entry
		raw, _ := json.Marshal(struct { // an entry's JSON (core.Entry)
			Gesture int             `json:"g"`
			Kind    string          `json:"k"`
			Event   json.RawMessage `json:"e,omitempty"`
		}{gesture, kind, json.RawMessage(body)})
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		log = append(log, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if _, err := Replay(log); err != nil {
		return nil, err
	}
	return log, nil
}
