package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/share"
)

// Share shows a party's link (under the address the app is served from) as text and as a QR
// code, with the system share sheet (or a copy to the clipboard), the party in plain text
// for forums, and the way to its printable sheet.
type Share struct {
	app.Compo
	page
	cards   session.Cards
	parties session.Parties
	ID      string // the party's
}

// Render draws the screen.
func (c *Share) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	sp := c.parties.Get(c.ID)
	link, err := share.Link(c.s.base(), sp.Party, c.cards.Catalog())
	if err != nil {
		return app.P().Class("notice").Role("alert").Text(c.t("This party cannot be shared: ") + c.settings.ErrText(err))
	}
	text := ""
	if p, err := c.cards.Resolve(sp.Party); err == nil {
		text = p.Text(c.settings.Lang())
	}
	return app.Div().Class("share").Body(
		c.linkCard(sp.Party.Name, link, c.t("The party's link"),
			c.t("The party is inside the link itself: no account, no server. It opens offline on any phone that has opened Gnosis once.")),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Plain text")),
			app.Textarea().ID("plain-text").ReadOnly(true).Rows(8).Text(text).Aria("label", c.t("The party in plain text")),
			app.Button().ID("copy-text").Class("wide").Text(c.t("Copy the text")).
				OnClick(c.onCopyText),
			app.Button().ID("print-party").Class("wide").Text(c.t("Print the party sheet")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenSheet + c.ID}) }),
		),
	)
}

// linkCard is a link to share, under its title: as a QR code, as text (labelled), with the
// system share sheet, and what the receiver gets (hint).
func (c *page) linkCard(title, link, label, hint string) app.UI {
	svg, err := qrSVG(link, c.t("QR code")+": "+label)
	if err != nil {
		svg = ""
	}
	return app.Section().Class("card").Body(
		app.H2().Text(title),
		app.Div().ID("qr").Class("qr").Body(app.Raw(svg)),
		app.Input().ID("share-link").Type("text").ReadOnly(true).Value(link).Aria("label", label),
		app.Button().ID("share-button").Class("primary wide").Text(c.t("Share the link")).
			Attr(attrShareTitle, title).Attr(attrShareLink, link).OnClick(c.onShareLink),
		app.P().Class("muted small").Text(hint),
	)
}

// onCopyText copies the party's plain text, as its text area shows it when tapped.
func (c *Share) onCopyText(ctx app.Context, e app.Event) {
	c.copy(ctx, app.Window().GetElementByID("plain-text").Get("value").String(), c.t("Party text copied."))
}

// attrShareTitle and attrShareLink are the title and the address the share button sends.
const (
	attrShareTitle = "data-title"
	attrShareLink  = "data-link"
)

// onShareLink shares the link the tapped button carries (sendLink).
func (c *page) onShareLink(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	c.sendLink(ctx, el.Call("getAttribute", attrShareTitle).String(), el.Call("getAttribute", attrShareLink).String())
}

// sendLink opens the system share sheet (Web Share API), or copies the link when the
// browser has none.
func (c *page) sendLink(ctx app.Context, title, link string) {
	nav := app.Window().Get("navigator")
	if nav.Get("share").Truthy() {
		data := app.Window().Get("Object").New()
		data.Set("title", title)
		data.Set("url", link)
		nav.Call("share", data)
		return
	}
	c.copy(ctx, link, c.t("Link copied: paste it in a message."))
}

// shareText hands text to the system's share sheet, or copies it where there is none (copy),
// saying copied.
func (c *page) shareText(ctx app.Context, text, copied string) {
	nav := app.Window().Get("navigator")
	if nav.Get("share").Truthy() {
		data := app.Window().Get("Object").New()
		data.Set("title", "Gnosis")
		data.Set("text", text)
		nav.Call("share", data)
		return
	}
	c.copy(ctx, text, copied)
}

// copy writes text to the clipboard and says so; where the browser refuses, it asks the
// player to copy by hand.
func (c *page) copy(ctx app.Context, text, done string) {
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		send(ctx, session.Notify{Text: c.t("This browser cannot copy for you: select the text and copy it.")})
		return
	}
	var ok, fail app.Func
	settle := func(req session.Request) any {
		send(ctx, req)
		ok.Release()
		fail.Release()
		return nil
	}
	ok = app.FuncOf(func(app.Value, []app.Value) any { return settle(session.Tell{Text: done}) })
	fail = app.FuncOf(func(app.Value, []app.Value) any {
		return settle(session.Notify{Text: c.t("The browser did not allow copying: select the text and copy it.")})
	})
	clip.Call("writeText", text).Call("then", ok, fail)
}
