package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// CharacterRow is one character on the tracker. Its exported fields are plain values, so
// go-app redraws a row only when its character changed; a tap sends the command to the
// Session (send).
type CharacterRow struct {
	app.Compo

	Ref         anima.Ref
	Ch          anima.Character
	Lang        string
	Active      bool // the active character
	CanActivate bool // on its side's turn (anima.MayActivate)
	LPDown      bool
	LPUp        bool
	ActDown     bool
	ActUp       bool
	CanCall     bool // an uncalled summon whose summoner is active
	CanReveal   bool // an infiltrated character that may be revealed now
	Engaged     string
	Reactive    []reactiveOrder // an Arbiter's reactive orders, offered outside his activation
	CardOK      []bool          // whether each of its cards (Ch.Cards) may be used now (anima.UseCard)
}

// orderLabel is an order as its button reads: "Opugnis · 2 Order points". R-ARB-1.
func orderLabel(lang string, o anima.Order) string {
	return o.Name + " · " + text.N(o.Cost, "%d Order point", "%d Order points").In(lang)
}

// reactiveOrder is a reactive order of an Arbiter and whether the engine allows it now.
type reactiveOrder struct {
	Order anima.Order
	OK    bool
}

func (r *CharacterRow) t(key string) string { return text.T(r.Lang, key) }

// openOrder opens the combat assistant on the reactive order whose button was tapped (its
// data-order attribute: the index in Reactive), to choose its target. R-ARB-1.
func (r *CharacterRow) openOrder(ctx app.Context, e app.Event) {
	i, err := strconv.Atoi(ctx.JSSrc().Call("getAttribute", "data-order").String())
	if err != nil || i < 0 || i >= len(r.Reactive) {
		return
	}
	at := slices.IndexFunc(r.Ch.Orders, func(o anima.Order) bool { return o.Name == r.Reactive[i].Order.Name })
	ctx.NewActionWithValue(actOpenCombat, orderTarget{Arbiter: r.Ref, Action: orderAction(at)})
}

// onActivate begins the row's character's activation. R-TURN-3.
func (r *CharacterRow) onActivate(ctx app.Context, e app.Event) {
	send(ctx, session.Command{Cmd: anima.BeginActivation{Ref: r.Ref}})
}

// onCall calls the row's summon into play within its summoner's zone of control. R-SUM-2.
func (r *CharacterRow) onCall(ctx app.Context, e app.Event) {
	send(ctx, session.Command{Cmd: anima.CallSummon{Summoner: r.Ch.Summoner, Summon: r.Ref, PlacementOK: true}})
}

// onReveal reveals the row's hidden character. R-HIDE-1.
func (r *CharacterRow) onReveal(ctx app.Context, e app.Event) {
	send(ctx, session.Command{Cmd: anima.Reveal{Ref: r.Ref}})
}

// rowID is the id of a character's row on the tracker, "c-side-index": the page script
// scrolls to it and patches its counters (tracker-fast.go), and the end-to-end tests find it.
func rowID(r anima.Ref) string { return "c-" + strconv.Itoa(r.Side) + "-" + strconv.Itoa(r.Index) }

// lpText is the LP counter: "current/maximum".
func lpText(ch anima.Character) string { return strconv.Itoa(ch.LP) + "/" + strconv.Itoa(ch.MaxLP) }

// actionsText is the Actions counter: "current/total".
func actionsText(ch anima.Character) string {
	return strconv.Itoa(ch.Actions) + "/" + strconv.Itoa(ch.MaxActions)
}

// counterButtons says which of a character's counter buttons the engine allows now: LP −1,
// LP +1, Actions −1, Actions +1.
func counterButtons(s anima.State, r anima.Ref) [4]bool {
	return [4]bool{
		anima.Allowed(s, anima.AdjustLP{Ref: r, Delta: -1}),
		anima.Allowed(s, anima.AdjustLP{Ref: r, Delta: 1}),
		anima.Allowed(s, anima.AdjustActions{Ref: r, Delta: -1}),
		anima.Allowed(s, anima.AdjustActions{Ref: r, Delta: 1}),
	}
}

