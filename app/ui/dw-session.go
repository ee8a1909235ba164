package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
	"gnosis/engine/diskwars"
)

// Screens of Warhammer: Diskwars, named by the URL fragment.
const (
	screenDW       = "/dw"
	screenDWArmy   = "/dw/army/"
	screenDWShare  = "/dw/share/"
	screenDWNew    = "/dw/new"
	screenDWGame   = "/dw/game"
	screenDWShared = diskwars.ArmyFragmentKey // an army opened from a link: #dw=<payload>
)

// dwData is the Session's Diskwars part: the armies kept on the device, the game in progress
// and the game being set up. Like the rest of the Session, only the Session changes it.
type dwData struct {
	armies []store.SavedArmy
	game   *diskwars.Game
	setup  store.DWSetupDraft
}

// dwRequest is a Diskwars request a screen sends (send): the Session hands it its own self.
type dwRequest interface {
	apply(s *Session, ctx app.Context)
}

// The Diskwars requests.
type (
	// dwDo sends Cmd to the Diskwars game, with Dice rolled at the table (d6 results in the
	// order diskwars.ShotDice lists them; none: the game's own die). Then, if given, is called
	// with the state before and the events when the game takes it.
	dwDo struct {
		Cmd  diskwars.Command
		Dice []int
		Then func(before diskwars.State, evs []diskwars.Event)
	}
	dwUndoRedo struct{ Undo bool }
	dwEditArmy struct {
		ID   string
		Edit func(*diskwars.Army)
	}
	dwAddArmy struct { // a new or shared army, saved under a free name
		Army   diskwars.Army
		Notice string // said once saved, with %s the army's name
		Open   bool   // go on to its editor
	}
	dwDeleteArmy struct{ ID string }
	dwStart      struct{ Setup diskwars.Setup }
	dwEndGame    struct{}
	dwEditSetup  struct {
		Edit func(*store.DWSetupDraft)
		Save bool // false while a finger drags: saved when it lifts
	}
)

// army is the saved army with that ID, or nil.
func (s *Session) army(id string) *store.SavedArmy {
	for i := range s.dw.armies {
		if s.dw.armies[i].ID == id {
			return &s.dw.armies[i]
		}
	}
	return nil
}

// loadDiskwars reads the armies and the game from the device; note reports what could not be
// read (set aside by the store).
func (s *Session) loadDiskwars(note func(error)) {
	as, err := s.store.Armies()
	note(err)
	s.dw.armies = as
	g, err := s.store.DiskwarsGame()
	note(err)
	s.dw.game = g
	d, err := s.store.DWSetup()
	note(err)
	s.dw.setup = d
}

// saveArmies writes the armies and says whether they are on the device now; on a failure the
// list in memory is kept and the player is told.
func (s *Session) saveArmies() bool {
	if err := s.store.SaveArmies(s.dw.armies); err != nil {
		s.warn(err)
		return false
	}
	return true
}

// saveDWGame writes the Diskwars game's log at once (a game is a few kilobytes).
func (s *Session) saveDWGame() bool {
	if err := s.store.SaveDiskwarsGame(s.dw.game); err != nil {
		s.warn(err)
		return false
	}
	if app.IsClient {
		body().Call("setAttribute", "data-dw-saved", s.store.Revision(store.DWGameKey))
	}
	return true
}

func (r dwDo) apply(s *Session, ctx app.Context) {
	g := s.dw.game
	if g == nil {
		return
	}
	before := g.State()
	if sh, ok := r.Cmd.(diskwars.Shoot); ok {
		if err := diskwars.CheckShotDice(before, sh, r.Dice); err != nil {
			s.warn(err)
			return
		}
	}
	if len(r.Dice) > 0 {
		d := diskwars.ScriptedDie(append([]int(nil), r.Dice...))
		g.SetDie(&d)
		defer g.SetDie(nil)
	}
	n := len(g.Log())
	if err := g.Do(r.Cmd); err != nil {
		s.warn(err)
		return
	}
	s.answered()
	s.saveDWGame()
	if r.Then != nil {
		var evs []diskwars.Event
		for _, e := range g.Log()[n:] {
			evs = append(evs, e.Event)
		}
		r.Then(before, evs)
	}
}

func (r dwUndoRedo) apply(s *Session, ctx app.Context) {
	g := s.dw.game
	if g == nil {
		return
	}
	err := g.Redo
	if r.Undo {
		err = g.Undo
	}
	if e := err(); e != nil {
		s.warn(e)
		return
	}
	s.answered()
	s.saveDWGame()
}

func (r dwEditArmy) apply(s *Session, ctx app.Context) {
	sa := s.army(r.ID)
	if sa == nil {
		return
	}
	r.Edit(&sa.Army)
	sa.Updated = time.Now().UnixMilli()
	s.saveArmies()
}

func (r dwAddArmy) apply(s *Session, ctx app.Context) {
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
	if s.saveArmies() && r.Notice != "" {
		s.say(fmt.Sprintf(r.Notice, a.Name))
	}
	if r.Open {
		s.goTo(ctx, screenDWArmy+sa.ID)
	}
}

func (r dwDeleteArmy) apply(s *Session, ctx app.Context) { s.deleteArmy(r.ID) }

// deleteArmy forgets the army id and saves the armies.
func (s *Session) deleteArmy(id string) {
	var kept []store.SavedArmy
	for _, sa := range s.dw.armies {
		if sa.ID != id {
			kept = append(kept, sa)
		}
	}
	s.dw.armies = kept
	s.saveArmies()
}

// dropEmptyArmy forgets the army id if it holds no disc: "New army" saves one at once, so
// that its editor has it, and a player who leaves the editor without adding a disc keeps
// nothing.
func (s *Session) dropEmptyArmy(id string) {
	if sa := s.army(id); sa != nil && len(sa.Army.Discs) == 0 {
		s.deleteArmy(id)
	}
}

// apply starts a Diskwars game (replacing the one in progress) and goes to it.
func (r dwStart) apply(s *Session, ctx app.Context) {
	g, err := diskwars.NewGame(r.Setup)
	if err != nil {
		s.warn(err)
		return
	}
	s.dw.game = g
	if s.saveDWGame() {
		s.dw.setup = store.DWSetupDraft{}
		if err := s.store.SaveDWSetup(s.dw.setup); err != nil {
			s.warn(err)
		}
	}
	st := g.State()
	s.say(fmt.Sprintf(s.t("%s activates first."), st.Names[st.Turn]))
	s.goTo(ctx, screenDWGame)
}

// apply changes the game being set up, and keeps it on the device unless a finger is still
// dragging.
func (r dwEditSetup) apply(s *Session, ctx app.Context) {
	if s.dw.setup.Places == nil {
		s.dw.setup.Places = map[string][2]float64{}
	}
	r.Edit(&s.dw.setup)
	if r.Save {
		if err := s.store.SaveDWSetup(s.dw.setup); err != nil {
			s.warn(err)
		}
	}
}

func (r dwEndGame) apply(s *Session, ctx app.Context) {
	s.dw.game = nil
	s.saveDWGame()
}
