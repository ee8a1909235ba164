package ui

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
)

// encounterLevels are the levels offered by the builder (R-PARTY-1, R-PARTY-2).
var encounterLevels = []int{100, 150, 200, 250, 300, 350, 400, 450, 500, 600}

// maxLevels are the catalog's level filter choices.
var maxLevels = []int{30, 35, 40, 45, 50, 60, 75, 100}

var (
	factions   = []anima.Faction{anima.Light, anima.Darkness, anima.Unaligned}
	categories = []anima.Category{anima.Fighter, anima.Mystic, anima.Prowler}
)

// Builder edits one party: its settings, the budget with every count the rules limit, its
// characters with what is assigned to them, the party's advantage cards, and the catalog
// to add from, with its own filters. Every violation of R-PARTY-1..10 shows beside what it
// concerns.
type Builder struct {
	app.Compo
	page
	cards   session.Cards
	parties session.Parties
	ID      string // the party's

	search       string
	organization string
	faction      string
	category     string
	maxLevel     int
	confirm      bool        // the delete button was tapped once
	detail       *anima.Card // the card shown over the screen
}

// OnMount observes the Session.
func (c *Builder) OnMount(ctx app.Context) {
	c.observe(ctx)
	ctx.Handle(actCloseCard, func(ctx app.Context, a app.Action) { c.detail = nil })
}

// Render draws the screen.
func (c *Builder) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	sp := c.parties.Get(c.ID)
	p, err := c.cards.Resolve(sp.Party)
	if err != nil {
		return app.Div().Body(
			app.P().Class("notice").Role("alert").Text(c.t("This party cannot be read: ")+c.settings.ErrText(err)),
			c.partySettings(sp.Party),
		)
	}
	vs := party.CheckParty(p)
	byEntry := map[int][]party.Violation{}
	for _, v := range vs {
		byEntry[v.Entry] = append(byEntry[v.Entry], v)
	}
	return app.Div().Class("builder").Body(
		c.partySettings(sp.Party),
		c.budget(p, byEntry[party.NoEntry], len(vs)),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Characters")),
			app.If(len(p.Members) == 0, func() app.UI { return app.P().Class("muted").Text(c.t("Add characters from the catalog below.")) }),
			app.Ul().Class("members").ID("party-members").Body(app.Range(p.Members).Slice(func(i int) app.UI {
				return c.member(p, i, byEntry[i])
			})),
			c.partyAdvantages(p),
			app.Div().Class("row").Body(
				app.Button().ID("share-party").Class("grow").Text(c.t("Share")).Disabled(len(p.Members) == 0).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenShare + c.ID}) }),
				app.Button().ID("start-game").Class("primary grow").Text(c.t("Start a game")).Disabled(len(p.Members) == 0).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenStart + c.ID}) }),
			),
		),
		c.catalogList(p),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Party file")),
			app.A().ID("export-party").Class("button wide").Href(partyFileURL(sp.Party)).
				Attr("download", fileName(sp.Party.Name)+".json").Text(c.t("Export the party file")),
			app.Button().ID("print-party").Class("wide").Text(c.t("Print the party sheet")).Disabled(len(p.Members) == 0).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenSheet + c.ID}) }),
			app.Button().ID("delete-party").Class("wide danger").
				Text(map[bool]string{true: fmt.Sprintf(c.t("Tap again to delete %s"), sp.Party.Name), false: c.t("Delete this party")}[c.confirm]).
				OnClick(func(ctx app.Context, e app.Event) {
					if !c.confirm {
						c.confirm = true
						return
					}
					c.confirm = false
					send(ctx, session.DeleteParty{ID: c.ID})
					send(ctx, session.Navigate{To: screenHome})
				}),
		),
		app.If(c.detail != nil, func() app.UI { return &CardView{Card: *c.detail, Lang: c.settings.Lang()} }),
	)
}

// partyFileURL is a data: URL of the party file, for a download link.
func partyFileURL(f party.PartyFile) string {
	b, _ := json.MarshalIndent(f, "", " ")
	return "data:application/json;charset=utf-8," + url.PathEscape(string(b))
}

// fileName makes a party name safe as a file name.
func fileName(name string) string {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '-'
		}
		return r
	}, strings.TrimSpace(name))
	if name == "" {
		return "party"
	}
	return name
}

