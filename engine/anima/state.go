package anima

import "math/rand/v2"

// Ref names a character in a game: its side (0 or 1) and its index in that side.
type Ref struct {
	Side  int `json:"side"`
	Index int `json:"index"`
}

// Character is a character in play: its counters and what the rules need of its card.
// LP is 0..MaxLP, Actions is 0..MaxActions (R-ACT-1, R-TURN-2). Activated is a turned card
// (R-TURN-4). Attack, Damage, Defense, Armor and Resistance are the card's base values.
// The turn flags (Moved, Sought, ...) reset in each Recovery phase.
type Character struct {
	Name       string `json:"name"`
	Level      int    `json:"level"`
	LP         int    `json:"lp"`
	MaxLP      int    `json:"max_lp"`
	Actions    int    `json:"actions"`
	MaxActions int    `json:"max_actions"`
	Recovery   int    `json:"recovery"`
	Activated  bool   `json:"activated,omitempty"`

	Attack     int         `json:"attack,omitempty"`
	Damage     int         `json:"damage,omitempty"`
	Defense    int         `json:"defense,omitempty"`
	Armor      int         `json:"armor,omitempty"`
	Resistance int         `json:"resistance,omitempty"`
	CritOn     int         `json:"crit_on,omitempty"`  // the least natural roll that is a critical: 10, or 9 with Critical Mastery (R-ATK-4)
	Range      Centimetres `json:"range_cm,omitempty"` // 0: no Ranged Attack (R-CAP-1)
	Prowler    bool        `json:"prowler,omitempty"`
	Walk       Centimetres `json:"walk_cm,omitempty"`
	Run        Centimetres `json:"run_cm,omitempty"`
	SummonCost int         `json:"summon_cost,omitempty"` // actions to call a summon (R-SUM-1)
	BaseSize   string      `json:"base_size,omitempty"`
	Caps       Caps        `json:"caps,omitempty"`

	States States   `json:"states,omitempty"`
	Upkeep []Upkeep `json:"upkeep,omitempty"` // sustained abilities kept active (R-TURN-3)
	// Sustained are the abilities its card prints with an Upkeep, and that Upkeep in actions:
	// what keeping each active costs in Maintenance, whatever the command says (R-TURN-3).
	Sustained []Upkeep `json:"sustained,omitempty"`
	Engaged   []Ref    `json:"engaged,omitempty"` // enemies in base contact (R-ATK-8)
	Hidden    bool     `json:"hidden,omitempty"`  // R-HIDE-1

	Moved       bool        `json:"moved,omitempty"`       // took its one movement this turn (R-ACT-2)
	MovedCm     Centimetres `json:"moved_cm,omitempty"`    // how far it moved this turn (alpha ranged modifier, R-ATK-6)
	FreeMoved   bool        `json:"free_moved,omitempty"`  // used its free movement this turn
	Sought      bool        `json:"sought,omitempty"`      // R-ACT-2
	Intercepted bool        `json:"intercepted,omitempty"` // R-ATK-9: once per turn
	Spent       int         `json:"spent,omitempty"`       // action points spent in the current action (Poison, R-STATE-5)

	// Summons (R-SUM-1..5): the summoner, Bind points left, Stability and Shock.
	Summon    bool `json:"summon,omitempty"`
	Summoner  Ref  `json:"summoner,omitzero"`
	Bind      int  `json:"bind,omitempty"`
	Stability int  `json:"stability,omitempty"`
	Shock     int  `json:"shock,omitempty"`
	Atman     int  `json:"atman,omitempty"` // a summon's level for level comparisons (R-SUM-1)

	// Arbiters (R-ARB-1): Order points left this turn and the full count, the zone of
	// influence (from the base's edge) and the orders of the card, if it names them.
	OrderPoints    int         `json:"order_points,omitempty"`
	MaxOrderPoints int         `json:"max_order_points,omitempty"`
	Influence      Centimetres `json:"influence_cm,omitempty"`
	Orders         []Order     `json:"orders,omitempty"`

	OffTable bool `json:"off_table,omitempty"` // not yet on the table: an infiltrated character or an uncalled summon
	Removed  bool `json:"removed,omitempty"`   // taken off the table without reaching 0 LP (a summon unbound)

	Cards []CardInPlay `json:"cards,omitempty"` // its Equipment and Power cards (R-PARTY-9)
}

