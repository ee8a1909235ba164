package ui

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/diskwars"
	"gnosis/engine/event"
	"gnosis/engine/season"
	"gnosis/engine/share"
)

// Screens, named by the URL fragment.
const (
	screenHome       = session.ScreenHome
	screenBuilder    = session.ScreenBuilder
	screenStart      = "/start/"
	screenShare      = "/share/"
	screenSheet      = "/print/"
	screenGame       = session.ScreenGame
	screenCards      = session.ScreenCards
	screenHistory    = "/history"
	screenReport     = "/report"
	screenTable      = "/table"
	screenRules      = "/rules"
	screenShared     = share.FragmentKey // a party opened from a link: #p=<payload>
	screenDW         = session.ScreenDW
	screenDWArmy     = session.ScreenDWArmy
	screenDWShare    = "/dw/share/"
	screenDWNew      = "/dw/new"
	screenDWGame     = session.ScreenDWGame
	screenDWShared   = diskwars.ArmyFragmentKey // an army opened from a link: #dw=<payload>
	screenShelf      = session.ScreenShelf
	screenKept       = session.ScreenKept
	screenKeptReport = "/kept-report/" // and the kept game's ID
	screenResult     = session.ScreenResult
	screenRound      = event.RoundKey     // a club night's round from its link: #round=<payload>
	screenStandings  = event.StandingsKey // a club night's standings from a link: #standings=<payload>
	screenSeasonLink = season.LinkKey     // a season's standings from a link: #season=<payload>
)

// screen is one screen of the app: the fragment that names it (with an argument after the
// prefix: a party's ID, a link's payload), its title, what it needs to be shown (else the
// home screen is), and its page component.
type screen struct {
	prefix string
	arg    bool   // the rest of the fragment is the page's argument
	title  string // English; translated when drawn
	needs  string // "party" or "army" (the argument names a saved one), "game", "dwgame", or ""
	page   func(s *Bridge, arg string) app.UI
}

