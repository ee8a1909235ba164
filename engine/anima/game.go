package anima

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"gnosis/engine/core"
)

// SideSetup is one side at the start: a name, the encounter level, the characters' cards,
// the summons with the index of their summoner (R-PARTY-10; summons are not deployed,
// R-SUM-2), and the characters that infiltrate (alpha, R-SETUP-7). A side may have no
// characters (an opponent that is not tracked).
type SideSetup struct {
	Name           string
	EncounterLevel int
	Characters     []Card
	Summons        []SummonSetup
	Infiltrators   []int
	Cards          [][]AdvantageCard // per character, indexed as Characters: its Equipment and Power cards (R-PARTY-9)
	SideCards      []AdvantageCard   // the side's other advantage cards: Plot, Team... (R-PARTY-9)
	Colour         string            // the colour it is shown in, one of SideColours ("": the screen's own)
	List           string            // the party's list checksum, as a club night locks it (eventgame.ListSum; "": not known)
}

// SideColours are the colours a side may be shown in (SideSetup.Colour), by name: kept with the
// game, so that both phones and every reload show each side in its colour.
var SideColours = []string{"blue", "red", "green", "amber", "violet", "teal"}

// SummonSetup is a summon card assigned to the summoner at index Summoner.
type SummonSetup struct {
	Card     Card
	Summoner int
}

// Setup starts a game. Turns defaults to StandardTurns (R-TURN-1); Edition to Core. First is
// the side that acts first (R-SETUP-5).
type Setup struct {
	Edition  Edition
	Scenario Scenario
	Turns    int
	Sides    [2]SideSetup
	First    int
	Seed     uint64 // the game's own die (0: from the clock); see Game.SetDie
}

// Start turns a Setup into the GameStarted event, or refuses a set-up that cannot be
// played (a card that fails Card.Validate, a bad edition, no character at all).
// First turn: each character starts with Recovery + 1 actions, never above its total (R-SETUP-4).
func Start(su Setup) (GameStarted, error) {
	su, err := su.withDefaults()
	if err != nil {
		return GameStarted{}, err
	}
	ev := GameStarted{Edition: su.Edition, Scenario: su.Scenario, Turns: su.Turns, First: su.First, Seed: su.Seed}
	if ev.Seed == 0 {
		ev.Seed = uint64(time.Now().UnixNano()) | 1
	}
	for i, side := range su.Sides {
		sd, err := side.start(i, su.Edition)
		if err != nil {
			return GameStarted{}, err
		}
		ev.Sides[i] = sd
	}
	return ev, ev.validate()
}

// withDefaults is the set-up with its defaults (the core edition, the standard scenario of
// StandardTurns turns), or why it cannot be played.
func (su Setup) withDefaults() (Setup, error) {
	if su.Edition == "" {
		su.Edition = Core
	}
	if su.Scenario == "" {
		su.Scenario = Standard
	}
	if !su.Scenario.Valid() {
		return su, fail(ErrBadSetup, "scenario %q: choose standard, nodes, flag or armageddon", su.Scenario)
	}
	if su.Turns == 0 && su.Scenario != Armageddon {
		su.Turns = StandardTurns
	}
	switch {
	case !su.Edition.Valid():
		return su, fail(ErrBadSetup, "edition %q: choose core or alpha", su.Edition)
	case su.Turns < 1 && su.Scenario != Armageddon:
		return su, refuse("R-TURN-1", ErrBadSetup, "%d turns: a game lasts at least one turn", su.Turns)
	case su.First < 0 || su.First > 1:
		return su, refuse("R-SETUP-5", ErrBadSetup, "side %d acts first: want side 1 or 2", su.First+1)
	}
	return su, nil
}

// start is side i as the game starts with it: its characters with their cards, its summons
// off the table, its infiltrators and their markers (R-SETUP-7).
func (side SideSetup) start(i int, edition Edition) (Side, error) {
	sd := Side{Name: side.Name, EncounterLevel: side.EncounterLevel, Characters: make([]Character, 0, len(side.Characters)+len(side.Summons)),
		Gnosis: GnosisPoints(edition, side.EncounterLevel), Colour: side.Colour, List: side.List}
	if side.Colour != "" && !slices.Contains(SideColours, side.Colour) {
		return sd, fail(ErrBadSetup, "colour %q: want %s", side.Colour, strings.Join(SideColours, ", "))
	}
	for _, c := range side.Characters {
		if err := c.Validate(); err != nil {
			return sd, refuse("R-CARD-1", ErrBadSetup, "a card of the party is not valid: %v", err)
		}
		sd.Characters = append(sd.Characters, fromCard(c))
	}
	if err := side.dealCards(&sd); err != nil {
		return sd, err
	}
	for _, s := range side.Summons {
		if err := s.Card.Validate(); err != nil {
			return sd, refuse("R-SUM-1", ErrBadSetup, "a summon card of the party is not valid: %v", err)
		}
		if s.Summoner < 0 || s.Summoner >= len(side.Characters) || side.Characters[s.Summoner].SummonerLevel == 0 {
			return sd, refuse("R-PARTY-10", ErrBadSetup, "%s needs a summoner of its side", s.Card.Name)
		}
		ch := fromCard(s.Card)
		ch.Summon, ch.Summoner, ch.OffTable = true, Ref{Side: i, Index: s.Summoner}, true
		sd.Characters = append(sd.Characters, ch)
	}
	return sd, side.infiltrate(&sd, edition)
}

