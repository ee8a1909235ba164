package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// CharacterSheet is a character's details, opened by a tap on its card: its level, Recovery,
// Bind or order points and contacts, every state with −1 and +1 (R-STATE-1), Hide or Reveal,
// calling a summon, an Arbiter's reactive orders, its cards' uses and its abilities' upkeep,
// then its card as played (R-CARD-1): the printed numbers, its capabilities and each special
// ability with its keywords, cost and upkeep (names and numbers: no card text). It is a sheet
// over the bottom of the screen; Close, or Back, closes it.
type CharacterSheet struct {
	app.Compo
	Row  CharacterRow // the character as its card draws it
	Card anima.Card   // its card, with the numbers of the printing in play (Session.CardInGame)

	taps tapRequests // the commands of its buttons
}

// idCharacterSheet is the sheet's element.
const idCharacterSheet = "character-sheet"

func (c *CharacterSheet) t(key string) string { return text.T(c.Row.Lang, key) }

// Render draws the sheet.
func (c *CharacterSheet) Render() app.UI {
	r := &c.Row
	ch := r.Ch
	info := fmt.Sprintf("%s %d · %s %d", c.t("level"), ch.Level, c.t("recovery"), ch.Recovery)
	if r.Engaged != "" {
		info += " · " + c.t("Engaged with") + " " + r.Engaged
	}
	hide := map[bool]string{true: c.t("Reveal"), false: c.t("Hide")}[ch.Hidden]
	badges := r.badges()
	return app.Section().ID(idCharacterSheet).Class("bottom-sheet detail-sheet").Aria("label", ch.Name).Body(
		app.Div().Class("row spread sheet-head").Body(
			app.H2().Class("grow").Text(ch.Name),
			app.Button().ID("close-character").Text(c.t("Close")).OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actCloseSheet) }),
		),
		app.P().Class("muted small").Text(info),
		app.Div().Class("small extra").Text(r.extra()),
		app.Div().Class("badges").Body(app.Range(badges).Slice(func(i int) app.UI {
			return app.Span().Class("badge-soft").Text(badges[i])
		})),
		app.Div().Class("choices").Body(
			// ±5 LP in sight, as a long press on the row's − and + (R-ATK-11: within 0 and the card's LP)
			c.taps.button("lp−5", session.Command{Cmd: anima.AdjustLP{Ref: r.Ref, Delta: -min(5, ch.LP)}}).ID("lp-minus-5").
				Text(c.t("−5 LP")).Aria("label", ch.Name+": "+c.t("−5 LP")).Disabled(ch.LP == 0),
			c.taps.button("lp+5", session.Command{Cmd: anima.AdjustLP{Ref: r.Ref, Delta: min(5, ch.MaxLP-ch.LP)}}).ID("lp-plus-5").
				Text(c.t("+5 LP")).Aria("label", ch.Name+": "+c.t("+5 LP")).Disabled(ch.LP == ch.MaxLP),
			app.If(ch.InPlay(), func() app.UI {
				return c.taps.button("hide", session.Command{Cmd: anima.Hide{Ref: r.Ref, Hidden: !ch.Hidden}}).Class("hide-toggle").Text(hide).Aria("label", hide+" "+ch.Name)
			}),
			app.If(r.CanCall, func() app.UI {
				return app.Button().Class("call-summon").Text(c.t("Summon")).Aria("label", c.t("Summon")+" "+ch.Name).
					OnClick(r.onCall)
			}),
			app.If(r.CanReveal, func() app.UI {
				return app.Button().Class("reveal").Text(c.t("Reveal")).Aria("label", c.t("Reveal")+" "+ch.Name).
					OnClick(r.onReveal)
			}),
			app.Range(r.Reactive).Slice(func(i int) app.UI { // reactive orders, outside his activation (R-ARB-1)
				o := r.Reactive[i].Order
				label := orderLabel(r.Lang, o)
				if o.Target { // the target is chosen in the combat assistant
					return app.Button().Class("give-order").Text(label).Aria("label", label).Disabled(!r.Reactive[i].OK).
						OnClick(r.openOrder, app.EventScope(o.Name)).Attr("data-order", i)
				}
				return c.taps.button("order "+o.Name, session.Command{Cmd: anima.GiveOrder{Arbiter: r.Ref, Order: o.Name}}).
					Class("give-order").Text(label).Aria("label", label).Disabled(!r.Reactive[i].OK)
			}),
			app.Range(ch.Upkeep).Slice(func(i int) app.UI {
				u := ch.Upkeep[i]
				return c.taps.button("drop "+u.Ability, session.Command{Cmd: anima.DropUpkeep{Ref: r.Ref, Ability: u.Ability}}).
					Class("drop-upkeep").Text(c.t("Drop")+" "+u.Ability).Aria("label", c.t("Drop")+" "+u.Ability)
			}),
		),
		c.cardInGame(),
		app.H3().Text(c.t("States")),
		app.Div().Class("state-grid").Body(app.Range(allStates).Slice(func(i int) app.UI {
			k := allStates[i]
			n := ch.States[k]
			name := stateLabel(k, r.Lang)
			return app.Div().Class(map[bool]string{true: "state-cell on", false: "state-cell"}[n > 0]).Attr("data-state", k.String()).Body(
				c.taps.button("state− "+k.String(), session.Command{Cmd: anima.SetState{Ref: r.Ref, State: k, Level: n - 1}}).
					Class("state-minus").Text("−").Aria("label", fmt.Sprintf("%s: %s −1", ch.Name, name)).Disabled(n == 0),
				app.Span().Class("state-name").Body(app.Span().Text(name), app.Strong().Text(fmt.Sprint(n))),
				c.taps.button("state+ "+k.String(), session.Command{Cmd: anima.SetState{Ref: r.Ref, State: k, Level: n + 1}}).
					Class("state-plus").Text("+").Aria("label", fmt.Sprintf("%s: %s +1", ch.Name, name)),
			)
		})),
		app.If(len(ch.Cards) > 0, func() app.UI {
			return app.Div().Body(
				app.H3().Text(c.t("Cards")),
				app.Div().Class("chips").Body(app.Range(ch.Cards).Slice(func(i int) app.UI {
					cd := ch.Cards[i]
					what := fmt.Sprintf("%s · %s %d", cd.Name, c.t("used"), cd.Used)
					if n := cd.UseCost(); n > 0 {
						what += " · " + text.N(n, "%d action", "%d actions").In(r.Lang)
					}
					switch {
					case cd.Discarded:
						what = cd.Name + " · " + c.t("discarded")
					case cd.SingleUse:
						what += " · " + c.t("single use")
					case cd.Maintenance != "":
						what += " · " + upkeepText(r.Lang, cd.Maintenance)
					}
					return app.Span().Class("chip card-use").Body(
						app.Span().Text(what),
						c.taps.button("use− "+cd.Name, session.Command{Cmd: anima.UseCard{Ref: r.Ref, Card: cd.Name, Delta: -1}}).
							Class("icon").Aria("label", fmt.Sprintf("%s: %s %s", ch.Name, c.t("take back a use of"), cd.Name)).Text("−").
							Disabled(cd.Used == 0),
						c.taps.button("use+ "+cd.Name, session.Command{Cmd: anima.UseCard{Ref: r.Ref, Card: cd.Name, Delta: 1}}).
							Class("icon use-card").Aria("label", fmt.Sprintf("%s: %s %s", ch.Name, c.t("use"), cd.Name)).Text("+").
							Disabled(i >= len(r.CardOK) || !r.CardOK[i]),
					)
				})),
			)
		}),
	)
}