// screens is the one table of the app's screens; home comes last and takes any other fragment.
var screens = []screen{
	{screenBuilder, true, "Party", "party", func(s *Bridge, id string) app.UI {
		return &Builder{page: s.newPage(), cards: s.core.Cards(), parties: s.core.Parties(), ID: id}
	}},
	{screenStart, true, "New game", "party", func(s *Bridge, id string) app.UI {
		return &Start{page: s.newPage(), cards: s.core.Cards(), parties: s.core.Parties(), play: s.core.Play(), ID: id}
	}},
	{screenShare, true, "Share", "party", func(s *Bridge, id string) app.UI {
		return &Share{page: s.newPage(), cards: s.core.Cards(), parties: s.core.Parties(), ID: id}
	}},
	{screenSheet, true, "Party sheet", "party", func(s *Bridge, id string) app.UI {
		return &PartySheet{page: s.newPage(), cards: s.core.Cards(), parties: s.core.Parties(), ID: id}
	}},
	{screenShared, true, "Shared party", "", func(s *Bridge, link string) app.UI {
		return &Shared{page: s.newPage(), cards: s.core.Cards(), Link: link}
	}},
	{screenGame, false, "Game", "game", func(s *Bridge, _ string) app.UI {
		return &Tracker{page: s.newPage(), cards: s.core.Cards(), notices: s.notices(), pair: s.core.Pair(), play: s.core.Play()}
	}},
	{screenHistory, false, "History", "game", func(s *Bridge, _ string) app.UI {
		return &History{page: s.newPage(), pair: s.core.Pair(), play: s.core.Play()}
	}},
	{screenReport, false, "Report", "game", func(s *Bridge, _ string) app.UI {
		return &ReportScreen{page: s.newPage(), game: inProgress{s.core.Play()}, backTo: screenGame, backAs: "Back to the game"}
	}},
	{screenTable, false, "Table", "game", func(s *Bridge, _ string) app.UI { return &TableSketch{page: s.newPage(), play: s.core.Play()} }},
	{screenCards, false, "My cards", "", func(s *Bridge, _ string) app.UI { return &CardsScreen{page: s.newPage(), cards: s.core.Cards()} }},
	{screenRules, false, "Rules", "", func(s *Bridge, _ string) app.UI { return &Rules{page: s.newPage()} }},
	{screenDWArmy, true, "Army", "army", func(s *Bridge, id string) app.UI {
		return &ArmyEditor{page: s.newPage(), dw: s.core.Diskwars(), ID: id}
	}},
	{screenDWShare, true, "Share", "army", func(s *Bridge, id string) app.UI {
		return &ArmyShare{page: s.newPage(), dw: s.core.Diskwars(), ID: id}
	}},
	{screenDWShared, true, "Shared army", "", func(s *Bridge, link string) app.UI { return &SharedArmy{page: s.newPage(), Link: link} }},
	{screenDWNew, false, "New Diskwars game", "", func(s *Bridge, _ string) app.UI { return &DWSetup{page: s.newPage(), dw: s.core.Diskwars()} }},
	{screenDWGame, false, "Diskwars", "dwgame", func(s *Bridge, _ string) app.UI {
		return &DWGame{page: s.newPage(), dw: s.core.Diskwars(), pair: s.core.Pair()}
	}},
	{screenPair, true, "Two phones", "", func(s *Bridge, kind string) app.UI {
		return &PairScreen{page: s.newPage(), pair: s.core.Pair(), pairing: s.newPairer(), Host: true, Kind: kind}
	}},
	{screenJoin, false, "Two phones", "", func(s *Bridge, _ string) app.UI {
		return &PairScreen{page: s.newPage(), pair: s.core.Pair(), pairing: s.newPairer()}
	}},
	{screenShelf, false, "Shelf", "", func(s *Bridge, _ string) app.UI { return &ShelfScreen{page: s.newPage(), shelf: s.core.Shelf()} }},
	{screenKept, true, "Kept game", "", func(s *Bridge, id string) app.UI {
		return &KeptScreen{page: s.newPage(), shelf: s.core.Shelf(), ID: id}
	}},
	{screenKeptReport, true, "Report", "", func(s *Bridge, id string) app.UI {
		return &ReportScreen{page: s.newPage(), game: &keptSource{shelf: s.core.Shelf(), id: id}, backTo: screenKept + id, backAs: "Back to the kept game"}
	}},
	{screenResult, true, "Result code", "", func(s *Bridge, id string) app.UI {
		return &ResultScreen{page: s.newPage(), shelf: s.core.Shelf(), ID: id}
	}},
	{screenRound, true, "Club night", "", func(s *Bridge, link string) app.UI { return &RoundScreen{page: s.newPage(), Link: link} }},
	{screenStandings, true, "Standings", "", func(s *Bridge, link string) app.UI { return &StandingsScreen{page: s.newPage(), Link: link} }},
	{screenEvent, false, "Club night", "", func(s *Bridge, _ string) app.UI { return &EventScreen{page: s.newPage(), event: s.core.Event()} }},
	{screenCard, false, "Your player card", "", func(s *Bridge, _ string) app.UI { return &PlayerCardScreen{page: s.newPage()} }},
	{screenPlayed, false, "Your club nights", "", func(s *Bridge, _ string) app.UI { return &PlayedScreen{page: s.newPage(), shelf: s.core.Shelf()} }},
	{screenNights, false, "Past club nights", "", func(s *Bridge, _ string) app.UI { return &NightsScreen{page: s.newPage(), event: s.core.Event()} }},
	{screenNight, true, "Past club night", "", func(s *Bridge, key string) app.UI {
		return &NightScreen{page: s.newPage(), event: s.core.Event(), Key: key}
	}},
	{screenSeasonPlayer, true, "Season player", "", func(s *Bridge, i string) app.UI {
		return &SeasonPlayerScreen{page: s.newPage(), season: s.core.Season(), Index: i}
	}},
	{screenCardLink, true, "Player card", "", func(s *Bridge, link string) app.UI { return &CardLinkScreen{page: s.newPage(), Link: link} }},
	{screenSeasonLink, true, "Season", "", func(s *Bridge, link string) app.UI { return &SeasonLinkScreen{page: s.newPage(), Link: link} }},
	{screenSeason, false, "Season", "", func(s *Bridge, _ string) app.UI { return &SeasonScreen{page: s.newPage(), season: s.core.Season()} }},
	{screenDW, false, "Diskwars", "", func(s *Bridge, _ string) app.UI {
		return &DWHome{page: s.newPage(), dw: s.core.Diskwars(), pair: s.core.Pair()}
	}},
	{screenHome, false, "Gnosis", "", func(s *Bridge, _ string) app.UI {
		return &Home{page: s.newPage(), cards: s.core.Cards(), dw: s.core.Diskwars(), notices: s.notices(), pair: s.core.Pair(), parties: s.core.Parties(), play: s.core.Play(), shelf: s.core.Shelf()}
	}},
}

