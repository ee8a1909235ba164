package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// slot holds an element that comes and goes (app.If, app.Range) in a wrapper that is always
// there, so that the siblings after it keep their places in go-app's positional diff.
func slot(content app.UI) app.UI { return app.Div().Class("slot").Body(content) }