func (c *Builder) partySettings(f party.PartyFile) app.UI {
	orgs := c.organizations()
	return app.Section().Class("card").Body(
		app.Label().Class("field").Body(
			app.Span().Text(c.t("Name")),
			app.Input().ID("party-name").Type("text").Value(f.Name).MaxLength(60).
				OnChange(func(ctx app.Context, e app.Event) {
					if v := strings.TrimSpace(ctx.JSSrc().Get("value").String()); v != "" {
						c.editParty(ctx, func(f *party.PartyFile) { f.Name = v })
					}
				}),
		),
		app.Div().Class("row").Body(
			app.Label().Class("field grow").Body(
				app.Span().Text(c.t("Encounter level")),
				app.Select().ID("party-level").OnChange(func(ctx app.Context, e app.Event) {
					if v, err := strconv.Atoi(ctx.JSSrc().Get("value").String()); err == nil {
						c.editParty(ctx, func(f *party.PartyFile) { f.Level = v })
					}
				}).Body(app.Range(encounterLevels).Slice(func(i int) app.UI {
					l := encounterLevels[i]
					return optionOf(strconv.Itoa(l)).Selected(l == f.Level).Text(strconv.Itoa(l))
				})),
			),
			app.Label().Class("field grow").Body(
				app.Span().Text(c.t("Edition")),
				app.Select().ID("party-edition").OnChange(func(ctx app.Context, e app.Event) {
					c.editParty(ctx, func(f *party.PartyFile) { f.Edition = anima.Edition(ctx.JSSrc().Get("value").String()) })
				}).Body(
					optionOf(string(anima.Core)).Selected(f.Edition == anima.Core).Text(c.t("Core")),
					optionOf(string(anima.Alpha)).Selected(f.Edition == anima.Alpha).Text(c.t("Alpha")),
				),
			),
		),
		app.Label().Class("field").Body(
			app.Span().Text(c.t("Party of")),
			app.Select().ID("party-organization").OnChange(func(ctx app.Context, e app.Event) {
				c.editParty(ctx, func(f *party.PartyFile) { f.Organization = chosen(ctx) })
			}).Body(
				optionOf("").Selected(f.Organization == "").Text(c.t("A faction (Light or Darkness, with Unaligned)")),
				app.Range(orgs).Slice(func(i int) app.UI {
					return optionOf(orgs[i]).Selected(strings.EqualFold(orgs[i], f.Organization)).Text(fmt.Sprintf(c.t("The %s organization"), anima.OrganizationIn(c.settings.Lang(), orgs[i])))
				}),
			),
		),
	)
}

// organizations are the organizations a party can be built around: the seven of R-CARD-2
// and any other the cards name (Wanderers are not one).
func (c *Builder) organizations() []string {
	out := append([]string(nil), anima.Organizations...)
	for _, o := range c.cards.Catalog().Organizations() {
		if !slices.ContainsFunc(out, func(x string) bool { return strings.EqualFold(x, o) }) {
			out = append(out, o)
		}
	}
	sort.Strings(out)
	return out
}

// budget shows the counts the rules limit, the party-wide violations vs, and whether all
// total violations are none.
func (c *Builder) budget(p party.Party, vs []party.Violation, total int) app.UI {
	f := p.File
	left := p.LevelsLeft()
	pct := min(100, 100*p.LevelsSpent()/max(1, f.Level))
	stat := func(id, label string, have, limit int) app.UI {
		return app.Li().ID(id).Class(map[bool]string{true: "bad"}[have > limit]).Body(
			app.Span().Class("muted small").Text(label), app.Strong().Text(fmt.Sprintf("%d / %d", have, limit)))
	}
	return app.Section().Class("card budget").ID("budget").Body(
		app.Div().Class("meter").Body(app.Div().Class("fill").Class(map[bool]string{true: "over"}[left < 0]).Style("width", fmt.Sprintf("%d%%", pct))),
		app.P().ID("levels-left").Class(map[bool]string{true: "bad"}[left < 0]).Text(c.levelsText(p)),
		app.Ul().Class("stats").Body(
			stat("budget-ap", c.t("Advantage points"), p.AdvantagePointsSpent(), p.AdvantagePoints()),
			stat("budget-cards", c.t("Advantage cards"), p.AdvantageCards(), p.Starting()),
			stat("budget-leaders", c.t("Leaders"), p.Leaders(), anima.LeadersAllowed(f.Edition, f.Level)),
			stat("budget-agents", c.t("Agents"), p.Agents(), anima.AgentsAllowed(f.Level)),
			app.If(f.Organization != "", func() app.UI {
				n := 0
				for _, a := range p.Advantages {
					if a.Group == anima.OrganizationAdvantage {
						n++
					}
				}
				return stat("budget-org", c.t("Organization adv."), n, anima.OrganizationAdvantagesAllowed(f.Level))
			}),
			app.Li().Body(app.Span().Class("muted small").Text(c.t("Gnosis per turn")), app.Strong().Text(strconv.Itoa(anima.GnosisPoints(f.Edition, f.Level)))),
		),
		app.If(len(vs) > 0, func() app.UI { return violations(c.settings.Lang(), "party-violations", vs) }),
		app.If(total > 0, func() app.UI {
			return app.P().ID("party-broken").Class("bad small").Text(c.n(total, "%d party rule broken: see below", "%d party rules broken: see below"))
		}),
		app.If(total == 0 && len(p.Members) > 0, func() app.UI {
			return app.P().ID("party-legal").Class("good small").Text(c.t("✓ Every party rule is kept"))
		}),
	)
}

