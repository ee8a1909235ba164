package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/eventgame"
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
	// JoinEvent is a player's word, on their phone, that they play as player ID at the club
	// night of a round's link (event.RoundView, read from its payload Link): the games this
	// phone keeps on the event's day are marked with it on the shelf, with where they were
	// played (event.At: the event's key, the round, the player's table and side).
	JoinEvent struct {
		Link string
		ID   int
	}
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
	// a large field pauses between its stages), then keeps it (on a copy of the event, checked
	// and written as its file in steps, then saved in a step of its own); a change of the event
	// meanwhile pairs it again from the event changed (the round is the event's, event.Next).
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
	// UndoEventResult takes back the result TypeEventResult kept last (Event.Undoable), while
	// nothing else changed the event since: the event as it was before, saved.
	UndoEventResult struct{}
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
	// PlaceEventResult counts the result waiting for the organiser's choice (Event.Asking) at
	// its option Option (event.Placement): the table and sides the players say.
	PlaceEventResult struct{ Option int }
	// DropEventResult leaves the result waiting for the organiser's choice uncounted.
	DropEventResult struct{}
	// OpenEventFile takes an event file (another phone's, or a laptop's) as the club night this
	// phone runs, in place of none: read and written again a step at a time (EventStep: the
	// largest file held a phone's page for seconds), then saved in a step of its own.
	OpenEventFile struct{ Data []byte }
	// EndEvent ends the club night into the past nights (store.KeepNight): kept on the phone,
	// read-only, until deleted; a storage that cannot keep it leaves it in progress, said.
	EndEvent struct{}
	// OpenNight reads the past night Key to show it (Event.Past) and goes to its screen.
	OpenNight struct{ Key string }
	// DeleteNight takes the past night Key off the phone; UndoDeleteNight puts it back.
	DeleteNight struct{ Key string }
	// UndoDeleteNight puts back the past night DeleteNight took off last.
	UndoDeleteNight struct{}
)

// ScreenNights lists the past nights; ScreenNight is one of them: ScreenNight + its key.
const (
	ScreenNights = "/nights"
	ScreenNight  = "/night/"
)

// eventPart is the club night this phone runs (store.EventKey).
type eventPart struct {
	*room
	ev      *event.Event
	changes int
	copy    copyCache[*event.Event]
	reading *core.Paced[shelf.Kept] // TakeEventGameFile's steps under way
	asking  *Asking                 // a result its code cannot place alone, waiting for the organiser
	nights  []store.Night           // the past nights' cards (store.NightsKey)
	past    *event.Event            // the past night opened (OpenNight), or nil
	pastKey string                  // its key (store.Night.Key)
	deleted *deletedNight           // the past night DeleteNight took off last, for its undo
	pairing *roundPairing           // PairEventRound's steps under way
	opening *core.Paced[opened]     // OpenEventFile's steps under way
	opened  *opened                 // the file opened, to save at the next step
	file    []byte                  // the event's file as last saved (of fileOf)
	fileOf  *event.Event
	typed   *typedResult // the result typed last, for its undo
}

// typedResult is a result TypeEventResult kept: the event before it and the one it made (its
// undo holds while the event is still that one), its round and table.
type typedResult struct {
	before, after *event.Event
	round, table  int
}

// opened is an event file read (event.ReadFilePaced), and the file written again from it, as
// the device keeps it (event.FilePaced).
type opened struct {
	e    *event.Event
	file []byte
}

// roundPairing is the next round being paired, from the event as it was at change changes:
// paired (work), then kept on a copy of the event, checked and written as its file (keeping),
// then saved in a step of its own (kept), each step a short task of the page.
type roundPairing struct {
	work    *core.Paced[*event.Round]
	keeping *core.Paced[opened]
	kept    *opened
	changes int
}

// stop stops the pairing's steps under way.
func (r *roundPairing) stop() {
	r.work.Stop()
	if r.keeping != nil {
		r.keeping.Stop()
	}
}

// pair begins pairing the next round from the event as it is now (one under way is stopped).
func (p *eventPart) pair() {
	if p.pairing != nil {
		p.pairing.stop()
	}
	p.pairing = &roundPairing{work: p.ev.Clone().Pairing(), changes: p.changes}
}

