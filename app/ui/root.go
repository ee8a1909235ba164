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

	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
	"gnosis/engine"
	"gnosis/engine/catalog"
	"gnosis/engine/share"
)

// Screens, named by the URL fragment.
const (
	screenHome    = ""
	screenBuilder = "/party/"
	screenStart   = "/start/"
	screenShare   = "/share/"
	screenGame    = "/game"
	screenCards   = "/cards"
	screenHistory = "/history"
	screenTable   = "/table"
	screenShared  = share.FragmentKey // a party opened from a link: #p=<payload>
)

// Root is the app's one routed component: it owns the stored data and shows one screen.
type Root struct {
	app.Compo

	store   *store.Store
	cat     *catalog.Catalog
	parties []store.SavedParty
	game    *engine.Game
	own     store.OwnCards
	lang    string // the browser's language, for messages: "en", "es" or "it"

	screen  string // one of the screen constants
	base    string // the app's address without fragment or query, for share links
	partyID string // the party shown by the builder, start or share screen

	search       string
	organization string
	faction      string
	category     string
	maxLevel     int
	opponent     string // start screen: "" (not tracked), a party ID, or sharedOpponent
	scenario     string // start screen: the scenario ("" standard)
	first        string // start screen: "" rolled, "0" or "1"
	turns        string // start screen: "" ten turns, or a shorter game

	shared         *engine.PartyFile // the party of the link being shown
	sharedErr      string            // why the link being shown cannot be read
	opponentShared *engine.PartyFile // a party from a link chosen as the next opponent

	confirmDelete string // the party whose delete button was tapped once

	detail   *engine.Card      // the card shown in the card view, if any
	editor   *cardEditor       // the own card being edited on the cards screen, if any
	combat   *combatDraft      // the combat assistant, when open
	layout   store.TableLayout // the sketch of the table
	selected string            // the model selected on the sketch ("side/index")
	dragging string            // what the finger moves on the sketch: "m"+ref or "t"+index
	dragFrom r2.Point          // where the finger was, in centimetres
	phase    *phaseDraft       // the next phase's steps, when shown

	ctx           app.Context // the Root's own context, to dispatch an update from JavaScript's timers
	lastTap       time.Time   // the last tap answered directly (tapCounter)
	redrawPending bool        // a redraw is due once taps pause (redrawSoon)
	redrawFn      app.Func    // the timer's callback of redrawSoon
	savePending   bool        // the game has a change to save (saveSoon)
	saveFn        app.Func    // save a waiting change now (saveWhenHidden, saveSoon)
	afterFrameFn  app.Value   // saveSoon's callback in the frame: save when the browser is next idle

	prefs    store.Settings
	wakeLock app.Value // the screen wake lock held during a game

	failure string // a bug caught on its way out of a screen or a command (caught)

	savedParties   map[string]engine.PartyFile // the parties as the stored record holds them
	unsavedParties map[string]bool             // parties whose last change is not on the device
	offerBackup    bool                        // the notice offers a backup to download
	aside          [][2]string                 // records set aside earlier: key and text
	updateReady    bool                        // a new version is installed: offer a reload

	notice      string // the last error or warning, shown until dismissed
	shown       string // the notice as last drawn, and on which screen
	shownOn     string
	problems    []*store.UnreadableError // saved records that could not be read, set aside
	persist     string                   // whether the browser keeps the data: "", "granted" or "not granted"
	where       string                   // where the records are kept (store.Opened.Where)
	keepless    bool                     // the browser keeps nothing: the app runs in memory
	kept        string                   // a storage notice: it stays until dismissed
	noticeAhead bool                     // the notice was set for the screen goTo leads to
	patched     map[[3]int]bool          // counters tapCounter wrote to the page since the last Render: side, index, gnosis
	mounted     bool
}

