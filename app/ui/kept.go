package ui

import (
	"fmt"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/diskwars"
	"gnosis/engine/report"
	"gnosis/engine/shelf"
)

// KeptScreen is a game on the shelf, read-only: its card (when, the edition, scenario and
// level, the sides and players, the result, the turns), its history, its report (an Anima
// Tactics game's, ReportScreen; a Diskwars game's luck under its history), shared as a game
// file, deleted (with an undo on the shelf). A reload opens the game again (OpenKept).
type KeptScreen struct {
	app.Compo
	page
	shelf session.Shelf
	ID    string

	asked bool // OpenKept was sent for ID
	pages int  // pages of the history shown beyond the first (historyPage lines a page)
}

// historyPage is how many lines of a kept game's history are drawn at a time, newest first: a
// long game's thousands are drawn a page at a time, as the player asks (Show more).
const historyPage = 200

// Render draws the screen.
func (c *KeptScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	back := app.Button().ID("kept-back").Class("wide").Text(c.t("Back to the shelf")).
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ReturnTo{To: screenShelf}) })
	card, game, ok := c.shelf.Opened(c.ID)
	view, _ := c.shelf.OpenedView(c.ID)
	if !ok {
		if _, kept := c.shelf.Card(c.ID); !kept { // deleted, here or in another tab: said, with the way back
			return app.Div().ID("kept").Body(back, app.Section().ID("kept-missing").Class("card").Body(
				app.P().Role("status").Text(c.t("That game is not on the shelf."))))
		}
		if !c.asked {
			c.asked = true
			id := c.ID
			c.s.later(func(ctx app.Context) { send(ctx, session.OpenKept{ID: id, Stay: true}) })
		}
		return app.Div().ID("kept").Body(back, app.Section().Class("card").Aria("busy", "true").Body(
			app.P().Class("muted").Role("status").Text(c.t("Opening the game…"))))
	}
	var history []app.UI // newest first, an Anima Tactics game's under each turn's heading
	var luck app.UI = app.Div()
	shown, total := (c.pages+1)*historyPage, 0
	switch g := game.(type) {
	case anima.GameView:
		lines := view.History
		total = len(lines)
		history = historyItems(c.page, lines[max(0, len(lines)-shown):])
	case diskwars.GameView:
		lines := view.DWHistory
		total = len(lines)
		for i := len(lines) - 1; i >= max(0, len(lines)-shown); i-- {
			history = append(history, app.Li().Text(lines[i].Text))
		}
		if view.Shots != nil {
			luck = app.Div().Class("card").Body(dwLuckView(c.page, g.State(), *view.Shots))
		}
	}
	return app.Div().ID("kept").Body(
		back,
		c.cardView(card),
		app.Div().Class("row pair").Body(
			app.If(card.Kind == shelf.Anima, func() app.UI {
				return app.Button().ID("kept-report").Class("primary wide").Text(c.t("Report")).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenKeptReport + c.ID}) })
			}),
			app.Button().ID("kept-share").Class("wide").Text(c.t("Share the game file")).OnClick(c.onShareFile),
		),
		app.If(card.Kind == shelf.Anima, func() app.UI {
			return app.Button().ID("kept-result-code").Class("wide").Text(c.t("Result code for the club night")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenResult + c.ID}) })
		}),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("History")),
			app.Ul().ID("kept-history").Class("plain history").Body(history...),
			app.If(total > shown, func() app.UI {
				return app.Button().ID("kept-history-more").Class("wide").Text(fmt.Sprintf(c.t("Show %d more"), min(historyPage, total-shown))).
					OnClick(func(ctx app.Context, e app.Event) { c.pages++ })
			}),
		),
		luck,
		app.Button().ID("kept-delete").Class("wide bad").Text(c.t("Delete from the shelf")).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.DeleteKept{ID: c.ID}) }),
	)
}

