package event

import (
	"bytes"
	"encoding/json"

	"gnosis/engine/core"
	"gnosis/engine/fragment"
)

// ReadFile reads an event file: refused past MaxFileBytes before it is parsed, its texts cleaned
// and bounded at the door (core.CleanText; names cut at MaxName characters, reasons at MaxWhy,
// a list's link at fragment.MaxLink and its checksum its link's), then checked whole (Check).
// A file refused changes nothing.
func ReadFile(b []byte) (*Event, error) {
	if len(b) > MaxFileBytes {
		return nil, core.Fail(ErrEventFile, nil, "an event file of %d kB: an event file is at most %d kB; it was not read", (len(b)+1023)>>10, MaxFileBytes>>10)
	}
	var e Event
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, core.Fail(ErrEventFile, err, "not a Gnosis event file: it cannot be read")
	}
	e.cut()
	if err := e.Check(); err != nil {
		return nil, err
	}
	return &e, nil
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

// Keep is the event's file (File) when the event can be read back from it (within
// MaxFileBytes), else ErrTooBig, which says its size: what a phone or the command line keeps
// before it writes, so that no change makes a night unreadable.
func (e *Event) Keep() ([]byte, error) {
	b := e.File()
	if len(b) > MaxFileBytes {
		return nil, core.Fail(ErrTooBig, nil, "this change would make the club night's file %d kB, past the %d kB it may hold: it was not made; nothing else changed", (len(b)+1023)>>10, MaxFileBytes>>10)
	}
	return b, nil
}

// File is the event's file: its JSON, with <, > and & as they are (json.Marshal's \u0026 made a
// file of names full of "&" six times their size).
func (e *Event) File() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(e)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
