package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// Tracker is the table screen: a bar with the turn, the phase and who activates, with undo and
// redo; a tab per side (its Gnosis and levels in the tab), each side a dense card per character
// (CharacterRow) and its Gnosis and cards below; the active character's choices (ActiveSheet),
// the main button, and the sheets of the combat assistant, the phase steps and a character's
// details (each a component with its own draft). On a wide screen (landscape) the two sides
// stand side by side.
type Tracker struct {
	app.Compo
	page
	cards   session.Cards
	notices *session.Notices
	pair    session.Pair
	play    session.Play

	trackerSheet             // the sheet open, and what it shows
	shown        string      // the active character whose row was last brought into view
	seatShown    int         // in seat mode, 1 + the side whose turn was last brought into view (0: none yet)
	panel        ActiveSheet // the active character's sheet as last drawn open (never mounted itself)
	tab          int         // the side shown on a narrow screen
	reportShown  bool        // the game over's report shown as text to select (shareResult)
	followed     string      // who acts or picks, as the tab last followed it (follow)
}

// trackerSheet is the sheet open over the tracker and what it shows.
type trackerSheet struct {
	sheet    string    // the sheet open: "", "phase", "combat" or "character"
	attacker anima.Ref // the combat sheet's character
	action   string    // and the action it opened with
	detail   anima.Ref // the character sheet's character
	opened   int       // counts the sheets opened, so that a new one starts a new draft
}

// actCloseSheet is the action of a sheet's close and done buttons: the tracker handles it.
const actCloseSheet = "gnosis.close-sheet"

// actOpenCharacter asks the tracker to open a character's details (an anima.Ref): a tap on
// its card.
const actOpenCharacter = "gnosis.open-character"

// OnMount observes the Session and closes a sheet when it asks.
func (c *Tracker) OnMount(ctx app.Context) {
	c.observe(ctx)
	if d := c.pair.Duo(); d != nil && d.Kind == session.KindAnima {
		c.tab = d.Mine // on two phones a screen opens on this phone's own side (a reload too)
	}
	if k, ok := keptDraftNow(c.play); ok { // a reload with the combat assistant open: it comes back
		c.openCombat(k.Attacker, k.Action)
	}
	ctx.Handle(actCloseSheet, func(ctx app.Context, a app.Action) {
		if c.sheet == "combat" {
			dropDraft()
		}
		if c.sheet != "" {
			c.sheet = ""
			c.seatShown = 0 // in seat mode the side whose turn it is comes back into view
			c.s.script().Call("sheetClosed")
		}
	})
	ctx.Handle(actOpenCombat, func(ctx app.Context, a app.Action) {
		switch v := a.Value.(type) {
		case string:
			if c.play.Game().State().Active != nil {
				c.openCombat(*c.play.Game().State().Active, v) // the sheet's buttons show only while one is
			}
		case orderTarget: // a reactive order that names a target, from the Arbiter's details
			c.openCombat(v.Arbiter, v.Action)
		}
	})
	ctx.Handle(actOpenCharacter, func(ctx app.Context, a app.Action) {
		if r, ok := a.Value.(anima.Ref); ok {
			c.detail = r
			c.openSheet("character")
		}
	})
}

// OnDismount: leaving the game screen closes the sheets, so the combat assistant's draft kept
// for a reload goes too (a reload runs no Go: the draft stays for it).
func (c *Tracker) OnDismount() {
	if c.sheet == "combat" {
		dropDraft()
	}
}

