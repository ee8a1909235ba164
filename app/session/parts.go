package session

import (
	"time"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/engine/tabletop"
	"gnosis/engine/text"
)

// The Session's parts. Each part is a type with its own fields, its own load and save and its
// own methods (partiesPart, cardsPart, …); the Session only composes them, and a request is
// answered by the methods of the parts that own what it changes. Each part has a view with its
// own small API (Parties, Cards, …: the methods on it), made of pointers to the parts it reads
// and never to the Session, which reads and gives copies or read-only views, never what the
// part owns; app/ui gives each screen only the views it draws from, and every change goes
// through Session.Do. Notices, the ninth part, is embedded: it keeps its own fields.
type (
	// Parties is the saved parties (parties.go, copies.go).
	Parties struct{ p *partiesPart }
	// Cards is the catalog and the player's own cards (cards.go).
	Cards struct{ c *cardsPart }
	// Settings is the player's settings and language, and how the device keeps the data
	// (settings.go).
	Settings struct {
		p       *settingsPart
		restore *restoring
	}
	// Play is the Anima Tactics game in progress and the sketch of its table (game.go, table.go).
	Play struct{ p *playPart }
	// Diskwars is the Warhammer: Diskwars armies, set-up and game (diskwars.go).
	Diskwars struct{ dw *dwPart }
	// Pair is a game on two phones (pair.go).
	Pair struct{ p *pairPart }
	// Navigation is the way through the screens (nav.go).
	Navigation struct{ n *navPart }
	// Shelf is the kept games (shelf.go).
	Shelf struct{ p *shelfPart }
)

// Parties is the Session's saved parties.
func (s *Session) Parties() Parties { return Parties{&s.parties} }

// Cards is the Session's catalog and own cards.
func (s *Session) Cards() Cards { return Cards{&s.cards} }

// Settings is the Session's settings and language.
func (s *Session) Settings() Settings { return Settings{&s.settings, &s.restore} }

// Play is the Session's Anima Tactics game.
func (s *Session) Play() Play { return Play{&s.play} }

// Diskwars is the Session's Diskwars armies and game.
func (s *Session) Diskwars() Diskwars { return Diskwars{&s.dw} }

// Pair is the Session's game on two phones.
func (s *Session) Pair() Pair { return Pair{&s.pair} }

// Navigation is the Session's trail of screens.
func (s *Session) Navigation() Navigation { return Navigation{&s.nav} }

// Shelf is the Session's kept games.
func (s *Session) Shelf() Shelf { return Shelf{&s.shelf} }

// Event is the Session's club night.
func (s *Session) Event() Event { return Event{&s.event} }

// room is what every part is given as the Session makes it: the device's records, the page,
// the clock, the notices and the player's settings (to read: the language, the buzz). A part
// that meets a storage error while it saves gives it to warnLater; the Session says it once the
// request is answered (Session.Do), as it says the request's own.
type room struct {
	store    *store.Store
	browser  Browser
	clock    func() time.Time // Config.Clock
	notes    *Notices
	settings *settingsPart
	errs     []error // the storage errors met during the request (warnLater)
}

// now is the room's clock.
func (r *room) now() time.Time {
	if r.clock != nil {
		return r.clock()
	}
	return time.Now()
}

// T is an English text of the interface in the player's language.
func (r *room) T(key string) string { return text.T(r.settings.lang, key) }

// warnLater keeps err, met while saving, for the Session to say once the request is answered
// (Session.warn); nil is nothing.
func (r *room) warnLater(err error) {
	if err != nil {
		r.errs = append(r.errs, err)
	}
}

// answered clears a refusal once a command is taken (a storage notice stays until dismissed)
// and buzzes when the player asked for it.
func (r *room) answered() {
	if r.notes.notice != r.notes.kept {
		r.notes.notice = ""
	}
	if r.settings.prefs.Vibrate {
		r.browser.Vibrate(15)
	}
}

// log writes a warning to the console.
func (r *room) log(what string, err error) { r.browser.Log("warn", "gnosis: "+what+": "+err.Error()) }

// What each part keeps, and its records on the device (store keys).
type (
	// partiesPart is the saved parties (store.PartiesKey).
	partiesPart struct {
		*room
		list    []store.SavedParty
		saved   map[string]party.PartyFile // the parties as the stored record holds them
		unsaved map[string]bool            // parties whose last change is not on the device
		edits   int                        // counts the writes of the parties (save)
		changes int                        // counts the changes of list, for copy
		copy    copyCache[[]store.SavedParty]
	}
	// cardsPart is the catalog and the player's own cards (store.CardsKey).
	cardsPart struct {
		*room
		cat     *catalog.Catalog
		own     store.OwnCards
		editing *anima.Card // a card to correct, for the cards screen to open
		changes int         // counts the changes of own, for copy
		copy    copyCache[store.OwnCards]
	}
	// settingsPart is the player's choices (store.SettingsKey) and how the device keeps them.
	settingsPart struct {
		*room
		prefs    store.Prefs
		lang     string // "en", "es" or "it": the player's choice, else the browser's
		where    string // where the records are kept (store.Opened.Where)
		keepless bool   // the browser keeps nothing: the app runs in memory
		persist  string // whether the browser keeps the data: "", "granted", "not granted", "unsupported"
		update   bool   // a new version is installed: offer a reload
		joins    int    // counts the changes of the rounds joined (prefs.Event, Played): the nights played are counted again after one
	}
	// playPart is the Anima Tactics game (store.GameKey: its owner, owner.go, holds it with
	// its save and this phone's seat at it) and the sketch of its table (store.TableKey).
	playPart struct {
		*room
		game   atGame
		layout tabletop.Layout
	}
	// navPart is the way through the screens (kept in memory only).
	navPart struct {
		trail      []string // the fragments of the screens gone through, the current last
		pushed     string   // the fragment a Navigate outcome went to, until the view arrives there
		screen     string   // the fragment of the screen drawn now
		screenKind string   // that screen's fragment without its argument (Arrived.Screen)
		spent      string   // a set-up its game started from: Back from the game skips it (GoBack)
	}
)