// wideFact is the longest value of a card's number that fits one of the sheet's two columns at
// 360 px without wrapping: a longer one takes a row of its own.
const wideFact = 12

// cardInGame is the card's part of the sheet: its numbers as played, capabilities, abilities.
func (c *CharacterSheet) cardInGame() app.UI {
	card, lang := c.Card, c.Row.Lang
	facts := cardFacts(lang, card)
	return app.Div().ID("card-in-game").Body(
		app.H3().Text(c.t("The card")),
		app.Div().Class("stats-table").Body(app.Range(facts).Slice(func(i int) app.UI {
			row := app.Div().Class("stat-row")
			if len([]rune(facts[i][1])) > wideFact { // a long value (Speed) takes the whole row, not a narrow column
				row = row.Class("wide")
			}
			return row.Body(app.Span().Text(facts[i][0]), app.Strong().Text(facts[i][1]))
		})),
		app.If(len(card.Capabilities) > 0, func() app.UI {
			return app.P().Class("small").Body(app.Strong().Text(c.t("Capabilities: ")), app.Text(capabilities(lang, card.Capabilities)))
		}),
		app.If(len(card.Abilities) > 0, func() app.UI {
			return app.Ul().Class("plain small abilities").Body(app.Range(card.Abilities).Slice(func(i int) app.UI {
				return app.Li().Text(abilityText(lang, card.Abilities[i]))
			}))
		}),
	)
}

// characterSheet is the details of r in s.
func (c *Tracker) characterSheet(s anima.State, r anima.Ref) app.UI {
	if _, ok := s.Character(r); !ok {
		return app.Span()
	}
	card, _ := c.cards.InGame(s, r)
	return &CharacterSheet{Row: *c.characterRow(s, r), Card: card}
}

// upkeepText is a maintenance card's upkeep in lang, "upkeep 1 LP"; as printed when the engine
// does not read it (anima.ParseUpkeep). R-TURN-3.
func upkeepText(lang, printed string) string {
	n, lp, ok := anima.ParseUpkeep(printed)
	switch {
	case !ok:
		return text.F(lang, "upkeep %s", printed)
	case lp:
		return text.F(lang, "upkeep %s", text.F(lang, "%d LP", n))
	}
	return text.F(lang, "upkeep %s", text.N(n, "%d action", "%d actions"))
}
