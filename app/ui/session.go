package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
	"gnosis/engine"
	"gnosis/engine/catalog"
	"gnosis/engine/fragment"
	"gnosis/engine/text"
)

// Session owns what the player keeps and the game in progress: it is the only code that
// sends commands to engine.Game (Do, Undo, Redo) and writes to the device (store.Save*),
// with one save policy: a change is saved as it is made, and the player is told when it is
// not on the device. It is not a component: the Shell holds it, the screens read it, and a
// screen changes it only by sending a request (send, a go-app action the Shell hands to
// Session.handle). After each change it publishes its version (stateVersion) for the
// screens that observe it.
type Session struct {
	store   *store.Store
	cat     *catalog.Catalog
	parties []store.SavedParty
	own     store.OwnCards
	game    *engine.Game
	prefs   store.Settings
	layout  store.TableLayout // the sketch of the table
	dw      dwData            // Warhammer: Diskwars: the armies and the game (dw-session.go)
	lang    string            // "en", "es" or "it": the player's choice, else the browser's
	base    string            // the app's address without fragment or query, for share links
	version int               // counts the changes, published as stateVersion

	notice      string // the last error or warning, shown until dismissed or read
	shown       string // the notice as the Shell last drew it, and on which screen
	shownOn     string
	said        string                   // a word of success, shown as a toast that goes by itself (say)
	saidCount   int                      // counts what say said, so that a toast's timer clears only its own
	trail       []string                 // the fragments of the screens gone through, the current last (Shell.OnNav)
	pushed      string                   // the fragment goTo navigated to: when go-app reports it, it goes on the trail
	kept        string                   // a storage notice: it stays until dismissed
	noticeAhead bool                     // the notice is for the screen goTo leads to
	offerBackup bool                     // the notice offers a backup to download
	problems    []*store.UnreadableError // saved records that could not be read, set aside
	aside       [][2]string              // records set aside earlier: key and text
	persist     string                   // whether the browser keeps the data: "", "granted", "not granted", "unsupported"
	where       string                   // where the records are kept (store.Opened.Where)
	keepless    bool                     // the browser keeps nothing: the app runs in memory
	updateReady bool                     // a new version is installed: offer a reload
	failure     string                   // a bug caught on its way out of a screen or a command

	savedParties   map[string]engine.PartyFile // the parties as the stored record holds them
	unsavedParties map[string]bool             // parties whose last change is not on the device

	editCard *engine.Card // a card to correct, for the cards screen to open

	restoring      *store.Restore // a backup being restored, a step per task of the page (restore.go)
	restoreEdits   int            // partiesEdits when the restore last took the saved parties
	restoreFn      app.Func       // the timer's callback of the next step
	partiesEdits   int            // counts the writes of the parties (saveParties)
	restorePct     int            // how far the restore has come, in percent, for the home screen
	restoreWritten bool           // the restored parties' record is written: the last step takes the rest
	restoreFailed  error          // why it could not be written

	rules        *rulesBook // the rules' summaries, once fetched (loadRules)
	rulesLoading bool
	rulesErr     string // why they could not be fetched
	rule         string // the rule whose summary is open over the screen (RuleSheet), or ""

	ctx      app.Context // the Shell's, to dispatch from JavaScript's timers and the counters' taps
	fast                 // the counters' taps answered in the tap's event (fast.go)
	wakeLock app.Value
}

// stateVersion is the go-app state the Session publishes after each change: its version.
// Screens observe it and redraw; their child components redraw only when their fields change.
const stateVersion = "gnosis.version"

// actSession is the go-app action that carries a screen's request to the Session.
const actSession = "gnosis.request"

// send hands a request (one of the request types below) to the Session, through the Shell.
func send(ctx app.Context, req any) { ctx.NewActionWithValue(actSession, req) }