// levelsText is the party's levels: spent, the encounter level, and what is left or over.
func (c *Builder) levelsText(p party.Party) string {
	if left := p.LevelsLeft(); left < 0 {
		return fmt.Sprintf(c.t("%d / %d levels · %d over"), p.LevelsSpent(), p.File.Level, -left)
	}
	return fmt.Sprintf(c.t("%d / %d levels · %d left"), p.LevelsSpent(), p.File.Level, p.LevelsLeft())
}

// member is one character of the party with its pilot, cards and summons.
func (c *Builder) member(p party.Party, i int, vs []party.Violation) app.UI {
	m := p.Members[i]
	entry := p.File.Characters[i]
	card := m.Card
	label := fmt.Sprintf("%s · %d", card.Name, card.Level)
	if m.Pilot != nil {
		label = fmt.Sprintf(c.t("%s with %s · %d"), card.Name, m.Pilot.Name, card.Level)
	}
	var gear anima.Card
	if base, ok := c.cards.Catalog().Character(entry.Name); ok && entry.Card == nil {
		gear = base
	}
	offer := c.upgradeOffer(gear, m.Upgrades)
	return app.Li().Class("member").ID(fmt.Sprintf("m-%d", i)).Class(map[bool]string{true: "has-violation"}[len(vs) > 0]).Body(
		app.Div().Class("row").Body(
			app.Button().Class("link grow").Text(label).Aria("label", fmt.Sprintf(c.t("Show the card of %s"), card.Name)).
				OnClick(func(ctx app.Context, e app.Event) { c.detail = &card }, app.EventScope(i, card.Name, card.Level, card.Printing, len(m.Upgrades))),
			app.Button().Class("icon").Aria("label", fmt.Sprintf(c.t("Remove %s"), card.Name)).Text("✕").
				OnClick(func(ctx app.Context, e app.Event) { c.removeMember(ctx, i) }, app.EventScope(i)),
		),
		app.If(gear.RecoveryVaries, func() app.UI { return c.pilotPicker(i, gear, entry.Pilot) }),
		app.If(len(gear.Printings()) > 0, func() app.UI { return c.printingPicker(i, gear, entry.Printing) }),
		app.Div().Class("chips").Body(
			app.Range(m.Advantages).Slice(func(j int) app.UI {
				a := m.Advantages[j]
				return c.takeChip("chip", fmt.Sprintf("%s · %d", a.Name, a.Cost), a.Name, card.Name, takeAdvantage, i, j)
			}),
			app.Range(m.Upgrades).Slice(func(j int) app.UI {
				u := m.Upgrades[j]
				return c.takeChip("chip upgrade", fmt.Sprintf("+ %s · %d", u.Name, u.Level), u.Name, card.Name, takeUpgrade, i, j)
			}),
			app.Range(m.Summons).Slice(func(j int) app.UI {
				s := m.Summons[j]
				return c.takeChip("chip summon", fmt.Sprintf("↳ %s · %d", s.Name, s.Level), s.Name, card.Name, takeSummon, i, j)
			}),
		),
		app.If(len(offer) > 0, func() app.UI { return c.upgradePicker(p, i, gear, offer) }),
		c.advantagePicker(i, card),
		app.If(card.SummonerLevel > 0, func() app.UI { return c.summonPicker(i, card) }),
		app.If(len(vs) > 0, func() app.UI { return violations(c.settings.Lang(), fmt.Sprintf("m-%d-violations", i), vs) }),
	)
}

func (c *Builder) pilotPicker(i int, gear anima.Card, current string) app.UI {
	pilots := c.cards.Catalog().PilotsFor(gear.Name)
	return app.Select().Class("pilot").Aria("label", fmt.Sprintf(c.t("Pilot of %s"), gear.Name)).
		OnChange(func(ctx app.Context, e app.Event) {
			v := chosen(ctx)
			c.editParty(ctx, func(f *party.PartyFile) { f.Characters[i].Pilot = v })
		}, app.EventScope(i, gear.Name)).
		Body(
			optionOf("").Selected(current == "").Text(c.t("Choose a pilot (sets level and Recovery)")),
			app.Range(pilots).Slice(func(j int) app.UI {
				pl := pilots[j]
				return optionOf(pl.Name).Selected(strings.EqualFold(pl.Name, current)).
					Text(fmt.Sprintf(c.t("%s · +%d levels · Recovery %d"), pl.Name, pl.Level, pl.Recovery))
			}),
		)
}

