package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/app/store"
	"gnosis/engine/diskwars"
)

// DWHome is Diskwars's home: the game in progress, and the armies of discs kept on the
// device (made here: there is no public disc data), each to edit, share or delete.
type DWHome struct {
	app.Compo
	page
	dw         session.Diskwars
	pair       session.Pair
	confirmEnd bool   // End the game was tapped once: a second tap ends it
	confirmDel string // the army whose Delete was tapped once
}

// Render draws the screen.
func (c *DWHome) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	return app.Div().Class("home dw").Body(
		parkedSection(c.page, c.pair, session.KindDiskwars),
		app.If(c.dw.Game() != nil, func() app.UI {
			st := c.dw.Game().State()
			end := c.t("End the game")
			if c.confirmEnd {
				end = c.t("Tap again to end the game")
			}
			return app.Section().Class("card continue").Body(
				app.H2().Text(c.t("Game in progress")),
				app.P().Text(fmt.Sprintf(c.t("%s vs %s · round %d"), st.Names[0], st.Names[1], st.Round)),
				app.Button().ID("dw-continue").Class("primary wide").Text(c.t("Continue the game")).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDWGame}) }),
				app.If(c.pair.Duo() == nil, func() app.UI {
					return app.Button().ID("dw-two-phones").Class("wide").Text(c.t("Play on two phones")).
						OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenPair + session.KindDiskwars}) })
				}),
				app.Button().ID("dw-end").Class("wide").Text(end).OnClick(func(ctx app.Context, e app.Event) {
					if !c.confirmEnd {
						c.confirmEnd = true
						return
					}
					c.confirmEnd = false
					send(ctx, session.DWEndGame{})
				}),
			)
		}),
		app.Section().Class("parties").Body(
			app.Div().Class("row spread").Body(
				app.H2().Text(c.t("My armies")),
				app.Button().ID("dw-new-army").Class("primary").Text(c.t("New army")).OnClick(func(ctx app.Context, e app.Event) {
					send(ctx, session.AddArmy{Open: true, Army: diskwars.Army{Name: fmt.Sprintf(c.t("Army %d"), len(c.dw.Armies())+1), Discs: []diskwars.DiscCard{}}})
				}),
			),
			app.If(len(c.dw.Armies()) == 0, func() app.UI {
				return app.P().Class("muted").Text(c.t("No army yet. Make one from your discs: name, size, Move, ranged attack, keywords."))
			}),
			app.Ul().Class("list").Body(app.Range(c.dw.Armies()).Slice(func(i int) app.UI { return c.armyItem(c.dw.Armies()[i]) })),
			app.Button().ID("dw-new-game").Class("primary wide").Text(c.t("New Diskwars game")).Disabled(len(c.dw.Armies()) == 0).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDWNew}) }),
		),
		app.Section().Class("card").Body(
			app.P().Class("muted small").Text(c.t("Gnosis follows one article on Diskwars's disc actions: activations, flips, range bands, sight, battle dice and scatter. Wounds, toughness and command cards are yours to count: each disc has a damage counter.")),
			app.H3().Text(c.t("Read the Diskwars rules")),
			app.P().ID("dw-rules").Class("rule-index").Body(ruleText(c.settings.Lang(), dwRuleIDs())...),
		),
	)
}

func (c *DWHome) armyItem(sa store.SavedArmy) app.UI {
	id := sa.ID
	del := c.t("Delete")
	if c.confirmDel == id {
		del = c.t("Tap again to delete")
	}
	return app.Li().Class("party-item army-item").Body(
		app.Div().Class("grow").Body(
			app.Strong().Text(sa.Army.Name),
			app.Div().Class("muted small").Text(c.n(len(sa.Army.Discs), "%d disc", "%d discs")),
		),
		app.Button().Class("edit").Text(c.t("Edit")).Aria("label", fmt.Sprintf(c.t("Edit %s"), sa.Army.Name)).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDWArmy + id}) }, app.EventScope(id)),
		app.Button().Class("share").Text(c.t("Share")).Aria("label", fmt.Sprintf(c.t("Share %s"), sa.Army.Name)).
			Disabled(len(sa.Army.Discs) == 0).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDWShare + id}) }, app.EventScope(id)),
		app.Button().Class("delete").Text(del).Aria("label", del+" "+sa.Army.Name).
			OnClick(func(ctx app.Context, e app.Event) {
				if c.confirmDel != id {
					c.confirmDel = id
					return
				}
				c.confirmDel = ""
				send(ctx, session.DeleteArmy{ID: id})
			}, app.EventScope(id)),
	)
}

// dwRuleIDs are Diskwars's rule IDs, R-DW-1 to R-DW-12, as one text of rule buttons.
func dwRuleIDs() string {
	ids := make([]string, 12)
	for i := range ids {
		ids[i] = fmt.Sprintf("R-DW-%d", i+1)
	}
	return strings.Join(ids, " ")
}
