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

// combatDraft is the combat assistant's form: who, how, against whom, with what
// modifiers, reaction and Gnosis, and the dice entered (empty: rolled in the app).
type combatDraft struct {
	Attacker   anima.Ref
	Action     string // attack, ranged, charge, slam, push, or "ability:<index>" of the card
	Target     string // a Ref as "side/index", or ""
	Shield     string // a friend of the target taking a ranged attack instead (R-ATK-10): a Ref as "side/index", or ""
	Reaction   anima.Reaction
	LongRange  bool
	Cover      bool
	Elevated   bool
	GnosisA    bool
	GnosisD    bool
	Distance   string
	State      string
	Level      string
	Difficulty string
	Upkeep     string // actions each Maintenance to keep it active, asked when the card prints none (R-TURN-3)
	ModsOpen   bool   // the modifiers are unfolded
	Dice       diceDraft
	Result     []string
}

// CombatSheet is the combat assistant over the tracker: it owns its draft (combatDraft),
// opened on Attacker's Action; a new Opened starts a new draft.
type CombatSheet struct {
	app.Compo
	page
	cards    session.Cards
	play     session.Play
	Attacker anima.Ref
	Action   string
	Opened   int

	draft  *combatDraft
	opened int
}

// OnMount observes the Session and takes the taps on the sheet's dice pad.
func (c *CombatSheet) OnMount(ctx app.Context) {
	c.observe(ctx)
	ctx.Handle(actDieTap, takeDice(c.settings, "combat", c))
}

func (c *CombatSheet) dice() *diceDraft {
	if c.draft == nil {
		return nil
	}
	return &c.draft.Dice
}

// diceCommand is the command the sheet's draft makes in the game as it is now.
func (c *CombatSheet) diceCommand() (anima.State, anima.Command) {
	s := c.play.Game().State()
	cmd, _, err := c.command(s, c.draft)
	if err != nil {
		return s, nil
	}
	return s, cmd
}

func (c *CombatSheet) openCombat(s anima.State, attacker anima.Ref, kind string) {
	c.opened = c.Opened
	d := &combatDraft{Attacker: attacker, Action: kind, Reaction: anima.NoReaction, Level: "1"}
	ch, _ := s.Character(attacker)
	d.Distance = strconv.FormatFloat(float64(ch.Run), 'g', -1, 64)
	if t, ok := anima.DefaultTarget(s, attacker, anima.ActionKind(kind), c.play.NearestEnemies(s, attacker)); ok {
		d.Target = t.String()
	}
	if o, ok := c.orderOf(s, d); ok { // an order: the first character it may be given to (R-ARB-1)
		d.Target = ""
		if targets := c.play.OrderTargets(s, attacker, o); len(targets) > 0 {
			d.Target = targets[0].String()
		}
	}
	c.draft = d
	c.fromTable(s, d)
}

// fromTable sets long range, cover and an elevated shooter from the sketch of the table,
// when both characters stand on it; the player can still change them.
func (c *CombatSheet) fromTable(s anima.State, d *combatDraft) {
	if d.Target == "" {
		return
	}
	if mods, _, ok := c.play.TableModifiers(s, d.Attacker, refOf(d.Target)); ok {
		d.LongRange, d.Cover, d.Elevated = mods.LongRange, mods.Cover, mods.Elevated
	}
}

// abilityOf is the card ability chosen as the action, if any.
func (c *CombatSheet) abilityOf(s anima.State, d *combatDraft) (anima.Ability, bool) {
	return pickedFrom(d.Action, "ability:", c.abilities(s, d.Attacker))
}

// orderOf is the Arbiter's order chosen as the action ("order:<index>" of his orders), if any.
func (c *CombatSheet) orderOf(s anima.State, d *combatDraft) (anima.Order, bool) {
	ch, _ := s.Character(d.Attacker)
	return pickedFrom(d.Action, "order:", ch.Orders)
}

