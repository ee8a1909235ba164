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
package ui
