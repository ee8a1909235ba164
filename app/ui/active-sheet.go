package ui

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
)

// ActiveSheet is the active character's sheet: a title, End, its choices and the enemies it
// may be in base contact with, fixed at the bottom of the screen over the rows. The tracker
// keeps it mounted, hidden between activations with the last activation's buttons in it, so
// that an Activate changes the texts of buttons already there instead of building them: go-app
// matches children by position and keeps a button's listener while its handler is the same
// method. A tap reads which button it was from the button's data-choice attribute.
type ActiveSheet struct {
	app.Compo
	Open     bool
	Title    string
	End      *SheetButton // nil: the activation may not end now
	Choices  []SheetButton
	Contacts []SheetButton // one per enemy on the table; Pressed: in base contact
	Label    string        // the words above Contacts
}

// SheetButton is a button of the active character's sheet: what it shows, its name for screen
// readers (and the tests), and what a tap does: send Cmd to the Session, or open the combat
// assistant on Combat (attack, ranged, charge, slam, push, or "ability:N" of the card).
type SheetButton struct {
	Text, Label, Class, ID string
	Pressed                string // "true" or "false" on a toggle, "" otherwise
	Off                    bool   // greyed out: anima.Allowed refuses Cmd now
	Cmd                    anima.Command
	Combat                 string
}

// actOpenCombat asks the tracker to open the combat assistant on the active character's
// action (a string: attack, ranged, charge, slam, push, or "ability:N" of the card).
const actOpenCombat = "gnosis.open-combat"

// attrChoice is the attribute of a sheet's button that says which it is: "c3" (Choices[3]),
// "k1" (Contacts[1]) or "end".
const attrChoice = "data-choice"

// Render draws the sheet, hidden when no character is active.
func (a *ActiveSheet) Render() app.UI {
	button := func(b SheetButton, key string) app.UI {
		e := app.Button().Class(b.Class).Text(b.Text).Aria("label", b.Label).Attr(attrChoice, key).Disabled(b.Off).OnClick(a.tap)
		if b.ID != "" {
			e = e.ID(b.ID)
		}
		if b.Pressed != "" {
			e = e.Aria("pressed", b.Pressed)
		}
		return e
	}
	end := SheetButton{Class: "end-activation primary", ID: "end-activation"}
	if a.End != nil {
		end = *a.End
	}
	return app.Section().ID(idActiveSheet).Class("bottom-sheet").Hidden(!a.Open).Aria("label", a.Title).Body(
		app.Div().Class("row spread sheet-head").Body(
			app.H2().Class("grow").Text(a.Title),
			app.Div().Hidden(a.End == nil).Body(button(end, "end")),
		),
		app.Div().Class("choices").Body(app.Range(a.Choices).Slice(func(i int) app.UI {
			return button(a.Choices[i], "c"+strconv.Itoa(i))
		})),
		app.Div().Hidden(len(a.Contacts) == 0).Body(
			app.P().Class("muted small").Text(a.Label),
			app.Div().Class("choices").Body(app.Range(a.Contacts).Slice(func(i int) app.UI {
				return button(a.Contacts[i], "k"+strconv.Itoa(i))
			})),
		),
	)
}

// tap answers a tap on any of the sheet's buttons, found by its data-choice attribute in the
// sheet as last drawn.
func (a *ActiveSheet) tap(ctx app.Context, e app.Event) {
	if !a.Open {
		return
	}
	key := ctx.JSSrc().Call("getAttribute", attrChoice).String()
	var b *SheetButton
	switch {
	case key == "end":
		b = a.End
	case strings.HasPrefix(key, "c"):
		b = buttonAt(a.Choices, key[1:])
	case strings.HasPrefix(key, "k"):
		b = buttonAt(a.Contacts, key[1:])
	}
	switch {
	case b == nil:
	case b.Combat != "":
		ctx.NewActionWithValue(actOpenCombat, b.Combat)
	case b.Cmd != nil:
		send(ctx, session.Command{Cmd: b.Cmd})
	}
}

// buttonAt is list's button at the index written in index, or nil.
func buttonAt(list []SheetButton, index string) *SheetButton {
	if i, err := strconv.Atoi(index); err == nil && i >= 0 && i < len(list) {
		return &list[i]
	}
	return nil
}
