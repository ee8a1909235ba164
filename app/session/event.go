package session

import (
	"fmt"
	"strings"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/shelf"
)

// The club night this phone runs (engine/event), its organiser's requests, and its record on
// the device (store.EventKey): every change is saved at once, and a change the device refuses
// is not kept (the event stays as it was saved).
type (
	// NewEvent begins a club night of the organiser's Setup (event.Begin: checked, its names
	// cleaned; Seed draws round 1), in place of none: an event in progress is ended first
	// (EndEvent).
	NewEvent struct{ Setup event.Setup }
	// JoinEvent is a player's word, on their phone, that they play as Player at the club night
	// of a round's link (event.RoundView): the games this phone keeps on the event's day are
	// marked with it on the shelf.
	JoinEvent struct{ Event, Date, Player string }
	// AddEventPlayer enters a player named Name, from the next round on.
	AddEventPlayer struct{ Name string }
	// DropEventPlayer takes player ID out of the next rounds (Dropped), or brings them back.
	DropEventPlayer struct {
		ID      int
		Dropped bool
	}
	// SubmitEventList checks the party of a share link (Link) against the event and locks it as
	// player ID's list; a list that breaks a rule is refused with the rules it breaks.
	SubmitEventList struct {
		ID   int
		Link string
	}
	// PairEventRound pairs the next round, a step at a time (EventStep: the weighted matching of
	// a large field pauses between its stages), then keeps it; a change of the event meanwhile
	// pairs it again from the event changed (the round is the event's, event.Next).
	PairEventRound struct{}
	// TakeResultCode counts a game's result from its code (event.Code's text).
	TakeResultCode struct{ Text string }
	// TakeEventGameFile counts a game's result from its game file (a player's phone's: shelf.File),
	// with each side's luck from its log; the file is read a step at a time (EventStep).
	TakeEventGameFile struct{ Data []byte }
	// EventStep runs the next step of the round being paired (PairEventRound), else of the game
	// file being read (TakeEventGameFile): a step of core.Budget at most, so that no round,
	// however large, and no game, however long, holds the page.
	EventStep struct{}
	// TypeEventResult keeps the result the organiser typed for Table of Round (the first
	// player's side first).
	TypeEventResult struct {
		Round, Table int
		Result       event.Result
	}
	// CorrectEventResult replaces the result of Table of Round, keeping the old one and Why.
	CorrectEventResult struct {
		Round, Table int
		Result       event.Result
		Why          string
	}
	// SwapEventPlayers swaps players A and B of the round being played, and keeps Why.
	SwapEventPlayers struct {
		A, B int
		Why  string
	}
	// OpenEventFile takes an event file (another phone's, or a laptop's) as the club night this
	// phone runs, in place of none: read and written again a step at a time (EventStep: the
	// largest file held a phone's page for seconds), then saved in a step of its own.
	OpenEventFile struct{ Data []byte }
	// EndEvent forgets the club night (its file is the organiser's to keep first).
	EndEvent struct{}
)

// eventPart is the club night this phone runs (store.EventKey).
type eventPart struct {
	*room
	ev      *event.Event
	changes int
	copy    copyCache[*event.Event]
	reading *core.Paced[shelf.Kept] // TakeEventGameFile's steps under way
	pairing *roundPairing           // PairEventRound's steps under way
	opening *core.Paced[opened]     // OpenEventFile's steps under way
	opened  *opened                 // the file opened, to save at the next step
	file    []byte                  // the event's file as last saved (of fileOf)
	fileOf  *event.Event
}

// opened is an event file read (event.ReadFilePaced), and the file written again from it, as
// the device keeps it (event.FilePaced).
type opened struct {
	e    *event.Event
	file []byte
}

// roundPairing is the next round being paired, from the event as it was at change changes.
type roundPairing struct {
	work    *core.Paced[*event.Round]
	changes int
}

// pair begins pairing the next round from the event as it is now (one under way is stopped).
func (p *eventPart) pair() {
	if p.pairing != nil {
		p.pairing.work.Stop()
	}
	p.pairing = &roundPairing{work: p.ev.Clone().Pairing(), changes: p.changes}
}

// Event is the Session's club night.
type Event struct{ p *eventPart }

// load reads the club night kept; note reports what could not be read.
func (p *eventPart) load(st *store.Store, note func(error)) {
	e, err := st.Event()
	note(err)
	p.ev = e
	p.changes++
}

