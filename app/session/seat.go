package session

import (
	"errors"
	"fmt"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/shelf"
)

// Both games' requests: a command (Command, whose type names the game), an undo or a redo
// (UndoRedo), and the counters' taps (TapCounter, game.go) reach a game through its owner
// (owner.go) only, in one call (do, back) that answers a step; the request turns the step into
// the Outcome, and the game's part says what the view hears of a command (taken).
//
// A request's path: screen → Session.Do → the request's apply (this file) → the game's owner
// (game.do) → on two phones, this phone's seat (host.go, guest.go) → the engine.

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

// games are the two games' parts, by kind, for what the shelf and a game on two phones ask of
// either.
type games struct {
	at *playPart
	dw *dwPart
}

// has reports whether the game of kind (KindAnima, KindDiskwars) is in progress.
func (g games) has(kind string) bool {
	if kind == KindDiskwars {
		return g.dw.game.has()
	}
	return g.at.game.has()
}

// seated reports whether this phone sits at either game through a seat: a game is on two
// phones (Outcome.Paired). On one phone no seat is made.
func (g games) seated() bool { return g.at.game.seat != nil || g.dw.game.seat != nil }

// keptNow is the game of kind in progress as the shelf keeps it (game.keptNow).
func (g games) keptNow(kind string, ended bool) (shelf.Kept, error) {
	if kind == KindDiskwars {
		return g.dw.game.keptNow(ended)
	}
	return g.at.game.keptNow(ended)
}

func (r Command) apply(s *Session) (Outcome, error) {
	switch c := r.Cmd.(type) {
	case anima.Command:
		before, st, err := play(s, &s.play.game, c, r.Dice)
		if err != nil || !s.play.game.has() {
			return Outcome{}, err
		}
		return s.play.taken(c, r.Listed, before, st), nil
	case diskwars.Command:
		before, st, err := play(s, &s.dw.game, c, r.Dice)
		if err != nil || !s.dw.game.has() {
			return Outcome{}, err
		}
		return s.dw.taken(before, st), nil
	}
	return Outcome{}, fmt.Errorf("%w: a command %T", ErrNoSuchGame, r.Cmd)
}

// play has the game's owner o take c (none in progress: nothing, the zero step), and gives
// the state before it, for what the view hears (taken).
func play[G engineGame[C, E, S], C any, E core.Event, S any](s *Session, o *game[G, C, E, S], c C, dice []int) (S, step, error) {
	var before S
	if !o.has() {
		return before, step{}, nil
	}
	before = o.g.State()
	st, err := o.do(c, dice)
	if err == nil && !st.sent {
		s.answered()
	}
	return before, st, err
}

func (r UndoRedo) apply(s *Session) (Outcome, error) {
	var st step
	var err error
	switch {
	case r.Game == KindAnima && s.play.game.has():
		st, err = s.play.game.back(r.Undo)
	case r.Game == KindDiskwars && s.dw.game.has():
		st, err = s.dw.game.back(r.Undo)
	case r.Game != KindAnima && r.Game != KindDiskwars:
		return Outcome{}, fmt.Errorf("%w: %q", ErrNoSuchGame, r.Game)
	default:
		return Outcome{}, nil
	}
	if err != nil {
		return Outcome{}, err
	}
	if !st.sent {
		s.answered()
	}
	return Outcome{Sent: st.sent, SaveSoon: st.soon}, nil
}
