package ui

import (
	"fmt"
	"strconv"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
)

// The taps of a game, a character's LP and Actions and a side's Gnosis −1/+1, are answered in
// the tap's own event, outside go-app's update loop, so that the very next frame shows them.
// The page's half is window.gnosis in web/gnosis.js, a static file; every name the two halves
// share is one of these constants.
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

// gnosisJS returns the page script's functions (web/gnosis.js).
func gnosisJS() app.Value { return app.Window().Get("gnosis") }

// listenToCounterTaps answers the taps on the characters' counters and the sides' Gnosis
// (tapCounter): one listener on the document serves every counter button, in JavaScript, so
// that other taps do not call into Go.
//
// Go runs when JavaScript calls it, which happens only while every goroutine, go-app's among
// them, waits: the Root's fields are never changed under a Render.
func (c *Root) listenToCounterTaps() {
	tap := app.FuncOf(func(this app.Value, args []app.Value) any {
		if len(args) < 4 {
			return nil
		}
		index := 0
		side, err1 := strconv.Atoi(args[0].String())
		if s := args[1].String(); s != "" {
			index, _ = strconv.Atoi(s)
		}
		delta, err3 := strconv.Atoi(args[3].String())
		if err1 == nil && err3 == nil {
			c.tapCounter(engine.Ref{Side: side, Index: index}, args[2].String(), delta)
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
func (c *Root) tapCounter(ref engine.Ref, counter string, delta int) {
	defer func() {
		if r := recover(); r != nil {
			c.caught(r)
			c.ctx.Dispatch(func(app.Context) {})
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
	hadNotice := c.notice != ""
	if c.screen != screenGame || !c.decide(cmd, nil) {
		c.ctx.Dispatch(func(app.Context) {})
		return
	}
	c.saveSoon()
	key := [3]int{ref.Side, ref.Index, 0}
	if counter == "gnosis" {
		key = [3]int{ref.Side, 0, 1}
	}
	if c.patched == nil {
		c.patched = map[[3]int]bool{}
	}
	c.patched[key] = true
	c.patchCounters(map[[3]int]bool{key: true})
	if hadNotice && c.notice == "" { // the tap dismissed a notice: it goes now, not to cover the next tap
		c.ctx.Dispatch(func(app.Context) {})
		return
	}
	c.redrawSoon()
}

// redrawPause is how long taps must pause before go-app draws the whole screen again
// after taps answered directly (tapCounter).
const redrawPause = 250 * time.Millisecond

// redrawSoon has go-app draw the whole screen once taps answered directly have paused for
// redrawPause, so that a burst of taps (five LP down for a hit) is drawn frame by frame and
// the screen's redraw comes once, after the last.
func (c *Root) redrawSoon() {
	c.lastTap = time.Now()
	if c.redrawPending {
		return
	}
	c.redrawPending = true
	if c.redrawFn == nil {
		c.redrawFn = app.FuncOf(func(app.Value, []app.Value) any {
			c.ctx.Dispatch(func(ctx app.Context) {
				if wait := redrawPause - time.Since(c.lastTap); wait > 0 {
					ctx.PreventUpdate()
					app.Window().Call("setTimeout", c.redrawFn, wait.Milliseconds()+1)
					return
				}
				c.redrawPending = false
			})
			return nil
		})
	}
	app.Window().Call("setTimeout", c.redrawFn, redrawPause.Milliseconds())
}

// repatch writes the true numbers into the counters tapCounter wrote since the last Render:
// go-app compares a Render with the one before it, not with the page, so a counter written
// directly and brought back to its former number (an undo within redrawPause, a tap another
// tab refused) would keep showing the tap.
func (c *Root) repatch() {
	patched := c.patched
	c.patched = nil
	if c.game != nil && c.screen == screenGame {
		c.patchCounters(patched)
	}
}

// patchCounters writes the numbers and −/+ buttons of the counters keyed side, index and
// gnosis (1 for a side's Gnosis, 0 for a character's LP and Actions) to the page as Render
// draws them, and the undo and redo buttons.
func (c *Root) patchCounters(keys map[[3]int]bool) {
	s := c.game.State()
	var counters []any
	for k := range keys {
		if k[2] == 1 {
			if k[0] == 0 || k[0] == 1 {
				b := gnosisButtons(s, k[0])
				counters = append(counters, []any{fmt.Sprintf("#side-%d .gnosis-counter", k[0]), gnosisText(s, k[0]), b[0], b[1]})
			}
			continue
		}
		ref := engine.Ref{Side: k[0], Index: k[1]}
		ch, ok := s.Character(ref)
		if !ok {
			continue
		}
		b := counterButtons(s, ref)
		row := fmt.Sprintf("#c-%d-%d", ref.Side, ref.Index)
		counters = append(counters,
			[]any{row + " .counter.lp", lpText(ch), b[0], b[1]},
			[]any{row + " .counter.actions", actionsText(ch), b[2], b[3]})
	}
	gnosisJS().Call("patchCounters",
		[]any{classValue, classMinus, classPlus},
		[]any{[]any{idUndo, c.game.CanUndo()}, []any{idRedo, c.game.CanRedo()}},
		counters)
}