// CardInPlay is an advantage card in play, on a character (Equipment, Power) or its side
// (Plot, Team...), and how many times it was used or played this game (R-PARTY-9). A single
// use card is spent after one use; other limits are printed on the card, not in the card
// data, so the player reads them there and the tracker counts. A maintenance card costs its
// upkeep each Maintenance phase ("1 LP") and is discarded when it is not paid (R-TURN-3).
type CardInPlay struct {
	Name        string         `json:"name"`
	Group       AdvantageGroup `json:"group"`
	Automatic   bool           `json:"automatic,omitempty"`
	Actions     int            `json:"actions,omitempty"`  // a use's cost in actions, as printed (AdvantageCard.Actions)
	Reactive    bool           `json:"reactive,omitempty"` // usable outside its bearer's activation
	SingleUse   bool           `json:"single_use,omitempty"`
	Maintenance string         `json:"maintenance,omitempty"`
	Used        int            `json:"used,omitempty"`
	Discarded   bool           `json:"discarded,omitempty"`
}

// Order is one of an Arbiter's orders, as its card names it: the name, the cost in Order
// points, whether it is reactive (given at any time, not only in the Arbiter's activation),
// and whether it names a target (an Attack or Effect order), which must stand in the zone of
// influence. R-ARB-1.
type Order struct {
	Name     string `json:"name"`
	Cost     int    `json:"cost"`
	Reactive bool   `json:"reactive,omitempty"`
	Target   bool   `json:"target,omitempty"`
}

// Upkeep is a sustained ability kept active and its cost in actions each Maintenance phase;
// among a character's Sustained, also the cost in actions its card prints to start it
// (Activation; 0 where the card prints none), which a reveal that starts it pays (R-SETUP-7).
type Upkeep struct {
	Ability    string `json:"ability"`
	Cost       int    `json:"cost"`
	Activation int    `json:"activation,omitempty"`
}

// InPlay reports whether the character is on the table: placed, not removed, above 0 LP.
// A character at 0 LP is removed (dead or out of action). R-ATK-11.
func (c Character) InPlay() bool { return c.LP > 0 && !c.Removed && !c.OffTable }

// Berserk reports whether the character has the Berserker state: it must charge or attack
// the nearest enemy each activation and never escapes (R-STATE-8).
func (c Character) Berserk() bool { return c.States[Berserker] > 0 }

// Caps are the automatic capabilities the engine applies. R-CAP-1..5.
type Caps struct {
	DamageAccumulator bool        `json:"damage_accumulator,omitempty"` // R-CAP-2
	Intangible        bool        `json:"intangible,omitempty"`         // R-CAP-3
	Flight            bool        `json:"flight,omitempty"`             // R-CAP-1
	Knockback         bool        `json:"knockback,omitempty"`          // R-CAP-4
	DamageResistance  bool        `json:"damage_resistance,omitempty"`  // armor applies against Push and Slam (R-CAP-2)
	Initiative        bool        `json:"initiative,omitempty"`         // R-CAP-1, R-SETUP-3
	Immune            []StateKind `json:"immune,omitempty"`             // R-CAP-1
}

// ImmuneTo reports whether the character ignores state k.
func (c Caps) ImmuneTo(k StateKind) bool {
	for _, x := range c.Immune {
		if x == k {
			return true
		}
	}
	return false
}

// ComparedLevel is the level the rules compare (Intangible, R-CAP-3): a summon's Atman, not
// its cost (R-SUM-1 (home)); any other character's level.
func (c Character) ComparedLevel() int {
	if c.Summon && c.Atman > 0 {
		return c.Atman
	}
	return c.Level
}

// EngagedWith reports whether c is in base contact with r.
func (c Character) EngagedWith(r Ref) bool {
	for _, e := range c.Engaged {
		if e == r {
			return true
		}
	}
	return false
}

// Side is one player's side of the table: its characters, the Gnosis points left this turn
// (R-GNO-1) and the infiltration markers it has placed (R-SETUP-7).
type Side struct {
	Name           string       `json:"name"`
	EncounterLevel int          `json:"encounter_level"`
	Characters     []Character  `json:"characters"`
	Gnosis         int          `json:"gnosis,omitempty"`
	Markers        int          `json:"markers,omitempty"`
	Nodes          int          `json:"nodes,omitempty"`    // power nodes held (R-SCN-1)
	Flag           *Ref         `json:"flag,omitempty"`     // who picked up the enemy flag (R-SCN-2)
	OwnFlag        *Ref         `json:"own_flag,omitempty"` // who picked up this side's dropped flag, to carry it home (R-SCN-2)
	Cards          []CardInPlay `json:"cards,omitempty"`    // its Plot and Team cards, played or in hand (R-PARTY-9)
	Colour         string       `json:"colour,omitempty"`   // the colour it is shown in (SideColours; "": the screen's own)
	List           string       `json:"list,omitempty"`     // the party's list checksum, as a club night locks it ("": not known)
}

