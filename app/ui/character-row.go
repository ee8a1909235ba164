package ui

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
	"gnosis/engine/text"
)

// CharacterRow is one character on the tracker. Its exported fields are plain values, so
// go-app redraws a row only when its character changed; a tap sends the command to the
// Session (send).
type CharacterRow struct {
	app.Compo

	Ref         engine.Ref
	Ch          engine.Character
	Lang        string
	Active      bool // the active character
	CanActivate bool // on its side's turn (engine.MayActivate)
	LPDown      bool
	LPUp        bool
	ActDown     bool
	ActUp       bool
	CanCall     bool // an uncalled summon whose summoner is active
	CanReveal   bool // an infiltrated character that may be revealed now
	Engaged     string
}

func (r *CharacterRow) t(key string) string { return text.T(r.Lang, key) }

func (r *CharacterRow) n(n int, one, other string) string { return text.N(n, one, other).In(r.Lang) }

func (r *CharacterRow) send(cmd engine.Command) app.EventHandler {
	return func(ctx app.Context, e app.Event) { send(ctx, doCmd{Cmd: cmd}) }
}

// rowID is the id of a character's row on the tracker, "c-side-index": the page script
// scrolls to it and patches its counters (fast.go), and the end-to-end tests find it.
func rowID(r engine.Ref) string { return "c-" + strconv.Itoa(r.Side) + "-" + strconv.Itoa(r.Index) }

// lpText is the LP counter: "current/maximum".
func (r *CharacterRow) lpText() string { return lpText(r.Ch) }

// actionsText is the Actions counter: "current/total".
func (r *CharacterRow) actionsText() string { return actionsText(r.Ch) }

func lpText(ch engine.Character) string { return strconv.Itoa(ch.LP) + "/" + strconv.Itoa(ch.MaxLP) }

func actionsText(ch engine.Character) string {
	return strconv.Itoa(ch.Actions) + "/" + strconv.Itoa(ch.MaxActions)
}

// counterButtons says which of a character's counter buttons the engine allows now: LP −1,
// LP +1, Actions −1, Actions +1.
func counterButtons(s engine.State, r engine.Ref) [4]bool {
	return [4]bool{
		engine.Allowed(s, engine.AdjustLP{Ref: r, Delta: -1}),
		engine.Allowed(s, engine.AdjustLP{Ref: r, Delta: 1}),
		engine.Allowed(s, engine.AdjustActions{Ref: r, Delta: -1}),
		engine.Allowed(s, engine.AdjustActions{Ref: r, Delta: 1}),
	}
}

// Render draws the row.
func (r *CharacterRow) Render() app.UI {
	ch := r.Ch
	id := rowID(r.Ref)
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
	if r.Engaged != "" {
		badges = append(badges, r.t("Engaged with")+" "+r.Engaged)
	}
	var states []engine.StateKind
	for k, n := range ch.States {
		if n > 0 {
			states = append(states, engine.StateKind(k))
		}
	}
	return app.Div().ID(id).Class(classes).Body(
		app.Div().Class("row spread").Body(
			app.Div().Class("grow").Body(
				app.Strong().Text(ch.Name),
				app.Div().Class("muted small").Text(fmt.Sprintf("%s %d · %s %d", r.t("level"), ch.Level, r.t("recovery"), ch.Recovery)),
			),
			app.If(r.CanActivate, func() app.UI {
				return app.Button().Class("activate primary").Text(r.t("Activate")).Aria("label", r.t("Activate")+" "+ch.Name).
					OnClick(r.send(engine.BeginActivation{Ref: r.Ref}), app.EventScope(r.Ref.String()))
			}),
			app.If(r.CanCall, func() app.UI {
				return app.Button().Class("call-summon").Text(r.t("Summon")).Aria("label", r.t("Summon")+" "+ch.Name).
					OnClick(r.send(engine.CallSummon{Summoner: ch.Summoner, Summon: r.Ref, PlacementOK: true}), app.EventScope(r.Ref.String()))
			}),
			app.If(r.CanReveal, func() app.UI {
				return app.Button().Class("reveal").Text(r.t("Reveal")).Aria("label", r.t("Reveal")+" "+ch.Name).
					OnClick(r.send(engine.Reveal{Ref: r.Ref}), app.EventScope(r.Ref.String()))
			}),
		),
		app.Div().Class("counters").Body(
			r.counter("LP", "lp", r.lpText(), r.LPDown, r.LPUp),
			r.counter("Actions", "actions", r.actionsText(), r.ActDown, r.ActUp),
		),
		// The extra line and the badges keep their places, empty or not (hidden when empty by
		// web/gnosis.css), so that a badge coming or going updates the row in place: go-app
		// matches children by position and would rebuild the state chips and picker below.
		app.Div().Class("small extra").Text(r.extra()),
		app.Div().Class("badges").Body(app.Range(badges).Slice(func(i int) app.UI {
			return app.Span().Class("badge-soft").Text(badges[i])
		})),
		app.Div().Class("chips states").Body(
			app.Range(states).Slice(func(i int) app.UI {
				k := states[i]
				return app.Span().Class("chip state").Body(
					app.Span().Text(fmt.Sprintf("%s %d", stateLabel(k, r.Lang), ch.States[k])),
					app.Button().Class("icon").Aria("label", fmt.Sprintf("%s: %s −1", ch.Name, stateLabel(k, r.Lang))).Text("−").
						OnClick(r.send(engine.SetState{Ref: r.Ref, State: k, Level: ch.States[k] - 1}), app.EventScope(r.Ref.String(), int(k), ch.States[k])),
				)
			}),
			&StatePicker{Ref: r.Ref, Name: ch.Name, Lang: r.Lang, Levels: ch.States},
			app.If(ch.InPlay(), func() app.UI {
				return app.Button().Class("hide-toggle").Text(map[bool]string{true: r.t("Reveal"), false: r.t("Hide")}[ch.Hidden]).
					Aria("label", map[bool]string{true: r.t("Reveal"), false: r.t("Hide")}[ch.Hidden]+" "+ch.Name).
					OnClick(r.send(engine.Hide{Ref: r.Ref, Hidden: !ch.Hidden}), app.EventScope(r.Ref.String(), ch.Hidden))
			}),
			app.Range(ch.Cards).Slice(func(i int) app.UI {
				cd := ch.Cards[i]
				return app.Span().Class("chip card-use").Body(
					app.Span().Text(fmt.Sprintf("%s · %s %d", cd.Name, r.t("used"), cd.Used)),
					app.Button().Class("icon").Aria("label", fmt.Sprintf("%s: %s %s", ch.Name, r.t("take back a use of"), cd.Name)).Text("−").
						Disabled(cd.Used == 0).
						OnClick(r.send(engine.UseCard{Ref: r.Ref, Card: cd.Name, Delta: -1}), app.EventScope(r.Ref.String(), cd.Name, cd.Used)),
					app.Button().Class("icon use-card").Aria("label", fmt.Sprintf("%s: %s %s", ch.Name, r.t("use"), cd.Name)).Text("+").
						OnClick(r.send(engine.UseCard{Ref: r.Ref, Card: cd.Name, Delta: 1}), app.EventScope(r.Ref.String(), cd.Name, cd.Used)),
				)
			}),
			app.Range(ch.Upkeep).Slice(func(i int) app.UI {
				u := ch.Upkeep[i]
				return app.Button().Class("drop-upkeep").Text(r.t("Drop")+" "+u.Ability).Aria("label", r.t("Drop")+" "+u.Ability).
					OnClick(r.send(engine.DropUpkeep{Ref: r.Ref, Ability: u.Ability}), app.EventScope(r.Ref.String(), u.Ability))
			}),
		),
	)
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

var allStates = []engine.StateKind{engine.Haste, engine.Slow, engine.Shield, engine.Protection, engine.Healing, engine.Poison,
	engine.Blind, engine.Seal, engine.Paralysis, engine.Doom, engine.Berserker, engine.Stunned}

// stateLabel is a state's name in lang as players write it on screen: the engine's word
// (StateKind.In), capitalised.
func stateLabel(k engine.StateKind, lang string) string {
	s := k.In(lang)
	first, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(first)) + s[n:]
}