// OnMount loads the saved data and marks <body data-ready> once the first screen is drawn
// (end-to-end tests wait on it; its value is the time since navigation, in milliseconds).
func (c *Root) OnMount(ctx app.Context) {
	c.ctx = ctx
	c.cat = catalog.Default()
	c.openStore(ctx)
	if msg := c.load(); msg != "" {
		c.notice = msg
	}
	c.applySettings()
	c.mounted = true
	c.readScreen(ctx)
	c.listenToOtherTabs(ctx)
	c.saveWhenHidden(ctx)
	c.listenToCounterTaps()
	c.checkPersistence(ctx, false)
	ctx.Defer(func(app.Context) {
		now := app.Window().Get("performance").Call("now").Float()
		app.Window().Get("document").Get("body").Call("setAttribute", "data-ready", strconv.FormatFloat(now, 'f', 0, 64))
	})
	gnosisJS().Call("tryUpdate")
	ctx.Async(func() {
		for range time.Tick(30 * time.Minute) {
			gnosisJS().Call("tryUpdate")
		}
	})
}

// openStore opens the device's storage (store.Open): IndexedDB, with the records of earlier
// versions moved into it. Where the browser keeps nothing the app runs in memory and says so;
// changes made in another tab reload the records here (listenToOtherTabs).
func (c *Root) openStore(ctx app.Context) {
	b, opened := store.Open()
	c.store, c.where = store.New(b), opened.Where
	if app.IsClient {
		app.Window().Get("document").Get("body").Call("setAttribute", "data-storage", opened.Where)
		if opened.Err != nil {
			app.Window().Get("console").Call("warn", "gnosis: storage: "+opened.Where+": "+opened.Err.Error())
		}
	}
	if opened.Where == store.InMemory && opened.Err != nil {
		c.keepless = true
	}
	if tabs, ok := b.(interface{ OnChange(func()) }); ok {
		tabs.OnChange(func() { ctx.Dispatch(c.reloadFromOtherTab) })
	}
}

// load reads every record from the device and returns what could not be read, for the
// notice. An unreadable record is set aside by the store and listed in c.problems.
func (c *Root) load() string {
	var msgs []string
	note := func(err error) {
		var ue *store.UnreadableError
		switch {
		case errors.As(err, &ue):
			for _, p := range c.problems {
				if p.AsideKey == ue.AsideKey {
					return
				}
			}
			c.problems = append(c.problems, ue) // shown with its download link
		case err != nil:
			msgs = append(msgs, err.Error())
		}
	}
	ps, err := c.store.Parties()
	note(err)
	c.parties, c.savedParties = ps, snapshot(ps)
	own, err := c.store.Cards()
	note(err)
	c.own = own
	g, _, err := c.store.Game()
	note(err)
	c.game = g
	if app.IsClient {
		app.Window().Get("document").Get("body").Call("setAttribute", "data-game-saved", c.store.Revision(store.GameKey))
	}
	set, err := c.store.Settings()
	note(err)
	c.prefs = set
	layout, err := c.store.Table()
	note(err)
	c.layout = layout
	c.aside, _ = c.store.Aside()
	return strings.Join(msgs, " ")
}

// saveSoon saves the game once the browser has painted the frame of a tap (an animation
// frame, then the browser's next idle time), or after 100 ms if no frame comes (a hidden
// tab), or at once when the page is hidden (saveWhenHidden): the player sees the change
// first, and it is on the device a frame later. Any other save in between saves it too.
func (c *Root) saveSoon() {
	if c.savePending {
		return
	}
	c.savePending = true
	if c.afterFrameFn == nil {
		// In the frame, a JavaScript function (no call into Go before the paint) asks for
		// the save when the browser is next idle, after this frame.
		c.afterFrameFn = gnosisJS().Call("afterFrame", c.saveFn)
	}
	app.Window().Call("requestAnimationFrame", c.afterFrameFn)
	app.Window().Call("setTimeout", c.saveFn, 100)
}

// flushSave saves the game if saveSoon has a change waiting.
func (c *Root) flushSave() {
	if c.savePending && c.game != nil {
		c.saveGame()
	}
}