// printingPicker pins a catalog card printed differently by the two sources to one of them.
func (c *Builder) printingPicker(i int, card anima.Card, current anima.Printing) app.UI {
	others := slices.DeleteFunc(card.Printings(), func(p anima.Printing) bool { return p == anima.DefaultPrinting })
	return app.Select().Class("printing").Aria("label", fmt.Sprintf(c.t("Printing of %s"), card.Name)).
		OnChange(func(ctx app.Context, e app.Event) {
			v := anima.Printing(chosen(ctx))
			c.editParty(ctx, func(f *party.PartyFile) { f.Characters[i].Printing = v })
		}, app.EventScope(i, card.Name)).
		Body(
			optionOf("").Selected(current == "").Text(fmt.Sprintf(c.t("Printing: %s (default)"), anima.DefaultPrinting.In(c.settings.Lang()))),
			app.Range(others).Slice(func(j int) app.UI {
				pr := others[j]
				return optionOf(string(pr)).Selected(pr == current).Text(fmt.Sprintf(c.t("Printing: %s"), pr.In(c.settings.Lang())))
			}),
		)
}

// upgradeOffer lists the upgrades a catalog character may still buy: not bought yet, and a
// nested one only with its parent; by group (skills, leaders, modifications), then by name.
func (c *Builder) upgradeOffer(card anima.Card, bought []anima.Upgrade) []anima.Upgrade {
	if card.Name == "" {
		return nil
	}
	var offer []anima.Upgrade
	for _, u := range c.cards.Catalog().Upgrades(card.Name) {
		if !slices.ContainsFunc(bought, func(b anima.Upgrade) bool { return b.ID == u.ID }) &&
			(u.Requires == "" || slices.ContainsFunc(bought, func(b anima.Upgrade) bool { return strings.EqualFold(b.Name, u.Requires) })) {
			offer = append(offer, u)
		}
	}
	slices.SortStableFunc(offer, func(a, b anima.Upgrade) int {
		return cmp.Or(strings.Compare(a.Group, b.Group), strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)))
	})
	return offer
}

// upgradeBreaks is, for each upgrade of offer, the first rule that buying it for member i of
// p would break (party.Adding.Broken), or "".
func (c *Builder) upgradeBreaks(p party.Party, i int, offer []anima.Upgrade) []string {
	broken := make([]string, len(offer))
	adding := party.NewAdding(p) // p's own violations, checked once
	for j, u := range offer {
		f := p.File
		f.Characters = slices.Clone(f.Characters)
		f.Characters[i].Upgrades = append(slices.Clone(f.Characters[i].Upgrades), u.Name)
		if after, err := c.cards.Resolve(f); err == nil {
			if vs := adding.Broken(after); len(vs) > 0 {
				broken[j] = vs[0].Rule
			}
		}
	}
	return broken
}

// upgradePicker buys one of offer on member i of p, a catalog character: an agent's skill, an
// optional leader's upgrade, a modification (R-PARTY-1: its levels are paid with the
// character's). An upgrade that would break a rule the party keeps (party.Adding.Broken: its levels
// past the party's, R-PARTY-3) is offered greyed out, with that rule.
func (c *Builder) upgradePicker(p party.Party, i int, card anima.Card, offer []anima.Upgrade) app.UI {
	broken := c.upgradeBreaks(p, i, offer)
	return app.Select().Class("give-upgrade").Aria("label", fmt.Sprintf(c.t("Buy an upgrade for %s"), card.Name)).
		OnChange(func(ctx app.Context, e app.Event) {
			name := chosen(ctx)
			ctx.JSSrc().Set("value", none)
			if name == "" {
				return
			}
			c.editParty(ctx, func(f *party.PartyFile) {
				f.Characters[i].Upgrades = append(f.Characters[i].Upgrades, name)
			})
		}, app.EventScope(i)).
		Body(
			optionOf("").Selected(true).Text(c.t("+ Upgrade (skill, leader, modification)")),
			app.Range(offer).Slice(func(j int) app.UI {
				u := offer[j]
				label := fmt.Sprintf("%s · +%d", u.Name, u.Level)
				if u.Change != "" {
					label += " · " + anima.ChangeIn(u.Change, c.settings.Lang())
				}
				if u.Leader {
					label += " · " + c.t("Leader")
				}
				if broken[j] != "" {
					label += " · " + broken[j]
				}
				return optionOf(u.Name).Disabled(broken[j] != "").Text(label)
			}),
		)
}

// assignable lists the Equipment and Power cards (the catalog's and the player's own) that
// fit the card (R-PARTY-9).
func (c *Builder) assignable(card anima.Card) []anima.AdvantageCard {
	var out []anima.AdvantageCard
	for _, a := range append(c.cards.Catalog().Advantages(), c.cards.Own().Advantages...) {
		if a.Group.Assigned() && a.Fits(card) {
			out = append(out, a)
		}
	}
	return byName(out)
}