// findScreen is the screen a fragment names, and its argument.
func findScreen(fragment string) (*screen, string) {
	for i := range screens {
		sc := &screens[i]
		switch {
		case sc.arg && strings.HasPrefix(fragment, sc.prefix):
			return sc, strings.TrimPrefix(fragment, sc.prefix)
		case !sc.arg && fragment == sc.prefix && sc.prefix != "":
			return sc, ""
		}
	}
	return &screens[len(screens)-1], ""
}

// Shell is the app's one routed component: it holds the Session, reads the URL fragment
// (fragments keep the app on one precached page, so it works offline), and draws the top
// bar, the notices and the page of the screen the fragment names.
type Shell struct {
	app.Compo
	s       *Bridge
	screen  *screen
	arg     string
	mounted bool
}

// OnMount opens the device's storage, loads the saved data, and marks <body data-ready>
// once the first screen is drawn (end-to-end tests wait on it; its value is the time since
// navigation, in milliseconds).
func (c *Shell) OnMount(ctx app.Context) {
	Mark(markMount)
	s := &Bridge{ctx: ctx}
	s.page = gnosisJS()
	c.s = s
	s.watchRecords() // before the store reads the records and lets those read ahead go
	s.open(ctx)
	ctx.Handle(actSession, s.handle)
	s.saveWhenHidden(ctx)
	s.listenToCounterTaps()
	s.listenToBack()
	s.provideBackup()
	s.checkPersistence(ctx, false)
	s.keepGlanceWhenHidden()
	YieldToThePage() // the records read and the first screen drawn in two tasks
	c.mounted = true
	c.route(ctx)
	ctx.Defer(func(app.Context) {
		s.dropGlance() // in the task that drew the screen: no frame between the two
		now := app.Window().Get("performance").Call("now").Float()
		body().Call("setAttribute", "data-ready", strconv.FormatFloat(now, 'f', 0, 64))
	})
	s.page.Call("tryUpdate")
	ctx.Async(func() {
		for range time.Tick(30 * time.Minute) {
			s.page.Call("tryUpdate")
		}
	})
}

// OnNav shows the screen that the URL fragment names, from its top.
func (c *Shell) OnNav(ctx app.Context) {
	if !c.mounted {
		return
	}
	before, arg := c.screen, c.arg
	c.route(ctx)
	if c.screen != before || c.arg != arg {
		ctx.Defer(func(app.Context) { app.Window().Call("scrollTo", 0, 0) })
	}
}

// OnAppUpdate is go-app's word that a new version of Gnosis is installed: the app offers to
// reload into it (the game in progress is saved first and comes back after the reload). go-app
// says so on the first visit too, when the service worker first takes control of the page:
// the page script tells the two apart (isUpdate).
func (c *Shell) OnAppUpdate(ctx app.Context) {
	if c.s != nil {
		ready := ctx.AppUpdateAvailable() && c.s.page.Call("isUpdate").Bool()
		c.s.ask(ctx, session.UpdateReady{Ready: ready})
		// <body data-app-update> says that the app heard of a new worker and what it decided:
		// the end-to-end tests wait for it rather than for a while.
		body().Call("setAttribute", "data-app-update", strconv.FormatBool(ready))
	}
}

// route reads the fragment into the screen to show, and tells the Session (Arrived).
func (c *Shell) route(ctx app.Context) {
	u := pageURL(ctx)
	fragment := u.Fragment
	u.Fragment, u.RawQuery = "", ""
	c.s.base = u.String()
	c.screen, c.arg = findScreen(fragment)
	if !c.available() {
		c.screen, c.arg = findScreen(screenHome)
	}
	if c.s.rule != "" { // a rule's summary stays with the screen it was opened on
		c.s.rule = ""
		c.s.page.Call("ruleLeft")
	}
	c.s.onGame = c.screen.prefix == screenGame
	c.s.onHomeOrGame = c.s.onGame || c.screen.prefix == screenHome
	c.s.keepAwake(c.s.onGame || c.screen.prefix == screenDWGame)
	c.s.core.Do(session.Arrived{Fragment: fragment, Screen: c.screen.prefix})
}

// available says whether what the screen needs is there: its party or army, or a game.
func (c *Shell) available() bool {
	switch c.screen.needs {
	case "party":
		return c.s.core.Parties().Get(c.arg) != nil
	case "game":
		return c.s.core.Play().Game() != nil
	case "army":
		return c.s.core.Diskwars().Army(c.arg) != nil
	case "dwgame":
		return c.s.core.Diskwars().Game() != nil
	}
	return true
}

