package session

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/core"
	"gnosis/engine/fragment"
	"gnosis/engine/shelf"
	"gnosis/engine/text"
)

// Browser is what the Session asks of the page it runs in. app/ui gives the browser's;
// tests give a fake that records the calls.
type Browser interface {
	// Language is the browser's language ("es-ES"), followed when the player chose none.
	Language() string
	// SetLanguage tells the page the language it is in now ("en", "es" or "it").
	SetLanguage(lang string)
	// Vibrate buzzes for ms milliseconds, where the device can.
	Vibrate(ms int)
	// Log writes to the console: level "warn" or "error".
	Log(level, text string)
	// Mark sets an attribute of the page's <body> that the end-to-end tests wait on
	// (data-game-saved: the game record's revision once on the device; data-game-unsaved while a
	// change of the game waits or is being written); value "" removes it.
	Mark(attr, value string)
}

// Request is one change a screen asks of the Session (Session.Do). Each request type is a
// plain value, with no function in it; its apply makes the change and saves it.
type Request interface {
	apply(s *Session) (Outcome, error)
}

// Outcome is what the view does after a request: where to go, what to schedule. A zero
// Outcome asks nothing.
type Outcome struct {
	Navigate bool        // go to the screen of fragment To
	To       string      // a screen's URL fragment, "" for home
	Back     bool        // go back as the browser's Back does (history.back)
	Twice    bool        // with Back: two screens back (history.go(-2)), past a set-up spent
	Reload   bool        // reload the page (a new version is installed, the game saved first)
	SaveSoon bool        // the game changed: send SaveNow once the frame that shows it is painted
	Toast    int         // a toast was said (Notices.Said): send ToastGone{Toast} after ToastTime
	Next     Request     // a long job's next step (a restore's, the lucks' read): send it once the page has handled what waits
	Quiet    bool        // nothing on screen changed: no redraw
	Taken    bool        // the game (Anima Tactics or Diskwars) took the command
	Sent     bool        // on two phones, the guest's command went to the host, which decides it
	Game     *GameAnswer // what an Anima Tactics command did
	DW       *DWAnswer   // what a Diskwars command did
	Messages [][]byte    // on two phones, the messages for the other phone, free to go (TakeOutgoing)
	Paired   bool        // a game is on two phones: its messages may wait (TakeOutgoing), its link's clock runs (LinkTick)
}

// GameAnswer is what an Anima Tactics command did: the state before it and its events.
type GameAnswer struct {
	Before anima.State
	Events []anima.Event
}

// ToastTime is how long a word of success stays on screen.
const ToastTime = 4 * time.Second

// Session owns what the player keeps and the game in progress: it is the only code that
// sends commands to anima.Game and diskwars.Game (Do, Undo, Redo) and writes to the device
// (store.Save*), with one save policy: a change is saved as it is made (a game's tap right
// after the frame that shows it), and the player is told when it is not on the device.
type Session struct {
	room               // what every part is given: the records, the page, the clock, the notices
	version int        // counts the requests applied
	restore restoring  // a backup being restored (backup.go)
	journal journaling // where the game's waiting change goes when the page goes (KeepJournal)

	// The parts, each with its own fields (parts.go).
	parties  partiesPart
	cards    cardsPart
	settings settingsPart
	play     playPart
	dw       dwPart // Warhammer: Diskwars (diskwars.go)
	pair     pairPart
	shelf    shelfPart
	event    eventPart  // the club night this phone runs (event.go)
	season   seasonPart // the club's season (season.go)
	nav      navPart
	games    games // the two games' parts (play, dw), by kind
	Notices        // the notice, the toast and the failure screen
}

// Config is what a Session is made with.
type Config struct {
	Backend store.Backend // where the records are kept
	Where   string        // store.Opened.Where
	OpenErr error         // why the device's storage could not be opened, if so
	Version string        // the app's version, stamped on the game's snapshots (store.TagSnapshots)
	Catalog *catalog.Catalog
	Browser Browser
	Clock   func() time.Time // the time, for a game on two phones (nil: time.Now)
	Journal store.Backend    // where the journal is kept when the page goes (localStorage), with the records in IndexedDB; nil: none
	// GiveJournalRoom frees room for the journal where its room is not enough (the copy of the
	// last screen gives its own); nil: nothing to free.
	GiveJournalRoom func()
}

