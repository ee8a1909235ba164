package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// History is the game told turn by turn, newest first, under the dice roller: any roll of the
// table's the combat assistant and the phases do not make (a Seek, a Resistance check, Doom,
// Stability, Shock, an escape…), n d10 with the Gnosis die kept best, said and kept in the
// history (anima.RollDice).
type History struct {
	app.Compo
	page
	pair     session.Pair
	play     session.Play
	roll     rollDraft
	conceder int // 1 + the side whose Concede was tapped once (0: none)
}

// rollDraft is the dice roller's choices: whose roll, how many dice, Gnosis, lower kept, what
// for (a key of rollFor).
type rollDraft struct {
	side, n     int
	gnosis, low bool
	what        anima.CheckKind
}

// rollFor are the rolls the dice roller names: the engine's checks.
var rollFor = []anima.CheckKind{anima.CheckSeek, anima.CheckResistance, anima.CheckDoom, anima.CheckStability, anima.CheckShock, anima.CheckEscape}

// Render draws the screen.
func (c *History) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	items := historyItems(c.page, anima.History(c.play.Game().Log(), c.settings.Lang()))
	return app.Div().Body(
		app.Div().Class("row pair").Body(
			app.Button().ID("history-back").Class("wide").Text(c.t("Back to the game")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ReturnTo{To: screenGame}) }),
			app.Button().ID("open-report").Class("wide").Text(c.t("Report")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenReport}) }),
		),
		app.Button().ID("keep-game").Class("wide").Text(c.t("Keep on the shelf now")).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.KeepGame{Kind: session.KindAnima}) }),
		c.roller(),
		app.Ul().ID("history-list").Class("plain history").Body(items...),
		c.concede(),
	)
}

// concede offers each side's concession (on two phones, this phone's side's): tapped twice,
// the game ends, the other side the winner, kept in the history (anima.Concede).
func (c *History) concede() app.UI {
	st := c.play.Game().State()
	if st.Over() {
		return nil
	}
	sides := []int{0, 1}
	if duo := c.pair.Duo(); duo != nil {
		sides = []int{duo.Mine}
	}
	var buttons []app.UI
	for _, side := range sides {
		label := c.f("%s concedes", st.Sides[side].Name)
		if c.conceder == side+1 {
			label = c.f("Tap again: %s concedes, and %s wins", st.Sides[side].Name, st.Sides[1-side].Name)
		}
		buttons = append(buttons, app.Button().ID("concede-"+strconv.Itoa(side)).Class("wide").Text(label).
			OnClick(func(ctx app.Context, e app.Event) {
				if c.conceder != side+1 {
					c.conceder = side + 1
					return
				}
				c.conceder = 0
				send(ctx, session.Command{Cmd: anima.Concede{Side: side}})
				send(ctx, session.ReturnTo{To: screenGame}) // the game's end, where it is shown
			}, app.EventScope(side)))
	}
	return app.Section().ID("concede").Class("card").Body(
		app.H3().Text(c.t("Concede the game")),
		app.P().Class("muted small").Text(c.t("The game ends at once and the other side wins; undo takes it back.")),
		app.Div().Body(buttons...),
	)
}

// historyItems are the lines of an Anima Tactics game's history, newest first, under each
// turn's heading.
func historyItems(c page, lines []anima.HistoryLine) []app.UI {
	var items []app.UI
	turn := -1
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i].Turn != turn {
			turn = lines[i].Turn
			items = append(items, app.Li().Class("turn-head").Text(fmt.Sprintf(c.t("Turn %d"), turn)))
		}
		items = append(items, app.Li().Text(lines[i].Text))
	}
	return items
}

// roller is the dice roller: side, dice, Gnosis, lower kept, what for, Roll.
func (c *History) roller() app.UI {
	st := c.play.Game().State()
	d := &c.roll
	if d.n == 0 {
		d.n, d.what = 1, rollFor[0]
		if side := turnSide(st); side >= 0 {
			d.side = side // the side whose turn it is rolls, most often
		}
		if duo := c.pair.Duo(); duo != nil {
			d.side = duo.Mine
		}
	}
	sides := []opt{{"0", st.Sides[0].Name}, {"1", st.Sides[1].Name}}
	var dice []opt
	for n := 1; n <= 5; n++ {
		dice = append(dice, opt{strconv.Itoa(n), c.n(n, "%d die", "%d dice")})
	}
	var whats []opt
	for _, w := range rollFor { // each named the same way: "Seek check", "Resistance check"…
		whats = append(whats, opt{string(w), text.Word(c.settings.Lang(), "roll-for", string(w))})
	}
	return app.Section().ID("dice-roller").Class("card").Body(
		app.H2().Text(c.t("Roll dice")),
		app.Div().Class("row pair").Body(
			selectField("roll-side", c.t("Side"), sides, strconv.Itoa(d.side), c.onRollField),
			selectField("roll-n", c.t("Dice"), dice, strconv.Itoa(d.n), c.onRollField),
		),
		selectField("roll-for", c.t("For"), whats, string(d.what), c.onRollField),
		checkBox("roll-gnosis", c.t("Gnosis: one more die, the best kept"), d.gnosis, c.onRollField),
		checkBox("roll-low", c.t("Lower is better (Doom, Shock)"), d.low, c.onRollField),
		app.Button().ID("roll-dice").Class("primary wide").Text(c.t("Roll")).OnClick(c.onRoll),
	)
}

// onRollField keeps a choice of the dice roller, read from the element when it changes.
func (c *History) onRollField(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	d := &c.roll
	switch el.Get("id").String() {
	case "roll-side":
		d.side, _ = strconv.Atoi(el.Get("value").String())
	case "roll-n":
		d.n, _ = strconv.Atoi(el.Get("value").String())
	case "roll-for":
		d.what = anima.CheckKind(el.Get("value").String())
		d.low = d.what == anima.CheckDoom || d.what == anima.CheckShock // lower kept (R-GNO-2)
	case "roll-gnosis":
		d.gnosis = el.Get("checked").Truthy()
	case "roll-low":
		d.low = el.Get("checked").Truthy()
	}
}

// onRoll rolls the dice as the roller's choices are when tapped; the Gnosis box goes back off.
func (c *History) onRoll(ctx app.Context, e app.Event) {
	d := c.roll
	send(ctx, session.Command{Cmd: anima.RollDice{Side: d.side, N: d.n, Gnosis: d.gnosis, Low: d.low, For: string(d.what)}}) // the check, said in each reader's language (anima.History)
	c.roll.gnosis = false
}