// idToast is the toast's id (the copy of the screen leaves it out: glanceLeave).
const idToast = "toast"

// newPage is the page a screen's component holds (page).
// notices is the Session's notices, the part a screen that says them holds.
func (s *Bridge) notices() *session.Notices { return &s.core.Notices }

// pageURL is the page's address; an address that cannot be read (web/boot.js repairs the
// usual cause, a stray percent sign) reads as the app's home at its path.
func pageURL(ctx app.Context) url.URL {
	if u := ctx.Page().URL(); u != nil {
		return *u
	}
	loc := app.Window().Get("location")
	return url.URL{Scheme: strings.TrimSuffix(loc.Get("protocol").String(), ":"), Host: loc.Get("host").String(), Path: loc.Get("pathname").String()}
}

// notice is the notice over screen sc, with its backup's link where it offers one; in seat
// mode, on the far side's turn, turned to the far player (what their tap was answered with).
func (c *Shell) notice(sc *screen) app.UI {
	s := c.s
	class := "notice"
	if c.farTurn(sc) {
		class += " far"
	}
	return app.Div().ID("notice").Class(class).Role("alert").Body(
		app.Span().Body(ruleText(s.core.Settings().Lang(), capitalFirst(s.core.Notice()))...),
		app.If(s.core.OfferBackup(), func() app.UI {
			return app.A().ID("notice-backup").Class("button").Href("#").Attr(attrBackup, "yes").
				Attr("download", "gnosis-backup.json").Text(c.t("Download a backup"))
		}),
		app.Button().Class("icon").Aria("label", c.t("Dismiss")).Text("✕").OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Dismiss{}) }),
	)
}

// capitalFirst is text with its first letter a capital: a refusal written to follow a colon
// in another sentence ("a correction needs its reason: …") opens the notice as a sentence does,
// in every language.
func capitalFirst(text string) string {
	r, n := utf8.DecodeRuneInString(text)
	if n == 0 || !unicode.IsLower(r) {
		return text
	}
	return string(unicode.ToUpper(r)) + text[n:]
}

// toast is the word of success over screen sc: in the colour of the side whose doing it tells
// (Notices.ToastSide), and in seat mode turned to the far player when it is that side's doing
// (or, said of no side, on the game screen on that side's turn).
func (c *Shell) toast(sc *screen) app.UI {
	s := c.s
	t := app.Div().ID(idToast).Class("toast").Role("status").Text(s.core.Toast())
	side, ok := s.core.ToastSide()
	if ok && s.core.Play().Game() != nil {
		t = t.Style("--side", sideColour(s.core.Play().Game().State(), side))
	}
	if (ok && side == 1 && s.core.Settings().Get().Seat) || (!ok && c.farTurn(sc)) {
		t = t.Class("far")
	}
	if place := c.toastPlace(sc); place != "" {
		t = t.Class(place)
		if d := s.core.Pair().Duo(); d != nil && sc.prefix == screenGame && d.Kind == session.KindAnima {
			t = t.Class("linked") // the bar has ⇄ too: the toast leaves it free
		}
	}
	return t
}

// toastPlace is where the toast sits over screen sc, as its classes (web/gnosis.css): over the
// bar, never over the acting player's rows (seat mode) or the active character's sheet: the top
// bar ("on-bar"), or in seat mode on the far side's turn the bar turned to them at the phone's
// other end ("on-bar far-turn"); "" where it sits above the main button.
func (c *Shell) toastPlace(sc *screen) string {
	s := c.s
	seat := (sc.prefix == screenGame || sc.prefix == screenDWGame) && s.core.Settings().Get().Seat
	acting := sc.prefix == screenGame && s.core.Play().Game() != nil && s.core.Play().Game().State().Active != nil
	switch {
	case sc.prefix == screenGame && c.farSeat(): // Diskwars has one bar, at the top
		return "on-bar far-turn"
	case seat || acting:
		return "on-bar"
	}
	return ""
}

// farTurn says whether screen sc is a game's in seat mode on the far side's turn (turnSide,
// dwTurnSide).
func (c *Shell) farTurn(sc *screen) bool {
	if sc.prefix == screenDWGame {
		g := c.s.core.Diskwars().Game()
		return g != nil && c.s.core.Settings().Get().Seat && dwTurnSide(g.State()) == 1
	}
	return sc.prefix == screenGame && c.farSeat()
}

// farSeat says whether, in seat mode, it is the far side's turn (turnSide): the game's
// screens it opens (the history and its dice roller) face the far player.
func (c *Shell) farSeat() bool {
	s := c.s
	return s.core.Play().Game() != nil && s.core.Settings().Get().Seat && turnSide(s.core.Play().Game().State()) == 1
}