// dealCards gives sd the side's advantage cards: those of the side, and the Equipment and
// Power cards on each character (R-PARTY-9).
func (side SideSetup) dealCards(sd *Side) error {
	if len(side.Cards) > len(side.Characters) {
		return refuse("R-PARTY-9", ErrBadSetup, "cards for %d characters, but %s has %d", len(side.Cards), side.Name, len(side.Characters))
	}
	for _, a := range side.SideCards {
		if a.Group.Assigned() {
			return refuse("R-PARTY-9", ErrBadSetup, "%s is one of the %s cards: it goes on a character", a.Name, a.Group)
		}
		sd.Cards = append(sd.Cards, a.inPlay())
	}
	for j, cards := range side.Cards {
		for _, a := range cards {
			if !a.Group.Assigned() {
				return refuse("R-PARTY-9", ErrBadSetup, "%s is one of the %s cards: only Equipment and Power cards go on a character", a.Name, a.Group)
			}
			ch := &sd.Characters[j]
			ch.Cards = append(ch.Cards, a.inPlay())
		}
	}
	return nil
}

// infiltrate takes the side's infiltrators off the table and gives it their markers: "3
// markers + 1 for each model with Infiltration" (R-SETUP-7).
func (side SideSetup) infiltrate(sd *Side, edition Edition) error {
	if len(side.Infiltrators) == 0 {
		return nil
	}
	if edition != Alpha {
		return refuse("R-SETUP-7", ErrEdition, "infiltration is an alpha rule: choose the alpha edition")
	}
	if 2*len(side.Infiltrators) > len(side.Characters) {
		return refuse("R-SETUP-7", ErrBadSetup, "%d of %d characters infiltrate: at most half of the starting party may", len(side.Infiltrators), len(side.Characters))
	}
	for _, j := range side.Infiltrators {
		if j < 0 || j >= len(side.Characters) {
			return refuse("R-SETUP-7", ErrBadSetup, "no character %d infiltrates", j+1)
		}
		sd.Characters[j].OffTable = true
	}
	sd.Markers = 3 + len(side.Infiltrators)
	return nil
}

// validate checks a game's start as Start makes it, and as a log read from storage or a
// backup must hold it: a known edition and scenario, one turn or more (but Armageddon's), the
// first side 1 or 2, and characters to play.
func (e GameStarted) validate() error {
	switch {
	case !e.Edition.Valid():
		return fail(ErrBadSetup, "edition %q: choose core or alpha", e.Edition)
	case !e.Scenario.Valid() && e.Scenario != "":
		return fail(ErrBadSetup, "scenario %q: choose standard, nodes, flag or armageddon", e.Scenario)
	case e.Turns < 1 && e.Scenario != Armageddon:
		return refuse("R-TURN-1", ErrBadSetup, "%d turns: a game lasts at least one turn", e.Turns)
	case e.First < 0 || e.First > 1:
		return refuse("R-SETUP-5", ErrBadSetup, "side %d acts first: want side 1 or 2", e.First+1)
	case len(e.Sides[0].Characters)+len(e.Sides[1].Characters) == 0:
		return fail(ErrBadSetup, "no characters: add characters to a party first")
	}
	return nil
}

