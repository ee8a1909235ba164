package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Start marks, in the order a start passes them (performance.mark names; make bench's start
// trace, e2e TestStartTrace, reads them beside the page's own timings):
//
//   - MarkMain: Go's runtime and every package's initialisation are done, main runs;
//   - markMount: go-app has set up and mounts the Shell;
//   - markStorage: the device's storage is open;
//   - markLoaded: every record is read (the parties, the game, replayed from its log);
//   - then <body data-ready>: the first screen is drawn.
const (
	MarkMain    = "gnosis:main"
	markMount   = "gnosis:mount"
	markStorage = "gnosis:storage"
	markLoaded  = "gnosis:loaded"
)

// Mark records a start mark in the browser's performance timeline (nothing natively).
func Mark(name string) {
	if app.IsClient {
		app.Window().Get("performance").Call("mark", name)
	}
}

// YieldToThePage lets the browser run its own tasks (a frame, a tap) before Go goes on: the
// main thread's work of a start is cut into tasks the page can answer between (nothing
// natively). Each cut shortens the longest wait of a tap in the meantime; the work is the same.
func YieldToThePage() {
	if !app.IsClient {
		return
	}
	// Go waits on the page's timer, not its own: its scheduler, busy with another goroutine
	// when a sleep ends, would go on in the same task.
	done := make(chan struct{})
	f := app.FuncOf(func(app.Value, []app.Value) any { close(done); return nil })
	app.Window().Call("setTimeout", f, 0)
	<-done
	f.Release()
}
