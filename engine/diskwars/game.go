package diskwars

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"time"

	"github.com/golang/geo/r2"

	"gnosis/engine/core"
	"gnosis/engine/text"
)

// BattlefieldCm is the side of the battlefield: 3 ft at 2.5 cm to the inch.
const BattlefieldCm = 90.0

// Die gives d6 results, 1 to 6: a battle die's face is Faces[result-1], a d6 Strength is the
// result itself. Every roll goes through the game's one Die and is recorded in its event, so
// replay and undo never roll again.
type Die interface{ Roll() int }

// SeededDie is a reproducible d6.
type SeededDie struct{ r *rand.Rand }

// NewSeededDie returns a d6 that gives the same results for the same seed.
func NewSeededDie(seed uint64) *SeededDie {
	return &SeededDie{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Roll implements Die.
func (d *SeededDie) Roll() int { return d.r.IntN(6) + 1 }

// ScriptedDie gives the results it was given, in order: dice rolled at the table. When it
// runs out, the command is refused with ErrNoDice.
type ScriptedDie []int

// Roll implements Die.
func (s *ScriptedDie) Roll() int {
	if len(*s) == 0 {
		panic(errNoDice)
	}
	v := (*s)[0]
	*s = (*s)[1:]
	return v
}

var errNoDice = errors.New("no dice")

// Sentinel errors of refused commands, wrapped in *core.RuleError; test with errors.Is.
var (
	ErrNotAllowed = errors.New("not allowed")
	ErrNoSuchDisc = errors.New("no such disc")
	ErrNoDice     = core.ErrNoDice
	ErrBadSetup   = errors.New("bad set-up")
)

// refuse is a refusal under rule, its message a key of text's catalogue.
func refuse(rule string, sentinel error, format string, args ...any) error {
	return &core.RuleError{Rule: rule, Err: sentinel, Msg: text.M(format, args...)}
}

// DiscState is a disc in a game: its card, its side (0 or 1), where its centre is (in
// centimetres), whether it waits in the reserves or has been removed, its activation token,
// the discs it lies on (it pins the enemies among them), and its damage counter.
type DiscState struct {
	Card    DiscCard `json:"card"`
	Side    int      `json:"side"`
	At      r2.Point `json:"at"`
	Reserve bool     `json:"reserve,omitempty"`
	Removed bool     `json:"removed,omitempty"`
	Token   bool     `json:"token,omitempty"`
	On      []int    `json:"on,omitempty"`
	Damage  int      `json:"damage,omitempty"`
}

// OnField reports whether the disc is on the battlefield.
func (d DiscState) OnField() bool { return !d.Reserve && !d.Removed }

// disc is the disc's geometry.
func (d DiscState) disc(i int) Disc {
	return Disc{ID: fmt.Sprint(i), Center: d.At, Diameter: d.Card.DiameterCm, Side: d.Side + 1}
}

// State is a Diskwars game: the armies' names, every disc (indexed as the set-up listed
// them, side 0 first), the terrain, the round, the side whose activation it is, and the disc
// being activated (-1: none) with what it has done.
type State struct {
	Names   [2]string   `json:"names"`
	Discs   []DiscState `json:"discs"`
	Terrain []Terrain   `json:"terrain"`
	Round   int         `json:"round"`
	Turn    int         `json:"turn"`
	Active  int         `json:"active"`
	Moved   bool        `json:"moved,omitempty"`
	Acted   bool        `json:"acted,omitempty"`
	Seed    uint64      `json:"seed,omitempty"`  // the game's own die: its seed, from the start
	Rolls   int         `json:"rolls,omitempty"` // the dice recorded in the log so far
}

// Die is the game's own die after the log folded into s: a function of the start's seed and
// of the dice rolled since, so that undo and the same command again roll the same dice.
func (s State) Die() Die {
	return &SeededDie{r: rand.New(rand.NewPCG(s.Seed, uint64(s.Rolls)^0x9e3779b97f4a7c15))}
}

// Clone is a deep copy.
func (s State) Clone() State {
	c := s
	c.Discs = make([]DiscState, len(s.Discs))
	for i, d := range s.Discs {
		d.On = append([]int(nil), d.On...)
		c.Discs[i] = d
	}
	c.Terrain = append([]Terrain(nil), s.Terrain...)
	return c
}

// Pinned reports whether an enemy disc lies on disc i. R-DW-1, R-DW-9.
func (s State) Pinned(i int) bool {
	for _, d := range s.Discs {
		if d.OnField() && d.Side != s.Discs[i].Side {
			for _, k := range d.On {
				if k == i {
					return true
				}
			}
		}
	}
	return false
}

// CanActivate reports whether disc i may be activated now: its side's turn, on the
// battlefield, neither pinned nor activated, and no other disc active. R-DW-1.
func (s State) CanActivate(i int) bool { return s.checkActivate(i) == nil }

// CanEnter reports whether disc i may come from the reserves onto the battlefield now, as its
// side's activation (R-DW-1): its side's turn, no disc being activated, the disc in the
// reserves. Where it goes is FromReserve's to check.
func (s State) CanEnter(i int) bool { return s.checkEnter(i) == nil }

// checkEnter is CanEnter's refusal.
func (s State) checkEnter(i int) error {
	if err := s.checkTurn(i); err != nil {
		return err
	}
	if d := s.Discs[i]; !d.Reserve {
		return refuse("R-DW-1", ErrNotAllowed, "%s is not in the reserves", d.Card.Name)
	}
	return nil
}

// checkActivate is R-DW-1 (home).
func (s State) checkActivate(i int) error {
	if err := s.checkTurn(i); err != nil {
		return err
	}
	d := s.Discs[i]
	switch {
	case !d.OnField():
		return refuse("R-DW-1", ErrNotAllowed, "%s is not on the battlefield", d.Card.Name)
	case d.Token:
		return refuse("R-DW-1", ErrNotAllowed, "%s has already been activated this round", d.Card.Name)
	case s.Pinned(i):
		return refuse("R-DW-1", ErrNotAllowed, "%s is pinned: it cannot be activated", d.Card.Name)
	}
	return nil
}

// checkTurn is what activating disc i or bringing it from the reserves both need (R-DW-1):
// the disc exists, no disc is being activated, and it is its side's turn.
func (s State) checkTurn(i int) error {
	if i < 0 || i >= len(s.Discs) {
		return refuse("", ErrNoSuchDisc, "there is no disc %d", i)
	}
	switch {
	case s.Active >= 0:
		return refuse("R-DW-1", ErrNotAllowed, "%s is being activated: end its activation first", s.Discs[s.Active].Card.Name)
	case s.Discs[i].Side != s.Turn:
		return refuse("R-DW-1", ErrNotAllowed, "it is the turn of %s to activate", s.Names[s.Turn])
	}
	return nil
}

// Disc is disc i's geometry where it stands; its ID is i.
func (s State) Disc(i int) Disc { return s.Discs[i].disc(i) }

// Field is the geometry of every disc on the battlefield, in the state's order; each one's ID
// is its index.
func (s State) Field() []Disc {
	var out []Disc
	for i, d := range s.Discs {
		if d.OnField() {
			out = append(out, d.disc(i))
		}
	}
	return out
}

// RoundOver reports whether no disc is being activated and neither side has anything left to
// do this round (a disc to activate or one in the reserves): the next round begins. R-DW-10.
func (s State) RoundOver() bool { return s.Active < 0 && !s.canGo(0) && !s.canGo(1) }

// canGo reports whether side has anything left to do this round: a disc to activate or one in
// the reserves.
func (s State) canGo(side int) bool {
	for i, d := range s.Discs {
		if d.Side != side {
			continue
		}
		if d.Reserve || (d.OnField() && !d.Token && !s.Pinned(i)) {
			return true
		}
	}
	return false
}

// Setup starts a game: the two armies, where each disc starts (DiscCard order, side 0's
// first; a disc without a place waits in the reserves), the terrain and who activates first.
type Setup struct {
	Armies  [2]Army          `json:"armies"`
	Places  [2][]*[2]float64 `json:"places"`
	Terrain []Terrain        `json:"terrain"`
	First   int              `json:"first"`
	Seed    uint64           `json:"seed,omitempty"` // the game's own die (0: from the clock); see Game.SetDie
}

// Game is a Diskwars game: its log of events in gestures (core.Log, the log both games keep),
// the state they fold into, and its die. Do decides a command and appends its events as one
// gesture; Undo and Redo take a gesture back and put it again, dice included.
type Game struct {
	*gameLog // the log, whose gestures, undo and redo, state and entries the Game's own are
	die      Die
}

// gameLog is the log of a Diskwars game (core.Log), embedded in Game: its methods that add
// nothing to the log's (State, Gesture, CanUndo, CanRedo, Undo, Redo, Since, Len) are the
// log's own.
type gameLog = core.Log[Event, State]

// Entry is one event of the log and the gesture (one command) it belongs to (core.Entry):
// its JSON is {"g":gesture,"k":kind,"e":{event}}; an unknown kind is an error wrapping
// core.ErrUnknownEvent.
type Entry = core.Entry[Event]

// GameView is what may be read of a game without changing it (core.View) and its history: what
// a screen is given (app/session's Diskwars.Game), so that no screen can decide, undo or load
// a game but through the Session's requests (the compiler sees it).
type GameView interface {
	core.View[Event, State]
	History(lang string) []HistoryLine // the log told in lang
}

var _ GameView = (*Game)(nil)

// rules are what the log asks of the game: how an event folds, and a log's checks: one start,
// first, and each event's own check.
var rules = core.Rules[Event, State]{
	Fold:  func(s *State, e Event) { e.apply(s) },
	Clone: State.Clone,
	Check: func(s State, e Event, i int) error {
		if _, start := e.(Started); (i == 0) != start {
			return refuse("", ErrBadSetup, "a game starts with its start, once")
		}
		return e.check(s)
	},
}

// NewGame starts a game, refusing a set-up that cannot be played.
func NewGame(su Setup) (*Game, error) {
	ev, err := start(su)
	if err != nil {
		return nil, err
	}
	return &Game{gameLog: core.NewLog(rules, Event(ev))}, nil
}

func start(su Setup) (Started, error) {
	ev := Started{First: su.First, Terrain: su.Terrain, Seed: su.Seed}
	if ev.Seed == 0 {
		ev.Seed = uint64(time.Now().UnixNano()) | 1
	}
	if su.First != 0 && su.First != 1 {
		return ev, refuse("", ErrBadSetup, "the side that activates first is 0 or 1, not %d", su.First)
	}
	for side, a := range su.Armies {
		ev.Names[side] = a.Name
		for i, c := range a.Discs {
			if err := c.Validate(); err != nil {
				return ev, refuse("", ErrBadSetup, "%s: %s", a.Name, err)
			}
			d := DiscState{Card: c, Side: side, Reserve: true}
			if i < len(su.Places[side]) && su.Places[side][i] != nil {
				p := su.Places[side][i]
				d.At, d.Reserve = r2.Point{X: p[0], Y: p[1]}, false
			}
			ev.Discs = append(ev.Discs, d)
		}
	}
	if len(ev.Discs) == 0 {
		return ev, refuse("", ErrBadSetup, "an army needs at least one disc")
	}
	return ev, nil
}

// SetDie sets the die the next commands roll with: the dice rolled at the table
// (&ScriptedDie{...}), or nil for the game's own, a function of the log (State.Die): undo,
// then the same command again, rolls the same dice.
func (g *Game) SetDie(d Die) { g.die = d }

// DoWithDice is Do with the dice rolled at the table, in the order ShotDice lists them (none:
// the game's own die); a shot's are checked first (CheckShotDice: core.ErrNoDice,
// core.ErrTooManyDice, a face outside 1 to 6, or the shot's refusal). R-DW-5. A refusal
// changes nothing.
func (g *Game) DoWithDice(c Command, dice []int) error {
	if sh, ok := c.(Shoot); ok {
		if err := CheckShotDice(g.State(), sh, dice); err != nil {
			return err
		}
	}
	if len(dice) > 0 {
		d := ScriptedDie(append([]int(nil), dice...))
		g.die = &d
		defer func() { g.die = nil }()
	}
	return g.Do(c)
}

// ActingSide is the side whose player gives c in the game as it stands (ActingSide).
func (g *Game) ActingSide(c Command) (side int, ok bool) { return ActingSide(g.State(), c) }

// Log is a copy of the log.
func (g *Game) Log() []Entry { return g.gameLog.Entries() }

// Do decides c and appends its events as one gesture; a refused command returns its
// *core.RuleError and changes nothing.
func (g *Game) Do(c Command) error {
	return g.gameLog.Do(func(s State) ([]Event, error) { return Decide(s, c, g.die) })
}

// Decide is what command c does in s, rolling with d: its events, or a refusal. A
// ScriptedDie that runs out is ErrNoDice.
func Decide(s State, c Command, d Die) (evs []Event, err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errNoDice {
				panic(r)
			}
			evs, err = nil, refuse("", ErrNoDice, "more dice are needed: enter every die rolled")
		}
	}()
	if d == nil {
		d = s.Die()
	}
	return c.decide(s.Clone(), d)
}

