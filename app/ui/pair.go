package ui

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/link"
	"gnosis/app/pair"
	"gnosis/app/session"
)

// Two phones, one game: the pairing screen. The host phone (in a game: "Play on two phones")
// shows its pairing code, then scans the guest's; the guest ("Join a game on two phones")
// scans the host's, then shows its own. Both then show the same four digits. The codes carry
// what a WebRTC data channel needs (app/pair); the page script makes the connection and reads
// the camera (web/pair.js); once the channel is open the game's link (the Session's Duo)
// keeps both phones in step.

// Screens of the pairing.
const (
	screenPair = "/pair/" // the host's, and the game's kind: session.KindAnima or KindDiskwars
	screenJoin = "/join"  // the guest's
)

// Steps of a pairing.
const (
	stepStart      = ""           // the host asks for the camera and makes its connection
	stepShow       = "show"       // this phone shows its code
	stepScan       = "scan"       // this phone reads the other's code
	stepConnecting = "connecting" // the host has the guest's code: the channel opens
	stepPaired     = "paired"     // the channel is open
	stepFailed     = "failed"     // no channel within connectTimeout, or the browser failed
	stepSync       = "sync"       // no channel: this phone shows its sync code
	stepSyncScan   = "sync-scan"  // no channel: this phone reads the other's sync code
	stepKeep       = "keep"       // the guest has a game of its own in progress: kept if it joins
)

// connectTimeout is how long the host waits for the channel once it has the guest's code.
const connectTimeout = 10 * time.Second

// pairing is a pairing in progress: the browser's part (the camera, the connection, the codes
// shown). The game's link is the Session's.
type pairing struct {
	host     bool
	step     string
	code     string   // the code this phone shows (pair.Packet.String)
	mine     [32]byte // this phone's and the other's fingerprints: the four digits
	theirs   [32]byte
	err      string       // why the last scan or step failed, in the player's language
	open     bool         // the data channel is open
	attempts int          // counts pairings, so that an old one's callbacks do nothing
	joining  *pair.Packet // the guest's: the host's code read, waiting for the player to keep its game
}

// PairScreen is the pairing screen: Host for the host's (Kind its game's), else the guest's.
type PairScreen struct {
	app.Compo
	page
	pair    session.Pair
	pairing pairer
	Host    bool
	Kind    string
}

// OnMount starts the pairing unless one of this role is under way, or done and its link up: a
// link lost (the other phone reloaded) starts a new one, the host's new code shown at once.
func (c *PairScreen) OnMount(ctx app.Context) {
	c.observe(ctx)
	p := c.pairing.state
	if p.host != c.Host || p.step == stepFailed || (p.step == stepStart && p.attempts == 0) || (p.step == stepPaired && !p.open) || !c.pairing.live() {
		c.pairing.start(ctx, c.Host, c.Kind)
	}
}

// OnDismount stops the camera.
func (c *PairScreen) OnDismount() { c.pairing.page().Call("stopScan") }

// pairingLive reports whether the pairing's connection still exists (a reload loses it).
func (s *Bridge) pairingLive() bool {
	return s.pairing.attempts > 0 && s.pairPage().Truthy()
}

// Render draws the step of the pairing, the way to sync by QR code when there is no
// connection, and the game's link.
func (c *PairScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	p := *c.pairing.state
	d := c.pair.Duo()
	body := c.step(p, d)
	var more []app.UI // beside the step; on the camera's sheet while it reads
	if d != nil && d.HasGame && p.step != stepSync && p.step != stepSyncScan && (p.step == stepFailed || !p.open) {
		more = append(more, action("sync-qr", "wide", c.t("Sync by QR code, without a connection"), c.onSync))
	}
	if p.err != "" {
		more = append(more, line("pair-error", "notice", p.err))
	}
	if p.step == stepScan || p.step == stepSyncScan {
		body = []app.UI{c.scanSheet(p, more)}
	} else {
		body = append(body, more...)
	}
	if d != nil {
		body = append(body, c.linkControls(*d))
	}
	return app.Div().Class("pair").Body(app.Section().Class("card").Body(body...))
}

// line is a paragraph of text (id and class "" for none); action a button.
func line(id, class, text string) app.UI {
	if id == "" {
		return app.P().Class(class).Text(text)
	}
	return app.P().ID(id).Class(class).Text(text)
}

func action(id, class, text string, h app.EventHandler) app.UI {
	return app.Button().ID(id).Class(class).Text(text).OnClick(h)
}

