package session

import (
	"encoding/json"

	"gnosis/app/link"
	"gnosis/engine/core"
)

// host is the seat of the phone that hosts a game on two phones: it wraps this phone's seat
// (any seat), decides its own player's gestures and the guest's (answer) through it, each
// refused when it is the other phone's side, records each for the link (the guest takes the
// host's steps as they come), and saves the game with the link's record.
type host struct {
	seat
	d *duo
}

func (h host) do(cmd any, dice []int) (did, error) {
	n, err := h.decide(cmd, dice, false)
	if err == nil && h.game().Len() > n {
		h.d.tell(wireOp{Do: h.game().since(n)})
	}
	return did{n: n}, err
}

// decide has the game take a gesture of this phone's player or of the guest's (byGuest).
func (h host) decide(cmd any, dice []int, byGuest bool) (int, error) {
	g := h.game()
	side, ok := g.actor(cmd)
	if err := h.mayAct(side, ok, byGuest); err != nil {
		return g.Len(), err
	}
	d, err := h.seat.do(cmd, dice)
	if err == nil && g.Len() > d.n {
		h.d.own(g.Gesture(), side, ok)
	}
	return d.n, err
}

// mayAct refuses a gesture for the side the other phone plays (ErrOtherPhone): the guest's
// side for the host's player, the host's side for the guest's, unless either phone may act for
// both. ok false: a command for the whole game, which either phone may give.
func (h host) mayAct(side int, ok, byGuest bool) error {
	if h.d.both || !ok || side < 0 || side > 1 || (side == h.d.mine) != byGuest {
		return nil
	}
	return core.Fail(ErrOtherPhone, nil, "%s is played on the other phone", h.game().names()[side])
}

func (h host) back(undo bool) (did, error) {
	n := h.game().Len()
	op, err := h.takeBack(undo, false)
	if err != nil {
		return did{n: n}, err
	}
	h.d.tell(op)
	return did{n: n}, nil
}

// takeBack undoes or redoes a gesture for this phone's player or the guest's (byGuest): refused
// when the gesture was the other phone's side and either phone may not act for both
// (ErrOtherPhone). R-TURN-4's one side a player: undo obeys it.
func (h host) takeBack(undo, byGuest bool) (wireOp, error) {
	g := h.game()
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
				return wireOp{}, core.Fail(ErrOtherPhone, nil, "%s is played on the other phone", g.names()[o.Side])
			}
		}
	}
	n := g.Len()
	if _, err := h.seat.back(undo); err != nil {
		return wireOp{}, err
	}
	if undo {
		return wireOp{Undo: true}, nil
	}
	return wireOp{Redo: g.since(n)}, nil
}

// write saves the game with the link's record: the other phone hears of a change once it is
// on the device (a tap's, after the frame that shows it, as on one phone).
func (h host) write() bool { return h.d.write() }

func (h host) side() (int, bool) { return h.d.mine, true }

func (h host) kept() { h.d.keep() }

func (h host) alone() { h.d.pair.leave(h.d.kind, false) }

// answer decides a request of the guest (link.Game.Decide): the operation the guest applies,
// or the refusal in every language.
func (h host) answer(req []byte) ([]byte, link.Texts) {
	g := h.game()
	var r wireRequest
	if err := json.Unmarshal(req, &r); err != nil {
		return nil, refusalTexts(core.Fail(core.ErrUnknownCommand, err, "a command this version cannot read"))
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
		return nil, refusalTexts(err)
	}
	if g.Len() == n && !r.Undo {
		return nil, nil
	}
	if decidedHook != nil {
		decidedHook(r)
	}
	b, _ := json.Marshal(op)
	return b, nil
}

// decideFor decides the guest's command, and keeps what it rolled, to say here too.
func (h host) decideFor(r wireRequest) (wireOp, error) {
	g := h.game()
	cmd, err := g.decode(r.Cmd)
	if err != nil {
		return wireOp{}, err
	}
	before := g.state()
	n, err := h.decide(cmd, r.Dice, true)
	if err != nil {
		return wireOp{}, err
	}
	op := wireOp{Do: g.since(n)}
	h.d.rolled(g, before, op.Do)
	return op, nil
}

// decidedHook, when a test sets it, sees each request of the guest the host took, in order.
var decidedHook func(wireRequest)