// The requests a screen sends. Each is one change the Session makes and saves.
type (
	// doCmd sends Cmd to the game, with Dice rolled at the table (d10 faces in the order
	// engine.DiceFor lists them; none: the game's own die). Then, if given, is called with
	// the events when the game accepts it.
	doCmd struct {
		Cmd  engine.Command
		Dice []int
		Then func(before engine.State, evs []engine.Event)
	}
	undoRedo  struct{ Undo bool }
	startGame struct { // Setup.First < 0: who acts first is rolled in the game, Gnosis spent on it by each side
		Setup  engine.Setup
		Gnosis [2]bool
	}
	editParty struct {
		ID   string
		Edit func(*engine.PartyFile)
	}
	addParty struct { // a new, imported or shared party, saved under a free name
		File   engine.PartyFile
		Notice string // said once saved, with %s the party's name
		Open   bool   // go on to the builder
	}
	deleteParty struct{ ID string }
	editCards   struct{ Edit func(*store.OwnCards) string } // Edit returns what to say once saved
	editPrefs   struct{ Edit func(*store.Settings) }
	editLayout  struct {
		Edit func(*store.TableLayout)
		Save bool // false while a finger drags: saved when it lifts
	}
	restoreFile    struct{ Data []byte } // a backup file to restore, step by step
	notify         struct{ Text string } // an error or a warning: it stays until dismissed
	tell           struct{ Text string } // a word of success: a toast that goes by itself
	dismiss        struct{}
	discardProblem struct{ Problem *store.UnreadableError }
	deleteAside    struct{ Key string }
	askPersist     struct{}
	chooseOpponent struct{ Party *engine.PartyFile } // nil: no party from a link
	correctCard    struct{ Card engine.Card }        // open it in the card editor
	navigate       struct{ To string }               // a screen's fragment
	openRule       struct{ ID string }               // show a rule's summary over the screen; "": close it
	goBack         struct{}                          // the top bar's ‹: the screen before
	leaveFailure   struct{}
	reloadUpdate   struct{}
)

// handle makes the change a screen asked for (send), then publishes the new version.
func (s *Session) handle(ctx app.Context, a app.Action) {
	defer func() {
		if r := recover(); r != nil {
			s.caught(r)
		}
	}()
	switch r := a.Value.(type) {
	case dwRequest:
		r.apply(s, ctx)
	case doCmd:
		s.do(r)
	case undoRedo:
		s.undoRedo(r.Undo)
	case startGame:
		s.start(ctx, r.Setup, r.Gnosis)
	case editParty:
		s.editParty(r.ID, r.Edit)
	case addParty:
		s.addParty(ctx, r)
	case deleteParty:
		s.deleteParty(r.ID)
	case editCards:
		s.editCards(r.Edit)
	case editPrefs:
		r.Edit(&s.prefs)
		s.applySettings()
		if err := s.store.SaveSettings(s.prefs); err != nil {
			s.warn(err)
		}
	case editLayout:
		if s.layout.Positions == nil {
			s.layout.Positions = map[string][2]float64{}
		}
		r.Edit(&s.layout)
		if r.Save {
			if err := s.store.SaveTable(s.layout); err != nil {
				s.warn(err)
			}
		}
	case restoreFile:
		s.startRestore(r.Data)
	case notify:
		s.notice = r.Text
	case tell:
		s.say(r.Text)
	case dismiss:
		s.notice, s.offerBackup, s.kept = "", false, ""
	case discardProblem:
		s.discardProblem(r.Problem)
	case deleteAside:
		if err := s.store.DeleteAside(r.Key); err != nil {
			s.warn(err)
		}
		s.aside, _ = s.store.Aside()
	case askPersist:
		s.checkPersistence(ctx, true)
	case chooseOpponent:
		s.chooseOpponent(r.Party)
	case correctCard:
		card := r.Card
		s.goTo(ctx, screenCards)
		s.editCard = &card
	case navigate:
		s.goTo(ctx, r.To)
	case openRule:
		switch {
		case r.ID != "" && s.rule == "":
			s.page.Call("ruleOpened")
		case r.ID == "" && s.rule != "":
			s.page.Call("ruleClosed")
		}
		s.rule = r.ID
		if r.ID != "" {
			s.loadRules(ctx)
		}
	case goBack:
		s.back(ctx)
	case leaveFailure:
		s.failure = ""
		s.goTo(ctx, screenHome)
	case reloadUpdate:
		s.flushSave()
		ctx.Reload()
	default:
		panic(fmt.Sprintf("unknown request %T", a.Value))
	}
	s.publish(ctx)
}