// replay folds a log into a state, trusted (Before's, the tests').
func replay(log []Entry) State {
	var s State
	for _, e := range log {
		e.Event.apply(&s)
	}
	return s
}

// MarshalJSON writes the game as its log.
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.gameLog.Entries()) }

// LoadGame reads a game written by MarshalJSON, checking that it starts with the start, that
// gestures only grow and that every event is known; a broken log is refused whole.
func LoadGame(b []byte) (*Game, error) {
	var log []Entry
	if err := json.Unmarshal(b, &log); err != nil {
		return nil, fmt.Errorf("not a Diskwars game: %w", err)
	}
	if len(log) == 0 {
		return nil, fmt.Errorf("not a Diskwars game: no start")
	}
	for i := 1; i < len(log); i++ {
		if g := log[i].Gesture; g < log[i-1].Gesture || g > log[i-1].Gesture+1 {
			return nil, fmt.Errorf("entry %d: gesture %d after %d", i+1, g, log[i-1].Gesture)
		}
	}
	l, err := core.LoadLog(rules, log)
	if err != nil {
		return nil, err
	}
	return &Game{gameLog: l}, nil
}

// ReadGame is the game of a log read from outside (a kept game), the JSON of each entry decoded,
// checked and folded in turn, tick called between them (core.ReadLog: a Paced work's); LoadGame's
// errors.
func ReadGame(entries [][]byte, tick func()) (*Game, error) {
	if len(entries) == 0 {
		return nil, fmt.Errorf("not a Diskwars game: no start")
	}
	l, err := core.ReadLog(rules, entries, tick)
	if err != nil {
		return nil, err
	}
	log := l.Entries()
	for i := 1; i < len(log); i++ {
		if g := log[i].Gesture; g < log[i-1].Gesture || g > log[i-1].Gesture+1 {
			return nil, fmt.Errorf("entry %d: gesture %d after %d", i+1, g, log[i-1].Gesture)
		}
	}
	return &Game{gameLog: l}, nil
}

