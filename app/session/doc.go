// Package session is what the player keeps and the game in progress, in plain Go: the
// parties, the player's own cards, the settings, the Anima Tactics game with its save policy,
// the sketch of the table, the Warhammer: Diskwars armies, set-up and game, the backups, the
// notices and the trail of screens. It imports neither go-app nor syscall/js, so every change
// a screen can ask for is tested natively (session_test.go, with an in-memory store and a
// fake Browser).
//
// A screen changes the Session only by a Request, applied by Session.Do, which answers with
// an Outcome: what the view must do next (navigate, save after the next frame, show a toast for
// a while, run the next step of a restore). The one place where the Session meets the browser
// is the Browser interface (vibration, the console, marks on the page for the tests, the
// browser's language); app/ui gives it the browser's, tests a fake.
//
// A request that the engine or the store refuses leaves the notice set (Notices) in the
// player's language, and loses nothing: what was on the device stays, and what the player
// did stays on screen.
package session