// Render draws the screen.
func (c *Tracker) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	g := c.play.Game()
	s := g.State()
	c.s.repatchLater()
	activating := anima.Activating(s)
	c.follow(s)
	class := "tracker"
	active := ""
	_, elsewhere := c.pair.ActsElsewhere(s)
	if s.Active != nil && !s.Over() && !elsewhere {
		class += " with-sheet" // room below the last row, above the active character's sheet
		active = rowID(*s.Active)
	}
	if c.sheet == "phase" || c.sheet == "combat" {
		class += " with-overlay" // the active character's sheet waits under the one open
	}
	if c.settings.Get().Seat {
		class += " seat" + c.seatClass(s) // both sides, the far one turned to face its player (web/gnosis.css)
	}
	if active != c.shown {
		c.shown = active
		if active != "" { // once drawn, the active row scrolls out from under the sheet if it must
			c.s.later(func(app.Context) {
				c.s.script().Call("showAfterPaint", active, idActiveSheet, "."+classFlowBar+", ."+classSideTabs)
			})
		}
	}
	// In seat mode, at each change of turn the side whose turn it is comes into view (its
	// whole block where it fits, else its end nearest the top): the far player is not left
	// looking at the near player's rows.
	if turn := turnSide(s); c.settings.Get().Seat && active == "" && turn >= 0 && turn+1 != c.seatShown {
		c.seatShown = turn + 1
		c.s.later(func(app.Context) {
			c.s.script().Call("showAfterPaint", sideID(turn), idActiveSheet, "."+classFlowBar+", ."+classSideTabs)
		})
	}
	return app.Div().Class(class).Body(
		c.flowBar(g, s),
		c.otherPhoneLine(s),
		slot(app.If(s.Over(), func() app.UI { return c.result(s) })),
		c.sideTabs(s),
		app.Div().Class("sides").Body(app.Range(s.Sides[:]).Slice(func(i int) app.UI { return c.sideView(s, i, activating[i]) })),
		c.activePanel(s),
		app.If(!s.Over(), func() app.UI { return c.mainButton(s) }),
		app.If(c.sheet == "phase", func() app.UI { return &PhaseSheet{page: c.page, play: c.play, Opened: c.opened} }),
		app.If(c.sheet == "combat", func() app.UI {
			return &CombatSheet{page: c.page, cards: c.cards, play: c.play, Attacker: c.attacker, Action: c.action, Opened: c.opened}
		}),
		app.If(c.sheet == "character", func() app.UI { return c.characterSheet(s, c.detail) }),
	)
}

// seatClass is, in seat mode, what faces the far player (the second side, across the table):
// " far" while it is that side's turn (turnSide): the bars, the main button and the active
// character's sheet turn half a turn and swap ends; " open-far" while the open sheet is that
// side's: the phase sheet on its turn, the combat assistant of its attacker, the details of its
// character. web/gnosis.css draws both.
func (c *Tracker) seatClass(s anima.State) string {
	class := ""
	turn := turnSide(s)
	if turn == 1 {
		class += " far"
	}
	owner := -1
	switch c.sheet {
	case "phase":
		owner = turn
	case "combat":
		owner = c.attacker.Side
	case "character":
		owner = c.detail.Side
	}
	if owner == 1 {
		class += " open-far"
	}
	return class
}

// turnSide is the side whose turn it is at the table: the active character's, else the side
// that picks the next to activate (anima.Picking); -1 when neither (a phase's automatic
// steps, the game over).
func turnSide(s anima.State) int {
	switch p, picking := anima.Picking(s); {
	case s.Over():
		return -1
	case s.Active != nil:
		return s.Active.Side
	case picking:
		return p
	}
	return -1
}

// follow shows the side of the character that acts, or else of the side that picks next
// (anima.Picking), each time that changes, when this phone plays that side; in between, and
// for the other phone's side on two phones, the tab stays where the player put it.
func (c *Tracker) follow(s anima.State) {
	side, who := -1, ""
	if s.Active != nil {
		side, who = s.Active.Side, "a"+s.Active.String()
	} else if p, ok := anima.Picking(s); ok {
		side, who = p, "p"+strconv.Itoa(p)
	}
	if who != c.followed {
		c.followed = who
		if side >= 0 && c.pair.PlaysHere(session.KindAnima, side) {
			c.tab = side
		}
	}
}

// otherPhoneLine is, on two phones, a quiet line in the page's flow: who acts on the other phone
// (its activation's controls are that phone's) and what its last command rolled. It never
// covers this phone's own sheet.
func (c *Tracker) otherPhoneLine(s anima.State) app.UI {
	var lines []string
	if r, ok := c.pair.ActsElsewhere(s); ok {
		ch, _ := s.Character(r)
		lines = append(lines, fmt.Sprintf(c.t("%s acts on the other phone"), ch.Name))
	}
	if c.pair.Duo() != nil && c.notices.Elsewhere() != "" {
		lines = append(lines, c.notices.Elsewhere())
	}
	if len(lines) == 0 {
		return app.Div().ID("other-phone").Hidden(true)
	}
	return app.Div().ID("other-phone").Class("other-phone muted small").Role("status").Body(
		app.Range(lines).Slice(func(i int) app.UI { return app.P().Text(lines[i]) }))
}