// pickedFrom is the item of list an action names as prefix and its index ("ability:2"), if any.
func pickedFrom[T any](action, prefix string, list []T) (T, bool) {
	var none T
	i, err := strconv.Atoi(strings.TrimPrefix(action, prefix))
	if !strings.HasPrefix(action, prefix) || err != nil || i < 0 || i >= len(list) {
		return none, false
	}
	return list[i], true
}

// abilities are the special abilities printed on the character's card.
func (c *CombatSheet) abilities(s anima.State, r anima.Ref) []anima.Ability {
	ch, _ := s.Character(r)
	return c.cards.Abilities(ch.Name)
}

// abilityAction is the combat assistant's action for the card's ability at index i.
func abilityAction(i int) string { return "ability:" + strconv.Itoa(i) }

// command builds the engine command of the form; spec is the attack's numbers when it is
// an attack (for the odds).
func (c *CombatSheet) command(s anima.State, d *combatDraft) (anima.Command, *anima.AttackSpec, error) {
	var target anima.Ref
	if d.Target != "" {
		if err := target.UnmarshalJSON([]byte(strconv.Quote(d.Target))); err != nil {
			return nil, nil, err
		}
	}
	if o, ok := c.orderOf(s, d); ok { // an Arbiter's order that names a target (R-ARB-1)
		g := anima.GiveOrder{Arbiter: d.Attacker, Order: o.Name, Cost: o.Cost}
		if d.Target != "" {
			g.Target, g.Reach = &target, c.play.Reach(s, d.Attacker, target)
		}
		return g, nil, nil
	}
	ability, isAbility := c.abilityOf(s, d)
	kind := d.Action
	if isAbility {
		kind = string(ability.Makes) // attack, ranged, charge or effect (anima.TypeAbility)
	}
	mods := anima.Modifiers{LongRange: d.LongRange, Cover: d.Cover, Elevated: d.Elevated}
	var cmd anima.Command
	action := anima.MeleeAttack
	switch kind {
	case "attack", "ranged":
		a := anima.Attack{Attacker: d.Attacker, Target: target, Ranged: kind == "ranged",
			AttackOptions: anima.AttackOptions{Mods: mods, Reaction: d.Reaction, GnosisAttack: d.GnosisA, GnosisDefense: d.GnosisD, Magic: isAbility && ability.Magic}}
		if isAbility {
			a.Ability, a.Cost = ability.Name, ability.Cost
		}
		if a.Ranged {
			action = anima.RangedAttack
			if sh, ok := anima.ParseRef(d.Shield); ok {
				a.Shield, target = &sh, sh // the odds are the shield's
			}
		}
		cmd = a
	case "charge", "slam":
		action, cmd = anima.ChargeAttack, c.charge(s, d, target, mods, kind == "slam", ability, isAbility)
	case "push":
		cmd = anima.Push{Attacker: d.Attacker, Target: target, Reaction: d.Reaction, GnosisAttack: d.GnosisA, GnosisDefense: d.GnosisD}
	default:
		return c.effect(d, target, ability), nil, nil
	}
	spec, err := s.AttackSpec(d.Attacker, target, action, mods, d.Reaction, d.GnosisA, d.GnosisD)
	if err != nil {
		return cmd, nil, err
	}
	return cmd, &spec, nil
}

// charge is the draft's charge (slam: a slam) at target, made with an ability when there is
// one; a Berserker's names the nearest enemies when the sketch has positions (R-STATE-8).
func (c *CombatSheet) charge(s anima.State, d *combatDraft, target anima.Ref, mods anima.Modifiers, slam bool, ability anima.Ability, isAbility bool) anima.Charge {
	dist, _ := strconv.ParseFloat(strings.TrimSpace(d.Distance), 64)
	ch := anima.Charge{Attacker: d.Attacker, Target: target, Distance: anima.Centimetres(dist), Slam: slam,
		AttackOptions: anima.AttackOptions{Mods: mods, Reaction: d.Reaction, GnosisAttack: d.GnosisA, GnosisDefense: d.GnosisD, Magic: isAbility && ability.Magic}}
	if att, _ := s.Character(d.Attacker); att.Berserk() {
		ch.Nearest = c.play.NearestEnemies(s, d.Attacker)
	}
	if isAbility {
		ch.Ability, ch.Cost = ability.Name, ability.Cost
	}
	return ch
}

