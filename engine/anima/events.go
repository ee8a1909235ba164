package anima

import (
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/text"
)

// Event is a fact already accepted: folding it into a state cannot fail. Kind is its
// stable name in saved logs.
type Event interface {
	Kind() string
	apply(s *State)
}

// GameStarted sets the table up: edition, length, both sides' characters with their
// starting counters. First turn: each character has Recovery + 1 actions, never above its
// total. R-SETUP-4.
type GameStarted struct {
	Edition  Edition  `json:"edition"`
	Scenario Scenario `json:"scenario,omitempty"`
	Turns    int      `json:"turns"`
	Sides    [2]Side  `json:"sides"`
	First    int      `json:"first,omitempty"`
	Seed     uint64   `json:"seed,omitempty"` // the game's own die (State.Die)
}

// LPChanged adds Delta (negative for damage) to a character's LP; Decide has already kept
// the result within 0..MaxLP. R-ATK-11.
type LPChanged struct {
	Ref   Ref    `json:"ref"`
	Delta int    `json:"delta"`
	Why   Reason `json:"why,omitempty"`
}

// ActionsChanged adds Delta to a character's actions; within 0..MaxActions. R-ACT-1.
type ActionsChanged struct {
	Ref   Ref `json:"ref"`
	Delta int `json:"delta"`
}

// PhaseBegan moves the game to a new turn and phase. Entering a Recovery phase
// straightens every card and clears the turn's flags (moved, sought, intercepted,
// stunned). R-TURN-1, R-TURN-2.
type PhaseBegan struct {
	Flow Flow `json:"flow"`
}

// ActionsRecovered is the Recovery phase's gain for one character, already capped at its
// total actions. R-TURN-2.
type ActionsRecovered struct {
	Ref    Ref `json:"ref"`
	Gained int `json:"gained"`
}

// GameEnded closes the game after the last turn's Action phase. R-TURN-5.
type GameEnded struct{}

func (GameStarted) Kind() string      { return "game-started" }
func (LPChanged) Kind() string        { return "lp" }
func (ActionsChanged) Kind() string   { return "actions" }
func (PhaseBegan) Kind() string       { return "phase" }
func (ActionsRecovered) Kind() string { return "recovered" }
func (GameEnded) Kind() string        { return "game-ended" }

func (e GameStarted) apply(s *State) {
	*s = State{Edition: e.Edition, Scenario: e.Scenario, Turns: e.Turns, Seed: e.Seed, Flow: Flow{Turn: 1, Phase: Recovery, First: e.First, ActiveSide: e.First}, Sides: e.Sides}
	*s = s.Clone()
}

func (e LPChanged) apply(s *State) { s.Sides[e.Ref.Side].Characters[e.Ref.Index].LP += e.Delta }

func (e ActionsChanged) apply(s *State) {
	s.Sides[e.Ref.Side].Characters[e.Ref.Index].Actions += e.Delta
}

func (e PhaseBegan) apply(s *State) {
	s.Flow = e.Flow
	if e.Flow.Phase == Recovery {
		for i := range s.Sides {
			for j := range s.Sides[i].Characters {
				c := &s.Sides[i].Characters[j]
				c.Activated, c.Moved, c.MovedCm, c.FreeMoved, c.Sought, c.Intercepted = false, false, 0, false, false, false
				c.States[Stunned] = 0 // Stunned lasts the turn it was put (R-STATE-9)
			}
		}
	}
}

func (e ActionsRecovered) apply(s *State) {
	s.Sides[e.Ref.Side].Characters[e.Ref.Index].Actions += e.Gained
}

func (GameEnded) apply(s *State) { s.Flow.Ended = true }

// rolling is an event that records dice: folding it advances State.Rolls by their count.
type rolling interface{ diceThrown() int }

// DiceThrown is how many dice events threw: attacks, checks, knockbacks, the roll for who
// acts first (0: none). The phone that did not roll says what was rolled when it is more than 0.
func DiceThrown(evs []Event) int {
	n := 0
	for _, e := range evs {
		if r, ok := e.(rolling); ok {
			n += r.diceThrown()
		}
	}
	return n
}

// fold applies ev to s and counts the dice it records, so that the game's own die
// (State.Die) is a function of the log. A character ev takes out of play leaves it at once
// (leave, R-ATK-11).
func fold(s *State, ev Event) {
	ev.apply(s)
	if r, ok := ev.(rolling); ok {
		s.Rolls += r.diceThrown()
	}
	if r, ok := leftPlay(s, ev); ok {
		s.leave(r)
	}
}

