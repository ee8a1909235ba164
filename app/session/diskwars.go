package session

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gnosis/app/store"
	"gnosis/engine/diskwars"
	"gnosis/engine/shelf"
)

// dwPart is the Session's Warhammer: Diskwars part: the armies kept on the device
// (store.ArmiesKey), the game in progress (store.DWGameKey: its owner, owner.go, holds it with
// this phone's seat at it), and the game being set up (store.DWSetupKey).
type dwPart struct {
	*room
	armies  []store.SavedArmy
	game    dwGame
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
	if !v.dw.game.has() {
		return nil // not a nil *diskwars.Game in an interface, which is not nil
	}
	return v.dw.game.g
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
	dw.game.load(g, err, note)
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

// dwGame is the Diskwars game's owner (owner.go).
type dwGame = game[*diskwars.Game, diskwars.Command, diskwars.Event, diskwars.State]

// dwRules are the Diskwars game's rules as its owner plays them: a change written at once
// (a game is a few kilobytes), kept on the shelf when the players end it (DWEndGame).
var dwRules = gameRules[*diskwars.Game, diskwars.Command, diskwars.Event, diskwars.State]{
	kind:  KindDiskwars,
	key:   store.DWGameKey,
	names: func(st diskwars.State) [2]string { return st.Names },
	rolled: func(before diskwars.State, evs []diskwars.Event, lang string) []string {
		var out []string
		for _, ev := range evs {
			if _, shot := ev.(diskwars.Shot); shot {
				out = append(out, diskwars.Line(lang, before, ev))
			}
		}
		return out
	},
	marshal:   diskwars.MarshalCommand,
	unmarshal: diskwars.UnmarshalCommand,
	load:      diskwars.LoadGame,
	keep:      shelf.KeepDiskwars,
	save:      (*store.Store).SaveDiskwarsGame,
	savedMark: "data-dw-saved",
}

// taken is what the view hears of a command taken here (DWAnswer).
func (dw *dwPart) taken(t turn[diskwars.Event, diskwars.State]) Outcome {
	out := t.out
	out.DW = &DWAnswer{Before: t.before, Events: t.events}
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
	if s.dw.addArmy(sa) && r.Notice != "" {
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

// addArmy keeps sa beside the armies and saves them (saveArmies).
func (dw *dwPart) addArmy(sa store.SavedArmy) bool {
	dw.armies = append(dw.armies, sa)
	return dw.saveArmies()
}

// deleteArmy forgets the army id and saves the armies.
func (dw *dwPart) deleteArmy(id string) {
	dw.armies = without(dw.armies, armyID, id)
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
	if err := s.shelf.keepBefore(s.dw.game.keptNow(false)); err != nil {
		return Outcome{}, err
	}
	s.dw.game.put(g)
	if first, err := json.Marshal(g.Log()[0]); err == nil {
		s.shelf.started(KindDiskwars, first, r.Armies, r.Players, func(id string) string {
			if a := s.dw.find(id); a != nil {
				return versionOf(a.Army)
			}
			return ""
		})
	}
	s.pair.alone(KindDiskwars) // a new game is on this phone alone
	if s.dw.game.saveNow() {
		s.warnLater(s.dw.clearSetup())
	}
	st := g.State()
	s.say(fmt.Sprintf(s.T("%s activates first."), st.Names[st.Turn]))
	s.nav.spend()
	return s.goTo(ScreenDWGame), nil
}

func (DWEndGame) apply(s *Session) (Outcome, error) {
	if err := s.shelf.keepBefore(s.dw.game.keptNow(true)); err != nil {
		return Outcome{}, err
	}
	s.pair.alone(KindDiskwars)
	s.dw.game.put(nil)
	s.dw.game.saveNow()
	return Outcome{}, nil
}

func (r SaveDWSetup) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.dw.putSetup(r.Draft, r.Save)
}

// clearSetup forgets the game set up, once it has started, on the device too (the error: not
// written).
func (dw *dwPart) clearSetup() error {
	dw.setup = store.DWSetupDraft{}
	return dw.store.SaveDWSetup(dw.setup)
}

// putSetup keeps d as the game being set up, written to the device when save (the error:
// not written).
func (dw *dwPart) putSetup(d store.DWSetupDraft, save bool) error {
	dw.setup = d
	if dw.setup.Places == nil {
		dw.setup.Places = map[string][2]float64{}
	}
	if !save {
		return nil
	}
	return dw.store.SaveDWSetup(dw.setup)
}
