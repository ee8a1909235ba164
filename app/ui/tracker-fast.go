package ui

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// The taps of a game, a character's LP and Actions and a side's Gnosis −1/+1, are answered in
// the tap's own event, outside go-app's update loop, so that the very next frame shows them:
// the Session has the engine take the command (the same decide as every other command), the
// numbers and buttons are written to the page, the game is saved right after that frame, and
// the tracker redraws once taps pause. The page's half is window.gnosis in web/presses.js, a
// static file; every name the two halves share is one of these constants, given to the page
// once (listenToCounterTaps). A tap crosses between Go and JavaScript twice: the page calls
// Go with four numbers, and Go answers with one call (answerTap) whose patch is one JSON text.
const (
	attrCounter = "data-counter" // on a counter's −/+ buttons: one of counterKinds
	attrSide    = "data-side"    // the side, 0 or 1
	attrIndex   = "data-index"   // the character's index in its side (none for Gnosis)
	attrDelta   = "data-delta"   // -1 or 1
	attrHold    = "data-hold"    // on LP's −/+: the delta of a long press, -5 or 5 (holdLP)

	classValue         = "value"          // a counter's number
	classMinus         = "minus"          // a counter's −1 button
	classPlus          = "plus"           // a counter's +1 button
	classCounter       = "counter"        // a character's counter (Counter), with its kind: "counter lp"
	classGnosisCounter = "gnosis-counter" // a side's Gnosis counter

	idUndo = "undo"
	idRedo = "redo"

	idActiveSheet = "active-panel" // the active character's sheet (ActiveSheet)
	classFlowBar  = "flow"         // the tracker's pinned bar: turn, phase, undo and redo
	classSideTabs = "side-tabs"    // the tracker's pinned tabs, under it
)

// The counters a tap may change, as attrCounter names them; the page sends a counter's index
// in counterKinds.
const (
	counterLP      = session.CounterLP
	counterActions = session.CounterActions
	counterGnosis  = session.CounterGnosis
)

var counterKinds = [...]string{counterLP, counterActions, counterGnosis}

// holdLP is what a long press on LP's − or + changes (a hit of 5 in one gesture), and holdTime
// how long the press is held for it.
const (
	holdLP   = 5
	holdTime = 450 * time.Millisecond
)

// counterButton is the selector of the buttons answered by tapCounter.
const counterButton = "button[" + attrCounter + "]"

// fast is the Session's state for the taps answered in their own event.
type fast struct {
	page          app.Value       // window.gnosis, the page scripts' functions (web/boot.js lists them)
	onGame        bool            // the tracker is on screen: only there are taps answered
	onHomeOrGame  bool            // the home screen or the tracker is on screen: the copy of the screen may be kept (glance.go)
	lastTap       time.Time       // the last tap answered (tapCounter)
	redrawPending bool            // a redraw is due once taps pause (redrawSoon)
	redrawFn      app.Func        // the timer's callback of redrawSoon
	saveFn        app.Func        // save a waiting change now (saveWhenHidden, saveSoon)
	patched       map[[3]int]bool // counters written to the page since the tracker last drew: side, index, gnosis
}

// gnosisJS returns the page scripts' functions (window.gnosis; web/boot.js lists the files).
func gnosisJS() app.Value { return app.Window().Get("gnosis") }

// listenToBack has the page script close the open sheet when the player goes Back
// (web/sheets.js: listenToBack, sheetOpened, sheetClosed): the tracker keeps its screen. A
// rule's summary over the screen closes first (ruleOpened, ruleClosed).
func (s *Bridge) listenToBack() {
	s.page.Call("listenToBack", app.FuncOf(func(app.Value, []app.Value) any {
		s.ctx.NewAction(actCloseSheet)
		return nil
	}), app.FuncOf(func(app.Value, []app.Value) any {
		s.ctx.NewActionWithValue(actSession, openRule{}) // a rule's summary first
		return nil
	}))
}

// listenToCounterTaps answers the taps on the characters' counters and the sides' Gnosis
// (tapCounter): one listener on the document serves every counter button, in JavaScript, so
// that other taps do not call into Go. The page sends numbers (the counter's index in
// counterKinds, side, index, delta), which cross into Go without a call back to JavaScript.
//
// Go runs when JavaScript calls it, which happens only while every goroutine, go-app's among
// them, waits: the Root's fields are never changed under a Render.
func (s *Bridge) listenToCounterTaps() {
	tap := app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) < 4 && !(len(args) == 1 && args[0].Int() == -1) {
			return nil
		}
		if len(args) == 1 && args[0].Int() == -1 { // a press begun on the start copy: it counted nothing, and is said
			s.ctx.Dispatch(func(ctx app.Context) {
				s.ask(ctx, session.Notify{Text: text.T(s.core.Settings().Lang(), "That press began while Gnosis was still starting, and counted nothing: tap again.")})
			})
			return nil
		}
		kind, side, index, delta := args[0].Int(), args[1].Int(), args[2].Int(), args[3].Int()
		if kind >= 0 && kind < len(counterKinds) {
			s.tapCounter(anima.Ref{Side: side, Index: index}, counterKinds[kind], delta)
		}
		return nil
	})
	s.page.Call("listenToTaps", tapNames(), tap)
}

