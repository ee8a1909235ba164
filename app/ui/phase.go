package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
)

// phaseDraft holds the player's choices for the next phase's steps.
type phaseDraft struct {
	Drop    map[string]bool    // "side/index/ability" of upkeep to drop
	Discard map[string]bool    // "side/index/card" of maintenance cards not paid for (R-TURN-3)
	Nodes   map[anima.Ref]bool // characters standing on a power node
	Outside map[anima.Ref]bool // summons outside their summoner's zone of control
	Gnosis  map[string]bool    // "side/index/check" of Maintenance checks rolled with Gnosis (R-GNO-2)
	First   [2]bool            // the sides that spend Gnosis on the roll for who acts first (alpha, R-SETUP-5)
	Dice    diceDraft
}

// command is what the sheet does on confirmation: every phase up to the next Action phase in
// one gesture (anima.AdvanceToAction), with the player's choices.
func (p *phaseDraft) command(s anima.State) anima.AdvanceToAction {
	cmd := anima.AdvanceToAction{Initiative: p.First}
	for side := range s.Sides {
		for i, ch := range s.Sides[side].Characters {
			r := anima.Ref{Side: side, Index: i}
			for _, u := range ch.Upkeep {
				if p.Drop[r.String()+"/"+u.Ability] {
					cmd.Drop = append(cmd.Drop, anima.UpkeepDrop{Ref: r, Ability: u.Ability})
				}
			}
			for _, cd := range ch.Cards {
				if p.Discard[r.String()+"/"+cd.Name] {
					cmd.Discard = append(cmd.Discard, anima.CardDrop{Ref: r, Card: cd.Name})
				}
			}
			if p.Nodes[r] {
				cmd.Nodes = append(cmd.Nodes, r)
			}
			if p.Outside[r] {
				cmd.OutsideZoC = append(cmd.OutsideZoC, r)
			}
			for _, check := range []anima.CheckKind{anima.CheckDoom, anima.CheckStability} {
				if p.Gnosis[r.String()+"/"+string(check)] {
					cmd.Gnosis = append(cmd.Gnosis, anima.GnosisRoll{Ref: r, Check: check})
				}
			}
		}
	}
	return cmd
}

// PhaseSheet shows what the phases up to the next Action phase will do (the Recovery and
// Maintenance phases run by themselves, R-TURN-2, R-TURN-3), lets the player make the choices
// the rules leave to them (its draft: upkeep to drop, cards not paid, summons outside the zone
// of control, Gnosis on checks, power nodes), and does it all on one confirmation. Where
// checks were rolled it then lists what happened; else it closes.
type PhaseSheet struct {
	app.Compo
	page
	play   session.Play
	Opened int // a new opening starts a new draft

	draft  *phaseDraft
	opened int
	done   []string // what the confirmed phases did, when they rolled checks
}

// OnMount observes the Session and takes the taps on the sheet's dice pad.
func (c *PhaseSheet) OnMount(ctx app.Context) {
	c.observe(ctx)
	ctx.Handle(actDieTap, takeDice(c.settings, "phase", c))
}

func (c *PhaseSheet) dice() *diceDraft {
	if c.draft == nil {
		return nil
	}
	return &c.draft.Dice
}

// diceCommand is the command the sheet's draft makes in the game as it is now.
func (c *PhaseSheet) diceCommand() (anima.State, anima.Command) {
	s := c.play.Game().State()
	return s, c.draft.command(s)
}

func (c *PhaseSheet) reset() {
	c.opened, c.done = c.Opened, nil
	c.draft = &phaseDraft{Drop: map[string]bool{}, Discard: map[string]bool{}, Nodes: map[anima.Ref]bool{}, Outside: map[anima.Ref]bool{}, Gnosis: map[string]bool{}}
}

// Render draws the sheet.
func (c *PhaseSheet) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	if c.draft == nil || c.opened != c.Opened { // go-app draws a component before it mounts it
		c.reset()
	}
	if c.done != nil {
		return c.doneView()
	}
	s := c.play.Game().State()
	cmd := c.draft.command(s)
	steps := c.steps(s, cmd)
	dice, diceReady := diceEntry(c.settings, "phase", s, cmd, &c.draft.Dice)
	return app.Div().Class("overlay").Body(app.Div().ID("phase-sheet").Class("sheet").Role("dialog").Aria("label", c.t("Next phase")).Body(
		app.H2().Text(nextLabel(c.settings.Lang(), s)),
		c.notActed(s),
		app.Ul().ID("phase-steps").Class("plain").Body(app.Range(steps).Slice(func(i int) app.UI { return app.Li().Text(steps[i]) })),
		app.If(len(steps) == 0, func() app.UI { return app.P().Class("muted").Text(c.t("Nothing happens by itself in this phase.")) }),
		app.Div().Class("checks").Body(c.choices(s)...),
		dice,
		app.Div().Class("row").Body(
			app.Button().ID("cancel-phase").Class("grow").Text(c.t("Cancel")).OnClick(closeSheet),
			app.Button().ID("confirm-phase").Class("primary grow").Text(c.t("Confirm")).Disabled(!diceReady).OnClick(c.onConfirm),
		),
	))
}

