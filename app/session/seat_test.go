package session

import (
	"errors"
	"testing"
	"time"

	"gnosis/engine/anima"
	"gnosis/engine/diskwars"
)

// TestSeats: a game's requests reach it through its owner: on one phone with no seat, on two
// through the host's and the guest's, for both games alike; none without a game.
func TestSeats(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	if s.play.game.has() || s.dw.game.has() {
		t.Fatal("a game with none started")
	}
	startGame(t, s)
	if s.play.game.seat != nil {
		t.Fatalf("one phone's seat: %T", s.play.game.seat)
	}
	h, g := paired(t)
	if _, ok := h.s.play.game.seat.(atHost); !ok {
		t.Fatalf("the host's seat: %T", h.s.play.game.seat)
	}
	if _, ok := g.s.play.game.seat.(guest[*anima.Game, anima.Command, anima.Event, anima.State]); !ok {
		t.Fatalf("the guest's seat: %T", g.s.play.game.seat)
	}
	startDiskwars(h)
	if h.s.dw.game.seat != nil {
		t.Fatalf("the host's Diskwars game, on this phone alone: %T", h.s.dw.game.seat)
	}
}

// atHost and dwHost are the host's seats at either game.
type (
	atHost = host[*anima.Game, anima.Command, anima.Event, anima.State]
	dwHost = host[*diskwars.Game, diskwars.Command, diskwars.Event, diskwars.State]
)

// TestOneRequestSet: Command and UndoRedo serve both games, the game named by the command's
// type or by Game; a command of no game, or an UndoRedo naming none, is refused, and changes
// nothing.
func TestOneRequestSet(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	startGame(t, s)
	p := &phone{t: t, s: s}
	startDiskwars(p)
	at, dw := s.Play().Game().Len(), s.Diskwars().Game().Len()
	if out := do(t, s, Command{Cmd: diskwars.Activate{Disc: 1}}); !out.Taken || out.DW == nil || out.Game != nil {
		t.Fatalf("a Diskwars command: %+v", out)
	}
	if out := do(t, s, Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}}); !out.Taken || out.Game == nil || out.DW != nil {
		t.Fatalf("an Anima Tactics command: %+v", out)
	}
	if s.Play().Game().Len() != at+1 || s.Diskwars().Game().Len() <= dw {
		t.Fatal("a command reached the other game")
	}
	do(t, s, UndoRedo{Game: KindDiskwars, Undo: true})
	if s.Diskwars().Game().Len() != dw || s.Play().Game().Len() != at+1 {
		t.Fatal("Diskwars's undo took back the wrong game's gesture")
	}
	for _, r := range []Request{Command{Cmd: 7}, Command{}, UndoRedo{Undo: true}} {
		s.Do(r)
		if s.Notice() == "" || s.Play().Game().Len() != at+1 || s.Diskwars().Game().Len() != dw {
			t.Errorf("%+v: taken, or said nothing", r)
		}
		s.Do(Dismiss{})
	}
}

// TestTheHostChecksBothGamesAlike: on two phones of either game, the other phone's side is
// refused first (before the dice), to the host's player and to the guest's, with the same
// error; and the seat of this phone alone knows nothing of it.
func TestTheHostChecksBothGamesAlike(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	// Anima Tactics: the host plays side 0.
	h, _ := paired(t)
	xavier := anima.Ref{Side: 1}
	badDice := []int{1, 2, 3, 4, 5, 6, 7} // more dice than an Attack rolls
	_, err := h.s.play.game.seat.(atHost).decide(anima.Attack{Attacker: xavier, Target: anima.Ref{}}, badDice, false)
	if !errors.Is(err, ErrOtherPhone) {
		t.Errorf("the host's player, the guest's side, wrong dice: %v", err)
	}
	_, err = h.s.play.game.seat.(atHost).decide(anima.Attack{Attacker: anima.Ref{}, Target: xavier}, badDice, true)
	if !errors.Is(err, ErrOtherPhone) {
		t.Errorf("the guest's player, the host's side, wrong dice: %v", err)
	}
	// Diskwars: the same.
	dh, dg := newPhone(t, "en", clock), newPhone(t, "en", clock)
	startDiskwars(dh)
	dh.do(HostTwoPhones{Kind: KindDiskwars})
	dg.do(JoinTwoPhones{Kind: KindDiskwars, Game: dh.s.Pair().Duo().Game})
	pass(t, dh, dg)
	_, err = dh.s.dw.game.seat.(dwHost).decide(diskwars.Shoot{Attacker: 1, Target: 0}, badDice, false)
	if !errors.Is(err, ErrOtherPhone) {
		t.Errorf("Diskwars: the host's player, the guest's disc, wrong dice: %v", err)
	}
	_, err = dh.s.dw.game.seat.(dwHost).decide(diskwars.Shoot{Attacker: 0, Target: 1}, badDice, true)
	if !errors.Is(err, ErrOtherPhone) {
		t.Errorf("Diskwars: the guest's player, the host's disc, wrong dice: %v", err)
	}
	// Either phone for both: the dice are what is refused.
	dh.do(AllowBoth{Both: true})
	_, err = dh.s.dw.game.seat.(dwHost).decide(diskwars.Shoot{Attacker: 1, Target: 0}, badDice, false)
	if err == nil || errors.Is(err, ErrOtherPhone) {
		t.Errorf("Diskwars, either phone for both, wrong dice: %v", err)
	}
}
