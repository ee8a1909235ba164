package ui

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/core"
)

// diceDraft is what a sheet keeps of the dice rolled at the table: the faces entered, in
// order, and what was said of the last tap (a face refused).
type diceDraft struct {
	Entered []int
	Note    string
}

// diceEntry draws the dice a command rolls as labelled slots, in the engine's order
// (anima.DiceFor: "Nero: charge die 1 of 2", "Lilith: dodge die", "Gnosis die"), and a pad
// of the d10's faces: a tap on a face fills the next slot, ⌫ empties the last one, and a
// face beyond the last slot is refused with the count (anima.CheckDice). With no face
// entered, the app rolls. id prefixes the elements' ids and names the pad in its taps
// (dieTap); st and cmd are the state and the command the sheet draws; d is the sheet's draft.
// A tap is an action the sheet takes (takeDice), with its draft and command as they are
// then. Nothing is drawn when the command rolls no die. ready says whether the sheet may go
// on: no face entered, or every one (anima.CheckDice, from the one DiceFor drawn).
func diceEntry(settings session.Settings, id string, st anima.State, cmd anima.Command, d *diceDraft) (ui app.UI, ready bool) {
	if cmd == nil {
		return nil, len(d.Entered) == 0
	}
	slots, err := anima.DiceFor(st, cmd, d.Entered)
	if err == nil {
		err = anima.CheckEntered(slots, d.Entered)
	}
	ready = len(d.Entered) == 0 || err == nil
	var re *core.RuleError
	if errors.As(err, &re) && re.Rule != "" {
		return nil, ready // a refused command: the sheet says why
	}
	if len(slots) == 0 && len(d.Entered) == 0 {
		return nil, ready
	}
	status := settings.T("Dice as they fall, or none: the app rolls.")
	switch {
	case err != nil:
		status = settings.ErrText(err)
	case len(d.Entered) > 0:
		status = settings.T("Every die is entered.")
	}
	faces := make([]app.UI, 10)
	for i := range faces {
		face := i + 1
		faces[i] = app.Button().ID(fmt.Sprintf("%s-die-%d", id, face)).Class("face").
			Aria("label", fmt.Sprintf(settings.T("Die shows %d"), face)).Text(strconv.Itoa(face)).
			OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actDieTap, dieTap{id, face}) }, app.EventScope(id, face))
	}
	back := app.Button().ID(id+"-die-back").Class("face back").Disabled(len(d.Entered) == 0).Text("⌫").Aria("label", settings.T("Remove the last die")).
		OnClick(func(ctx app.Context, e app.Event) { ctx.NewActionWithValue(actDieTap, dieTap{id, 0}) }, app.EventScope(id))
	return app.Section().ID(id+"-dice").Class("dice").Aria("label", settings.T("Dice rolled at the table")).Body(
		app.Ul().ID(id+"-slots").Class("slots plain").Body(app.Range(slots).Slice(func(i int) app.UI {
			value, class := "—", "die-slot"
			switch {
			case i < len(d.Entered):
				value = strconv.Itoa(d.Entered[i])
				class += " filled"
			case i == len(d.Entered):
				class += " next"
			}
			return app.Li().Class(class).Body(app.Span().Class("label").Text(slots[i].In(settings.Lang())), app.Strong().Text(value))
		})),
		app.P().ID(id+"-dice-status").Class("small").Role("status").Text(status),
		slot(app.If(d.Note != "", func() app.UI { return app.P().ID(id + "-dice-refusal").Class("bad").Role("alert").Text(d.Note) })),
		app.Div().Class("pad").Body(append(faces, back)...),
	), ready
}

// actDieTap is the go-app action of a tap on a dice pad (diceEntry), carrying a dieTap.
const actDieTap = "gnosis.die"

// dieTap is a tap on the face Face (1 to 10) of the dice pad whose id is Pad; Face 0 is ⌫.
type dieTap struct {
	Pad  string
	Face int
}

// diceSheet is a sheet with a dice pad: the draft its dice go into, and the state and the
// command it would send now (nil: none yet).
type diceSheet interface {
	dice() *diceDraft
	diceCommand() (anima.State, anima.Command)
}

// takeDice has sheet take the taps on its pad pad: a face fills the next slot, unless the
// command rolls no more dice (core.ErrTooManyDice: the draft's note says so); ⌫ empties the
// last slot. The draft and the command are the sheet's when the tap comes.
func takeDice(settings session.Settings, pad string, sheet diceSheet) app.ActionHandler {
	return func(ctx app.Context, a app.Action) {
		t, ok := a.Value.(dieTap)
		d := sheet.dice()
		if !ok || t.Pad != pad || d == nil {
			return
		}
		if t.Face == 0 {
			if n := len(d.Entered); n > 0 {
				d.Entered, d.Note = d.Entered[:n-1], ""
			}
			return
		}
		st, cmd := sheet.diceCommand()
		more := append(append([]int(nil), d.Entered...), t.Face)
		if err := anima.CheckDice(st, cmd, more); errors.Is(err, core.ErrTooManyDice) {
			d.Note = settings.ErrText(err)
			return
		}
		d.Entered, d.Note = more, ""
	}
}
