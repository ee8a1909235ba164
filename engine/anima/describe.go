package anima

import (
	"strconv"

	"gnosis/engine/text"
)

// History is a game's log as lines a player reads, turn by turn, in lang ("en", "es" or
// "it"): one line per event worth telling, with the gesture it belongs to.
type HistoryLine struct {
	Gesture int
	Turn    int
	Text    string
}

// History tells the log in lang.
func History(log []Entry, lang string) []HistoryLine { return HistoryPaced(log, lang, nil) }

// HistoryPaced is History, tick (nil: none) called between the log's entries (a core.Paced
// work's).
func HistoryPaced(log []Entry, lang string, tick func()) []HistoryLine {
	var out []HistoryLine
	var s State
	lang = text.Lang(lang)
	for _, e := range log {
		if tick != nil {
			tick()
		}
		if text := describe(s, e.Event, lang); text != "" {
			turn := max(s.Flow.Turn, 1)
			if pb, ok := e.Event.(PhaseBegan); ok { // a new turn's first line is that turn's
				turn = pb.Flow.Turn
			}
			out = append(out, HistoryLine{Gesture: e.Gesture, Turn: turn, Text: text})
		}
		fold(&s, e.Event)
	}
	return out
}

// In is the phase in lang ("Recuperación").
func (p Phase) In(lang string) string { return text.Word(lang, "phase", p.String()) }

// In is the movement in lang ("caminar").
func (k MoveKind) In(lang string) string { return Reason(k).In(lang) }

// In is the state in lang ("veneno").
func (k StateKind) In(lang string) string { return text.Word(lang, "state", k.String()) }

// In is the group in lang ("Equipaggiamento").
func (g AdvantageGroup) In(lang string) string { return text.Word(lang, "group", string(g)) }

// teller says the history's lines of events that follow a state, in lang.
type teller struct {
	s    State
	lang string
}

// t is the history's line key with args.
func (d teller) t(key string, args ...any) string { return text.F(d.lang, "history:"+key, args...) }

// name is the name of the character r.
// In a mirror match (a character of that name on both sides) the name says its side
// ("Nero (Church 2)"), so that the history tells the two apart.
func (d teller) name(r Ref) string {
	c, _ := d.s.Character(r)
	if r.Side == 0 || r.Side == 1 {
		for _, o := range d.s.Sides[1-r.Side].Characters {
			if o.Name == c.Name {
				return c.Name + " (" + d.side(r.Side) + ")"
			}
		}
	}
	return c.Name
}

// side is side i's name, with its number where both sides bear one name (a mirror match:
// "Church 1", "Church 2").
func (d teller) side(i int) string {
	if d.s.Sides[0].Name == d.s.Sides[1].Name {
		return d.s.Sides[i].Name + " " + strconv.Itoa(i+1)
	}
	return d.s.Sides[i].Name
}

// why is a reason in brackets, or nothing.
func (d teller) why(w Reason) string {
	if w == "" {
		return ""
	}
	return " (" + w.In(d.lang) + ")"
}

func actions(n int) text.Count { return text.N(n, "%d action", "%d actions") }

// describe is the history's line of ev, which follows s, or "" for an event it does not tell.
func describe(s State, ev Event, lang string) string {
	d := teller{s, lang}
	if line, ok := d.game(ev); ok {
		return line
	}
	if line, ok := d.counters(ev); ok {
		return line
	}
	return d.table(ev)
}

