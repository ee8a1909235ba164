package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/text"
)

// topBar is the bar at the top: ‹ to the screen before (on every screen but home; home when
// the app was opened on this screen) and the title.
func topBar(lang, title string, back bool) app.UI {
	return app.Header().Class("topbar").Body(
		app.If(back, func() app.UI { return backButton(lang) }),
		app.H1().Text(title),
	)
}

// backButton is the top bar's ‹: the screen before (goBack).
func backButton(lang string) app.UI {
	return app.Button().Class("icon back").Aria("label", text.T(lang, "Back")).Text("‹").
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.GoBack{}) })
}
