package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"gnosis/engine/core"
	"gnosis/engine/fragment"
)

// ReadFile reads an event file: refused past MaxFileBytes before it is parsed, its texts cleaned
// and bounded at the door (core.CleanText; names cut at MaxName characters, reasons at MaxWhy,
// a list's link at fragment.MaxLink and its checksum its link's), then checked whole (Check).
// A file refused changes nothing.
// A file from outside is refused where its day is not a day (IsDay): it would be ordered wrong
// among a season's nights.
func ReadFile(b []byte) (*Event, error) { return ReadFilePaced(b, nil) }

// ReadFilePaced is ReadFile, tick (nil: none) called between the file's players and rounds as
// they are decoded (a core.Paced work's: the largest file took a second of a phone's page in
// one piece). It reads what ReadFile reads and refuses what it refuses.
func ReadFilePaced(b []byte, tick func()) (*Event, error) {
	e, err := readFile(b, tick)
	if err != nil {
		return nil, err
	}
	if !IsDay(e.Date) {
		return nil, core.Fail(ErrEventFile, nil, "the club night's day, %q, is not a date as 2026-12-05: the file was not read", e.Date)
	}
	return e, nil
}

// ReadKept reads an event file a phone kept itself (its night in progress, its past nights, a
// season's nights added): as ReadFile, but a day that is not one (written before days were
// checked) is kept as it is, never refused: a night kept is never made unreadable. Its key
// (Key) is the same as when it was kept.
func ReadKept(b []byte) (*Event, error) { return readFile(b, nil) }

// IsDay reports whether date is a day as a club night's file writes it: YYYY-MM-DD, in
// digits, a day of the calendar (time.Parse: a 30th of February, a 31st of April and a 29th of
// February outside a leap year are no days), which orders as its words do.
func IsDay(date string) bool {
	for i, c := range []byte(date) {
		if (c < '0' || c > '9') && i != 4 && i != 7 {
			return false
		}
	}
	_, err := time.Parse("2006-01-02", date) // the dashes, the length, the month, its day
	return err == nil
}

// readFile is ReadFilePaced, the night's day not checked.
func readFile(b []byte, tick func()) (*Event, error) {
	if len(b) > MaxFileBytes {
		return nil, core.Fail(ErrEventFile, nil, "an event file of %d kB: an event file is at most %d kB; it was not read", (len(b)+1023)>>10, MaxFileBytes>>10)
	}
	var e Event
	var err error
	if tick == nil {
		err = json.Unmarshal(b, &e)
	} else {
		err = decodePaced(b, &e, tick)
	}
	if err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, core.Fail(ErrEventFile, err, "an event file cut short or damaged: it cannot be read; take it again from the phone that made it")
		}
		return nil, core.Fail(ErrEventFile, err, "not a Gnosis event file: it cannot be read")
	}
	if tick == nil {
		tick = func() {}
	}
	tick()
	e.cut()
	tick()
	e.nameTwins()
	tick()
	if err := e.Check(); err != nil {
		return nil, err
	}
	return &e, nil
}

// nameTwins gives the later of two players of one name (R-EVT-11; a file written before names
// had to differ) its number after the name, "Ana (2)", cut to MaxName, so that the file reads
// and no night is lost.
func (e *Event) nameTwins() {
	seen := make(map[string]bool, len(e.Players))
	for i := range e.Players {
		p := &e.Players[i]
		name, folded := p.Name, Fold(p.Name)
		for n := 2; folded != "" && seen[folded] && n <= len(e.Players)+1; n++ {
			suffix := fmt.Sprintf(" (%d)", n)
			base := []rune(p.Name)
			base = base[:min(len(base), MaxName-len(suffix))]
			name = strings.TrimSpace(string(base)) + suffix
			folded = Fold(name)
		}
		p.Name = name
		seen[folded] = true
	}
}

// decodePaced decodes the event file b into e as json.Unmarshal does, tick called after each
// player and each round: the players and the rounds one at a time, the rest (the set-up) as
// one object at the end. Keys are matched as Unmarshal matches them (without regard to case),
// a list given twice is the last one, null is none, and anything after the file's object
// refuses it.
func decodePaced(b []byte, e *Event, tick func()) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t != json.Delim('{') { // not an object: as Unmarshal reads it (null: nothing; else its error)
		return json.Unmarshal(b, e)
	}
	rest := []byte{'{'}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		switch {
		case strings.EqualFold(key, "players"):
			err = decodeList(dec, &e.Players, tick)
		case strings.EqualFold(key, "played"):
			err = decodeList(dec, &e.Played, tick)
		default:
			var raw json.RawMessage
			if err = dec.Decode(&raw); err == nil {
				k, _ := json.Marshal(key)
				if len(rest) > 1 {
					rest = append(rest, ',')
				}
				rest = append(append(append(rest, k...), ':'), raw...)
			}
		}
		if err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the object's end
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("invalid character after top-level value")
	}
	return json.Unmarshal(append(rest, '}'), e)
}