// Render draws the top bar, the notices and the screen's page.
func (c *Shell) Render() app.UI {
	if !c.mounted {
		return firstScreens()
	}
	if c.s.core.Failure() != "" {
		return c.failureScreen()
	}
	if !c.available() {
		c.screen, c.arg = findScreen(screenHome) // its party or game is gone (deleted here, or in another tab)
	}
	return c.draw(c.screen.page(c.s, c.arg))
}

// draw is the shell around the screen's page: the top bar, the notices and the page.
func (c *Shell) draw(page app.UI) app.HTMLDiv {
	s, sc := c.s, c.screen
	class := "shell"
	if sc.prefix == screenGame {
		class += " game"
	}
	if sc.prefix == screenHistory && c.farSeat() {
		class += " far-seat" // the far player opened it: it faces them (web/gnosis.css)
	}
	return app.Div().Class(class).Body(
		app.If(sc.prefix != screenGame, func() app.UI { return topBar(s.core.Settings().Lang(), c.t(sc.title), sc.prefix != screenHome) }), // the tracker draws its own (Tracker.flowBar)
		slot(app.If(s.core.Settings().Keepless(), func() app.UI {
			return app.Div().ID("keepless").Class("notice keepless").Role("status").Body(
				app.Span().Text(c.t("This browser keeps no data for Gnosis (site data is blocked, or a private window): nothing you do here is kept once the page is closed.")),
				app.A().ID("keepless-backup").Class("button").Href("#").Attr(attrBackup, "yes").
					Attr("download", "gnosis-backup.json").Text(c.t("Download a backup")),
			)
		})),
		// Notices sit in a slot of their own: go-app compares children by position, so an
		// element that comes and goes must not shift the screen after it (which would be
		// drawn anew, all of it).
		// The notice and the toast float in one stack (web/gnosis.css .floats): a toast said
		// after a refusal sits above it, never over its last lines, and a refusal said after a
		// toast is never under it.
		app.Div().Class("floats").Body(
			slot(app.If(s.core.Notice() != "", func() app.UI { return c.notice(sc) })),
			slot(app.If(s.core.Toast() != "", func() app.UI { return c.toast(sc) })),
		),
		slot(app.If(s.core.Settings().UpdateReady(), func() app.UI {
			return app.Div().ID("update").Class("notice update").Role("status").Body(
				app.Span().Text(c.t("A new version of Gnosis is ready. Reload to use it; your game and parties stay.")),
				app.Button().ID("update-reload").Class("primary").Text(c.t("Reload")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Reload{}) }),
			)
		})),
		slot(app.Range(s.core.Problems()).Slice(func(i int) app.UI {
			p := s.core.Problems()[i]
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
					Attr(attrProblem, i).OnClick(c.onDiscard),
			)
		})),
		app.Main().DataSet("screen", "#"+sc.prefix+c.arg).Body(page), // the fragment drawn, for the tests
		app.If(s.rule != "", func() app.UI { return &RuleSheet{page: s.newPage(), ID: s.rule} }),
	)
}

func (c *Shell) t(text string) string { return c.s.core.Settings().T(text) }

// attrProblem is a Discard button's record: its index in the Session's problems.
const attrProblem = "data-problem"

// onDiscard discards the unreadable record the tapped button names, as the list is then.
func (c *Shell) onDiscard(ctx app.Context, e app.Event) {
	i, err := strconv.Atoi(ctx.JSSrc().Call("getAttribute", attrProblem).String())
	if err == nil && i >= 0 && i < len(c.s.core.Problems()) {
		send(ctx, session.DiscardProblem{Problem: c.s.core.Problems()[i]})
	}
}

// failureScreen says that something went wrong and offers the way back: home, with the
// screens' drafts (the combat assistant, the phase sheet, a card) dropped.
func (c *Shell) failureScreen() app.UI {
	return app.Div().Class("shell").Body(
		topBar(c.s.core.Settings().Lang(), "Gnosis", false),
		app.Main().Body(app.Section().ID("failure").Class("card").Role("alert").Body(
			app.H2().Text(c.t("Something went wrong")),
			app.P().Text(c.s.core.Failure()),
			app.P().Text(c.t("Everything saved on this device is kept. Go back to the home screen and carry on.")),
			app.Button().ID("failure-home").Class("primary").Text(c.t("Back to the home screen")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.LeaveFailure{}) }),
		)),
	)
}
