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

// Papers the party sheet prints on: the value of the paper picker and the CSS named page
// (web/gnosis.css, @page a4 and @page letter) that sets its size.
var papers = []struct{ value, label string }{{"a4", "A4 (210 × 297 mm)"}, {"letter", "Letter (8.5 × 11 in)"}}

// PartySheet is a party on paper, A4 or Letter: every character's numbers, special
// abilities by name and cost, upgrades, pilot, cards and summons, the party's own cards,
// whether every party rule is kept, and a QR code of the party's link, to open it on a phone.
// On screen it is the page as it prints; the print stylesheet leaves out everything else.
// The paper chosen is its own.
type PartySheet struct {
	app.Compo
	page
	cards   session.Cards
	parties session.Parties
	ID      string // the party's
	paper   string // "a4" or "letter"; "" until first drawn: Letter in the United States and Canada, else A4
}

// Render draws the screen.
func (c *PartySheet) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	if c.paper == "" {
		c.paper = defaultPaper()
	}
	sp := c.parties.Get(c.ID)
	p, err := c.cards.Resolve(sp.Party)
	if err != nil {
		return app.P().Class("notice").Role("alert").Text(c.t("This party cannot be read: ") + c.settings.ErrText(err))
	}
	vs := party.CheckParty(p)
	qr := app.UI(app.P().Class("muted small").Text(c.t("This party cannot be shared: ")))
	link, err := share.Link(c.s.base(), sp.Party, c.cards.Catalog())
	if err == nil {
		if svg, err := qrSVG(link, c.t("QR code")+": "+c.t("The party's link")); err == nil {
			qr = app.Div().ID("sheet-qr").Class("sheet-qr").Body(app.Raw(svg), app.P().Text(c.t("Scan to open the party in Gnosis")))
		}
	} else {
		link = ""
	}
	f := p.File
	edition := map[anima.Edition]string{anima.Core: "Core", anima.Alpha: "Alpha"}[f.Edition]
	facts := []string{fmt.Sprintf(c.t("%d / %d levels · %d left"), p.LevelsSpent(), f.Level, p.LevelsLeft()),
		fmt.Sprintf(c.t("Edition: %s"), c.t(edition)), fmt.Sprintf("%s %d", c.t("Gnosis per turn"), anima.GnosisPoints(f.Edition, f.Level))}
	if f.Organization != "" {
		facts = append(facts, fmt.Sprintf(c.t("The %s organization"), anima.OrganizationIn(c.settings.Lang(), f.Organization)))
	}
	return app.Div().Class("sheet-screen").Body(
		app.Section().Class("card no-print").Body(
			app.Label().For("sheet-paper").Text(c.t("Paper")),
			app.Select().ID("sheet-paper").OnChange(func(ctx app.Context, e app.Event) { c.paper = chosen(ctx) }).Body(
				app.Range(papers).Slice(func(i int) app.UI {
					return optionOf(papers[i].value).Selected(papers[i].value == c.paper).Text(c.t(papers[i].label))
				}),
			),
			app.Button().ID("print-sheet").Class("primary wide").Text(c.t("Print")).
				OnClick(func(ctx app.Context, e app.Event) { app.Window().Call("print") }),
			app.P().Class("muted small").Text(c.t("The sheet below is what prints: the app's buttons stay off the paper.")),
		),
		app.Section().ID("party-sheet").Class("party-sheet paper-"+c.paper).Body(
			app.Header().Class("paper-head").Body(
				app.Div().Class("grow").Body(
					app.H1().Text(f.Name),
					app.P().ID("sheet-facts").Text(strings.Join(facts, " · ")),
					app.If(len(vs) == 0 && len(p.Members) > 0, func() app.UI {
						return app.P().ID("sheet-legal").Class("good").Text(c.t("✓ Every party rule is kept"))
					}).Else(func() app.UI { return violations(c.settings.Lang(), "sheet-violations", vs) }),
				),
				qr,
			),
			app.Div().Class("sheet-cards").Body(app.Range(p.Members).Slice(func(i int) app.UI {
				return c.member(p.Members[i], f.Characters[i])
			})),
			app.If(len(p.Advantages) > 0, func() app.UI {
				return app.Section().ID("sheet-party-cards").Class("sheet-card").Body(
					app.H2().Text(c.t("Party cards")),
					app.Ul().Body(app.Range(p.Advantages).Slice(func(i int) app.UI {
						return app.Li().Text(advantageLabel(c.settings.Lang(), p.Advantages[i]))
					})),
				)
			}),
			app.P().ID("sheet-link").Class("sheet-link").Text(link),
		),
	)
}

