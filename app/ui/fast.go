package ui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
	"gnosis/engine"
)

// The taps of a game, a character's LP and Actions and a side's Gnosis −1/+1, are answered in
// the tap's own event, outside go-app's update loop, so that the very next frame shows them:
// the Session has the engine take the command (the same decide as every other command), the
// numbers and buttons are written to the page, the game is saved right after that frame, and
// the tracker redraws once taps pause. The page's half is window.gnosis in web/gnosis.js, a
// static file; every name the two halves share is one of these constants.
const (
	attrCounter = "data-counter" // on a counter's −/+ buttons: "lp", "actions" or "gnosis"
	attrSide    = "data-side"    // the side, 0 or 1
	attrIndex   = "data-index"   // the character's index in its side (none for Gnosis)
	attrDelta   = "data-delta"   // -1 or 1

	classValue = "value" // a counter's number
	classMinus = "minus" // a counter's −1 button
	classPlus  = "plus"  // a counter's +1 button

	idUndo = "undo"
	idRedo = "redo"
)

// counterButton is the selector of the buttons answered by tapCounter.
const counterButton = "button[" + attrCounter + "]"

// fast is the Session's state for the taps answered in their own event.
type fast struct {
	onGame        bool            // the tracker is on screen: only there are taps answered
	lastTap       time.Time       // the last tap answered (tapCounter)
	redrawPending bool            // a redraw is due once taps pause (redrawSoon)
	redrawFn      app.Func        // the timer's callback of redrawSoon
	savePending   bool            // the game has a change to save (saveSoon)
	saveFn        app.Func        // save a waiting change now (saveWhenHidden, saveSoon)
	afterFrameFn  app.Value       // saveSoon's callback in the frame: save when the browser is next idle
	patched       map[[3]int]bool // counters written to the page since the tracker last drew: side, index, gnosis
}

// gnosisJS returns the page script's functions (web/gnosis.js).
func gnosisJS() app.Value { return app.Window().Get("gnosis") }

// listenToCounterTaps answers the taps on the characters' counters and the sides' Gnosis
// (tapCounter): one listener on the document serves every counter button, in JavaScript, so
// that other taps do not call into Go.
//
// Go runs when JavaScript calls it, which happens only while every goroutine, go-app's among
// them, waits: the Root's fields are never changed under a Render.
func (s *Session) listenToCounterTaps() {
	tap := app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) < 4 {
			return nil
		}
		index := 0
		side, err1 := strconv.Atoi(args[0].String())
		if v := args[1].String(); v != "" {
			index, _ = strconv.Atoi(v)
		}
		delta, err3 := strconv.Atoi(args[3].String())
		if err1 == nil && err3 == nil {
			s.tapCounter(engine.Ref{Side: side, Index: index}, args[2].String(), delta)
		}
		return nil
	})
	gnosisJS().Call("listenToTaps", counterButton, []any{attrSide, attrIndex, attrCounter, attrDelta}, tap)
}

// tapCounter adds delta to a character's LP or Actions ("lp" or "actions"), or to the Gnosis
// of ref's side ("gnosis"): the engine takes the command, the numbers and buttons are written
// to the page directly (patchCounters), the game is saved right after the frame that shows
// them (saveSoon), and go-app draws the rest of the screen (badges, levels on the table, the
// active character's choices) once taps pause (redrawSoon): on a slow phone that redraw costs
// several frames and would hold back the next tap. A refused command is drawn at once, with
// its notice, and so is a tap that dismisses a notice (which covers the bottom of the screen).
func (s *Session) tapCounter(ref engine.Ref, counter string, delta int) {
	defer func() {
		if r := recover(); r != nil {
			s.caught(r)
			s.ctx.Dispatch(s.publish)
		}
	}()
	var cmd engine.Command
	switch counter {
	case "lp":
		cmd = engine.AdjustLP{Ref: ref, Delta: delta}
	case "actions":
		cmd = engine.AdjustActions{Ref: ref, Delta: delta}
	case "gnosis":
		cmd = engine.AdjustGnosis{Side: ref.Side, Delta: delta}
	default:
		return
	}
	hadNotice := s.notice != ""
	if !s.onGame || !s.decide(cmd, nil) {
		s.ctx.Dispatch(s.publish)
		return
	}
	s.saveSoon()
	key := [3]int{ref.Side, ref.Index, 0}
	if counter == "gnosis" {
		key = [3]int{ref.Side, 0, 1}
	}
	if s.patched == nil {
		s.patched = map[[3]int]bool{}
	}
	s.patched[key] = true
	s.patchCounters(map[[3]int]bool{key: true})
	if hadNotice && s.notice == "" { // the tap dismissed a notice: it goes now, not to cover the next tap
		s.ctx.Dispatch(s.publish)
		return
	}
	s.redrawSoon()
}

// redrawPause is how long taps must pause before go-app draws the whole screen again
// after taps answered directly (tapCounter).
const redrawPause = 250 * time.Millisecond