// saveWhenHidden makes c.saveFn, which saves a change saveSoon keeps waiting (and redraws
// only if the save brought a notice), and calls it when the page is hidden: the browser may
// freeze or close it next. When the page goes, journal keeps what waits.
func (c *Root) saveWhenHidden(ctx app.Context) {
	c.saveFn = app.FuncOf(func(app.Value, []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) {
			if !c.savePending || c.game == nil || c.saveGame() {
				ctx.PreventUpdate() // saved: the screen already shows it
			}
		})
		return nil
	})
	app.Window().Call("addEventListener", "pagehide", app.FuncOf(func(app.Value, []app.Value) any {
		c.journal()
		return nil
	}))
	app.Window().Get("document").Call("addEventListener", "visibilitychange", c.saveFn)
}

// journal keeps what is not yet on the device when the page goes (a reload, a closed tab):
// IndexedDB's writes finish after the page's last event, so what waits is written to
// localStorage's journal at once, and the next start commits it (store.Journal, store.Replay).
// In localStorage itself the save is made at once.
func (c *Root) journal() {
	if c.store == nil {
		return
	}
	if c.where != store.InIndexedDB {
		if c.savePending && c.game != nil {
			c.saveGame()
		}
		return
	}
	if err := c.store.Journal(store.LocalStorage(), c.game); err != nil {
		app.Window().Get("console").Call("warn", "gnosis: journal: "+err.Error())
	}
}

// listenToOtherTabs reloads the records when another tab changes them (the storage event),
// so that two open tabs show the same parties and game.
func (c *Root) listenToOtherTabs(ctx app.Context) {
	app.Window().Call("addEventListener", "storage", app.FuncOf(func(this app.Value, args []app.Value) any {
		key := ""
		if len(args) > 0 && args[0].Get("key").Truthy() {
			key = args[0].Get("key").String()
		}
		if key != "" && !strings.HasPrefix(key, "gnosis.") {
			return nil
		}
		ctx.Dispatch(c.reloadFromOtherTab)
		return nil
	}))
}

// reloadFromOtherTab reads the records again after another tab changed them. A change of this
// tab not yet saved meets the other tab's first: ErrConflict says so.
func (c *Root) reloadFromOtherTab(ctx app.Context) {
	c.flushSave()
	if msg := c.load(); msg != "" {
		c.notice = msg
	}
	c.readScreen(ctx)
}

// checkPersistence reads whether the browser has promised to keep the data, and with ask
// asks for that promise (navigator.storage.persist).
func (c *Root) checkPersistence(ctx app.Context, ask bool) {
	st := app.Window().Get("navigator").Get("storage")
	if !st.Truthy() || !st.Get("persist").Truthy() {
		c.persist = "unsupported"
		return
	}
	method := "persisted"
	if ask {
		method = "persist"
	}
	st.Call(method).Then(func(v app.Value) {
		granted := v.Truthy()
		ctx.Dispatch(func(app.Context) {
			c.persist = map[bool]string{true: "granted", false: "not granted"}[granted]
		})
	})
}

// OnNav shows the screen that the URL fragment names, from its top.
func (c *Root) OnNav(ctx app.Context) {
	before, party := c.screen, c.partyID
	c.readScreen(ctx)
	if c.noticeAhead {
		c.noticeAhead = false // goTo's notice is for this screen
	} else if c.notice != "" && c.notice == c.shown && c.shownOn != c.screen {
		c.notice = "" // it was read on the screen it belonged to
	}
	if c.mounted && (c.screen != before || c.partyID != party) {
		ctx.Defer(func(app.Context) { app.Window().Call("scrollTo", 0, 0) })
	}
}

