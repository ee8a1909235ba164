package ui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/diskwars"
	"gnosis/engine/event"
	"gnosis/engine/fragment"
	"gnosis/engine/share"
)

// RoundScreen is a club night's round on a player's phone, from the round's link the
// organiser's screen shows as a QR code: the player picks their name and sees their table,
// their opponent and, where the event publishes it, the opponent's list. Saying which player
// they are marks this phone's games of the day with the event on the shelf (JoinEvent).
type RoundScreen struct {
	app.Compo
	page
	Link string // the fragment's payload, after event.RoundKey

	me     int    // the player's ID, picked (0: none yet)
	byCard string // the link whose player was looked for by this phone's card
}

// Render draws the screen.
func (c *RoundScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	v, err := event.ReadRound(event.RoundKey + c.Link)
	if err != nil {
		return linkRefused("round-view", "round-error", c.linkError(c.t("This round's link cannot be read: "), err))
	}
	c.findByCard(v)
	head := c.f("%s · round %d of %d", v.Event, v.Round, v.Of)
	var names []opt
	for _, t := range v.Tables {
		for i, n := range t.Players {
			if t.IDs[i] != event.Bye {
				names = append(names, opt{strconv.Itoa(t.IDs[i]), n})
			}
		}
	}
	me := ""
	if c.me > 0 {
		me = strconv.Itoa(c.me)
	}
	return app.Div().ID("round-view").Class("event").Body(
		app.Section().Class("card").Body(
			app.H2().Text(head),
			app.If(v.Scenario != "", func() app.UI {
				return app.P().Class("muted").Text(c.t("Scenario") + ": " + scenarioName(c.page, v.Scenario))
			}),
			selectField("round-me", c.t("Who are you?"), append([]opt{{"", c.t("Choose your name")}}, names...), me,
				func(ctx app.Context, e app.Event) {
					c.me, _ = strconv.Atoi(chosen(ctx))
					if c.me > 0 {
						send(ctx, session.JoinEvent{Link: c.Link, ID: c.me})
					}
				}),
			app.If(c.me > 0, func() app.UI { return c.seat(v) }),
		),
		app.Section().Class("card").Body(
			app.H3().Text(c.t("Tables")),
			app.Ul().ID("round-tables").Class("list").Body(app.Range(v.Tables).Slice(func(i int) app.UI {
				t := v.Tables[i]
				if t.IDs[1] == event.Bye {
					return app.Li().Text(c.f("%s: bye", t.Players[0]))
				}
				return app.Li().Text(c.f("Table %d: %s – %s", t.Table, t.Players[0], t.Players[1]))
			})),
		),
	)
}

// seat is the player's table: its number, the opponent, and their list where published.
func (c *RoundScreen) seat(v event.RoundView) app.UI {
	t, side := v.Seat(c.me)
	if t == nil {
		return nil
	}
	if t.IDs[1] == event.Bye {
		return app.P().ID("round-seat").Class("result").Text(c.t("You have the bye this round."))
	}
	opp := t.Players[1-side]
	list := t.Lists[1-side]
	return app.Div().ID("round-seat").Body(
		app.P().Class("result").Text(c.f("Table %d, against %s", t.Table, opp)),
		app.If(list != "", func() app.UI {
			key := share.FragmentKey
			if v.Game == event.GameDiskwars {
				key = diskwars.ArmyFragmentKey
			}
			return app.A().ID("round-opponent-list").Class("button wide").Href(fragment.Link(c.s.base(), key, list)).Text(c.f("%s's list", opp))
		}).Else(func() app.UI {
			return app.P().Class("muted small").Text(c.t("The lists are shown at the end of the event."))
		}),
	)
}

// StandingsScreen is a club night's standings from the link the organiser shared: read-only,
// on anyone's phone.
type StandingsScreen struct {
	app.Compo
	page
	Link string // the fragment's payload, after event.StandingsKey
}

// Render draws the screen.
func (c *StandingsScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	v, err := event.ReadStandings(event.StandingsKey + c.Link)
	if err != nil {
		return linkRefused("standings-view", "standings-error", c.linkError(c.t("This standings' link cannot be read: "), err))
	}
	return app.Section().ID("standings-view").Class("card event").Body(
		app.H2().Text(v.Event),
		app.P().Class("muted").Text(c.f("%s · after round %d of %d", v.Date, v.Round, v.Of)),
		standingsTable(c.page, v),
	)
}

// findByCard picks, once a link, the player this phone's player card entered (RoundView.ByCard:
// the link carries each card's first letters) where none is picked yet, and joins the night
// as a choice of the name would: the night is then among the player's own.
func (c *RoundScreen) findByCard(v event.RoundView) {
	if c.byCard == c.Link {
		return
	}
	c.byCard = c.Link
	card := c.settings.Card()
	if c.me > 0 || card == nil {
		return
	}
	if id := v.ByCard(card.Key); id > 0 {
		c.me = id
		link := c.Link
		c.s.later(func(ctx app.Context) { send(ctx, session.JoinEvent{Link: link, ID: id}) })
	}
}