// ActionsSpent takes actions from a character for what it does. R-ACT-1.
type ActionsSpent struct {
	Ref     Ref    `json:"ref"`
	Actions int    `json:"actions"`
	For     Reason `json:"for"`
}

// Rolled records a check rolled with a d10 (escape, seek, resistance, Doom, stability,
// shock): the dice, the total and whether it succeeded.
type Rolled struct {
	Ref     Ref       `json:"ref"`
	Check   CheckKind `json:"check"`
	Roll    Roll      `json:"roll"`
	Total   int       `json:"total"`
	Success bool      `json:"success"`
}

// StateChanged adds Delta counters of a state to a character. R-STATE-1.
type StateChanged struct {
	Ref   Ref       `json:"ref"`
	State StateKind `json:"state"`
	Delta int       `json:"delta"`
}

// GnosisSpent takes a Gnosis point from a side. R-GNO-2.
type GnosisSpent struct {
	Side int `json:"side"`
}

// GnosisRenewed sets a side's Gnosis points at the start of a Recovery phase. R-GNO-1.
type GnosisRenewed struct {
	Side   int `json:"side"`
	Points int `json:"points"`
}

func (ActionsSpent) Kind() string  { return "spent" }
func (Rolled) Kind() string        { return "rolled" }
func (StateChanged) Kind() string  { return "state" }
func (GnosisSpent) Kind() string   { return "gnosis-spent" }
func (GnosisRenewed) Kind() string { return "gnosis" }

func (e ActionsSpent) apply(s *State)  { s.char(e.Ref).Actions -= e.Actions }
func (Rolled) apply(*State)            {}
func (e StateChanged) apply(s *State)  { s.char(e.Ref).States[e.State] += e.Delta }
func (e GnosisSpent) apply(s *State)   { s.Sides[e.Side].Gnosis-- }
func (e GnosisRenewed) apply(s *State) { s.Sides[e.Side].Gnosis = e.Points }

func (e Rolled) diceThrown() int { return len(e.Roll.Dice) }

// Entry is one event of a game log with the gesture that produced it (core.Entry): every
// event of one command shares a gesture number, and undo removes the last gesture whole. Its
// JSON is {"g":gesture,"k":kind,"e":{...}}; an unknown kind is an error wrapping
// ErrUnknownEvent.
type Entry = core.Entry[Event]

// Reason is what an event was for or why it happened, in the engine's own words, as game
// files store it: an action or a movement ("attack", "walk"), a cause of lost LP ("poison",
// "fall"), why a character came or left ("summoned", "unbound"), "summon " or "upkeep "
// and a name, or an ability's name. In says it in the player's language.
type Reason string

// The reasons events give.
const (
	WhyAttack      Reason = "attack"
	WhyArea        Reason = "area"
	WhyCounter     Reason = "counterattack"
	WhyDoom        Reason = "doom"
	WhyFall        Reason = "fall"
	WhyFound       Reason = "found"
	WhyHealing     Reason = "healing"
	WhyPoison      Reason = "poison"
	WhyRevealed    Reason = "revealed"
	WhyShock       Reason = "shock"
	WhyStruck      Reason = "struck"
	WhySummoned    Reason = "summoned"
	WhyUnbound     Reason = "unbound"
	WhyDodge       Reason = "dodge"
	WhyEscape      Reason = "escape"
	WhySeek        Reason = "seek"
	WhyTakeTheFlag Reason = "take the flag"
)

// whySummon and whyUpkeep are the reasons for summoning and for sustaining an ability: the
// word, a space and the name.
const (
	whySummon = "summon "
	whyUpkeep = "upkeep "
)

// In is the reason in lang; a name (an ability's) stays as it is.
func (r Reason) In(lang string) string {
	for _, p := range [...]string{whySummon, whyUpkeep} {
		if name, ok := strings.CutPrefix(string(r), p); ok {
			return text.F(lang, "why:"+p+"%s", name)
		}
	}
	return text.Word(lang, "why", string(r))
}

// CheckKind is a check a character rolls with a d10 (Rolled.Check, GnosisRoll.Check).
type CheckKind string

// In is the check in lang.
func (c CheckKind) In(lang string) string { return text.Word(lang, "check", string(c)) }

// UnmarshalJSON reads a start as the log holds it, every text in it cleaned and bounded at
// this door (core.CleanDecoded: core.MaxStartText bytes a name, core.MaxStartItems items a
// list, ErrOutOfRange past it), so that no name from a game file, a backup or the other phone
// reaches the state raw.
func (e *GameStarted) UnmarshalJSON(b []byte) error {
	type plain GameStarted // without this method
	return core.DecodeStart(b, (*plain)(e))
}