// cardView is a kept game's card: its sides and players, the result for the player, when, the
// game and its edition, scenario and level, the turns and gestures.
func (c *KeptScreen) cardView(g shelf.Game) app.UI {
	side := func(i int) string {
		s := g.Sides[i]
		name := fmt.Sprintf(c.t("%s: %d levels on the table"), s.Name, s.Levels)
		if g.Kind == shelf.Diskwars {
			name = fmt.Sprintf(c.t("%s: %d discs standing"), s.Name, s.Levels)
		}
		if s.Player != "" {
			name += " · " + s.Player
		}
		if i == g.Mine {
			name += " · " + c.t("you")
		}
		return name
	}
	return app.Section().ID("kept-card").Class("card").Body(
		app.H2().Text(g.Sides[0].Name+" – "+g.Sides[1].Name),
		app.P().Class("result").Text(c.t(resultWords[g.Result()])),
		app.P().Class("small").Text(side(0)),
		app.P().Class("small").Text(side(1)),
		app.P().Class("muted small").Text(gameLine(c.page, g)),
	)
}

// resultWords say a kept game's result for the player.
var resultWords = map[shelf.Result]string{shelf.Won: "Won", shelf.Lost: "Lost", shelf.Drawn: "Drawn", shelf.Left: "Unfinished"}

// gameLine is a kept game's when and what: its date (and the club night it was played at),
// game, edition, scenario, level and turns.
func gameLine(c page, g shelf.Game) string {
	when := time.UnixMilli(g.Kept).Format("2006-01-02 15:04")
	if g.Event != "" {
		when += " · " + g.Event
	}
	if g.Kind == shelf.Diskwars {
		return fmt.Sprintf(c.t("%s · Diskwars · round %d · %d gestures"), when, g.Turns, g.Gestures)
	}
	return fmt.Sprintf(c.t("%s · %s · %s · %d levels · turn %d · %d gestures"), when, anima.Edition(g.Edition).In(c.settings.Lang()),
		anima.Scenario(g.Scenario).In(c.settings.Lang()), g.Level, g.Turns, g.Gestures)
}

// onShareFile shares the kept game as a game file, or downloads it.
func (c *KeptScreen) onShareFile(ctx app.Context, e app.Event) {
	b, name := c.shelf.File()
	if b == nil {
		return
	}
	shareFile(ctx, c.page, name, "application/json", string(b))
}

// shareFile hands a file of text to the system's share sheet, or downloads it (the page
// script's shareFile); a failure is said.
func shareFile(ctx app.Context, c page, name, mime, body string) {
	c.s.script().Call("shareFile", name, mime, body, "Gnosis", settled(ctx, c, "The file could not be shared: "))
}

// settled is the callback a page script's share calls once done (shareFile, shareImage): what
// went wrong is said after failed (a key of the catalogue); shared, downloaded or cancelled
// is not.
func settled(ctx app.Context, c page, failed string) app.Func {
	var done app.Func
	done = app.FuncOf(func(_ app.Value, args []app.Value) any {
		done.Release()
		if r := args[0].String(); r != "shared" && r != "downloaded" && r != "cancelled" {
			send(ctx, session.Notify{Text: c.t(failed) + r}) // said even where the button was redrawn
		}
		return nil
	})
	return done
}

// keptSource is a kept game as a report reads it: the game opened on the shelf, asked for once
// when it is not (a reload on its report).
type keptSource struct {
	shelf session.Shelf
	id    string
	asked bool
}

// told is the kept game's report, told as it was opened (shelf.Opened), or nil.
func (k *keptSource) told() *report.Report {
	if v, ok := k.shelf.OpenedView(k.id); ok {
		return v.Report
	}
	return nil
}

// Game is the kept game opened, or nil.
func (k *keptSource) Game() anima.GameView {
	if _, g, ok := k.shelf.Opened(k.id); ok {
		if v, ok := g.(anima.GameView); ok {
			return v
		}
	}
	return nil
}

func (k *keptSource) open(ctx app.Context) {
	if !k.asked {
		k.asked = true
		send(ctx, session.OpenKept{ID: k.id, Stay: true})
	}
}