func (c *Root) readScreen(ctx app.Context) {
	u := pageURL(ctx)
	f := u.Fragment
	u.Fragment, u.RawQuery = "", ""
	c.base = u.String()
	switch {
	case strings.HasPrefix(f, screenBuilder):
		c.screen, c.partyID = screenBuilder, strings.TrimPrefix(f, screenBuilder)
	case strings.HasPrefix(f, screenStart):
		c.screen, c.partyID = screenStart, strings.TrimPrefix(f, screenStart)
	case strings.HasPrefix(f, screenShare):
		c.screen, c.partyID = screenShare, strings.TrimPrefix(f, screenShare)
	case strings.HasPrefix(f, screenShared):
		c.screen = screenShared
		c.openLink(f)
	case f == screenGame:
		c.screen = screenGame
	case f == screenCards:
		c.screen = screenCards
	case f == screenHistory:
		c.screen = screenHistory
	case f == screenTable:
		c.screen = screenTable
	default:
		c.screen = screenHome
	}
	if c.mounted && (c.screen == screenBuilder || c.screen == screenStart || c.screen == screenShare) && c.party() == nil {
		c.screen = screenHome
	}
	if c.mounted && (c.screen == screenGame || c.screen == screenHistory || c.screen == screenTable) && c.game == nil {
		c.screen = screenHome
	}
	if c.mounted {
		c.keepAwake(c.screen == screenGame)
	}
}

// pageURL is the page's address; an address that cannot be read (web/gnosis.js repairs the
// usual cause, a stray percent sign) reads as the app's home at its path.
func pageURL(ctx app.Context) url.URL {
	if u := ctx.Page().URL(); u != nil {
		return *u
	}
	loc := app.Window().Get("location")
	return url.URL{Scheme: strings.TrimSuffix(loc.Get("protocol").String(), ":"), Host: loc.Get("host").String(), Path: loc.Get("pathname").String()}
}

// openLink decodes the party of a link; a link that cannot be read keeps its reason.
func (c *Root) openLink(fragment string) {
	c.shared, c.sharedErr = nil, ""
	if c.cat == nil {
		return // the server prerenders: the link is read once the app mounts
	}
	f, err := share.Decode(fragment, c.cat)
	if err != nil {
		c.sharedErr = err.Error()
		return
	}
	if _, err := c.resolve(f); err != nil {
		c.sharedErr = share.ErrBadLink.Error() + ": " + err.Error()
		return
	}
	c.shared = &f
}

// goTo navigates to a screen, keeping the page's path (the app may live under a sub-path).
func (c *Root) goTo(ctx app.Context, fragment string) {
	c.noticeAhead = c.notice != "" && c.notice != c.shown // set on the way: it is for the next screen
	u := pageURL(ctx)
	u.Fragment, u.RawQuery = fragment, ""
	ctx.NavigateTo(&u)
}

func (c *Root) party() *store.SavedParty {
	for i := range c.parties {
		if c.parties[i].ID == c.partyID {
			return &c.parties[i]
		}
	}
	return nil
}

func (c *Root) resolve(p engine.PartyFile) (engine.Party, error) {
	return engine.ResolveParty(p, c.cat)
}

