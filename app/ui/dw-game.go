package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/diskwars"
	"gnosis/engine/geom"
	"gnosis/engine/report"
	"gnosis/engine/text"
)

// What a tap on the battlefield does in the Diskwars game, besides selecting a disc.
const (
	dwPick    = ""        // a tap on a disc selects it
	dwMove    = "move"    // a tap on the ground adds a flip to the planned path
	dwPlace   = "place"   // a tap on the ground brings the selected disc from the reserves there
	dwShoot   = "shoot"   // a tap on a disc shoots at it
	dwMagic   = "magic"   // a tap on an enemy uses Magic X on it
	dwAbility = "ability" // a tap on a disc uses a focused ability on it
)

// actCloseShot is the go-app action the shot sheet sends when it closes.
const actCloseShot = "gnosis.dw.close-shot"

// DWGame is the Diskwars round tracker: the battlefield with the selected disc's range bands,
// flip reach and sight lines, whose activation it is, every disc's activation token, pin,
// reserves and damage counter, the activation's actions (move by a planned flip path, shoot
// through the ranged-attack assistant, Magic and focused abilities, pass, end), the next
// round, undo and redo, and the history. The selection, the mode and the planned path are
// the screen's own; every change goes through the Session (dwDo).
type DWGame struct {
	app.Compo
	page
	dw          session.Diskwars
	pair        session.Pair
	selected    int  // the selected disc, when picked (sel)
	picked      bool // a disc is selected
	mode        string
	plan        []r2.Point // the planned flips' centres, in centimetres
	abilityBand diskwars.Band
	abilitySee  bool
	shot        *[2]int // the shot the assistant is open for: attacker and target
	history     bool    // the history is open
	early       *int    // the side to go first in a round begun before this one is over, asked to confirm
}

// OnMount observes the Session and listens for the shot sheet's close.
func (c *DWGame) OnMount(ctx app.Context) {
	c.observe(ctx)
	ctx.Handle(actCloseShot, func(ctx app.Context, a app.Action) { c.shot, c.mode = nil, dwPick })
}

// sel is the selected disc, or -1.
func (c *DWGame) sel() int {
	if !c.picked {
		return -1
	}
	return c.selected
}

func (c *DWGame) pick(i int) {
	c.selected, c.picked, c.mode, c.plan, c.early = i, i >= 0, dwPick, nil, nil
}