// onConfirm confirms the phases with the choices of the draft as they are when tapped.
func (c *PhaseSheet) onConfirm(ctx app.Context, e app.Event) { c.confirm(ctx) }

// steps are what the phases up to the next Action phase do by themselves (the engine's own
// preview, with anima.PreviewDie), the checks they roll said last, "rolled when you confirm".
func (c *PhaseSheet) steps(s anima.State, cmd anima.Command) []string {
	evs, err := anima.Decide(s, cmd, &anima.PreviewDie{})
	if err != nil {
		return []string{c.settings.ErrText(err)}
	}
	var steps []string
	var shown []anima.Event
	for _, ev := range evs {
		switch e := ev.(type) {
		case anima.Rolled:
			ch, _ := s.Character(e.Ref)
			steps = append(steps, fmt.Sprintf(c.t("%s: %s check, rolled when you confirm"), ch.Name, e.Check))
			continue
		case anima.FirstRolled:
			steps = append(steps, c.t("Who acts first is rolled when you confirm"))
			continue
		case anima.LPChanged:
			if e.Why == "doom" || e.Why == "shock" {
				continue
			}
		case anima.Removed:
			continue
		}
		shown = append(shown, ev)
	}
	return append(anima.Describe(s, shown, c.settings.Lang()), steps...)
}

// choices are the player's choices of the phases ahead, character by character: in a
// Maintenance phase ahead, the upkeep to drop, the maintenance cards not paid, a summon
// outside its summoner's zone of control, Gnosis on the checks (R-GNO-2); in a Recovery phase
// of a power nodes game, who stands on a node.
func (c *PhaseSheet) choices(s anima.State) []app.UI {
	ahead := s.PhasesToAction()
	recoveryAhead := slices.Contains(ahead, anima.Recovery)
	maintenanceAhead := slices.Contains(ahead, anima.Maintenance)
	atMaintenance := s // the state the Maintenance phase starts from: after Recovery, its Gnosis renewed
	if recoveryAhead {
		if evs, err := anima.Decide(s, anima.AdvancePhase{}, &anima.PreviewDie{}); err == nil {
			atMaintenance = anima.After(s, evs)
		}
	}
	var choices []app.UI
	if evs, err := anima.Decide(s, anima.AdvanceToAction{}, &anima.PreviewDie{}); err == nil && slices.ContainsFunc(evs, isFirstRolled) {
		for side := range s.Sides { // alpha rolls who acts first every turn (R-SETUP-5)
			if atMaintenance.Sides[side].Gnosis > 0 {
				choices = append(choices, c.phaseCheck("first-"+strconv.Itoa(side), fmt.Sprintf(c.t("%s spends Gnosis on the roll for who acts first"), s.Sides[side].Name), c.draft.First[side]))
			}
		}
	}
	for side := range s.Sides {
		for i, ch := range s.Sides[side].Characters {
			r := anima.Ref{Side: side, Index: i}
			if !ch.InPlay() {
				continue
			}
			if maintenanceAhead {
				choices = append(choices, c.maintenanceChoices(atMaintenance, r, ch, atMaintenance.Sides[side].Gnosis > 0)...)
			}
			if recoveryAhead && s.Scenario == anima.PowerNodes {
				choices = append(choices, c.phaseCheck("node-"+r.String(), fmt.Sprintf(c.t("%s stands on a power node"), ch.Name), c.draft.Nodes[r]))
			}
		}
	}
	return choices
}

func isFirstRolled(ev anima.Event) bool { _, ok := ev.(anima.FirstRolled); return ok }

// maintenanceChoices are the Maintenance phase's choices for the character ch at r, as the
// phase finds it in s (gnosis: its side has a Gnosis point for its checks).
func (c *PhaseSheet) maintenanceChoices(s anima.State, r anima.Ref, ch anima.Character, gnosis bool) []app.UI {
	p := c.draft
	var choices []app.UI
	for _, u := range ch.Upkeep {
		key := r.String() + "/" + u.Ability
		choices = append(choices, c.phaseCheck("drop-"+key, fmt.Sprintf(c.t("%s drops %s"), ch.Name, u.Ability), p.Drop[key]))
	}
	for _, cd := range ch.Cards {
		if cd.Maintenance != "" && !cd.Discarded {
			key := r.String() + "/" + cd.Name
			choices = append(choices, c.phaseCheck("discard-"+key, fmt.Sprintf(c.t("%s discards %s (%s not paid)"), ch.Name, cd.Name, upkeepText(c.settings.Lang(), cd.Maintenance)),
				p.Discard[key]))
		}
	}
	if anima.FacesStability(s, ch) {
		choices = append(choices, c.phaseCheck("outside-"+r.String(), fmt.Sprintf(c.t("%s is outside its summoner's zone of control"), ch.Name), p.Outside[r]))
	}
	if !gnosis {
		return choices
	}
	for _, g := range []struct {
		check anima.CheckKind
		label string
		when  bool
	}{{anima.CheckDoom, "%s spends Gnosis on its Doom check", anima.FacesDoom(ch)}, {anima.CheckStability, "%s spends Gnosis on its Stability check", anima.FacesStability(s, ch) && !p.Outside[r]}} {
		if g.when {
			key := r.String() + "/" + string(g.check)
			choices = append(choices, c.phaseCheck("gnosis-"+key, fmt.Sprintf(c.t(g.label), ch.Name), p.Gnosis[key]))
		}
	}
	return choices
}