// effect is the draft's effect ability on target (none: d.Target empty), with the state, level
// and difficulty chosen, and the upkeep said by the player for an own card that prints none.
func (c *CombatSheet) effect(d *combatDraft, target anima.Ref, ability anima.Ability) anima.UseAbility {
	u := anima.UseAbility{Ref: d.Attacker, Ability: ability.Name, Cost: ability.Cost, Upkeep: ability.Upkeep}
	if n, err := strconv.Atoi(strings.TrimSpace(d.Upkeep)); err == nil && ability.Upkeep == 0 {
		u.Upkeep = n
	}
	if d.Target != "" {
		u.Target = &target
	}
	if k, err := anima.ParseState(d.State); err == nil {
		u.State = &k
		u.Level, _ = strconv.Atoi(d.Level)
		u.Difficulty, _ = strconv.Atoi(d.Difficulty)
	}
	return u
}

// Render draws the combat assistant: choose the action, target, modifiers, reaction and
// Gnosis; see the exact odds; then roll in the app or enter the dice rolled at the table.
func (c *CombatSheet) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	s := c.play.Game().State()
	d := c.prepare(s)
	if d.Result != nil {
		return c.resultView(d)
	}
	att, _ := s.Character(d.Attacker)
	ability, isAbility := c.abilityOf(s, d)
	targets := c.targetOptions(s, d, isAbility && ability.Makes == anima.AbilityEffect)
	cmd, spec, specErr := c.command(s, d)
	_, isEffect := cmd.(anima.UseAbility)
	_, isOrder := cmd.(anima.GiveOrder)
	refusal := c.refusal(s, cmd, specErr)
	drawn := cmd
	if specErr != nil {
		drawn = nil
	}
	dice, diceReady := diceEntry(c.settings, "combat", s, drawn, &c.draft.Dice)
	charging := d.Action == "charge" || d.Action == "slam" || (isAbility && ability.Makes == anima.AbilityCharge)
	ranged := d.Action == "ranged" || (isAbility && ability.Makes == anima.AbilityRanged) // R-ATK-6's modifiers
	action := selectField("combat-action", c.t("Action"), c.actionOptions(s, att, d), d.Action, c.onField)
	return app.Div().Class("overlay").Body(app.Div().ID("combat").Class("sheet compact").Role("dialog").Aria("label", c.t("Combat")).Body(
		app.Div().Class("row spread").Body(
			app.H2().Text(fmt.Sprintf(c.t("%s acts"), att.Name)),
			app.Button().ID("close-combat").Class("icon").Aria("label", c.t("Close")).Text("✕").OnClick(closeSheet),
		),
		c.targetView(action, targets, d),
		c.interceptorsView(s, d),
		app.If(!isEffect && !isOrder, func() app.UI { return c.reactionView(s, d, charging, ranged) }).
			ElseIf(isEffect, func() app.UI { return c.effectView(s, d) }),
		c.oddsView(s, d, spec, specErr != nil || refusal != "", isOrder),
		slot(app.If(refusal != "", func() app.UI {
			return app.P().ID("combat-refusal").Class("bad").Role("alert").Body(ruleText(c.settings.Lang(), refusal)...)
		})),
		dice,
		app.Button().ID("combat-go").Class("primary wide").Text(c.t(map[bool]string{true: "Give the order", false: resolveLabel(d.Dice)}[isOrder])).Disabled(specErr != nil || cmd == nil || refusal != "" || !diceReady).
			OnClick(c.onGo),
	))
}