// toastTime is how long a word of success stays on screen.
const toastTime = 4 * time.Second

// say shows text as a toast: a word of success, in neutral colours, drawn over the screen
// without catching taps, that goes by itself after toastTime. Errors and warnings are the
// notice instead: they stay, with what to do, until dismissed.
func (s *Session) say(text string) {
	s.said = text
	s.saidCount++
	n := s.saidCount
	s.ctx.After(toastTime, func(ctx app.Context) {
		if s.saidCount == n {
			s.said = ""
			s.publish(ctx)
		}
	})
}

// publish counts a change and tells the screens (stateVersion).
func (s *Session) publish(ctx app.Context) {
	s.version++
	ctx.SetState(stateVersion, s.version)
}

// open opens the device's storage (store.Open): IndexedDB, with the records of earlier
// versions moved into it. Where the browser keeps nothing the app runs in memory and says so;
// changes made in another tab reload the records here.
func (s *Session) open(ctx app.Context) {
	b, opened := store.Open()
	s.store, s.where = store.New(b), opened.Where
	s.store.TagSnapshots(app.Getenv("GOAPP_VERSION"))
	if app.IsClient {
		body().Call("setAttribute", "data-storage", opened.Where)
		if opened.Err != nil {
			app.Window().Get("console").Call("warn", "gnosis: storage: "+opened.Where+": "+opened.Err.Error())
		}
	}
	s.keepless = opened.Where == store.InMemory && opened.Err != nil
	if tabs, ok := b.(interface{ OnChange(func()) }); ok {
		tabs.OnChange(func() { ctx.Dispatch(s.reloadFromOtherTab) })
	}
	app.Window().Call("addEventListener", "storage", app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 && args[0].Get("key").Truthy() && !strings.HasPrefix(args[0].Get("key").String(), "gnosis.") {
			return nil
		}
		ctx.Dispatch(s.reloadFromOtherTab)
		return nil
	}))
}

// abilities are the special abilities printed on the card of the character named: the
// catalog's, or one of the player's own cards.
func (s *Session) abilities(name string) []engine.Ability {
	if card, ok := s.cat.Character(name); ok {
		return card.Abilities
	}
	for _, card := range s.own.Characters {
		if card.Name == name {
			return card.Abilities
		}
	}
	return nil
}

// load reads every record from the device. An unreadable record is set aside by the store
// and listed in s.problems; any other error is the notice.
func (s *Session) load() {
	var msgs []string
	note := func(err error) {
		var ue *store.UnreadableError
		switch {
		case errors.As(err, &ue):
			for _, p := range s.problems {
				if p.AsideKey == ue.AsideKey {
					return
				}
			}
			s.problems = append(s.problems, ue) // shown with its download link
		case err != nil:
			msgs = append(msgs, err.Error())
		}
	}
	ps, err := s.store.Parties()
	note(err)
	s.parties, s.savedParties = ps, snapshot(ps)
	own, err := s.store.Cards()
	note(err)
	s.own = own
	g, _, err := s.store.Game()
	note(err)
	s.game = g
	if app.IsClient {
		body().Call("setAttribute", "data-game-saved", s.store.Revision(store.GameKey))
	}
	set, err := s.store.Settings()
	note(err)
	s.prefs = set
	layout, err := s.store.Table()
	note(err)
	s.layout = layout
	s.loadDiskwars(note)
	s.aside, _ = s.store.Aside()
	if len(msgs) > 0 {
		s.notice = strings.Join(msgs, " ")
	}
}