// Render draws the screen.
func (c *DWGame) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	g := c.dw.Game()
	st := g.State()
	sel := c.sel()
	if sel >= len(st.Discs) {
		c.pick(-1)
		sel = -1
	}
	if sel < 0 && st.Active >= 0 {
		c.pick(st.Active) // the disc being activated is the one to act with
		sel = st.Active
	}
	status := fmt.Sprintf(c.t("Round %d · %s activates"), st.Round, st.Names[st.Turn])
	if st.Active >= 0 {
		status = fmt.Sprintf(c.t("Round %d · %s is activated"), st.Round, st.Discs[st.Active].Card.Name)
	}
	var discs []fieldDisc
	for i, d := range st.Discs {
		if !d.OnField() {
			continue
		}
		var cls []string
		if i == st.Active {
			cls = append(cls, "active")
		}
		if d.Token {
			cls = append(cls, "token")
		}
		if st.Pinned(i) {
			cls = append(cls, "pinned")
		}
		if i == sel {
			cls = append(cls, "selected")
		}
		discs = append(discs, fieldDisc{index: i, disc: st.Disc(i), name: d.Card.Name, class: strings.Join(cls, " ")})
	}
	class := "dw-game"
	if c.settings.Get().Seat {
		class += " seat" // the second army's list faces its player across the table (web/gnosis.css)
		if dwTurnSide(st) == 1 {
			class += " far" // the bar, the disc's panel, the round's choice and the shot's sheet face the second army's player
		}
	}
	return app.Div().Class(class).Body(
		app.Div().Class("row spread dw-status").Body(
			app.Strong().ID("dw-status").Class("grow").Text(status),
			app.Button().ID("dw-undo").Class("icon").Aria("label", c.t("Undo")).Text("↶").Disabled(!g.CanUndo()).
				OnClick(func(ctx app.Context, e app.Event) {
					c.plan, c.early = nil, nil
					send(ctx, session.UndoRedo{Game: session.KindDiskwars, Undo: true})
				}),
			app.Button().ID("dw-redo").Class("icon").Aria("label", c.t("Redo")).Text("↷").Disabled(!g.CanRedo()).
				OnClick(func(ctx app.Context, e app.Event) {
					c.plan, c.early = nil, nil
					send(ctx, session.UndoRedo{Game: session.KindDiskwars})
				}),
			app.If(c.pair.Duo() != nil, func() app.UI { return c.twoPhonesButton(c.pair, session.KindDiskwars, "icon") }),
		),
		c.linkLostLine(c.pair, session.KindDiskwars),
		dwField(c.t("The battlefield, 90 by 90 cm"), st.Terrain, discs, c.overlays(st, sel), fieldHandlers{ground: c.onGroundTap, disc: c.onDiscTap}),
		c.hint(),
		slot(app.If(sel >= 0, func() app.UI { return c.panel(st, sel) })),
		c.roundControls(st),
		app.Range([]int{0, 1}).Slice(func(side int) app.UI { return c.sideList(st, side) }),
		app.Section().Class("card").Body(
			app.Button().ID("dw-history-toggle").Class("wide").Text(map[bool]string{true: c.t("Hide the history"), false: c.t("Show the history")}[c.history]).
				OnClick(func(ctx app.Context, e app.Event) { c.history = !c.history }),
			app.If(c.history, func() app.UI {
				lines := g.History(c.settings.Lang())
				return app.Ol().ID("dw-history").Class("history small").Body(app.Range(lines).Slice(func(i int) app.UI {
					return app.Li().Text(lines[len(lines)-1-i].Text) // newest first
				}))
			}),
			app.If(c.history, func() app.UI { return dwLuckView(c.page, st, report.MeasureShots(g.Log())) }),
			app.If(c.history, func() app.UI {
				return app.Button().ID("dw-keep-game").Class("wide").Text(c.t("Keep on the shelf now")).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.KeepGame{Kind: session.KindDiskwars}) })
			}),
		),
		app.If(c.shot != nil, func() app.UI { return &ShotSheet{page: c.page, dw: c.dw, Attacker: c.shot[0], Target: c.shot[1]} }),
	)
}

// dwTurnSide is the army (0 or 1) whose disc acts: the activated disc's, else the army whose
// turn it is to activate one.
func dwTurnSide(st diskwars.State) int {
	if st.Active >= 0 && st.Active < len(st.Discs) {
		return st.Discs[st.Active].Side
	}
	return st.Turn
}

// overlays are what the sketch shows of the selected disc: its range bands (edge to edge,
// R-DW-3), its flip reach (R-DW-2), its sight lines to the enemies (R-DW-4), and a planned path.
func (c *DWGame) overlays(st diskwars.State, sel int) []app.UI {
	if sel < 0 || !st.Discs[sel].OnField() {
		return nil
	}
	me := st.Disc(sel)
	d := st.Discs[sel]
	var out []app.UI
	if d.Card.Ranged != nil || d.Card.Magic > 0 {
		for _, b := range []struct {
			cm    float64
			class string
		}{{diskwars.LongCm, "band long"}, {diskwars.MediumCm, "band medium"}, {diskwars.ShortCm, "band short"}} {
			out = append(out, circle(me.Center, me.Radius()+b.cm, b.class))
		}
	}
	if reach := diskwars.Reach(me, d.Card.Move); reach > 0 {
		out = append(out, circle(me.Center, reach, "reach"))
	}
	for _, o := range st.Field() {
		if o.Side == me.Side {
			continue
		}
		cls := "los"
		if !diskwars.Sight(me, o, st.Terrain) {
			cls = "los blocked"
		}
		out = append(out, segment(me.Center, o.Center, cls))
	}
	if len(c.plan) > 0 {
		flips, _ := diskwars.PlanMove(st, sel, c.plan)
		from := me.Center
		for k, p := range c.plan {
			cls := "plan"
			if k >= flips {
				cls = "plan beyond"
			}
			out = append(out, segment(from, p, cls+" path"), circle(p, me.Radius(), cls+" ghost").DataSet("flip", k+1))
			from = p
		}
	}
	return out
}