// tapNames is every name the page script needs to answer the counters' taps (listenToTaps,
// and the copy of the screen: glance.go).
func tapNames() map[string]any {
	return map[string]any{
		"selector": counterButton,
		"kind":     attrCounter,
		"kinds":    toAny(counterKinds[:]),
		"numbers":  []any{attrSide, attrIndex, attrDelta},
		"hold":     attrHold,
		"holdMs":   holdTime.Milliseconds(),
		"value":    classValue,
		"minus":    classMinus,
		"plus":     classPlus,
		"undo":     idUndo,
		"redo":     idRedo,
	}
}

// tapCounter adds delta to a character's LP or Actions (counterLP, counterActions), or to the
// Gnosis of ref's side (counterGnosis): the engine takes the command, and one call to the page
// (answerTap) writes the numbers and buttons (counterPatch), asks for the save right after the
// frame that shows them (saveSoon), and for go-app's redraw of the rest of the screen (badges,
// levels on the table, the active character's choices) once taps pause (redrawSoon): on a
// slow phone that redraw costs several frames and would hold back the next tap. A refused
// command is drawn at once, with its notice, and so is a tap that dismisses a notice (which
// covers the bottom of the screen).
func (s *Bridge) tapCounter(ref anima.Ref, counter string, delta int) {
	defer func() {
		if r := recover(); r != nil {
			s.core.Do(session.Failed{What: fmt.Sprint(r)})
			s.ctx.Dispatch(s.publish)
		}
	}()
	hadNotice := s.core.Notice() != ""
	if !s.onGame {
		s.ctx.Dispatch(s.publish)
		return
	}
	out := s.core.Do(session.TapCounter{Ref: ref, Counter: counter, Delta: delta}) // in the tap's own event: no redraw, the page script patches the counter
	taken, save := out.Taken, out.SaveSoon
	if !taken { // refused, or sent to the host (it goes once saved): drawn as any command's
		s.ctx.Dispatch(func(ctx app.Context) {
			if save {
				s.saveSoon()
			}
			s.publish(ctx)
		})
		return
	}
	key := [3]int{ref.Side, ref.Index, 0}
	if counter == counterGnosis {
		key = [3]int{ref.Side, 0, 1}
	}
	if s.patched == nil {
		s.patched = map[[3]int]bool{}
	}
	s.patched[key] = true
	dismissed := hadNotice && s.core.Notice() == ""
	var redraw, saveFn any
	if !dismissed {
		redraw = s.redrawSoon()
	}
	if save {
		saveFn = s.saveFn
	}
	s.page.Call("answerTap", s.counterPatch(key), saveFn, redraw, redrawPause.Milliseconds())
	if dismissed { // the tap dismissed a notice: it goes now, not to cover the next tap
		s.ctx.Dispatch(s.publish)
	}
}

// sideID is the id of a side's panel on the tracker, "side-0" or "side-1": the page script's
// patches find the side's Gnosis counter in it (counterPatch).
func sideID(side int) string { return "side-" + strconv.Itoa(side) }

// attrRedrawPending marks <body> while a redraw after taps is due (redrawSoon).
const attrRedrawPending = "data-redraw-pending"

// body is the page's <body>.
func body() app.Value { return app.Window().Get("document").Get("body") }

// redrawPause is how long taps must pause before go-app draws the whole screen again
// after taps answered directly (tapCounter).
const redrawPause = 250 * time.Millisecond

// redrawSoon has go-app draw the whole screen once taps answered directly have paused for
// redrawPause, so that a burst of taps (five LP down for a hit) is drawn frame by frame and
// the screen's redraw comes once, after the last. It returns the function the page must call
// after redrawPause, or nil when a redraw is already due.
func (s *Bridge) redrawSoon() any {
	s.lastTap = time.Now()
	if s.redrawPending {
		return nil
	}
	s.redrawPending = true
	body().Call("setAttribute", attrRedrawPending, "") // the end-to-end tests wait for its end
	if s.redrawFn == nil {
		s.redrawFn = app.FuncOf(func(app.Value, []app.Value) any {
			s.ctx.Dispatch(func(ctx app.Context) {
				if wait := redrawPause - time.Since(s.lastTap); wait > 0 {
					ctx.PreventUpdate()
					app.Window().Call("setTimeout", s.redrawFn, wait.Milliseconds()+1)
					return
				}
				s.redrawPending = false
				body().Call("removeAttribute", attrRedrawPending)
				s.publish(ctx)
			})
			return nil
		})
	}
	return s.redrawFn
}

