package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// actCloseCard is the action of the card view's close button: the screen that shows the card
// view handles it.
const actCloseCard = "gnosis.close-card"

// CardView shows every number and name of a card over the current screen. R-CARD-1.
type CardView struct {
	app.Compo
	Card anima.Card
	Lang string
}

func (c *CardView) t(key string) string { return text.T(c.Lang, key) }

// Render draws the card.
func (c *CardView) Render() app.UI {
	card := c.Card
	row := func(label, value string) app.UI {
		if value == "" || value == "0" {
			return nil
		}
		return app.Div().Class("stat-row").Body(app.Span().Text(label), app.Strong().Text(value))
	}
	facts := cardFacts(c.Lang, card)
	who := whoLine(c.Lang, card)
	close := func(ctx app.Context, e app.Event) { ctx.NewAction(actCloseCard) }
	return app.Div().Class("overlay").OnClick(close).Body(
		app.Div().ID("card-view").Class("sheet").Role("dialog").Aria("label", card.Name).
			OnClick(func(ctx app.Context, e app.Event) { e.StopImmediatePropagation() }).Body(
			app.Div().Class("row spread").Body(
				app.H2().Text(card.Name),
				app.Button().Class("icon").Aria("label", c.t("Close the card")).Text("✕").OnClick(close),
			),
			app.P().Class("muted").Text(strings.Join(who, " · ")),
			app.Div().Class("stats-table").Body(
				row(c.t("Level"), strconv.Itoa(card.Level)),
				app.Range(facts).Slice(func(i int) app.UI { return row(facts[i][0], facts[i][1]) }),
			),
			app.If(len(card.Printed) > 0, func() app.UI { return c.printings(card) }),
			app.If(len(card.Abilities) > 0, func() app.UI {
				return app.Div().Body(
					app.H2().Text(c.t("Special abilities")),
					app.Ul().Class("plain").Body(app.Range(card.Abilities).Slice(func(i int) app.UI {
						return app.Li().Text(abilityText(c.Lang, card.Abilities[i]))
					})),
				)
			}),
			app.If(len(card.Powers) > 0, func() app.UI {
				return app.P().Body(app.Strong().Text(c.t("Powers: ")), app.Text(strings.Join(card.Powers, ", ")))
			}),
			app.If(len(card.Capabilities) > 0, func() app.UI {
				return app.P().Body(app.Strong().Text(c.t("Capabilities: ")), app.Text(capabilities(c.Lang, card.Capabilities)))
			}),
			app.P().Class("muted small").Text(c.sourceText(card)),
			app.Button().ID("correct-card").Class("wide").Text(c.t("Correct this card (another printing)")).
				OnClick(func(ctx app.Context, e app.Event) {
					ctx.NewAction(actCloseCard)
					send(ctx, session.CorrectCard{Card: c.Card})
				}),
		),
	)
}

// cardFacts are a card's numbers after its level, those it has, each as a label and a value
// in lang, in the card's order: what the card view and the party sheet show.
func cardFacts(lang string, card anima.Card) [][2]string {
	t := func(key string) string { return text.T(lang, key) }
	rec := strconv.Itoa(card.Recovery)
	if card.RecoveryVaries {
		rec = t("from the pilot")
	}
	all := [][2]string{
		{t("Attack"), card.Attack.String()},
		{t("Damage"), card.Damage.String()},
		{t("Defense"), card.Defense.String()},
		{t("Armor"), card.Armor.String()},
		{t("Life Points"), card.LP.String()},
		{t("Resistance"), card.Resistance.String()},
		{t("Speed"), text.F(lang, "%s / %s cm (%s / %s in)", decimal(card.Walk), decimal(card.Run), text.Decimal{V: card.Walk.Inches(), Prec: -1}, text.Decimal{V: card.Run.Inches(), Prec: -1})},
		{t("Actions"), fmt.Sprintf(t("%d, Recovery %s"), card.Actions, rec)},
		{t("Leader"), map[anima.Leadership]string{anima.Leader: t("yes"), anima.OptionalLeader: t("optional")}[card.Leader]},
		{t("Agent"), map[bool]string{true: t("yes")}[card.Agent]},
		{t("Summoner level"), strconv.Itoa(card.SummonerLevel)},
		{t("Affinity"), affinities(lang, card.Affinity)},
		{t("Summoning cost"), strconv.Itoa(card.SummonCost)},
		{t("Atman"), strconv.Itoa(card.Atman)},
		{t("Bind"), strconv.Itoa(card.Bind)},
		{t("Stability"), strconv.Itoa(card.Stability)},
		{t("Shock"), strconv.Itoa(card.Shock)},
		{t("Serves only"), strings.Join(card.Only, ", ")},
		{t("Base"), text.Word(lang, "base", card.BaseSize)},
		{t("Order points per turn"), strconv.Itoa(card.OrderPoints)},
		{t("Zone of influence"), influence(lang, card.Influence)},
		{t("Gnosis points (GP)"), strconv.Itoa(card.Gnosis)},
		{t("Infection"), strconv.Itoa(card.Infection)},
	}
	var out [][2]string
	for _, f := range all {
		if f[1] != "" && f[1] != "0" {
			out = append(out, f)
		}
	}
	return out
}