// keepRound is r, the next round paired, kept on a copy of the event as it is now, checked
// whole and written as its file, a step at a time (core.Budget): what change does, paced.
func (p *eventPart) keepRound(r *event.Round) *core.Paced[opened] {
	e := p.ev.Clone()
	return core.Pace(core.Budget, func(tick func()) (opened, error) {
		if err := e.Keep(r); err != nil {
			return opened{}, err
		}
		tick()
		if err := e.Check(); err != nil { // what is kept reads back
			return opened{}, err
		}
		tick()
		return opened{e: e, file: e.FilePaced(tick)}, nil
	})
}

// deletedNight is a past night taken off, as it was kept.
type deletedNight struct {
	card store.Night
	file []byte
}

// Asking is a game's result whose code cannot tell its table or its sides (event.Unsure):
// the organiser picks one of Options (PlaceEventResult) or leaves it (DropEventResult). It is
// not kept on the device: a reload forgets it, and the code is taken again.
type Asking struct {
	Why     string            // why the code cannot tell, in the player's language
	Options []event.Placement // where it may be counted, each with its result in the pairing's order
	code    event.Code
	by      string
	luck    *[2]event.Luck
}

// errNotKept is a club night's change the device did not keep (full or blocked storage): the
// event stays as it was saved, and the change is not made.
var errNotKept = errors.New("the club night's change was not kept")

// Event is the Session's club night.
type Event struct{ p *eventPart }

// load reads the club night kept; note reports what could not be read.
func (p *eventPart) load(st *store.Store, note func(error)) {
	e, err := st.Event()
	note(err)
	p.nights, err = st.Nights()
	note(err)
	p.past = nil
	p.ev, p.asking = e, nil
	p.changes++
}

// change makes a change of the event on a copy, and keeps it once saved: a change the engine
// refuses, or the device does not keep, leaves the event as it was.
// An event the device would not read back (event.ErrTooBig) is refused before it is saved;
// with no club night run, the change is refused with words.
func (p *eventPart) change(f func(e *event.Event) error) error {
	return p.changeExact(func(e *event.Event) error {
		if err := f(e); err != nil {
			return err
		}
		return e.Check() // what is kept reads back, whatever the change did
	})
}

// changeExact is change for a change whose own checks are exact, so that the event is not
// checked whole again: a result typed (event.Type: a table of the event that is no bye, a
// result within its bounds) changes nothing else of an event that was checked whole when it
// was kept (TestATypedResultKeepsTheNightWhole).
func (p *eventPart) changeExact(f func(e *event.Event) error) error {
	if p.ev == nil {
		return core.Fail(errNoEvent, nil, "No club night is run on this phone: nothing was counted or changed.")
	}
	e := p.ev.Clone()
	if err := f(e); err != nil {
		return err
	}
	return p.keep(e)
}

// keep saves e as the club night and keeps it once saved, with its file as written.
func (p *eventPart) keep(e *event.Event) error { return p.keepFile(e, e.File()) }

// keepFile is keep of e, whose file (event.File) is file: a file the device refuses is not
// kept (notKept), the event as it was.
func (p *eventPart) keepFile(e *event.Event, file []byte) error {
	if err := p.store.SaveEventFile(file); err != nil {
		return notKept(err)
	}
	p.ev, p.file, p.fileOf = e, file, e
	p.changes++
	p.reask()
	return nil
}

// notKept is err, a save the device refused, in the club night's words where the storage is
// full or blocked (errNotKept: the change was not made).
func notKept(err error) error {
	if errors.Is(err, store.ErrNotSaved) || errors.Is(err, store.ErrQuota) {
		return core.Fail(errNotKept, err, "Not saved on this device: the browser's storage is full or blocked. The club night stays as it was saved: this change was not made. Free some space or download a backup, then do it again.")
	}
	return err
}

// reask places again the result waiting for the organiser's choice, after a change: it waits
// on with the options that still hold, or, where none does (counted meanwhile, its table's
// result in), it is left, said.
func (p *eventPart) reask() {
	a := p.asking
	if a == nil {
		return
	}
	places, err := p.ev.Place(a.code)
	if err != nil {
		p.asking = nil
		p.notes.notice = p.T("The result waiting for its table was left uncounted:") + " " + Settings{p: p.settings}.ErrText(err)
		return
	}
	a.Options = places
}

// errNoEvent is a club night's request on a phone that runs none (ended meanwhile).
var errNoEvent = errors.New("no club night")

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