// confirm closes the sheet once the phases are done, or, where they rolled checks (Doom,
// Stability, Shock) or who acts first, keeps it open on what happened.
func (c *PhaseSheet) confirm(ctx app.Context) {
	out := c.s.ask(ctx, session.Command{Cmd: c.draft.command(c.play.Game().State()), Dice: c.draft.Dice.Entered, Listed: true})
	if out.Sent { // on two phones the host decides: the tracker and the history show it then
		ctx.NewAction(actCloseSheet)
		return
	}
	if !out.Taken {
		return
	}
	for _, ev := range out.Game.Events {
		if _, rolled := ev.(anima.Rolled); rolled || isFirstRolled(ev) {
			c.done = anima.Describe(out.Game.Before, out.Game.Events, c.settings.Lang())
			return
		}
	}
	ctx.NewAction(actCloseSheet)
}

// doneView lists what the confirmed phases did, with Done.
func (c *PhaseSheet) doneView() app.UI {
	done := c.done
	return app.Div().Class("overlay").Body(app.Div().ID("phase-sheet").Class("sheet").Role("dialog").Aria("label", c.t("Result")).Body(
		app.H2().Text(c.t("Result")),
		app.Ul().ID("phase-done").Class("plain").Body(app.Range(done).Slice(func(i int) app.UI { return app.Li().Text(done[i]) })),
		app.Button().ID("phase-done-close").Class("primary wide").Text(c.t("Done")).OnClick(func(ctx app.Context, e app.Event) { ctx.NewAction(actCloseSheet) }),
	))
}

// notActed names, side by side, the characters whose cards are not turned yet (anima.Waiting)
// before an Action phase ends: play goes on until every card is turned (R-TURN-4), so the
// player confirms knowingly. Nothing outside the Action phase or once every card is turned.
func (c *PhaseSheet) notActed(s anima.State) app.UI {
	waiting := anima.Waiting(s)
	if len(waiting) == 0 {
		return app.Div().ID("not-acted").Hidden(true)
	}
	var names [2][]string
	for _, r := range waiting {
		ch, _ := s.Character(r)
		names[r.Side] = append(names[r.Side], ch.Name)
	}
	var sides []string
	for side, list := range names {
		if len(list) > 0 {
			sides = append(sides, s.Sides[side].Name+": "+strings.Join(list, ", "))
		}
	}
	return app.Div().ID("not-acted").Class("warning").Body(
		app.Strong().Text(c.n(len(waiting), "%d character has not acted:", "%d characters have not acted:")),
		app.Ul().Class("plain").Body(app.Range(sides).Slice(func(i int) app.UI { return app.Li().Text(sides[i]) })),
		app.P().Class("small").Text(c.t("Play goes on until every card is turned: confirm only to end the phase anyway.")),
	)
}

// phaseCheck is a choice of the phases ahead, ticked or not (on); its id names the choice:
// "drop-", "discard-" or "gnosis-" and the draft's key, "outside-" or "node-" and the
// character, "first-" and the side (onCheck).
func (c *PhaseSheet) phaseCheck(id, label string, on bool) app.UI {
	return checkBox(id, label, on, c.onCheck)
}

// onCheck keeps a choice ticked or not in the draft open when the event comes (go-app keeps
// a box's first handler, drawn for an earlier opening's draft).
func (c *PhaseSheet) onCheck(ctx app.Context, e app.Event) {
	p := c.draft
	if p == nil {
		return
	}
	id, on := ctx.JSSrc().Get("id").String(), ctx.JSSrc().Get("checked").Truthy()
	kind, key, _ := strings.Cut(id, "-")
	switch kind {
	case "drop":
		p.Drop[key] = on
	case "discard":
		p.Discard[key] = on
	case "gnosis":
		p.Gnosis[key] = on
	case "outside":
		p.Outside[refOf(key)] = on
	case "node":
		p.Nodes[refOf(key)] = on
	case "first":
		if side, err := strconv.Atoi(key); err == nil && side >= 0 && side < 2 {
			p.First[side] = on
		}
	}
}