// hint says what a tap on the battlefield does now.
func (c *DWGame) hint() app.UI {
	text := c.t("Tap a disc to see its range bands, its flip reach and its sight lines.")
	switch c.mode {
	case dwMove:
		text = c.t("Tap where each flip lands, one after the other: a flip moves the disc one diameter at most.")
	case dwPlace:
		text = c.t("Tap where the disc comes onto the battlefield.")
	case dwShoot, dwMagic, dwAbility:
		text = c.t("Tap the target, or choose it below.")
	}
	return app.P().ID("dw-hint").Class("muted small").Text(text)
}

// onGround is a tap on the battlefield's ground (or terrain): a flip of the planned path, or
// where a disc comes from the reserves; else it clears the selection.
// onGroundTap is a tap on the battlefield's ground, where the finger is.
func (c *DWGame) onGroundTap(ctx app.Context, e app.Event) { c.onGround(ctx, svgPoint(e)) }

// onDiscTap is a tap on a disc, where the finger is.
func (c *DWGame) onDiscTap(ctx app.Context, e app.Event) {
	if i := tappedDisc(ctx); i >= 0 {
		c.onDisc(ctx, i, svgPoint(e))
	}
}

func (c *DWGame) onGround(ctx app.Context, at r2.Point) {
	st := c.dw.Game().State()
	sel := c.sel()
	switch {
	case c.mode == dwMove && sel >= 0:
		d := st.Discs[sel]
		if len(c.plan) >= d.Card.Move {
			return
		}
		from := d.At
		if n := len(c.plan); n > 0 {
			from = c.plan[n-1]
		}
		dist := geom.Dist(from, at)
		if dist < math.Max(dwMinFlipCm, d.Card.DiameterCm/2) { // a tap on the disc where it stands moves nothing
			return
		}
		c.plan = append(c.plan, diskwars.FlipToward(from, at, d.Card.DiameterCm)) // a tap farther than a flip reaches
	case c.mode == dwPlace && sel >= 0:
		if out := c.s.ask(ctx, session.Command{Cmd: diskwars.FromReserve{Disc: sel, At: at}}); out.Taken || out.Sent {
			c.mode = dwPick
		}
	case c.mode == dwPick:
		c.pick(-1)
	}
}

// dwMinFlipCm is the shortest flip a tap plans: a tap on the moving disc where it stands (or
// where its last planned flip lands), within its radius or this, is no move.
const dwMinFlipCm = 1.0

// onDisc is a tap on a disc at a point of it (its grab circle is a finger wide, larger than a
// small disc): the target of a shot or an ability, where a flip or a disc from the reserves
// lands (the finger's point, as on the ground), else the disc selected.
func (c *DWGame) onDisc(ctx app.Context, i int, at r2.Point) {
	sel := c.sel()
	switch c.mode {
	case dwShoot, dwMagic, dwAbility:
		if i != sel {
			c.target(ctx, i)
		}
	case dwMove, dwPlace:
		c.onGround(ctx, at)
	default:
		c.pick(i)
	}
}