// step is what the pairing's step shows.
func (c *PairScreen) step(p pairing, d *session.Duo) []app.UI {
	switch p.step {
	case stepStart:
		return []app.UI{line("pair-status", "", c.t("Preparing this phone's code…"))}
	case stepShow:
		return c.showStep(p, d)
	case stepScan, stepSyncScan:
		return nil // the camera's sheet (scanSheet)
	case stepConnecting:
		return []app.UI{line("pair-status", "", c.t("Connecting…"))}
	case stepKeep:
		return []app.UI{line("pair-keep", "", c.t("Your game in progress is kept on this phone: the host's takes its place here. Bring yours back from the home screen when you like.")),
			action("pair-keep-join", "primary wide", c.t("Keep my game and join"), c.onKeepJoin),
			action("pair-keep-cancel", "wide", c.t("Cancel"), c.onKeepCancel)}
	case stepPaired:
		if !p.open { // "Paired" only while the link is up; the steps in the order they are taken
			lost := c.t("The link is lost (a phone may have reloaded). 1. On the other phone, tap ⇄: it shows a new code. 2. Then tap Pair again here and scan it.")
			if c.Host {
				lost = c.t("The link is lost (a phone may have reloaded). 1. Tap Pair again here: this phone shows a new code. 2. On the other phone, tap ⇄ and scan it.")
			}
			return []app.UI{line("pair-status", "notice", lost), action("pair-again", "primary wide", c.t("Pair again"), c.onAgain)}
		}
		next := line("", "muted", c.t("Receiving the game…"))
		if d != nil && d.HasGame {
			next = action("pair-done", "primary wide", c.t("Back to the game"), c.onDone)
		}
		return []app.UI{line("pair-status", "", c.t("Paired. Check that both phones show the same code:")),
			line("pair-code", "pair-code", pair.Code(c.offerFP(), c.answerFP())), next,
			action("pair-again", "wide", c.t("Pair again"), c.onAgain)}
	case stepSync:
		return []app.UI{line("", "", c.t("Without a connection: the other phone scans this code, then shows its own for this one to scan. Do it after each turn.")),
			c.codeView(p.code), action("sync-scan", "primary wide", c.t("Scan the other phone's code"), c.onSyncScan),
			action("pair-done", "wide", c.t("Back to the game"), c.onDone)}
	default: // stepFailed
		return []app.UI{line("pair-status", "notice", c.t("The phones could not connect. They must be on the same Wi-Fi (one where devices see each other), or one phone shares a hotspot with the other.")),
			action("pair-again", "primary wide", c.t("Pair again"), c.onAgain)}
	}
}

// scanSheet is the camera reading the other phone's code, as a sheet over the screen (issue
// 70), as the club night's scans: the preview in view wherever the button was, what the scan
// said of a code read (more: why it was not taken, the way to sync without a connection), and
// its cancel.
func (c *PairScreen) scanSheet(p pairing, more []app.UI) app.UI {
	hint := c.t("Point the camera at the first phone's code.")
	if c.Host || p.step == stepSyncScan {
		hint = c.t("Point the camera at the other phone's code.")
	}
	return app.Div().Class("overlay").Body(app.Section().ID("pair-camera").Class("sheet scan-sheet").Role("dialog").Aria("label", hint).Body(
		line("", "muted small", hint),
		app.Elem("video").ID("pair-video").Class("pair-video").Attr("muted", true).Attr("autoplay", true).Attr("playsinline", true),
		app.Div().Body(more...),
		action("pair-scan-cancel", "wide", c.t("Cancel"), c.onScanCancel),
	))
}

// showStep is the step where this phone shows its code: the host's, with what the other
// phone taps (⇄ when the phones have been in step before), or the guest's answer.
func (c *PairScreen) showStep(p pairing, d *session.Duo) []app.UI {
	if !c.Host {
		return []app.UI{line("", "", c.t("2. Show this code to the first phone, which scans it.")), c.codeView(p.code),
			line("pair-status", "muted", c.t("Waiting for the first phone…")),
			action("pair-rescan", "wide", c.t("Scan again"), c.onAgain)}
	}
	first := c.t("1. On the other phone: Join a game on two phones, and scan this code.")
	if d != nil && d.PairedBefore { // pairing again: the other phone's ⇄ opens its pairing
		first = c.t("1. On the other phone: tap ⇄, and scan this code.")
	}
	return []app.UI{line("", "", first), c.codeView(p.code),
		action("pair-scan", "primary wide", c.t("2. Scan the other phone's code"), c.onScan)}
}

