package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine"
)

// start sets a game up: the chosen party against an opponent (another saved party, a party
// from a link, or an opponent that is not tracked), the scenario, and who acts first
// (rolled in the app, with each side's Initiative bonus, or as rolled at the table).
func (c *Root) start() app.UI {
	sp := c.party()
	scenarios := []struct{ value, label string }{
		{string(engine.Standard), c.t("Standard: most levels after turn 10")},
		{string(engine.PowerNodes), c.t("Power nodes")},
		{string(engine.CaptureFlag), c.t("Capture the flag")},
		{string(engine.Armageddon), c.t("Armageddon: no turn limit")},
	}
	return app.Div().Class("start").Body(
		app.Section().Class("card").Body(
			app.H2().Text(sp.Party.Name),
			app.P().Class("muted").Text(fmt.Sprintf(c.t("%d characters · %d levels · %s edition · %d Gnosis points per turn"),
				len(sp.Party.Characters), sp.Party.Level, sp.Party.Edition, engine.GnosisPoints(sp.Party.Level))),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Opponent")),
				app.Select().ID("opponent").OnChange(func(ctx app.Context, e app.Event) { c.opponent = chosen(ctx) }).Body(
					app.Option().Value(none).Selected(c.opponent == "").Text(c.t("Not tracked")),
					app.If(c.opponentShared != nil, func() app.UI {
						return app.Option().Value(sharedOpponent).Selected(c.opponent == sharedOpponent).Text(c.opponentShared.Name + " " + c.t("(from the link)"))
					}),
					app.Range(c.parties).Slice(func(i int) app.UI {
						o := c.parties[i]
						return app.Option().Value(o.ID).Selected(o.ID == c.opponent).Disabled(o.ID == sp.ID || len(o.Party.Characters) == 0).Text(o.Party.Name)
					}),
				),
			),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Scenario")),
				app.Select().ID("scenario").OnChange(func(ctx app.Context, e app.Event) { c.scenario = chosen(ctx) }).Body(
					app.Range(scenarios).Slice(func(i int) app.UI {
						return app.Option().Value(scenarios[i].value).Selected(scenarios[i].value == orStandard(c.scenario)).Text(scenarios[i].label)
					}),
				),
			),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Length")),
				app.Select().ID("turns").OnChange(func(ctx app.Context, e app.Event) { c.turns = chosen(ctx) }).Body(
					app.Option().Value(none).Selected(c.turns == "").Text(c.t("10 turns (standard)")),
					app.Range(shortGames).Slice(func(i int) app.UI {
						n := shortGames[i]
						return app.Option().Value(fmt.Sprint(n)).Selected(c.turns == fmt.Sprint(n)).Text(fmt.Sprintf(c.t("%d turns (a shorter game)"), n))
					}),
				),
			),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Who acts first")),
				app.Select().ID("first").OnChange(func(ctx app.Context, e app.Event) { c.first = chosen(ctx) }).Body(
					app.Option().Value(none).Selected(c.first == "").Text(c.t("Roll in the app (Initiative counts)")),
					app.Option().Value("0").Selected(c.first == "0").Text(c.t("My party")),
					app.Option().Value("1").Selected(c.first == "1").Text(c.t("The opponent")),
				),
			),
			app.If(c.game != nil, func() app.UI {
				return app.P().Class("warning").Text(c.t("Starting replaces the game in progress."))
			}),
			app.Button().ID("begin").Class("primary wide").Text(c.t("Start the game")).OnClick(c.onStart),
		),
	)
}

// shortGames are the lengths offered for a shorter game than the standard ten turns.
var shortGames = []int{1, 2, 3, 4, 5, 6, 8}

func orStandard(s string) string {
	if s == "" {
		return string(engine.Standard)
	}
	return s
}

func (c *Root) onStart(ctx app.Context, e app.Event) {
	sp := c.party()
	mine, err := c.resolve(sp.Party)
	if err != nil {
		c.warn(err)
		return
	}
	su := engine.Setup{Edition: sp.Party.Edition, Scenario: engine.Scenario(orStandard(c.scenario))}
	fmt.Sscan(c.turns, &su.Turns)
	su.Sides[0] = sideSetup(sp.Party.Name, mine)
	su.Sides[1] = engine.SideSetup{Name: c.t("Opponent"), EncounterLevel: sp.Party.Level}
	if c.opponent == sharedOpponent && c.opponentShared != nil {
		theirs, err := c.resolve(*c.opponentShared)
		if err != nil {
			c.warn(err)
			return
		}
		su.Sides[1] = sideSetup(c.opponentShared.Name, theirs)
	}
	for _, o := range c.parties {
		if o.ID == c.opponent && o.ID != sp.ID {
			theirs, err := c.resolve(o.Party)
			if err != nil {
				c.warn(err)
				return
			}
			su.Sides[1] = sideSetup(o.Party.Name, theirs)
		}
	}
	switch c.first {
	case "0", "1":
		su.First = int(c.first[0] - '0')
	default:
		probe, err := engine.Start(su)
		if err != nil {
			c.warn(err)
			return
		}
		var st engine.State
		st.Sides = probe.Sides
		_, winner, err := engine.RollOff(st, engine.NewSeededDie(uint64(newIDNumber())), [2]bool{})
		if err == nil {
			su.First = winner
		}
	}
	g, err := engine.NewGame(su)
	if err != nil {
		c.warn(err)
		return
	}
	c.game = g
	c.notice = fmt.Sprintf(c.t("%s acts first."), su.Sides[su.First].Name)
	c.opponentShared, c.opponent = nil, ""
	c.saveGame()
	c.goTo(ctx, screenGame)
}

// sideSetup is a party's side of a game: its characters with their Equipment and Power
// cards, its Plot, Team and special ability cards, and its summons with their summoners.
func sideSetup(name string, p engine.Party) engine.SideSetup {
	side := engine.SideSetup{Name: name, EncounterLevel: p.File.Level}
	for _, a := range p.Advantages {
		if !a.Group.Assigned() && a.Group != engine.OrganizationAdvantage {
			side.SideCards = append(side.SideCards, a)
		}
	}
	for i, m := range p.Members {
		side.Characters = append(side.Characters, m.Card)
		var cards []engine.AdvantageCard
		for _, a := range m.Advantages {
			if a.Group.Assigned() {
				cards = append(cards, a)
			}
		}
		side.Cards = append(side.Cards, cards)
		for _, s := range m.Summons {
			side.Summons = append(side.Summons, engine.SummonSetup{Card: s, Summoner: i})
		}
	}
	return side
}