// New is a Session over the records of c.Backend. It reads every record (load).
func New(c Config) *Session {
	s := &Session{}
	s.room = room{store: store.New(c.Backend), browser: c.Browser, clock: c.Clock, notes: &s.Notices, settings: &s.settings}
	r := &s.room
	where, openErr, browser := c.Where, c.OpenErr, c.Browser
	// Each part is given its room, and the parts it asks (the game's shelf, the pair's games).
	s.parties, s.cards, s.event, s.season = partiesPart{room: r}, cardsPart{room: r, cat: c.Catalog}, eventPart{room: r}, seasonPart{room: r}
	s.settings = settingsPart{room: r, where: where, keepless: where == store.InMemory && openErr != nil}
	s.play = playPart{room: r, game: atGame{room: r, rules: &atRules, shelf: &s.shelf}}
	s.dw = dwPart{room: r, game: dwGame{room: r, rules: &dwRules, shelf: &s.shelf}}
	s.games = games{at: &s.play, dw: &s.dw}
	s.pair, s.shelf = pairPart{room: r, games: s.games}, shelfPart{room: r, pair: &s.pair}
	s.store.TagSnapshots(c.Version)
	browser.Mark("data-storage", where)
	if openErr != nil {
		browser.Log("warn", "gnosis: storage: "+where+": "+openErr.Error())
	}
	s.load()
	s.store.Loaded()
	s.settings.setLanguage()
	if where == store.InIndexedDB && c.Journal != nil {
		s.journal = journaling{to: c.Journal, giveRoom: c.GiveJournalRoom}
		s.journal.reserve(r)
	}
	return s
}

// reserve keeps the journal's room (store.ReserveJournal) and says at once when it
// cannot: a change made just before the page goes could then be lost. A journal the last page
// could not write is said too.
func (j journaling) reserve(r *room) {
	lost := store.JournalLost(j.to)
	err := store.ReserveJournal(j.to)
	n := r.notes
	switch {
	case lost:
		n.notice = r.T("The last change before Gnosis closed was not kept: the browser's storage was full.") + " " + r.T("Free some space on this device.")
	case err != nil:
		n.notice = r.T("The browser's storage is full: a change made just before Gnosis closes could be lost.") + " " + r.T("Free some space on this device.")
	default:
		return
	}
	n.kept = n.notice
	if err != nil {
		r.log("journal", err)
	}
}

// Do applies a request and answers what the view must do next. A request the engine or the
// store refuses sets the notice (warn); a bug (a panic) is caught and shows the failure
// screen, with nothing saved changed.
func (s *Session) Do(r Request) (out Outcome) {
	defer func() {
		if p := recover(); p != nil {
			s.caught(p)
			out = Outcome{}
		}
	}()
	s.version++
	s.errs = nil
	out, err := r.apply(s)
	if s.nav.screenKind == ScreenPlayed { // counted again in the request that shows it, if anything changed
		s.shelf.countPlayed()
	}
	for _, e := range s.errs { // the parts' saves', then the request's own
		s.warn(e)
	}
	s.errs = nil
	if err != nil {
		s.warn(err)
	}
	out.Paired = s.games.seated()
	if s.Notices.toastPending {
		s.Notices.toastPending = false
		out.Toast = s.Notices.saidCount
	}
	if !out.Navigate && !out.Back {
		// The view draws the notice on the screen it shows: read there, it goes when the
		// player goes to another (Arrived); one set on the way to a screen is that screen's.
		s.shown, s.shownOn = s.notice, s.nav.screenKind
	}
	return out
}

// games are the two games' parts, by kind, for what the shelf and a game on two phones ask of
// either.
type games struct {
	at *playPart
	dw *dwPart
}

// has reports whether the game of kind (KindAnima, KindDiskwars) is in progress.
func (g games) has(kind string) bool {
	if kind == KindDiskwars {
		return g.dw.game.has()
	}
	return g.at.game.has()
}

