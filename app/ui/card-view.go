package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
)

// cardView shows every number and name of a card over the current screen. R-CARD-1.
func (c *Root) cardView(card engine.Card) app.UI {
	row := func(label, value string) app.UI {
		if value == "" || value == "0" {
			return nil
		}
		return app.Tr().Body(app.Th().Text(label), app.Td().Text(value))
	}
	rec := strconv.Itoa(card.Recovery)
	if card.RecoveryVaries {
		rec = "from the pilot"
	}
	who := whoLine(card)
	close := func(ctx app.Context, e app.Event) { c.detail = nil }
	return app.Div().Class("overlay").OnClick(close).Body(
		app.Div().ID("card-view").Class("sheet").Role("dialog").Aria("label", card.Name).
			OnClick(func(ctx app.Context, e app.Event) { e.StopImmediatePropagation() }).Body(
			app.Div().Class("row spread").Body(
				app.H2().Text(card.Name),
				app.Button().Class("icon").Aria("label", c.t("Close the card")).Text("✕").OnClick(close),
			),
			app.P().Class("muted").Text(strings.Join(who, " · ")),
			app.Table().Class("stats-table").Body(
				row("Level", strconv.Itoa(card.Level)),
				row("Attack", card.Attack.String()),
				row("Damage", card.Damage.String()),
				row("Defense", card.Defense.String()),
				row("Armor", card.Armor.String()),
				row("Life Points", card.LP.String()),
				row("Resistance", card.Resistance.String()),
				row("Speed", fmt.Sprintf(c.t("%g / %g cm (%g / %g in)"), float64(card.Walk), float64(card.Run), card.Walk.Inches(), card.Run.Inches())),
				row("Actions", fmt.Sprintf(c.t("%d, Recovery %s"), card.Actions, rec)),
				row("Leader", map[engine.Leadership]string{engine.Leader: "yes", engine.OptionalLeader: "optional"}[card.Leader]),
				row("Agent", map[bool]string{true: "yes"}[card.Agent]),
				row("Summoner level", strconv.Itoa(card.SummonerLevel)),
				row("Affinity", strings.Join(card.Affinity, ", ")),
				row("Summoning cost", strconv.Itoa(card.SummonCost)),
				row("Atman", strconv.Itoa(card.Atman)),
				row("Bind", strconv.Itoa(card.Bind)),
				row("Stability", strconv.Itoa(card.Stability)),
				row("Shock", strconv.Itoa(card.Shock)),
				row("Serves only", strings.Join(card.Only, ", ")),
				row("Base", card.BaseSize),
			),
			app.If(len(card.Abilities) > 0, func() app.UI {
				return app.Div().Body(
					app.H2().Text(c.t("Special abilities")),
					app.Ul().Class("plain").Body(app.Range(card.Abilities).Slice(func(i int) app.UI {
						a := card.Abilities[i]
						cost := ""
						if a.Cost > 0 {
							cost = fmt.Sprintf(c.t(" · %d actions"), a.Cost)
							if a.CostPlus {
								cost = fmt.Sprintf(c.t(" · %d+ actions"), a.Cost)
							}
						}
						kw := ""
						if len(a.Keywords) > 0 {
							kw = " (" + strings.Join(a.Keywords, ", ") + ")"
						}
						return app.Li().Text(a.Name + kw + cost)
					})),
				)
			}),
			app.If(len(card.Powers) > 0, func() app.UI {
				return app.P().Body(app.Strong().Text(c.t("Powers: ")), app.Text(strings.Join(card.Powers, ", ")))
			}),
			app.If(len(card.Capabilities) > 0, func() app.UI {
				return app.P().Body(app.Strong().Text(c.t("Capabilities: ")), app.Text(strings.Join(card.Capabilities, ", ")))
			}),
			app.P().Class("muted small").Text(sourceText(card)),
			app.Button().ID("correct-card").Class("wide").Text(c.t("Correct this card (another printing)")).
				OnClick(func(ctx app.Context, e app.Event) {
					c.detail = nil
					c.editor = editCharacter(card, -1)
					c.goTo(ctx, screenCards)
				}),
		),
	)
}

func sourceText(card engine.Card) string {
	s := "Values from: " + card.Source
	if card.Source == "" {
		s = "Values from: your own card"
	}
	if card.Notes != "" {
		s += ". " + card.Notes
	}
	return s
}