// flowBar is the bar pinned at the top: ‹, the turn, the phase and who activates, undo and redo.
func (c *Tracker) flowBar(g anima.GameView, s anima.State) app.UI {
	turn := fmt.Sprintf(c.t("Turn %d of %d"), s.Flow.Turn, s.Turns)
	if s.Turns == 0 {
		turn = fmt.Sprintf(c.t("Turn %d"), s.Flow.Turn)
	}
	phase := fmt.Sprintf(c.t("%s phase"), s.Flow.Phase.In(c.settings.Lang()))
	if s.Over() {
		phase = c.t("Game over")
	} else if side, ok := anima.Picking(s); ok {
		phase += " · " + fmt.Sprintf(c.t("%s activates"), s.Sides[side].Name)
	}
	return app.Header().Class("topbar "+classFlowBar).Body(
		backButton(c.settings.Lang()),
		app.Div().Class("grow flow-text").Body(
			app.Strong().ID("turn").Text(turn),
			app.Div().ID("phase").Class("phase").Text(phase),
		),
		app.Button().ID(idUndo).Class("icon-text").Text("↶").Disabled(!g.CanUndo()).
			Aria("label", c.t("Undo")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.UndoRedo{Game: session.KindAnima, Undo: true}) }),
		app.Button().ID(idRedo).Class("icon-text").Text("↷").Disabled(!g.CanRedo()).
			Aria("label", c.t("Redo")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.UndoRedo{Game: session.KindAnima}) }),
		// On two phones, the link's state and the way to its screen (one more button would
		// push the ninth character of a side out of a small phone's screen otherwise: the
		// way to pair is on the home screen, beside Continue the game).
		app.If(c.pair.Duo() != nil, func() app.UI { return c.twoPhonesButton(c.pair, session.KindAnima, "icon-text") }),
		c.linkLostLine(c.pair, session.KindAnima), // in the pinned bar: in view wherever the player is
	)
}

// sideTabs are the two sides' tabs, each with its Gnosis and levels on the table, and the
// buttons to the history and the table sketch. On a wide screen both sides show, and the tabs
// only name them.
func (c *Tracker) sideTabs(s anima.State) app.UI {
	return app.Div().Class(classSideTabs).Body(
		app.Div().Class("tabs").Role("tablist").Body(app.Range(s.Sides[:]).Slice(func(i int) app.UI {
			sd := s.Sides[i]
			return app.Button().ID(fmt.Sprintf("tab-%d", i)).Class("side-tab").Style("--side", sideColour(s, i)).Role("tab").
				Aria("selected", strconv.FormatBool(c.tab == i)).Aria("controls", sideID(i)).
				OnClick(func(ctx app.Context, e app.Event) {
					c.tab = i
					app.Window().Call("scrollTo", 0, 0) // the side's first card, as a new screen starts
				}, app.EventScope(i)).Body(
				app.Strong().Text(sd.Name),
				app.Span().Class("small").Text(c.t("Gnosis")+" "+gnosisText(s, i)),
			)
		})),
		app.Button().ID("history").Class("icon-text").Text("☰").Aria("label", c.t("History")).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenHistory}) }),
		app.Button().ID("table").Class("icon-text").Text("▦").Aria("label", c.t("Table")).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenTable}) }),
	)
}

// openCombat opens the combat assistant on the active character's action.
func (c *Tracker) openCombat(attacker anima.Ref, action string) {
	c.attacker, c.action = attacker, action
	c.openSheet("combat")
}

// openSheet opens the phase or combat sheet with a new draft. Back closes it (the page
// script's sheetOpened and listenToBack), as its Cancel does, and the screen stays.
func (c *Tracker) openSheet(kind string) {
	c.sheet, c.opened = kind, c.opened+1
	c.s.script().Call("sheetOpened")
}

// mainButton is the button at the foot of the tracker: it opens the phase sheet. In the Action
// phase, while cards are still to be turned, it says first which side picks the next character
// to activate (anima.Picking), and the sheet names who has not acted before the phase ends;
// once every card is turned it names the next phase. R-TURN-4.
func (c *Tracker) mainButton(s anima.State) app.UI {
	b := app.Button().ID("next-phase").Class("primary wide sticky").Disabled(!anima.Allowed(s, anima.AdvanceToAction{})).
		OnClick(func(ctx app.Context, e app.Event) { c.openSheet("phase") })
	if side, ok := anima.Picking(s); ok {
		return b.Class("picking").Body(
			app.Strong().Text(fmt.Sprintf(c.t("%s activates"), s.Sides[side].Name)),
			app.Span().Class("small").Text(pickingNote(c.settings.Lang(), s)),
		)
	}
	return b.Text(nextLabel(c.settings.Lang(), s))
}

// pickingNote says, under the side that picks, what comes once every card is turned: not a
// step the button takes now.
func pickingNote(lang string, s anima.State) string {
	if next := s.NextFlow(); next.Ended {
		return text.T(lang, "Game over once every card is turned")
	} else if next.Turn != s.Flow.Turn {
		return text.F(lang, "Turn %d once every card is turned", next.Turn)
	}
	return nextLabel(lang, s) + "…"
}

