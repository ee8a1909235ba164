// Package ui is the Gnosis PWA's user interface, built with go-app. It holds no rules:
// screens send engine commands, draw the engine's state and grey out what engine.Allowed
// refuses.
//
// Shell is the one routed component: it reads the URL fragment (so that the app stays on one
// precached page and works offline) against one table of screens and draws that screen's page
// component:
//
//	#             Home: my parties, new party, continue the game
//	#/party/ID    Builder
//	#/start/ID    Start a game with that party
//	#/share/ID    Share it by link and QR code
//	#p=…          Shared: a party opened from a link
//	#/cards       Cards: my own cards
//	#/game        Tracker, with its ActiveSheet, CombatSheet and PhaseSheet
//	#/history     History
//	#/table       TableSketch
//
// Session owns the stored data and the game: it alone calls engine.Game.Do/Undo/Redo and
// store.Save*. Screens read it and change it by sending requests (send, a go-app action the
// Shell hands to Session.handle); after each change it publishes its version as go-app state
// (stateVersion), which the screens observe. Each screen owns its draft.
//
// A note on event handlers: go-app keeps a mounted handler when the new one has the same
// code pointer, so a closure over a loop's item (a card, a character) must carry that item
// in app.EventScope, or a reordered list would act on the item first rendered there (or, as
// ActiveSheet does, one method reads which item from the tapped element). go-app
// also draws a component before it mounts it: drafts are set up in Render, not OnMount.
//
// The counters' taps (fast.go) are answered in the tap's own event by one listener of the
// static page script web/gnosis.js, through the same Session.decide as every command.
//
// A panic in a screen's Render or in a request is caught (Session.caught): the failure screen
// says what went wrong, with the way home; what is saved is untouched. See
// docs/ARCHITECTURE.md for one tap followed end to end.
package ui