// reloadFromOtherTab reads the records again after another tab changed them. A change of this
// tab not yet saved meets the other tab's first: ErrConflict says so.
func (s *Session) reloadFromOtherTab(ctx app.Context) {
	s.flushSave()
	s.load()
	s.publish(ctx)
}

// checkPersistence reads whether the browser has promised to keep the data, and with ask
// asks for that promise (navigator.storage.persist).
func (s *Session) checkPersistence(ctx app.Context, ask bool) {
	st := app.Window().Get("navigator").Get("storage")
	if !st.Truthy() || !st.Get("persist").Truthy() {
		s.persist = "unsupported"
		return
	}
	method := "persisted"
	if ask {
		method = "persist"
	}
	st.Call(method).Then(func(v app.Value) {
		granted := v.Truthy()
		ctx.Dispatch(func(ctx app.Context) {
			s.persist = map[bool]string{true: "granted", false: "not granted"}[granted]
			s.publish(ctx)
		})
	})
}

// applySettings sets the language: the player's choice, else the browser's.
func (s *Session) applySettings() {
	s.lang = s.prefs.Language
	if s.lang == "" {
		s.lang = text.Lang(app.Window().Get("navigator").Get("language").String())
	}
	app.Window().Get("document").Get("documentElement").Set("lang", s.lang)
}

// t translates an English text of the interface into the player's language.
func (s *Session) t(key string) string { return text.T(s.lang, key) }

// n is the count n in the player's language, with the catalogue's keys one (for 1) and other.
func (s *Session) n(n int, one, other string) string { return text.N(n, one, other).In(s.lang) }

// party is the saved party with that ID, or nil.
func (s *Session) party(id string) *store.SavedParty {
	for i := range s.parties {
		if s.parties[i].ID == id {
			return &s.parties[i]
		}
	}
	return nil
}

func (s *Session) resolve(p engine.PartyFile) (engine.Party, error) {
	return engine.ResolveParty(p, s.cat)
}

// goTo navigates to a screen, keeping the page's path (the app may live under a sub-path).
func (s *Session) goTo(ctx app.Context, fragment string) {
	s.editCard = nil
	s.noticeAhead = s.notice != "" && s.notice != s.shown // set on the way: it is for the next screen
	u := pageURL(ctx)
	u.Fragment, u.RawQuery = fragment, ""
	s.pushed = fragment
	ctx.NavigateTo(&u) // go-app reports the navigation later (Shell.OnNav, followTrail)
}

// followTrail keeps the trail of screens as the player goes through them: a screen goTo
// leads to goes on it; going Back to the screen before takes the last off; any other way
// to a screen (an address typed or opened, Forward) starts the trail anew there.
func (s *Session) followTrail(fragment string) {
	n, pushed := len(s.trail), s.pushed
	s.pushed = ""
	switch {
	case pushed != "" && pushed == fragment && (n == 0 || s.trail[n-1] != fragment):
		s.trail = append(s.trail, fragment)
	case n > 1 && s.trail[n-2] == fragment:
		s.trail = s.trail[:n-1]
	case n == 0 || s.trail[n-1] != fragment:
		s.trail = []string{fragment}
	}
}

// back goes to the screen before, as the browser's Back does (history.back), or home when
// the app was opened on this screen.
func (s *Session) back(ctx app.Context) {
	if len(s.trail) > 1 {
		app.Window().Get("history").Call("back")
		return
	}
	s.goTo(ctx, screenHome)
}

// do sends a command to the game with the dice entered, saves the log and reports a refusal.
func (s *Session) do(r doCmd) {
	if s.game == nil {
		return
	}
	before := s.game.State()
	if err := engine.CheckDice(before, r.Cmd, r.Dice); err != nil {
		s.warn(err)
		return
	}
	var d engine.Die
	if len(r.Dice) > 0 {
		d = engine.Script(r.Dice...)
	}
	n := s.game.Len()
	if !s.decide(r.Cmd, d) {
		return
	}
	s.saveSoon()
	var evs []engine.Event
	for _, e := range s.game.Since(n) {
		evs = append(evs, e.Event)
	}
	if _, order := r.Cmd.(engine.GiveOrder); order && r.Then == nil { // the assistant lists it itself
		// An order given from a button says what it did: who ordered what, at what cost in
		// Order points (its target, when it names one). R-ARB-1.
		s.say(strings.Join(engine.Describe(before, evs, s.lang), " · "))
	}
	if r.Then != nil {
		r.Then(before, evs)
	}
}