// change makes a change of the event on a copy, and keeps it once saved: a change the engine
// refuses, or the device does not keep, leaves the event as it was.
func (p *eventPart) change(f func(e *event.Event) error) error {
	if p.ev == nil {
		return nil
	}
	e := p.ev.Clone()
	if err := f(e); err != nil {
		return err
	}
	return p.keep(e)
}

// keep saves e as the club night and keeps it once saved, with its file as written.
func (p *eventPart) keep(e *event.Event) error { return p.keepFile(e, e.File()) }

// keepFile is keep of e, whose file (event.File) is file.
func (p *eventPart) keepFile(e *event.Event, file []byte) error {
	if err := p.store.SaveEventFile(file); err != nil {
		return err
	}
	p.ev, p.file, p.fileOf = e, file, e
	p.changes++
	return nil
}

// fromBackup is the club night a backup holds (checked as it was read: store.ParseBackup) when
// this phone runs none, else nil: a restore never replaces the event in progress.
func (p *eventPart) fromBackup(file []byte) *event.Event {
	if p.ev != nil || len(file) == 0 {
		return nil
	}
	e, err := event.ReadFile(file)
	if err != nil {
		return nil
	}
	return e
}

// replace takes e, restored, as the club night (nil: nothing restored, the event stays).
func (p *eventPart) replace(e *event.Event) {
	if e != nil {
		p.ev, p.changes = e, p.changes+1
	}
}

// Get is the club night this phone runs (a copy: its changes are requests), or nil.
func (v Event) Get() *event.Event {
	if v.p.ev == nil {
		return nil
	}
	return v.p.copy.ofBy(v.p.ev, v.p.changes, (*event.Event).Clone)
}

// File is the event file and its file name; nil when no event is run. The file is the part's
// own, made once a change: read it, never change it.
func (v Event) File() ([]byte, string) {
	if v.p.ev == nil {
		return nil, ""
	}
	if v.p.fileOf != v.p.ev { // made once an event: a change writes it as it saves it
		v.p.file, v.p.fileOf = v.p.ev.File(), v.p.ev
	}
	return v.p.file, safeName(v.p.ev.Date+" "+v.p.ev.Name) + ".gnosis-event.json"
}

func (r NewEvent) apply(s *Session) (Outcome, error) {
	e, err := event.Begin(r.Setup)
	if err != nil {
		return Outcome{}, err
	}
	if err := s.event.keep(e); err != nil {
		return Outcome{}, err
	}
	s.say(s.T("The club night begins: enter its players."))
	return Outcome{}, nil
}

func (r AddEventPlayer) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.change(func(e *event.Event) error { _, err := e.AddPlayer(r.Name); return err })
}

func (r DropEventPlayer) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.change(func(e *event.Event) error { return e.Drop(r.ID, r.Dropped) })
}

func (r SubmitEventList) apply(s *Session) (Outcome, error) {
	var broken []string
	err := s.event.change(func(e *event.Event) error {
		vs, err := e.Submit(r.ID, r.Link, s.cards.cat)
		for _, v := range vs {
			broken = append(broken, v.Message(s.settings.lang))
		}
		return err
	})
	if err != nil {
		if len(broken) > 0 {
			s.warn(err)
			s.notice += " " + strings.Join(broken, " ")
			return Outcome{}, nil
		}
		return Outcome{}, err
	}
	s.say(s.T("The list is locked."))
	return Outcome{}, nil
}

// Opening reports whether an event file is being opened (OpenEventFile's steps).
func (v Event) Opening() bool { return v.p.opening != nil || v.p.opened != nil }

// Pairing reports whether the next round is being paired (PairEventRound's steps).
func (v Event) Pairing() bool { return v.p.pairing != nil }

func (PairEventRound) apply(s *Session) (Outcome, error) {
	if s.event.ev == nil {
		return Outcome{}, nil
	}
	s.event.pair()
	out, err := EventStep{}.apply(s)
	out.Quiet = false // the screen says the round is being paired
	return out, err
}

// pairStep runs a step of the pairing; once it is done, the round is kept.
func (p *eventPart) pairStep() (Outcome, error) {
	if p.ev == nil {
		p.pairing.work.Stop()
		p.pairing = nil
		return Outcome{}, nil
	}
	if p.pairing.changes != p.changes { // the event changed meanwhile: its round is paired again
		p.pair()
	}
	if !p.pairing.work.Step() {
		return Outcome{Next: EventStep{}, Quiet: true}, nil
	}
	r, err := p.pairing.work.Result()
	p.pairing = nil
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{}, p.change(func(e *event.Event) error { return e.Keep(r) })
}

