package session

import (
	"encoding/json"
	"errors"
	"fmt"

	"gnosis/engine/core"
)

// guest is the seat of the phone that joined another's game: it wraps this phone's seat, whose
// game the host's replaces; its player's requests go to the host (ask), which checks and
// decides them on the game as it stands there, and the host's steps come back through the link
// (takeStep).
type guest struct {
	seat
	d *duo
}

func (g guest) do(cmd any, dice []int) (did, error) {
	n := g.game().Len()
	b, err := g.game().encode(cmd)
	if err == nil {
		err = g.d.ask(wireRequest{Cmd: b, Dice: dice})
	}
	return did{n: n, sent: err == nil}, err
}

func (g guest) back(undo bool) (did, error) {
	err := g.d.ask(wireRequest{Undo: undo, Redo: !undo})
	return did{n: g.game().Len(), sent: err == nil}, err
}

// write saves the game with the link's record: a request goes to the host once it is on the
// device (a tap's, after the frame that shows it was sent).
func (g guest) write() bool { return g.d.write() }

func (g guest) side() (int, bool) { return g.d.mine, true }

func (g guest) kept() { g.d.keep() }

func (g guest) alone() { g.d.pair.leave(g.d.kind, false) }

// takeStep takes a step the host decided (link.Game.Apply).
func (g guest) takeStep(op []byte) error {
	var o wireOp
	if err := json.Unmarshal(op, &o); err != nil {
		return fmt.Errorf("an operation this phone cannot apply: %v", err)
	}
	game := g.game()
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
	g.d.rolled(game, before, o.Do)
	return nil
}

// ask gives the link a request of the guest's player for the host: it goes once saved with the
// link (the seat's save, then write). A guest that has not the host's game yet sends nothing
// (ErrNoHostGame).
func (d *duo) ask(r wireRequest) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if d.link.Ask(b, d.now()) == 0 {
		return core.Fail(ErrNoHostGame, nil, "the host's game has not come yet: wait until it shows here")
	}
	return nil
}
