package e2e

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestWakeLockRefused: where the browser refuses the screen's wake lock, the game screen says
// nothing to the console (no uncaught rejection) and plays on.
func TestWakeLockRefused(t *testing.T) {
	srv := startServer(t)
	p := newPage(t)
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
			Source: `if (navigator.wakeLock) navigator.wakeLock.request = () => Promise.reject(new DOMException("Wake Lock permission request denied", "NotAllowedError"));`})
		return err
	}))
	p.open("http://" + srv.addr + "/")
	seedParties(p)
	p.click(`button[aria-label="Play with Church of Light"]`)
	p.choose("#opponent", "Dark Hand")
	p.click("#begin")
	p.nextPhase()
	p.tap("#c-0-0 .lp .minus")
	p.wantText("#c-0-0 .lp .value", "13/14")
	if p.logged("Wake Lock") {
		t.Error("the refused wake lock reached the console")
	}
}

// TestStartOffersTheOtherParty: with two parties saved, a new game's opponent is the other one
// (Not tracked stays a choice).
func TestStartOffersTheOtherParty(t *testing.T) {
	p, _ := seeded(t)
	p.click(`button[aria-label="Play with Church of Light"]`)
	p.waitFor(`document.querySelector("#opponent").selectedOptions[0].text === "Dark Hand"`, "Dark Hand as the opponent")
}

// TestGameOverTextToSelect: at the game over, where the browser cannot share nor copy, the
// result and the history are shown as a text to select, as the notice asks.
func TestGameOverTextToSelect(t *testing.T) {
	p, _ := seeded(t)
	p.click(`button[aria-label="Play with Church of Light"]`)
	p.choose("#turns", "1 turn")
	p.click("#begin")
	p.nextPhase()
	p.nextPhase()
	p.wantIn("#result", "wins")
	eval[bool](p, `Object.defineProperty(navigator, "share", {value: undefined, configurable: true}), Object.defineProperty(navigator, "clipboard", {value: undefined, configurable: true}), true`)
	p.click("#share-result")
	p.wantIn("#notice", "select the text")
	p.waitFor(`document.querySelector("#result-text").value.includes("Church of Light wins")`, "the report shown to select")
	p.shot("game-over-text")
}
