package session

import (
	"fmt"
	"strconv"
	"strings"

	"gnosis/app/store"
	"gnosis/engine"
	"gnosis/engine/party"
)

// The requests of the Anima Tactics game.
type (
	// Command sends Cmd to the game, with Dice rolled at the table (d10 faces in the order
	// engine.DiceFor lists them; none: the game's own die). The Outcome says whether the game
	// took it, and its events (the sheets show what it did).
	Command struct {
		Cmd    engine.Command
		Dice   []int
		Listed bool // the sheet lists what it did: an order says nothing more
	}
	// UndoRedo takes the last gesture back (Undo), or makes it again.
	UndoRedo struct{ Undo bool }
	// StartGame begins a game (replacing the one in progress) and goes to the tracker. With
	// Setup.First < 0 who acts first is rolled in the game (engine.RollForFirst), Gnosis spent
	// on it by each side that asks.
	StartGame struct {
		Setup  engine.Setup
		Gnosis [2]bool
	}
	// ChooseOpponent keeps Party, a party from a link, as the next game's opponent (nil: none),
	// in the settings on the device.
	ChooseOpponent struct{ Party *party.PartyFile }
	// SaveNow saves the game's change a SaveSoon outcome left waiting (after its frame, or
	// when the page is hidden).
	SaveNow struct{}
)

// Counters a Tap changes.
const (
	CounterLP      = "lp"
	CounterActions = "actions"
	CounterGnosis  = "gnosis"
)

func (r Command) apply(s *Session) (Outcome, error) {
	if s.game == nil {
		return Outcome{}, nil
	}
	if s.guestOf(KindAnima) { // the host checks and decides it, on the game as it stands there
		b, err := engine.MarshalCommand(r.Cmd)
		if err != nil {
			return Outcome{}, err
		}
		return s.ask(wireRequest{Cmd: b, Dice: r.Dice})
	}
	before := s.game.State()
	if err := engine.CheckDice(before, r.Cmd, r.Dice); err != nil {
		return Outcome{}, err
	}
	side, ok := engine.ActingSide(r.Cmd)
	if err := s.mayAct(KindAnima, side, ok, sideNames(before)); err != nil {
		return Outcome{}, err
	}
	var d engine.Die
	if len(r.Dice) > 0 {
		d = engine.Script(r.Dice...)
	}
	n := s.game.Len()
	if err := s.decide(r.Cmd, d); err != nil {
		return Outcome{}, err
	}
	a := &GameAnswer{Before: before}
	done := s.game.Since(n)
	for _, e := range done {
		a.Events = append(a.Events, e.Event)
	}
	if len(done) > 0 {
		s.duo.own(s.game.Gesture(), side, ok)
		s.tapped(KindAnima, gestureDo, n)
	}
	if ch, isCharge := r.Cmd.(engine.Charge); isCharge {
		s.chargedOnSketch(before, ch, a.Events) // the charger stands where it ended
	}
	said := s.say
	if ok {
		said = func(text string) { s.sayFor(side, text) } // in the colour of the side that did it
	}
	if _, roll := r.Cmd.(engine.RollDice); roll { // a roll of the table's says what it rolled
		said(strings.Join(engine.Describe(before, a.Events, s.lang), " · "))
	}
	if _, order := r.Cmd.(engine.GiveOrder); order && !r.Listed {
		// An order says what it did: who ordered what, at what cost in Order points (its
		// target, when it names one). R-ARB-1.
		said(strings.Join(engine.Describe(before, a.Events, s.lang), " · "))
	}
	out := Outcome{SaveSoon: s.saveLater(), Taken: true, Game: a}
	return out, nil
}

// decide has the game take cmd, rolling with d (the dice entered at the table) or with the
// game's own die when d is nil, without saving it.
func (s *Session) decide(cmd engine.Command, d engine.Die) error {
	if d != nil {
		s.game.SetDie(d)
		defer s.game.SetDie(nil)
	}
	if err := s.game.Do(cmd); err != nil {
		return err
	}
	s.answered()
	return nil
}

// TapCounter adds Delta to a character's LP or Actions (CounterLP, CounterActions), or to the
// Gnosis of Ref's side (CounterGnosis), as a counter's −1/+1 does; a long press (Delta beyond
// ±1) goes as far as the LP go. Its Outcome says whether the game took it (Taken) and whether
// the view must ask for the save (SaveSoon: none was due yet); a refusal is the notice. The
// tracker applies it in the tap's own event (Session.Do, without a redraw); on two phones it
// goes as every command does (the host decides it).
type TapCounter struct {
	Ref     engine.Ref
	Counter string
	Delta   int
}

func (r TapCounter) apply(s *Session) (Outcome, error) {
	cmd, ok := s.tapCommand(r.Ref, r.Counter, r.Delta)
	if !ok {
		return Outcome{}, nil
	}
	if s.duo != nil && s.duo.kind == KindAnima {
		return Command{Cmd: cmd}.apply(s)
	}
	if err := s.decide(cmd, nil); err != nil {
		return Outcome{}, err
	}
	return Outcome{Taken: true, SaveSoon: s.saveLater()}, nil
}

// tapCommand is the command of a counter's tap (TapCounter).
func (s *Session) tapCommand(ref engine.Ref, counter string, delta int) (engine.Command, bool) {
	if s.game == nil {
		return nil, false
	}
	switch counter {
	case CounterLP:
		if delta < -1 || delta > 1 {
			ch, _ := s.game.State().Character(ref)
			delta = min(max(delta, -ch.LP), ch.MaxLP-ch.LP)
		}
		return engine.AdjustLP{Ref: ref, Delta: delta}, true
	case CounterActions:
		return engine.AdjustActions{Ref: ref, Delta: delta}, true
	case CounterGnosis:
		return engine.AdjustGnosis{Side: ref.Side, Delta: delta}, true
	}
	return nil, false
}