// refOf is the character text names (anima.ParseRef: "1/0"), or, for a text that names none
// (a draft with no target), a reference no state holds.
func refOf(text string) anima.Ref {
	r, _ := anima.ParseRef(text)
	return r
}

// closeSheet closes the sheet open over the tracker.
func closeSheet(ctx app.Context, e app.Event) { ctx.NewAction(actCloseSheet) }

// prepare is the sheet's draft: a new one for a new opening (as it was before a reload, if
// the game is still where it was), kept in the tab's storage until it has a result.
func (c *CombatSheet) prepare(s anima.State) *combatDraft {
	if c.draft == nil || c.opened != c.Opened { // go-app draws a component before it mounts it
		c.openCombat(s, c.Attacker, c.Action)
		if k, ok := keptDraftNow(c.play); ok && k.Attacker == c.Attacker && k.Action == c.Action {
			c.draft = &k.Draft // as it was before a reload
		}
	}
	d := c.draft
	if d.Result == nil {
		keepDraft(c.play, c.Attacker, c.Action, d)
	} else {
		dropDraft()
	}
	return d
}

// resultView is what the exchange did, with Done.
func (c *CombatSheet) resultView(d *combatDraft) app.UI {
	return app.Div().Class("overlay").Body(app.Div().ID("combat").Class("sheet").Role("dialog").Aria("label", c.t("Result")).Body(
		app.H2().Text(c.t("Result")),
		app.Ul().ID("combat-result").Class("plain").Body(app.Range(d.Result).Slice(func(i int) app.UI { return app.Li().Body(ruleText(c.settings.Lang(), d.Result[i])...) })),
		app.Button().ID("combat-done").Class("primary wide").Text(c.t("Done")).OnClick(closeSheet),
	))
}

// actionOptions are the actions the attacker may choose, each with its cost in actions: the
// attacks of its edition, an Arbiter's orders with a target, its attacking and effect
// abilities.
func (c *CombatSheet) actionOptions(s anima.State, att anima.Character, d *combatDraft) []opt {
	priced := func(label string, cmd anima.Command) string {
		return fmt.Sprintf("%s · %d", label, anima.Cost(s, cmd))
	}
	actions := []opt{{"attack", priced(c.t("Attack"), anima.Attack{})}, {"charge", priced(c.t("Charge"), anima.Charge{})}}
	if att.Range > 0 {
		actions = append(actions, opt{"ranged", priced(c.t("Shoot"), anima.Attack{Ranged: true})})
	}
	if s.Edition == anima.Alpha {
		actions = append(actions, opt{"push", priced(c.t("Push"), anima.Push{})}, opt{"slam", priced(c.t("Slam"), anima.Charge{Slam: true})})
	}
	for i, o := range att.Orders {
		if o.Target {
			actions = append(actions, opt{orderAction(i), orderLabel(c.settings.Lang(), o)})
		}
	}
	for i, a := range c.abilities(s, d.Attacker) {
		if a.Makes != "" && a.Makes != anima.AbilityOrder {
			actions = append(actions, opt{abilityAction(i), fmt.Sprintf("%s (%s) · %d", a.Name, a.KeywordsIn(c.settings.Lang()), a.Cost)})
		}
	}
	return actions
}

// targetOptions are the characters the action may aim at: the enemies in play; anyone else
// for an order (R-ARB-1); anyone, the user too, for an effect (anyone).
func (c *CombatSheet) targetOptions(s anima.State, d *combatDraft, anyone bool) []opt {
	var targets []opt
	order := strings.HasPrefix(d.Action, "order:")
	for side := range s.Sides {
		for i, ch := range s.Sides[side].Characters {
			self := anima.Ref{Side: side, Index: i} == d.Attacker
			if ch.InPlay() && (side != d.Attacker.Side || order || anyone) && !(order && self) {
				targets = append(targets, opt{anima.Ref{Side: side, Index: i}.String(), ch.Name})
			}
		}
	}
	return targets
}

