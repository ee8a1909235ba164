package ui

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
)

// diceDraft is what a sheet keeps of the dice rolled at the table: the faces entered, in
// order, and what was said of the last tap (a face refused).
type diceDraft struct {
	Entered []int
	Note    string
}

// diceEntry draws the dice a command rolls as labelled slots, in the engine's order
// (engine.DiceFor: "Nero: charge die 1 of 2", "Lilith: dodge die", "Gnosis die"), and a pad
// of the d10's faces: a tap on a face fills the next slot, ⌫ empties the last one, and a
// face beyond the last slot is refused with the count (engine.CheckDice). With no face
// entered, the app rolls. id prefixes the elements' ids; st and cmd are the state and the
// command the sheet draws; draft and command are read again at the time of each tap (go-app
// keeps a button's first handler), from the sheet's own draft. Nothing is drawn when the
// command rolls no die. ready says whether the sheet may go on: no face entered, or every
// one (engine.CheckDice, from the one DiceFor drawn).
func diceEntry(s *Session, id string, st engine.State, cmd engine.Command, draft func() *diceDraft, command func() (engine.State, engine.Command)) (ui app.UI, ready bool) {
	d := draft()
	if cmd == nil {
		return nil, len(d.Entered) == 0
	}
	slots, err := engine.DiceFor(st, cmd, d.Entered)
	if err == nil {
		err = engine.CheckEntered(slots, d.Entered)
	}
	ready = len(d.Entered) == 0 || err == nil
	var re *engine.RuleError
	if errors.As(err, &re) && re.Rule != "" {
		return nil, ready // a refused command: the sheet says why
	}
	if len(slots) == 0 && len(d.Entered) == 0 {
		return nil, ready
	}
	status := s.t("Dice as they fall, or none: the app rolls.")
	switch {
	case err != nil:
		status = s.errText(err)
	case len(d.Entered) > 0:
		status = s.t("Every die is entered.")
	}
	tap := func(face int) app.EventHandler {
		return func(ctx app.Context, e app.Event) {
			st, cmd := command()
			d := draft()
			more := append(append([]int(nil), d.Entered...), face)
			if err := engine.CheckDice(st, cmd, more); errors.Is(err, engine.ErrTooManyDice) {
				d.Note = s.errText(err)
				return
			}
			d.Entered, d.Note = more, ""
		}
	}
	faces := make([]app.UI, 10)
	for i := range faces {
		face := i + 1
		faces[i] = app.Button().ID(fmt.Sprintf("%s-die-%d", id, face)).Class("face").
			Aria("label", fmt.Sprintf(s.t("Die shows %d"), face)).Text(strconv.Itoa(face)).OnClick(tap(face))
	}
	back := app.Button().ID(id+"-die-back").Class("face back").Disabled(len(d.Entered) == 0).Text("⌫").Aria("label", s.t("Remove the last die")).
		OnClick(func(ctx app.Context, e app.Event) {
			d := draft()
			if n := len(d.Entered); n > 0 {
				d.Entered, d.Note = d.Entered[:n-1], ""
			}
		})
	return app.Section().ID(id+"-dice").Class("dice").Aria("label", s.t("Dice rolled at the table")).Body(
		app.Ul().ID(id+"-slots").Class("slots plain").Body(app.Range(slots).Slice(func(i int) app.UI {
			value, class := "—", "die-slot"
			switch {
			case i < len(d.Entered):
				value = strconv.Itoa(d.Entered[i])
				class += " filled"
			case i == len(d.Entered):
				class += " next"
			}
			return app.Li().Class(class).Body(app.Span().Class("label").Text(slots[i].In(s.lang)), app.Strong().Text(value))
		})),
		app.P().ID(id+"-dice-status").Class("small").Role("status").Text(status),
		slot(app.If(d.Note != "", func() app.UI { return app.P().ID(id + "-dice-refusal").Class("bad").Role("alert").Text(d.Note) })),
		app.Div().Class("pad").Body(append(faces, back)...),
	), ready
}