// nextLabel names what the next-phase button does.
func nextLabel(lang string, s anima.State) string {
	switch next := s.NextFlow(); {
	case next.Ended:
		return text.T(lang, "End the game")
	case next.Turn != s.Flow.Turn:
		return fmt.Sprintf(text.T(lang, "Start turn %d"), next.Turn)
	}
	return text.T(lang, "Start") + " " + anima.Action.In(lang) // Recovery and Maintenance run on the way
}

// outcome is the game's result ("Church of Light wins", "Draw") and its detail: the levels on
// the table, and the scenario's points.
func (c *Tracker) outcome(s anima.State) (head, detail string) {
	head = c.t("Draw")
	if w := s.Winner(); w >= 0 {
		head = fmt.Sprintf(c.t("%s wins"), s.Sides[w].Name)
	}
	detail = fmt.Sprintf(c.t("Levels on the table: %s %d, %s %d"), s.Sides[0].Name, s.Sides[0].LevelsOnTable(), s.Sides[1].Name, s.Sides[1].LevelsOnTable())
	if s.Scenario == anima.PowerNodes {
		detail += " · " + fmt.Sprintf(c.t("power nodes %d to %d"), s.Sides[0].Nodes, s.Sides[1].Nodes)
	}
	if s.Conceded > 0 {
		detail += " · " + fmt.Sprintf(c.t("%s conceded"), s.Sides[s.Conceded-1].Name)
	}
	return head, detail
}

// result is the game over card: the outcome, its detail, sharing them with the history, the
// history, and home. In seat mode a copy of the outcome is drawn above it, turned to the far
// player, so that both seats read it (the buttons stay once, with the near player).
func (c *Tracker) result(s anima.State) app.UI {
	text, detail := c.outcome(s)
	return app.Div().Body(
		app.If(c.settings.Get().Seat, func() app.UI {
			return app.Section().ID("result-far").Class("card result").Aria("hidden", "true").Body(app.H2().Text(text), app.P().Text(detail))
		}),
		c.resultCard(s, text, detail),
	)
}

func (c *Tracker) resultCard(s anima.State, text, detail string) app.UI {
	return app.Section().ID("result").Class("card result").Body(
		app.H2().Text(text),
		app.P().Text(detail),
		app.Button().ID("share-result").Class("primary wide").Text(c.t("Share the result and the history")).OnClick(c.shareResult),
		app.If(c.reportShown, func() app.UI { // where sharing or copying is refused: the text to select
			return app.Textarea().ID("result-text").Class("plain-text").ReadOnly(true).Aria("label", c.t("Share the result and the history")).Text(c.gameReport(s))
		}),
		app.Button().ID("result-report").Class("wide").Text(c.t("Report")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenReport}) }),
		app.Button().ID("result-code").Class("wide").Text(c.t("Result code for the club night")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ShowResultCode{}) }),
		app.Button().ID("result-history").Class("wide").Text(c.t("History")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenHistory}) }),
		app.Button().ID("new-game").Class("wide").Text(c.t("Back to my parties")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenHome}) }),
	)
}

// shareResult shares the game's report (gameReport) with the system's share sheet, or copies it;
// where the browser cannot share, or refuses (not the player's cancel), the report is shown as a
// text to select too, so the "select the text" a refused copy asks for is there.
func (c *Tracker) shareResult(ctx app.Context, e app.Event) {
	report := c.gameReport(c.play.Game().State())
	nav := app.Window().Get("navigator")
	if nav.Get("share").Truthy() {
		data := app.Window().Get("Object").New()
		data.Set("title", "Gnosis")
		data.Set("text", report)
		var refused app.Func
		refused = app.FuncOf(func(_ app.Value, args []app.Value) any {
			refused.Release()
			if len(args) == 0 || args[0].Get("name").String() != "AbortError" {
				ctx.Dispatch(func(app.Context) { c.reportShown = true })
			}
			return nil
		})
		nav.Call("share", data).Call("catch", refused)
		return
	}
	c.reportShown = true
	c.copy(ctx, report, c.t("The result and the history are copied: paste them in a message."))
}

// gameReport is the game in plain text, in the player's language: the result, the levels on
// the table (and the scenario's points), then the history turn by turn.
func (c *Tracker) gameReport(s anima.State) string {
	var b strings.Builder
	head, detail := c.outcome(s)
	b.WriteString(s.Sides[0].Name + " – " + s.Sides[1].Name + ": " + head + "\n" + detail + "\n")
	turn := -1
	for _, l := range anima.History(c.play.Game().Log(), c.settings.Lang()) {
		if l.Turn != turn {
			turn = l.Turn
			b.WriteString("\n" + fmt.Sprintf(c.t("Turn %d"), turn) + "\n")
		}
		b.WriteString("- " + l.Text + "\n")
	}
	return b.String()
}