// The pairing screen's buttons.
func (c *PairScreen) onScan(ctx app.Context, e app.Event)     { c.pairing.scan(ctx, stepScan) }
func (c *PairScreen) onSyncScan(ctx app.Context, e app.Event) { c.pairing.scan(ctx, stepSyncScan) }
func (c *PairScreen) onSync(ctx app.Context, e app.Event)     { c.pairing.sync(ctx) }

// onScanCancel closes the camera: back to this phone's code (the host's, or its sync code),
// or, for a guest who has shown nothing yet, to the screen before.
func (c *PairScreen) onScanCancel(ctx app.Context, e app.Event) {
	c.pairing.page().Call("stopScan")
	p := c.pairing.state
	switch {
	case p.step == stepSyncScan:
		p.step, p.err = stepSync, ""
	case p.host && p.code != "":
		p.step, p.err = stepShow, ""
	default:
		send(ctx, session.GoBack{})
	}
}
func (c *PairScreen) onDone(ctx app.Context, e app.Event)  { c.pairing.done(ctx) }
func (c *PairScreen) onAgain(ctx app.Context, e app.Event) { c.pairing.start(ctx, c.Host, c.Kind) }

// pairCodePx is the most CSS pixels a pairing code is drawn across (the card's width on a
// 360-pixel phone), a whole number of pixels a module.
const pairCodePx = 300

// codeView is a pairing code as a QR code.
func (c *PairScreen) codeView(code string) app.UI {
	svg, err := qrSVGSized(code, c.t("QR code")+": "+c.t("Pairing code"), pairCodePx)
	if err != nil {
		return app.P().Class("notice").Text(c.settings.ErrText(err))
	}
	return app.Div().ID("pair-qr").Class("qr").Body(app.Raw(svg))
}

// offerFP and answerFP are the host's and the guest's fingerprints, whichever this phone is.
func (c *PairScreen) offerFP() [32]byte {
	if c.pairing.state.host {
		return c.pairing.state.mine
	}
	return c.pairing.state.theirs
}

func (c *PairScreen) answerFP() [32]byte {
	if c.pairing.state.host {
		return c.pairing.state.theirs
	}
	return c.pairing.state.mine
}

// linkControls are the game's link: whether either phone acts for both sides (the host's
// choice), and the end of the game on two phones.
func (c *PairScreen) linkControls(d session.Duo) app.UI {
	return app.Div().Class("pair-link").Body(
		app.If(d.Role == link.Host, func() app.UI {
			return checkBox("pair-both", c.t("Either phone may act for both sides"), d.Both, func(ctx app.Context, e app.Event) {
				send(ctx, session.AllowBoth{Both: ctx.JSSrc().Get("checked").Truthy()})
			})
		}),
		app.Button().ID("pair-end").Class("wide").Text(c.t("End the game on two phones: go on on this phone alone")).
			OnClick(func(ctx app.Context, e app.Event) {
				c.pairing.page().Call("close")
				*c.pairing.state = pairing{attempts: c.pairing.state.attempts}
				send(ctx, session.EndTwoPhones{})
			}),
	)
}

// pairPage is the page script's pairing (web/pair.js).
func (s *Bridge) pairPage() app.Value { return app.Window().Get("gnosisPair") }

// startPairing begins a pairing: the host (of a game of kind) makes its game's link, asks for
// the camera and makes its connection, then shows its code; the guest scans the host's.
func (s *Bridge) startPairing(ctx app.Context, host bool, kind string) {
	s.pairing = pairing{host: host, attempts: s.pairing.attempts + 1}
	n := s.pairing.attempts
	if !host {
		s.pairing.step = stepScan
		s.publish(ctx)
		s.ctx.Defer(func(ctx app.Context) { s.scanCode(ctx, stepScan) })
		return
	}
	if d := s.core.Pair().Duo(); d == nil || d.Role != link.Host || d.Kind != kind {
		s.ask(ctx, session.HostTwoPhones{Kind: kind})
	}
	s.publish(ctx)
	s.await(s.pairPage().Call("camera"), func(app.Value) {
		s.await(s.pairPage().Call("offer"), func(sdp app.Value) {
			if d := s.core.Pair().Duo(); d != nil {
				s.showOwnCode(ctx, n, sdp.String(), d.Game, false, kind == session.KindDiskwars)
			}
		}, func(msg string) { s.pairingFailed(ctx, msg) })
	}, func(string) {})
}

