package anima

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Stat is a printed card value. Some cards print a second, conditional value beside the
// first (Damage "5/2", Defense "9/11"); both are kept and shown. Base is the value that
// applies unless a card effect says otherwise. R-CARD-1.
type Stat struct {
	Base   int
	Alt    int
	HasAlt bool
}

// S returns a single-valued Stat.
func S(v int) Stat { return Stat{Base: v} }

// String gives the printed form: "5" or "5/2".
func (s Stat) String() string {
	if s.HasAlt {
		return strconv.Itoa(s.Base) + "/" + strconv.Itoa(s.Alt)
	}
	return strconv.Itoa(s.Base)
}

// ParseStat reads "5" or "5/2". It returns an error for anything else, such as an empty
// cell, a negative number or three values.
func ParseStat(text string) (Stat, error) {
	text = strings.TrimSpace(text)
	first, second, two := strings.Cut(text, "/")
	b, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil || b < 0 {
		return Stat{}, fail(ErrOutOfRange, "%q: want a whole number such as 5, or two such as 5/2", text)
	}
	if !two {
		return S(b), nil
	}
	a, err := strconv.Atoi(strings.TrimSpace(second))
	if err != nil || a < 0 {
		return Stat{}, fail(ErrOutOfRange, "%q: want a whole number such as 5, or two such as 5/2", text)
	}
	return Stat{Base: b, Alt: a, HasAlt: true}, nil
}

// MarshalJSON writes a single value as a number and a two-valued stat as "5/2".
func (s Stat) MarshalJSON() ([]byte, error) {
	if s.HasAlt {
		return json.Marshal(s.String())
	}
	return []byte(strconv.Itoa(s.Base)), nil
}

// UnmarshalJSON reads a number or a "5/2" string.
func (s *Stat) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err == nil {
		if n < 0 {
			return fmt.Errorf("stat %d: must not be negative", n)
		}
		*s = S(n)
		return nil
	}
	var text string
	if err := json.Unmarshal(b, &text); err != nil {
		return fmt.Errorf("stat %s: want a number or a string such as \"5/2\"", b)
	}
	v, err := ParseStat(text)
	if err != nil {
		return err
	}
	*s = v
	return nil
}
