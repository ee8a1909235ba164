package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine/shelf"
)

// none is the value of a select's "nothing chosen" option, as optionOf writes "".
const none = "-"

// optionOf is an option of a select whose value is value, "" written as none: the one way the
// screens write an option (TestOneWayToWriteAnOption), so that an option meaning "any" or
// "nothing" never reaches the page without a value, where the browser would take its text
// for it (go-app wrote no empty value attribute: third_party/go-app.patch writes it now). Its
// select's changes read it with chosen.
func optionOf(value string) app.HTMLOption {
	if value == "" {
		value = none
	}
	return app.Option().Value(value)
}

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
				return optionOf(opts[i].value).Selected(opts[i].value == cur || opts[i].value == none && cur == "").Text(opts[i].label)
			})))
}