// decide has the game take cmd, rolling with d (the dice entered at the table) or with the
// game's own die when d is nil, without saving it (do saves at once, a counter's tap soon).
// It reports whether the game took it.
func (s *Session) decide(cmd engine.Command, d engine.Die) bool {
	if s.game == nil {
		return false
	}
	if d != nil {
		s.game.SetDie(d)
		defer s.game.SetDie(nil)
	}
	if err := s.game.Do(cmd); err != nil {
		s.warn(err)
		return false
	}
	s.answered()
	return true
}

// answered clears a refusal once a command is taken (a storage notice stays until dismissed)
// and buzzes when the player asked for it.
func (s *Session) answered() {
	if s.notice != s.kept {
		s.notice = ""
	}
	s.buzz()
}

func (s *Session) undoRedo(undo bool) {
	if s.game == nil {
		return
	}
	var err error
	if undo {
		err = s.game.Undo()
	} else {
		err = s.game.Redo()
	}
	if err != nil {
		s.warn(err)
		return
	}
	s.answered()
	s.saveSoon()
}

// start begins a game (replacing the one in progress) and goes to the tracker. With
// Setup.First < 0, who acts first is rolled in the game (engine.RollForFirst, with a Gnosis
// point of each side that spends one), its dice in the log.
func (s *Session) start(ctx app.Context, su engine.Setup, gnosis [2]bool) {
	roll := su.First < 0
	if roll {
		su.First = 0
	}
	g, err := engine.NewGame(su)
	if err != nil {
		s.warn(err)
		return
	}
	if roll {
		if err := g.Do(engine.RollForFirst{Gnosis: gnosis}); err != nil {
			s.warn(err)
			return
		}
	}
	s.game = g
	s.chooseOpponent(nil)
	first := g.State().Flow.First
	if len(su.Sides[first].Characters) == 0 { // not tracked: the phone has only the other side to pick from
		s.say(fmt.Sprintf(s.t("%s acts first, at the table: %s activates once they have."), su.Sides[first].Name, su.Sides[1-first].Name))
	} else {
		s.say(fmt.Sprintf(s.t("%s acts first."), su.Sides[first].Name))
	}
	s.saveGame()
	s.goTo(ctx, screenGame)
}

// chooseOpponent keeps p, a party from a link, as the next game's opponent (nil: none) in
// the settings on the device, so that a reload keeps the choice.
func (s *Session) chooseOpponent(p *engine.PartyFile) {
	if s.prefs.Opponent == nil && p == nil {
		return
	}
	s.prefs.Opponent = p
	if err := s.store.SaveSettings(s.prefs); err != nil {
		s.warn(err)
	}
}

// buzz vibrates briefly after a change in a game, when the player asked for it.
func (s *Session) buzz() {
	if s.prefs.Vibrate {
		if nav := app.Window().Get("navigator"); nav.Get("vibrate").Truthy() {
			nav.Call("vibrate", 15)
		}
	}
}

// saveParties writes the parties and says whether they are on the device now. On a failure
// the list in memory is kept (nothing the player did is lost while the tab is open), the
// parties that differ from the saved record are marked "not saved", and the notice stays
// with a backup to download.
func (s *Session) saveParties() bool {
	s.partiesEdits++
	err := s.store.SaveParties(s.parties)
	s.unsavedParties = map[string]bool{}
	if err == nil {
		s.savedParties = snapshot(s.parties)
		return true
	}
	for _, sp := range s.parties {
		if old, ok := s.savedParties[sp.ID]; !ok || !reflect.DeepEqual(old, sp.Party) {
			s.unsavedParties[sp.ID] = true
		}
	}
	s.warn(err)
	return false
}