// byName sorts advantage cards by name, as a player looks them up.
func byName(cards []anima.AdvantageCard) []anima.AdvantageCard {
	sort.SliceStable(cards, func(i, j int) bool { return strings.ToLower(cards[i].Name) < strings.ToLower(cards[j].Name) })
	return cards
}

func (c *Builder) advantagePicker(i int, card anima.Card) app.UI {
	cards := c.assignable(card)
	return app.Select().Class("give-advantage").Aria("label", fmt.Sprintf(c.t("Give %s an equipment or power card"), card.Name)).
		OnChange(func(ctx app.Context, e app.Event) {
			a, ok := c.advantageNamed(chosen(ctx))
			ctx.JSSrc().Set("value", none)
			if !ok {
				return
			}
			c.editParty(ctx, func(f *party.PartyFile) {
				f.Characters[i].Advantages = append(f.Characters[i].Advantages, advantageRef(a))
			})
		}, app.EventScope(i)).
		Body(
			optionOf("").Selected(true).Text(c.t("+ Equipment or power")),
			app.Range(cards).Slice(func(j int) app.UI {
				a := cards[j]
				return optionOf(advantageKey(a)).Text(advantageLabel(c.settings.Lang(), a))
			}),
		)
}

// summonPicker offers the summons of an element the summoner has affinity with (R-PARTY-10):
// the catalog's, then the player's own.
func (c *Builder) summonPicker(i int, card anima.Card) app.UI {
	var summons []anima.Card
	for _, s := range append(c.cards.Catalog().Summons(), c.cards.Own().Characters...) {
		if s.IsSummon() && slices.ContainsFunc(s.Affinity, card.HasAffinity) {
			summons = append(summons, s)
		}
	}
	if len(summons) == 0 {
		return app.P().Class("muted small").Text(fmt.Sprintf(c.t("Summoner level %d (%s). Add summon cards in My cards to assign them."), card.SummonerLevel, affinities(c.settings.Lang(), card.Affinity)))
	}
	return app.Select().Class("give-summon").Aria("label", fmt.Sprintf(c.t("Assign a summon to %s"), card.Name)).
		OnChange(func(ctx app.Context, e app.Event) {
			s, ok := c.characterNamed(chosen(ctx))
			ctx.JSSrc().Set("value", none)
			if !ok {
				return
			}
			ref := party.CardRef{Card: &s}
			if s.ID > 0 {
				ref = party.CardRef{Name: s.Name}
			}
			c.editParty(ctx, func(f *party.PartyFile) {
				f.Characters[i].Summons = append(f.Characters[i].Summons, ref)
			})
		}, app.EventScope(i, card.Name)).
		Body(
			optionOf("").Selected(true).Text(fmt.Sprintf(c.t("+ Summon (level %d summoner)"), card.SummonerLevel)),
			app.Range(summons).Slice(func(j int) app.UI {
				s := summons[j]
				label := fmt.Sprintf("%s (%s) · %d", s.Name, affinities(c.settings.Lang(), s.Affinity), s.Level)
				if s.ID == 0 {
					label = fmt.Sprintf(c.t("%s (my card)"), label)
				}
				return optionOf(characterKey(s)).Text(label)
			}),
		)
}

// advantageRef names a catalog card, or inlines a player's own card so that the party
// carries it wherever it goes.
func advantageRef(a anima.AdvantageCard) party.AdvantageRef {
	if a.ID > 0 {
		return party.AdvantageRef{Name: a.Name}
	}
	return party.AdvantageRef{Card: &a}
}

// ownKey marks a picker's option of the player's own card, before its name; the catalog's
// cards are named alone. A handler finds the card by its option when it runs, so a picker
// whose options changed since it was first drawn gives what the player chose.
const ownKey = "own:"

// advantageKey is the option value of an Equipment, Power, Plot, Team or organization card.
func advantageKey(a anima.AdvantageCard) string {
	if a.ID > 0 {
		return a.Name
	}
	return ownKey + a.Name
}

// advantageNamed is the card advantageKey named, as the catalog or the player's own cards
// hold it now.
func (c *Builder) advantageNamed(key string) (anima.AdvantageCard, bool) {
	if name, own := strings.CutPrefix(key, ownKey); own {
		for _, a := range c.cards.Own().Advantages {
			if a.Name == name {
				return a, true
			}
		}
		return anima.AdvantageCard{}, false
	}
	return c.cards.Catalog().Advantage(key)
}

// characterKey is the option value, or the button's key, of a character or summon card.
func characterKey(card anima.Card) string {
	if card.ID > 0 {
		return card.Name
	}
	return ownKey + card.Name
}

