package session

import (
	"fmt"
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

// atGame is the Anima Tactics game's owner (owner.go).
type atGame = game[*anima.Game, anima.Command, anima.Event, anima.State]

// atRules are the Anima Tactics game's rules as its owner plays them: saved after the frame
// that shows a change, kept on the shelf once over.
var atRules = gameRules[*anima.Game, anima.Command, anima.Event, anima.State]{
	kind:  KindAnima,
	key:   store.GameKey,
	names: func(st anima.State) [2]string { return [2]string{st.Sides[0].Name, st.Sides[1].Name} },
	rolled: func(before anima.State, evs []anima.Event, lang string) []string {
		if anima.DiceThrown(evs) == 0 {
			return nil
		}
		return anima.Describe(before, evs, lang)
	},
	marshal:   anima.MarshalCommand,
	unmarshal: anima.UnmarshalCommand,
	load: func(b []byte) (*anima.Game, error) {
		g := new(anima.Game)
		if err := g.UnmarshalJSON(b); err != nil {
			return nil, err
		}
		return g, nil
	},
	keep:        func(g *anima.Game, _ bool) (shelf.Kept, error) { return shelf.KeepAnima(g) },
	save:        (*store.Store).SaveGame,
	over:        (*anima.Game).Over,
	afterFrame:  true,
	savedMark:   "data-game-saved",
	unsavedMark: "data-game-unsaved",
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
	st, err := s.play.game.do(cmd, nil)
	if err != nil {
		return Outcome{}, err
	}
	out := st.outcome()
	if out.Taken {
		s.answered()
	}
	return out, nil
}

// tapCommand is the command of a counter's tap (TapCounter).
func (p *playPart) tapCommand(ref anima.Ref, counter string, delta int) (anima.Command, bool) {
	if !p.game.has() {
		return nil, false
	}
	switch counter {
	case CounterLP:
		if delta < -1 || delta > 1 {
			ch, _ := p.game.g.State().Character(ref)
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

// taken is what the view hears of a command taken here (GameAnswer): a charge
// moves the charger on the sketch, a roll of the table's and an order say what they did
// (listed: the sheet lists what the command did, so an order says nothing more).
func (p *playPart) taken(cmd anima.Command, listed bool, t turn[anima.Event, anima.State]) Outcome {
	a := &GameAnswer{Before: t.before, Events: t.events}
	out := t.out
	out.Game = a
	if ch, isCharge := cmd.(anima.Charge); isCharge {
		p.chargedOnSketch(a.Before, ch, a.Events) // the charger stands where it ended
	}
	said := p.notes.say
	if side, ok := anima.ActingSide(cmd); ok {
		said = func(text string) { p.notes.sayFor(side, text) } // in the colour of the side that did it
	}
	_, roll := cmd.(anima.RollDice)   // a roll of the table's says what it rolled
	_, order := cmd.(anima.GiveOrder) // an order says what it did: who ordered what, at what cost in Order points (its target, when it names one). R-ARB-1.
	if roll || order && !listed {
		said(strings.Join(anima.Describe(a.Before, a.Events, p.settings.lang), " · "))
	}
	return out
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
	if err := s.shelf.keepBefore(s.play.game.keptNow(false)); err != nil {
		return Outcome{}, err
	}
	if roll {
		if err := g.Do(anima.RollForFirst{Gnosis: r.Gnosis}); err != nil {
			return Outcome{}, err
		}
	}
	s.play.game.put(g) // saved below (saveNow), nothing left pending
	if first, _, err := g.LogJSON(); err == nil {
		s.shelf.started(KindAnima, first[0], r.Parties, r.Players, func(id string) string {
			if sp := s.parties.find(id); sp != nil {
				return versionOf(sp.Party)
			}
			return ""
		})
	}
	s.pair.alone(KindAnima) // a new game is on this phone alone
	s.settings.chooseOpponent(nil)
	first := g.State().Flow.First
	if len(su.Sides[first].Characters) == 0 { // not tracked: the phone has only the other side to pick from
		s.sayFor(first, fmt.Sprintf(s.T("%s acts first, at the table: %s activates once they have."), su.Sides[first].Name, su.Sides[1-first].Name))
	} else {
		s.sayFor(first, fmt.Sprintf(s.T("%s acts first."), su.Sides[first].Name))
	}
	s.play.game.saveNow()
	s.nav.spend()
	return s.goTo(ScreenGame), nil
}

func (r ChooseOpponent) apply(s *Session) (Outcome, error) {
	s.settings.chooseOpponent(r.Party)
	return Outcome{}, nil
}

func (SaveNow) apply(s *Session) (Outcome, error) {
	s.play.game.flush()
	return Outcome{}, nil
}

// SavePending reports whether the game has a change the view has yet to save (SaveNow).
func (v Play) SavePending() bool { return v.p.game.pending && v.p.game.has() }

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
		s.play.game.flush()
		return Outcome{Quiet: true}, nil
	}
	giveRoom := j.giveRoom
	if giveRoom == nil {
		giveRoom = func() {}
	}
	if err := s.store.Journal(j.to, s.play.game.g, giveRoom); err != nil {
		s.browser.Log("warn", "gnosis: journal: "+err.Error())
	}
	return Outcome{Quiet: true}, nil
}

// load reads the game and the sketch of its table; note reports what could not be read.
func (p *playPart) load(st *store.Store, note func(error)) {
	g, _, err := st.Game()
	p.game.load(g, err, note)
	layout, err := st.Table()
	note(err)
	p.layout = layout
}

// Game is the Anima Tactics game in progress, read-only (its changes are the Session's
// requests), or nil.
func (v Play) Game() anima.GameView {
	if !v.p.game.has() {
		return nil // not a nil *anima.Game in an interface, which is not nil
	}
	return v.p.game.g
}

// Layout is the sketch of the table: a copy, to change and send back (SaveLayout).
func (v Play) Layout() tabletop.Layout { return v.p.layout.Clone() }