// sideCard is one of a side's Plot, Team or special ability cards: a Plot card shows whether
// it was played, with Play and Back to hand (R-PARTY-9); the others are listed.
func (c *Tracker) sideCard(side int, sideName string, card anima.CardInPlay) app.UI {
	if card.Group != anima.Plot {
		return app.Span().Class("chip side-card").Text(card.Name)
	}
	state := c.t("in hand")
	if card.Used > 0 {
		state = c.t("played")
	}
	return app.Span().Class("chip side-card plot").Body(
		app.Span().Text(card.Name+" · "+state),
		app.Button().Class("icon").Aria("label", fmt.Sprintf("%s: %s %s", sideName, c.t("back to hand"), card.Name)).Text("↶").
			Disabled(card.Used == 0).
			OnClick(func(ctx app.Context, e app.Event) {
				send(ctx, session.Command{Cmd: anima.PlayCard{Side: side, Card: card.Name, Delta: -1}})
			}, app.EventScope(side, card.Name, card.Used)),
		app.Button().Class("icon play-card").Aria("label", fmt.Sprintf("%s: %s %s", sideName, c.t("play"), card.Name)).Text("▶").
			Disabled(card.Used > 0 || !card.Usable()).
			OnClick(func(ctx app.Context, e app.Event) {
				send(ctx, session.Command{Cmd: anima.PlayCard{Side: side, Card: card.Name, Delta: 1}})
			}, app.EventScope(side, card.Name, card.Used)),
	)
}

// gnosisButtons says which of a side's Gnosis buttons the engine allows now: −1, +1.
func gnosisButtons(s anima.State, side int) [2]bool {
	return [2]bool{anima.Allowed(s, anima.AdjustGnosis{Side: side, Delta: -1}), anima.Allowed(s, anima.AdjustGnosis{Side: side, Delta: 1})}
}

// gnosisText is a side's Gnosis counter: "left/per turn".
func gnosisText(s anima.State, side int) string {
	return fmt.Sprintf("%d/%d", s.Sides[side].Gnosis, anima.GnosisPoints(s.Edition, s.Sides[side].EncounterLevel))
}

