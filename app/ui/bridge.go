package ui

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/app/store"
	"gnosis/engine/catalog"
)

// Bridge is the screens' side of the Session (app/session): it turns go-app's actions into
// the Session's requests, does what their outcomes ask (navigate, save after the frame, a
// toast's timer, the next step of a restore), and publishes the version the screens observe.
// What is the browser's alone stays here: the page script, the counters' taps answered in
// their own event (tracker-fast.go), the wake lock, the rules' summaries fetched once (rules.go).
type Bridge struct {
	core     *session.Session // the Session; screens hold only its parts their constructors give (screens) and a sender
	ctx      app.Context      // the Shell's, to dispatch from JavaScript's timers and the counters' taps
	base     string           // the app's address without fragment or query, for share links
	fast                      // the counters' taps answered in the tap's event (tracker-fast.go)
	wakeLock app.Value
	next     []session.Request // the long jobs' next steps, a job's one each, sent once the page is idle (nextStep)
	nextFn   app.Func          // the timer's callback that sends it

	rules        *rulesBook // the rules' summaries, once fetched (loadRules)
	rulesLoading bool
	rulesErr     string // why they could not be fetched
	rule         string // the rule whose summary is open over the screen (RuleSheet), or ""

	pairing   pairing  // a pairing of two phones under way (pair.go)
	linkTick  app.Func // the link's clock, while a game is on two phones (flushLink)
	linkTimer app.Value
}

// stateVersion is the go-app state the bridge publishes after each request: the Session's
// version. Screens observe it and redraw; their child components redraw only when their
// fields change.
const stateVersion = "gnosis.version"

// actSession is the go-app action that carries a screen's request to the Session.
const actSession = "gnosis.request"

// send hands a request to the Session, through the Shell (the one way a screen changes what
// the Session keeps; the compiler checks it is a session.Request).
func send(ctx app.Context, req session.Request) { ctx.NewActionWithValue(actSession, req) }

// sendView hands the bridge one of the view's own requests, which the browser alone answers
// (openRule, askPersist).
func sendView(ctx app.Context, req viewRequest) { ctx.NewActionWithValue(actSession, req) }

// viewRequest is one of the view's own requests.
type viewRequest interface{ viewRequest() }

// The view's own requests: what the browser alone answers.
type (
	openRule   struct{ ID string } // show a rule's summary over the screen; "": close it
	askPersist struct{}            // ask the browser to keep the data (navigator.storage.persist)
	// fileRead carries on with a chosen file once the browser has read it (then, on the UI
	// goroutine, in the bridge's context): a file input redrawn meanwhile (its screen changed by
	// an answer that came late) would drop a continuation dispatched in the input's own context.
	fileRead struct{ then func(app.Context) }
)

func (openRule) viewRequest()   {}
func (askPersist) viewRequest() {}
func (fileRead) viewRequest()   {}

// handle takes a screen's request (send), then publishes the new version.
func (s *Bridge) handle(ctx app.Context, a app.Action) {
	switch r := a.Value.(type) {
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
		s.publish(ctx)
	case askPersist:
		s.checkPersistence(ctx, true)
	case fileRead:
		r.then(ctx)
	case session.Request:
		s.ask(ctx, r)
	default:
		s.core.Do(session.Failed{What: fmt.Sprintf("unknown request %T", a.Value)})
		s.publish(ctx)
	}
}

// ask has the Session apply req at once, does what its outcome asks and publishes the new
// version; a sheet that shows what its command did reads the outcome's events.
func (s *Bridge) ask(ctx app.Context, req session.Request) session.Outcome {
	out := s.core.Do(req)
	s.flushLink(out)
	if out.Navigate {
		u := pageURL(ctx)
		u.Fragment, u.RawQuery = out.To, ""
		ctx.NavigateTo(&u) // go-app reports the navigation later (Shell.OnNav: Arrived)
	}
	switch {
	case out.Back && out.Twice:
		app.Window().Get("history").Call("go", -2)
	case out.Back:
		app.Window().Get("history").Call("back")
	}
	if out.SaveSoon {
		s.saveSoon()
	}
	if n := out.Toast; n > 0 {
		s.ctx.After(session.ToastTime, func(ctx app.Context) { s.ask(ctx, session.ToastGone{Count: n}) })
	}
	if out.Next != nil {
		s.nextStep(out.Next)
	}
	if out.Reload {
		ctx.Reload()
	}
	if out.Quiet {
		ctx.PreventUpdate()
		return out
	}
	s.publish(ctx)
	return out
}

// publish tells the screens that the Session changed (stateVersion).
func (s *Bridge) publish(ctx app.Context) { ctx.SetState(stateVersion, s.core.Version()) }

// nextStep has the page send req, a long job's next step, once it has handled what waits
// (taps, drawing). Each job waits in a slot of its own (by its step's request type): two jobs
// under way at once (a season added up while the shelf reads its luck) each get their next
// step, where one slot dropped the first job's, which then waited for ever ("Adding up the
// season…", TestSeason); a job's later step replaces its own earlier one still waiting.
func (s *Bridge) nextStep(req session.Request) {
	for i, r := range s.next {
		if reflect.TypeOf(r) == reflect.TypeOf(req) {
			s.next[i] = req
			return
		}
	}
	s.next = append(s.next, req)
	if s.nextFn == nil {
		s.nextFn = app.FuncOf(func(app.Value, []app.Value) any {
			s.ctx.Dispatch(func(ctx app.Context) {
				if len(s.next) > 0 {
					r := s.next[0]
					s.next = s.next[1:]
					s.ask(ctx, r)
				}
			})
			return nil
		})
	}
	app.Window().Call("setTimeout", s.nextFn, 0)
}