// addNights adds a backup's past nights (files checked as the backup was read) that the phone
// lacks, overwriting none; it says how many.
func (p *eventPart) addNights(files []json.RawMessage, now int64) (added, over int, err error) {
	var es []*event.Event
	for _, f := range files {
		if e, err := event.ReadFile(f); err == nil {
			es = append(es, e)
		}
	}
	nights, added, over, err := p.store.AddNights(p.nights, es, now)
	if err == nil {
		p.nights = nights
	}
	return added, over, err
}

// replace takes e, restored, as the club night (nil: nothing restored, the event stays).
func (p *eventPart) replace(e *event.Event) {
	if e != nil {
		p.ev, p.changes, p.asking = e, p.changes+1, nil
	}
}

// Nights are the past nights' cards, the last ended first.
func (v Event) Nights() []store.Night {
	out := slices.Clone(v.p.nights)
	slices.Reverse(out)
	return out
}

// Past is the past night opened (OpenNight) if its key is key, else nil: read-only (a copy
// of what is kept).
func (v Event) Past(key string) *event.Event {
	if v.p.past == nil || v.p.pastKey != key {
		return nil
	}
	return v.p.past
}

// PastFile is the past night key's event file and its file name (nil: not kept).
func (v Event) PastFile(key string) ([]byte, string) {
	b := v.p.store.PastNightFile(key)
	if b == nil {
		return nil, ""
	}
	for _, n := range v.p.nights {
		if n.Key == key {
			return b, safeName(n.Date+" "+n.Name) + ".gnosis-event.json"
		}
	}
	return b, "club-night.gnosis-event.json"
}

// Deleted is the name of the past night DeleteNight took off last, while UndoDeleteNight can
// put it back ("" none).
func (v Event) Deleted() string {
	if v.p.deleted == nil {
		return ""
	}
	return v.p.deleted.card.Name
}

// Asking is the result waiting for the organiser's choice of table and sides, or nil.
func (v Event) Asking() *Asking { return v.p.asking }

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
	return v.p.fileNow(), safeName(v.p.ev.Date+" "+v.p.ev.Name) + ".gnosis-event.json"
}

// fileNow is the event's file (event.File), written once an event: a change writes it as it
// saves it (keepFile).
func (p *eventPart) fileNow() []byte {
	if p.fileOf != p.ev {
		p.file, p.fileOf = p.ev.File(), p.ev
	}
	return p.file
}

func (r NewEvent) apply(s *Session) (Outcome, error) {
	setup := r.Setup
	setup.Begun = s.now().UnixMilli()
	e, err := event.Begin(setup)
	if err != nil {
		return Outcome{}, err
	}
	if s.event.ev != nil { // the night in progress is kept with the past nights first
		if _, err := (EndEvent{}).apply(s); err != nil {
			return Outcome{}, err
		}
	}
	if err := s.event.keep(e); err != nil {
		return Outcome{}, err
	}
	s.say(s.T("The club night begins: enter its players."))
	return Outcome{}, nil
}

func (r AddEventPlayer) apply(s *Session) (Outcome, error) {
	if isCardLink(r.Name) { // a player card's link pasted in the name's field
		return AddEventPlayerCard{Link: r.Name}.apply(s)
	}
	return Outcome{}, s.event.change(func(e *event.Event) error { _, err := e.AddPlayer(r.Name); return err })
}

func (r DropEventPlayer) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.change(func(e *event.Event) error { return e.Drop(r.ID, r.Dropped) })
}