// abilityText is a special ability as a card lists it: its name, keywords, cost (in actions,
// or Order points for an Arbiter's order) and upkeep, "Opugnis (Order) · 2 Order points".
func abilityText(lang string, a anima.Ability) string {
	cost := ""
	switch {
	case a.Makes == anima.AbilityOrder:
		cost = " · " + text.N(a.Cost, "%d Order point", "%d Order points").In(lang)
	case a.CostPlus:
		cost = text.F(lang, " · %d+ actions", a.Cost)
	case a.Cost > 0:
		cost = " · " + text.N(a.Cost, "%d action", "%d actions").In(lang)
	}
	if a.Upkeep > 0 {
		cost += " · " + text.F(lang, "upkeep %d", a.Upkeep)
	}
	kw := ""
	if len(a.Keywords) > 0 {
		kw = " (" + a.KeywordsIn(lang) + ")"
	}
	return a.Name + kw + cost
}

// influence is an Arbiter's zone of influence in centimetres and inches ("" for none).
func influence(lang string, cm anima.Centimetres) string {
	if cm == 0 {
		return ""
	}
	return text.F(lang, "%s cm (%s in)", decimal(cm), text.Decimal{V: cm.Inches(), Prec: -1})
}

// printedFields name the fields of the sources' comparison in the player's words.
var printedFields = map[string]string{"level": "Level", "attack": "Attack", "damage": "Damage", "defense": "Defense",
	"armor": "Armor", "life_points": "Life Points", "resistance": "Resistance", "actions_total": "Actions",
	"recovery": "Recovery", "faction": "Faction", "organization": "Organization", "category": "Categories",
	"affinity": "Affinity", "leader": "Leader"}

// printings shows where the two sources print the card differently: which printing the
// values above are, and what the other prints.
func (c *CardView) printings(card anima.Card) app.UI {
	shown := card.Printing
	if shown == "" {
		shown = anima.DefaultPrinting
	}
	var other []string
	for _, x := range card.Printed {
		if x.Printing == shown {
			continue
		}
		field := c.t(printedFields[x.Field])
		if name, ok := strings.CutPrefix(x.Field, "special_abilities: "); ok {
			field = fmt.Sprintf(c.t("%s, cost"), strings.TrimSuffix(name, " cost"))
		} else if printedFields[x.Field] == "" {
			field = x.Field
		}
		value := x.Value
		if value == "" {
			value = c.t("not printed")
		}
		other = append(other, field+" "+value)
	}
	alt := anima.FirstPrinting
	if shown == anima.FirstPrinting {
		alt = anima.SecondPrinting
	}
	return app.Div().ID("printings").Class("printings").Body(
		app.H2().Text(c.t("Printings")),
		app.P().Text(fmt.Sprintf(c.t("These values: %s."), shown.In(c.Lang))),
		app.P().Body(app.Strong().Text(fmt.Sprintf(c.t("The %s prints: "), alt.In(c.Lang))), app.Text(strings.Join(other, " · "))),
	)
}

// sourceText says where a card's values come from, and the catalog's notes on it.
// The transcriptions are named by the source they are (anima.FirstPrinting's and
// SecondPrinting's words); the catalog's notes, written in English, are shown in English only.
func (c *CardView) sourceText(card anima.Card) string {
	if card.Source == "" {
		return c.t("Values from: your own card")
	}
	var from []string
	for _, src := range []struct {
		mark string
		p    anima.Printing
	}{{"acebaur/", anima.FirstPrinting}, {"SulLind/", anima.SecondPrinting}} {
		if strings.Contains(card.Source, src.mark) {
			from = append(from, src.p.In(c.Lang))
		}
	}
	source := strings.Join(from, "; ")
	if len(from) == 0 || c.Lang == text.EN {
		source = card.Source
	}
	s := fmt.Sprintf(c.t("Values from: %s"), source)
	if card.Notes != "" && c.Lang == text.EN {
		s += ". " + card.Notes
	}
	return s
}

// decimal is a length in centimetres as a number to say in the player's language (text.Decimal).
func decimal(cm anima.Centimetres) text.Decimal { return text.Decimal{V: float64(cm), Prec: -1} }