// Render draws the card: a button under it all that opens the details (a tap anywhere on the
// card off its counters), the name with what marks the character (badges, states, Bind), the
// LP and Actions counters, and the Activate, Summon or Reveal button when the engine allows it.
func (r *CharacterRow) Render() app.UI {
	ch := r.Ch
	classes := "character"
	if !ch.InPlay() {
		classes += " out"
	}
	if ch.Activated {
		classes += " done"
	}
	if r.Active {
		classes += " active"
	}
	return app.Div().ID(rowID(r.Ref)).Class(classes).Body(
		app.Button().Class("open-card").Aria("label", fmt.Sprintf(r.t("%s: details"), ch.Name)).OnClick(r.open),
		app.Div().Class("card-line").Body(
			app.Strong().Class("name").Text(ch.Name),
			app.Span().Class("marks").Text(strings.Join(r.marks(), " · ")),
		),
		app.Div().Class("counters").Body(
			r.counter("LP", counterLP, lpText(ch), r.LPDown, r.LPUp),
			r.counter("Actions", counterActions, actionsText(ch), r.ActDown, r.ActUp),
			app.Div().Class("card-slot").Body(
				app.If(r.CanActivate, func() app.UI {
					return app.Button().Class("activate primary").Text("▶").Aria("label", r.t("Activate")+" "+ch.Name).
						OnClick(r.onActivate)
				}),
				app.If(r.CanCall, func() app.UI {
					return app.Button().Class("call-summon").Text("✦").Aria("label", r.t("Summon")+" "+ch.Name).
						OnClick(r.onCall)
				}),
				app.If(r.CanReveal, func() app.UI {
					return app.Button().Class("reveal").Text("◉").Aria("label", r.t("Reveal")+" "+ch.Name).
						OnClick(r.onReveal)
				}),
			),
		),
	)
}

// marks are what the card's line says after the name: the badges, the states, Bind or order
// points, the cards used. A character out of play (its LP gone, or removed) is only that:
// its states and contacts no longer count on the table.
func (r *CharacterRow) marks() []string {
	ch := r.Ch
	marks := r.badges()
	if ch.Removed || ch.LP == 0 {
		return marks
	}
	for _, k := range allStates {
		if n := ch.States[k]; n > 0 {
			marks = append(marks, fmt.Sprintf("%s %d", stateLabel(k, r.Lang), n))
		}
	}
	switch {
	case ch.MaxOrderPoints > 0:
		marks = append(marks, fmt.Sprintf("%s %d/%d", r.t("Orders"), ch.OrderPoints, ch.MaxOrderPoints))
	case ch.Summon:
		marks = append(marks, fmt.Sprintf("%s %d", r.t("Bind"), ch.Bind))
	}
	for _, cd := range ch.Cards {
		if cd.Used > 0 {
			marks = append(marks, fmt.Sprintf("%s ×%d", cd.Name, cd.Used))
		}
	}
	return marks
}

// open opens the character's details (CharacterSheet).
func (r *CharacterRow) open(ctx app.Context, e app.Event) {
	ctx.NewActionWithValue(actOpenCharacter, r.Ref)
}

// badges are what marks the character now: active, activated, hidden, moved, sought, off the
// table, out of play, engaged.
func (r *CharacterRow) badges() []string {
	ch := r.Ch
	var badges []string
	add := func(cond bool, s string) {
		if cond {
			badges = append(badges, r.t(s))
		}
	}
	add(r.Active, "Active")
	add(ch.Activated, "Activated")
	add(ch.Hidden, "Hidden")
	add(ch.Moved, "Moved")
	add(ch.Sought, "Sought")
	add(ch.OffTable && ch.Summon && !ch.Removed, "Not summoned")
	add(ch.OffTable && !ch.Summon, "Infiltrated")
	add(ch.Removed || (ch.LP == 0), "Out of play")
	if r.Engaged != "" && !ch.Removed && ch.LP > 0 {
		badges = append(badges, r.t("Engaged with")+" "+r.Engaged)
	}
	return badges
}

