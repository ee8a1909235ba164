package diskwars

import (
	"fmt"
	"hash/fnv"

	"github.com/golang/geo/r2"

	"gnosis/engine/core"
)

// Event is a fact of the game, folded into the state (apply); the log holds them. Events
// carry their dice, so that replay never rolls.
type Event interface {
	Kind() string
	apply(*State)
	check(State) error // whether the event can follow s (a log read from outside)
}

// Started begins the game: the armies' names, every disc where it starts, the terrain, and
// the side that activates first. Round 1.
type Started struct {
	Names   [2]string   `json:"names"`
	Discs   []DiscState `json:"discs"`
	Terrain []Terrain   `json:"terrain"`
	First   int         `json:"first"`
	Seed    uint64      `json:"seed,omitempty"` // the game's own die; a game saved before it had none (oldSeed)
}

// ActivationBegan: the disc is activated. R-DW-1.
type ActivationBegan struct {
	Disc int `json:"disc"`
}

// Moved: the disc flipped through Path (each flip's new centre), and stopped why it did
// ("": it flipped as far as it was moved; "pinned", "rough", "swamp", "off the battlefield").
// On is what it lies on after the move. R-DW-2, R-DW-9.
type Moved struct {
	Disc int        `json:"disc"`
	Path []r2.Point `json:"path"`
	Stop Stop       `json:"stop,omitempty"`
	On   []int      `json:"on,omitempty"`
}

// Removed: the disc leaves the battlefield (an activated disc wholly off it after a flip).
// R-DW-2.
type Removed struct {
	Disc int    `json:"disc"`
	Why  string `json:"why"`
}

// ScatterDie is a scatter die rolled again against a disc, and the face it showed. R-DW-6.
type ScatterDie struct {
	Disc int  `json:"disc"`
	Face Face `json:"face"`
}

// Shot: a ranged attack at Target in Band, the faces of its first roll, the Strength it dealt
// per hit (a d6 rolled once), and its scatter dice in the order they were resolved. The
// damage and tokens follow as events of their own. R-DW-5, R-DW-6, R-DW-8.
type Shot struct {
	Attacker int          `json:"attacker"`
	Target   int          `json:"target"`
	Band     Band         `json:"band"`
	Faces    []Face       `json:"faces"`
	Strength int          `json:"strength"`
	Scatter  []ScatterDie `json:"scatter,omitempty"`
}

// Focused: the disc used a focused ability (Magic X among them), on Target if it names one
// (-1: none). R-DW-7.
type Focused struct {
	Disc   int `json:"disc"`
	Target int `json:"target"`
}

// Damaged: the disc's damage counter changes by Delta (an attack's damage, or the player's
// count). R-DW-5.
type Damaged struct {
	Disc  int `json:"disc"`
	Delta int `json:"delta"`
}

// TokenGiven: a critical gives a disc not yet activated its activation token. R-DW-5.
type TokenGiven struct {
	Disc int `json:"disc"`
}

// ActivationEnded: the disc's activation ends with its token (a pass among them, R-DW-10),
// and Next is the side whose activation it is.
type ActivationEnded struct {
	Disc int `json:"disc"`
	Next int `json:"next"`
}

// Placed: a disc comes from the reserves onto the battlefield at At, as its side's
// activation; it counts as activated, and Next activates. R-DW-1.
type Placed struct {
	Disc int      `json:"disc"`
	At   r2.Point `json:"at"`
	Next int      `json:"next"`
}

// RoundBegan: a new round; every activation token comes off. R-DW-10.
type RoundBegan struct {
	Round int `json:"round"`
	First int `json:"first"`
}

func (Started) Kind() string         { return "start" }
func (ActivationBegan) Kind() string { return "activate" }
func (Moved) Kind() string           { return "move" }
func (Removed) Kind() string         { return "remove" }
func (Shot) Kind() string            { return "shot" }
func (Focused) Kind() string         { return "focus" }
func (Damaged) Kind() string         { return "damage" }
func (TokenGiven) Kind() string      { return "token" }
func (ActivationEnded) Kind() string { return "end" }
func (Placed) Kind() string          { return "place" }
func (RoundBegan) Kind() string      { return "round" }

func (e Started) apply(s *State) {
	*s = State{Names: e.Names, Terrain: append([]Terrain(nil), e.Terrain...), Round: 1, Turn: e.First, Active: -1, Seed: e.Seed}
	s.Discs = State{Discs: e.Discs}.Clone().Discs
	if s.Seed == 0 {
		s.Seed = oldSeed(e)
	}
}

