// Package ui is the Gnosis PWA's user interface, built with go-app. It holds no rules:
// screens send engine commands, render the engine's state and grey out what
// engine.Allowed refuses.
//
// One routed component, Root, shows one screen at a time, chosen by the URL fragment so
// that the app stays on one precached page and works offline:
//
//	#            home: my parties, new party, continue the game
//	#/party/ID   party builder
//	#/start/ID   start a game with that party
//	#/game       table tracker
//
// Every change is saved on the device at once (package store).
//
// A note on event handlers: go-app keeps a mounted handler when the new one has the same
// code pointer, so a closure over a loop's item (a card, a character) must carry that item
// in app.EventScope, or a reordered list would act on the item first rendered there.
//
// The taps of a game, a character's LP and Actions and a side's Gnosis −1/+1, do not go
// through go-app: one JavaScript listener on the document (window.gnosis in the static file
// web/gnosis.js; the names both halves share are constants in fast.go) calls Root.tapCounter, which has
// the engine take the command and writes the new numbers and the buttons' states straight
// into the page (the text nodes go-app keeps), so the next frame shows them. The game is
// saved right after that frame (or when the page is hidden), and go-app redraws the whole
// screen once taps pause for 250 ms. Every other control is a go-app handler. No JavaScript
// is made from strings: the page runs under a Content-Security-Policy without 'unsafe-eval'.
//
// A panic in a screen's Render or in a command is caught (Root.caught): the failure screen
// says what went wrong, with the way home; what is saved is untouched.
package ui