// target uses the chosen action on disc i (-1: an ability with no target).
func (c *DWGame) target(ctx app.Context, i int) {
	sel := c.sel()
	var cmd diskwars.Command
	switch c.mode {
	case dwShoot:
		c.shot = &[2]int{sel, i}
		return
	case dwMagic:
		cmd = diskwars.Focus{Disc: sel, Magic: true, Target: i}
	case dwAbility:
		cmd = diskwars.Focus{Disc: sel, Target: i, Band: c.abilityBand, NeedsSight: c.abilitySee}
	default:
		return
	}
	if out := c.s.ask(ctx, session.Command{Cmd: cmd}); out.Taken || out.Sent {
		c.mode = dwPick
	}
}

// panel is the selected disc: its state, what the geometry says of every other disc, and the
// actions it may take now.
func (c *DWGame) panel(st diskwars.State, sel int) app.UI {
	d := st.Discs[sel]
	return app.Section().ID("dw-panel").Class("card").Body(
		app.Div().Class("row spread").Body(
			app.H2().Class("grow").Text(d.Card.Name),
			app.Span().Class("muted small").Text(st.Names[d.Side]),
		),
		app.P().Class("small").Text(discSummary(c.settings.Lang(), d.Card)),
		app.Div().Class("chips").Body(c.chips(st, sel)...),
		c.actions(st, sel),
		app.If(d.OnField() && c.mode == dwPick, func() app.UI { return c.facts(st, sel) }),
	)
}

// chips are a disc's states: active, activated (its token), pinned, in the reserves, removed.
func (c *DWGame) chips(st diskwars.State, i int) []app.UI {
	d := st.Discs[i]
	var out []app.UI
	chip := func(class, label string) { out = append(out, app.Span().Class("chip "+class).Text(c.t(label))) }
	switch {
	case d.Removed:
		chip("removed", "removed")
	case d.Reserve:
		chip("reserve", "in the reserves")
	}
	if i == st.Active {
		chip("active", "active")
	}
	if d.Token {
		chip("token", "activated")
	}
	if d.OnField() && st.Pinned(i) {
		chip("pinned", "pinned")
	}
	return out
}

// between is what the geometry says of disc o from disc me: the gap edge to edge in
// centimetres (0 when they overlap), its band, and whether o is in sight, in the player's
// words. R-DW-3, R-DW-4.
func (p *page) between(terrain []diskwars.Terrain, me, o diskwars.Disc) (gapCm float64, band diskwars.Band, sight string) {
	gapCm = math.Max(0, diskwars.Gap(me, o))
	sight = p.t("out of sight")
	if diskwars.Sight(me, o, terrain) {
		sight = p.t("in sight")
	}
	return gapCm, diskwars.BandOf(gapCm), sight
}

// facts list, for the selected disc, every other disc on the battlefield: the gap edge to
// edge, its band, and whether it is in sight. R-DW-3, R-DW-4.
func (c *DWGame) facts(st diskwars.State, sel int) app.UI {
	me := st.Disc(sel)
	var rows []app.UI
	for _, o := range st.Field() {
		i, _ := strconv.Atoi(o.ID)
		if i == sel {
			continue
		}
		gap, band, sight := c.between(st.Terrain, me, o)
		facts := []string{text.F(c.settings.Lang(), "%s cm", text.Decimal{V: gap, Prec: 1}), band.In(c.settings.Lang()), sight}
		if diskwars.Overlaps(me, o) {
			facts = append(facts, c.t("overlapping"))
		}
		rows = append(rows, app.Li().DataSet("disc", i).Body(app.Strong().Text(st.Discs[i].Card.Name+": "), app.Text(strings.Join(facts, " · "))))
	}
	return app.Ul().ID("dw-facts").Class("plain small").Body(rows...)
}