// oldSeed is the seed of a game saved before the start kept one: a function of its start (the
// armies' names, who went first, the discs), so that its dice too are the same after an undo.
func oldSeed(e Started) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%q %q %d %d", e.Names[0], e.Names[1], e.First, len(e.Discs))
	for _, d := range e.Discs {
		fmt.Fprintf(h, " %q %g %g", d.Card.Name, d.At.X, d.At.Y)
	}
	return h.Sum64() | 1
}
func (e ActivationBegan) apply(s *State) { s.Active, s.Moved, s.Acted = e.Disc, false, false }
func (e Moved) apply(s *State) {
	d := &s.Discs[e.Disc]
	if len(e.Path) > 0 {
		d.At = e.Path[len(e.Path)-1]
	}
	d.On = append([]int(nil), e.On...)
	s.Moved = true
}
func (e Removed) apply(s *State) {
	s.Discs[e.Disc].Removed, s.Discs[e.Disc].On = true, nil
}
func (e Shot) apply(s *State) {
	s.Acted = true
	s.Rolls += len(e.Faces) + len(e.Scatter) + 1 // its faces, scatter dice and Strength (counted rolled or not)
}
func (e Focused) apply(s *State) { s.Acted = true }
func (e Damaged) apply(s *State) {
	s.Discs[e.Disc].Damage = max(0, s.Discs[e.Disc].Damage+e.Delta)
}
func (e TokenGiven) apply(s *State) { s.Discs[e.Disc].Token = true }
func (e ActivationEnded) apply(s *State) {
	s.Discs[e.Disc].Token = true
	s.Active, s.Moved, s.Acted, s.Turn = -1, false, false, e.Next
}
func (e Placed) apply(s *State) {
	d := &s.Discs[e.Disc]
	d.At, d.Reserve, d.Token = e.At, false, true
	s.Turn = e.Next
}
func (e RoundBegan) apply(s *State) {
	for i := range s.Discs {
		s.Discs[i].Token = false
	}
	s.Round, s.Turn, s.Active, s.Moved, s.Acted = e.Round, e.First, -1, false, false
}

// inRange says whether every index is a disc of s.
func inRange(s State, is ...int) error {
	for _, i := range is {
		if i < 0 || i >= len(s.Discs) {
			return fmt.Errorf("no disc %d", i)
		}
	}
	return nil
}

func side(v int) error {
	if v != 0 && v != 1 {
		return fmt.Errorf("side %d: 0 or 1", v)
	}
	return nil
}

func (e Started) check(s State) error {
	if err := side(e.First); err != nil {
		return err
	}
	for _, d := range e.Discs {
		if d.Card.Validate() != nil || side(d.Side) != nil {
			return fmt.Errorf("a disc that cannot be played")
		}
	}
	return nil
}
func (e ActivationBegan) check(s State) error { return inRange(s, e.Disc) }
func (e Moved) check(s State) error {
	if err := inRange(s, e.On...); err != nil {
		return err
	}
	return inRange(s, e.Disc)
}
func (e Removed) check(s State) error { return inRange(s, e.Disc) }
func (e Shot) check(s State) error {
	if len(e.Faces) > MaxFire || len(e.Scatter) > len(e.Faces) || e.Strength < 0 || e.Strength > MaxStrength {
		return fmt.Errorf("a shot of %d dice, %d scattered, Strength %d: at most %d dice, Strength 0 to %d", len(e.Faces), len(e.Scatter), e.Strength, MaxFire, MaxStrength)
	}
	for _, f := range e.Faces {
		if err := face(f); err != nil {
			return err
		}
	}
	for _, sc := range e.Scatter {
		if err := face(sc.Face); err != nil {
			return err
		}
		if err := inRange(s, sc.Disc); err != nil {
			return err
		}
	}
	return inRange(s, e.Attacker, e.Target)
}

// face refuses what is not a battle die's face.
func face(f Face) error {
	for _, g := range Faces {
		if f == g {
			return nil
		}
	}
	return fmt.Errorf("no battle die shows %q", f)
}
func (e Focused) check(s State) error {
	if e.Target == -1 {
		return inRange(s, e.Disc)
	}
	return inRange(s, e.Disc, e.Target)
}
func (e Damaged) check(s State) error {
	if e.Delta < -MaxDamage || e.Delta > MaxDamage {
		return fmt.Errorf("damage %d: at most %d either way", e.Delta, MaxDamage)
	}
	return inRange(s, e.Disc)
}
func (e TokenGiven) check(s State) error { return inRange(s, e.Disc) }
func (e ActivationEnded) check(s State) error {
	if err := side(e.Next); err != nil {
		return err
	}
	return inRange(s, e.Disc)
}
func (e Placed) check(s State) error {
	if err := side(e.Next); err != nil {
		return err
	}
	return inRange(s, e.Disc)
}
func (e RoundBegan) check(s State) error { return side(e.First) }

// UnmarshalJSON reads a start as the log holds it, every text in it cleaned and bounded at
// this door (core.CleanDecoded: core.MaxStartText bytes a name, core.MaxStartItems items a
// list, core.ErrOutOfRange past it).
func (e *Started) UnmarshalJSON(b []byte) error {
	type plain Started // without this method
	return core.DecodeStart(b, (*plain)(e))
}
