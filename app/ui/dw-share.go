package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/diskwars"
)

// ArmyShare shows a Diskwars army's link (the army travels inside it) as text and as a QR
// code, with the system share sheet or a copy to the clipboard.
type ArmyShare struct {
	app.Compo
	page
	dw session.Diskwars
	ID string // the army's
}

// Render draws the screen.
func (c *ArmyShare) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	sa := c.dw.Army(c.ID)
	link, err := diskwars.ArmyLink(c.s.base(), sa.Army)
	if err != nil {
		return app.P().ID("army-share-error").Class("notice").Role("alert").Text(c.t("This army cannot be shared: ") + c.settings.ErrText(err))
	}
	return app.Div().Class("share").Body(
		c.linkCard(sa.Army.Name, link, c.t("The army's link"),
			c.t("The army is inside the link itself: no account, no server. It opens offline on any phone that has opened Gnosis once.")),
	)
}

// SharedArmy shows a Diskwars army opened from a link, to save among the player's armies.
// Nothing is stored until the player saves it; a link that cannot be read says why.
type SharedArmy struct {
	app.Compo
	page
	Link string // the fragment's payload, after diskwars.ArmyFragmentKey
}

// Render draws the screen.
func (c *SharedArmy) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	a, err := diskwars.DecodeArmy(screenDWShared + c.Link)
	if err != nil {
		return linkRefused("", "shared-error", c.linkError(c.t("This army link cannot be read: "), err),
			app.P().Class("muted").Text(c.t("Nothing was saved or changed. Ask for the link again, and copy all of it.")),
			app.Button().Class("wide").Text(c.t("Go to my armies")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDW}) }),
		)
	}
	return app.Div().Class("shared").Body(
		app.Section().Class("card").ID("shared-army").Body(
			app.H2().Text(a.Name),
			app.P().Class("muted").Text(c.n(len(a.Discs), "%d disc", "%d discs")),
			app.Ul().Class("list").Body(app.Range(a.Discs).Slice(func(i int) app.UI {
				d := a.Discs[i]
				return app.Li().Body(app.Div().Class("grow").Body(app.Strong().Text(d.Name), app.Div().Class("muted small").Text(discSummary(c.settings.Lang(), d))))
			})),
		),
		app.Button().ID("save-shared-army").Class("primary wide").Text(c.t("Save to my armies")).OnClick(c.onSave),
	)
}

// onSave keeps the link's army among the player's armies, under a free name.
func (c *SharedArmy) onSave(ctx app.Context, e app.Event) {
	a, err := diskwars.DecodeArmy(screenDWShared + c.Link)
	if err != nil {
		return
	}
	send(ctx, session.AddArmy{Army: a, Notice: "Saved %s to your armies."})
	send(ctx, session.Navigate{To: screenDW})
}