// member is one character of the party on the sheet: its card's numbers and abilities, and
// what the party gave it.
func (c *PartySheet) member(m party.Member, e party.PartyEntry) app.UI {
	card := m.Card
	who := whoLine(c.settings.Lang(), card)
	if e.Printing != "" {
		who = append(who, fmt.Sprintf(c.t("Printing: %s"), e.Printing.In(c.settings.Lang())))
	}
	var got []string
	if m.Pilot != nil {
		got = append(got, fmt.Sprintf(c.t("Pilot: %s"), m.Pilot.Name))
	}
	for _, u := range m.Upgrades {
		line := fmt.Sprintf("+ %s · %s", u.Name, c.n(u.Level, "%d level", "%d levels"))
		if u.Change != "" {
			line += " (" + anima.ChangeIn(u.Change, c.settings.Lang()) + ")"
		}
		got = append(got, line)
	}
	for _, a := range m.Advantages {
		got = append(got, advantageLabel(c.settings.Lang(), a))
	}
	return app.Section().Class("sheet-card").Body(
		app.H2().Body(app.Span().Class("grow").Text(card.Name), app.Span().Class("sheet-level").Text(c.n(card.Level, "%d level", "%d levels"))),
		app.P().Class("sheet-who").Text(strings.Join(who, " · ")),
		c.stats(card),
		c.abilities(card),
		app.If(len(got) > 0, func() app.UI {
			return app.Ul().Class("sheet-got").Body(app.Range(got).Slice(func(i int) app.UI { return app.Li().Text(got[i]) }))
		}),
		app.Range(m.Summons).Slice(func(i int) app.UI {
			s := m.Summons[i]
			return app.Div().Class("sheet-summon").Body(
				app.H3().Text(fmt.Sprintf("↳ %s · %s", s.Name, c.n(s.Level, "%d level", "%d levels"))),
				c.stats(s),
				c.abilities(s),
			)
		}),
	)
}

// stats are a card's numbers, those it has, as a compact grid of labels and values.
func (c *PartySheet) stats(card anima.Card) app.UI {
	facts := cardFacts(c.settings.Lang(), card)
	return app.Div().Class("sheet-stats").Body(app.Range(facts).Slice(func(i int) app.UI {
		return app.Div().Body(app.Span().Text(facts[i][0]), app.Strong().Text(facts[i][1]))
	}))
}

// abilities are a card's special abilities by name and cost, its powers and capabilities.
func (c *PartySheet) abilities(card anima.Card) app.UI {
	var lines []app.UI
	for _, a := range card.Abilities {
		lines = append(lines, app.Li().Text(abilityText(c.settings.Lang(), a)))
	}
	if len(card.Powers) > 0 {
		lines = append(lines, app.Li().Body(app.Strong().Text(c.t("Powers: ")), app.Text(strings.Join(card.Powers, ", "))))
	}
	if len(card.Capabilities) > 0 {
		lines = append(lines, app.Li().Body(app.Strong().Text(c.t("Capabilities: ")), app.Text(capabilities(c.settings.Lang(), card.Capabilities))))
	}
	return app.Ul().Class("sheet-abilities").Body(lines...)
}

// defaultPaper is the paper most printers near the player hold: Letter in the United States
// and Canada (by the browser's language), A4 elsewhere.
func defaultPaper() string {
	lang := app.Window().Get("navigator").Get("language").String()
	if strings.HasSuffix(lang, "-US") || strings.HasSuffix(lang, "-CA") {
		return "letter"
	}
	return "a4"
}
