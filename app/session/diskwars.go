package session

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gnosis/app/store"
	"gnosis/engine/diskwars"
	"gnosis/engine/shelf"
)

// dwPart is the Session's Warhammer: Diskwars part: the armies kept on the device
// (store.ArmiesKey), the game in progress (store.DWGameKey) and this phone's seat at it, and
// the game being set up (store.DWSetupKey).
type dwPart struct {
	*room
	armies  []store.SavedArmy
	game    *diskwars.Game
	seat    seat // this phone's seat at the game: its own, or a wrapper of it on two phones
	setup   store.DWSetupDraft
	changes int // counts the changes of armies, for copy
	copy    copyCache[[]store.SavedArmy]
}

// DWAnswer is what a Diskwars command did: the state before it and its events.
type DWAnswer struct {
	Before diskwars.State
	Events []diskwars.Event
}

// The requests of Warhammer: Diskwars (its commands and undo are both games' Command and
// UndoRedo: seat.go).
type (
	// SaveArmy keeps Army as the army ID's.
	SaveArmy struct {
		ID   string
		Army diskwars.Army
	}
	// AddArmy saves a new or shared army under a free name.
	AddArmy struct {
		Army   diskwars.Army
		Notice string // a catalogue key said once saved, with %s the army's name
		Open   bool   // go on to its editor
	}
	// DeleteArmy forgets the army.
	DeleteArmy struct{ ID string }
	// DWStart starts a Diskwars game (replacing the one in progress) and goes to it.
	// The game in progress is kept on the shelf first (ErrShelfFull: the storage is too full);
	// Armies names the saved armies played ("" for none), Players the players' names, for the
	// shelf.
	DWStart struct {
		Setup   diskwars.Setup
		Armies  [2]string
		Players [2]string
	}
	// DWEndGame ends the Diskwars game in progress, kept on the shelf (ErrShelfFull: not ended).
	DWEndGame struct{}
	// SaveDWSetup keeps the game being set up; Save false while a finger drags.
	SaveDWSetup struct {
		Draft store.DWSetupDraft
		Save  bool
	}
)

// Armies are the Diskwars armies kept on the device: a copy (SaveArmy changes one).
func (v Diskwars) Armies() []store.SavedArmy {
	return v.dw.copy.of(v.dw.armies, v.dw.changes)
}

// Army is the saved army with that ID, in the copy Armies gives, or nil.
func (v Diskwars) Army(id string) *store.SavedArmy {
	return byID(v.Armies(), armyID, id)
}

// find is the army with that ID, the part's own, or nil.
func (dw *dwPart) find(id string) *store.SavedArmy {
	return byID(dw.armies, armyID, id)
}

func armyID(sa store.SavedArmy) string { return sa.ID }

// replaceArmies puts armies in place of the armies kept.
func (dw *dwPart) replaceArmies(armies []store.SavedArmy) {
	dw.armies = armies
	dw.changes++
}

// Game is the Diskwars game in progress, read-only (its changes are the Session's requests),
// or nil.
func (v Diskwars) Game() diskwars.GameView {
	if v.dw.game == nil {
		return nil // not a nil *diskwars.Game in an interface, which is not nil
	}
	return v.dw.game
}

// Setup is the Diskwars game being set up: a copy, to change and send back (SaveDWSetup); its
// Places are a map to write to.
func (v Diskwars) Setup() store.DWSetupDraft { return v.dw.setup.Clone() }

// load reads the armies, the game and the set-up from the device; note reports what could not
// be read (set aside by the store).
func (dw *dwPart) load(st *store.Store, note func(error)) {
	as, err := st.Armies()
	note(err)
	dw.replaceArmies(as)
	g, err := st.DiskwarsGame()
	note(err)
	dw.game, dw.seat = g, nil
	d, err := st.DWSetup()
	note(err)
	dw.setup = d
}