// sideView is a side: its cards, then its Gnosis, levels, cards in play and markers; turn
// says whether it may activate a character now (anima.Activating).
func (c *Tracker) sideView(s anima.State, side int, turn bool) app.UI {
	sd := s.Sides[side]
	rows := make([]app.UI, 0, len(sd.Characters))
	for i := range sd.Characters {
		rows = append(rows, c.characterRow(s, anima.Ref{Side: side, Index: i}))
	}
	gnosis := gnosisButtons(s, side)
	class := "side"
	if turn {
		class += " turn" // its rows' Activate buttons show (web/gnosis.css)
	}
	if c.tab == side {
		class += " shown"
	}
	return app.Section().Class(class).ID(sideID(side)).Style("--side", sideColour(s, side)).Role("tabpanel").Aria("labelledby", fmt.Sprintf("tab-%d", side)).Body(
		app.H2().Class("side-name").Text(sd.Name),
		app.If(len(sd.Characters) == 0, func() app.UI { return app.P().Class("muted").Text(c.t("Not tracked")) }),
		app.Div().Class("cards").Body(rows...),
		app.Div().Class("row side-counters").Body(
			// Its buttons are answered by tapCounter, as a character's counters are.
			app.Span().Class(classGnosisCounter).Body(
				app.Span().Class("label").Text(c.t("Gnosis")),
				app.Button().Class(classMinus+" gnosis-minus").Text("−").Aria("label", sd.Name+": "+c.t("Gnosis")+" −1").
					Disabled(!gnosis[0]).
					Attr(attrCounter, counterGnosis).Attr(attrSide, side).Attr(attrDelta, -1),
				app.Span().Class(classValue).ID(fmt.Sprintf("gnosis-%d", side)).Text(gnosisText(s, side)),
				app.Button().Class(classPlus+" gnosis-plus").Text("+").Aria("label", sd.Name+": "+c.t("Gnosis")+" +1").
					Disabled(!gnosis[1]).
					Attr(attrCounter, counterGnosis).Attr(attrSide, side).Attr(attrDelta, 1),
			),
			app.If(len(sd.Characters) > 0, func() app.UI {
				return app.Span().Class("muted small").ID(fmt.Sprintf("levels-%d", side)).Text(fmt.Sprintf(c.t("%d levels on the table"), sd.LevelsOnTable()))
			}),
			app.If(s.Scenario == anima.PowerNodes, func() app.UI {
				return app.Span().Class("nodes").Body(
					app.Span().Class("label").Text(c.t("Nodes")),
					app.Button().Class("minus").Text("−").Aria("label", sd.Name+": "+c.t("Nodes")+" −1").
						Disabled(!anima.Allowed(s, anima.SetNodes{Side: side, Nodes: sd.Nodes - 1})).
						OnClick(func(ctx app.Context, e app.Event) {
							send(ctx, session.Command{Cmd: anima.SetNodes{Side: side, Nodes: sd.Nodes - 1}})
						}, app.EventScope(side, sd.Nodes)),
					app.Span().Class("value").ID(fmt.Sprintf("nodes-%d", side)).Text(fmt.Sprint(sd.Nodes)),
					app.Button().Class("plus").Text("+").Aria("label", sd.Name+": "+c.t("Nodes")+" +1").
						Disabled(!anima.Allowed(s, anima.SetNodes{Side: side, Nodes: sd.Nodes + 1})).
						OnClick(func(ctx app.Context, e app.Event) {
							send(ctx, session.Command{Cmd: anima.SetNodes{Side: side, Nodes: sd.Nodes + 1}})
						}, app.EventScope(side, sd.Nodes)),
				)
			}),
			app.Range(sd.Cards).Slice(func(i int) app.UI { return c.sideCard(side, sd.Name, sd.Cards[i]) }),
			app.If(sd.Markers > 0, func() app.UI {
				return app.Span().Class("badge-soft").ID(fmt.Sprintf("markers-%d", side)).Text(c.n(sd.Markers, "%d infiltration marker", "%d infiltration markers"))
			}),
			app.If(s.Scenario == anima.CaptureFlag && s.FlagCarrier(side) != nil, func() app.UI {
				ch, _ := s.Character(*s.FlagCarrier(side))
				return app.Span().Class("badge-soft").Text(c.t("Flag carried by") + " " + ch.Name)
			}),
			app.If(s.Scenario == anima.CaptureFlag && s.OwnFlagCarrier(side) != nil, func() app.UI {
				ch, _ := s.Character(*s.OwnFlagCarrier(side))
				return app.Span().Class("badge-soft").ID(fmt.Sprintf("own-flag-%d", side)).Text(fmt.Sprintf(c.t("%s carries its flag home"), ch.Name))
			}),
			app.If(s.Scenario == anima.CaptureFlag && s.FlagDropped(side), func() app.UI {
				return app.Span().Class("badge-soft").ID(fmt.Sprintf("flag-dropped-%d", side)).Text(c.t("Its flag lies where its carrier fell"))
			}),
		),
	)
}

func (c *Tracker) characterRow(s anima.State, r anima.Ref) *CharacterRow {
	ch, _ := s.Character(r)
	var engaged []string
	for _, e := range ch.Engaged {
		if o, _ := s.Character(e); o.InPlay() { // no contact with one out of play
			engaged = append(engaged, o.Name)
		}
	}
	active := s.Active != nil && *s.Active == r
	canCall := false
	if ch.Summon && ch.OffTable && !ch.Removed && s.Active != nil && *s.Active == ch.Summoner {
		canCall = anima.Allowed(s, anima.CallSummon{Summoner: ch.Summoner, Summon: r, PlacementOK: true})
	}
	buttons := counterButtons(s, r)
	cardOK := make([]bool, len(ch.Cards)) // R-PARTY-9: a card that costs actions waits for them
	for i, cd := range ch.Cards {
		cardOK[i] = anima.Allowed(s, anima.UseCard{Ref: r, Card: cd.Name, Delta: 1})
	}
	return &CharacterRow{
		CardOK: cardOK,
		Ref:    r, Ch: ch, Lang: c.settings.Lang(), Active: active,
		CanActivate: anima.MayActivate(s, r) && c.pair.PlaysHere(session.KindAnima, r.Side), // the other phone's side is its own
		LPDown:      buttons[0],
		LPUp:        buttons[1],
		ActDown:     buttons[2],
		ActUp:       buttons[3],
		CanCall:     canCall,
		CanReveal:   ch.OffTable && !ch.Summon && anima.Allowed(s, anima.Reveal{Ref: r}) && c.pair.PlaysHere(session.KindAnima, r.Side),
		Engaged:     strings.Join(engaged, ", "),
		Reactive:    c.reactiveOrders(s, r, ch, active),
	}
}

