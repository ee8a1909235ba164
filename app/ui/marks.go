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