// refusal is what a rule says against the exchange before the dice (a Berserker charging
// another than the nearest enemy, a hidden target, too few actions), or "".
func (c *CombatSheet) refusal(s anima.State, cmd anima.Command, specErr error) string {
	if cmd != nil && specErr == nil {
		if err := anima.Check(s, cmd); err != nil {
			return c.settings.ErrText(err)
		}
	}
	return ""
}

// oddsView is the exact odds of the attack (anima.ComputeOdds): hit, critical, expected LP
// lost, the target taken out, a counterattack; or what is missing to compute them. quiet: a
// refusal or a draft that cannot be read is said elsewhere.
func (c *CombatSheet) oddsView(s anima.State, d *combatDraft, spec *anima.AttackSpec, quiet, isOrder bool) app.UI {
	var odds app.UI = app.P().Class("muted small") // a target chosen: the refusal, if any, says the rest
	switch {
	case isOrder:
		odds = app.P().Class("muted small").Text(c.t("The target must be in the zone of influence, in sight."))
	case d.Target == "": // the hint only while no target is chosen
		odds = app.P().ID("target-hint").Class("muted small").Text(c.t("Choose a target"))
	}
	if spec == nil || quiet {
		return odds
	}
	o, err := anima.ComputeOdds(*spec)
	if err != nil {
		return app.P().ID("odds").Class("bad").Text(c.settings.ErrText(err))
	}
	tgt, _ := s.Character(refOf(d.Target))
	kill := o.TakesOut(tgt.LP)
	return app.Div().ID("odds").Class("odds").Body(
		app.Span().Text(fmt.Sprintf("%s %.0f%%", c.t("Hit"), 100*o.Hit)),
		app.Span().Text(fmt.Sprintf("%s %.0f%%", c.t("Critical"), 100*o.Crit)),
		app.Span().Text(fmt.Sprintf("%s %s %s", c.t("Expected"), text.Decimal{V: o.ExpectedLPLoss, Prec: 1}.In(c.settings.Lang()), c.t("LP"))),
		app.Span().Text(fmt.Sprintf("%s %.0f%%", c.t("Takes out"), 100*kill)),
		app.If(d.Reaction == anima.Counterattack, func() app.UI {
			return app.Span().Text(fmt.Sprintf("%s %.0f%%", c.t("Counterattack"), 100*o.Counterattack))
		}),
	)
}

// targetView is the action and the target: few targets are buttons, one tap each; more are
// a list.
func (c *CombatSheet) targetView(action app.UI, targets []opt, d *combatDraft) app.UI {
	if len(targets) > maxTargetButtons {
		return app.Div().Class("row pair").Body(
			action,
			selectField("combat-target", c.t("Target"), append([]opt{{none, "—"}}, targets...), orDash(d.Target), c.onField),
		)
	}
	return app.Div().Body(
		action,
		app.Div().ID("combat-target").Class("field").Role("group").Aria("label", c.t("Target")).Body(
			app.Span().Text(c.t("Target")),
			app.Div().Class("row segmented").Body(app.Range(targets).Slice(func(i int) app.UI {
				return app.Button().Class("grow").Attr(attrTarget, targets[i].value).Attr("data-name", targets[i].label).
					Aria("pressed", strconv.FormatBool(d.Target == targets[i].value)).Text(targets[i].label).OnClick(c.setTarget)
			})),
		),
	)
}

// interceptorsView names who may intercept a charge, where the sketch of the table has both
// characters (R-ATK-9); nothing otherwise.
func (c *CombatSheet) interceptorsView(s anima.State, d *combatDraft) app.UI {
	if d.Target == "" || (d.Action != "charge" && d.Action != "slam") {
		return nil
	}
	_, who, ok := c.play.TableModifiers(s, d.Attacker, refOf(d.Target))
	if !ok {
		return nil
	}
	text := c.t("No one can intercept this charge on the table.")
	if len(who) > 0 {
		text = c.t("May intercept this charge:") + " " + strings.Join(who, ", ")
	}
	return app.P().ID("interceptors").Class("small").Text(text)
}

