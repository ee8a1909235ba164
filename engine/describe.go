package engine

import "gnosis/engine/text"

// History is a game's log as lines a player reads, turn by turn, in lang ("en", "es" or
// "it"): one line per event worth telling, with the gesture it belongs to.
type HistoryLine struct {
	Gesture int
	Turn    int
	Text    string
}

// History tells the log in lang.
func History(log []Entry, lang string) []HistoryLine {
	var out []HistoryLine
	var s State
	lang = text.Lang(lang)
	for _, e := range log {
		if text := describe(s, e.Event, lang); text != "" {
			out = append(out, HistoryLine{Gesture: e.Gesture, Turn: max(s.Flow.Turn, 1), Text: text})
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

func describe(s State, ev Event, lang string) string {
	t := func(key string, args ...any) string {
		return text.F(lang, "history:"+key, args...)
	}
	name := func(r Ref) string {
		c, _ := s.Character(r)
		return c.Name
	}
	why := func(w Reason) string {
		if w == "" {
			return ""
		}
		return " (" + w.In(lang) + ")"
	}
	actions := func(n int) text.Count { return text.N(n, "%d action", "%d actions") }
	switch e := ev.(type) {
	case GameStarted:
		return t("start", e.Sides[0].Name, e.Sides[1].Name)
	case PhaseBegan:
		return t("phase", e.Flow.Turn, e.Flow.Phase)
	case GameEnded, FlagHome:
		return t("end")
	case LPChanged:
		if e.Delta < 0 {
			return t("lp-", name(e.Ref), -e.Delta, why(e.Why))
		}
		return t("lp+", name(e.Ref), e.Delta, why(e.Why))
	case ActionsChanged:
		if e.Delta < 0 {
			return t("act-", name(e.Ref), actions(-e.Delta))
		}
		return t("act+", name(e.Ref), actions(e.Delta))
	case ActionsSpent:
		return t("spent", name(e.Ref), actions(e.Actions), e.For)
	case ActionsRecovered:
		return t("recovered", name(e.Ref), actions(e.Gained))
	case ActivationBegan:
		return t("activate", name(e.Ref))
	case ActivationEnded:
		return t("ended", name(e.Ref))
	case ActivationSet:
		if e.Activated {
			return t("turned", name(e.Ref))
		}
	case AttackResolved:
		res := t("miss")
		switch {
		case e.Outcome.Critical:
			res = t("crit")
		case e.Outcome.Hit:
			res = t("hit")
		}
		return t("attack", name(e.Attacker), name(e.Target), Reason(e.Action), e.Attack.Dice, e.Outcome.Total, e.Outcome.DefenseVal, res)
	case StateChanged:
		return t("state", name(e.Ref), e.Delta, e.State)
	case GnosisSpent:
		return t("gnosis", s.Sides[e.Side].Name)
	case FirstRolled:
		var dice [2][]int
		for _, r := range e.Rounds {
			for side := range 2 {
				dice[side] = append(dice[side], r[side].Dice...)
			}
		}
		return t("first", s.Sides[0].Name, dice[0], s.Sides[1].Name, dice[1], s.Sides[e.First].Name)
	case Moved:
		return t("moved", name(e.Ref), e.How, text.Decimal{V: float64(e.Distance), Prec: -1})
	case Rolled:
		outcome := t("failed")
		if e.Success {
			outcome = t("ok")
		}
		return t("rolled", name(e.Ref), e.Check, e.Total, outcome)
	case Placed:
		return t("placed", name(e.Ref), e.Why)
	case Removed:
		return t("removed", name(e.Ref), e.Why)
	case BindChanged:
		if e.Delta < 0 {
			return t("bind", name(e.Ref))
		}
	case Engagement:
		if e.Engaged {
			return t("engaged", name(e.A), name(e.B))
		}
	case HiddenSet:
		if e.Hidden {
			return t("hidden", name(e.Ref))
		}
		if c, _ := s.Character(e.Ref); c.Hidden {
			return t("revealed", name(e.Ref))
		}
	case KnockedBack:
		return t("knockback", name(e.Ref), text.Decimal{V: float64(e.Distance), Prec: -1})
	case OrderPointsChanged:
		if e.Order != "" && e.Target != nil {
			return t("order-on", name(e.Ref), e.Order, name(*e.Target), e.Delta)
		}
		if e.Order != "" {
			return t("order", name(e.Ref), e.Order, e.Delta)
		}
		return t("orders", name(e.Ref), e.Delta)
	case CardDiscarded:
		return t("card-discarded", name(e.Ref), e.Card)
	case SideCardPlayed:
		if e.Delta > 0 {
			return t("card-played", s.Sides[e.Side].Name, e.Card)
		}
		return t("play-back", s.Sides[e.Side].Name, e.Card)
	case CardUsed:
		if e.Delta > 0 {
			return t("card-used", name(e.Ref), e.Card)
		}
		return t("card-back", name(e.Ref), e.Card)
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
