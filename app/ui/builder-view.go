package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
	"gnosis/engine/catalog"
)

// encounterLevels are the levels offered by the builder (R-PARTY-1, R-PARTY-2).
var encounterLevels = []int{100, 150, 200, 250, 300, 350, 400, 450, 500, 600}

// builder edits one party: name, edition, encounter level, its characters, and the catalog
// to add from, with the levels left always in view.
func (c *Root) builder() app.UI {
	sp := c.party()
	p, err := c.resolve(sp.Party)
	if err != nil {
		return app.P().Class("notice").Text(err.Error())
	}
	left := p.LevelsLeft()
	pct := 0
	if p.File.Level > 0 {
		pct = min(100, 100*p.LevelsSpent()/p.File.Level)
	}
	budget := fmt.Sprintf("%d / %d levels · %d left", p.LevelsSpent(), p.File.Level, left)
	if left < 0 {
		budget = fmt.Sprintf("%d / %d levels · %d over (R-PARTY-3: remove a character or raise the level)", p.LevelsSpent(), p.File.Level, -left)
	}
	return app.Div().Class("builder").Body(
		app.Section().Class("card").Body(
			app.Label().Class("field").Body(
				app.Span().Text("Name"),
				app.Input().ID("party-name").Type("text").Value(sp.Party.Name).MaxLength(60).
					OnChange(func(ctx app.Context, e app.Event) {
						if v := strings.TrimSpace(ctx.JSSrc().Get("value").String()); v != "" {
							c.editParty(func(f *engine.PartyFile) { f.Name = v })
						}
					}),
			),
			app.Div().Class("row").Body(
				app.Label().Class("field grow").Body(
					app.Span().Text("Encounter level"),
					app.Select().ID("party-level").OnChange(func(ctx app.Context, e app.Event) {
						if v, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
							c.editParty(func(f *engine.PartyFile) { f.Level = v })
						}
					}).Body(app.Range(encounterLevels).Slice(func(i int) app.UI {
						l := encounterLevels[i]
						return app.Option().Value(strconv.Itoa(l)).Selected(l == p.File.Level).Text(strconv.Itoa(l))
					})),
				),
				app.Label().Class("field grow").Body(
					app.Span().Text("Edition"),
					app.Select().ID("party-edition").OnChange(func(ctx app.Context, e app.Event) {
						c.editParty(func(f *engine.PartyFile) { f.Edition = engine.Edition(ctx.JSSrc().Get("value").String()) })
					}).Body(
						app.Option().Value(string(engine.Core)).Selected(p.File.Edition == engine.Core).Text("Core"),
						app.Option().Value(string(engine.Alpha)).Selected(p.File.Edition == engine.Alpha).Text("Alpha"),
					),
				),
			),
		),
		app.Section().Class("card budget").ID("budget").Body(
			app.Div().Class("meter").Body(app.Div().Class("fill").Class(map[bool]string{true: "over"}[left < 0]).Style("width", fmt.Sprintf("%d%%", pct))),
			app.P().ID("levels-left").Class(map[bool]string{true: "bad"}[left < 0]).Text(budget),
			app.Ul().Class("chips").ID("party-members").Body(app.Range(p.Cards).Slice(func(i int) app.UI {
				card := p.Cards[i]
				return app.Li().Class("chip").Body(
					app.Span().Text(fmt.Sprintf("%s · %d", card.Name, card.Level)),
					app.Button().Class("icon").Aria("label", "Remove "+card.Name).Text("✕").
						OnClick(func(ctx app.Context, e app.Event) { c.removeMember(i) }, app.EventScope(i)),
				)
			})),
			app.Button().ID("start-game").Class("primary wide").Text("Start a game").Disabled(len(p.Cards) == 0).
				OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, screenStart+sp.ID) }),
		),
		c.catalogList(p),
	)
}

