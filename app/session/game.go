package session

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/party"
	"gnosis/engine/shelf"
	"gnosis/engine/tabletop"
)

// The requests of the Anima Tactics game (its commands and undo are both games' Command and
// UndoRedo: seat.go).
type (
	// StartGame begins a game (replacing the one in progress) and goes to the tracker. With
	// Setup.First < 0 who acts first is rolled in the game (anima.RollForFirst), Gnosis spent
	// on it by each side that asks.
	//
	// The game in progress is kept on the shelf first (a storage too full to keep it refuses
	// the start: ErrShelfFull). Parties names the saved parties of the sides ("" for none),
	// Players the players' names, for the shelf.
	StartGame struct {
		Setup   anima.Setup
		Gnosis  [2]bool
		Parties [2]string
		Players [2]string
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

// atPlayed is the Anima Tactics game as a seat plays it (played).
type atPlayed struct{ *anima.Game }

func (g atPlayed) names() [2]string {
	st := g.State()
	return [2]string{st.Sides[0].Name, st.Sides[1].Name}
}

func (g atPlayed) since(n int) json.RawMessage { return sinceJSON(g.Since(n)) }

func (g atPlayed) accept(b json.RawMessage) error { return acceptJSON(b, g.Accept) }

func (g atPlayed) encode(cmd any) (json.RawMessage, error) {
	c, err := commandOf[anima.Command](cmd, KindAnima)
	if err != nil {
		return nil, err
	}
	return anima.MarshalCommand(c)
}

func (g atPlayed) decode(b json.RawMessage) (any, error) { return anima.UnmarshalCommand(b) }

func (g atPlayed) actor(cmd any) (int, bool) {
	c, _ := cmd.(anima.Command)
	return anima.ActingSide(c)
}

// decide has the game take cmd, its dice checked first (anima.CheckDice) and rolled with them
// (none: the game's own die), without saving it.
func (g atPlayed) decide(cmd any, dice []int) error {
	c, err := commandOf[anima.Command](cmd, KindAnima)
	if err != nil {
		return err
	}
	if len(dice) > 0 { // none: the game's own die, and no state copied to check them against
		if err := anima.CheckDice(g.State(), c, dice); err != nil {
			return err
		}
		g.SetDie(anima.Script(dice...))
		defer g.SetDie(nil)
	}
	return g.Do(c)
}

func (g atPlayed) snapshot() ([]byte, error) { return g.MarshalJSON() }

func (g atPlayed) state() any { return g.State() }

func (g atPlayed) rolled(before any, b json.RawMessage, lang string) []string {
	evs := eventsOf[anima.Event](b)
	if anima.DiceThrown(evs) == 0 {
		return nil
	}
	return anima.Describe(before.(anima.State), evs, lang)
}

// TapCounter adds Delta to a character's LP or Actions (CounterLP, CounterActions), or to the
// Gnosis of Ref's side (CounterGnosis), as a counter's −1/+1 does; a long press (Delta beyond
// ±1) goes as far as the LP go. Its Outcome says whether the game took it (Taken) and whether
// the view must ask for the save (SaveSoon: none was due yet), or that it went to the host
// (Sent); a refusal is the notice. The tracker applies it in the tap's own event (Session.Do,
// without a redraw); it goes through the game's seat as every command does.
type TapCounter struct {
	Ref     anima.Ref
	Counter string
	Delta   int
}

func (r TapCounter) apply(s *Session) (Outcome, error) {
	cmd, ok := s.play.tapCommand(r.Ref, r.Counter, r.Delta)
	if !ok {
		return Outcome{}, nil
	}
	st := s.play.seated()
	d, err := st.do(cmd, nil)
	if err != nil {
		return Outcome{}, err
	}
	if !d.sent {
		s.answered()
	}
	return Outcome{Taken: !d.sent, Sent: d.sent, SaveSoon: st.save()}, nil
}

// tapCommand is the command of a counter's tap (TapCounter).
func (p *playPart) tapCommand(ref anima.Ref, counter string, delta int) (anima.Command, bool) {
	if p.game == nil {
		return nil, false
	}
	switch counter {
	case CounterLP:
		if delta < -1 || delta > 1 {
			ch, _ := p.game.State().Character(ref)
			delta = min(max(delta, -ch.LP), ch.MaxLP-ch.LP)
		}
		return anima.AdjustLP{Ref: ref, Delta: delta}, true
	case CounterActions:
		return anima.AdjustActions{Ref: ref, Delta: delta}, true
	case CounterGnosis:
		return anima.AdjustGnosis{Side: ref.Side, Delta: delta}, true
	}
	return nil, false
}

// The Anima Tactics game's part as its seat, the shelf and a game on two phones see it
// (gamePart).

func (p *playPart) kind() string  { return KindAnima }
func (p *playPart) keyOf() string { return store.GameKey }

func (p *playPart) played() played {
	if p.game == nil {
		return nil
	}
	return atPlayed{p.game}
}

func (p *playPart) seated() seat {
	if p.seat == nil {
		p.seat = own{p} // made once, not at every tap
	}
	return p.seat
}

func (p *playPart) sit(st seat) { p.seat = st }

// replace puts g in place of the game in progress (a restore's), not saved: its seat stays.
func (p *playPart) replace(g *anima.Game) { p.game = g }

func (p *playPart) restore(b []byte) error {
	g := new(anima.Game)
	if err := g.UnmarshalJSON(b); err != nil {
		return err
	}
	p.game = g
	return nil
}

func (p *playPart) keptNow(bool) (shelf.Kept, error) {
	switch {
	case p.game == nil:
		return shelf.Kept{}, nil
	case p.game.Len() > shelf.MaxEntries:
		return shelf.Kept{}, shelf.ErrTooLong
	}
	return shelf.KeepAnima(p.game)
}

// taken is what a command taken here did (GameAnswer): a charge moves the charger on the
// sketch, a roll of the table's and an order say what they did.
func (p *playPart) taken(c Command, before any, n int) Outcome {
	a := &GameAnswer{Before: before.(anima.State)}
	for _, e := range p.game.Since(n) {
		a.Events = append(a.Events, e.Event)
	}
	cmd := c.Cmd.(anima.Command)
	if ch, isCharge := cmd.(anima.Charge); isCharge {
		p.chargedOnSketch(a.Before, ch, a.Events) // the charger stands where it ended
	}
	said := p.notes.say
	if side, ok := anima.ActingSide(cmd); ok {
		said = func(text string) { p.notes.sayFor(side, text) } // in the colour of the side that did it
	}
	_, roll := cmd.(anima.RollDice)   // a roll of the table's says what it rolled
	_, order := cmd.(anima.GiveOrder) // an order says what it did: who ordered what, at what cost in Order points (its target, when it names one). R-ARB-1.
	if roll || order && !c.Listed {
		said(strings.Join(anima.Describe(a.Before, a.Events, p.settings.lang), " · "))
	}
	return Outcome{Game: a}
}

func (r StartGame) apply(s *Session) (Outcome, error) {
	su := r.Setup
	roll := su.First < 0
	if roll {
		su.First = 0
	}
	g, err := anima.NewGame(su)
	if err != nil {
		return Outcome{}, err
	}
	if err := s.shelf.keepBefore(&s.play, false); err != nil {
		return Outcome{}, err
	}
	if roll {
		if err := g.Do(anima.RollForFirst{Gnosis: r.Gnosis}); err != nil {
			return Outcome{}, err
		}
	}
	s.play.game = g // saved below (saveNow), nothing left pending
	if first, _, err := g.LogJSON(); err == nil {
		s.shelf.started(KindAnima, first[0], r.Parties, r.Players, func(id string) string {
			if sp := s.parties.find(id); sp != nil {
				return versionOf(sp.Party)
			}
			return ""
		})
	}
	s.play.seated().alone() // a new game is on this phone alone
	s.settings.chooseOpponent(nil)
	first := g.State().Flow.First
	if len(su.Sides[first].Characters) == 0 { // not tracked: the phone has only the other side to pick from
		s.sayFor(first, fmt.Sprintf(s.T("%s acts first, at the table: %s activates once they have."), su.Sides[first].Name, su.Sides[1-first].Name))
	} else {
		s.sayFor(first, fmt.Sprintf(s.T("%s acts first."), su.Sides[first].Name))
	}
	s.play.saveNow()
	s.nav.spend()
	return s.goTo(ScreenGame), nil
}

func (r ChooseOpponent) apply(s *Session) (Outcome, error) {
	s.settings.chooseOpponent(r.Party)
	return Outcome{}, nil
}

func (SaveNow) apply(s *Session) (Outcome, error) {
	s.play.flushSave()
	return Outcome{}, nil
}

// saveSoon marks the game as having a change to save and says whether the view must ask for
// the save (SaveNow after the next frame): not when a save is already due. A game is saved
// after every tap, and a tap is answered before its save.
func (p *playPart) saveSoon() bool {
	if p.savePending {
		return false
	}
	p.savePending = true
	p.markUnsaved()
	return true
}

// SavePending reports whether the game has a change the view has yet to save (SaveNow).
func (v Play) SavePending() bool { return v.p.savePending && v.p.game != nil }

// flushSave saves the game if a change waits. A tap taken while the save is being written
// (the commit waits on IndexedDB, and a tap is answered in its own event) waits for the next
// save: it is not cleared here.
func (p *playPart) flushSave() {
	switch {
	case !p.savePending:
	case p.game == nil:
		p.savePending = false
		p.markUnsaved()
	default:
		p.seated().write() // with the link on two phones; marks the page as it begins and ends
	}
}

// KeepJournal keeps the game's waiting change in the journal when the page goes (IndexedDB's
// writes finish after the page's last event; the next start commits the journal:
// store.Replay), before anything else the journal's storage holds: Config.GiveJournalRoom is
// called where its room is not enough. Where the records are not in IndexedDB, or no journal
// is kept, the save is made at once.
type KeepJournal struct{}

// journaling is where the journal goes (Config.Journal) and what frees room for it.
type journaling struct {
	to       store.Backend
	giveRoom func()
}

func (KeepJournal) apply(s *Session) (Outcome, error) {
	j := s.journal
	if s.settings.where != store.InIndexedDB || j.to == nil {
		s.play.flushSave()
		return Outcome{Quiet: true}, nil
	}
	giveRoom := j.giveRoom
	if giveRoom == nil {
		giveRoom = func() {}
	}
	if err := s.store.Journal(j.to, s.play.game, giveRoom); err != nil {
		s.browser.Log("warn", "gnosis: journal: "+err.Error())
	}
	return Outcome{Quiet: true}, nil
}

// saveNow writes the game and says whether it is on the device now; the page's
// data-game-saved mark is the game record's revision once it is (a tap is acknowledged: a
// crash no longer loses it). A game over goes on the shelf (keepIfOver).
func (p *playPart) saveNow() bool {
	p.savePending = false
	p.saving++
	defer func() {
		p.saving--
		p.markUnsaved()
	}()
	p.markUnsaved()
	if err := p.store.SaveGame(p.game); err != nil {
		p.warnLater(err)
		return false
	}
	p.browser.Mark("data-game-saved", strconv.Itoa(p.store.Revision(store.GameKey)))
	if p.game != nil && p.game.State().Over() {
		p.shelf.keepIfOver(p)
	}
	return true
}

// markUnsaved sets the page's data-game-unsaved mark while a change of the game waits to be
// saved or is being written, and takes it away once none is: with data-game-saved, a tap is on
// the device when the revision has passed the one before it and this mark is gone.
func (p *playPart) markUnsaved() {
	v := ""
	if p.savePending || p.saving > 0 {
		v = "yes"
	}
	p.browser.Mark("data-game-unsaved", v)
}

// load reads the game and the sketch of its table; note reports what could not be read.
func (p *playPart) load(st *store.Store, note func(error)) {
	g, _, err := st.Game()
	note(err)
	p.game, p.seat = g, nil
	layout, err := st.Table()
	note(err)
	p.layout = layout
}

// Game is the Anima Tactics game in progress, read-only (its changes are the Session's
// requests), or nil.
func (v Play) Game() anima.GameView {
	if v.p.game == nil {
		return nil // not a nil *anima.Game in an interface, which is not nil
	}
	return v.p.game
}

// Layout is the sketch of the table: a copy, to change and send back (SaveLayout).
func (v Play) Layout() tabletop.Layout { return v.p.layout.Clone() }
