package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/eventgame"
	"gnosis/engine/party"
	"gnosis/engine/text"
)

// Start sets a game up: the chosen party against an opponent (another saved party, a party
// from a link, or an opponent that is not tracked), the scenario, the length, and who acts
// first (rolled in the game, with each side's Initiative bonus, or as rolled at the table).
type Start struct {
	app.Compo
	page
	cards   session.Cards
	parties session.Parties
	play    session.Play
	ID      string // the party's

	opponent  string    // "" (not tracked), a party ID, or sharedOpponent
	scenario  string    // "" standard
	first     string    // "" rolled in the game, "0" or "1"
	gnosis    [2]bool   // a Gnosis point spent on that roll by my party, by the opponent (R-GNO-2)
	turns     string    // "" ten turns, or a shorter game
	chosen    bool      // the opponent was set once: a party from a link, if one was chosen, else another saved party
	chosenFor string    // the party (ID) it was set for
	colours   [2]string // each side's colour (anima.SideColours), blue and red at first
	players   [2]string // the players' names, for the shelf ("": not given)
}

// Render draws the screen.
func (c *Start) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	if !c.chosen || c.chosenFor != c.ID { // go-app draws a component before it mounts it, and keeps it for another party's start
		c.chosen, c.chosenFor, c.opponent = true, c.ID, ""
		if c.settings.Get().Opponent != nil {
			c.opponent = sharedOpponent
		} else { // another saved party, when there is one: most games are between two of them
			for _, o := range c.parties.List() {
				if o.ID != c.ID && len(o.Party.Characters) > 0 {
					c.opponent = o.ID
					break
				}
			}
		}
	}
	sp := c.parties.Get(c.ID)
	broken := c.broken()
	scenarios := []struct{ value, label string }{
		{string(anima.Standard), c.t("Standard: most levels after turn 10")},
		{string(anima.PowerNodes), c.t("Power nodes")},
		{string(anima.CaptureFlag), c.t("Capture the flag")},
		{string(anima.Armageddon), c.t("Armageddon: no turn limit")},
	}
	return app.Div().Class("start").Body(
		app.Section().Class("card").Body(
			app.H2().Text(sp.Party.Name),
			app.P().Class("muted").Text(c.f("%s · %d levels · %s edition · %s per turn",
				text.N(len(sp.Party.Characters), "%d character", "%d characters"), sp.Party.Level, sp.Party.Edition, text.N(anima.GnosisPoints(sp.Party.Edition, sp.Party.Level), "%d Gnosis point", "%d Gnosis points"))),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Opponent")),
				app.Select().ID("opponent").OnChange(func(ctx app.Context, e app.Event) { c.opponent = chosen(ctx) }).Body(
					optionOf("").Selected(c.opponent == "").Text(c.t("Not tracked")),
					app.If(c.settings.Get().Opponent != nil, func() app.UI {
						return optionOf(sharedOpponent).Selected(c.opponent == sharedOpponent).Text(c.settings.Get().Opponent.Name + " " + c.t("(from the link)"))
					}),
					app.Range(c.parties.List()).Slice(func(i int) app.UI {
						o := c.parties.List()[i]
						return optionOf(o.ID).Selected(o.ID == c.opponent).Disabled(o.ID == sp.ID || len(o.Party.Characters) == 0).Text(o.Party.Name)
					}),
				),
			),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Scenario")),
				app.Select().ID("scenario").OnChange(func(ctx app.Context, e app.Event) { c.scenario = chosen(ctx) }).Body(
					app.Range(scenarios).Slice(func(i int) app.UI {
						return optionOf(scenarios[i].value).Selected(scenarios[i].value == orStandard(c.scenario)).Text(scenarios[i].label)
					}),
				),
			),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Length")),
				app.Select().ID("turns").OnChange(func(ctx app.Context, e app.Event) { c.turns = chosen(ctx) }).Body(
					optionOf("").Selected(c.turns == "").Text(c.t("10 turns (standard)")),
					app.Range(shortGames).Slice(func(i int) app.UI {
						n := shortGames[i]
						return optionOf(fmt.Sprint(n)).Selected(c.turns == fmt.Sprint(n)).Text(fmt.Sprintf(c.t("%s (a shorter game)"), c.n(n, "%d turn", "%d turns")))
					}),
				),
			),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Who acts first")),
				app.Select().ID("first").OnChange(func(ctx app.Context, e app.Event) { c.first = chosen(ctx) }).Body(
					optionOf("").Selected(c.first == "").Text(c.t("Roll in the app (Initiative counts)")),
					optionOf("0").Selected(c.first == "0").Text(c.t("My party")),
					optionOf("1").Selected(c.first == "1").Text(c.t("The opponent")),
				),
			),
			app.Div().Class("row pair").Body(
				playerField("player-0", c.t("Your name (optional)"), c.players[0], c.onPlayer),
				playerField("player-1", c.t("Opponent's name (optional)"), c.players[1], c.onPlayer),
			),
			app.Div().Class("row pair").Body(
				selectField("colour-0", c.t("My colour"), c.colourOpts(), c.colour(0), c.onColour),
				selectField("colour-1", c.t("The opponent's colour"), c.colourOpts(), c.colour(1), c.onColour),
			),
			app.If(c.first == "", func() app.UI { // R-GNO-2: Gnosis on the initiative roll too
				return app.Div().Class("checks").Body(
					app.Label().Class("check").Body(
						app.Input().ID("gnosis-first-0").Type("checkbox").Checked(c.gnosis[0]).OnChange(c.onGnosis),
						app.Span().Text(c.t("Gnosis on this roll: my party"))),
					app.Label().Class("check").Body(
						app.Input().ID("gnosis-first-1").Type("checkbox").Checked(c.gnosis[1]).OnChange(c.onGnosis),
						app.Span().Text(c.t("Gnosis on this roll: the opponent"))),
				)
			}),
			app.If(c.play.Game() != nil, func() app.UI {
				return app.P().Class("warning").Text(c.t("Starting puts the game in progress on the shelf."))
			}),
			c.illegal(broken),
			app.Button().ID("begin").Class("primary wide").Text(c.t(map[bool]string{true: "Start anyway", false: "Start the game"}[len(broken) > 0])).OnClick(c.onStart),
		),
	)
}