// extra is a summon's Bind, Stability and Shock or an Arbiter's order points, or "".
func (r *CharacterRow) extra() string {
	ch := r.Ch
	switch {
	case ch.MaxOrderPoints > 0:
		return fmt.Sprintf("%s %d/%d", r.t("Order points"), ch.OrderPoints, ch.MaxOrderPoints)
	case ch.Summon:
		return fmt.Sprintf("%s %d · %s %d · %s %+d", r.t("Bind"), ch.Bind, r.t("Stability"), ch.Stability, r.t("Shock"), ch.Shock)
	}
	return ""
}

var allStates = []anima.StateKind{anima.Haste, anima.Slow, anima.Shield, anima.Protection, anima.Healing, anima.Poison,
	anima.Blind, anima.Seal, anima.Paralysis, anima.Doom, anima.Berserker, anima.Stunned}

// stateLabel is a state's name in lang as players write it on screen: the engine's word
// (StateKind.In), capitalised.
func stateLabel(k anima.StateKind, lang string) string {
	s := k.In(lang)
	first, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(first)) + s[n:]
}

// counter draws a counter with its −1 and +1 buttons. The buttons carry the character and
// the counter in data attributes: Session.listenToCounterTaps answers them (see tapCounter).
func (r *CharacterRow) counter(label, class, value string, canDown, canUp bool) app.UI {
	c := &Counter{Label: r.t(label), Class: class, Value: value, Who: r.Ch.Name, Side: r.Ref.Side, Index: r.Ref.Index, Down: canDown, Up: canUp}
	if class == counterLP {
		c.Hold = r.t("Hold for %+d")
	}
	if class == counterActions && r.Ch.MaxActions <= maxPips {
		c.Pips = [2]int{r.Ch.Actions, r.Ch.MaxActions}
	}
	return c
}

// Counter is a character's LP or Actions counter: its label, − button, number and + button.
// It is a component with plain-value fields, so a row's redraw skips the counters that did not
// change. Its buttons carry the character and the counter in data attributes:
// Session.listenToCounterTaps answers them (see tapCounter).
type Counter struct {
	app.Compo
	Label, Class, Value, Who string // Label is translated; Class is "lp" or "actions"
	Side, Index              int
	Down, Up                 bool   // − and + allowed
	Pips                     [2]int // the Actions left and the total, drawn as pips; {0, 0}: the number
	Hold                     string // LP: a long press steps by holdLP, said by this format ("Hold for %+d"); "" none
}

// maxPips is the most Actions drawn as pips on a card; more are written as a number.
const maxPips = 6

// Render draws the counter.
func (c *Counter) Render() app.UI {
	button := func(cls, text string, delta int, can bool) app.UI {
		b := app.Button().Class(cls).Text(text).Aria("label", fmt.Sprintf("%s: %s %s1", c.Who, c.Label, text)).
			Disabled(!can).Attr(attrCounter, c.Class).Attr(attrSide, c.Side).Attr(attrIndex, c.Index).Attr(attrDelta, delta)
		if c.Hold != "" {
			b = b.Attr(attrHold, delta*holdLP).Title(fmt.Sprintf(c.Hold, delta*holdLP))
		}
		return b
	}
	value := app.Span().Class(classValue).Text(c.Value)
	class := classCounter + " " + c.Class
	if c.Pips[1] > 0 { // the number stays for screen readers; web/presses.js keeps --n and --max on taps
		value = value.Class("pips").Style("--n", strconv.Itoa(c.Pips[0])).Style("--max", strconv.Itoa(c.Pips[1]))
		class += " with-pips" // the pips say what they count: no label (web/gnosis.css)
	}
	return app.Div().Class(class).Body(
		app.Span().Class("label").Text(c.Label),
		button(classMinus, "−", -1, c.Down),
		value,
		button(classPlus, "+", 1, c.Up),
	)
}