// saveParties writes the parties and says whether they are on the device now. On a failure
// the list in memory is kept (nothing the player did is lost while the tab is open), the
// parties that differ from the saved record are marked "not saved", and the notice stays
// with a backup to download.
func (c *Root) saveParties() bool {
	err := c.store.SaveParties(c.parties)
	c.unsavedParties = map[string]bool{}
	if err == nil {
		c.savedParties = snapshot(c.parties)
		return true
	}
	for _, sp := range c.parties {
		if old, ok := c.savedParties[sp.ID]; !ok || !reflect.DeepEqual(old, sp.Party) {
			c.unsavedParties[sp.ID] = true
		}
	}
	c.warn(err)
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

// saveCards writes the own cards and says whether they are on the device now.
func (c *Root) saveCards() bool {
	err := c.store.SaveCards(c.own)
	if err != nil {
		c.warn(err)
	}
	return err == nil
}

// saveGame writes the game and says whether it is on the device now. The page's
// <body data-game-saved> is the game record's revision once it is on the device (a tap is
// acknowledged: a crash no longer loses it).
func (c *Root) saveGame() bool {
	c.savePending = false
	err := c.store.SaveGame(c.game)
	if err != nil {
		c.warn(err)
		return false
	}
	if app.IsClient {
		app.Window().Get("document").Get("body").Call("setAttribute", "data-game-saved", c.store.Revision(store.GameKey))
	}
	return true
}

// warn shows a storage or rule error in the player's language. A change another tab made
// first wins: this tab reloads what is saved and says that its own last change was not kept.
// The error's own (English) detail goes to the console.
func (c *Root) warn(err error) {
	var ue *store.UnreadableError
	defer func() { c.kept = c.notice }()
	switch {
	case errors.Is(err, store.ErrConflict):
		c.load()
		c.notice = c.t("Another tab changed your data first. This screen now shows what is saved; do your last change again.")
	case errors.Is(err, store.ErrNotSaved):
		c.notice = c.t("Not saved on this device: the browser's storage is full or blocked.") + " " + c.t("Your changes stay on screen; free some space or download a backup.")
		c.offerBackup = true
	case errors.Is(err, store.ErrProtected), errors.As(err, &ue):
		c.notice = c.t("Not saved on this device: a saved record that could not be read is kept as it is. Download it, then discard it, and save again.")
		c.offerBackup = true
	default:
		c.notice = c.errText(err)
		return
	}
	if app.IsClient {
		app.Window().Get("console").Call("warn", "gnosis: "+err.Error())
	}
}

// errText is an error in the player's language: a rule the engine refused with
// (engine.RuleError.In), else the error's own text.
func (c *Root) errText(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.In(c.lang)
	}
	return err.Error()
}

// do sends a command to the game, saves the log and reports a refusal.
func (c *Root) do(cmd engine.Command) { c.doWith(cmd, nil) }

// doWith sends a command rolling with d (the dice entered at the table), or with the
// game's own die when d is nil, and saves the game. It reports whether the command was
// accepted.
func (c *Root) doWith(cmd engine.Command, d engine.Die) bool {
	if !c.decide(cmd, d) {
		return false
	}
	c.saveGame()
	return true
}

// decide is doWith without the save, for a caller that saves soon after (tapCounter).
func (c *Root) decide(cmd engine.Command, d engine.Die) (ok bool) {
	if c.game == nil {
		return false
	}
	defer func() {
		if r := recover(); r != nil {
			c.caught(r)
			ok = false
		}
	}()
	if d != nil {
		c.game.SetDie(d)
		defer c.game.SetDie(nil)
	}
	if err := c.game.Do(cmd); err != nil {
		c.warn(err)
		return false
	}
	if c.notice != c.kept {
		c.notice = "" // a refusal is answered; a storage notice stays until dismissed
	}
	c.buzz()
	return true
}

// buzz vibrates briefly after a change in a game, when the player asked for it.
func (c *Root) buzz() {
	if c.prefs.Vibrate {
		if nav := app.Window().Get("navigator"); nav.Get("vibrate").Truthy() {
			nav.Call("vibrate", 15)
		}
	}
}

// applySettings sets the language: the player's choice, else the browser's.
func (c *Root) applySettings() {
	c.lang = c.prefs.Language
	if c.lang == "" {
		c.lang = engine.Lang(app.Window().Get("navigator").Get("language").String())
	}
	app.Window().Get("document").Get("documentElement").Set("lang", c.lang)
}

// keepAwake holds the Screen Wake Lock while a game is on screen, and lets it go
// elsewhere; the browser drops it when the tab is hidden, so it is asked for again.
func (c *Root) keepAwake(on bool) {
	wl := app.Window().Get("navigator").Get("wakeLock")
	if !wl.Truthy() {
		return
	}
	if !on {
		if c.wakeLock != nil && c.wakeLock.Truthy() {
			c.wakeLock.Call("release")
		}
		c.wakeLock = nil
		return
	}
	if c.wakeLock != nil && c.wakeLock.Truthy() && !c.wakeLock.Get("released").Bool() {
		return
	}
	wl.Call("request", "screen").Then(func(v app.Value) { c.wakeLock = v })
}