// browser is the page, as the Session sees it (session.Browser).
type browser struct{}

func (browser) Language() string {
	return app.Window().Get("navigator").Get("language").String()
}

func (browser) SetLanguage(lang string) {
	app.Window().Get("document").Get("documentElement").Set("lang", lang)
}

func (browser) Vibrate(ms int) {
	if nav := app.Window().Get("navigator"); nav.Get("vibrate").Truthy() {
		nav.Call("vibrate", ms)
	}
}

func (browser) Log(level, text string) {
	if app.IsClient {
		app.Window().Get("console").Call(level, text)
	}
}

func (browser) Mark(attr, value string) {
	if !app.IsClient {
		return
	}
	if value == "" {
		body().Call("removeAttribute", attr)
		return
	}
	body().Call("setAttribute", attr, value)
}

// open opens the device's storage (store.Open: IndexedDB, with the records of earlier
// versions moved into it) and the Session over it. Where the browser keeps nothing the app
// runs in memory and says so; changes made in another tab reload the records here.
func (s *Bridge) open(ctx app.Context) {
	b, opened := store.Open()
	Mark(markStorage)
	s.core = session.New(session.Config{Backend: b, Where: opened.Where, OpenErr: opened.Err,
		Version: app.Getenv("GOAPP_VERSION"), Catalog: catalog.Default(), Browser: browser{}, Journal: store.LocalStorage(),
		GiveJournalRoom: s.forgetGlance}) // the journal first: the copy gives it room
	Mark(markLoaded)
	s.listenToLink(ctx)
	// Another tab's change: reloaded, then, once the screens have drawn it, the page script
	// hears that this page's screen is as the records are (seen): until then no copy of the
	// screen is kept. The screens' dispatches (their state observed) come first; go-app patches
	// the page in the frame after them, and runs what is deferred after that patch: seen is
	// deferred there, so that the sum kept never describes a screen not yet drawn.
	if tabs, ok := b.(interface{ OnChange(func()) }); ok {
		tabs.OnChange(func() {
			ctx.Dispatch(func(ctx app.Context) {
				s.ask(ctx, session.ReloadFromOtherTab{})
				ctx.Dispatch(func(ctx app.Context) {
					ctx.Defer(func(app.Context) { s.page.Get("store").Call("seen") })
				})
			})
		})
	}
	app.Window().Call("addEventListener", "storage", app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) > 0 && args[0].Get("key").Truthy() && !strings.HasPrefix(args[0].Get("key").String(), "gnosis.") {
			return nil
		}
		ctx.Dispatch(func(ctx app.Context) { s.ask(ctx, session.ReloadFromOtherTab{}) })
		return nil
	}))
}

// checkPersistence reads whether the browser has promised to keep the data, and with ask
// asks for that promise (navigator.storage.persist).
func (s *Bridge) checkPersistence(ctx app.Context, ask bool) {
	st := app.Window().Get("navigator").Get("storage")
	if !st.Truthy() || !st.Get("persist").Truthy() {
		s.ask(ctx, session.Persistence{State: "unsupported"})
		return
	}
	method := "persisted"
	if ask {
		method = "persist"
	}
	st.Call(method).Then(func(v app.Value) {
		granted := v.Truthy()
		ctx.Dispatch(func(ctx app.Context) {
			s.ask(ctx, session.Persistence{State: map[bool]string{true: "granted", false: "not granted"}[granted]})
		})
	})
}

// attrBackup marks a link that downloads a backup: the page script writes its address when it
// is tapped (window.gnosis.backupHref), so that no screen encodes every party at each redraw.
const attrBackup = "data-backup"

// provideBackup gives the page script a promise of the backup's address to write into a backup
// link when it is tapped: the backup is made in the app's loop (Session.Backup reads the
// shelf's games from the database, which a JavaScript callback cannot wait for).
func (s *Bridge) provideBackup() {
	s.page.Call("provideBackup", attrBackup, app.FuncOf(func(app.Value, []app.Value) any {
		var start app.Func
		start = app.FuncOf(func(_ app.Value, args []app.Value) any {
			start.Release()
			resolve := args[0]
			s.ctx.Dispatch(func(ctx app.Context) {
				b, err := s.core.BackupFile()
				if err != nil { // too big to read back: said, nothing downloaded
					send(ctx, session.Notify{Text: s.core.Settings().ErrText(err)})
					resolve.Invoke("")
					return
				}
				resolve.Invoke("data:application/json;charset=utf-8," + url.PathEscape(string(b)))
			})
			return nil
		})
		return app.Window().Get("Promise").New(start)
	}))
}

// keepAwake holds the Screen Wake Lock while a game is on screen, and lets it go
// elsewhere; the browser drops it when the tab is hidden, so it is asked for again.
func (s *Bridge) keepAwake(on bool) {
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
	// A refusal (no permission, a page not shown) is answered: the screen may then sleep, and
	// no uncaught rejection reaches the console.
	var ok, refused app.Func
	release := func() { ok.Release(); refused.Release() }
	ok = app.FuncOf(func(_ app.Value, args []app.Value) any {
		if len(args) > 0 {
			s.wakeLock = args[0]
		}
		release()
		return nil
	})
	refused = app.FuncOf(func(app.Value, []app.Value) any { release(); return nil })
	wl.Call("request", "screen").Call("then", ok, refused)
}