// scanCode shows the camera and reads codes until one is the other phone's: its pairing
// code (step stepScan) or its sync code (stepSyncScan).
func (s *Bridge) scanCode(ctx app.Context, step string) {
	s.pairing.step, s.pairing.err = step, ""
	s.publish(ctx)
	n := s.pairing.attempts
	s.ctx.Defer(func(ctx app.Context) {
		var found app.Func
		found = app.FuncOf(func(_ app.Value, args []app.Value) any {
			text := args[0].String()
			s.ctx.Dispatch(func(ctx app.Context) {
				if n != s.pairing.attempts || s.pairing.step != step {
					return
				}
				took := s.takeCode
				if step == stepSyncScan {
					took = s.takeSyncCode
				}
				if took(ctx, text) {
					s.pairPage().Call("stopScan")
					found.Release()
				}
			})
			return nil
		})
		s.await(s.pairPage().Call("scan", "pair-video", found), func(app.Value) {}, func(msg string) {
			s.pairing.err = s.core.Settings().T("The camera could not be opened: allow Gnosis to use it.")
			s.publish(ctx)
		})
	})
}

// takeCode reads a scanned code: the guest's answer on the host, the host's offer on the
// guest. It reports whether the code was the one awaited; another says why on screen.
func (s *Bridge) takeCode(ctx app.Context, text string) bool {
	p, err := pair.Parse(text)
	switch {
	case err != nil:
		s.pairing.err = s.core.Settings().ErrText(err)
	case p.Answer != s.pairing.host:
		s.pairing.err = s.core.Settings().T("This is not the code to scan now: scan the other phone's.")
	case s.pairing.host && (s.core.Pair().Duo() == nil || p.GameID() != s.core.Pair().Duo().Game):
		s.pairing.err = s.core.Settings().T("This code is for another game.")
	case s.pairing.host && p.Reply != pair.ReplyTo(s.pairing.mine):
		s.pairing.err = s.core.Settings().T("That code answers an older code of this phone: on the other phone, tap Scan again and scan the code shown here.")
	default:
		s.pairing.err, s.pairing.theirs = "", p.Fingerprint
		if s.pairing.host {
			s.accept(ctx, p)
		} else {
			s.answer(ctx, p)
		}
		return true
	}
	s.publish(ctx)
	return false
}

// showSync saves the game and shows this phone's sync code (none when the game could not be
// saved: the notice says so).
func (s *Bridge) showSync(ctx app.Context) {
	s.pairing.attempts++ // a pairing under way gives way: its code, once made, is not shown over this one
	s.ask(ctx, session.MakeSyncMessage{})
	s.pairing.code, s.pairing.step, s.pairing.err = "", stepSync, ""
	if msg := s.core.Pair().SyncMessage(); msg != nil {
		s.pairing.code = pair.SyncCode(msg)
	}
	s.publish(ctx)
}

// takeSyncCode reads the other phone's sync code, then shows this phone's. It reports whether
// the code was a sync code.
func (s *Bridge) takeSyncCode(ctx app.Context, text string) bool {
	msg, err := pair.ParseSyncCode(text)
	if err != nil {
		s.pairing.err = s.core.Settings().ErrText(err)
		s.publish(ctx)
		return false
	}
	if out := s.ask(ctx, session.LinkReceive{Msg: msg, Scanned: true}); !out.Taken {
		s.pairing.err = s.core.Notice() // another game's code: keep scanning, this phone's code not shown as if it worked
		s.publish(ctx)
		return false
	}
	s.showSync(ctx)
	return true
}

// accept gives the host's connection the guest's answer, and gives up after connectTimeout.
func (s *Bridge) accept(ctx app.Context, p pair.Packet) {
	s.pairing.step = stepConnecting
	s.publish(ctx)
	n := s.pairing.attempts
	s.await(s.pairPage().Call("accept", p.SDP()), func(app.Value) {}, func(msg string) { s.pairingFailed(ctx, msg) })
	s.ctx.After(connectTimeout, func(ctx app.Context) {
		if n == s.pairing.attempts && s.pairing.step == stepConnecting && !s.pairing.open { // not a link opened, then lost
			s.pairingFailed(ctx, "")
		}
	})
}