// redrawSoon has go-app draw the whole screen once taps answered directly have paused for
// redrawPause, so that a burst of taps (five LP down for a hit) is drawn frame by frame and
// the screen's redraw comes once, after the last.
func (s *Session) redrawSoon() {
	s.lastTap = time.Now()
	if s.redrawPending {
		return
	}
	s.redrawPending = true
	if s.redrawFn == nil {
		s.redrawFn = app.FuncOf(func(app.Value, []app.Value) any {
			s.ctx.Dispatch(func(ctx app.Context) {
				if wait := redrawPause - time.Since(s.lastTap); wait > 0 {
					ctx.PreventUpdate()
					app.Window().Call("setTimeout", s.redrawFn, wait.Milliseconds()+1)
					return
				}
				s.redrawPending = false
				s.publish(ctx)
			})
			return nil
		})
	}
	app.Window().Call("setTimeout", s.redrawFn, redrawPause.Milliseconds())
}

// repatch writes the true numbers into the counters tapCounter wrote since the last Render:
// go-app compares a Render with the one before it, not with the page, so a counter written
// directly and brought back to its former number (an undo within redrawPause, a tap another
// tab refused) would keep showing the tap.
func (s *Session) repatch() {
	patched := s.patched
	s.patched = nil
	if s.game != nil && s.onGame {
		s.patchCounters(patched)
	}
}

// patchCounters writes the numbers and −/+ buttons of the counters keyed side, index and
// gnosis (1 for a side's Gnosis, 0 for a character's LP and Actions) to the page as Render
// draws them, and the undo and redo buttons.
func (s *Session) patchCounters(keys map[[3]int]bool) {
	st := s.game.State()
	var counters []any
	for k := range keys {
		if k[2] == 1 {
			if k[0] == 0 || k[0] == 1 {
				b := gnosisButtons(st, k[0])
				counters = append(counters, []any{fmt.Sprintf("#side-%d .gnosis-counter", k[0]), gnosisText(st, k[0]), b[0], b[1]})
			}
			continue
		}
		ref := engine.Ref{Side: k[0], Index: k[1]}
		ch, ok := st.Character(ref)
		if !ok {
			continue
		}
		b := counterButtons(st, ref)
		row := fmt.Sprintf("#c-%d-%d", ref.Side, ref.Index)
		counters = append(counters,
			[]any{row + " .counter.lp", lpText(ch), b[0], b[1]},
			[]any{row + " .counter.actions", actionsText(ch), b[2], b[3]})
	}
	gnosisJS().Call("patchCounters",
		[]any{classValue, classMinus, classPlus},
		[]any{[]any{idUndo, s.game.CanUndo()}, []any{idRedo, s.game.CanRedo()}},
		counters)
}

// saveSoon saves the game once the browser has painted the frame of a tap (an animation
// frame, then the browser's next idle time), or after 100 ms if no frame comes (a hidden
// tab), or at once when the page is hidden (saveWhenHidden): the player sees the change
// first, and it is on the device a frame later. Any other save in between saves it too.
func (s *Session) saveSoon() {
	if s.savePending {
		return
	}
	s.savePending = true
	if s.afterFrameFn == nil {
		// In the frame, a JavaScript function (no call into Go before the paint) asks for
		// the save when the browser is next idle, after this frame.
		s.afterFrameFn = gnosisJS().Call("afterFrame", s.saveFn)
	}
	app.Window().Call("requestAnimationFrame", s.afterFrameFn)
	app.Window().Call("setTimeout", s.saveFn, 100)
}

// flushSave saves the game if saveSoon has a change waiting.
func (s *Session) flushSave() {
	if s.savePending && s.game != nil {
		s.saveGame()
	}
}

// saveWhenHidden makes s.saveFn, which saves a change saveSoon keeps waiting (and redraws
// only if the save brought a notice), and calls it when the page is hidden: the browser may
// freeze or close it next. When the page goes, journal keeps what waits.
func (s *Session) saveWhenHidden(ctx app.Context) {
	s.saveFn = app.FuncOf(func(app.Value, []app.Value) any {
		ctx.Dispatch(func(ctx app.Context) {
			if !s.savePending || s.game == nil || s.saveGame() {
				ctx.PreventUpdate() // saved: the screen already shows it
			}
		})
		return nil
	})
	app.Window().Call("addEventListener", "pagehide", app.FuncOf(func(app.Value, []app.Value) any {
		s.journal()
		return nil
	}))
	app.Window().Get("document").Call("addEventListener", "visibilitychange", s.saveFn)
}

// journal keeps what is not yet on the device when the page goes (a reload, a closed tab):
// IndexedDB's writes finish after the page's last event, so what waits is written to
// localStorage's journal at once, and the next start commits it (store.Journal, store.Replay).
// In localStorage itself the save is made at once.
func (s *Session) journal() {
	if s.store == nil {
		return
	}
	if s.where != store.InIndexedDB {
		if s.savePending && s.game != nil {
			s.saveGame()
		}
		return
	}
	if err := s.store.Journal(store.LocalStorage(), s.game); err != nil {
		app.Window().Get("console").Call("warn", "gnosis: journal: "+err.Error())
	}
}