func (r TakeResultCode) apply(s *Session) (Outcome, error) {
	c, err := event.ReadCode(r.Text)
	if err != nil {
		return Outcome{}, err
	}
	var table int
	if err := s.event.change(func(e *event.Event) error { table, err = e.TakeCode(c, event.ByCode); return err }); err != nil {
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("The result of table %d is in."), table))
	return Outcome{Taken: true}, nil
}

func (r TakeEventGameFile) apply(s *Session) (Outcome, error) {
	if s.event.ev == nil {
		return Outcome{}, nil
	}
	if s.event.reading != nil {
		s.event.reading.Stop()
	}
	s.event.reading = shelf.ReadPaced(r.Data)
	return EventStep{}.apply(s)
}

func (EventStep) apply(s *Session) (Outcome, error) {
	p := &s.event
	if p.opening != nil || p.opened != nil {
		out, err := s.openStep()
		if out.Next == nil && (p.reading != nil || p.pairing != nil) {
			out.Next = EventStep{}
		}
		return out, err
	}
	if p.pairing != nil {
		out, err := p.pairStep()
		if out.Next == nil && p.reading != nil { // a game file is being read too
			out.Next = EventStep{}
		}
		return out, err
	}
	if p.reading == nil {
		return Outcome{Quiet: true}, nil
	}
	if !p.reading.Step() {
		return Outcome{Next: EventStep{}, Quiet: true}, nil
	}
	k, err := p.reading.Result()
	p.reading = nil
	if err != nil {
		return Outcome{}, err
	}
	var table int
	if err := p.change(func(e *event.Event) error { table, err = e.TakeGame(k); return err }); err != nil {
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("The result of table %d is in."), table))
	return Outcome{Taken: true}, nil
}

func (r TypeEventResult) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.change(func(e *event.Event) error { return e.Type(r.Round, r.Table, r.Result) })
}

func (r CorrectEventResult) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.change(func(e *event.Event) error {
		return e.Correct(r.Round, r.Table, r.Result, s.T("the organiser"), r.Why)
	})
}

func (r SwapEventPlayers) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.change(func(e *event.Event) error { return e.Swap(r.A, r.B, r.Why) })
}

func (r OpenEventFile) apply(s *Session) (Outcome, error) {
	if s.event.ev != nil {
		s.notice = s.T("A club night is in progress: end it first (download its file to keep it).")
		return Outcome{}, nil
	}
	p := &s.event
	if p.opening != nil {
		p.opening.Stop()
	}
	data := r.Data
	p.opened = nil
	p.opening = core.Pace(core.Budget, func(tick func()) (opened, error) {
		e, err := event.ReadFilePaced(data, tick)
		if err != nil {
			return opened{}, err
		}
		return opened{e: e, file: e.FilePaced(tick)}, nil
	})
	out, err := EventStep{}.apply(s)
	out.Quiet = false // the screen says the file is being opened
	return out, err
}

// openStep runs a step of the event file's opening; once it is read, the next step saves it
// and keeps it as the club night (unless one began meanwhile).
func (s *Session) openStep() (Outcome, error) {
	p := &s.event
	if p.opened != nil {
		o := p.opened
		p.opened = nil
		if p.ev != nil {
			s.notice = s.T("A club night is in progress: end it first (download its file to keep it).")
			return Outcome{}, nil
		}
		if err := p.keepFile(o.e, o.file); err != nil {
			return Outcome{}, err
		}
		s.say(s.T("The club night is open on this phone."))
		return Outcome{}, nil
	}
	if !p.opening.Step() {
		return Outcome{Next: EventStep{}, Quiet: true}, nil
	}
	o, err := p.opening.Result()
	p.opening = nil
	if err != nil {
		return Outcome{}, err
	}
	p.opened = &o
	return Outcome{Next: EventStep{}, Quiet: true}, nil
}

func (r JoinEvent) apply(s *Session) (Outcome, error) {
	j := &store.Joined{Event: shelf.CleanPlayer(r.Event), Date: shelf.CleanPlayer(r.Date), Player: shelf.CleanPlayer(r.Player)}
	s.settings.joinEvent(j)
	s.say(fmt.Sprintf(s.T("Your games today are marked with %s on the shelf."), j.Event))
	return Outcome{}, nil
}

func (EndEvent) apply(s *Session) (Outcome, error) {
	if err := s.store.SaveEvent(nil); err != nil {
		return Outcome{}, err
	}
	s.event.ev, s.event.changes = nil, s.event.changes+1
	if s.event.pairing != nil {
		s.event.pairing.work.Stop()
		s.event.pairing = nil
	}
	return Outcome{}, nil
}
