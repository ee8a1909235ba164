package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
	"gnosis/engine"
	"gnosis/engine/catalog"
)

// Screens, named by the URL fragment.
const (
	screenHome    = ""
	screenBuilder = "/party/"
	screenStart   = "/start/"
	screenGame    = "/game"
	screenCards   = "/cards"
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
	partyID string // the party shown by the builder or the start screen

	search       string
	organization string
	faction      string
	category     string
	maxLevel     int
	opponent     string // start screen: "" (not tracked) or a party ID

	confirmDelete string // the party whose delete button was tapped once

	detail *engine.Card // the card shown in the card view, if any
	editor *cardEditor  // the own card being edited on the cards screen, if any

	notice  string // the last error or warning, shown until dismissed
	mounted bool
}

// OnMount loads the saved data and marks <body data-ready> once the first screen is drawn
// (end-to-end tests wait on it; its value is the time since navigation, in milliseconds).
func (c *Root) OnMount(ctx app.Context) {
	c.cat = catalog.Default()
	c.store = store.New(store.LocalStorage())
	var problems []string
	ps, err := c.store.Parties()
	if err != nil {
		problems = append(problems, err.Error())
	}
	c.parties = ps
	if own, err := c.store.Cards(); err != nil {
		problems = append(problems, err.Error())
	} else {
		c.own = own
	}
	c.lang = app.Window().Get("navigator").Get("language").String()
	if g, ok, err := c.store.Game(); err != nil {
		problems = append(problems, err.Error())
	} else if ok {
		c.game = g
	}
	c.notice = strings.Join(problems, " ")
	c.mounted = true
	c.readScreen(ctx)
	ctx.Defer(func(app.Context) {
		now := app.Window().Get("performance").Call("now").Float()
		app.Window().Get("document").Get("body").Call("setAttribute", "data-ready", strconv.FormatFloat(now, 'f', 0, 64))
	})
	app.TryUpdate()
	ctx.Async(func() {
		for range time.Tick(30 * time.Minute) {
			app.TryUpdate()
		}
	})
}

// OnNav shows the screen that the URL fragment names.
func (c *Root) OnNav(ctx app.Context) { c.readScreen(ctx) }

func (c *Root) readScreen(ctx app.Context) {
	f := ctx.Page().URL().Fragment
	switch {
	case strings.HasPrefix(f, screenBuilder):
		c.screen, c.partyID = screenBuilder, strings.TrimPrefix(f, screenBuilder)
	case strings.HasPrefix(f, screenStart):
		c.screen, c.partyID = screenStart, strings.TrimPrefix(f, screenStart)
	case f == screenGame:
		c.screen = screenGame
	case f == screenCards:
		c.screen = screenCards
	default:
		c.screen = screenHome
	}
	if c.mounted && (c.screen == screenBuilder || c.screen == screenStart) && c.party() == nil {
		c.screen = screenHome
	}
	if c.mounted && c.screen == screenGame && c.game == nil {
		c.screen = screenHome
	}
}

// go navigates to a screen, keeping the page's path (the app may live under a sub-path).
func (c *Root) goTo(ctx app.Context, fragment string) {
	u := *ctx.Page().URL()
	u.Fragment = fragment
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

// saveParties writes the parties and reports a failure; the list in memory is kept, so
// nothing the player did is lost while the tab is open.
func (c *Root) saveParties() {
	if err := c.store.SaveParties(c.parties); err != nil {
		c.warn(err)
	}
}

func (c *Root) saveCards() {
	if err := c.store.SaveCards(c.own); err != nil {
		c.warn(err)
	}
}

func (c *Root) saveGame() {
	if err := c.store.SaveGame(c.game); err != nil {
		c.warn(err)
	}
}

func (c *Root) warn(err error) {
	switch {
	case errors.Is(err, store.ErrNotSaved):
		c.notice = "Not saved on this device: " + err.Error() + ". Your changes stay on screen; free some space or export them."
	default:
		c.notice = err.Error()
	}
}

// do sends a command to the game, saves the log and reports a refusal.
func (c *Root) do(cmd engine.Command) {
	if c.game == nil {
		return
	}
	if err := c.game.Do(cmd); err != nil {
		c.warn(err)
		return
	}
	c.notice = ""
	c.saveGame()
}

// Render draws the current screen under the top bar.
func (c *Root) Render() app.UI {
	if !c.mounted {
		return app.Div().Class("shell").Body(c.topBar("Gnosis", false), app.P().Class("loading").Text("Loading…"))
	}
	var body app.UI
	title, back := "Gnosis", true
	switch c.screen {
	case screenBuilder:
		title, body = "Party", c.builder()
	case screenStart:
		title, body = "New game", c.start()
	case screenGame:
		title, body = "Game", c.tracker()
	case screenCards:
		title, body = "My cards", c.cards()
	default:
		back, body = false, c.home()
	}
	return app.Div().Class("shell").Body(
		c.topBar(title, back),
		app.If(c.notice != "", func() app.UI {
			return app.Div().Class("notice").Role("alert").Body(
				app.Span().Text(c.notice),
				app.Button().Class("icon").Aria("label", "Dismiss").Text("✕").OnClick(func(ctx app.Context, e app.Event) { c.notice = "" }),
			)
		}),
		app.Main().Body(body),
		app.If(c.detail != nil, func() app.UI { return c.cardView(*c.detail) }),
	)
}

func (c *Root) topBar(title string, back bool) app.UI {
	return app.Header().Class("topbar").Body(
		app.If(back, func() app.UI {
			return app.Button().Class("icon back").Aria("label", "Home").Text("‹").
				OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, screenHome) })
		}),
		app.H1().Text(title),
	)
}

func newID() string { return "p" + strconv.FormatInt(time.Now().UnixNano(), 36) }

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
