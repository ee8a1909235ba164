package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gnosis/app/link"
	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
)

// A seat is one game as this phone plays it, Anima Tactics's or Diskwars's: the games'
// requests (Command, UndoRedo, TapCounter) reach a game only through its seat. This phone's
// own seat decides on the game. On two phones it is wrapped, as io.TeeReader wraps a Reader:
// the host's seat checks whose side a gesture is, decides it through the seat it wraps and
// records the step for the link; the guest's seat sends each request to the host and takes
// the host's steps as they come. Every check of a game on two phones is in the two wrappers.
//
// A request's path: screen → Session.Do → the request's apply (this file) → Session.seat →
// the seat → the game's adapter (played: game.go, diskwars.go) → the engine, and back to the
// request's apply, which saves through the seat (seat.save) and answers.
type seat interface {
	// do has the game take cmd (its command type: anima.Command, diskwars.Command) with dice
	// rolled at the table (none: the game's own die). n is the log's length before: the entries
	// from n on are what it did. sent: the command went to the host, which decides it.
	do(cmd any, dice []int) (n int, sent bool, err error)
	// back takes the last gesture back (undo), or puts the next one back.
	back(undo bool) (sent bool, err error)
	// game is the game the seat plays.
	game() played
	// save keeps the change on the device as the game keeps its changes, and says whether the
	// view must ask for the save once the frame that shows it is painted (SaveNow).
	save() (soon bool)
}

// played is a game as a seat plays it: the one place where the two games differ (atPlayed in
// game.go, dwPlayed in diskwars.go). A command crosses as the game's own type (cmd any, checked
// by the adapter) and, between two phones, as JSON, as its entries do.
type played interface {
	Len() int
	Gesture() int
	CanRedo() bool
	Undo() error
	Redo() error
	names() [2]string                                       // the sides' names
	since(n int) json.RawMessage                            // the entries from index n on
	accept(entries json.RawMessage) error                   // a gesture decided on the host
	encode(cmd any) (json.RawMessage, error)                // a command, for the host
	decode(b json.RawMessage) (any, error)                  // a command of the guest
	actor(cmd any) (side int, ok bool)                      // the side that gives cmd (ok false: the whole game's)
	decide(cmd any, dice []int) error                       // the dice checked, then the command decided
	saved(s *Session, now bool) (soon bool)                 // saved now, or after the frame where the game waits for it
	taken(s *Session, c Command, before any, n int) Outcome // what the view hears of a command taken here
	snapshot() ([]byte, error)
	state() any                                                       // the state now, for rolled and taken
	rolled(before any, entries json.RawMessage, lang string) []string // what a gesture rolled, said in lang; none if it rolled nothing
}

// The requests of both games: the game is named by the command's type (Command) or by Game.
type (
	// Command sends Cmd to its game: an anima.Command to the Anima Tactics game, a
	// diskwars.Command to the Diskwars game. Dice are rolled at the table (Anima Tactics: d10
	// faces in the order anima.DiceFor lists them; Diskwars: d6 results in the order
	// diskwars.ShotDice lists them; none: the game's own die). The Outcome says whether the
	// game took it (Taken), or that it went to the host (Sent), and what it did (Game, DW).
	Command struct {
		Cmd    any
		Dice   []int
		Listed bool // Anima Tactics: the sheet lists what it did, so an order says nothing more
	}
	// UndoRedo takes the last gesture of the game of Game (KindAnima, KindDiskwars) back
	// (Undo), or makes it again.
	UndoRedo struct {
		Game string
		Undo bool
	}
)

// ErrNoSuchGame is a request for a game this version does not know (a bug of the view).
var ErrNoSuchGame = errors.New("no such game")

// gameOf is the game a command is for: its type names it.
func gameOf(cmd any) string {
	switch cmd.(type) {
	case anima.Command:
		return KindAnima
	case diskwars.Command:
		return KindDiskwars
	}
	return ""
}

// playedOf is the game of kind in progress, as a seat plays it, or nil.
func (s *Session) playedOf(kind string) played {
	switch {
	case kind == KindAnima && s.play.game != nil:
		return atPlayed{s.play.game}
	case kind == KindDiskwars && s.dw.game != nil:
		return dwPlayed{s.dw.game}
	}
	return nil
}

// seat is this phone's seat at the game of kind in progress (nil: none), wrapped when the game
// is on two phones.
func (s *Session) seat(kind string) seat {
	g := s.playedOf(kind)
	if g == nil {
		return nil
	}
	o := &s.play.seat // the game's part keeps this phone's seat: a tap makes none
	if kind == KindDiskwars {
		o = &s.dw.seat
	}
	o.s, o.g = s, g
	if d := s.pair.duo; d != nil && d.kind == kind {
		if d.link.Role() == link.Guest {
			return guest{*o, d}
		}
		return host{*o, d}
	}
	return o
}