func (r SubmitEventList) apply(s *Session) (Outcome, error) {
	var broken []string
	err := s.event.change(func(e *event.Event) error {
		vs, err := eventgame.Submit(e, r.ID, r.Link, s.cards.cat)
		for _, v := range vs {
			broken = append(broken, v.Message(s.settings.lang))
		}
		return err
	})
	if err != nil {
		if len(broken) > 0 {
			s.warn(err)
			s.notice += ". " + strings.Join(broken, " ") // a sentence of its own: each rule broken after it
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

// pairStep runs a step of the pairing; once it is done, the round is kept on a copy of the
// event in steps, then saved: stage after stage while the step is within core.Budget (a small
// round is paired and saved in one step), each stage past it in a step of its own.
func (p *eventPart) pairStep() (Outcome, error) {
	began := time.Now()
	for {
		out, err := p.pairStage()
		if err != nil || out.Next == nil || p.pairing == nil || time.Since(began) >= core.Budget {
			return out, err
		}
	}
}

// pairStage runs a stage of pairStep: a step of the pairing, of its keeping, or the save.
func (p *eventPart) pairStage() (Outcome, error) {
	if p.ev == nil {
		p.pairing.stop()
		p.pairing = nil
		return Outcome{}, nil
	}
	if p.pairing.changes != p.changes { // the event changed meanwhile: its round is paired again
		p.pair()
	}
	r := p.pairing
	next := Outcome{Next: EventStep{}, Quiet: true}
	switch {
	case r.kept != nil:
		p.pairing = nil
		return Outcome{}, p.keepFile(r.kept.e, r.kept.file)
	case r.keeping != nil:
		if !r.keeping.Step() {
			return next, nil
		}
		o, err := r.keeping.Result()
		if err != nil {
			p.pairing = nil
			return Outcome{}, err
		}
		r.keeping, r.kept = nil, &o
		return next, nil
	}
	if !r.work.Step() {
		return next, nil
	}
	round, err := r.work.Result()
	if err != nil {
		p.pairing = nil
		return Outcome{}, err
	}
	r.keeping = p.keepRound(round)
	return next, nil
}

func (r TakeResultCode) apply(s *Session) (Outcome, error) {
	c, err := event.ReadCode(r.Text)
	if err != nil {
		return Outcome{}, err
	}
	return s.event.take(s, c, event.ByCode, nil)
}

// take counts a game's result (TakeResultCode, a game file's EventStep) at the table its code
// names; where the code cannot tell (event.Unsure), the result waits for the organiser's
// choice (Asking), and the outcome counts as taken: the code was read, and is not read again.
func (p *eventPart) take(s *Session, c event.Code, by string, luck *[2]event.Luck) (Outcome, error) {
	var table int
	err := p.change(func(e *event.Event) error {
		var err error
		table, err = e.Take(c, by, luck)
		return err
	})
	var u *event.Unsure
	if errors.As(err, &u) {
		p.asking = &Asking{Why: u.In(p.settings.lang), Options: u.Options, code: c, by: by, luck: luck}
		s.notice = p.asking.Why
		return Outcome{Taken: true}, nil
	}
	if err != nil {
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("The result of table %d is in."), table))
	return Outcome{Taken: true}, nil
}

func (r PlaceEventResult) apply(s *Session) (Outcome, error) {
	a, pl, err := s.event.place(r.Option)
	if err != nil {
		return Outcome{}, err
	}
	if s.notice == a.Why { // the question is answered: it goes
		s.notice = ""
	}
	s.say(fmt.Sprintf(s.T("The result of table %d is in."), pl.Table))
	return Outcome{Taken: true}, nil
}

// place counts the result waiting for the organiser's choice at its option (PlaceEventResult):
// the question answered and where it was counted. A change refused leaves it waiting.
func (p *eventPart) place(option int) (*Asking, event.Placement, error) {
	a := p.asking
	if a == nil || option < 0 || option >= len(a.Options) {
		return nil, event.Placement{}, core.Fail(errNoEvent, nil, "No result waits for a table: take its code again.")
	}
	pl := a.Options[option]
	p.asking = nil // counted now: not placed again after the change
	if err := p.change(func(e *event.Event) error { return e.TakeAt(a.code, a.by, a.luck, pl) }); err != nil {
		p.asking = a
		return nil, event.Placement{}, err
	}
	return a, pl, nil
}

func (DropEventResult) apply(s *Session) (Outcome, error) {
	if a := s.event.leaveUncounted(); a != nil && s.notice == a.Why {
		s.notice = ""
	}
	return Outcome{}, nil
}

// leaveUncounted leaves the result waiting for the organiser's choice uncounted
// (DropEventResult): the question left, or nil.
func (p *eventPart) leaveUncounted() *Asking {
	a := p.asking
	p.asking = nil
	return a
}

func (r TakeEventGameFile) apply(s *Session) (Outcome, error) {
	if err := s.event.readGameFile(r.Data); err != nil {
		return Outcome{}, err
	}
	return EventStep{}.apply(s)
}

// readGameFile begins reading a game file for its result (TakeEventGameFile), in place of one
// under way; its steps are EventStep's.
func (p *eventPart) readGameFile(data []byte) error {
	if p.ev == nil {
		return core.Fail(errNoEvent, nil, "No club night is run on this phone: nothing was counted or changed.")
	}
	if p.reading != nil {
		p.reading.Stop()
	}
	p.reading = shelf.ReadPaced(data)
	return nil
}

func (EventStep) apply(s *Session) (Outcome, error) {
	p := &s.event
	if p.opening != nil || p.opened != nil {
		out, err := p.openStep()
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
	return p.readStep(s)
}

// readStep runs a step of the game file being read (TakeEventGameFile); once it is read, its
// result is taken (take).
func (p *eventPart) readStep(s *Session) (Outcome, error) {
	if p.reading == nil {
		return Outcome{Quiet: true}, nil
	}
	if !p.reading.Step() {
		return Outcome{Next: EventStep{}, Quiet: true}, nil
	}
	k, err := p.reading.Result()
	p.reading = nil
	switch {
	case p.ev == nil: // the night ended while the file was read
		return Outcome{}, core.Fail(errNoEvent, nil, "No club night is run on this phone: nothing was counted or changed.")
	case err != nil:
		return Outcome{}, err
	}
	c, luck, err := eventgame.GameCode(k)
	if err != nil {
		return Outcome{}, err
	}
	return p.take(s, c, event.ByFile, luck)
}

func (r TypeEventResult) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.typeResult(r.Round, r.Table, r.Result)
}

// typeResult keeps the result typed for table of round (TypeEventResult), and what its undo
// needs.
func (p *eventPart) typeResult(round, table int, result event.Result) error {
	before := p.ev
	if err := p.changeExact(func(e *event.Event) error { return e.Type(round, table, result) }); err != nil {
		return err
	}
	p.typed = &typedResult{before: before, after: p.ev, round: round, table: table}
	return nil
}

func (UndoEventResult) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.event.untype()
}

// untype takes back the result typed last (UndoEventResult): the event as it was before it,
// saved, while nothing else changed it since.
func (p *eventPart) untype() error {
	u := p.typed
	if u == nil || p.ev != u.after { // changed since: nothing to take back
		return nil
	}
	if err := p.keep(u.before); err != nil {
		return err
	}
	p.typed = nil
	return nil
}

// Undoable is the round and table of the result typed last (TypeEventResult), while its undo
// (UndoEventResult) can take it back; ok is false otherwise.
func (v Event) Undoable() (round, table int, ok bool) {
	if u := v.p.typed; u != nil && v.p.ev == u.after {
		return u.round, u.table, true
	}
	return 0, 0, false
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
	s.event.open(r.Data)
	out, err := EventStep{}.apply(s)
	out.Quiet = false // the screen says the file is being opened
	return out, err
}

// open begins reading the event file data (OpenEventFile), in place of one under way; its
// steps are EventStep's (openStep).
func (p *eventPart) open(data []byte) {
	if p.opening != nil {
		p.opening.Stop()
	}
	p.opened = nil
	p.opening = core.Pace(core.Budget, func(tick func()) (opened, error) {
		e, err := event.ReadFilePaced(data, tick)
		if err != nil {
			return opened{}, err
		}
		return opened{e: e, file: e.FilePaced(tick)}, nil
	})
}

// openStep runs a step of the event file's opening; once it is read, the next step saves it
// and keeps it as the club night (unless one began meanwhile).
func (p *eventPart) openStep() (Outcome, error) {
	if p.opened != nil {
		o := p.opened
		p.opened = nil
		if p.ev != nil {
			p.notes.notice = p.T("A club night is in progress: end it first (download its file to keep it).")
			return Outcome{}, nil
		}
		if err := p.keepFile(o.e, o.file); err != nil {
			return Outcome{}, err
		}
		p.notes.say(p.T("The club night is open on this phone."))
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
	v, err := event.ReadRound(event.RoundKey + r.Link)
	if err != nil {
		return Outcome{}, err
	}
	t, side := v.Seat(r.ID)
	if t == nil {
		return Outcome{}, core.Fail(event.ErrPlayer, nil, "no player %d in the event", r.ID)
	}
	j := &store.Joined{Event: shelf.CleanPlayer(v.Event), Date: shelf.CleanPlayer(v.Date), Player: shelf.CleanPlayer(t.Players[side]),
		Key: v.Key, Round: v.Round, Table: t.Table, ID: r.ID, Sum: t.Sums[side], At: s.now().UnixMilli(),
		Opponent: shelf.CleanPlayer(t.Players[1-side]), Bye: t.IDs[1-side] == event.Bye}
	if err := s.settings.joinEvent(j); err != nil {
		if errors.Is(err, store.ErrNotSaved) {
			return Outcome{}, core.Fail(errNotKept, err, "Not saved on this device: the browser's storage is full or blocked. This phone has not joined the club night: free some space, then pick your name again.")
		}
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("Your games today are marked with %s on the shelf."), j.Event))
	return Outcome{}, nil
}

func (EndEvent) apply(s *Session) (Outcome, error) {
	if err := s.event.end(); err != nil {
		return Outcome{}, err
	}
	if s.nav.screen == "/event" { // the organiser's screen: on to the night, kept
		return s.goTo(ScreenNights), nil
	}
	return Outcome{}, nil
}

// end keeps the club night with the past nights (store.KeepNight), said, and runs none after
// it (EndEvent); a storage that cannot keep it leaves it in progress.
func (p *eventPart) end() error {
	if p.ev == nil {
		return core.Fail(errNoEvent, nil, "No club night is run on this phone: nothing was counted or changed.")
	}
	nights, err := p.store.KeepNight(p.nights, p.ev, p.now().UnixMilli())
	if err != nil {
		if errors.Is(err, store.ErrNotSaved) {
			return core.Fail(errNotKept, err, "Not saved on this device: the browser's storage is full or blocked. The club night goes on as it was: download its file, free some space, then end it again.")
		}
		return err
	}
	p.notes.say(fmt.Sprintf(p.T("%s is kept with the past club nights."), p.ev.Name))
	p.nights = nights
	p.ev, p.changes, p.asking = nil, p.changes+1, nil
	if p.pairing != nil {
		p.pairing.stop()
		p.pairing = nil
	}
	return nil
}

func (r OpenNight) apply(s *Session) (Outcome, error) {
	if err := s.event.openPast(r.Key); err != nil {
		return Outcome{}, err
	}
	if s.nav.screen == ScreenNight+r.Key { // read on its own screen (a reload, a link)
		return Outcome{}, nil
	}
	return s.goTo(ScreenNight + r.Key), nil
}

// openPast reads the past night key to show it (OpenNight), unless it is the one open.
func (p *eventPart) openPast(key string) error {
	if p.past != nil && p.pastKey == key {
		return nil
	}
	e, err := p.store.PastNight(key)
	if err != nil {
		return err
	}
	p.past, p.pastKey = e, key
	return nil
}

func (r DeleteNight) apply(s *Session) (Outcome, error) {
	d, err := s.event.deleteNight(r.Key)
	switch {
	case err != nil || d == nil:
		return Outcome{}, err
	case d.file == nil: // a card whose file was gone: nothing to bring back
		s.say(fmt.Sprintf(s.T("%s is deleted from the phone: its file was gone already, so no undo brings it back."), d.card.Name))
	default:
		s.say(fmt.Sprintf(s.T("%s is deleted from the phone."), d.card.Name))
	}
	return Outcome{}, nil
}

// deleteNight takes the past night key off the phone (DeleteNight) and keeps it for its undo,
// if its file was still there: the night deleted, or nil where none has that key.
func (p *eventPart) deleteNight(key string) (*deletedNight, error) {
	i := slices.IndexFunc(p.nights, func(n store.Night) bool { return n.Key == key })
	if i < 0 {
		return nil, nil
	}
	d := &deletedNight{card: p.nights[i], file: p.store.PastNightFile(key)}
	nights, err := p.store.DropNight(p.nights, key)
	if err != nil {
		return nil, err
	}
	p.nights, p.deleted, p.past = nights, d, nil
	if d.file == nil { // a card whose file was gone: no undo brings it back
		p.deleted = nil
	}
	return d, nil
}

func (UndoDeleteNight) apply(s *Session) (Outcome, error) {
	name, err := s.event.undelete()
	if err != nil || name == "" {
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("%s is back with the past club nights."), name))
	return Outcome{}, nil
}

// undelete puts back the past night deleteNight took off last (UndoDeleteNight): its name, or
// "" where none waits.
func (p *eventPart) undelete() (string, error) {
	d := p.deleted
	if d == nil || d.file == nil {
		return "", nil
	}
	nights, err := p.store.PutNight(p.nights, d.card, d.file)
	if err != nil {
		return "", err
	}
	p.nights, p.deleted = nights, nil
	return d.card.Name, nil
}