func (c *Root) catalogList(p engine.Party) app.UI {
	cards := c.cat.Filter(catalog.Query{Text: c.search, Organization: c.organization, Faction: engine.Faction(c.faction)})
	in := map[string]bool{}
	for _, card := range p.Cards {
		in[card.Name] = true
	}
	orgs := c.cat.Organizations()
	return app.Section().Class("catalog").Body(
		app.H2().Text("Catalog"),
		app.Input().ID("catalog-search").Type("search").Placeholder("Search by name").Aria("label", "Search the catalog by name").
			Value(c.search).OnInput(func(ctx app.Context, e app.Event) { c.search = ctx.JSSrc().Get("value").String() }),
		app.Div().Class("row").Body(
			app.Select().ID("filter-organization").Class("grow").Aria("label", "Organization").
				OnChange(func(ctx app.Context, e app.Event) { c.organization = ctx.JSSrc().Get("value").String() }).
				Body(
					app.Option().Value("").Selected(c.organization == "").Text("All organizations"),
					app.Range(orgs).Slice(func(i int) app.UI {
						return app.Option().Value(orgs[i]).Selected(orgs[i] == c.organization).Text(orgs[i])
					}),
				),
			app.Select().ID("filter-faction").Class("grow").Aria("label", "Faction").
				OnChange(func(ctx app.Context, e app.Event) { c.faction = ctx.JSSrc().Get("value").String() }).
				Body(
					app.Option().Value("").Selected(c.faction == "").Text("All factions"),
					app.Range(factions).Slice(func(i int) app.UI {
						f := string(factions[i])
						return app.Option().Value(f).Selected(f == c.faction).Text(f)
					}),
				),
		),
		app.P().Class("muted small").Text(plural(len(cards), "character", "characters")),
		app.Ul().Class("list").ID("catalog-list").Body(app.Range(cards).Slice(func(i int) app.UI {
			card := cards[i]
			taken := in[card.Name] && !card.Agent
			return app.Li().Class("catalog-item").Body(
				app.Div().Class("grow").Body(
					app.Strong().Text(card.Name),
					app.Div().Class("muted small").Text(cardLine(card)),
				),
				app.Span().Class("level").Text(strconv.Itoa(card.Level)),
				app.Button().Class("add").Text(map[bool]string{true: "Added", false: "Add"}[taken]).Disabled(taken).
					Aria("label", "Add "+card.Name).
					OnClick(func(ctx app.Context, e app.Event) { c.addMember(card.Name) }, app.EventScope(card.ID)),
			)
		})),
	)
}

var factions = []engine.Faction{engine.Light, engine.Darkness, engine.Unaligned}

// cardLine is a one-line summary of a card's numbers, in the card's order.
func cardLine(card engine.Card) string {
	var who []string
	for _, x := range []string{card.Organization, string(card.Faction)} {
		if x != "" {
			who = append(who, x)
		}
	}
	for _, k := range card.Categories {
		who = append(who, string(k))
	}
	rec := strconv.Itoa(card.Recovery)
	if card.RecoveryVaries {
		rec = "pilot"
	}
	return fmt.Sprintf("%s · Atk %s Dmg %s Def %s Arm %s LP %s · %d/%s actions",
		strings.Join(who, " · "), card.Attack, card.Damage, card.Defense, card.Armor, card.LP, card.Actions, rec)
}

func (c *Root) editParty(edit func(*engine.PartyFile)) {
	sp := c.party()
	if sp == nil {
		return
	}
	edit(&sp.Party)
	c.saveParties()
}

func (c *Root) addMember(name string) {
	c.editParty(func(f *engine.PartyFile) {
		f.Characters = append(f.Characters, engine.PartyEntry{Name: name})
	})
}

func (c *Root) removeMember(i int) {
	c.editParty(func(f *engine.PartyFile) {
		if i >= 0 && i < len(f.Characters) {
			f.Characters = append(f.Characters[:i:i], f.Characters[i+1:]...)
		}
	})
}
