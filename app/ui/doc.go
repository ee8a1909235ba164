// Package ui is the Gnosis PWA's user interface, built with go-app. It holds no rules and
// keeps nothing of its own: screens send requests to the Session (app/session), draw what it
// and the engine answer, and grey out what anima.Allowed refuses.
//
// Shell is the one routed component: it reads the URL fragment (so that the app stays on one
// precached page and works offline) against one table of screens (screens, in shell.go) and
// draws that screen's page component:
//
//	#              Home: my parties, new party, continue the game, settings, backups
//	#/party/ID     Builder
//	#/start/ID     Start: a game with that party
//	#/share/ID     Share: by link and QR code, and as plain text
//	#/print/ID     PartySheet: the party on paper
//	#p=…           Shared: a party opened from a link
//	#/cards        Cards: my own cards
//	#/game         Tracker, with its ActiveSheet, CharacterSheet, CombatSheet and PhaseSheet
//	#/history      History
//	#/table        TableSketch
//	#/rules        Rules (and RuleSheet, over any screen)
//	#/dw           DWHome: Warhammer: Diskwars armies
//	#/dw/army/ID   ArmyEditor
//	#/dw/share/ID  ArmyShare
//	#dw=…          SharedArmy: an army opened from a link
//	#/dw/new       DWSetup: a Diskwars game set up
//	#/dw/game      DWGame, with its ShotSheet
//	#/pair/KIND    PairScreen: the host's pairing of its game (KIND at or dw) with a second phone
//	#/join         PairScreen: the guest's, from the home screen
//
// Bridge (bridge.go) is the screens' side of session.Session, which it holds as core: screens
// never do; each holds the parts of the Session it draws from (session.Play, session.Parties…),
// given by its constructor in screens, and in page the settings and a sender (sender.go), made
// of the Bridge's functions but holding neither the Bridge nor the Session: the compiler keeps the
// fence (TestEveryScreenIsGivenItsParts checks the constructors give every part).
// send(ctx, req) is a go-app
// action the Shell hands to Bridge.handle, which has the Session apply the request
// (session.Session.Do) and does what its Outcome asks (navigate, save after the frame, a
// toast's timer); then it publishes the Session's version as go-app state (stateVersion),
// which the screens observe. Each screen owns its draft.
//
// Event handlers read state when they run: go-app keeps a mounted handler when a render
// passes another from the same function literal, so a handler reads the component's fields,
// the Session or the tapped element's attributes, never a render's local (unless named in its
// app.EventScope): TestHandlersReadStateWhenTheyRun checks every one. go-app also draws a
// component before it mounts it: drafts are set up in Render, not OnMount.
//
// The counters' taps (tracker-fast.go) are answered in the tap's own event by one listener of the
// static page script web/presses.js, as a session.TapCounter request through session.Session.Do.
//
// A panic in a screen's Render or in a request is caught (Bridge.guard, session.Session.Do):
// the failure screen says what went wrong, with the way home; what is saved is untouched. See
// docs/ARCHITECTURE.md for one tap followed end to end.
package ui