// saveArmies writes the armies and says whether they are on the device now; on a failure the
// list in memory is kept and the player is told.
func (dw *dwPart) saveArmies() bool {
	dw.changes++
	if err := dw.store.SaveArmies(dw.armies); err != nil {
		dw.warnLater(err)
		return false
	}
	return true
}

// The Diskwars game's part as its seat, the shelf and a game on two phones see it (gamePart).

func (dw *dwPart) kind() string  { return KindDiskwars }
func (dw *dwPart) keyOf() string { return store.DWGameKey }

func (dw *dwPart) played() played {
	if dw.game == nil {
		return nil
	}
	return dwPlayed{dw.game}
}

func (dw *dwPart) seated() seat {
	if dw.seat == nil {
		dw.seat = own{dw} // made once, not at every tap
	}
	return dw.seat
}

func (dw *dwPart) sit(st seat) { dw.seat = st }

// saveSoon writes the game at once (a game is a few kilobytes), through its seat (on two
// phones with the link).
func (dw *dwPart) saveSoon() bool {
	dw.seated().write()
	return false
}

// saveNow writes the Diskwars game's log.
func (dw *dwPart) saveNow() bool {
	if err := dw.store.SaveDiskwarsGame(dw.game); err != nil {
		dw.warnLater(err)
		return false
	}
	dw.browser.Mark("data-dw-saved", strconv.Itoa(dw.store.Revision(store.DWGameKey)))
	return true
}

func (dw *dwPart) restore(b []byte) error {
	g, err := diskwars.LoadGame(b)
	if err != nil {
		return err
	}
	dw.game = g
	return nil
}

func (dw *dwPart) keptNow(ended bool) (shelf.Kept, error) {
	switch {
	case dw.game == nil:
		return shelf.Kept{}, nil
	case dw.game.Len() > shelf.MaxEntries:
		return shelf.Kept{}, shelf.ErrTooLong
	}
	return shelf.KeepDiskwars(dw.game, ended)
}

// taken is what a command taken here did (DWAnswer).
func (dw *dwPart) taken(_ Command, before any, n int) Outcome {
	a := &DWAnswer{Before: before.(diskwars.State)}
	for _, e := range dw.game.Since(n) {
		a.Events = append(a.Events, e.Event)
	}
	return Outcome{DW: a}
}

// dwPlayed is the Diskwars game as a seat plays it (played).
type dwPlayed struct{ *diskwars.Game }

func (g dwPlayed) names() [2]string { return g.State().Names }

func (g dwPlayed) since(n int) json.RawMessage { return sinceJSON(g.Since(n)) }

func (g dwPlayed) accept(b json.RawMessage) error { return acceptJSON(b, g.Accept) }

func (g dwPlayed) encode(cmd any) (json.RawMessage, error) {
	c, err := commandOf[diskwars.Command](cmd, KindDiskwars)
	if err != nil {
		return nil, err
	}
	return diskwars.MarshalCommand(c)
}

func (g dwPlayed) decode(b json.RawMessage) (any, error) { return diskwars.UnmarshalCommand(b) }

func (g dwPlayed) actor(cmd any) (int, bool) {
	c, _ := cmd.(diskwars.Command)
	return diskwars.ActingSide(g.State(), c)
}

// decide has the Diskwars game take cmd, rolling the dice entered at the table (none: the
// game's own die), without saving it. A shot's dice are checked first (R-DW-5).
func (g dwPlayed) decide(cmd any, dice []int) error {
	c, err := commandOf[diskwars.Command](cmd, KindDiskwars)
	if err != nil {
		return err
	}
	if sh, ok := c.(diskwars.Shoot); ok {
		if err := diskwars.CheckShotDice(g.State(), sh, dice); err != nil {
			return err
		}
	}
	if len(dice) > 0 {
		d := diskwars.ScriptedDie(append([]int(nil), dice...))
		g.SetDie(&d)
		defer g.SetDie(nil)
	}
	return g.Do(c)
}

func (g dwPlayed) snapshot() ([]byte, error) { return g.MarshalJSON() }

func (g dwPlayed) state() any { return g.State() }

