package engine

import (
	"fmt"
	"strings"
)

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
	lang = baseLang(lang)
	for _, e := range log {
		if text := describe(s, e.Event, lang); text != "" {
			out = append(out, HistoryLine{Gesture: e.Gesture, Turn: max(s.Flow.Turn, 1), Text: text})
		}
		fold(&s, e.Event)
	}
	return out
}

var historyTexts = map[string]map[string]string{
	"first":       {"en": "Who acts first: %s rolls %v, %s rolls %v; %s acts first", "es": "Quién actúa primero: %s tira %v, %s tira %v; %s actúa primero", "it": "Chi agisce per primo: %s tira %v, %s tira %v; %s agisce per primo"},
	"start":       {"en": "The game begins: %s against %s", "es": "Empieza la partida: %s contra %s", "it": "Inizia la partita: %s contro %s"},
	"phase":       {"en": "Turn %d: %s phase", "es": "Turno %d: fase de %s", "it": "Turno %d: fase di %s"},
	"lp-":         {"en": "%s loses %d LP%s", "es": "%s pierde %d PV%s", "it": "%s perde %d PV%s"},
	"lp+":         {"en": "%s gains %d LP%s", "es": "%s gana %d PV%s", "it": "%s guadagna %d PV%s"},
	"act-":        {"en": "%s: %d actions fewer", "es": "%s: %d acciones menos", "it": "%s: %d azioni in meno"},
	"act+":        {"en": "%s: %d actions more", "es": "%s: %d acciones más", "it": "%s: %d azioni in più"},
	"spent":       {"en": "%s spends %d actions: %s", "es": "%s gasta %d acciones: %s", "it": "%s spende %d azioni: %s"},
	"recovered":   {"en": "%s recovers %d actions", "es": "%s recupera %d acciones", "it": "%s recupera %d azioni"},
	"activate":    {"en": "%s is activated", "es": "%s se activa", "it": "%s si attiva"},
	"ended":       {"en": "%s ends its activation", "es": "%s termina su activación", "it": "%s termina la sua attivazione"},
	"turned":      {"en": "%s's card is turned", "es": "La carta de %s se gira", "it": "La carta di %s viene girata"},
	"attack":      {"en": "%s attacks %s (%s): rolls %v, %d against %d, %s", "es": "%s ataca a %s (%s): tira %v, %d contra %d, %s", "it": "%s attacca %s (%s): tira %v, %d contro %d, %s"},
	"hit":         {"en": "hit", "es": "impacta", "it": "colpisce"},
	"crit":        {"en": "critical hit", "es": "crítico", "it": "critico"},
	"miss":        {"en": "miss", "es": "falla", "it": "manca"},
	"state":       {"en": "%s: %+d %s", "es": "%s: %+d %s", "it": "%s: %+d %s"},
	"gnosis":      {"en": "%s spends a Gnosis point", "es": "%s gasta un punto de Gnosis", "it": "%s spende un punto Gnosis"},
	"moved":       {"en": "%s: %s, %g cm", "es": "%s: %s, %g cm", "it": "%s: %s, %g cm"},
	"rolled":      {"en": "%s: %s check, %d (%s)", "es": "%s: chequeo de %s, %d (%s)", "it": "%s: prova di %s, %d (%s)"},
	"ok":          {"en": "passed", "es": "superado", "it": "superata"},
	"failed":      {"en": "failed", "es": "fallado", "it": "fallita"},
	"placed":      {"en": "%s comes onto the table (%s)", "es": "%s entra en la mesa (%s)", "it": "%s entra in tavolo (%s)"},
	"removed":     {"en": "%s leaves the table (%s)", "es": "%s sale de la mesa (%s)", "it": "%s lascia il tavolo (%s)"},
	"bind":        {"en": "%s loses a Bind point", "es": "%s pierde un punto de Vínculo", "it": "%s perde un punto Vincolo"},
	"end":         {"en": "The game is over", "es": "La partida ha terminado", "it": "La partita è finita"},
	"engaged":     {"en": "%s and %s are engaged", "es": "%s y %s entran en combate", "it": "%s e %s sono ingaggiati"},
	"hidden":      {"en": "%s hides", "es": "%s se oculta", "it": "%s si nasconde"},
	"revealed":    {"en": "%s is revealed", "es": "%s es descubierto", "it": "%s è scoperto"},
	"knockback":   {"en": "%s is thrown %g cm", "es": "%s sale despedido %g cm", "it": "%s viene scagliato di %g cm"},
	"orders":      {"en": "%s: %+d Order points", "es": "%s: %+d puntos de Orden", "it": "%s: %+d punti Ordine"},
	"card-used":   {"en": "%s uses %s", "es": "%s usa %s", "it": "%s usa %s"},
	"card-played": {"en": "%s plays %s", "es": "%s juega %s", "it": "%s gioca %s"},
	"play-back":   {"en": "%s: %s back in hand", "es": "%s: %s vuelve a la mano", "it": "%s: %s torna in mano"},
	"card-back":   {"en": "%s: one use of %s taken back", "es": "%s: se deshace un uso de %s", "it": "%s: annullato un uso di %s"},
}

