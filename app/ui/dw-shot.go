package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/text"
)

// padFaces are the battle die's faces on the pad, each with the d6 result that stands for it
// (diskwars.Faces; the two miss faces are one button).
var padFaces = []struct {
	face  diskwars.Face
	value int
}{{diskwars.Miss, 1}, {diskwars.Scatter, 3}, {diskwars.Hit, 4}, {diskwars.Critical, 5}, {diskwars.Chaos, 6}}

// ShotSheet is the ranged-attack assistant over the Diskwars game: the band and sight of
// Attacker's shot at Target, its exact odds before the roll (diskwars.Odds), where scatter
// dice would go (diskwars.ScatterOrder), the dice entered as they fall into labelled slots
// (diskwars.ShotDice: the battle dice, a d6 Strength, then each scatter die against its disc)
// or rolled in the app, and the result. R-DW-3..6, R-DW-8, R-DW-12. Its draft is its own.
type ShotSheet struct {
	app.Compo
	page
	dw               session.Diskwars
	Attacker, Target int

	entered []int
	note    string   // a face refused (one too many)
	result  []string // the shot's lines, once made
}

// OnMount brings the sheet's dice pad and buttons into view once it is drawn: on a short screen
// the sheet scrolls, and they are what the player taps (in seat mode, the far player too, whose
// sheet is turned to them).
func (c *ShotSheet) OnMount(ctx app.Context) {
	ctx.Defer(func(app.Context) {
		if sh := app.Window().Get("document").Call("getElementById", "shot-sheet"); sh.Truthy() {
			sh.Set("scrollTop", sh.Get("scrollHeight"))
		}
	})
}

// Render draws the sheet.
func (c *ShotSheet) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	close := func(ctx app.Context, e app.Event) { ctx.NewAction(actCloseShot) }
	if c.result != nil {
		return c.sheet(c.t("Result"),
			app.Ul().ID("shot-result").Class("plain").Body(app.Range(c.result).Slice(func(i int) app.UI { return app.Li().Text(c.result[i]) })),
			app.Button().ID("shot-close").Class("primary wide").Text(c.t("Close")).OnClick(close),
		)
	}
	st := c.dw.Game().State()
	att, tg := st.Discs[c.Attacker], st.Discs[c.Target]
	cmd := c.shot()
	title := fmt.Sprintf(c.t("%s shoots at %s"), att.Card.Name, tg.Card.Name)
	slots, err := diskwars.ShotDice(st, cmd, c.entered)
	if err != nil {
		return c.sheet(title,
			app.P().ID("shot-refusal").Class("bad").Role("alert").Body(ruleText(c.settings.Lang(), c.settings.ErrText(err))...),
			app.Button().ID("shot-cancel").Class("wide").Text(c.t("Close")).OnClick(close),
		)
	}
	a, t := st.Disc(c.Attacker), st.Disc(c.Target)
	gap, band, _ := c.between(st.Terrain, a, t)
	r := att.Card.Ranged
	check := diskwars.CheckEntered(slots, c.entered) // the slots just listed: the shot is not run again
	ready := check == nil
	status := c.t("Enter the dice as they fall, or leave them empty and the app rolls.")
	switch {
	case check != nil:
		status = c.settings.ErrText(check)
	case len(c.entered) > 0:
		status = c.t("Every die is entered.")
	}
	action := c.t("Roll in the app")
	if len(c.entered) > 0 {
		action = c.t("Resolve with these dice")
	}
	return c.sheet(title,
		app.P().ID("shot-band").Text(fmt.Sprintf(c.t("%s cm edge to edge: %s range · Fire %d, Strength %s"),
			text.Decimal{V: gap, Prec: 1}.In(c.settings.Lang()), band.In(c.settings.Lang()), r.Fire, r.Strength.String())),
		c.odds(st, r, band),
		app.Section().ID("shot-dice").Class("dice").Aria("label", c.t("Dice rolled at the table")).Body(
			app.H3().Text(c.t("Dice rolled at the table")),
			app.Ul().ID("shot-slots").Class("slots plain").Body(app.Range(slots).Slice(func(i int) app.UI {
				value, class := "—", "die-slot"
				switch {
				case i < len(c.entered) && slots[i].Kind == diskwars.StrengthDie:
					value, class = strconv.Itoa(c.entered[i]), class+" filled"
				case i < len(c.entered):
					value, class = diskwars.Faces[c.entered[i]-1].In(c.settings.Lang()), class+" filled"
				case i == len(c.entered):
					class += " next"
				}
				return app.Li().Class(class).Body(app.Span().Class("label").Text(slots[i].In(c.settings.Lang())), app.Strong().Text(value))
			})),
			app.P().ID("shot-dice-status").Class("small").Role("status").Text(status),
			slot(app.If(c.note != "", func() app.UI { return app.P().ID("shot-dice-refusal").Class("bad").Role("alert").Text(c.note) })),
			c.pad(slots),
			app.Button().ID("shot-die-back").Class("wide").Disabled(len(c.entered) == 0).Text("⌫ "+c.t("Remove the last die")).
				OnClick(func(ctx app.Context, e app.Event) {
					if n := len(c.entered); n > 0 {
						c.entered, c.note = c.entered[:n-1], ""
					}
				}),
		),
		app.Div().Class("row").Body(
			app.Button().ID("shot-cancel").Class("grow").Text(c.t("Cancel")).OnClick(close),
			app.Button().ID("shot-go").Class("primary grow").Disabled(!ready).Text(action).OnClick(c.onShoot),
		),
	)
}

