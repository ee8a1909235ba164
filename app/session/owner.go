package session

import (
	"strconv"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/shelf"
)

// A game's owner (game) is one type for both games: the engine's game in progress, its save
// state and this phone's seat at it, made from the game's rules (gameRules: the few places
// where the two games differ, as core.Rules is for the log). The game's part (playPart,
// dwPart) holds one; the requests reach the game through its owner only, in one call down
// (do, back) and one value back (step), which the request turns into the Outcome.
//
// On one phone the owner decides and saves itself. On two, its seat (host.go, guest.go)
// decorates that one call, as io.TeeReader wraps a Reader: the host's refuses the other
// phone's side and records the step for the link, the guest's sends the request to the host.

// engineGame is what both engines' Game give their owner: the game read (core.View),
// decided with the dice rolled at the table, undone, redone, given the entries the host
// decided, and written.
type engineGame[C any, E core.Event, S any] interface {
	comparable
	core.View[E, S]
	DoWithDice(c C, dice []int) error
	ActingSide(c C) (side int, ok bool)
	Undo() error
	Redo() error
	Accept(entries []core.Entry[E]) error
	MarshalJSON() ([]byte, error)
}

// gameRules are where the two games differ, as their owner plays them (atRules in game.go,
// dwRules in diskwars.go): G the engine's game, C its command, E its event, S its state.
type gameRules[G engineGame[C, E, S], C any, E core.Event, S any] struct {
	kind string // KindAnima, KindDiskwars
	key  string // the store's record of the game (store.GameKey, store.DWGameKey)
	// names are the sides' names in s, for a refusal.
	names func(s S) [2]string
	// rolled is what a gesture of the other phone rolled, said in lang (none: it rolled nothing).
	rolled func(before S, events []E, lang string) []string
	// marshal and unmarshal are a command's JSON between the phones.
	marshal   func(c C) ([]byte, error)
	unmarshal func(b []byte) (C, error)
	// load reads a snapshot of the game (MarshalJSON's).
	load func(b []byte) (G, error)
	// keep is the game as the shelf keeps it (ended: a Diskwars game ended).
	keep func(g G, ended bool) (shelf.Kept, error)
	// save writes the game's record (nil g: none).
	save func(st *store.Store, g G) error
	// over reports whether the game is over, kept on the shelf when saved so (nil: never).
	over func(g G) bool
	// afterFrame: a change is saved after the frame that shows it (SaveNow), else at once.
	afterFrame bool
	// savedMark is the page's mark of the record's revision once saved; unsavedMark, if any,
	// is set while a change waits to be saved or is being written.
	savedMark, unsavedMark string
}

// game is a game's owner: the engine's game in progress (g: the zero G for none), its save
// state, and this phone's seat at it (nil: the game is on this phone alone).
type game[G engineGame[C, E, S], C any, E core.Event, S any] struct {
	*room
	rules   *gameRules[G, C, E, S]
	shelf   *shelfPart // where a game over goes once saved (gameRules.over)
	g       G
	seat    seat[C]
	pending bool // a change waits for the save after its frame (SaveNow)
	saving  int  // the saves being written, for the unsaved mark
}

// A seat is this phone's seat at a game on two phones (host.go, guest.go): it decorates the
// owner's one call. None is made on one phone.
type seat[C any] interface {
	// do has the game take cmd with dice rolled at the table (none: the game's own die), on
	// this phone or the host's.
	do(cmd C, dice []int) (step, error)
	// back takes the last gesture back (undo), or puts the next one back.
	back(undo bool) (step, error)
	// write writes the game's record with the link's, and says whether it is on the device;
	// the link's messages then go (TakeOutgoing).
	write() bool
}

// step is what one call to a game's owner did.
type step struct {
	n    int  // the log's length before it: the entries from n on are what it did
	sent bool // it went to the host, which decides it
	soon bool // the view must ask for the save once the frame that shows it is painted (SaveNow)
}

// outcome is what the view hears of a step: taken here, or sent to the host, and the save.
func (st step) outcome() Outcome {
	return Outcome{Taken: !st.sent, Sent: st.sent, SaveSoon: st.soon}
}

// has reports whether a game is in progress.
func (o *game[G, C, E, S]) has() bool {
	var none G
	return o.g != none
}

// put puts g in place of the game in progress (the zero G: none), not saved; the seat stays.
func (o *game[G, C, E, S]) put(g G) { o.g = g }

// sit puts this phone at the game through st (nil: on this phone alone).
func (o *game[G, C, E, S]) sit(st seat[C]) { o.seat = st }

// do has the game take cmd with the dice rolled at the table (none: the game's own die),
// through this phone's seat on two phones, and keeps the change as the game keeps its changes
// (step.soon: after the frame, else at once). The error is the refusal: nothing changed.
func (o *game[G, C, E, S]) do(cmd C, dice []int) (step, error) {
	var st step
	var err error
	if o.seat != nil {
		st, err = o.seat.do(cmd, dice)
	} else {
		st, err = o.decide(cmd, dice)
	}
	if err != nil {
		return st, err
	}
	st.soon = o.changed()
	return st, nil
}

