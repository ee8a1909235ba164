package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
)

// A seat is one game as this phone plays it, Anima Tactics's or Diskwars's: the games'
// requests (Command, UndoRedo, TapCounter) reach a game only through its seat, which the game's
// part holds (gamePart.seated). This phone's own seat decides on the game and saves it as the
// game saves its changes. On two phones it is wrapped, as io.TeeReader wraps a Reader, by the
// host's seat or the guest's (host.go, guest.go): every check of a game on two phones, and
// every write of its link, is in those wrappers and in pair.go.
//
// A request's path: screen → Session.Do → the request's apply (this file) → the game's part →
// its seat → the game's adapter (played: game.go, diskwars.go) → the engine; the seat answers
// with what happened (did), and the request turns it into the Outcome.
type seat interface {
	// do has the game take cmd (its command type: anima.Command, diskwars.Command) with dice
	// rolled at the table (none: the game's own die).
	do(cmd any, dice []int) (did, error)
	// back takes the last gesture back (undo), or puts the next one back.
	back(undo bool) (did, error)
	// game is the game the seat plays, or nil.
	game() played
	// save keeps the change on the device as the game's part keeps its changes, and says
	// whether the view must ask for the save once the frame that shows it is painted
	// (SaveNow): the Anima Tactics game then, a Diskwars game at once (write). A tap's answer
	// never waits for the device.
	save() (soon bool)
	// write writes the game's record now, and says whether it is on the device: this phone's
	// seat the game's record, the host's and the guest's with the link's, whose messages then
	// go (TakeOutgoing).
	write() bool
	// side is the side this phone's player plays; ok false: both (the game is on this phone).
	side() (mine int, ok bool)
	// kept tells whoever else plays the game that this phone's player kept it on the shelf
	// (KeepGame): nobody on one phone.
	kept()
	// alone puts the game on this phone alone, as a new game starts or the game ends: a host
	// or a guest ends its link, the game's record written without it when next saved.
	alone()
}

// did is what a seat did with a gesture.
type did struct {
	n    int  // the log's length before it: the entries from n on are what it did
	sent bool // it went to the host, which decides it
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
	names() [2]string                        // the sides' names
	since(n int) json.RawMessage             // the entries from index n on
	accept(entries json.RawMessage) error    // a gesture decided on the host
	encode(cmd any) (json.RawMessage, error) // a command, for the host
	decode(b json.RawMessage) (any, error)   // a command of the guest
	actor(cmd any) (side int, ok bool)       // the side that gives cmd (ok false: the whole game's)
	decide(cmd any, dice []int) error        // the dice checked, then the command decided
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

// games are the two games' parts.
type games struct {
	at *playPart
	dw *dwPart
}

// of is the part of the game of kind (KindAnima, KindDiskwars), or nil.
func (g games) of(kind string) gamePart {
	switch kind {
	case KindAnima:
		return g.at
	case KindDiskwars:
		return g.dw
	}
	return nil
}

func (r Command) apply(s *Session) (Outcome, error) {
	kind := gameOf(r.Cmd)
	if kind == "" {
		return Outcome{}, fmt.Errorf("%w: a command %T", ErrNoSuchGame, r.Cmd)
	}
	p := s.games.of(kind)
	st := p.seated()
	g := st.game()
	if g == nil {
		return Outcome{}, nil
	}
	before := g.state()
	d, err := st.do(r.Cmd, r.Dice)
	if err != nil {
		return Outcome{}, err
	}
	if d.sent {
		return Outcome{Sent: true, SaveSoon: st.save()}, nil
	}
	s.room.answered()
	out := p.taken(r, before, d.n)
	out.Taken, out.SaveSoon = true, st.save()
	return out, nil
}

func (r UndoRedo) apply(s *Session) (Outcome, error) {
	p := s.games.of(r.Game)
	if p == nil {
		return Outcome{}, fmt.Errorf("%w: %q", ErrNoSuchGame, r.Game)
	}
	st := p.seated()
	if st.game() == nil {
		return Outcome{}, nil
	}
	d, err := st.back(r.Undo)
	if err != nil {
		return Outcome{}, err
	}
	if !d.sent {
		s.room.answered()
	}
	return Outcome{Sent: d.sent, SaveSoon: st.save()}, nil
}

// own is this phone's own seat: it decides on the game of its part itself.
type own struct{ p gamePart }

func (o own) game() played { return o.p.played() }

func (o own) do(cmd any, dice []int) (did, error) {
	g := o.p.played()
	n := g.Len()
	return did{n: n}, g.decide(cmd, dice)
}

func (o own) back(undo bool) (did, error) {
	g := o.p.played()
	step := g.Redo
	if undo {
		step = g.Undo
	}
	return did{n: g.Len()}, step()
}

func (o own) save() bool { return o.p.saveSoon() }

func (o own) write() bool { return o.p.saveNow() }

func (o own) side() (int, bool) { return 0, false }

func (o own) kept() {}

func (o own) alone() {}

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