// LevelsOnTable is the sum of the levels of the side's characters still in play: the
// victory count of the standard scenario. R-TURN-5, R-ATK-11.
func (s Side) LevelsOnTable() int {
	n := 0
	for _, c := range s.Characters {
		if c.InPlay() {
			n += c.Level
		}
	}
	return n
}

// State is the game at one moment: a plain value, a fold over the events. Active is the
// character being activated, if any (R-TURN-4).
type State struct {
	Edition    Edition  `json:"edition"`
	Scenario   Scenario `json:"scenario,omitempty"`
	Turns      int      `json:"turns"` // 0: no turn limit (Armageddon)
	Flow       Flow     `json:"flow"`
	Sides      [2]Side  `json:"sides"`
	Active     *Ref     `json:"active,omitempty"`
	FlagWinner int      `json:"flag_winner,omitempty"` // 1 + the side that brought the flag home
	Conceded   int      `json:"conceded,omitempty"`    // 1 + the side that conceded (Concede)
	Seed       uint64   `json:"seed,omitempty"`        // the seed of the game's own die, from the start
	Rolls      int      `json:"rolls,omitempty"`       // the dice recorded in the log so far
	// FirstRolled: who acts first was rolled in the game (RollForFirst), not agreed at the start;
	// RolledTurn is the turn it was last rolled (alpha rolls again every turn, R-SETUP-5).
	FirstRolled bool `json:"first_rolled,omitempty"`
	RolledTurn  int  `json:"rolled_turn,omitempty"`
}

// Die is the game's own die at this state: a d10 stream from the seed and the number of dice
// rolled so far. The same state always rolls the same dice (undo and try again gives the same
// roll); a new state rolls new ones.
func (s State) Die() Die {
	return &SeededDie{r: rand.New(rand.NewPCG(s.Seed, uint64(s.Rolls)^0x9e3779b97f4a7c15))}
}

// Clone returns a deep copy, so that the copy can be changed without touching s.
func (s State) Clone() State {
	for i := range s.Sides {
		cs := append([]Character(nil), s.Sides[i].Characters...)
		for j := range cs {
			cs[j].Upkeep = append([]Upkeep(nil), cs[j].Upkeep...)
			cs[j].Engaged = append([]Ref(nil), cs[j].Engaged...)
			cs[j].Caps.Immune = append([]StateKind(nil), cs[j].Caps.Immune...)
			cs[j].Cards = append([]CardInPlay(nil), cs[j].Cards...)
		}
		s.Sides[i].Characters = cs
		s.Sides[i].Cards = append([]CardInPlay(nil), s.Sides[i].Cards...)
	}
	if s.Active != nil {
		a := *s.Active
		s.Active = &a
	}
	for i := range s.Sides {
		if f := s.Sides[i].Flag; f != nil {
			r := *f
			s.Sides[i].Flag = &r
		}
		if f := s.Sides[i].OwnFlag; f != nil {
			r := *f
			s.Sides[i].OwnFlag = &r
		}
	}
	return s
}

// Character returns the character at r.
func (s State) Character(r Ref) (Character, bool) {
	if r.Side < 0 || r.Side > 1 || r.Index < 0 || r.Index >= len(s.Sides[r.Side].Characters) {
		return Character{}, false
	}
	return s.Sides[r.Side].Characters[r.Index], true
}

func (s *State) char(r Ref) *Character { return &s.Sides[r.Side].Characters[r.Index] }

// Winner is the winning side, 0 or 1, or -1 for a draw: the side that did not concede; the side
// that brought the flag home
// (R-SCN-2); in Armageddon the side left standing, even by unrevealed infiltrators alone
// (R-SCN-3, ruling of 2026-11-29); with power nodes the side
// holding more (R-SCN-1); otherwise, and on a tie, the side with the most levels on the
// table (R-TURN-5 (home)).
func (s State) Winner() int {
	if s.Conceded > 0 { // the other side's
		return 2 - s.Conceded
	}
	if s.FlagWinner > 0 {
		return s.FlagWinner - 1
	}
	more := func(a, b int) int {
		switch {
		case a > b:
			return 0
		case b > a:
			return 1
		}
		return -1
	}
	if s.Scenario == Armageddon { // R-SCN-3: the side that killed every enemy, even with only unrevealed infiltrators left
		if a, b := s.Sides[0].Standing(), s.Sides[1].Standing(); a != b {
			return more(b2i(a), b2i(b))
		}
	}
	a, b := s.Sides[0].LevelsOnTable(), s.Sides[1].LevelsOnTable()
	if s.Scenario == PowerNodes {
		if w := more(s.Sides[0].Nodes, s.Sides[1].Nodes); w >= 0 {
			return w
		}
	}
	return more(a, b)
}