// reactionView is the defender's reaction, one tap (R-ATK-2, R-ATK-5); then, in sight, a
// Gnosis point for the attacker's roll and for the defender's, each its side's (R-GNO-2), and a
// charge's distance (R-ATK-9); a ranged attack's modifiers (R-ATK-6) are folded under one line
// that says which apply (the sketch of the table sets long range, cover and elevation where
// both stand on it).
func (c *CombatSheet) reactionView(s anima.State, d *combatDraft, charging, ranged bool) app.UI {
	reaction := func(r anima.Reaction, label string) app.UI {
		if r != anima.NoReaction {
			label = fmt.Sprintf("%s · %d", label, anima.ReactionCost(r))
		}
		return app.Button().ID("reaction-"+string(r)).Class("grow").Attr(attrReaction, string(r)).
			Aria("pressed", strconv.FormatBool(d.Reaction == r)).Text(label).OnClick(c.setReaction)
	}
	return app.Div().Body(
		app.Div().ID("combat-reaction").Class("field").Role("group").Aria("label", c.t("Defender's reaction")).Body(
			app.Span().Text(c.t("Defender's reaction")),
			app.Div().Class("row segmented").Body(
				reaction(anima.NoReaction, c.t("None")),
				reaction(anima.Dodge, c.t("Dodge")),
				reaction(anima.Counterattack, c.t("Counterattack")),
			),
		),
		app.Div().ID("combat-gnosis").Class("row segmented gnosis-row").Body(
			c.gnosisButton(s, "gnosis-attack", "Gnosis for the attacker", d.Attacker.String(), d.GnosisA),
			c.gnosisButton(s, "gnosis-defense", "Gnosis for the defender", d.Target, d.GnosisD),
			app.If(charging, func() app.UI {
				return app.Label().ID("combat-distance-field").Class("distance").Body(
					app.Span().Class("small").Text(c.t("Distance")),
					app.Span().Class("row").Body(
						app.Input().ID("combat-distance").Type("text").Attr("inputmode", "decimal").Aria("label", c.t("Charge distance (cm)")).
							Value(d.Distance).OnInput(c.onField),
						app.Span().Text(c.t("cm")),
					),
				)
			}),
		),
		app.If(ranged, func() app.UI {
			return app.Details().ID("combat-mods").Class("mods").Open(d.ModsOpen).On("toggle", c.onModsToggle).Body(
				app.Summary().ID("combat-mods-line").Text(c.modsLine(d)),
				app.Div().Class("checks").Body(
					checkBox("mod-long", c.t("Long range"), d.LongRange, c.onField),
					checkBox("mod-cover", c.t("Cover"), d.Cover, c.onField),
					checkBox("mod-elevated", c.t("Elevated"), d.Elevated, c.onField),
				),
				c.shieldView(s, d),
			)
		}),
	)
}

// gnosisButton is the toggle that spends a Gnosis point of who's side on who's roll (R-GNO-2):
// "Gnosis 2/2" over who's name ("—" before a target is chosen); label names it for screen
// readers; who is the character's reference as the draft keeps it. The engine refuses a point the side has not (the sheet then says why).
func (c *CombatSheet) gnosisButton(s anima.State, id, label, who string, on bool) app.UI {
	count, name := "", "—"
	if r := refOf(who); who != "" {
		if ch, ok := s.Character(r); ok {
			count, name = " "+gnosisText(s, r.Side), ch.Name
		}
	}
	return app.Button().ID(id).Class("grow gnosis").Aria("pressed", strconv.FormatBool(on)).Aria("label", c.t(label)).
		OnClick(c.toggleGnosis).Body(
		app.Span().Class("small").Text(c.t("Gnosis")+count),
		app.Strong().Text(name),
	)
}