// decodeList decodes a JSON array into list as json.Unmarshal does (null: nil), tick after each
// element.
func decodeList[T any](dec *json.Decoder, list *[]T, tick func()) error {
	t, err := dec.Token()
	switch {
	case err != nil:
		return err
	case t == nil:
		*list = nil
		return nil
	case t != json.Delim('['):
		return fmt.Errorf("cannot unmarshal %v into a list", t)
	}
	out := make([]T, 0)
	for dec.More() {
		var v T
		if err := dec.Decode(&v); err != nil {
			return err
		}
		out = append(out, v)
		tick()
	}
	if _, err := dec.Token(); err != nil { // the array's end
		return err
	}
	*list = out
	return nil
}

// cut cleans every text of the event and cuts it at its bound.
func (e *Event) cut() {
	e.Name, e.Date = clean(e.Name, MaxName), clean(e.Date, MaxName)
	for i := range e.Scenarios {
		e.Scenarios[i] = clean(e.Scenarios[i], MaxName)
	}
	for i := range e.Players {
		p := &e.Players[i]
		p.Name = clean(p.Name, MaxName)
		if l := p.List; l != nil {
			l.Party, l.Link = clean(l.Party, MaxName), core.CutText(core.CleanText(l.Link), fragment.MaxLink)
			l.Sum = Checksum(l.Link)
		}
	}
	for i := range e.Played {
		r := &e.Played[i]
		for j := range r.Swaps {
			r.Swaps[j].Why = clean(r.Swaps[j].Why, MaxWhy)
		}
		for j := range r.Pairings {
			p := &r.Pairings[j]
			for _, res := range append([]*Result{p.Result}, changed(p.Earlier)...) {
				if res != nil {
					res.Game, res.End, res.Ahead = clean(res.Game, MaxName), clean(res.End, 16), clean(res.Ahead, 16)
					res.Parties = [2]string{clean(res.Parties[0], MaxName), clean(res.Parties[1], MaxName)}
				}
			}
			for k := range p.Earlier {
				p.Earlier[k].Who, p.Earlier[k].Why = clean(p.Earlier[k].Who, MaxName), clean(p.Earlier[k].Why, MaxWhy)
			}
		}
	}
}

// FileToKeep is the event's file (File) when the event can be read back from it (FileFits),
// else its error: what a phone or the command line keeps before it writes, so that no change
// makes a night unreadable.
func (e *Event) FileToKeep() ([]byte, error) {
	b := e.File()
	if err := FileFits(b); err != nil {
		return nil, err
	}
	return b, nil
}

// FileFits says why an event's file b could not be read back (ErrTooBig: past MaxFileBytes,
// its size said), or nil.
func FileFits(b []byte) error {
	if len(b) > MaxFileBytes {
		return core.Fail(ErrTooBig, nil, "this change would make the club night's file %d kB, past the %d kB it may hold: it was not made; nothing else changed", (len(b)+1023)>>10, MaxFileBytes>>10)
	}
	return nil
}

// File is the event's file: its JSON (as json.Marshal writes it, by hand: encode.go).
func (e *Event) File() []byte { return e.FilePaced(func() {}) }

// FilePaced is File, tick called after each player and each round as they are written (a
// core.Paced work's): the same bytes, written in pieces.
func (e *Event) FilePaced(tick func()) []byte {
	size := 1024 + 1024*len(e.Players) // more than a file of long names needs: written without growing
	for _, r := range e.Played {
		size += 256 + 512*len(r.Pairings)
	}
	b := e.appendJSON(make([]byte, 0, size))
	b = append(b, `,"players":`...)
	b = appendList(b, e.Players, (*Player).appendJSON, tick)
	b = append(b, `,"played":`...)
	b = appendList(b, e.Played, (*Round).appendJSON, tick)
	return append(b, '}')
}

// appendList appends list's JSON to b as json.Marshal writes it (nil: null), each element by
// add, tick after each.
func appendList[T any](b []byte, list []T, add func(*T, []byte) []byte, tick func()) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = add(&list[i], b)
		tick()
	}
	return append(b, ']')
}