// Before walks a log: each entry with the state it follows (read it, do not keep it: the next
// step changes it), in the log's order. The log is trusted as LoadGame would read it.
func Before(log []Entry) iter.Seq2[Entry, State] {
	return core.Before(log, func(s *State, e Entry) { e.Event.apply(s) })
}

// ShotSpec is the attack a Shot event made, as Odds reads it, and the damage its first roll's
// faces dealt the target: the attacker's card in s (the state the event follows) with the
// band and the Strength the event records (a d6 Strength as it fell). ok is false for a disc
// with no ranged attack. R-DW-5.
func ShotSpec(s State, e Shot) (spec AttackSpec, damage int, ok bool) {
	if e.Attacker < 0 || e.Attacker >= len(s.Discs) || s.Discs[e.Attacker].Card.Ranged == nil {
		return AttackSpec{}, 0, false
	}
	r := s.Discs[e.Attacker].Card.Ranged
	spec = AttackSpec{Fire: r.Fire, Strength: r.Strength, Band: e.Band, ChaosAsHit: r.ChaosAsHit}
	for _, f := range e.Faces {
		if f == Critical || (e.Band != Siege && (f == Hit || (f == Chaos && r.ChaosAsHit))) {
			damage += e.Strength
		}
	}
	return spec, damage, len(e.Faces) == r.Fire
}

// Accept appends a gesture decided by another copy of this game (the phone that orders a game
// played on two phones): entries of the next gesture, none a start, each naming discs that
// exist (LoadGame's checks). What it refuses changes nothing (ErrBadSetup, or the event's own
// check). The gestures left to redo are forgotten, as after Do.
func (g *Game) Accept(entries []Entry) error { return g.gameLog.Accept(entries, ErrBadSetup) }

// Standing is how many discs each side has not lost (on the battlefield or in reserve): the
// shelf's result of a Diskwars game, the side with more standing ahead (the article names no
// victory condition).
func (s State) Standing() [2]int {
	var n [2]int
	for _, d := range s.Discs {
		if !d.Removed && d.Side >= 0 && d.Side < 2 {
			n[d.Side]++
		}
	}
	return n
}