func (r Command) apply(s *Session) (Outcome, error) {
	kind := gameOf(r.Cmd)
	if kind == "" {
		return Outcome{}, fmt.Errorf("%w: a command %T", ErrNoSuchGame, r.Cmd)
	}
	st := s.seat(kind)
	if st == nil {
		return Outcome{}, nil
	}
	before := st.game().state()
	n, sent, err := st.do(r.Cmd, r.Dice)
	if err != nil || sent {
		return Outcome{Sent: sent}, err
	}
	out := st.game().taken(s, r, before, n)
	out.Taken, out.SaveSoon = true, st.save()
	return out, nil
}

func (r UndoRedo) apply(s *Session) (Outcome, error) {
	if r.Game != KindAnima && r.Game != KindDiskwars {
		return Outcome{}, fmt.Errorf("%w: %q", ErrNoSuchGame, r.Game)
	}
	st := s.seat(r.Game)
	if st == nil {
		return Outcome{}, nil
	}
	sent, err := st.back(r.Undo)
	if err != nil || sent {
		return Outcome{Sent: sent}, err
	}
	return Outcome{SaveSoon: st.save()}, nil
}

// own is this phone's own seat: it decides on the game itself.
type own struct {
	s *Session
	g played
}

func (o own) game() played { return o.g }

func (o own) do(cmd any, dice []int) (int, bool, error) {
	n := o.g.Len()
	if err := o.g.decide(cmd, dice); err != nil {
		return n, false, err
	}
	o.s.answered()
	return n, false, nil
}

func (o own) back(undo bool) (bool, error) {
	step := o.g.Redo
	if undo {
		step = o.g.Undo
	}
	if err := step(); err != nil {
		return false, err
	}
	o.s.answered()
	return false, nil
}

func (o own) save() bool { return o.g.saved(o.s, false) }

// host is the seat of the phone that hosts a game on two phones: it decides its own player's
// gestures and the guest's (answer), each refused when it is the other phone's side, and
// records each for the link (the guest takes the host's steps as they come).
type host struct {
	own
	d *duo
}

func (h host) do(cmd any, dice []int) (int, bool, error) {
	n, err := h.decide(cmd, dice, false)
	if err == nil && h.g.Len() > n {
		h.tell(wireOp{Do: h.g.since(n)})
	}
	return n, false, err
}

// decide has the game take a gesture of this phone's player or of the guest's (byGuest).
func (h host) decide(cmd any, dice []int, byGuest bool) (int, error) {
	side, ok := h.g.actor(cmd)
	if err := h.mayAct(side, ok, byGuest); err != nil {
		return h.g.Len(), err
	}
	n, _, err := h.own.do(cmd, dice)
	if err == nil && h.g.Len() > n {
		h.d.own(h.g.Gesture(), side, ok)
	}
	return n, err
}

// mayAct refuses a gesture for the side the other phone plays (ErrOtherPhone): the guest's
// side for the host's player, the host's side for the guest's, unless either phone may act for
// both. ok false: a command for the whole game, which either phone may give.
func (h host) mayAct(side int, ok, byGuest bool) error {
	if h.d.both || !ok || side < 0 || side > 1 || (side == h.d.mine) != byGuest {
		return nil
	}
	return core.Fail(ErrOtherPhone, nil, "%s is played on the other phone", h.g.names()[side])
}

func (h host) back(undo bool) (bool, error) {
	op, err := h.takeBack(undo, false)
	if err == nil {
		h.tell(op)
	}
	return false, err
}

// takeBack undoes or redoes a gesture for this phone's player or the guest's (byGuest): refused
// when the gesture was the other phone's side and either phone may not act for both
// (ErrOtherPhone). R-TURN-4's one side a player: undo obeys it.
func (h host) takeBack(undo, byGuest bool) (wireOp, error) {
	gesture := h.g.Gesture() + 1 // the gesture a redo puts back
	if undo {
		gesture--
	}
	if !h.d.both {
		for _, o := range h.d.owners {
			if o.Gesture != gesture || o.Side < 0 {
				continue
			}
			if mine := o.Side == h.d.mine; mine == byGuest {
				return wireOp{}, core.Fail(ErrOtherPhone, nil, "%s is played on the other phone", h.g.names()[o.Side])
			}
		}
	}
	n := h.g.Len()
	if _, err := h.own.back(undo); err != nil {
		return wireOp{}, err
	}
	if undo {
		return wireOp{Undo: true}, nil
	}
	return wireOp{Redo: h.g.since(n)}, nil
}

// tell gives the link a gesture taken on the host, for the guest.
func (h host) tell(op wireOp) {
	if b, err := json.Marshal(op); err == nil {
		h.d.link.Tapped(b, h.s.now())
	}
}

