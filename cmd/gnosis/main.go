// Command gnosis is the Gnosis PWA in the browser and, natively, a command-line tool:
//
//	gnosis serve [-addr 127.0.0.1:8000] [-dir .]   serve the PWA (web/ under -dir)
//	gnosis static -out DIR [-base /prefix]         write a complete static site
//	gnosis catalog [--json]                        print the card catalog
//
// The same main package builds for GOOS=js GOARCH=wasm (web/app.wasm), where it runs the UI.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/ui"
)

func main() {
	ui.Mark(ui.MarkMain)
	routes()
	ui.YieldToThePage() // Go's start and go-app's set-up in two tasks
	app.RunWhenOnBrowser()
	cli()
}

// routes registers the app's one page; its screens live in the URL fragment.
func routes() { app.Route("/", func() app.Composer { return &ui.Shell{} }) }