// game tells the turn's events: the start, the phases, the end, Gnosis, who acts first,
// activations, a side's cards.
func (d teller) game(ev Event) (string, bool) {
	switch e := ev.(type) {
	case GameStarted:
		return d.t("start", e.Sides[0].Name, e.Sides[1].Name), true
	case PhaseBegan:
		return d.t("phase", e.Flow.Turn, e.Flow.Phase), true
	case GameEnded, FlagHome:
		return d.t("end"), true
	case Conceded:
		return d.t("conceded", d.side(e.Side), d.side(1-e.Side)), true
	case FlagPickedUp:
		return d.t("flag-picked-up", d.name(e.Ref)), true
	case FlagReturned:
		return d.t("flag-returned", d.side(e.Side)), true
	case GnosisSpent:
		return d.t("gnosis", d.side(e.Side)), true
	case DiceRolled:
		if e.For != "" {
			return d.t("dice-for", d.side(e.Side), CheckKind(e.For).In(d.lang), e.Roll.Dice, e.Roll.Kept), true // a check's name, or the words as said
		}
		return d.t("dice", d.side(e.Side), e.Roll.Dice, e.Roll.Kept), true
	case FirstRolled:
		var dice [2][]int
		for _, r := range e.Rounds {
			for side := range 2 {
				dice[side] = append(dice[side], r[side].Dice...)
			}
		}
		return d.t("first", d.side(0), dice[0], d.side(1), dice[1], d.side(e.First)), true
	case ActivationBegan:
		return d.t("activate", d.name(e.Ref)), true
	case ActivationEnded:
		return d.t("ended", d.name(e.Ref)), true
	case ActivationSet:
		if e.Activated {
			return d.t("turned", d.name(e.Ref)), true
		}
		return "", true
	case SideCardPlayed:
		if e.Delta > 0 {
			return d.t("card-played", d.side(e.Side), e.Card), true
		}
		return d.t("play-back", d.side(e.Side), e.Card), true
	}
	return "", false
}

// counters tells a character's counters changed: LP, actions, states, Bind, Order points,
// its cards.
func (d teller) counters(ev Event) (string, bool) {
	switch e := ev.(type) {
	case LPChanged:
		if c, _ := d.s.Character(e.Ref); e.Delta < 0 && c.InPlay() && c.LP+e.Delta <= 0 { // R-ATK-11
			return d.t("lp-out", d.name(e.Ref), -e.Delta, d.why(e.Why)), true
		}
		if e.Delta < 0 {
			return d.t("lp-", d.name(e.Ref), -e.Delta, d.why(e.Why)), true
		}
		return d.t("lp+", d.name(e.Ref), e.Delta, d.why(e.Why)), true
	case ActionsChanged:
		if e.Delta < 0 {
			return d.t("act-", d.name(e.Ref), actions(-e.Delta)), true
		}
		return d.t("act+", d.name(e.Ref), actions(e.Delta)), true
	case ActionsSpent:
		return d.t("spent", d.name(e.Ref), actions(e.Actions), e.For), true
	case ActionsRecovered:
		return d.t("recovered", d.name(e.Ref), actions(e.Gained)), true
	case StateChanged:
		return d.t("state", d.name(e.Ref), e.Delta, e.State), true
	case BindChanged:
		if e.Delta < 0 {
			return d.t("bind", d.name(e.Ref)), true
		}
		return "", true
	case OrderPointsChanged:
		return d.order(e), true
	case CardDiscarded:
		return d.t("card-discarded", d.name(e.Ref), e.Card), true
	case CardUsed:
		if e.Delta > 0 {
			return d.t("card-used", d.name(e.Ref), e.Card), true
		}
		return d.t("card-back", d.name(e.Ref), e.Card), true
	}
	return "", false
}

// order tells an Arbiter's Order points spent or gained: on an order, at a target (R-ARB-1).
func (d teller) order(e OrderPointsChanged) string {
	switch {
	case e.Order != "" && e.Target != nil:
		return d.t("order-on", d.name(e.Ref), e.Order, d.name(*e.Target), e.Delta)
	case e.Order != "":
		return d.t("order", d.name(e.Ref), e.Order, e.Delta)
	}
	return d.t("orders", d.name(e.Ref), e.Delta)
}