// Render draws the current screen under the top bar.
func (c *Root) Render() (ui app.UI) {
	defer func() {
		if r := recover(); r != nil {
			c.caught(r)
			ui = c.failureScreen()
		}
	}()
	if c.failure != "" {
		return c.failureScreen()
	}
	if !c.mounted {
		return app.Div().Class("shell").Body(c.topBar("Gnosis", false), app.P().Class("loading").Text(c.t("Loading…")))
	}
	if (c.screen == screenBuilder || c.screen == screenStart || c.screen == screenShare) && c.party() == nil ||
		(c.screen == screenGame || c.screen == screenHistory || c.screen == screenTable) && c.game == nil {
		c.screen = screenHome // its party or game is gone (deleted here, or in another tab)
	}
	var body app.UI
	title, back := "Gnosis", true
	switch c.screen {
	case screenBuilder:
		title, body = c.t("Party"), c.builder()
	case screenStart:
		title, body = c.t("New game"), c.start()
	case screenShare:
		title, body = c.t("Share"), c.shareScreen()
	case screenShared:
		title, body = c.t("Shared party"), c.sharedScreen()
	case screenGame:
		title, body = c.t("Game"), c.tracker()
	case screenHistory:
		title, body = c.t("History"), c.history()
	case screenTable:
		title, body = c.t("Table"), c.tableView()
	case screenCards:
		title, body = c.t("My cards"), c.cards()
	default:
		back, body = false, c.home()
	}
	c.shown, c.shownOn = c.notice, c.screen
	if len(c.patched) > 0 && c.mounted {
		c.ctx.Defer(func(app.Context) { c.repatch() })
	}
	return app.Div().Class("shell").Body(
		c.topBar(title, back),
		slot(app.If(c.keepless, func() app.UI {
			return app.Div().ID("keepless").Class("notice keepless").Role("status").Body(
				app.Span().Text(c.t("This browser keeps no data for Gnosis (site data is blocked, or a private window): nothing you do here is kept once the page is closed.")),
				app.A().ID("keepless-backup").Class("button").Href(c.backupHref()).
					Attr("download", "gnosis-backup.json").Text(c.t("Download a backup")),
			)
		})),
		// Notices sit in a slot of their own: go-app compares children by position, so an
		// element that comes and goes must not shift the screen after it (which would be
		// drawn anew, all of it).
		slot(app.If(c.notice != "", func() app.UI {
			return app.Div().ID("notice").Class("notice").Role("alert").Body(
				app.Span().Text(c.notice),
				app.If(c.offerBackup, func() app.UI {
					return app.A().ID("notice-backup").Class("button").Href(c.backupHref()).
						Attr("download", "gnosis-backup.json").Text(c.t("Download a backup"))
				}),
				app.Button().Class("icon").Aria("label", c.t("Dismiss")).Text("✕").OnClick(func(ctx app.Context, e app.Event) { c.notice, c.offerBackup, c.kept = "", false, "" }),
			)
		})),
		slot(app.If(c.updateReady, func() app.UI {
			return app.Div().ID("update").Class("notice update").Role("status").Body(
				app.Span().Text(c.t("A new version of Gnosis is ready. Reload to use it; your game and parties stay.")),
				app.Button().ID("update-reload").Class("primary").Text(c.t("Reload")).OnClick(c.reloadForUpdate),
			)
		})),
		slot(app.Range(c.problems).Slice(func(i int) app.UI {
			p := c.problems[i]
			text := fmt.Sprintf(c.t("A saved record (%s) could not be read. It is kept apart, untouched, as %s."), p.Key, p.AsideKey)
			if p.Kept {
				text = fmt.Sprintf(c.t("A saved record (%s) could not be read, and there is no room to set it apart: it stays as it is, and nothing is saved over it until you discard it. Download it first."), p.Key)
			}
			name := p.AsideKey
			if name == "" {
				name = p.Key
			}
			return app.Div().Class("notice problem").Body(
				app.Span().Text(text),
				app.A().Class("button").Href("data:application/json;charset=utf-8,"+url.PathEscape(p.Raw)).
					Attr("download", name+".json").Text(c.t("Download it")),
				app.Button().Class("discard").Text(c.t("Discard it")).Aria("label", c.t("Discard it")+" "+name).
					OnClick(func(ctx app.Context, e app.Event) { c.discardProblem(p) }, app.EventScope(name)),
			)
		})),
		app.Main().Body(body),
		app.If(c.detail != nil, func() app.UI { return c.cardView(*c.detail) }),
	)
}