// back takes the last gesture back (undo) or puts the next one back, as do takes a command.
func (o *game[G, C, E, S]) back(undo bool) (step, error) {
	var st step
	var err error
	if o.seat != nil {
		st, err = o.seat.back(undo)
	} else {
		st, err = o.takeBack(undo)
	}
	if err != nil {
		return st, err
	}
	st.soon = o.changed()
	return st, nil
}

// decide has the engine's game take cmd on this phone, unsaved: what the one call does on one
// phone, and what the host's seat does once it has checked who gives cmd.
func (o *game[G, C, E, S]) decide(cmd C, dice []int) (step, error) {
	n := o.g.Len()
	return step{n: n}, o.g.DoWithDice(cmd, dice)
}

// takeBack undoes or redoes a gesture on this phone, unsaved.
func (o *game[G, C, E, S]) takeBack(undo bool) (step, error) {
	n := o.g.Len()
	if undo {
		return step{n: n}, o.g.Undo()
	}
	return step{n: n}, o.g.Redo()
}

// changed keeps a change as the game keeps its changes, and says whether the view must ask
// for the save (SaveNow after the next frame): not when one is already due, nor for a game
// written at once. A tap is answered before its save.
func (o *game[G, C, E, S]) changed() bool {
	if !o.rules.afterFrame {
		o.write()
		return false
	}
	if o.pending {
		return false
	}
	o.pending = true
	o.markUnsaved()
	return true
}

// flush saves the game if a change waits (SaveNow). A tap taken while the save is being
// written waits for the next save: it is not cleared here.
func (o *game[G, C, E, S]) flush() {
	switch {
	case !o.pending:
	case !o.has():
		o.pending = false
		o.markUnsaved()
	default:
		o.write()
	}
}

// write writes the game's record now, with the link's on two phones, and says whether it is
// on the device.
func (o *game[G, C, E, S]) write() bool {
	if o.seat != nil {
		return o.seat.write()
	}
	return o.saveNow()
}

// saveNow writes the game's own record and says whether it is on the device now; the page's
// saved mark is the record's revision once it is (a tap is acknowledged: a crash no longer
// loses it). A game over goes on the shelf (gameRules.over).
func (o *game[G, C, E, S]) saveNow() bool {
	o.pending = false
	o.saving++
	defer o.saved()
	o.markUnsaved()
	if err := o.rules.save(o.store, o.g); err != nil {
		o.warnLater(err)
		return false
	}
	o.browser.Mark(o.rules.savedMark, strconv.Itoa(o.store.Revision(o.rules.key)))
	if o.rules.over != nil && o.has() && o.rules.over(o.g) && o.shelf.newEnd(o.rules.kind, o.g.Len()) {
		o.warnLater(o.shelf.keep(o.keptNow(true)))
	}
	return true
}

// saved ends a save begun by saveNow.
func (o *game[G, C, E, S]) saved() {
	o.saving--
	o.markUnsaved()
}

// markUnsaved sets the page's unsaved mark while a change of the game waits to be saved or is
// being written, and takes it away once none is: with the saved mark, a tap is on the device
// when the revision has passed the one before it and this mark is gone.
func (o *game[G, C, E, S]) markUnsaved() {
	if o.rules.unsavedMark == "" {
		return
	}
	v := ""
	if o.pending || o.saving > 0 {
		v = "yes"
	}
	o.browser.Mark(o.rules.unsavedMark, v)
}

// events are the events of the log's entries from n on (a step's: step.n), nil for none.
func (o *game[G, C, E, S]) events(n int) []E {
	var evs []E
	for _, e := range o.g.Since(n) {
		evs = append(evs, e.Event)
	}
	return evs
}

// restore puts the game a snapshot holds in place of the game in progress (not saved).
func (o *game[G, C, E, S]) restore(b []byte) error {
	g, err := o.rules.load(b)
	if err != nil {
		return err
	}
	o.g = g
	return nil
}

// snapshot is the game in progress written whole (MarshalJSON), for the other phone or to
// park it.
func (o *game[G, C, E, S]) snapshot() ([]byte, error) { return o.g.MarshalJSON() }

// keptNow is the game in progress as the shelf keeps it (ended: a Diskwars game ended), from
// its log alone: nothing played is shelf.ErrNothingPlayed, a log over the shelf's bounds
// shelf.ErrTooLong; no game keeps none (a zero Kept).
func (o *game[G, C, E, S]) keptNow(ended bool) (shelf.Kept, error) {
	switch {
	case !o.has():
		return shelf.Kept{}, nil
	case o.g.Len() > shelf.MaxEntries:
		return shelf.Kept{}, shelf.ErrTooLong
	}
	return o.rules.keep(o.g, ended)
}

// load reads the game from the device, on this phone alone until the pair part seats it;
// note reports what could not be read.
func (o *game[G, C, E, S]) load(g G, err error, note func(error)) {
	note(err)
	o.g, o.seat = g, nil
}