// save: on two phones the other phone hears of a change once it is saved: it is saved now,
// not after the frame.
func (h host) save() bool { return h.g.saved(h.s, true) }

// answer decides a request of the guest (link.Game.Decide): the operation the guest applies,
// or the refusal in every language.
func (h host) answer(req []byte) ([]byte, link.Texts) {
	s, g := h.s, h.g
	var r wireRequest
	if err := json.Unmarshal(req, &r); err != nil {
		return nil, s.refusalTexts(core.Fail(core.ErrUnknownCommand, err, "a command this version cannot read"))
	}
	n := g.Len()
	var op wireOp
	var err error
	if r.Undo || r.Redo {
		op, err = h.takeBack(r.Undo, true)
	} else {
		op, err = h.decideFor(r)
	}
	if err != nil {
		return nil, s.refusalTexts(err)
	}
	if g.Len() == n && !r.Undo {
		return nil, nil
	}
	if decidedHook != nil {
		decidedHook(s, r)
	}
	s.answered()
	b, _ := json.Marshal(op)
	return b, nil
}

// decideFor decides the guest's command, and says here what it rolled.
func (h host) decideFor(r wireRequest) (wireOp, error) {
	cmd, err := h.g.decode(r.Cmd)
	if err != nil {
		return wireOp{}, err
	}
	before := h.g.state()
	n, err := h.decide(cmd, r.Dice, true)
	if err != nil {
		return wireOp{}, err
	}
	op := wireOp{Do: h.g.since(n)}
	h.s.sayRolled(h.g, before, op.Do)
	return op, nil
}

// guest is the seat of the phone that joined another's game: its player's requests go to the
// host, which checks and decides them on the game as it stands there; the host's steps come
// back through the link (takeStep).
type guest struct {
	own
	d *duo
}

func (g guest) do(cmd any, dice []int) (int, bool, error) {
	n := g.g.Len()
	b, err := g.g.encode(cmd)
	if err == nil {
		err = g.s.ask(wireRequest{Cmd: b, Dice: dice})
	}
	return n, err == nil, err
}

func (g guest) back(undo bool) (bool, error) {
	err := g.s.ask(wireRequest{Undo: undo, Redo: !undo})
	return err == nil, err
}

func (g guest) save() bool { return false } // what was sent is saved as it went (ask)

// takeStep takes a step the host decided (link.Game.Apply).
func (g guest) takeStep(op []byte) error {
	var o wireOp
	if err := json.Unmarshal(op, &o); err != nil {
		return fmt.Errorf("an operation this phone cannot apply: %v", err)
	}
	game := g.g
	switch {
	case o.Undo:
		return game.Undo()
	case o.Redo != nil && game.CanRedo():
		n := game.Len()
		if err := game.Redo(); err != nil {
			return err
		}
		if string(game.since(n)) != string(o.Redo) {
			return errors.New("a redo that is not the host's")
		}
		return nil
	case o.Redo != nil:
		return game.accept(o.Redo)
	}
	before := game.state()
	if err := game.accept(o.Do); err != nil {
		return err
	}
	// What the host rolled (an attack, a shot, a check) is said on this phone too: its dice
	// and what they did. Counters and activations need no word: the screen shows them.
	g.s.sayRolled(game, before, o.Do)
	return nil
}

// sayRolled says what a gesture of the other phone's player rolled (from before), if anything.
func (s *Session) sayRolled(g played, before any, entries json.RawMessage) {
	if lines := g.rolled(before, entries, s.settings.lang); len(lines) > 0 {
		s.elsewhere = strings.Join(lines, " · ")
	}
}

// commandOf is cmd as a command of type C, or an error naming the game it is not for.
func commandOf[C any](cmd any, kind string) (C, error) {
	c, ok := cmd.(C)
	if !ok {
		return c, fmt.Errorf("%w: %T is not a command of %s", ErrNoSuchGame, cmd, kind)
	}
	return c, nil
}

// sinceJSON is the JSON of a game's entries (a gesture, for the other phone).
func sinceJSON[E core.Event](entries []core.Entry[E]) json.RawMessage {
	b, _ := json.Marshal(entries)
	return b
}

// acceptJSON has a game accept the entries of a gesture the host decided.
func acceptJSON[E core.Event](b json.RawMessage, accept func([]core.Entry[E]) error) error {
	var entries []core.Entry[E]
	if err := json.Unmarshal(b, &entries); err != nil {
		return err
	}
	return accept(slices.Clip(entries))
}

// eventsOf are the events of a gesture's entries, as the other phone sent them (accepted
// already: they read).
func eventsOf[E core.Event](b json.RawMessage) []E {
	var entries []core.Entry[E]
	json.Unmarshal(b, &entries)
	evs := make([]E, 0, len(entries))
	for _, e := range entries {
		evs = append(evs, e.Event)
	}
	return evs
}
