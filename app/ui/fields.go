package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine/shelf"
)

// none is the value of a select's "nothing chosen" option (go-app writes no empty value
// attribute, and an option without one takes its text as its value).
const none = "-"

// chosen reads the value of the select that fired the event; none reads as "".
func chosen(ctx app.Context) string {
	if v := ctx.JSSrc().Get("value").String(); v != none {
		return v
	}
	return ""
}

// opt is an option of a list: its value and what it says.
type opt struct{ value, label string }

// checkBox is a labelled box, ticked or not (v), whose changes on calls with its id.
func checkBox(id, label string, v bool, on app.EventHandler) app.UI {
	return app.Label().Class("check").Body(
		app.Input().ID(id).Type("checkbox").Checked(v).OnChange(on),
		app.Span().Text(label),
	)
}

// playerField is a labelled line for a player's name (at most shelf.MaxPlayer characters), holding v,
// whose input on takes.
func playerField(id, label, v string, on app.EventHandler) app.UI {
	return app.Label().Class("field").Body(app.Span().Text(label),
		app.Input().ID(id).Type("text").MaxLength(shelf.MaxPlayer).Value(v).OnInput(on))
}

// selectField is a labelled list of opts, cur chosen, whose changes on takes.
func selectField(id, label string, opts []opt, cur string, on app.EventHandler) app.UI {
	return app.Label().Class("field").Body(app.Span().Text(label),
		app.Select().ID(id).OnChange(on).Body(
			app.Range(opts).Slice(func(i int) app.UI {
				return app.Option().Value(opts[i].value).Selected(opts[i].value == cur).Text(opts[i].label)
			})))
}