// repatchSoon has repatch run once the drawing under way is done, if a tap wrote a counter.
func (s *Bridge) repatchSoon() {
	if len(s.patched) > 0 {
		s.ctx.Defer(func(app.Context) { s.repatch() })
	}
}

// repatch writes the true numbers into the counters tapCounter wrote since the last Render:
// go-app compares a Render with the one before it, not with the page, so a counter written
// directly and brought back to its former number (an undo within redrawPause, a tap another
// tab refused) would keep showing the tap.
func (s *Bridge) repatch() {
	patched := s.patched
	s.patched = nil
	if s.core.Play().Game() != nil && s.onGame && len(patched) > 0 {
		s.page.Call("patchCounters", s.counterPatch(slices.Collect(maps.Keys(patched))...))
	}
}

// counterPatch is what the page writes for the counters keyed side, index and gnosis (1 for a
// side's Gnosis, 0 for a character's LP and Actions), as Render draws them, and for the undo
// and redo buttons: a JSON object {"undo": allowed, "redo": allowed, "counters": [[selector,
// text, − allowed, + allowed], …]} (gnosis.patchCounters in web/presses.js). It is written by
// hand, the selectors and texts being plain ASCII, because encoding/json would cost a tap
// more than the rest of its work.
func (s *Bridge) counterPatch(keys ...[3]int) string {
	st := s.core.Play().Game().State()
	b := make([]byte, 0, 160)
	b = append(b, `{"undo":`...)
	b = strconv.AppendBool(b, s.core.Play().Game().CanUndo())
	b = append(b, `,"redo":`...)
	b = strconv.AppendBool(b, s.core.Play().Game().CanRedo())
	b = append(b, `,"counters":[`...)
	counter := func(selector, text string, less, more bool) {
		if b[len(b)-1] == ']' {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendQuoteToASCII(b, selector)
		b = append(b, ',')
		b = strconv.AppendQuoteToASCII(b, text)
		b = append(b, ',')
		b = strconv.AppendBool(b, less)
		b = append(b, ',')
		b = strconv.AppendBool(b, more)
		b = append(b, ']')
	}
	for _, k := range keys {
		if k[2] == 1 {
			if k[0] == 0 || k[0] == 1 {
				g := gnosisButtons(st, k[0])
				counter("#"+sideID(k[0])+" ."+classGnosisCounter, gnosisText(st, k[0]), g[0], g[1])
			}
			continue
		}
		ref := anima.Ref{Side: k[0], Index: k[1]}
		ch, ok := st.Character(ref)
		if !ok {
			continue
		}
		c := counterButtons(st, ref)
		row := "#" + rowID(ref)
		counter(row+" ."+classCounter+"."+counterLP, lpText(ch), c[0], c[1])
		counter(row+" ."+classCounter+"."+counterActions, actionsText(ch), c[2], c[3])
	}
	return string(append(b, "]}"...))
}

// saveSoon saves the game once the browser has painted the frame that shows a change go-app
// draws (the end of go-app's update, an animation frame, then the browser's next idle time),
// or after 100 ms if no frame comes (a hidden tab), or at once when the page is hidden
// (saveWhenHidden): the player sees the change first, and it is on the device a frame later.
// Any other save in between saves it too. (A tap answered directly, tapCounter, asks for the
// save with its patch: its frame comes without go-app's update.)
func (s *Bridge) saveSoon() {
	s.ctx.Defer(func(app.Context) { s.page.Call("saveAfterFrame", s.saveFn) })
}

// saveWhenHidden makes s.saveFn, which sends SaveNow for a change the Session keeps waiting
// (and redraws only if the save brought a notice), and calls it when the page is hidden: the
// browser may freeze or close it next. When the page goes, the journal keeps what waits
// (Session.Journal), then the screen is kept for the next start (keepGlance).
func (s *Bridge) saveWhenHidden(ctx app.Context) {
	s.saveFn = app.FuncOf(func(app.Value, []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) {
			if !s.core.Play().SavePending() {
				ctx.PreventUpdate()
				return
			}
			before := s.core.Notice()
			out := s.core.Do(session.SaveNow{})
			s.flushLink(out) // on two phones, the tap saved goes to the other phone now
			s.keepGlanceIfHidden()
			if s.core.Notice() == before {
				ctx.PreventUpdate() // saved: the screen already shows it
				return
			}
			s.publish(ctx)
		})
		return nil
	})
	app.Window().Call("addEventListener", "pagehide", app.FuncOf(func(app.Value, []app.Value) any {
		s.core.Do(session.KeepJournal{}) // the journal first: the copy gives it room (Config.GiveJournalRoom)
		s.keepGlance()
		return nil
	}))
	app.Window().Get("document").Call("addEventListener", "visibilitychange", s.saveFn)
}
