package session

import (
	"encoding/json"

	"gnosis/app/link"
	"gnosis/engine/core"
)

// host is the seat of the phone that hosts a game on two phones: it decorates its game's owner's
// one call (do, back), as io.TeeReader wraps a Reader: a gesture for the other phone's side is
// refused (mayAct, takeBack), the others decided by the owner as on one phone and recorded for
// the link (the guest takes the host's steps as they come); the guest's requests (answer) are
// decided by the same call. It needs of the game only who gives a command and the entries
// since a step, and saves it with the link's record.
type host[G engineGame[C, E, S], C any, E core.Event, S any] struct {
	g *game[G, C, E, S]
	d *duo
}

func (h host[G, C, E, S]) do(cmd C, dice []int) (step, error) {
	st, err := h.decide(cmd, dice, false)
	if err == nil && h.g.g.Len() > st.n {
		h.d.tell(wireOp{Do: sinceJSON(h.g.g.Since(st.n))})
	}
	return st, err
}

// decide has the game take a gesture of this phone's player or of the guest's (byGuest).
func (h host[G, C, E, S]) decide(cmd C, dice []int, byGuest bool) (step, error) {
	side, ok := h.g.g.ActingSide(cmd)
	if err := h.mayAct(side, ok, byGuest); err != nil {
		return step{n: h.g.g.Len()}, err
	}
	st, err := h.g.decide(cmd, dice)
	if err == nil && h.g.g.Len() > st.n {
		h.d.own(h.g.g.Gesture(), side, ok)
	}
	return st, err
}

// mayAct refuses a gesture for the side the other phone plays (ErrOtherPhone): the guest's
// side for the host's player, the host's side for the guest's, unless either phone may act for
// both. ok false: a command for the whole game, which either phone may give.
func (h host[G, C, E, S]) mayAct(side int, ok, byGuest bool) error {
	if h.d.both || !ok || side < 0 || side > 1 || (side == h.d.mine) != byGuest {
		return nil
	}
	return core.Fail(ErrOtherPhone, nil, "%s is played on the other phone", h.g.rules.names(h.g.g.State())[side])
}

func (h host[G, C, E, S]) back(undo bool) (step, error) {
	n := h.g.g.Len()
	op, err := h.takeBack(undo, false)
	if err != nil {
		return step{n: n}, err
	}
	h.d.tell(op)
	return step{n: n}, nil
}

// takeBack undoes or redoes a gesture for this phone's player or the guest's (byGuest): refused
// when the gesture was the other phone's side and either phone may not act for both
// (ErrOtherPhone). R-TURN-4's one side a player: undo obeys it.
func (h host[G, C, E, S]) takeBack(undo, byGuest bool) (wireOp, error) {
	g := h.g.g
	gesture := g.Gesture() + 1 // the gesture a redo puts back
	if undo {
		gesture--
	}
	if !h.d.both {
		for _, o := range h.d.owners {
			if o.Gesture != gesture || o.Side < 0 {
				continue
			}
			if mine := o.Side == h.d.mine; mine == byGuest {
				return wireOp{}, core.Fail(ErrOtherPhone, nil, "%s is played on the other phone", h.g.rules.names(g.State())[o.Side])
			}
		}
	}
	st, err := h.g.takeBack(undo)
	if err != nil {
		return wireOp{}, err
	}
	if undo {
		return wireOp{Undo: true}, nil
	}
	return wireOp{Redo: sinceJSON(g.Since(st.n))}, nil
}

// write saves the game with the link's record: the other phone hears of a change once it is
// on the device (a tap's, after the frame that shows it, as on one phone).
func (h host[G, C, E, S]) write() bool { return h.d.write() }

// Decide decides a request of the guest (link.Game): the operation the guest applies, or the
// refusal in every language.
func (h host[G, C, E, S]) Decide(req []byte) ([]byte, link.Texts) {
	var r wireRequest
	if err := json.Unmarshal(req, &r); err != nil {
		return nil, refusalTexts(core.Fail(core.ErrUnknownCommand, err, "a command this version cannot read"))
	}
	n := h.g.g.Len()
	var op wireOp
	var err error
	if r.Undo || r.Redo {
		op, err = h.takeBack(r.Undo, true)
	} else {
		op, err = h.decideFor(r)
	}
	if err != nil {
		return nil, refusalTexts(err)
	}
	if h.g.g.Len() == n && !r.Undo {
		return nil, nil
	}
	if decidedHook != nil {
		decidedHook(r)
	}
	b, _ := json.Marshal(op)
	return b, nil
}

// decideFor decides the guest's command, and keeps what it rolled, to say here too.
func (h host[G, C, E, S]) decideFor(r wireRequest) (wireOp, error) {
	cmd, err := h.g.rules.unmarshal(r.Cmd)
	if err != nil {
		return wireOp{}, err
	}
	before := h.g.g.State()
	st, err := h.decide(cmd, r.Dice, true)
	if err != nil {
		return wireOp{}, err
	}
	h.d.rolled(h.g.rules.rolled(before, h.g.events(st.n), h.d.settings.lang))
	return wireOp{Do: sinceJSON(h.g.g.Since(st.n))}, nil
}

// Apply refuses a step: the host takes none (link.Game).
func (h host[G, C, E, S]) Apply([]byte) error { return errNotTheGuest }

// Snapshot is the whole game, for the guest (link.Game).
func (h host[G, C, E, S]) Snapshot() ([]byte, error) { return snapshotOf(h.g) }

// Restore puts the game b holds in place of this phone's (link.Game).
func (h host[G, C, E, S]) Restore(b []byte) error { return h.g.restore(b) }

// decidedHook, when a test sets it, sees each request of the guest the host took, in order.
var decidedHook func(wireRequest)
