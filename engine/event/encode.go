package event

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// The event file written by hand, byte for byte as encoding/json writes an Event (File's test
// and FuzzEventFile hold it to json.Marshal): json's reflection took a third of a second of a
// phone's page at 4× CPU for the largest night, and the file is written at every change.

func (e *Event) appendJSON(b []byte) []byte {
	b = appendKey(b, '{', "kind")
	b = appendString(b, e.Kind)
	b = appendKey(b, ',', "version")
	b = strconv.AppendInt(b, int64(e.Version), 10)
	return e.Setup.appendJSON(b)
}

// appendJSON appends the set-up's fields (after the event's own, no braces of its own).
func (s *Setup) appendJSON(b []byte) []byte {
	b = appendKey(b, ',', "name")
	b = appendString(b, s.Name)
	b = appendKey(b, ',', "date")
	b = appendString(b, s.Date)
	b = appendKey(b, ',', "game")
	b = appendString(b, s.Game)
	if s.Edition != "" {
		b = appendKey(b, ',', "edition")
		b = appendString(b, string(s.Edition))
	}
	b = appendKey(b, ',', "level")
	b = strconv.AppendInt(b, int64(s.Level), 10)
	b = appendKey(b, ',', "rounds")
	b = strconv.AppendInt(b, int64(s.Rounds), 10)
	if len(s.Scenarios) > 0 {
		b = appendKey(b, ',', "scenarios")
		b = appendStrings(b, s.Scenarios)
	}
	b = appendKey(b, ',', "method")
	b = appendString(b, string(s.Method))
	b = appendKey(b, ',', "scoring")
	b = appendKey(b, '{', "win")
	b = strconv.AppendInt(b, int64(s.Scoring.Win), 10)
	b = appendKey(b, ',', "draw")
	b = strconv.AppendInt(b, int64(s.Scoring.Draw), 10)
	b = appendKey(b, ',', "loss")
	b = strconv.AppendInt(b, int64(s.Scoring.Loss), 10)
	b = appendKey(b, ',', "bye")
	b = strconv.AppendInt(b, int64(s.Scoring.Bye), 10)
	b = append(b, '}')
	b = appendKey(b, ',', "tiebreakers")
	if s.Tiebreakers == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, t := range s.Tiebreakers {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, string(t))
		}
		b = append(b, ']')
	}
	b = appendKey(b, ',', "seed")
	b = strconv.AppendUint(b, s.Seed, 10)
	b = appendKey(b, ',', "listsOpen")
	return strconv.AppendBool(b, s.ListsOpen)
}

func (p *Player) appendJSON(b []byte) []byte {
	b = appendKey(b, '{', "id")
	b = strconv.AppendInt(b, int64(p.ID), 10)
	b = appendKey(b, ',', "name")
	b = appendString(b, p.Name)
	if p.List != nil {
		b = appendKey(b, ',', "list")
		b = appendKey(b, '{', "link")
		b = appendString(b, p.List.Link)
		b = appendKey(b, ',', "party")
		b = appendString(b, p.List.Party)
		b = appendKey(b, ',', "sum")
		b = appendString(b, p.List.Sum)
		if p.List.Levels != 0 {
			b = appendKey(b, ',', "levels")
			b = strconv.AppendInt(b, int64(p.List.Levels), 10)
		}
		b = append(b, '}')
	}
	b = appendKey(b, ',', "entered")
	b = strconv.AppendInt(b, int64(p.Entered), 10)
	if p.Dropped {
		b = appendKey(b, ',', "dropped")
		b = append(b, "true"...)
	}
	if p.Card != "" {
		b = appendKey(b, ',', "card")
		b = appendString(b, p.Card)
	}
	return append(b, '}')
}