// backupHref is a download of everything kept in memory, as "Back up everything" writes it.
func (c *Root) backupHref() string {
	bk := store.Backup{Version: 1, Kind: store.BackupKind, Parties: c.parties, Cards: c.own, Game: c.game, Settings: c.prefs}
	b, _ := json.Marshal(bk)
	return "data:application/json;charset=utf-8," + url.PathEscape(string(b))
}

// discardProblem forgets an unreadable record the player has downloaded (store.Discard).
func (c *Root) discardProblem(p *store.UnreadableError) {
	if err := c.store.Discard(p); err != nil {
		c.warn(err)
		return
	}
	for i, q := range c.problems {
		if q == p {
			c.problems = append(c.problems[:i:i], c.problems[i+1:]...)
			break
		}
	}
	c.aside, _ = c.store.Aside()
	if p.Kept && p.Key == store.PartiesKey && len(c.parties) > 0 {
		c.saveParties() // what the player did meanwhile is saved now
	}
}

// OnAppUpdate is go-app's word that a new version of Gnosis is installed: the app offers to
// reload into it (the game in progress is saved first and comes back after the reload).
func (c *Root) OnAppUpdate(ctx app.Context) {
	c.updateReady = ctx.AppUpdateAvailable()
}

// reloadForUpdate saves what waits to be saved and reloads into the new version.
func (c *Root) reloadForUpdate(ctx app.Context, e app.Event) {
	c.flushSave()
	ctx.Reload()
}

// caught keeps a bug (a panic) caught on its way out of a screen or a command: it is logged
// with its stack on the console, and the next frame shows failureScreen instead of a frozen
// page. What is saved on the device is untouched.
func (c *Root) caught(r any) {
	c.failure = fmt.Sprint(r)
	msg := "gnosis: " + c.failure + "\n" + string(debug.Stack())
	if app.IsClient {
		app.Window().Get("console").Call("error", msg)
	}
}

// failureScreen says that something went wrong and offers the way back: home, with the
// screen's drafts (the combat assistant, the phase sheet, a card) dropped.
func (c *Root) failureScreen() app.UI {
	return app.Div().Class("shell").Body(
		c.topBar("Gnosis", false),
		app.Main().Body(app.Section().ID("failure").Class("card").Role("alert").Body(
			app.H2().Text(c.t("Something went wrong")),
			app.P().Text(c.failure),
			app.P().Text(c.t("Everything saved on this device is kept. Go back to the home screen and carry on.")),
			app.Button().ID("failure-home").Class("primary").Text(c.t("Back to the home screen")).OnClick(func(ctx app.Context, e app.Event) {
				c.failure, c.combat, c.phase, c.detail, c.editor = "", nil, nil, nil, nil
				c.goTo(ctx, screenHome)
			}),
		)),
	)
}

func (c *Root) topBar(title string, back bool) app.UI {
	return app.Header().Class("topbar").Body(
		app.If(back, func() app.UI {
			return app.Button().Class("icon back").Aria("label", c.t("Home")).Text("‹").
				OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, screenHome) })
		}),
		app.H1().Text(title),
	)
}

func newID() string { return "p" + strconv.FormatInt(newIDNumber(), 36) }

func newIDNumber() int64 { return time.Now().UnixNano() }

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// slot holds an element that comes and goes (app.If, app.Range) in a wrapper that is always
// there, so that the siblings after it keep their places in go-app's positional diff.
func slot(content app.UI) app.UI { return app.Div().Class("slot").Body(content) }
