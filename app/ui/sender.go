package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/pair"
	"gnosis/app/session"
)

// sender is what a screen holds of the view besides the parts of the Session its constructor
// gives it (screens): a request at once with its outcome (ask; send, a go-app action, needs
// nothing held), the failure screen for a bug in a drawing (guard), and the few things of the
// page a screen needs. It holds neither the Bridge nor the Session, only functions the Bridge made
// (Bridge.newPage), so a screen, or anything a screen makes, reaches nothing of the Session but
// its parts: the compiler keeps the fence.
type sender struct {
	askFn      func(app.Context, session.Request) session.Outcome
	caughtFn   func(any) string // keeps a bug caught, and is the failure screen's text
	baseFn     func() string
	scriptFn   func() app.Value
	laterFn    func(func(app.Context))
	rulesFn    func(app.Context)
	readFn     func() (*rulesBook, string)
	repatchFn  func()
	linkOpenFn func() bool
}

// ask has the Session apply req at once (Bridge.ask) and answers its outcome: a sheet that
// shows what its command did reads the events.
func (s sender) ask(ctx app.Context, req session.Request) session.Outcome { return s.askFn(ctx, req) }

// guard, deferred first in every Render, turns a panic into the failure screen instead of a
// frozen page: the bug is logged with its stack, and nothing saved is touched.
func (s sender) guard(ui *app.UI) {
	if r := recover(); r != nil {
		*ui = app.P().ID("failure").Class("bad").Role("alert").Text(s.caughtFn(r))
	}
}

// base is the app's address without fragment or query, for share links.
func (s sender) base() string { return s.baseFn() }

// script is the page scripts' functions (window.gnosis).
func (s sender) script() app.Value { return s.scriptFn() }

// later runs f after the drawing under way (the Shell's ctx.Defer).
func (s sender) later(f func(app.Context)) { s.laterFn(f) }

// loadRules fetches the rules' summaries, once (Bridge.loadRules).
func (s sender) loadRules(ctx app.Context) { s.rulesFn(ctx) }

// rules are the rules' summaries once fetched (nil until then), and why they are not shown:
// loading, or what went wrong.
func (s sender) rules() (*rulesBook, string) { return s.readFn() }

// repatchLater writes the true numbers into the counters a tap wrote directly, once the
// drawing under way is done (Bridge.repatch).
func (s sender) repatchLater() { s.repatchFn() }

// linkOpen reports whether the two phones' data channel is open.
func (s sender) linkOpen() bool { return s.linkOpenFn() }

// newPage is the page a screen is made with (screens): this Bridge's sender, with no way back
// to the Bridge, and the settings it speaks in.
func (s *Bridge) newPage() page {
	return page{settings: s.core.Settings(), s: sender{
		askFn:      s.ask,
		caughtFn:   func(r any) string { s.core.Do(session.Failed{What: fmt.Sprint(r)}); return s.core.Failure() },
		baseFn:     func() string { return s.base },
		scriptFn:   func() app.Value { return s.page },
		laterFn:    func(f func(app.Context)) { s.ctx.Defer(f) },
		rulesFn:    s.loadRules,
		readFn:     func() (*rulesBook, string) { return s.rules, s.rulesState() },
		repatchFn:  s.repatchSoon,
		linkOpenFn: func() bool { return s.pairing.open },
	}}
}

// pairer is what the pairing screen holds of the view's pairing (pair.go): its state, and the
// steps the screen starts. Like sender, it holds no Bridge.
type pairer struct {
	state   *pairing
	startFn func(ctx app.Context, host bool, kind string)
	liveFn  func() bool
	pageFn  func() app.Value
	scanFn  func(ctx app.Context, step string)
	syncFn  func(app.Context)
	doneFn  func(app.Context)
	joinFn  func(app.Context, pair.Packet)
}

// newPairer is the pairing screen's pairer.
func (s *Bridge) newPairer() pairer {
	return pairer{state: &s.pairing, startFn: s.startPairing, liveFn: s.pairingLive, pageFn: s.pairPage,
		scanFn: s.scanCode, syncFn: s.showSync, doneFn: s.toGame, joinFn: s.answer}
}

func (p pairer) start(ctx app.Context, host bool, kind string) { p.startFn(ctx, host, kind) }
func (p pairer) live() bool                                    { return p.liveFn() }
func (p pairer) page() app.Value                               { return p.pageFn() }
func (p pairer) scan(ctx app.Context, step string)             { p.scanFn(ctx, step) }
func (p pairer) sync(ctx app.Context)                          { p.syncFn(ctx) }
func (p pairer) done(ctx app.Context)                          { p.doneFn(ctx) }
func (p pairer) join(ctx app.Context, packet pair.Packet)      { p.joinFn(ctx, packet) }