// shot is the sheet's command: Attacker shoots at Target.
func (c *ShotSheet) shot() diskwars.Shoot {
	return diskwars.Shoot{Attacker: c.Attacker, Target: c.Target}
}

// onShoot makes the shot with the dice entered (none: the game rolls), and shows its lines.
func (c *ShotSheet) onShoot(ctx app.Context, e app.Event) {
	out := c.s.ask(ctx, session.Command{Cmd: c.shot(), Dice: append([]int(nil), c.entered...)})
	if out.Sent { // on two phones the host decides: the battlefield and the history show it then
		c.result = []string{c.t("Sent to the first phone, which rolls and decides.")}
	}
	if out.Taken {
		c.result = []string{}
		for _, ev := range out.DW.Events {
			c.result = append(c.result, diskwars.Line(c.settings.Lang(), out.DW.Before, ev))
		}
	}
}

// attrFace is a pad button's value: a d6 result (diskwars.Faces' order for a battle die).
const attrFace = "data-face"

// onFace fills the next die's slot with the tapped button's value, unless the shot rolls no
// more dice (its note says so).
func (c *ShotSheet) onFace(ctx app.Context, e app.Event) {
	v, err := strconv.Atoi(ctx.JSSrc().Call("getAttribute", attrFace).String())
	if err != nil {
		return
	}
	more := append(append([]int(nil), c.entered...), v)
	if err := diskwars.CheckShotDice(c.dw.Game().State(), c.shot(), more); errors.Is(err, core.ErrTooManyDice) {
		c.note = c.settings.ErrText(err)
		return
	}
	c.entered, c.note = more, ""
}

func (c *ShotSheet) sheet(title string, body ...app.UI) app.UI {
	return app.Div().Class("overlay").Body(app.Div().ID("shot-sheet").Class("sheet").Role("dialog").Aria("label", title).Body(
		append([]app.UI{app.Div().Class("row sheet-head").Body(app.H2().Class("grow").Text(title))}, body...)...))
}

// pad is the faces to tap: a battle die's faces, or the d6's numbers when the next die is a
// d6 Strength. A face past the last die is refused with the count (CheckShotDice).
func (c *ShotSheet) pad(slots []diskwars.DieSlot) app.UI {
	var buttons []app.UI
	if n := len(c.entered); n < len(slots) && slots[n].Kind == diskwars.StrengthDie {
		for v := 1; v <= 6; v++ {
			buttons = append(buttons, app.Button().ID(fmt.Sprintf("shot-d6-%d", v)).Class("face").
				Aria("label", fmt.Sprintf(c.t("Die shows %d"), v)).Text(strconv.Itoa(v)).Attr(attrFace, v).OnClick(c.onFace))
		}
	} else {
		for _, f := range padFaces {
			buttons = append(buttons, app.Button().ID("shot-face-"+string(f.face)).Class("face word").Text(f.face.In(c.settings.Lang())).Attr(attrFace, f.value).OnClick(c.onFace))
		}
	}
	class := "pad"
	if len(buttons) == len(padFaces) {
		class += " words" // the faces' names: fewer to a row, so that each fits its button
	}
	return app.Div().Class(class).Body(buttons...)
}

// odds are the attack's exact chances before the roll: the damage to the target, an
// activation token, and the scatter dice with the discs they would go to, in order.
func (c *ShotSheet) odds(st diskwars.State, r *diskwars.Ranged, band diskwars.Band) app.UI {
	o, err := diskwars.Odds(diskwars.AttackSpec{Fire: r.Fire, Strength: r.Strength, Band: band, ChaosAsHit: r.ChaosAsHit})
	if err != nil {
		return nil
	}
	pct := func(p float64) string { return strconv.FormatFloat(100*p, 'f', 0, 64) + "%" }
	var rows []app.UI
	for dmg, p := range o.Damage {
		if p < 0.005 {
			continue
		}
		rows = append(rows, app.Li().Class("odds-row").Body(
			app.Span().Class("odds-label").Text(strconv.Itoa(dmg)),
			app.Span().Class("odds-track").Body(app.Span().Class("odds-bar").Style("width", strconv.FormatFloat(100*p, 'f', 1, 64)+"%")),
			app.Span().Class("odds-value").Text(pct(p)),
		))
	}
	facts := []string{text.F(c.settings.Lang(), "expected damage %s", text.Decimal{V: o.ExpectedDamage, Prec: 2}),
		fmt.Sprintf(c.t("a token %s"), pct(o.Token))}
	scatter := ""
	if !r.IgnoresScatter && len(o.Scatter) > 1 {
		facts = append(facts, fmt.Sprintf(c.t("a scatter die or more %s"), pct(1-o.Scatter[0])))
		var names []string
		seen := map[string]bool{}
		for _, d := range diskwars.ScatterOrder(st.Disc(c.Target), st.Field(), r.Fire) {
			if seen[d.ID] {
				break // the round-robin begins again
			}
			seen[d.ID] = true
			i, _ := strconv.Atoi(d.ID)
			names = append(names, st.Discs[i].Card.Name)
		}
		scatter = c.t("no disc: a scatter die is lost")
		if len(names) > 0 {
			scatter = strings.Join(names, " → ")
		}
	}
	return app.Section().ID("shot-odds").Class("shot-odds").Body(
		app.H3().Text(c.t("Damage to the target")),
		app.Ul().Class("plain odds-bars").Body(rows...),
		app.P().ID("shot-odds-facts").Class("small").Text(strings.Join(facts, " · ")),
		app.If(scatter != "", func() app.UI {
			return app.P().ID("shot-scatter-order").Class("small").Body(app.Strong().Text(c.t("Scatter dice go to: ")), app.Text(scatter))
		}),
	)
}