// answer makes the guest the host's game's guest, and its connection's answer its code. A guest
// with a game of its own in progress is asked first (stepKeep): it is kept if it joins.
func (s *Bridge) answer(ctx app.Context, p pair.Packet) {
	kind := session.KindAnima
	if p.Diskwars {
		kind = session.KindDiskwars
	}
	if d := s.core.Pair().Duo(); d == nil || d.Game != p.GameID() || d.Role != link.Guest {
		if s.pairing.joining == nil && s.core.Pair().WouldKeep(kind) {
			s.pairing.joining, s.pairing.step = &p, stepKeep
			s.pairPage().Call("stopScan")
			s.publish(ctx)
			return
		}
		s.pairing.joining = nil
		s.ask(ctx, session.JoinTwoPhones{Kind: kind, Game: p.GameID()})
		if d := s.core.Pair().Duo(); d == nil || d.Game != p.GameID() { // not joined: the notice says why
			s.pairingFailed(ctx, "")
			return
		}
	}
	n := s.pairing.attempts
	s.await(s.pairPage().Call("answer", p.SDP()), func(sdp app.Value) {
		s.showOwnCode(ctx, n, sdp.String(), p.GameID(), true, p.Diskwars)
	}, func(msg string) { s.pairingFailed(ctx, msg) })
}

// onKeepJoin joins the host's game read before, this phone's own game kept.
func (c *PairScreen) onKeepJoin(ctx app.Context, e app.Event) {
	if p := c.pairing.state.joining; p != nil {
		c.pairing.join(ctx, *p)
	}
}

// onKeepCancel does not join: this phone's game stays as it is.
func (c *PairScreen) onKeepCancel(ctx app.Context, e app.Event) {
	c.pairing.state.joining = nil
	send(ctx, session.Navigate{To: ""})
}

// showOwnCode shows this phone's pairing code, made of its connection's description (sdp) for
// the game: the host's offer, or the guest's answer. n is the attempt it belongs to: a later
// attempt's code stands.
func (s *Bridge) showOwnCode(ctx app.Context, n int, sdp, game string, answer, diskwars bool) {
	if n != s.pairing.attempts {
		return
	}
	p, err := pair.FromSDP(sdp, game, answer, diskwars)
	if err != nil {
		s.pairingFailed(ctx, err.Error())
		return
	}
	if answer {
		p.Reply = pair.ReplyTo(s.pairing.theirs) // the host's offer, read by takeCode
	}
	s.pairing.code, s.pairing.mine, s.pairing.step = p.String(), p.Fingerprint, stepShow
	s.publish(ctx)
}

// pairingFailed ends the pairing's attempt: the screen offers another.
func (s *Bridge) pairingFailed(ctx app.Context, detail string) {
	if detail != "" {
		browser{}.Log("warn", "gnosis: pairing: "+detail)
	}
	s.pairing.step = stepFailed
	s.publish(ctx)
}

// toGame goes to the screen of the game the link keeps.
func (s *Bridge) toGame(ctx app.Context) {
	to := session.ScreenGame
	if d := s.core.Pair().Duo(); d != nil && d.Kind == session.KindDiskwars {
		to = session.ScreenDWGame
	}
	s.ask(ctx, session.Navigate{To: to})
}

// await calls ok with a promise's value, or fail with its rejection's message, on the
// Shell's goroutine (through Dispatch).
func (s *Bridge) await(promise app.Value, ok func(app.Value), fail func(string)) {
	var yes, no app.Func
	release := func() { yes.Release(); no.Release() }
	yes = app.FuncOf(func(_ app.Value, args []app.Value) any {
		v := app.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		s.ctx.Dispatch(func(app.Context) { release(); ok(v) })
		return nil
	})
	no = app.FuncOf(func(_ app.Value, args []app.Value) any {
		msg := "rejected"
		if len(args) > 0 && args[0].Truthy() {
			msg = args[0].Call("toString").String()
		}
		s.ctx.Dispatch(func(app.Context) { release(); fail(msg) })
		return nil
	})
	promise.Call("then", yes, no)
}