// snapshot is what the parties record holds, by party ID.
func snapshot(ps []store.SavedParty) map[string]engine.PartyFile {
	m := make(map[string]engine.PartyFile, len(ps))
	for _, sp := range ps {
		m[sp.ID] = sp.Party
	}
	return m
}

func (s *Session) editParty(id string, edit func(*engine.PartyFile)) {
	sp := s.party(id)
	if sp == nil {
		return
	}
	edit(&sp.Party)
	sp.Updated = time.Now().UnixMilli()
	s.saveParties()
}

func (s *Session) addParty(ctx app.Context, r addParty) {
	f := r.File
	f.Name = s.freeName(f.Name)
	sp := store.SavedParty{ID: newID(), Party: f}
	s.parties = append(s.parties, sp)
	if s.saveParties() && r.Notice != "" {
		s.say(fmt.Sprintf(r.Notice, f.Name))
	}
	if r.Open {
		s.goTo(ctx, screenBuilder+sp.ID)
	}
}

func (s *Session) deleteParty(id string) {
	var kept []store.SavedParty
	for _, sp := range s.parties {
		if sp.ID != id {
			kept = append(kept, sp)
		}
	}
	s.parties = kept
	s.saveParties()
}

// freeName returns name, or "name (2)", "name (3)"… when a saved party has it.
func (s *Session) freeName(name string) string {
	return store.FreeName(name, func(n string) bool {
		for _, sp := range s.parties {
			if strings.EqualFold(sp.Party.Name, n) {
				return true
			}
		}
		return false
	})
}

func (s *Session) editCards(edit func(*store.OwnCards) string) {
	done := edit(&s.own)
	if err := s.store.SaveCards(s.own); err != nil {
		s.warn(err)
		return
	}
	if done != "" {
		s.say(done)
	}
}

// mergeText says in the player's language what a backup restore did (store.MergeReport).
func (s *Session) mergeText(r store.MergeReport) string {
	text := fmt.Sprintf(s.t("%s (%d under a new name), %d already saved; %s"),
		s.n(r.PartiesAdded, "%d party added", "%d parties added"), r.PartiesRenamed, r.PartiesSame,
		s.n(r.CardsAdded, "%d own card added", "%d own cards added"))
	if r.ArmiesAdded > 0 {
		text += "; " + s.n(r.ArmiesAdded, "%d Diskwars army added", "%d Diskwars armies added")
	}
	switch {
	case r.GameRestored:
		text += s.t("; the backup's game restored")
	case r.GameKept:
		text += s.t("; the game in progress was kept and the backup's game left out")
	}
	return text
}

// saveGame writes the game and says whether it is on the device now. The page's
// <body data-game-saved> is the game record's revision once it is on the device (a tap is
// acknowledged: a crash no longer loses it).
func (s *Session) saveGame() bool {
	s.savePending = false
	if err := s.store.SaveGame(s.game); err != nil {
		s.warn(err)
		return false
	}
	if app.IsClient {
		body().Call("setAttribute", "data-game-saved", s.store.Revision(store.GameKey))
	}
	return true
}

// warn shows a storage or rule error in the player's language. A change another tab made
// first wins: this tab reloads what is saved and says that its own last change was not kept.
// The error's own (English) detail goes to the console.
func (s *Session) warn(err error) {
	var ue *store.UnreadableError
	defer func() { s.kept = s.notice }()
	switch {
	case errors.Is(err, store.ErrConflict):
		s.load()
		s.notice = s.t("Another tab changed your data first. This screen now shows what is saved; do your last change again.")
	case errors.Is(err, store.ErrNotSaved):
		s.notice = s.t("Not saved on this device: the browser's storage is full or blocked.") + " " + s.t("Your changes stay on screen; free some space or download a backup.")
		s.offerBackup = true
	case errors.Is(err, store.ErrProtected), errors.As(err, &ue):
		s.notice = s.t("Not saved on this device: a saved record that could not be read is kept as it is. Download it, then discard it, and save again.")
		s.offerBackup = true
	default:
		s.notice = s.errText(err)
		return
	}
	if app.IsClient {
		app.Window().Get("console").Call("warn", "gnosis: "+err.Error())
	}
}