// counter draws a counter with its −1 and +1 buttons. The buttons carry the character and
// the counter in data attributes: Session.listenToCounterTaps answers them (see tapCounter).
func (r *CharacterRow) counter(label, class, value string, canDown, canUp bool) app.UI {
	return &Counter{Label: r.t(label), Class: class, Value: value, Who: r.Ch.Name, Side: r.Ref.Side, Index: r.Ref.Index, Down: canDown, Up: canUp}
}

// Counter is a character's LP or Actions counter: its label, − button, number and + button.
// It is a component with plain-value fields, so a row's redraw skips the counters that did not
// change. Its buttons carry the character and the counter in data attributes:
// Session.listenToCounterTaps answers them (see tapCounter).
type Counter struct {
	app.Compo
	Label, Class, Value, Who string // Label is translated; Class is "lp" or "actions"
	Side, Index              int
	Down, Up                 bool // − and + allowed
}

// Render draws the counter.
func (c *Counter) Render() app.UI {
	button := func(cls, text string, delta int, can bool) app.UI {
		return app.Button().Class(cls).Text(text).Aria("label", fmt.Sprintf("%s: %s %s1", c.Who, c.Label, text)).
			Disabled(!can).Attr(attrCounter, c.Class).Attr(attrSide, c.Side).Attr(attrIndex, c.Index).Attr(attrDelta, delta)
	}
	return app.Div().Class("counter "+c.Class).Body(
		app.Span().Class("label").Text(c.Label),
		button(classMinus, "−", -1, c.Down),
		app.Span().Class(classValue).Text(c.Value),
		button(classPlus, "+", 1, c.Up),
	)
}

// StatePicker is a row's "+ State" select: a component of its own, so that a row's redraw
// skips its options. A chosen state gets one more counter (R-STATE-1).
type StatePicker struct {
	app.Compo
	Ref    engine.Ref
	Name   string // the character's
	Lang   string
	Levels engine.States // the character's counters of each state
}

// Render draws the select.
func (p *StatePicker) Render() app.UI {
	t := func(s string) string { return text.T(p.Lang, s) }
	return app.Select().Class("add-state").Aria("label", t("Add a state to")+" "+p.Name).
		OnChange(func(ctx app.Context, e app.Event) {
			v := ctx.JSSrc().Get("value").String()
			ctx.JSSrc().Set("value", none)
			if k, err := engine.ParseState(v); err == nil {
				send(ctx, doCmd{Cmd: engine.SetState{Ref: p.Ref, State: k, Level: p.Levels[k] + 1}})
			}
		}, app.EventScope(p.Ref.String())).
		Body(
			app.Option().Value(none).Selected(true).Text("+ "+t("State")),
			app.Range(allStates).Slice(func(i int) app.UI {
				return app.Option().Value(allStates[i].String()).Text(stateLabel(allStates[i], p.Lang))
			}),
		)
}
