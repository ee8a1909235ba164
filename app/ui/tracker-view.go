package ui

import (
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
)

// tracker is the table screen: turn and phase, a row per character with LP and actions,
// the next-phase button and undo.
func (c *Root) tracker() app.UI {
	s := c.game.State()
	next := engine.AdvancePhase{}
	nextLabel := "Next phase"
	if s.Flow.Phase == engine.Action {
		nextLabel = fmt.Sprintf("Start turn %d", s.Flow.Turn+1)
		if s.Flow.Turn >= s.Turns {
			nextLabel = "End the game"
		}
	} else {
		nextLabel = "Start " + (s.Flow.Phase + 1).String()
	}
	return app.Div().Class("tracker").Body(
		app.Div().Class("flow card").Body(
			app.Div().Class("grow").Body(
				app.Strong().ID("turn").Text(fmt.Sprintf("Turn %d of %d", s.Flow.Turn, s.Turns)),
				app.Div().ID("phase").Class("phase").Text(phaseText(s.Flow)),
			),
			app.Button().ID("undo").Class("icon-text").Text("↶ Undo").Disabled(!c.game.CanUndo()).
				Aria("label", "Undo the last change").
				OnClick(func(ctx app.Context, e app.Event) {
					if err := c.game.Undo(); err != nil {
						c.warn(err)
						return
					}
					c.notice = ""
					c.saveGame()
				}),
		),
		app.If(s.Flow.Ended, func() app.UI { return c.result(s) }),
		app.Range(s.Sides[:]).Slice(func(i int) app.UI { return c.sideView(s, i) }),
		app.If(!s.Flow.Ended, func() app.UI {
			return app.Button().ID("next-phase").Class("primary wide sticky").Text(nextLabel).
				Disabled(!engine.Allowed(s, next)).
				OnClick(func(ctx app.Context, e app.Event) { c.do(next) })
		}),
	)
}

func phaseText(f engine.Flow) string {
	if f.Ended {
		return "Game over"
	}
	return f.Phase.String() + " phase"
}

func (c *Root) result(s engine.State) app.UI {
	w := s.Winner()
	text := "Draw"
	if w >= 0 {
		text = s.Sides[w].Name + " wins"
	}
	return app.Section().ID("result").Class("card result").Body(
		app.H2().Text(text),
		app.P().Text(fmt.Sprintf("Levels on the table (R-TURN-5): %s %d, %s %d",
			s.Sides[0].Name, s.Sides[0].LevelsOnTable(), s.Sides[1].Name, s.Sides[1].LevelsOnTable())),
	)
}

func (c *Root) sideView(s engine.State, side int) app.UI {
	sd := s.Sides[side]
	return app.Section().Class("side").Body(
		app.Div().Class("row spread side-head").Body(
			app.H2().Text(sd.Name),
			app.If(len(sd.Characters) > 0, func() app.UI {
				return app.Span().Class("muted small").ID(fmt.Sprintf("levels-%d", side)).Text(fmt.Sprintf("%d levels on the table", sd.LevelsOnTable()))
			}),
		),
		app.If(len(sd.Characters) == 0, func() app.UI {
			return app.P().Class("muted").Text("Not tracked")
		}),
		app.Range(sd.Characters).Slice(func(i int) app.UI {
			return c.characterRow(s, engine.Ref{Side: side, Index: i})
		}),
	)
}

func (c *Root) characterRow(s engine.State, r engine.Ref) app.UI {
	ch, _ := s.Character(r)
	id := fmt.Sprintf("c-%d-%d", r.Side, r.Index)
	toggle := engine.SetActivated{Ref: r, Activated: !ch.Activated}
	return app.Div().ID(id).Class("character").Class(map[bool]string{true: "out"}[!ch.InPlay()]).Class(map[bool]string{true: "done"}[ch.Activated]).Body(
		app.Div().Class("row spread").Body(
			app.Div().Class("grow").Body(
				app.Strong().Text(ch.Name),
				app.Div().Class("muted small").Text(fmt.Sprintf("level %d · recovery %d", ch.Level, ch.Recovery)),
			),
			app.If(!ch.InPlay(), func() app.UI { return app.Span().Class("badge").Text("Out of play") }).
				Else(func() app.UI {
					return app.Button().Class("activated").Aria("pressed", ch.Activated).
						Aria("label", fmt.Sprintf("%s: card turned (activated this turn)", ch.Name)).
						Text(map[bool]string{true: "✓ Activated", false: "Activate"}[ch.Activated]).
						Disabled(!engine.Allowed(s, toggle)).
						OnClick(func(ctx app.Context, e app.Event) { c.do(toggle) }, app.EventScope(fmt.Sprint(toggle)))
				}),
		),
		app.Div().Class("counters").Body(
			c.counter(s, "LP", ch.Name, "lp", strconv.Itoa(ch.LP)+"/"+strconv.Itoa(ch.MaxLP),
				engine.AdjustLP{Ref: r, Delta: -1}, engine.AdjustLP{Ref: r, Delta: 1}),
			c.counter(s, "Actions", ch.Name, "actions", strconv.Itoa(ch.Actions)+"/"+strconv.Itoa(ch.MaxActions),
				engine.AdjustActions{Ref: r, Delta: -1}, engine.AdjustActions{Ref: r, Delta: 1}),
		),
	)
}

func (c *Root) counter(s engine.State, label, who, class, value string, minus, plus engine.Command) app.UI {
	return app.Div().Class("counter "+class).Body(
		app.Span().Class("label").Text(label),
		app.Button().Class("minus").Text("−").Aria("label", fmt.Sprintf("%s: one %s less", who, label)).
			Disabled(!engine.Allowed(s, minus)).OnClick(func(ctx app.Context, e app.Event) { c.do(minus) }, app.EventScope(fmt.Sprint(minus))),
		app.Span().Class("value").Text(value),
		app.Button().Class("plus").Text("+").Aria("label", fmt.Sprintf("%s: one %s more", who, label)).
			Disabled(!engine.Allowed(s, plus)).OnClick(func(ctx app.Context, e app.Event) { c.do(plus) }, app.EventScope(fmt.Sprint(plus))),
	)
}