// table tells what happened on the table: attacks, movements, checks rolled, characters
// placed, removed, engaged, hidden, knocked back.
func (d teller) table(ev Event) string {
	switch e := ev.(type) {
	case AttackResolved:
		res := d.t("miss")
		switch {
		case e.Outcome.Critical:
			res = d.t("crit")
		case e.Outcome.Hit:
			res = d.t("hit")
		}
		return d.t("attack", d.name(e.Attacker), d.name(e.Target), Reason(e.Action), e.Attack.Dice, e.Outcome.Total, e.Outcome.DefenseVal, res)
	case Moved:
		return d.t("moved", d.name(e.Ref), e.How, text.Decimal{V: float64(e.Distance), Prec: -1})
	case Rolled:
		outcome := d.t("failed")
		if e.Success {
			outcome = d.t("ok")
		}
		return d.t("rolled", d.name(e.Ref), e.Check, e.Total, outcome)
	case Placed:
		return d.t("placed", d.name(e.Ref), e.Why)
	case Removed:
		return d.t("removed", d.name(e.Ref), e.Why)
	case Engagement:
		if e.Engaged {
			return d.t("engaged", d.name(e.A), d.name(e.B))
		}
	case HiddenSet:
		if e.Hidden {
			return d.t("hidden", d.name(e.Ref))
		}
		if c, _ := d.s.Character(e.Ref); c.Hidden {
			return d.t("revealed", d.name(e.Ref))
		}
	case KnockedBack:
		return d.t("knockback", d.name(e.Ref), text.Decimal{V: float64(e.Distance), Prec: -1})
	}
	return ""
}

// Describe tells events that follow state s, in lang (for a preview of what a command will do).
func Describe(s State, evs []Event, lang string) []string { return tell(s, evs, lang, false) }

// Explain is Describe with each attack's steps after its line: every die of both sides and
// the one kept, the totals (R-ATK-1), the success level (R-ATK-2, R-ATK-4), the damage and
// armor (R-ATK-3) and the LP lost. The combat assistant shows it as an attack's result.
func Explain(s State, evs []Event, lang string) []string { return tell(s, evs, lang, true) }

func tell(s State, evs []Event, lang string, steps bool) []string {
	lang = text.Lang(lang)
	s = s.Clone()
	var out []string
	for _, ev := range evs {
		if text := describe(s, ev, lang); text != "" {
			out = append(out, text)
		}
		if a, ok := ev.(AttackResolved); ok && steps {
			out = append(out, attackSteps(s, a, lang)...)
		}
		fold(&s, ev)
	}
	return out
}

// attackSteps are the lines of Explain for one attack.
func attackSteps(s State, e AttackResolved, lang string) []string {
	t := func(key string, args ...any) string { return text.F(lang, "steps:"+key, args...) }
	att, _ := s.Character(e.Attacker)
	def, _ := s.Character(e.Target)
	o := e.Outcome
	out := []string{"R-ATK-1: " + t("attack", att.Name, e.Attack.Dice, e.Attack.Kept, e.Attack.Kept, o.Total-e.Attack.Kept, o.Total)}
	if e.Defense != nil {
		out = append(out, "R-ATK-1: "+t("reaction", def.Name, Reason(e.Reaction), e.Defense.Dice, e.Defense.Kept, o.DefenseVal-e.Defense.Kept, e.Defense.Kept, o.DefenseVal))
	} else {
		out = append(out, "R-ATK-1: "+t("defense", def.Name, o.DefenseVal))
	}
	if !o.Hit {
		miss := "R-ATK-1: " + t("miss", o.Total, o.DefenseVal)
		if o.Counter {
			miss = "R-ATK-5: " + t("miss", o.Total, o.DefenseVal)
		}
		return append(out, miss)
	}
	armor := specFor(s.Edition, att, def, e.Action, 0, e.Reaction, false, false).Armor
	if o.Critical {
		out = append(out, "R-ATK-4: "+t("critical", e.Attack.Kept))
	}
	return append(out, "R-ATK-2, R-ATK-3: "+t("hit", o.SL, o.Damage-o.SL, o.SL, o.Damage, armor, o.LPLoss))
}