// characterNamed is the character or summon card characterKey named, as the catalog or the
// player's own cards hold it now.
func (c *Builder) characterNamed(key string) (anima.Card, bool) {
	if name, own := strings.CutPrefix(key, ownKey); own {
		for _, card := range c.cards.Own().Characters {
			if card.Name == name {
				return card, true
			}
		}
		return anima.Card{}, false
	}
	if card, ok := c.cards.Catalog().Character(key); ok {
		return card, true
	}
	return c.cards.Catalog().Summon(key)
}

// partyAdvantages are the Plot, Team and organization advantages kept with the party.
func (c *Builder) partyAdvantages(p party.Party) app.UI {
	var offer []anima.AdvantageCard
	for _, a := range append(c.cards.Catalog().Advantages(), c.cards.Own().Advantages...) {
		switch {
		case a.Group == anima.OrganizationAdvantage:
			if p.File.Organization != "" && strings.EqualFold(a.Organization, p.File.Organization) {
				offer = append(offer, a)
			}
		case !a.Group.Assigned():
			offer = append(offer, a)
		}
	}
	offer = byName(offer)
	return app.Div().Class("party-advantages").Body(
		app.H2().Text(c.t("Party cards")),
		app.Div().Class("chips").ID("party-advantages").Body(app.Range(p.Advantages).Slice(func(j int) app.UI {
			a := p.Advantages[j]
			return app.Span().Class("chip").Body(
				app.Span().Text(fmt.Sprintf("%s · %s · %d", a.Name, a.Group, a.Cost)),
				app.Button().Class("icon").Aria("label", fmt.Sprintf(c.t("Remove %s"), a.Name)).Text("✕").
					OnClick(func(ctx app.Context, e app.Event) {
						c.editParty(ctx, func(f *party.PartyFile) { f.Advantages = removeAt(f.Advantages, j) })
					}, app.EventScope(j, a.Name)),
			)
		})),
		app.Select().ID("add-advantage").Aria("label", c.t("Add a plot, team or organization card to the party")).
			OnChange(func(ctx app.Context, e app.Event) {
				a, ok := c.advantageNamed(chosen(ctx))
				ctx.JSSrc().Set("value", none)
				if !ok {
					return
				}
				c.editParty(ctx, func(f *party.PartyFile) { f.Advantages = append(f.Advantages, advantageRef(a)) })
			}).
			Body(
				optionOf("").Selected(true).Text(c.t("+ Plot, team or organization card")),
				app.Range(offer).Slice(func(j int) app.UI {
					a := offer[j]
					return optionOf(advantageKey(a)).Text(advantageLabel(c.settings.Lang(), a))
				}),
			),
	)
}

// catalogList is the catalog to add from, with the player's own cards, sorted by name. A
// party of an organization shows that organization and the Wanderers unless another filter
// is chosen (R-PARTY-7); leaders, agents and summoners are marked; a card that would break a
// rule is greyed out with the reason (party.Adding.Check); it can still be added, knowingly,
// and its violations then show beside it. The party's levels stay pinned above the list
// while adding.
func (c *Builder) catalogList(p party.Party) app.UI {
	cards := c.catalogCards(p.File.Organization)
	in := map[string]bool{}
	for _, m := range p.Members {
		in[strings.ToLower(m.Card.Name)] = true
	}
	adding := party.NewAdding(p)
	return app.Section().Class("catalog").Body(
		app.H2().Text(c.t("Catalog")),
		app.Div().ID("budget-pin").Class("budget-pin").Role("status").Text(c.levelsText(p)),
		app.Input().ID("catalog-search").Type("search").Placeholder(c.t("Search by name")).Aria("label", c.t("Search the catalog by name")).
			Value(c.search).OnInput(func(ctx app.Context, e app.Event) { c.search = ctx.JSSrc().Get("value").String() }),
		c.filters(p.File.Organization),
		app.P().Class("muted small").Text(c.n(len(cards), "%d character", "%d characters")),
		app.Ul().Class("list").ID("catalog-list").Body(app.Range(cards).Slice(func(i int) app.UI {
			card := cards[i]
			return c.catalogItem(p, card, in[strings.ToLower(card.Name)] && !card.Agent, adding)
		})),
	)
}

