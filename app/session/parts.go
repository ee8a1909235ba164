package session

import (
	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/engine/tabletop"
)

// The Session's parts. Each part keeps its own fields (partiesPart, cardsPart, …: the
// Session composes them) and has a view with its own small API (Parties, Cards, …: the methods
// on it), which reads and gives copies or read-only views, never what the part owns; app/ui
// gives each screen only the parts it draws from, and every change goes through Session.Do.
// Notices, the eighth part, is embedded: it keeps its own fields.
type (
	// Parties is the saved parties (parties.go, copies.go).
	Parties struct{ s *Session }
	// Cards is the catalog and the player's own cards (cards.go).
	Cards struct{ s *Session }
	// Settings is the player's settings and language, and how the device keeps the data
	// (settings.go).
	Settings struct{ s *Session }
	// Play is the Anima Tactics game in progress and the sketch of its table (game.go, table.go).
	Play struct{ s *Session }
	// Diskwars is the Warhammer: Diskwars armies, set-up and game (diskwars.go).
	Diskwars struct{ s *Session }
	// Pair is a game on two phones (duo.go).
	Pair struct{ s *Session }
	// Navigation is the way through the screens (nav.go).
	Navigation struct{ s *Session }
)

// Parties is the Session's saved parties.
func (s *Session) Parties() Parties { return Parties{s} }

// Cards is the Session's catalog and own cards.
func (s *Session) Cards() Cards { return Cards{s} }

// Settings is the Session's settings and language.
func (s *Session) Settings() Settings { return Settings{s} }

// Play is the Session's Anima Tactics game.
func (s *Session) Play() Play { return Play{s} }

// Diskwars is the Session's Diskwars armies and game.
func (s *Session) Diskwars() Diskwars { return Diskwars{s} }

// Pair is the Session's game on two phones.
func (s *Session) Pair() Pair { return Pair{s} }

// Navigation is the Session's trail of screens.
func (s *Session) Navigation() Navigation { return Navigation{s} }

// What each part keeps, and its records on the device (store keys).
type (
	// partiesPart is the saved parties (store.PartiesKey).
	partiesPart struct {
		list    []store.SavedParty
		saved   map[string]party.PartyFile // the parties as the stored record holds them
		unsaved map[string]bool            // parties whose last change is not on the device
		edits   int                        // counts the writes of the parties (saveParties)
		changes int                        // counts the changes of list, for copy
		copy    copyCache[[]store.SavedParty]
	}
	// cardsPart is the catalog and the player's own cards (store.CardsKey).
	cardsPart struct {
		cat     *catalog.Catalog
		own     store.OwnCards
		editing *anima.Card // a card to correct, for the cards screen to open
		changes int         // counts the changes of own, for copy
		copy    copyCache[store.OwnCards]
	}
	// settingsPart is the player's choices (store.SettingsKey) and how the device keeps them.
	settingsPart struct {
		prefs    store.Prefs
		lang     string // "en", "es" or "it": the player's choice, else the browser's
		where    string // where the records are kept (store.Opened.Where)
		keepless bool   // the browser keeps nothing: the app runs in memory
		persist  string // whether the browser keeps the data: "", "granted", "not granted", "unsupported"
		update   bool   // a new version is installed: offer a reload
	}
	// playPart is the Anima Tactics game (store.GameKey) and the sketch of its table
	// (store.TableKey).
	playPart struct {
		game        *anima.Game
		savePending bool // the game has a change the view will save after a frame (SaveNow)
		saving      int  // the game's saves being written (saveGame), for data-game-unsaved
		layout      tabletop.Layout
		seat        own // this phone's seat at the game (Session.seat)
	}
	// pairPart is a game on two phones (its link is saved in the game's record: store.SetLink)
	// and the games parked when this phone joined another's (store.ParkedKey).
	pairPart struct {
		duo    *duo         // nil: the games are on this phone alone (duo.go)
		parked store.Parked // the games parked when this phone joined another's (JoinTwoPhones)
	}
	// navPart is the way through the screens (kept in memory only).
	navPart struct {
		trail      []string // the fragments of the screens gone through, the current last
		pushed     string   // the fragment a Navigate outcome went to, until the view arrives there
		screen     string   // the fragment of the screen drawn now
		screenKind string   // that screen's fragment without its argument (Arrived.Screen)
	}
)
