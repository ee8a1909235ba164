// Command hello is go-app v10's hello world, the floor of Gnosis's start measurement
// (e2e TestStartTrace): one component that draws a heading, served by go-app's own Handler
// with its defaults but the icon (go-app's default is on the internet, which a service worker
// here cannot reach to install: the test puts Gnosis's icon beside it). Beside the heading, a
// button and the count of its taps are the floor of a tap that go-app answers (TestTapLatency).
// It is built with Gnosis's flags (-trimpath -ldflags='-s -w') and marks
// <body data-ready> when its first screen is drawn, as Gnosis does, so that both are timed
// by the same clock: milliseconds from navigation, read from performance.now(). It marks the
// end of Go's start (runtime and package initialisation) as Gnosis does, under the same name.
//
//	hello -addr 127.0.0.1:8001   (web/app.wasm under the working directory)
package main

import (
	"flag"
	"log"
	"net/http"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

type hello struct {
	app.Compo
	n int // taps on the button: go-app's floor for a tap it answers (e2e TestTapLatency)
}

func (h *hello) OnMount(ctx app.Context) {
	ctx.Defer(func(app.Context) {
		now := app.Window().Get("performance").Call("now").Float()
		app.Window().Get("document").Get("body").Call("setAttribute", "data-ready", strconv.FormatFloat(now, 'f', 0, 64))
	})
}

func (h *hello) Render() app.UI {
	return app.Div().Body(
		app.H1().Text("Hello World!"),
		app.Button().ID("b").Style("width", "48px").Style("height", "48px").Text("+").OnClick(func(app.Context, app.Event) { h.n++ }),
		app.Span().ID("v").Text(h.n),
	)
}

func main() {
	if app.IsClient { // Go's start is over: the same mark as Gnosis's (app/ui.MarkMain)
		app.Window().Get("performance").Call("mark", "gnosis:main")
	}
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
	addr := flag.String("addr", "127.0.0.1:8001", "address to listen on")
	flag.Parse()
	http.Handle("/", &app.Handler{Name: "Hello", Description: "An Hello World! example", Icon: app.Icon{Default: "/web/icon.png", SVG: "/web/icon.png"}})
	log.Fatal(http.ListenAndServe(*addr, nil))
}