// toggleGnosis answers a tap on a Gnosis toggle (gnosisButton), named by its element's id.
func (c *CombatSheet) toggleGnosis(ctx app.Context, e app.Event) {
	if d := c.draft; d != nil {
		switch ctx.JSSrc().Get("id").String() {
		case "gnosis-attack":
			d.GnosisA = !d.GnosisA
		case "gnosis-defense":
			d.GnosisD = !d.GnosisD
		}
	}
}

// modsLine names the ranged attack's modifiers that apply (R-ATK-6).
func (c *CombatSheet) modsLine(d *combatDraft) string {
	var mods []string
	for _, m := range []struct {
		on    bool
		label string
	}{{d.LongRange, "Long range"}, {d.Cover, "Cover"}, {d.Elevated, "Elevated"}} {
		if m.on {
			mods = append(mods, c.t(m.label))
		}
	}
	if len(mods) == 0 {
		return c.t("Modifiers: none")
	}
	return fmt.Sprintf(c.t("Modifiers: %s"), strings.Join(mods, ", "))
}

// effectView is an effect's state, level and difficulty, and its upkeep.
func (c *CombatSheet) effectView(s anima.State, d *combatDraft) app.UI {
	states := []opt{{none, "—"}}
	for _, k := range allStates {
		states = append(states, opt{k.String(), stateLabel(k, c.settings.Lang())})
	}
	return app.Div().Body(
		selectField("combat-state", c.t("State"), states, orDash(d.State), c.onField),
		app.Div().Class("row").Body(
			app.Label().Class("field grow").Body(app.Span().Text(c.t("Level")), app.Input().ID("combat-level").Type("text").Attr("inputmode", "numeric").Value(d.Level).
				OnInput(c.onField)),
			app.Label().Class("field grow").Body(app.Span().Text(c.t("Difficulty")), app.Input().ID("combat-difficulty").Type("text").Attr("inputmode", "numeric").Value(d.Difficulty).
				OnInput(c.onField)),
		),
		c.upkeepField(s, d),
	)
}

// onModsToggle keeps whether the modifiers are unfolded.
func (c *CombatSheet) onModsToggle(ctx app.Context, e app.Event) {
	if c.draft != nil {
		c.draft.ModsOpen = ctx.JSSrc().Get("open").Truthy()
	}
}

// onGo sends the exchange, built from the draft when tapped.
func (c *CombatSheet) onGo(ctx app.Context, e app.Event) {
	if cmd, _, err := c.command(c.play.Game().State(), c.draft); err == nil {
		c.resolve(ctx, cmd)
	}
}

// onField keeps what the player chose, ticked or typed in one of the sheet's fields, named by
// its element's id, in the draft open when the event comes (go-app keeps a field's first
// handler, drawn for the draft of an earlier opening).
func (c *CombatSheet) onField(ctx app.Context, e app.Event) {
	d := c.draft
	if d == nil {
		return
	}
	el := ctx.JSSrc()
	checked, value := el.Get("checked").Truthy(), el.Get("value").String()
	switch el.Get("id").String() {
	case "combat-action":
		d.Action = chosen(ctx)
	case "combat-target":
		d.Target, d.Shield = chosen(ctx), ""
		c.fromTable(c.play.Game().State(), d)
	case "combat-shield":
		d.Shield = chosen(ctx)
	case "combat-state":
		d.State = chosen(ctx)
	case "combat-level":
		d.Level = value
	case "combat-difficulty":
		d.Difficulty = value
	case "combat-distance":
		d.Distance = value
	case "mod-long":
		d.LongRange = checked
	case "mod-cover":
		d.Cover = checked
	case "mod-elevated":
		d.Elevated = checked
	}
}