func (g dwPlayed) rolled(before any, b json.RawMessage, lang string) []string {
	var out []string
	for _, ev := range eventsOf[diskwars.Event](b) {
		if _, shot := ev.(diskwars.Shot); shot {
			out = append(out, diskwars.Line(lang, before.(diskwars.State), ev))
		}
	}
	return out
}

func (r SaveArmy) apply(s *Session) (Outcome, error) {
	sa := s.dw.find(r.ID)
	if sa == nil {
		return Outcome{}, nil
	}
	sa.Army = r.Army
	sa.Updated = time.Now().UnixMilli()
	s.dw.saveArmies()
	return Outcome{}, nil
}

func (r AddArmy) apply(s *Session) (Outcome, error) {
	a := r.Army
	a.Name = store.FreeName(a.Name, func(n string) bool {
		for _, sa := range s.dw.armies {
			if strings.EqualFold(sa.Army.Name, n) {
				return true
			}
		}
		return false
	})
	sa := store.SavedArmy{ID: "a" + newID()[1:], Army: a, Updated: time.Now().UnixMilli()}
	s.dw.armies = append(s.dw.armies, sa)
	if s.dw.saveArmies() && r.Notice != "" {
		s.say(fmt.Sprintf(s.T(r.Notice), a.Name))
	}
	if r.Open {
		return s.goTo(ScreenDWArmy + sa.ID), nil
	}
	return Outcome{}, nil
}

func (r DeleteArmy) apply(s *Session) (Outcome, error) {
	s.dw.deleteArmy(r.ID)
	return Outcome{}, nil
}

// deleteArmy forgets the army id and saves the armies.
func (dw *dwPart) deleteArmy(id string) {
	var kept []store.SavedArmy
	for _, sa := range dw.armies {
		if sa.ID != id {
			kept = append(kept, sa)
		}
	}
	dw.armies = kept
	dw.saveArmies()
}

// dropEmptyArmy forgets the army id if it holds no disc: "New army" saves one at once, so
// that its editor has it, and a player who leaves the editor without adding a disc keeps
// nothing.
func (dw *dwPart) dropEmptyArmy(id string) {
	if sa := dw.find(id); sa != nil && len(sa.Army.Discs) == 0 {
		dw.deleteArmy(id)
	}
}

func (r DWStart) apply(s *Session) (Outcome, error) {
	g, err := diskwars.NewGame(r.Setup)
	if err != nil {
		return Outcome{}, err
	}
	if err := s.shelf.keepBefore(&s.dw, false); err != nil {
		return Outcome{}, err
	}
	s.dw.game = g
	if first, err := json.Marshal(g.Log()[0]); err == nil {
		s.shelf.started(KindDiskwars, first, r.Armies, r.Players, func(id string) string {
			if a := s.dw.find(id); a != nil {
				return versionOf(a.Army)
			}
			return ""
		})
	}
	s.dw.seated().alone() // a new game is on this phone alone
	if s.dw.saveNow() {
		s.dw.setup = store.DWSetupDraft{}
		s.warnLater(s.store.SaveDWSetup(s.dw.setup))
	}
	st := g.State()
	s.say(fmt.Sprintf(s.T("%s activates first."), st.Names[st.Turn]))
	s.nav.spend()
	return s.goTo(ScreenDWGame), nil
}

func (DWEndGame) apply(s *Session) (Outcome, error) {
	if err := s.shelf.keepBefore(&s.dw, true); err != nil {
		return Outcome{}, err
	}
	s.dw.game = nil
	s.dw.seated().alone()
	s.dw.saveNow()
	return Outcome{}, nil
}

func (r SaveDWSetup) apply(s *Session) (Outcome, error) {
	s.dw.setup = r.Draft
	if s.dw.setup.Places == nil {
		s.dw.setup.Places = map[string][2]float64{}
	}
	if !r.Save {
		return Outcome{}, nil
	}
	return Outcome{}, s.store.SaveDWSetup(s.dw.setup)
}