// phaseNames are the phases in each language.
var phaseNames = map[string][3]string{
	"en": {"Recovery", "Maintenance", "Action"},
	"es": {"Recuperación", "Mantenimiento", "Acción"},
	"it": {"Recupero", "Mantenimento", "Azione"},
}

// PhaseName is a phase in lang.
func PhaseName(p Phase, lang string) string {
	names, ok := phaseNames[baseLang(lang)]
	if !ok {
		names = phaseNames["en"]
	}
	if p >= 0 && int(p) < len(names) {
		return names[p]
	}
	return p.String()
}

func describe(s State, ev Event, lang string) string {
	t := func(key string, args ...any) string {
		f, ok := historyTexts[key][lang]
		if !ok {
			f = historyTexts[key]["en"]
		}
		return fmt.Sprintf(f, args...)
	}
	name := func(r Ref) string {
		c, _ := s.Character(r)
		return c.Name
	}
	why := func(w string) string {
		if w == "" {
			return ""
		}
		return " (" + w + ")"
	}
	switch e := ev.(type) {
	case GameStarted:
		return t("start", e.Sides[0].Name, e.Sides[1].Name)
	case PhaseBegan:
		return t("phase", e.Flow.Turn, PhaseName(e.Flow.Phase, lang))
	case GameEnded, FlagHome:
		return t("end")
	case LPChanged:
		if e.Delta < 0 {
			return t("lp-", name(e.Ref), -e.Delta, why(e.Why))
		}
		return t("lp+", name(e.Ref), e.Delta, why(e.Why))
	case ActionsChanged:
		if e.Delta < 0 {
			return t("act-", name(e.Ref), -e.Delta)
		}
		return t("act+", name(e.Ref), e.Delta)
	case ActionsSpent:
		return t("spent", name(e.Ref), e.Actions, e.For)
	case ActionsRecovered:
		return t("recovered", name(e.Ref), e.Gained)
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
		return t("attack", name(e.Attacker), name(e.Target), e.Action, e.Attack.Dice, e.Outcome.Total, e.Outcome.DefenseVal, res)
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
		return t("moved", name(e.Ref), e.How, float64(e.Distance))
	case Rolled:
		return t("rolled", name(e.Ref), e.Check, e.Total, map[bool]string{true: t("ok"), false: t("failed")}[e.Success])
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
		return t("knockback", name(e.Ref), float64(e.Distance))
	case OrderPointsChanged:
		return t("orders", name(e.Ref), e.Delta)
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

// Lang normalizes a browser language tag to "en", "es" or "it".
func Lang(tag string) string {
	switch l := baseLang(strings.TrimSpace(tag)); l {
	case "es", "it":
		return l
	}
	return "en"
}

// Describe tells events that follow state s, in lang (for a preview of what a command will do).
func Describe(s State, evs []Event, lang string) []string {
	lang = baseLang(lang)
	s = s.Clone()
	var out []string
	for _, ev := range evs {
		if text := describe(s, ev, lang); text != "" {
			out = append(out, text)
		}
		fold(&s, ev)
	}
	return out
}