// listenToLink has the page script's channel hand its messages to the Session, and its
// states to the pairing.
func (s *Bridge) listenToLink(ctx app.Context) {
	pp := s.pairPage()
	if !pp.Truthy() {
		return
	}
	pp.Set("onMessage", app.FuncOf(func(_ app.Value, args []app.Value) any {
		msg := []byte(args[0].String())
		ctx.Dispatch(func(ctx app.Context) { s.ask(ctx, session.LinkReceive{Msg: msg}) })
		return nil
	}))
	pp.Set("onState", app.FuncOf(func(_ app.Value, args []app.Value) any {
		state := args[0].String()
		ctx.Dispatch(func(ctx app.Context) {
			s.pairing.open = state == "open"
			switch {
			case state == "open" && s.pairing.step != stepPaired && s.pairing.attempts > 0:
				s.pairing.step = stepPaired
				s.ask(ctx, session.LinkTick{}) // says hello at once
			case state == "failed" && s.pairing.step == stepConnecting:
				s.pairingFailed(ctx, "the connection failed")
			}
			s.publish(ctx)
		})
		return nil
	}))
}

// channel is the WebRTC data channel of the page script (web/pair.js), as the link's
// transport.
type channel struct{}

// Send sends msg when the channel is open.
func (channel) Send(msg []byte) bool {
	pp := app.Window().Get("gnosisPair")
	return pp.Truthy() && pp.Call("send", string(msg)).Truthy()
}

var _ link.Transport = channel{}

// flushLink sends what the Session lets go to the other phone, and keeps the link's clock
// running while a game is on two phones: out, the outcome of the request just answered, says
// whether one is.
func (s *Bridge) flushLink(out session.Outcome) {
	paired := out.Paired
	if paired { // on one phone nothing goes: no request on a tap's save
		var t link.Transport = channel{}
		for _, m := range s.core.Do(session.TakeOutgoing{}).Messages {
			t.Send(m)
		}
	}
	switch {
	case paired && s.linkTick == nil:
		s.linkTick = app.FuncOf(func(app.Value, []app.Value) any {
			s.ctx.Dispatch(func(ctx app.Context) { s.ask(ctx, session.LinkTick{}) })
			return nil
		})
		s.linkTimer = app.Window().Call("setInterval", s.linkTick, 1000)
	case !paired && s.linkTick != nil:
		app.Window().Call("clearInterval", s.linkTimer)
		s.linkTick.Release()
		s.linkTick = nil
	}
}

// twoPhonesButton is the way from a game's screen to its pairing (kind: the game's), and,
// once the game is on two phones, the link's state: linked, lost, or requests waiting; class
// is its look on that screen.
func (p *page) twoPhonesButton(pair session.Pair, kind, look string) app.UI {
	d := pair.Duo()
	to := screenPair + kind
	if d != nil && d.Role == link.Guest {
		to = screenJoin
	}
	label, class := p.t("Play on two phones"), look
	text := "⇄"
	if d != nil && d.Kind == kind {
		if d.Waiting > 0 {
			text = fmt.Sprintf("⇄ %d", d.Waiting) // the taps waiting for the host
		}
		switch {
		case p.linkDown(d):
			label, class = p.t("Two phones: the link is lost"), look+" link-lost"
		case d.Waiting > 0:
			label, class = p.f("Two phones: %d waiting for the other phone", d.Waiting), look+" link-waiting"
		default:
			label, class = p.t("Two phones: linked"), look+" link-on"
		}
	}
	return app.Button().ID("two-phones").Class(class).Text(text).Aria("label", label).Title(label).
		OnClick(func(ctx app.Context, e app.Event) {
			send(ctx, session.Navigate{To: ctx.JSSrc().Call("getAttribute", attrTo).String()})
		}).
		Attr(attrTo, to)
}

// linkDown reports whether the link of the game on two phones d is down: lost (nothing heard for
// a while) or its channel closed (this phone, or the other, reloaded).
func (p *page) linkDown(d *session.Duo) bool { return d.Lost || !p.s.linkOpen() }

// linkLostLine is, on a game's screen on two phones whose link is down, what happened and the
// next tap, by this phone's role, in the order the two players take them (the host shows a
// new code first, the guest scans it); nothing otherwise. The game's screen keeps it in view.
func (p *page) linkLostLine(pair session.Pair, kind string) app.UI {
	d := pair.Duo()
	if d == nil || d.Kind != kind || !p.linkDown(d) {
		return app.Span().ID("link-lost").Hidden(true)
	}
	words := p.t("The link to the first phone is lost (a phone may have reloaded): tap ⇄ on the other phone first, then ⇄ here to scan its code.")
	if d.Role == link.Host {
		words = p.t("The link to the other phone is lost (it may have reloaded): tap ⇄ here for a new code, then ⇄ on the other phone to scan it.")
	}
	return app.P().ID("link-lost").Class("link-lost-line").Role("alert").Text(words)
}

// attrTo is the screen a button goes to.
const attrTo = "data-to"