// fromCard makes the in-play character of a card: full LP, Recovery + 1 actions (never
// above the total, R-SETUP-4 (home)), its base values and the capabilities the engine applies.
func fromCard(c Card) Character {
	ch := Character{
		Name: c.Name, Level: c.Level, LP: c.LP.Base, MaxLP: c.LP.Base,
		Actions: min(c.Recovery+1, c.Actions), MaxActions: c.Actions, Recovery: c.Recovery,
		Attack: c.Attack.Base, Damage: c.Damage.Base, Defense: c.Defense.Base, Armor: c.Armor.Base, Resistance: c.Resistance.Base,
		Prowler: c.HasCategory(Prowler), Walk: c.Walk, Run: c.Run, BaseSize: c.BaseSize, SummonCost: c.SummonCost,
		Bind: c.Bind, Stability: c.Stability, Shock: c.Shock, Atman: c.Atman,
		OrderPoints: c.OrderPoints, MaxOrderPoints: c.OrderPoints, Influence: c.Influence,
	}
	for _, a := range c.Abilities {
		if a.Upkeep > 0 {
			ch.Sustained = append(ch.Sustained, Upkeep{Ability: a.Name, Cost: a.Upkeep, Activation: a.Cost})
		}
		if a.Makes == AbilityOrder {
			ch.Orders = append(ch.Orders, Order{Name: a.Name, Cost: a.Cost, Reactive: a.Has("Reactive"), Target: a.Has("Attack") || a.Has("Effect")})
		}
	}
	if c.IsSummon() {
		ch.Actions = c.Recovery // a summon arrives with its Recovery in actions (R-SUM-2)
	}
	tr := c.Traits
	if tr.IsZero() && len(c.Capabilities) > 0 {
		tr = ParseTraits(c.Capabilities) // an own card saved before cards carried their traits
	}
	ch.CritOn, ch.Range, ch.Caps = tr.CritOn, tr.Range, tr.Caps
	if ch.CritOn == 0 {
		ch.CritOn = 10
	}
	return ch
}

// Game is a game as its log of events (core.Log, the log both games keep). The zero Game has
// no log; use NewGame or LoadGame. Its current state is kept folded for speed and always
// equals Replay(Log).
type Game struct {
	*gameLog     // the log, whose gestures, undo and redo, state and entries the Game's own are
	die      Die // nil: the game's own die, a function of the log (State.Die)
}

// gameLog is the log of an Anima Tactics game (core.Log), embedded in Game: its methods that add
// nothing to the log's (Gesture, CanUndo, Undo, CanRedo, Redo, State, Len, Since, LogJSON,
// SnapshotUsed) are the log's own.
type gameLog = core.Log[Event, State]

// GameView is what may be read of a game without changing it (core.View): what a screen is
// given (app/session's Play.Game), so that no screen can decide, undo or load a game but
// through the Session's requests (the compiler sees it).
type GameView = core.View[Event, State]

var _ GameView = (*Game)(nil)

// rules are what the log asks of the game: how an event folds, and Replay's checks.
var rules = core.Rules[Event, State]{
	Fold:  fold,
	Clone: State.Clone,
	Check: func(s State, ev Event, i int) error {
		if err := check(s, ev, i); err != nil {
			return err
		}
		if start, ok := ev.(GameStarted); ok && i == 0 {
			return start.validate()
		}
		return nil
	},
	Started: checkStart,
}

// SetDie sets the die the game rolls with: a ScriptedDie of the dice rolled at the table,
// or nil for the game's own die. The game's own die is a function of the log (the seed of
// the start and the dice rolled since, State.Die): undo, then the same command again, rolls
// the same dice.
func (g *Game) SetDie(d Die) { g.die = d }

// NewGame starts a game from a set-up (see Start for the errors).
func NewGame(su Setup) (*Game, error) {
	ev, err := Start(su)
	if err != nil {
		return nil, err
	}
	return &Game{gameLog: core.NewLog(rules, Event(ev))}, nil
}

// Replay folds a log into a state. It returns an error when the log does not begin with
// GameStarted or names a character that does not exist.
func Replay(log []Entry) (State, error) { return rules.Replay(State{}, log, 0) }

// checkStart guards against a start whose characters name characters that do not exist.
func checkStart(s State) error {
	for _, sd := range s.Sides {
		for _, c := range sd.Characters {
			refs := append([]Ref(nil), c.Engaged...)
			if c.Summon {
				refs = append(refs, c.Summoner)
			}
			for _, r := range refs {
				if _, ok := s.Character(r); !ok {
					return fmt.Errorf("%w: %s names side %d character %d", ErrBadSetup, c.Name, r.Side+1, r.Index+1)
				}
			}
		}
	}
	if s.Active != nil {
		if _, ok := s.Character(*s.Active); !ok {
			return fmt.Errorf("%w: no active character %v", ErrBadSetup, *s.Active)
		}
	}
	return nil
}