func (r *Round) appendJSON(b []byte) []byte {
	b = appendKey(b, '{', "number")
	b = strconv.AppendInt(b, int64(r.Number), 10)
	b = appendKey(b, ',', "pairings")
	if r.Pairings == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range r.Pairings {
			if i > 0 {
				b = append(b, ',')
			}
			b = r.Pairings[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	if len(r.Swaps) > 0 {
		b = appendKey(b, ',', "swaps")
		b = append(b, '[')
		for i, s := range r.Swaps {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendKey(b, '{', "players")
			b = appendInts(b, s.Players)
			b = appendKey(b, ',', "why")
			b = appendString(b, s.Why)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (p *Pairing) appendJSON(b []byte) []byte {
	b = appendKey(b, '{', "table")
	b = strconv.AppendInt(b, int64(p.Table), 10)
	b = appendKey(b, ',', "players")
	b = appendInts(b, p.Players)
	if p.Result != nil {
		b = appendKey(b, ',', "result")
		b = p.Result.appendJSON(b)
	}
	if len(p.Earlier) > 0 {
		b = appendKey(b, ',', "earlier")
		b = append(b, '[')
		for i := range p.Earlier {
			c := &p.Earlier[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = appendKey(b, '{', "result")
			b = c.Result.appendJSON(b)
			b = appendKey(b, ',', "who")
			b = appendString(b, c.Who)
			b = appendKey(b, ',', "why")
			b = appendString(b, c.Why)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func (r *Result) appendJSON(b []byte) []byte {
	b = appendKey(b, '{', "outcome")
	b = appendString(b, r.Outcome)
	b = appendKey(b, ',', "killed")
	b = appendInts(b, r.Killed)
	b = appendKey(b, ',', "left")
	b = appendInts(b, r.Left)
	b = appendKey(b, ',', "scenario")
	b = appendInts(b, r.Scenario)
	b = appendKey(b, ',', "turns")
	b = strconv.AppendInt(b, int64(r.Turns), 10)
	if r.Game != "" {
		b = appendKey(b, ',', "game")
		b = appendString(b, r.Game)
	}
	b = appendKey(b, ',', "parties") // an array of two is never empty: omitempty keeps it
	b = appendStrings(b, r.Parties[:])
	b = appendKey(b, ',', "by")
	b = appendString(b, r.By)
	if r.Unfinished {
		b = appendKey(b, ',', "unfinished")
		b = append(b, "true"...)
	}
	if r.End != "" {
		b = appendKey(b, ',', "end")
		b = appendString(b, r.End)
	}
	if r.Length != 0 {
		b = appendKey(b, ',', "length")
		b = strconv.AppendInt(b, int64(r.Length), 10)
	}
	if r.Ahead != "" {
		b = appendKey(b, ',', "ahead")
		b = appendString(b, r.Ahead)
	}
	if r.Luck != nil {
		b = appendKey(b, ',', "luck")
		b = append(b, '[')
		b = appendLuck(b, &r.Luck[0])
		b = append(b, ',')
		b = appendLuck(b, &r.Luck[1])
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendLuck(b []byte, l *Luck) []byte {
	b = appendKey(b, '{', "attacks")
	b = strconv.AppendInt(b, int64(l.Attacks), 10)
	b = appendKey(b, ',', "left")
	b = strconv.AppendInt(b, int64(l.Left), 10)
	b = appendKey(b, ',', "hits")
	b = strconv.AppendInt(b, int64(l.Hits), 10)
	b = appendKey(b, ',', "expected_hits")
	b = appendFloat(b, l.ExpectedHits)
	b = appendKey(b, ',', "lp")
	b = strconv.AppendInt(b, int64(l.LP), 10)
	b = appendKey(b, ',', "expected_lp")
	b = appendFloat(b, l.ExpectedLP)
	b = appendKey(b, ',', "checks")
	b = strconv.AppendInt(b, int64(l.Checks), 10)
	b = appendKey(b, ',', "checks_left")
	b = strconv.AppendInt(b, int64(l.ChecksLeft), 10)
	b = appendKey(b, ',', "passed")
	b = strconv.AppendInt(b, int64(l.Passed), 10)
	b = appendKey(b, ',', "expected_passed")
	b = appendFloat(b, l.ExpectedPassed)
	return append(b, '}')
}

// appendKey appends sep and the key (a name of ours: nothing to escape) with its colon.
func appendKey(b []byte, sep byte, key string) []byte {
	b = append(b, sep, '"')
	b = append(b, key...)
	return append(b, '"', ':')
}

func appendInts(b []byte, v [2]int) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(v[0]), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(v[1]), 10)
	return append(b, ']')
}

func appendStrings(b []byte, v []string) []byte {
	b = append(b, '[')
	for i, s := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

// appendFloat appends f as encoding/json does (floatEncoder, 64 bits); a luck's figures are
// finite (Check).
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' { // e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// plain are the ASCII bytes a JSON string holds as they are.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := range utf8.RuneSelf {
		t[c] = c >= 0x20 && c != '"' && c != '\\'
	}
	return t
}()

// appendString appends s quoted as encoding/json's Encoder does without HTML escaping (<, >
// and & as they are: a name of 80 "&" stays 80 bytes): control characters, invalid UTF-8 as
// \ufffd, U+2028 and U+2029 escaped.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
