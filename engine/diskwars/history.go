package diskwars

import (
	"strings"

	"gnosis/engine/text"
)

// In is the face in lang ("crítico").
func (f Face) In(lang string) string { return text.Word(lang, "face", string(f)) }

// In is the terrain kind in lang ("blocks sight": "bloquea la vista").
func (k TerrainKind) In(lang string) string { return text.Word(lang, "terrain", string(k)) }

// Line is one line of the history: what event e did, said in lang, with the names of state
// s (the state the event follows).
func Line(lang string, s State, e Event) string {
	name := func(i int) string {
		if i < 0 || i >= len(s.Discs) {
			return "?"
		}
		return s.Discs[i].Card.Name
	}
	army := func(side int) string {
		if side < 0 || side > 1 {
			return "?"
		}
		return s.Names[side]
	}
	switch e := e.(type) {
	case Started:
		return text.F(lang, "%s against %s; %s activates first", e.Names[0], e.Names[1], e.Names[e.First])
	case ActivationBegan:
		return text.F(lang, "%s is activated", name(e.Disc))
	case Moved:
		flips := text.N(len(e.Path), "%d flip", "%d flips")
		if e.Stop != "" {
			return text.F(lang, "%s moves %s and stops: %s", name(e.Disc), flips, e.Stop)
		}
		return text.F(lang, "%s moves %s", name(e.Disc), flips)
	case Removed:
		return text.F(lang, "%s leaves the battlefield", name(e.Disc))
	case Shot:
		return shotLine(lang, e, name)
	case Focused:
		if e.Target >= 0 {
			return text.F(lang, "%s uses a focused ability on %s", name(e.Disc), name(e.Target))
		}
		return text.F(lang, "%s uses a focused ability", name(e.Disc))
	case Damaged:
		if e.Delta < 0 {
			return text.F(lang, "%s: %d damage taken off", name(e.Disc), -e.Delta)
		}
		return text.F(lang, "%s takes %d damage", name(e.Disc), e.Delta)
	case TokenGiven:
		return text.F(lang, "%s takes its activation token (a critical)", name(e.Disc))
	}
	return turnLine(lang, e, name, army)
}

// shotLine is a shot's line: the band, every die's face, the Strength and the scatter dice.
func shotLine(lang string, e Shot, name func(int) string) string {
	faces := make([]string, len(e.Faces))
	for i, f := range e.Faces {
		faces[i] = f.In(lang)
	}
	line := text.F(lang, "%s shoots at %s (%s range): %s; Strength %d", name(e.Attacker), name(e.Target), e.Band, strings.Join(faces, ", "), e.Strength)
	for _, sc := range e.Scatter {
		line += "; " + text.F(lang, "scatter die to %s: %s", name(sc.Disc), sc.Face)
	}
	return line
}

// turnLine is the line of an event that passes the turn: an activation's end, a disc from the
// reserves, a new round; else the event's kind.
func turnLine(lang string, e Event, name func(int) string, army func(int) string) string {
	switch e := e.(type) {
	case ActivationEnded:
		return text.F(lang, "The activation of %s ends; %s activates", name(e.Disc), army(e.Next))
	case Placed:
		return text.F(lang, "%s comes from the reserves; %s activates", name(e.Disc), army(e.Next))
	case RoundBegan:
		return text.F(lang, "Round %d: every token off; %s activates first", e.Round, army(e.First))
	}
	return e.Kind()
}

// History is the game's history in lang, a line an event, oldest first, with the gesture
// each line belongs to.
func (g *Game) History(lang string) []HistoryLine { return HistoryOf(g.Log(), lang, nil) }

// HistoryOf is the history of log (Game.History's), tick (nil: none) called between its
// entries (a core.Paced work's).
func HistoryOf(log []Entry, lang string, tick func()) []HistoryLine {
	var s State
	out := make([]HistoryLine, 0, len(log))
	for _, en := range log {
		if tick != nil {
			tick()
		}
		out = append(out, HistoryLine{Gesture: en.Gesture, Text: Line(lang, s, en.Event)})
		en.Event.apply(&s)
	}
	return out
}

// HistoryLine is a line of the history and the gesture (one command) it belongs to.
type HistoryLine struct {
	Gesture int
	Text    string
}