// onPlayer reads which side's player's name changed from its id ("player-0" or "-1").
func (c *Start) onPlayer(ctx app.Context, e app.Event) {
	if side := strings.TrimPrefix(ctx.JSSrc().Get("id").String(), "player-"); side == "0" || side == "1" {
		c.players[side[0]-'0'] = ctx.JSSrc().Get("value").String()
	}
}

// onGnosis reads which side's Gnosis box changed from its id ("gnosis-first-0" or "-1").
func (c *Start) onGnosis(ctx app.Context, e app.Event) {
	id := ctx.JSSrc().Get("id").String()
	if side := strings.TrimPrefix(id, "gnosis-first-"); side == "0" || side == "1" {
		c.gnosis[side[0]-'0'] = ctx.JSSrc().Get("checked").Truthy()
	}
}

// brokenParty is a party about to play, by name, with the party rules it breaks.
type brokenParty struct {
	name string
	vs   []party.Violation
}

// broken are the parties of this game, the player's and the opponent's when it is tracked,
// that break a party rule (party.CheckParty).
func (c *Start) broken() []brokenParty {
	var out []brokenParty
	for _, f := range []*party.PartyFile{&c.parties.Get(c.ID).Party, c.theirs()} {
		if f == nil {
			continue
		}
		if p, err := c.cards.Resolve(*f); err == nil {
			if vs := party.CheckParty(p); len(vs) > 0 {
				out = append(out, brokenParty{f.Name, vs})
			}
		}
	}
	return out
}

// illegal warns, before the game starts, of every party rule the parties break (broken): the game may
// still start (players may agree to it), knowingly.
func (c *Start) illegal(broken []brokenParty) app.UI {
	if len(broken) == 0 {
		return nil
	}
	return app.Div().ID("illegal-warning").Class("warning-box").Role("alert").Body(
		app.Range(broken).Slice(func(i int) app.UI {
			b := broken[i]
			return app.Div().Body(
				app.Strong().Text(fmt.Sprintf(c.t("%s breaks %s:"), b.name, c.n(len(b.vs), "%d party rule", "%d party rules"))),
				violations(c.settings.Lang(), "", b.vs),
			)
		}),
	)
}

// theirs is the opponent's party file, when the opponent is tracked.
func (c *Start) theirs() *party.PartyFile {
	if c.opponent == sharedOpponent {
		return c.settings.Get().Opponent
	}
	if o := c.parties.Get(c.opponent); o != nil && o.ID != c.ID {
		return &o.Party
	}
	return nil
}

// shortGames are the lengths offered for a shorter game than the standard ten turns.
var shortGames = []int{1, 2, 3, 4, 5, 6, 8}

func orStandard(s string) string {
	if s == "" {
		return string(anima.Standard)
	}
	return s
}

func (c *Start) onStart(ctx app.Context, e app.Event) {
	sp := c.parties.Get(c.ID)
	mine, err := c.cards.Resolve(sp.Party)
	if err != nil {
		send(ctx, session.Notify{Text: c.settings.ErrText(err)})
		return
	}
	su := anima.Setup{Edition: sp.Party.Edition, Scenario: anima.Scenario(orStandard(c.scenario)), First: -1}
	fmt.Sscan(c.turns, &su.Turns)
	su.Sides[0] = mine.Side()
	su.Sides[1] = anima.SideSetup{Name: c.t("Opponent"), EncounterLevel: sp.Party.Level}
	if theirs := c.theirs(); theirs != nil {
		p, err := c.cards.Resolve(*theirs)
		if err != nil {
			send(ctx, session.Notify{Text: c.settings.ErrText(err)})
			return
		}
		su.Sides[1] = p.Side()
	}
	if c.first == "0" || c.first == "1" {
		su.First = int(c.first[0] - '0')
	}
	su.Sides[0].Colour, su.Sides[1].Colour = c.colour(0), c.colour(1)
	// Each saved party's list checksum, as a club night locks it: the game's result code names it.
	su.Sides[0].List, _ = eventgame.ListSum(sp.Party, c.cards.Catalog())
	if theirs := c.theirs(); theirs != nil {
		su.Sides[1].List, _ = eventgame.ListSum(*theirs, c.cards.Catalog())
	}
	parties := [2]string{c.ID, ""}
	if c.opponent != sharedOpponent {
		parties[1] = c.opponent
	}
	send(ctx, session.StartGame{Setup: su, Gnosis: c.gnosis, Parties: parties, Players: c.players})
}

// colour is side's colour chosen: blue and red unless the player chose.
func (c *Start) colour(side int) string {
	if c.colours[side] == "" {
		return defaultColour[side]
	}
	return c.colours[side]
}

// colourOpts are the side colours, named in the player's language.
func (c *Start) colourOpts() []opt {
	var out []opt
	for _, name := range anima.SideColours {
		out = append(out, opt{name, c.t("colour:" + name)})
	}
	return out
}

// onColour keeps the colour chosen for the side its list names.
func (c *Start) onColour(ctx app.Context, e app.Event) {
	if id := ctx.JSSrc().Get("id").String(); id == "colour-0" || id == "colour-1" {
		c.colours[id[len(id)-1]-'0'] = chosen(ctx)
	}
}