// errText is an error in the player's language: a rule the engine refused with
// (engine.RuleError.In), else the error's own text.
func (s *Session) errText(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.In(s.lang)
	}
	return err.Error()
}

// linkErrText is why a shared link cannot be read, in the player's language where the
// reason is a bound (fragment.ErrTooLong), else as errText says it.
func (s *Session) linkErrText(err error) string {
	if errors.Is(err, fragment.ErrTooLong) {
		return fmt.Sprintf(s.t("This link is longer than %d characters, more than a Gnosis link holds: it was not read."), fragment.MaxLink)
	}
	return s.errText(err)
}

// attrBackup marks a link that downloads a backup: the page script writes its address when it
// is tapped (window.gnosis.backupHref), so that no screen encodes every party at each redraw.
const attrBackup = "data-backup"

// provideBackup gives the page script the backup's address to write into a backup link when
// it is tapped (backupHref).
func (s *Session) provideBackup() {
	s.page.Call("provideBackup", attrBackup, app.FuncOf(func(app.Value, []app.Value) any { return s.backupHref() }))
}

// backupHref is a download of everything kept in memory, as "Back up everything" writes it.
func (s *Session) backupHref() string {
	bk := store.Backup{Version: 1, Kind: store.BackupKind, Parties: s.parties, Cards: s.own, Game: s.game, Settings: s.prefs, Armies: s.dw.armies}
	b, _ := json.Marshal(bk)
	return "data:application/json;charset=utf-8," + url.PathEscape(string(b))
}

// discardProblem forgets an unreadable record the player has downloaded (store.Discard).
func (s *Session) discardProblem(p *store.UnreadableError) {
	if err := s.store.Discard(p); err != nil {
		s.warn(err)
		return
	}
	for i, q := range s.problems {
		if q == p {
			s.problems = append(s.problems[:i:i], s.problems[i+1:]...)
			break
		}
	}
	s.aside, _ = s.store.Aside()
	if p.Kept && p.Key == store.PartiesKey && len(s.parties) > 0 {
		s.saveParties() // what the player did meanwhile is saved now
	}
}

// caught keeps a bug (a panic) caught on its way out of a screen or a command: it is logged
// with its stack on the console, and the Shell shows the failure screen instead of a frozen
// page. What is saved on the device is untouched.
func (s *Session) caught(r any) {
	s.failure = fmt.Sprint(r)
	if app.IsClient {
		app.Window().Get("console").Call("error", "gnosis: "+s.failure+"\n"+string(debug.Stack()))
	}
}

// guard catches a panic in a screen's Render: the screen draws the failure screen's
// message instead, and the Shell the failure screen once it draws again.
func (s *Session) guard(ui *app.UI) {
	if r := recover(); r != nil {
		s.caught(r)
		*ui = app.P().ID("failure").Class("bad").Role("alert").Text(s.failure)
	}
}

// keepAwake holds the Screen Wake Lock while a game is on screen, and lets it go
// elsewhere; the browser drops it when the tab is hidden, so it is asked for again.
func (s *Session) keepAwake(on bool) {
	wl := app.Window().Get("navigator").Get("wakeLock")
	if !wl.Truthy() {
		return
	}
	if !on {
		if s.wakeLock != nil && s.wakeLock.Truthy() {
			s.wakeLock.Call("release")
		}
		s.wakeLock = nil
		return
	}
	if s.wakeLock != nil && s.wakeLock.Truthy() && !s.wakeLock.Get("released").Bool() {
		return
	}
	wl.Call("request", "screen").Then(func(v app.Value) { s.wakeLock = v })
}

func newID() string { return "p" + strconv.FormatInt(newIDNumber(), 36) }

func newIDNumber() int64 { return time.Now().UnixNano() }
