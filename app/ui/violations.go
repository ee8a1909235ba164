package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine/party"
)

// violations lists broken party rules, each with its rule ID and its message in lang.
// id may be empty (none).
func violations(lang, id string, vs []party.Violation) app.UI {
	ul := app.Ul()
	if id != "" {
		ul = ul.ID(id)
	}
	return ul.Class("violations").Role("status").Body(app.Range(vs).Slice(func(i int) app.UI {
		return app.Li().Class("violation").DataSet("rule", vs[i].Rule).Body(
			ruleButton(lang, vs[i].Rule), app.Span().Text(vs[i].Message(lang)))
	}))
}
