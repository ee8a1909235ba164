package session

import (
	"errors"
	"fmt"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
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

func (r Command) apply(s *Session) (Outcome, error) {
	switch c := r.Cmd.(type) {
	case anima.Command:
		t, err := play(&s.play.game, c, r.Dice)
		if err != nil || !t.out.Taken {
			return t.out, err
		}
		s.answered()
		return s.play.taken(c, r.Listed, t), nil
	case diskwars.Command:
		t, err := play(&s.dw.game, c, r.Dice)
		if err != nil || !t.out.Taken {
			return t.out, err
		}
		s.answered()
		return s.dw.taken(t), nil
	}
	return Outcome{}, fmt.Errorf("%w: a command %T", ErrNoSuchGame, r.Cmd)
}

// turn is what a command did, for its game's part to tell the view (taken): the outcome, the
// state before the command and, taken here, its events.
type turn[E core.Event, S any] struct {
	out    Outcome // Taken here, or Sent to the host, and SaveSoon; none: no game in progress
	before S
	events []E // the step's events, taken here (none when sent)
}

// play has the game's owner o take c, and gives what the view hears of it, all read from the
// owner in the one call's wake: no game in progress is the zero turn, a refusal the error.
func play[G engineGame[C, E, S], C any, E core.Event, S any](o *game[G, C, E, S], c C, dice []int) (turn[E, S], error) {
	var t turn[E, S]
	if !o.has() {
		return t, nil
	}
	before := o.g.State()
	st, err := o.do(c, dice)
	if err != nil {
		return t, err
	}
	t.out, t.before = st.outcome(), before
	if !st.sent {
		t.events = o.events(st.n)
	}
	return t, nil
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