// seated reports whether this phone sits at either game through a seat: a game is on two
// phones (Outcome.Paired). On one phone no seat is made.
func (g games) seated() bool { return g.at.game.seat != nil || g.dw.game.seat != nil }

// keptNow is the game of kind in progress as the shelf keeps it (game.keptNow).
func (g games) keptNow(kind string, ended bool) (shelf.Kept, error) {
	if kind == KindDiskwars {
		return g.dw.game.keptNow(ended)
	}
	return g.at.game.keptNow(ended)
}

// Version counts the requests applied: a view redraws when it changes.
func (s *Session) Version() int { return s.version }

// load reads every record from the device, each part its own (load). An unreadable record is
// set aside by the store and listed in Problems; any other error is the notice.
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
			msgs = append(msgs, s.Settings().ErrText(err))
		}
	}
	s.parties.load(s.store, note)
	s.cards.load(s.store, note)
	s.play.load(s.store, note)
	s.browser.Mark("data-game-saved", strconv.Itoa(s.store.Revision(store.GameKey)))
	s.settings.load(s.store, note)
	s.dw.load(s.store, note)
	s.pair.load(s.store, note) // after the games: it sits this phone at the one it links
	s.shelf.load(s.store, note)
	s.event.load(s.store, note)
	s.season.load(s.store, note)
	s.aside, _ = s.store.Aside()
	if len(msgs) > 0 {
		s.notice = strings.Join(msgs, " ")
	}
}

// warn shows a storage or rule error in the player's language. A change another tab made
// first wins: this tab reloads what is saved and says that its own last change was not kept.
// The error's own detail goes to the console.
func (s *Session) warn(err error) {
	var ue *store.UnreadableError
	defer func() { s.kept = s.notice }()
	switch {
	case errors.Is(err, store.ErrConflict):
		s.load()
		s.notice = s.T("Another tab changed your data first. This screen now shows what is saved; do your last change again.")
	case errors.Is(err, errNotKept), errors.Is(err, errSeasonNotKept): // the club night's or the season's change, not made: its own words
		s.notice = s.Settings().ErrText(err)
		s.offerBackup = true
	case errors.Is(err, store.ErrNotSaved):
		s.notice = s.T("Not saved on this device: the browser's storage is full or blocked.") + " " + s.T("Your changes stay on screen; free some space or download a backup.")
		s.offerBackup = true
	case errors.Is(err, store.ErrProtected), errors.As(err, &ue):
		s.notice = s.T("Not saved on this device: a saved record that could not be read is kept as it is. Download it, then discard it, and save again.")
		s.offerBackup = true
	default:
		s.notice = s.Settings().ErrText(err)
		return
	}
	s.browser.Log("warn", "gnosis: "+err.Error())
}

// errText is Settings.ErrText in lang.
func errText(err error, lang string) string {
	var re *core.RuleError
	switch {
	case errors.As(err, &re):
		return re.In(lang)
	case errors.Is(err, fragment.ErrTooLong):
		return fmt.Sprintf(text.T(lang, "This link is longer than %d characters, more than a Gnosis link holds: it was not read."), fragment.MaxLink)
	}
	return err.Error()
}

// caught keeps a bug (a panic) caught on its way out of a screen or a request (Failed, Do): it
// is logged with its stack on the console, and the view shows the failure screen instead of a
// frozen page. What is saved on the device is untouched.
func (s *Session) caught(p any) {
	s.failure = fmt.Sprint(p)
	s.browser.Log("error", "gnosis: "+s.failure+"\n"+string(debug.Stack()))
}

// goTo is the outcome of going to a screen: the notice set on the way is for that screen.
func (s *Session) goTo(fragment string) Outcome {
	s.cards.leave()
	s.noticeAhead = s.notice != "" && s.notice != s.shown
	s.nav.push(fragment)
	return Outcome{Navigate: true, To: fragment}
}

// newID is a new party's ID: "p" and the time in base 36.
func newID() string { return "p" + strconv.FormatInt(newIDNumber(), 36) }

// newIDNumber is the number of newID; the time, unless a test sets it.
var newIDNumber = func() int64 { return time.Now().UnixNano() }