func (r UndoRedo) apply(s *Session) (Outcome, error) {
	if s.game == nil {
		return Outcome{}, nil
	}
	if s.guestOf(KindAnima) {
		return s.ask(wireRequest{Undo: r.Undo, Redo: !r.Undo})
	}
	gesture := s.game.Gesture() + 1 // the gesture a redo puts back
	if r.Undo {
		gesture--
	}
	if err := s.mayTakeBack(KindAnima, gesture, false, sideNames(s.game.State())); err != nil {
		return Outcome{}, err
	}
	n := s.game.Len()
	err := s.game.Redo
	if r.Undo {
		err = s.game.Undo
	}
	if e := err(); e != nil {
		return Outcome{}, e
	}
	s.tapped(KindAnima, undoOrRedo(r.Undo), n)
	s.answered()
	return Outcome{SaveSoon: s.saveLater()}, nil
}

func (r StartGame) apply(s *Session) (Outcome, error) {
	su := r.Setup
	roll := su.First < 0
	if roll {
		su.First = 0
	}
	g, err := engine.NewGame(su)
	if err != nil {
		return Outcome{}, err
	}
	if roll {
		if err := g.Do(engine.RollForFirst{Gnosis: r.Gnosis}); err != nil {
			return Outcome{}, err
		}
	}
	s.game = g // saved below (saveGame), nothing left pending
	if s.duo != nil && s.duo.kind == KindAnima {
		s.duo = nil // a new game is on this phone alone
	}
	s.chooseOpponent(nil)
	first := g.State().Flow.First
	if len(su.Sides[first].Characters) == 0 { // not tracked: the phone has only the other side to pick from
		s.sayFor(first, fmt.Sprintf(s.Settings().T("%s acts first, at the table: %s activates once they have."), su.Sides[first].Name, su.Sides[1-first].Name))
	} else {
		s.sayFor(first, fmt.Sprintf(s.Settings().T("%s acts first."), su.Sides[first].Name))
	}
	s.saveGame()
	return s.goTo(ScreenGame), nil
}

func (r ChooseOpponent) apply(s *Session) (Outcome, error) {
	s.chooseOpponent(r.Party)
	return Outcome{}, nil
}

// chooseOpponent keeps p as the next game's opponent in the settings on the device, so that
// a reload keeps the choice.
func (s *Session) chooseOpponent(p *party.PartyFile) {
	if s.prefs.Opponent == nil && p == nil {
		return
	}
	s.prefs.Opponent = p
	if err := s.store.SaveSettings(s.prefs); err != nil {
		s.warn(err)
	}
}

func (SaveNow) apply(s *Session) (Outcome, error) {
	s.FlushSave()
	return Outcome{}, nil
}

// saveLater marks the game as having a change to save and says whether the view must ask for
// the save (SaveNow after the next frame): not when a save is already due.
func (s *Session) saveLater() bool {
	if s.hostOf(KindAnima) {
		// On two phones the other phone hears of a change once it is saved: it is saved now,
		// not after the frame.
		s.saveGame()
		return false
	}
	if s.savePending {
		return false
	}
	s.savePending = true
	s.markUnsaved()
	return true
}

// SavePending reports whether the game has a change the view has yet to save (SaveNow).
func (v Play) SavePending() bool { return v.s.savePending && v.s.game != nil }

// FlushSave saves the game if a change waits. A tap taken while the save is being written
// (the commit waits on IndexedDB, and a tap is answered in its own event) waits for the next
// save: it is not cleared here.
func (s *Session) FlushSave() {
	switch {
	case !s.savePending:
	case s.game == nil:
		s.savePending = false
		s.markUnsaved()
	default:
		s.saveGame() // marks the page as it begins and ends
	}
}

// Journal keeps the game's waiting change in j when the page goes (IndexedDB's writes finish
// after the page's last event; the next start commits the journal: store.Replay), before
// anything else j holds: giveRoom is called where the journal's room is not enough (the copy
// of the last screen gives its own). Where the records are not in IndexedDB, the save is made
// at once.
func (s *Session) Journal(j store.Backend, giveRoom func()) {
	if s.where != store.InIndexedDB {
		s.FlushSave()
		return
	}
	if err := s.store.Journal(j, s.game, giveRoom); err != nil {
		s.browser.Log("warn", "gnosis: journal: "+err.Error())
	}
}

// saveGame writes the game and says whether it is on the device now; the page's
// data-game-saved mark is the game record's revision once it is (a tap is acknowledged: a
// crash no longer loses it).
func (s *Session) saveGame() bool {
	s.savePending = false
	s.saving++
	defer func() {
		s.saving--
		s.markUnsaved()
	}()
	s.markUnsaved()
	s.beforeSave(store.GameKey)
	if err := s.store.SaveGame(s.game); err != nil {
		s.warn(err)
		return false
	}
	s.afterSave(store.GameKey)
	s.browser.Mark("data-game-saved", strconv.Itoa(s.store.Revision(store.GameKey)))
	return true
}

// markUnsaved sets the page's data-game-unsaved mark while a change of the game waits to be
// saved or is being written, and takes it away once none is: with data-game-saved, a tap is on
// the device when the revision has passed the one before it and this mark is gone.
func (s *Session) markUnsaved() {
	v := ""
	if s.savePending || s.saving > 0 {
		v = "yes"
	}
	s.browser.Mark("data-game-unsaved", v)
}