// shieldView offers the friends of the target that may take the shot instead (R-ATK-10), a
// hidden one too, revealed by it: those the engine allows; nothing where none may.
func (c *CombatSheet) shieldView(s anima.State, d *combatDraft) app.UI {
	target, ok := anima.ParseRef(d.Target)
	if !ok {
		return nil
	}
	opts := []opt{{"", c.t("No one: the target takes it")}}
	for i, f := range s.Sides[target.Side].Characters {
		r := anima.Ref{Side: target.Side, Index: i}
		if r == target || !anima.Allowed(s, anima.Attack{Attacker: d.Attacker, Target: target, Ranged: true, Shield: &r}) {
			continue
		}
		label := f.Name
		if f.Hidden {
			label = fmt.Sprintf(c.t("%s (hidden: revealed by it)"), f.Name)
		}
		opts = append(opts, opt{r.String(), label})
	}
	if len(opts) == 1 {
		return nil
	}
	return selectField("combat-shield", c.t("Human shield"), opts, d.Shield, c.onField)
}

// attrReaction names a reaction button's reaction (anima.Reaction); attrTarget a target
// button's character (anima.Ref's text).
const (
	attrReaction = "data-reaction"
	attrTarget   = "data-target"
)

// maxTargetButtons is the most targets offered as buttons (one tap); more are a list to choose
// from.
const maxTargetButtons = 3

// setTarget answers a tap on a target's button: the draft takes the character it names, and
// what the sketch of the table says of the two.
func (c *CombatSheet) setTarget(ctx app.Context, e app.Event) {
	if c.draft != nil {
		c.draft.Target, c.draft.Shield = ctx.JSSrc().Call("getAttribute", attrTarget).String(), ""
		c.fromTable(c.play.Game().State(), c.draft)
	}
}

// setReaction answers a tap on a reaction's button: the draft takes the reaction it names.
func (c *CombatSheet) setReaction(ctx app.Context, e app.Event) {
	if c.draft != nil {
		c.draft.Reaction = anima.Reaction(ctx.JSSrc().Call("getAttribute", attrReaction).String())
	}
}

// upkeepField says what keeping the chosen ability active costs each Maintenance phase, as its
// card prints it, or asks for it when the card prints none (an own card). R-TURN-3.
func (c *CombatSheet) upkeepField(s anima.State, d *combatDraft) app.UI {
	ability, ok := c.abilityOf(s, d)
	ch, _ := s.Character(d.Attacker)
	switch upkeep := ch.SustainCost(ability.Name, ability.Upkeep); {
	case !ok:
		return nil
	case upkeep > 0:
		return app.P().ID("combat-upkeep").Class("small").Text(c.n(upkeep, "Kept active: upkeep %d action each Maintenance", "Kept active: upkeep %d actions each Maintenance"))
	case c.ownCard(ch.Name):
		return app.Label().Class("field").Body(app.Span().Text(c.t("Upkeep (actions each Maintenance; 0 or empty: none)")),
			app.Input().ID("combat-upkeep").Type("text").Attr("inputmode", "numeric").Value(d.Upkeep).
				OnInput(func(ctx app.Context, e app.Event) { c.draft.Upkeep = ctx.JSSrc().Get("value").String() }))
	}
	return nil
}

// ownCard reports whether the character's card is one of the player's own cards, not the
// catalog's.
func (c *CombatSheet) ownCard(name string) bool {
	_, inCatalog := c.cards.Catalog().Character(name)
	return !inCatalog
}

// resolveLabel is the sheet's main button: the app rolls when no die is entered.
func resolveLabel(d diceDraft) string {
	if len(d.Entered) == 0 {
		return "Roll in the app"
	}
	return "Resolve with these dice"
}

func orDash(v string) string {
	if v == "" {
		return none
	}
	return v
}

// resolve sends the command with the dice entered; once the game takes it, the sheet shows
// what happened.
func (c *CombatSheet) resolve(ctx app.Context, cmd anima.Command) {
	d := c.draft
	switch out := c.s.ask(ctx, session.Command{Cmd: cmd, Dice: d.Dice.Entered, Listed: true}); {
	case out.Taken:
		d.Result = anima.Explain(out.Game.Before, out.Game.Events, c.settings.Lang())
	case out.Sent: // on two phones the host decides: the tracker and the history show it then
		ctx.NewAction(actCloseSheet)
	}
}