// actions are the buttons of what the selected disc may do now; what the engine would
// refuse is not offered (CanActivate), and a refusal still says why.
func (c *DWGame) actions(st diskwars.State, sel int) app.UI {
	switch c.mode {
	case dwMove:
		return c.planView(st, sel)
	case dwShoot, dwMagic, dwAbility:
		return c.targets(st, sel)
	}
	var out []app.UI
	// A button names its mode or its command in an attribute, read when it is tapped with the
	// disc selected then (go-app keeps a button's first handler).
	button := func(id, label string, primary bool, attr, value string, on app.EventHandler) {
		cls := "grow"
		if primary {
			cls += " primary"
		}
		out = append(out, app.Button().ID(id).Class(cls).Text(label).Attr(attr, value).OnClick(on))
	}
	mode := func(id, label string, primary bool, m string) { button(id, label, primary, attrMode, m, c.onMode) }
	do := func(id, label string, primary bool, act string) { button(id, label, primary, attrAct, act, c.onAct) }
	switch {
	case c.mode == dwPlace:
		mode("dw-cancel", c.t("Cancel"), false, dwPick)
	case st.CanEnter(sel):
		mode("dw-bring", c.t("Bring onto the battlefield"), true, dwPlace)
	case st.CanActivate(sel):
		do("dw-activate", c.t("Activate"), true, actActivate)
		do("dw-pass", c.t("Pass"), false, actPass)
	case st.Active == sel:
		for _, m := range c.activeModes(st, sel) {
			mode(m.id, m.label, m.primary, m.mode)
		}
		if st.HasDone() {
			do("dw-end-activation", c.t("End the activation"), false, actEnd)
		} else {
			do("dw-pass", c.t("Pass"), false, actPass)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return app.Div().ID("dw-actions").Class("row wrap").Body(out...)
}

// activeMode is an action button of the disc being activated: its id, label, whether it is
// the main one, and the mode it enters.
type activeMode struct {
	id, label string
	primary   bool
	mode      string
}

// activeModes are what the disc being activated may do now: move (diskwars.State.CanMove),
// shoot, Magic, a focused ability (CanAct). R-DW-1, R-DW-7.
func (c *DWGame) activeModes(st diskwars.State, sel int) []activeMode {
	d := st.Discs[sel]
	var out []activeMode
	if st.CanMove(sel) {
		out = append(out, activeMode{"dw-move", c.t("Move"), true, dwMove})
	}
	if !st.CanAct(sel) {
		return out
	}
	if d.Card.Ranged != nil {
		out = append(out, activeMode{"dw-shoot", c.t("Shoot"), true, dwShoot})
	}
	if d.Card.Magic > 0 {
		out = append(out, activeMode{"dw-magic", fmt.Sprintf(c.t("Magic %d"), d.Card.Magic), false, dwMagic})
	}
	return append(out, activeMode{"dw-ability", c.t("Focused ability"), false, dwAbility})
}

// attrMode names the mode an action button enters; attrAct the command it sends (actActivate,
// actPass, actEnd).
const (
	attrMode = "data-mode"
	attrAct  = "data-act"
)

// The commands of the action buttons, by attrAct.
const (
	actActivate = "activate"
	actPass     = "pass"
	actEnd      = "end"
)

// onMode enters the mode the tapped button names, with no plan; a focused ability starts at
// medium range with sight needed.
func (c *DWGame) onMode(ctx app.Context, e app.Event) {
	c.mode, c.plan = ctx.JSSrc().Call("getAttribute", attrMode).String(), nil
	if c.mode == dwAbility {
		c.abilityBand, c.abilitySee = diskwars.Medium, true
	}
}

// onAct sends the command the tapped button names, for the disc selected now. R-DW-1, R-DW-10.
func (c *DWGame) onAct(ctx app.Context, e app.Event) {
	sel := c.sel()
	var cmd diskwars.Command
	switch ctx.JSSrc().Call("getAttribute", attrAct).String() {
	case actActivate:
		cmd = diskwars.Activate{Disc: sel}
	case actPass:
		cmd = diskwars.Pass{Disc: sel}
	case actEnd:
		cmd = diskwars.EndActivation{}
	default:
		return
	}
	if sel < 0 {
		return
	}
	c.mode, c.plan = dwPick, nil
	send(ctx, session.Command{Cmd: cmd})
}

// onMove moves the selected disc along the planned path as far as the rules let it. It reads
// the selection and the plan when tapped: go-app keeps a button's first handler, so one that
// kept a render's path would move along the plan of the button's first drawing.
func (c *DWGame) onMove(ctx app.Context, e app.Event) {
	sel := c.sel()
	if sel < 0 || c.dw.Game() == nil {
		return
	}
	flips, _ := diskwars.PlanMove(c.dw.Game().State(), sel, c.plan)
	path := append([]r2.Point(nil), c.plan[:flips]...)
	if out := c.s.ask(ctx, session.Command{Cmd: diskwars.Move{Disc: sel, Path: path}}); out.Taken || out.Sent {
		c.mode, c.plan = dwPick, nil
	}
}

// planView is the planned flip path: how many flips, where the rules stop the disc and why
// (diskwars.PlanMove), and the move itself. R-DW-2, R-DW-9.
func (c *DWGame) planView(st diskwars.State, sel int) app.UI {
	d := st.Discs[sel]
	flips, stop := diskwars.PlanMove(st, sel, c.plan)
	say := fmt.Sprintf(c.t("%d of %d flips planned."), len(c.plan), d.Card.Move)
	if stop != "" {
		say += " " + fmt.Sprintf(c.t("It stops after flip %d: %s."), flips, stop.In(c.settings.Lang()))
	}
	return app.Div().ID("dw-plan").Body(
		app.P().ID("dw-plan-status").Role("status").Text(say),
		app.Div().Class("row wrap").Body(
			app.Button().ID("dw-do-move").Class("primary grow").Disabled(flips == 0).Text(c.n(flips, "Move %d flip", "Move %d flips")).
				OnClick(c.onMove),
			app.Button().ID("dw-plan-back").Class("grow").Disabled(len(c.plan) == 0).Text("⌫ "+c.t("Remove the last flip")).
				OnClick(func(ctx app.Context, e app.Event) { c.plan = c.plan[:len(c.plan)-1] }),
			app.Button().ID("dw-cancel").Class("grow").Text(c.t("Cancel")).
				OnClick(func(ctx app.Context, e app.Event) { c.mode, c.plan = dwPick, nil }),
		),
	)
}

// targets lists the discs a shot, Magic or an ability may be aimed at, with their band and
// sight; the engine refuses one out of range or sight, with the rule.
func (c *DWGame) targets(st diskwars.State, sel int) app.UI {
	me := st.Disc(sel)
	var rows []app.UI
	for _, o := range st.Field() {
		i, _ := strconv.Atoi(o.ID)
		if i == sel || (c.mode == dwMagic && o.Side == me.Side) {
			continue
		}
		_, band, sight := c.between(st.Terrain, me, o)
		rows = append(rows, app.Li().Body(app.Button().ID(fmt.Sprintf("dw-target-%d", i)).Class("wide target").
			Text(fmt.Sprintf("%s · %s · %s", st.Discs[i].Card.Name, band.In(c.settings.Lang()), sight)).
			OnClick(func(ctx app.Context, e app.Event) { c.target(ctx, i) }, app.EventScope(i))))
	}
	var extra []app.UI
	if c.mode == dwAbility {
		var opts []app.UI
		for _, b := range []diskwars.Band{diskwars.Short, diskwars.Medium, diskwars.Long, diskwars.Siege} {
			opts = append(opts, optionOf(string(b)).Selected(b == c.abilityBand).Text(b.In(c.settings.Lang())))
		}
		extra = append(extra,
			app.Label().Class("field").Body(app.Span().Text(c.t("The ability reaches")),
				app.Select().ID("dw-ability-band").OnChange(func(ctx app.Context, e app.Event) { c.abilityBand = diskwars.Band(chosen(ctx)) }).Body(opts...)),
			app.Label().Class("check").Body(
				app.Input().ID("dw-ability-sight").Type("checkbox").Checked(c.abilitySee).
					OnChange(func(ctx app.Context, e app.Event) { c.abilitySee = ctx.JSSrc().Get("checked").Truthy() }),
				app.Span().Text(c.t("It names a target: it needs sight"))),
			app.Button().ID("dw-ability-none").Class("wide").Text(c.t("An ability with no target")).
				OnClick(func(ctx app.Context, e app.Event) { c.target(ctx, -1) }),
		)
	}
	return app.Div().ID("dw-targets").Body(append(extra,
		app.Ul().Class("plain").Body(rows...),
		app.Button().ID("dw-cancel").Class("wide").Text(c.t("Cancel")).OnClick(func(ctx app.Context, e app.Event) { c.mode = dwPick }),
	)...)
}

// roundControls begin the next round (R-DW-10) with the side chosen to activate first:
// offered once no disc is being activated, first among the buttons when the round is over.
// Before the round is over, a tap asks first: discs that could still act would lose their turn.
func (c *DWGame) roundControls(st diskwars.State) app.UI {
	if st.Active >= 0 {
		return slot(nil)
	}
	over := st.RoundOver()
	if c.early != nil && !over {
		return slot(app.Section().ID("dw-round").Class("card").Role("alertdialog").Body(
			app.P().ID("dw-round-early").Text(fmt.Sprintf(c.t("Discs can still act this round. Begin round %d, %s first, all the same?"), st.Round+1, st.Names[*c.early])),
			app.Div().Class("row wrap").Body(
				app.Button().ID("dw-round-cancel").Class("grow").Text(c.t("Cancel")).OnClick(c.roundCancel),
				app.Button().ID("dw-round-confirm").Class("grow primary").Text(fmt.Sprintf(c.t("Begin round %d"), st.Round+1)).OnClick(c.roundConfirm),
			),
		))
	}
	return slot(app.Section().ID("dw-round").Class("card").Body(
		app.If(over, func() app.UI {
			return app.P().ID("dw-round-over").Text(c.t("Every disc has acted: the round is over."))
		}),
		app.Div().Class("row wrap").Body(app.Range([]int{0, 1}).Slice(func(side int) app.UI {
			cls := "grow"
			if over {
				cls += " primary"
			}
			return app.Button().ID(fmt.Sprintf("dw-next-round-%d", side+1)).Class(cls).
				Text(fmt.Sprintf(c.t("Round %d: %s first"), st.Round+1, st.Names[side])).
				Attr(attrSide, side).OnClick(c.nextRound)
		})),
	))
}

// nextRound answers "Round N+1: side first" (the button's attrSide names the side): at once
// when the round is over, else after a confirmation.
func (c *DWGame) nextRound(ctx app.Context, e app.Event) {
	side, _ := strconv.Atoi(ctx.JSSrc().Call("getAttribute", attrSide).String())
	if !c.dw.Game().State().RoundOver() {
		c.early = &side
		return
	}
	c.beginRound(ctx, side)
}

func (c *DWGame) roundConfirm(ctx app.Context, e app.Event) {
	if c.early != nil {
		c.beginRound(ctx, *c.early)
	}
}

func (c *DWGame) roundCancel(ctx app.Context, e app.Event) { c.early = nil }

func (c *DWGame) beginRound(ctx app.Context, side int) {
	c.early = nil
	c.pick(-1)
	send(ctx, session.Command{Cmd: diskwars.NextRound{First: side}})
}

// sideList lists a side's discs, each with its states and damage counter.
func (c *DWGame) sideList(st diskwars.State, side int) app.UI {
	var rows []app.UI
	for i, d := range st.Discs {
		if d.Side != side {
			continue
		}
		cls := "disc-row"
		if i == c.sel() {
			cls += " selected"
		}
		rows = append(rows, app.Li().ID(fmt.Sprintf("dw-disc-%d", i)).Class(cls).Body(
			app.Button().Class("link grow").Aria("label", fmt.Sprintf(c.t("Select %s"), d.Card.Name)).Body(
				app.Strong().Text(d.Card.Name), app.Div().Class("chips").Body(c.chips(st, i)...),
			).OnClick(func(ctx app.Context, e app.Event) {
				c.pick(i)
				ctx.Defer(func(app.Context) { app.Window().Call("scrollTo", 0, 0) }) // the battlefield and the disc's panel
			}, app.EventScope(i)),
			app.Div().Class("counter dw-damage").Body(
				app.Span().Class("label").Text(c.t("Damage")),
				app.Button().ID(fmt.Sprintf("dw-dmg-minus-%d", i)).Class("minus").Aria("label", fmt.Sprintf(c.t("%s: damage −1"), d.Card.Name)).Text("−").
					Disabled(d.Damage == 0).OnClick(func(ctx app.Context, e app.Event) {
					send(ctx, session.Command{Cmd: diskwars.AdjustDamage{Disc: i, Delta: -1}})
				}, app.EventScope(i)),
				app.Span().ID(fmt.Sprintf("dw-dmg-%d", i)).Class("value").Text(strconv.Itoa(d.Damage)),
				app.Button().ID(fmt.Sprintf("dw-dmg-plus-%d", i)).Class("plus").Aria("label", fmt.Sprintf(c.t("%s: damage +1"), d.Card.Name)).Text("+").
					OnClick(func(ctx app.Context, e app.Event) {
						send(ctx, session.Command{Cmd: diskwars.AdjustDamage{Disc: i, Delta: 1}})
					}, app.EventScope(i)),
			),
		))
	}
	title := st.Names[side]
	if st.Active < 0 && st.Turn == side {
		title = "▶ " + title
	}
	return app.Section().ID(fmt.Sprintf("dw-side-%d", side+1)).Class("card").Body(
		app.H2().Text(title),
		app.Ul().Class("list").Body(rows...),
	)
}

// dwLuckView is each army's luck in its shots against their exact odds (engine/report
// MeasureShots), shown under the history: the damage its targets took against the expected,
// the percentile, and its luckiest and unluckiest shots.
func dwLuckView(c page, st diskwars.State, l report.ShotLuck) app.UI {
	lang := c.settings.Lang()
	name := func(i int) string {
		if i < 0 || i >= len(st.Discs) {
			return "?"
		}
		return st.Discs[i].Card.Name
	}
	shot := func(x report.Shot) string {
		if x.Damage == 0 { // no damage: its chance of doing any, not of doing "this much"
			return c.f("%s's shot at %s, round %d: no damage, with %d%% to do any", name(x.Attacker), name(x.Target), x.Round, int(math.Round(100*x.AnyDamage)))
		}
		return c.f("%s's shot at %s, round %d: %d%% to do this much", name(x.Attacker), name(x.Target), x.Round, int(math.Round(100*x.AtLeast)))
	}
	return app.Section().ID("dw-luck").Body(
		app.H2().Text(c.t("Luck against the odds")),
		app.Range(l.Sides[:]).Slice(func(side int) app.UI {
			sd := l.Sides[side]
			lines := []string{c.t("No shot measured yet")}
			if sd.Shots > sd.Left {
				lines = []string{c.f("Damage %d, expected %s: luckier than %d%%", sd.Damage, text.Decimal{V: sd.ExpectedDamage, Prec: 1}.In(lang), int(math.Round(100*sd.Percentile)))}
				for _, x := range sd.Luckiest {
					lines = append(lines, "• "+shot(x))
				}
				if sd.Shots-sd.Left > len(sd.Luckiest) {
					lines = append(lines, c.t("Unluckiest")+":")
					for _, x := range sd.Unluckiest {
						lines = append(lines, "• "+shot(x))
					}
				}
			}
			return app.Div().ID(fmt.Sprintf("dw-luck-%d", side)).Class("luck-side").Style("--side", sideHex[defaultColour[side]]).Body(
				app.H3().Text(st.Names[side]),
				app.Range(lines).Slice(func(i int) app.UI { return app.P().Class("small").Text(lines[i]) }),
			)
		}),
	)
}