// check guards Replay against a log that was edited by hand or corrupted: it must begin
// with one GameStarted, and every character an event names (any field of type Ref) and
// every side (a field Side or NextSide) must exist, so that apply never indexes out of range.
func check(s State, ev Event, i int) error {
	_, start := ev.(GameStarted)
	if (i == 0) != start {
		return fmt.Errorf("%w: event %d (%s): a game log begins with one game-started event", ErrBadSetup, i+1, ev.Kind())
	}
	v := reflect.ValueOf(ev)
	refType := reflect.TypeOf(Ref{})
	for f := 0; f < v.NumField(); f++ {
		if v.Field(f).Type() != refType {
			continue
		}
		r := v.Field(f).Interface().(Ref)
		if _, ok := s.Character(r); !ok {
			return fmt.Errorf("%w: event %d (%s) names side %d character %d", ErrNoSuchCharacter, i+1, ev.Kind(), r.Side+1, r.Index+1)
		}
	}
	for _, name := range []string{"Side", "NextSide", "First"} { // events that name a side by number
		if f := v.FieldByName(name); f.IsValid() && f.Kind() == reflect.Int && (f.Int() < 0 || f.Int() > 1) {
			return fmt.Errorf("%w: event %d (%s) names side %d", ErrNoSuchCharacter, i+1, ev.Kind(), f.Int()+1)
		}
	}
	if !start {
		if err := checkRecorded(ev); err != nil {
			return fmt.Errorf("event %d: %w", i+1, err)
		}
	}
	switch e := ev.(type) {
	case StateChanged:
		if e.State < 0 || e.State >= numStates {
			return fmt.Errorf("%w: event %d names state %d", ErrUnknownEvent, i+1, e.State)
		}
	}
	return nil
}

// LoadGame rebuilds a game from a saved log (see Replay for the errors).
func LoadGame(log []Entry) (*Game, error) {
	l, err := core.LoadLog(rules, log)
	if err != nil {
		return nil, err
	}
	return &Game{gameLog: l}, nil
}

// Do decides c against the current state and appends its events as one gesture. A refused
// command returns its *core.RuleError and changes nothing.
func (g *Game) Do(c Command) error {
	return g.gameLog.Do(func(s State) ([]Event, error) {
		d := g.die
		if d == nil {
			d = s.Die()
		}
		return Decide(s, c, d)
	})
}

// DoWithDice is Do with the dice rolled at the table: checked first against what c rolls
// (CheckDice: core.ErrNoDice, core.ErrTooManyDice, or c's refusal), then rolled in the order
// DiceFor lists them; none: the game's own die. A refusal changes nothing.
func (g *Game) DoWithDice(c Command, dice []int) error {
	if len(dice) > 0 { // none: the game's own die, and no state copied to check them against
		if err := CheckDice(g.State(), c, dice); err != nil {
			return err
		}
		g.die = Script(dice...)
		defer func() { g.die = nil }()
	}
	return g.Do(c)
}

// ActingSide is the side whose player gives c (ActingSide), the game's state aside.
func (g *Game) ActingSide(c Command) (side int, ok bool) { return ActingSide(c) }

// Over reports whether the game is over (State.Over).
func (g *Game) Over() bool { return g.State().Over() }

// Log returns a copy of the event log.
func (g *Game) Log() []Entry { return g.gameLog.Entries() }

type gameJSON struct {
	Log  []Entry   `json:"log"`
	Redo [][]Entry `json:"redo,omitempty"`
}

// MarshalJSON writes {"log":[entries],"redo":[[entries]...]}, as encoding/json would write
// gameJSON (see AppendJSON).
func (g *Game) MarshalJSON() ([]byte, error) { return g.AppendJSON(nil) }

// AppendJSON appends what MarshalJSON writes to dst. A game is saved after every tap, so the
// JSON of each entry of the log is kept and only the entries added since the last call are
// encoded (an undo forgets the JSON of the entries it takes back).
func (g *Game) AppendJSON(dst []byte) ([]byte, error) {
	entries, redo, err := g.LogJSON()
	if err != nil {
		return nil, err
	}
	size := len(`{"log":[],"redo":}`) + len(redo)
	for _, b := range entries {
		size += len(b) + 1
	}
	dst = slices.Grow(dst, size)
	dst = append(dst, `{"log":[`...)
	for i, b := range entries {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, b...)
	}
	dst = append(dst, ']')
	if redo != nil {
		dst = append(dst, `,"redo":`...)
		dst = append(dst, redo...)
	}
	return append(dst, '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes, or a bare array of entries (the first saved
// form), and replays the log (see Replay). The gestures to redo must follow the log.
func (g *Game) UnmarshalJSON(b []byte) error {
	var v gameJSON
	if err := json.Unmarshal(b, &v.Log); err != nil {
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
	}
	ng, err := LoadGame(v.Log)
	if err != nil {
		return err
	}
	if err := ng.gameLog.SetUndone(v.Redo); err != nil {
		return err
	}
	*g = *ng
	return nil
}

// Accept appends a gesture decided by another copy of this game (the phone that orders a game
// played on two phones decides every command; the other appends what it decided): entries
// whose gesture is the next one, none of them a start, each naming characters and sides that
// exist (Replay's checks). What it refuses changes nothing (ErrBadSetup, ErrNoSuchCharacter,
// ErrUnknownEvent). The gestures left to redo are forgotten, as after Do.
func (g *Game) Accept(entries []Entry) error { return g.gameLog.Accept(entries, ErrBadSetup) }