// catalogCards are the catalog's characters and the player's own the filters let through,
// by name; a party of an organization shows that organization's and the Wanderers unless
// another organization is chosen (R-PARTY-7: anima.Card.FitsOrganization).
func (c *Builder) catalogCards(partyOrg string) []anima.Card {
	q := catalog.Query{Text: c.search, Organization: c.organization, Faction: anima.Faction(c.faction), Category: anima.Category(c.category), MaxLevel: c.maxLevel}
	if q.Organization == anyOrganization {
		q.Organization = ""
	}
	var cards []anima.Card
	for _, card := range append(c.cards.Catalog().Filter(q), c.cards.Own().Characters...) {
		if card.ID == 0 && (card.IsSummon() || q.Text != "" && !strings.Contains(strings.ToLower(card.Name), strings.ToLower(q.Text))) {
			continue
		}
		if c.organization == "" && !card.FitsOrganization(partyOrg) {
			continue
		}
		cards = append(cards, card)
	}
	sort.SliceStable(cards, func(i, j int) bool { return strings.ToLower(cards[i].Name) < strings.ToLower(cards[j].Name) })
	return cards
}

// filters are the catalog's lists of organizations, factions, categories and levels.
func (c *Builder) filters(partyOrg string) app.UI {
	orgs := append(c.organizations(), wanderers)
	allOrgs := c.t("All organizations")
	if partyOrg != "" {
		allOrgs = fmt.Sprintf(c.t("%s and Wanderers"), anima.OrganizationIn(c.settings.Lang(), partyOrg))
		orgs = append([]string{anyOrganization}, orgs...)
	}
	var factionNames, categoryNames, levelNames []string
	for _, f := range factions {
		factionNames = append(factionNames, string(f))
	}
	for _, k := range categories {
		categoryNames = append(categoryNames, string(k))
	}
	for _, l := range maxLevels {
		levelNames = append(levelNames, strconv.Itoa(l))
	}
	return app.Div().Class("filters").Body(
		c.filterList("filter-organization", allOrgs, c.organization, orgs, func(v string) string { return anima.OrganizationIn(c.settings.Lang(), v) }),
		c.filterList("filter-faction", c.t("All factions"), c.faction, factionNames, func(v string) string { return anima.Faction(v).In(c.settings.Lang()) }),
		c.filterList("filter-category", c.t("All categories"), c.category, categoryNames, func(v string) string { return anima.Category(v).In(c.settings.Lang()) }),
		c.filterList("filter-level", c.t("Any level"), strconv.Itoa(c.maxLevel), levelNames, nil),
	)
}

// filterList is one filter's list: label for none, the values said by say (nil: as they are).
func (c *Builder) filterList(id, label, current string, values []string, say func(string) string) app.UI {
	return app.Select().ID(id).Class("grow").Aria("label", label).
		OnChange(func(ctx app.Context, e app.Event) { c.filter(id, chosen(ctx)) }, app.EventScope(id)).
		Body(
			optionOf("").Selected(current == "").Text(label),
			app.Range(values).Slice(func(i int) app.UI {
				label := values[i]
				switch label {
				case anyOrganization:
					label = c.t("All organizations")
				case wanderers:
					label = c.t("Wanderers (no organization)")
				default:
					if say != nil {
						label = say(label)
					}
				}
				return optionOf(values[i]).Selected(values[i] == current).Text(label)
			}),
		)
}

// catalogItem is a card of the catalog: its card to show, its level, Add (taken: it is in
// the party already), its marks, and why it does not fit the party (adding: party.Adding).
func (c *Builder) catalogItem(p party.Party, card anima.Card, taken bool, adding party.Adding) app.UI {
	var why []party.Violation
	if !taken {
		why = adding.Check(card)
	}
	label := card.Name
	if card.ID == 0 {
		label = fmt.Sprintf(c.t("%s (my card)"), label)
	}
	key := characterKey(card)
	return app.Li().Class("catalog-item").Class(map[bool]string{true: "unfit"}[len(why) > 0]).Body(
		app.Div().Class("row").Body(
			app.Button().Class("link grow").Aria("label", fmt.Sprintf(c.t("Show the card of %s"), label)).Body(
				app.Strong().Text(label),
				app.Div().Class("muted small").Text(cardLine(c.settings.Lang(), card)),
			).OnClick(func(ctx app.Context, e app.Event) { c.show(key) }, app.EventScope(key)),
			app.Span().Class("level").Text(strconv.Itoa(card.Level)),
			app.Button().Class("add").Text(map[bool]string{true: c.t("Added"), false: c.t("Add")}[taken]).Disabled(taken).
				Aria("label", fmt.Sprintf(c.t("Add %s"), label)).
				OnClick(func(ctx app.Context, e app.Event) { c.addMember(ctx, key) }, app.EventScope(key)),
		),
		app.If(card.Leader != anima.NotLeader || card.Agent || card.SummonerLevel > 0 || card.OrderPoints > 0 || len(card.Printings()) > 0, func() app.UI { return c.marks(card) }),
		app.If(len(why) > 0, func() app.UI { return c.unfitReason(p, card, why[0]) }),
	)
}

