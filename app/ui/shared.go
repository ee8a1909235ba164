package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/party"
	"gnosis/engine/share"
)

// Shared shows a party opened from a link, read-only with its legality. Nothing is stored
// until the player saves it or uses it as an opponent; a link that cannot be read says why
// and changes nothing.
type Shared struct {
	app.Compo
	page
	cards session.Cards
	Link  string // the fragment's payload, after share.FragmentKey

	opening bool // the first screen of a shared link's first visit: the party's place, kept until Go reads the link (first.go)

	read      string           // the link last decoded
	shared    *party.PartyFile // its party
	sharedErr string           // why it cannot be read
	detail    *anima.Card      // the card shown over the screen
}

// OnMount observes the Session.
func (c *Shared) OnMount(ctx app.Context) {
	c.observe(ctx)
	ctx.Handle(actCloseCard, func(ctx app.Context, a app.Action) { c.detail = nil })
}

// openLink decodes the party of the link; a link that cannot be read keeps its reason.
func (c *Shared) openLink() {
	c.read, c.shared, c.sharedErr = c.Link, nil, ""
	f, err := share.Decode(screenShared+c.Link, c.cards.Catalog())
	if err == nil {
		_, err = c.cards.Resolve(f)
	}
	if err != nil {
		c.sharedErr = c.linkError(c.t("This party link cannot be read: "), err)
		return
	}
	c.shared = &f
}

// Render draws the screen.
func (c *Shared) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	if c.opening {
		return c.place()
	}
	if c.read != c.Link || (c.shared == nil && c.sharedErr == "") {
		c.openLink()
	}
	if c.sharedErr != "" {
		return linkRefused("", "shared-error", c.sharedErr,
			app.P().Class("muted").Text(c.t("Nothing was saved or changed. Ask for the link again, and copy all of it.")),
			app.Button().Class("wide").Text(c.t("Go to my parties")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenHome}) }),
		)
	}
	f := *c.shared
	p, err := c.cards.Resolve(f)
	if err != nil {
		return app.P().ID("shared-error").Class("bad").Role("alert").Text(c.t("This party cannot be shown: ") + c.settings.ErrText(err))
	}
	vs := party.CheckParty(p)
	kind := c.t("Faction party")
	if f.Organization != "" {
		kind = fmt.Sprintf(c.t("The %s organization"), anima.OrganizationIn(c.settings.Lang(), f.Organization))
	}
	return app.Div().Class("shared").Body(
		app.Section().Class("card").ID("shared-party").Body(
			app.H2().Text(f.Name),
			app.P().Class("muted").Text(c.f("%s · %d / %d levels · %s edition", kind, p.LevelsSpent(), f.Level, f.Edition)),
			app.Ul().Class("list").Body(app.Range(p.Members).Slice(func(i int) app.UI {
				m := p.Members[i]
				var extra []string
				for _, a := range m.Advantages {
					extra = append(extra, fmt.Sprintf("%s · %d", a.Name, a.Cost))
				}
				for _, s := range m.Summons { // its cost is paid from the party's levels (R-PARTY-10)
					extra = append(extra, fmt.Sprintf("↳ %s · %d", s.Name, s.Level))
				}
				for _, u := range m.Upgrades {
					extra = append(extra, fmt.Sprintf("+ %s · %d", u.Name, u.Level))
				}
				if pr := f.Characters[i].Printing; pr != "" {
					extra = append(extra, fmt.Sprintf(c.t("Printing: %s"), pr.In(c.settings.Lang())))
				}
				return app.Li().Body(
					app.Button().Class("link grow").Aria("label", fmt.Sprintf(c.t("Show the card of %s"), m.Card.Name)).Body(
						app.Strong().Text(m.Card.Name),
						app.Div().Class("muted small").Text(strings.Join(extra, " · ")),
					).OnClick(func(ctx app.Context, e app.Event) { card := m.Card; c.detail = &card }, app.EventScope(i, m.Card.Name)),
					app.Span().Class("level").Text(fmt.Sprint(m.Card.Level)),
				)
			})),
			app.If(len(p.Advantages) > 0, func() app.UI {
				var names []string
				for _, a := range p.Advantages {
					names = append(names, a.Name)
				}
				return app.P().Body(app.Strong().Text(c.t("Party cards: ")), app.Text(strings.Join(names, ", ")))
			}),
			app.If(len(vs) == 0, func() app.UI {
				return app.P().ID("shared-legal").Class("good").Text(c.t("✓ Every party rule is kept"))
			}).
				Else(func() app.UI { return violations(c.settings.Lang(), "shared-violations", vs) }),
		),
		app.Button().ID("save-shared").Class("primary wide").Text(c.t("Save to my parties")).OnClick(c.onSaveShared),
		app.Button().ID("use-as-opponent").Class("wide").Text(c.t("Use as opponent")).OnClick(c.onUseAsOpponent),
		app.If(c.detail != nil, func() app.UI { return &CardView{Card: *c.detail, Lang: c.settings.Lang()} }),
	)
}

// place is the party's place while the app starts (opening): the card the party shows in,
// saying it is on its way, and the screen's buttons.
func (c *Shared) place() app.UI {
	return app.Div().Class("shared").Body(
		app.Section().Class("card").ID("shared-party").Body(
			app.H2().Text(c.t("Opening the party…")),
			app.P().Class("muted").Text(c.t("The party in the link shows here once Gnosis has started.")),
		),
		app.Button().ID("save-shared").Class("primary wide").Text(c.t("Save to my parties")),
		app.Button().ID("use-as-opponent").Class("wide").Text(c.t("Use as opponent")),
	)
}

// sharedOpponent is the start screen's choice of the party from a link.
const sharedOpponent = "link"

// onUseAsOpponent keeps the link's party as the next game's opponent, and goes home to
// choose the player's own party.
func (c *Shared) onUseAsOpponent(ctx app.Context, e app.Event) {
	if c.shared == nil {
		return
	}
	opp := *c.shared
	send(ctx, session.ChooseOpponent{Party: &opp})
	send(ctx, session.Navigate{To: screenHome})
}

func (c *Shared) onSaveShared(ctx app.Context, e app.Event) {
	send(ctx, session.AddParty{File: *c.shared, Notice: "Saved %s to your parties.", Open: true})
}