// reactiveOrders are an Arbiter's reactive orders, offered outside his activation, each
// with whether the engine allows it now (R-ARB-1).
func (c *Tracker) reactiveOrders(s anima.State, r anima.Ref, ch anima.Character, active bool) []reactiveOrder {
	var reactive []reactiveOrder
	for _, o := range ch.Orders {
		if o.Reactive && !active {
			ok := anima.Allowed(s, anima.GiveOrder{Arbiter: r, Order: o.Name})
			if o.Target {
				ok = len(c.play.OrderTargets(s, r, o)) > 0
			}
			reactive = append(reactive, reactiveOrder{o, ok})
		}
	}
	return reactive
}

// arbiterOrders are the orders an Arbiter may give: those its card names, else (an own card
// that names none) an order of 1, 2 or 3 Order points. None for a character that is not an
// Arbiter. R-ARB-1.
func arbiterOrders(ch anima.Character) []anima.Order {
	switch {
	case ch.MaxOrderPoints == 0:
		return nil
	case len(ch.Orders) > 0:
		return ch.Orders
	}
	return []anima.Order{{Name: "Order", Cost: 1}, {Name: "Order", Cost: 2}, {Name: "Order", Cost: 3}}
}

// orderTarget opens the combat assistant on an Arbiter's order that names a target, outside
// his activation (a reactive order): Action is orderAction's "order:<index>".
type orderTarget struct {
	Arbiter anima.Ref
	Action  string
}

// orderAction is the combat assistant's action for the Arbiter's order at index i of his
// orders: "order:<i>".
func orderAction(i int) string { return "order:" + strconv.Itoa(i) }

// activePanel offers what the active character may do now (anima.Actions): movements,
// contact with enemies, attacks through the combat assistant, escape, seek, abilities,
// orders and the flag, and the End of its activation. Each button shows what anima.Cost
// says the action costs. It is a sheet fixed at the bottom of the screen (ActiveSheet), in
// view wherever the character's row is, and drawn over the rows: showing it moves nothing on
// the page. Between activations it stays, hidden, with the last activation's buttons.
func (c *Tracker) activePanel(s anima.State) app.UI {
	_, elsewhere := c.pair.ActsElsewhere(s)
	open := s.Active != nil && !s.Over() && !elsewhere
	if open {
		c.panel = c.sheetFor(s, *s.Active)
	}
	sheet := c.panel
	sheet.Open = open
	return &sheet
}

// sheetFor is the sheet of r, the active character, in s.
func (c *Tracker) sheetFor(s anima.State, r anima.Ref) ActiveSheet {
	ch, _ := s.Character(r)
	var choices []SheetButton
	choice := func(label string, cost int, b SheetButton) {
		b.Text, b.Label = label, label
		if cost > 0 {
			b.Text = fmt.Sprintf("%s · %d", label, cost)
		}
		if b.Class == "" {
			b.Class = "choice"
		}
		choices = append(choices, b)
	}
	c.actionChoices(s, r, choice)
	c.abilityChoices(s, r, ch, choice)
	c.orderChoices(s, r, ch, choice)
	if take := (anima.TakeFlag{Ref: r}); anima.Allowed(s, take) {
		choice(c.t("Take the flag"), 0, SheetButton{ID: "take-flag", Cmd: take})
	}
	if own := (anima.TakeFlag{Ref: r, Own: true}); anima.Allowed(s, own) { // its side's dropped flag (R-SCN-2)
		choice(c.t("Pick up your flag"), 0, SheetButton{ID: "pick-up-flag", Cmd: own})
	}
	if home := (anima.BringFlagHome{Ref: r}); anima.Allowed(s, home) {
		label := c.t("Flag home")
		if own := s.OwnFlagCarrier(r.Side); own != nil && *own == r {
			label = c.t("Flag back home")
		}
		choice(label, 0, SheetButton{ID: "flag-home", Cmd: home})
	}
	var end *SheetButton
	if cmd := (anima.EndActivation{Ref: r}); anima.Allowed(s, cmd) {
		end = &SheetButton{Text: c.t("End"), Label: c.t("End the activation of") + " " + ch.Name,
			Class: "end-activation primary", ID: "end-activation", Cmd: cmd}
	}
	return ActiveSheet{Title: fmt.Sprintf(c.t("%s acts"), ch.Name) + " · " + c.n(ch.Actions, "%d action", "%d actions"),
		End: end, Choices: choices, Contacts: c.contacts(s, r, ch), Label: c.t("In base contact with:")}
}

