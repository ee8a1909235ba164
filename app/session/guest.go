package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"gnosis/app/link"
	"gnosis/engine/core"
)

// guest is the seat of the phone that joined another's game: it replaces its game's owner's
// one call (do, back) with a request to the host (ask), which checks and decides it on the game
// as it stands there; the host's steps come back through the link (Apply) into the game, which
// the host's replaced.
type guest[G engineGame[C, E, S], C any, E core.Event, S any] struct {
	g *game[G, C, E, S]
	d *duo
}

func (g guest[G, C, E, S]) do(cmd C, dice []int) (step, error) {
	n := g.g.g.Len()
	b, err := g.g.rules.marshal(cmd)
	if err == nil {
		err = g.d.ask(wireRequest{Cmd: b, Dice: dice})
	}
	return step{n: n, sent: err == nil}, err
}

func (g guest[G, C, E, S]) back(undo bool) (step, error) {
	err := g.d.ask(wireRequest{Undo: undo, Redo: !undo})
	return step{n: g.g.g.Len(), sent: err == nil}, err
}

// write saves the game with the link's record: a request goes to the host once it is on the
// device (a tap's, after the frame that shows it was sent).
func (g guest[G, C, E, S]) write() bool { return g.d.write() }

// Decide refuses a request: the guest decides none (link.Game).
func (g guest[G, C, E, S]) Decide([]byte) ([]byte, link.Texts) {
	return nil, refusalTexts(core.Fail(core.ErrUnknownCommand, nil, "a command this version cannot read"))
}

// Apply takes a step the host decided (link.Game).
func (g guest[G, C, E, S]) Apply(op []byte) error {
	var o wireOp
	if err := json.Unmarshal(op, &o); err != nil {
		return fmt.Errorf("an operation this phone cannot apply: %v", err)
	}
	game := g.g.g
	switch {
	case o.Undo:
		return game.Undo()
	case o.Redo != nil && game.CanRedo():
		n := game.Len()
		if err := game.Redo(); err != nil {
			return err
		}
		if string(sinceJSON(game.Since(n))) != string(o.Redo) {
			return errors.New("a redo that is not the host's")
		}
		return nil
	case o.Redo != nil:
		return g.accept(o.Redo)
	}
	before, n := game.State(), game.Len()
	if err := g.accept(o.Do); err != nil {
		return err
	}
	// What the host rolled (an attack, a shot, a check) is said on this phone too: its dice
	// and what they did. Counters and activations need no word: the screen shows them.
	g.d.rolled(g.g.rules.rolled(before, g.g.events(n), g.d.settings.lang))
	return nil
}

// accept has the game accept the entries of a gesture the host decided (b, their JSON).
func (g guest[G, C, E, S]) accept(b json.RawMessage) error {
	var entries []core.Entry[E]
	if err := json.Unmarshal(b, &entries); err != nil {
		return err
	}
	return g.g.g.Accept(slices.Clip(entries))
}

// Snapshot is the whole game (link.Game).
func (g guest[G, C, E, S]) Snapshot() ([]byte, error) { return snapshotOf(g.g) }

// Restore puts the host's game, b, in place of this phone's (link.Game).
func (g guest[G, C, E, S]) Restore(b []byte) error { return g.g.restore(b) }

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