// unfitReason says why a catalog card cannot join: the rule it would break, with its message;
// past the level budget (R-PARTY-3), which a full party says of every card, only by how many
// levels, in the muted colour, so that the catalog stays readable.
func (c *Builder) unfitReason(p party.Party, card anima.Card, v party.Violation) app.UI {
	if over := p.LevelsOverWith(card); v.Rule == "R-PARTY-3" && over > 0 {
		return app.P().Class("over-budget small").Body(ruleButton(c.settings.Lang(), v.Rule),
			app.Span().Text(c.n(over, "%d level over the encounter level", "%d levels over the encounter level")))
	}
	return violations(c.settings.Lang(), "", []party.Violation{v})
}

// anyOrganization is the organization filter's choice of every organization, offered when the
// party's own organization (and the Wanderers) is what the catalog shows first.
const anyOrganization = "*"

// wanderers is the organization filter's choice of the characters of no organization.
const wanderers = "Wanderers"

// marks are a card's roles that party rules count: leader (R-PARTY-4), agent (R-PARTY-5),
// summoner (R-PARTY-10).
func (c *Builder) marks(card anima.Card) app.UI {
	var marks []string
	if card.Leader == anima.Leader {
		marks = append(marks, c.t("Leader"))
	}
	if card.Agent {
		marks = append(marks, c.t("Agent"))
	}
	if card.SummonerLevel > 0 {
		marks = append(marks, fmt.Sprintf(c.t("Summoner %d"), card.SummonerLevel))
	}
	if card.OrderPoints > 0 {
		marks = append(marks, c.t("Arbiter"))
	}
	if card.Leader == anima.OptionalLeader {
		marks = append(marks, c.t("Leader with an upgrade"))
	}
	if len(card.Printings()) > 0 {
		marks = append(marks, c.t("Two printings"))
	}
	return app.Div().Class("chips marks").Body(app.Range(marks).Slice(func(i int) app.UI {
		return app.Span().Class("badge-soft").Text(marks[i])
	}))
}

// editParty makes an edit on a copy of the party's file as it is now, and sends it to the
// Session, which saves it.
func (c *Builder) editParty(ctx app.Context, edit func(*party.PartyFile)) {
	f, ok := c.parties.File(c.ID)
	if !ok {
		return
	}
	edit(&f)
	c.s.ask(ctx, session.SaveParty{ID: c.ID, File: f})
}

// show opens the card characterKey names over the screen.
func (c *Builder) show(key string) {
	if card, ok := c.characterNamed(key); ok {
		c.detail = &card
	}
}

// addMember adds the card characterKey names: a catalog card by name, a player's own card
// inline.
func (c *Builder) addMember(ctx app.Context, key string) {
	card, ok := c.characterNamed(key)
	if !ok {
		return
	}
	entry := party.PartyEntry{Name: card.Name}
	if card.ID == 0 {
		entry = party.PartyEntry{Card: &card}
	}
	c.editParty(ctx, func(f *party.PartyFile) { f.Characters = append(f.Characters, entry) })
}

func (c *Builder) removeMember(ctx app.Context, i int) {
	c.editParty(ctx, func(f *party.PartyFile) { f.Characters = removeAt(f.Characters, i) })
}

// filter sets the catalog's filter that select id chose.
func (c *Builder) filter(id, v string) {
	switch id {
	case "filter-organization":
		c.organization = v
	case "filter-faction":
		c.faction = v
	case "filter-category":
		c.category = v
	case "filter-level":
		c.maxLevel, _ = strconv.Atoi(v)
	}
}

// removeAt returns a copy of s without its i-th element (s itself is not changed).
// takeChip is a card (an advantage, a summon) given to a character, with its ✕ that takes it
// back: label is what the chip says, take edits the party file.
func (c *Builder) takeChip(class, label, name, from string, what taken, i, j int) app.UI {
	return app.Span().Class(class).Body(
		app.Span().Text(label),
		app.Button().Class("icon").Aria("label", fmt.Sprintf(c.t("Take %s from %s"), name, from)).Text("✕").
			OnClick(func(ctx app.Context, e app.Event) {
				c.editParty(ctx, func(f *party.PartyFile) {
					ch := &f.Characters[i]
					switch what {
					case takeAdvantage:
						ch.Advantages = removeAt(ch.Advantages, j)
					case takeUpgrade:
						ch.Upgrades = removeAt(ch.Upgrades, j)
					case takeSummon:
						ch.Summons = removeAt(ch.Summons, j)
					}
				})
			}, app.EventScope(what, i, j, name)),
	)
}

// taken is what a chip's ✕ takes from a character: its j-th advantage, upgrade or summon.
type taken int

const (
	takeAdvantage taken = iota
	takeUpgrade
	takeSummon
)

func removeAt[T any](s []T, i int) []T {
	if i < 0 || i >= len(s) {
		return s
	}
	return append(append([]T(nil), s[:i]...), s[i+1:]...)
}