// choiceFunc adds a choice to the active character's sheet: its label, its cost in actions
// (0: none said) and its button.
type choiceFunc func(label string, cost int, b SheetButton)

// actionChoices are the actions anima.Actions offers the active character r: movements,
// each kind of attack once (its target chosen in the combat assistant), escape and seek.
func (c *Tracker) actionChoices(s anima.State, r anima.Ref, choice choiceFunc) {
	seen := map[string]bool{}
	for _, legal := range anima.Actions(s) {
		switch cmd := legal.Command.(type) {
		case anima.Move:
			choice(c.t(map[anima.MoveKind]string{anima.MoveWalk: "Walk", anima.MoveRun: "Run", anima.MoveFree: "Free movement", anima.MoveClimb: "Climb"}[cmd.How]), anima.Cost(s, cmd), SheetButton{Cmd: cmd})
		case anima.Attack, anima.Charge, anima.Push:
			kind := combatKind(cmd)
			if seen[kind] {
				continue
			}
			seen[kind] = true
			label := c.t(map[string]string{"attack": "Attack", "ranged": "Shoot", "charge": "Charge", "slam": "Slam", "push": "Push"}[kind])
			choice(label, anima.Cost(s, cmd), SheetButton{Class: "choice combat", Combat: kind})
		case anima.Escape:
			choice(c.t("Escape"), anima.Cost(s, cmd), SheetButton{Cmd: cmd})
		case anima.Seek:
			cmd.Targets = anima.HiddenEnemies(s, r)
			choice(c.t("Seek"), anima.Cost(s, cmd), SheetButton{Cmd: cmd})
		}
	}
}

// abilityChoices are the abilities of the card that are actions, one tap away: each opens the
// combat assistant on it (a target, a resistance check, a state), greyed where the rules stop
// it now (too few actions, Seal).
func (c *Tracker) abilityChoices(s anima.State, r anima.Ref, ch anima.Character, choice choiceFunc) {
	for i, a := range c.cards.Abilities(ch.Name) {
		if a.Makes == "" || a.Makes == anima.AbilityOrder {
			continue
		}
		use := anima.UseAbility{Ref: r, Ability: a.Name, Cost: a.Cost, Upkeep: a.Upkeep}
		choice(a.Name, anima.Cost(s, use), SheetButton{ID: "ability-" + strconv.Itoa(i), Class: "choice ability", Combat: abilityAction(i), Off: anima.Check(s, use) != nil})
	}
}

// orderChoices are an Arbiter's orders (R-ARB-1): one with a target is chosen in the combat
// assistant, among those in the zone of influence.
func (c *Tracker) orderChoices(s anima.State, r anima.Ref, ch anima.Character, choice choiceFunc) {
	for i, o := range arbiterOrders(ch) {
		order := anima.GiveOrder{Arbiter: r, Order: o.Name, Cost: o.Cost}
		label := c.n(o.Cost, "Order (%d point)", "Order (%d points)")
		if len(ch.Orders) > 0 {
			label = orderLabel(c.settings.Lang(), o)
		}
		if o.Target {
			choice(label, 0, SheetButton{Class: "choice order", Combat: orderAction(i), Off: len(c.play.OrderTargets(s, r, o)) == 0})
			continue
		}
		choice(label, 0, SheetButton{Class: "choice order", Cmd: order, Off: !anima.Allowed(s, order)})
	}
}

// contacts are the enemies in play, each a toggle of base contact with r (R-ATK-8).
func (c *Tracker) contacts(s anima.State, r anima.Ref, ch anima.Character) []SheetButton {
	var contacts []SheetButton
	for i, e := range s.Sides[1-r.Side].Characters {
		t := anima.Ref{Side: 1 - r.Side, Index: i}
		if !e.InPlay() {
			continue
		}
		on := ch.EngagedWith(t)
		contacts = append(contacts, SheetButton{Text: e.Name, Label: c.t("In contact with") + " " + e.Name,
			Class: "contact" + map[bool]string{true: " on"}[on], Pressed: strconv.FormatBool(on),
			Cmd: anima.SetEngaged{A: r, B: t, Engaged: !on}})
	}
	return contacts
}

// combatKind names an attack command as the combat assistant's action choice: attack,
// ranged, charge, slam or push.
func combatKind(cmd anima.Command) string {
	switch x := cmd.(type) {
	case anima.Attack:
		if x.Ranged {
			return "ranged"
		}
	case anima.Charge:
		if x.Slam {
			return "slam"
		}
		return "charge"
	case anima.Push:
		return "push"
	}
	return "attack"
}
