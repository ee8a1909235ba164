package diskwars

import (
	"math"

	"github.com/golang/geo/r2"

	"gnosis/engine/geom"
	"gnosis/engine/text"
)

// Command is a player's request: checked against the state, it gives events or a refusal
// with the rule it breaks.
type Command interface {
	decide(s State, d Die) ([]Event, error)
}

// Activate activates one of the side's discs, neither pinned nor activated. R-DW-1.
type Activate struct{ Disc int }

// Move flips the active disc through Path, each flip's new centre in centimetres: at most its
// Move flips, each moving the centre one diameter at most; it stops where the rules stop it
// (PlanMove), and a path that goes on after is refused. R-DW-2, R-DW-9.
type Move struct {
	Disc int
	Path []r2.Point
}

// Shoot makes the active disc's ranged attack at Target: any other disc on the battlefield,
// a friend too, within the attack's greatest band and in sight. R-DW-3..6, R-DW-8, R-DW-12.
type Shoot struct{ Attacker, Target int }

// Focus uses the active disc's focused ability: Magic X (X arcane damage to an enemy target
// within medium range, in sight), or an ability of the card's text, with its target (-1:
// none), its greatest band and whether it needs sight (only one that names a target does).
// R-DW-7.
type Focus struct {
	Disc       int
	Magic      bool
	Target     int
	Band       Band
	NeedsSight bool
}

// Pass ends a disc's activation with nothing done (activating it first if it is not active):
// it takes its activation token. R-DW-10.
type Pass struct{ Disc int }

// EndActivation ends the active disc's activation (an Agile disc that will not use its second
// action).
type EndActivation struct{}

// FromReserve brings one of the side's discs from the reserves onto the battlefield at At, as
// the side's activation. R-DW-1.
type FromReserve struct {
	Disc int
	At   r2.Point
}

// NextRound begins a new round with every activation token off; First activates first.
// R-DW-10.
type NextRound struct{ First int }

// AdjustDamage changes a disc's damage counter (the player's count of wounds and damage the
// article leaves to other rules); never below 0.
type AdjustDamage struct{ Disc, Delta int }

func (c Activate) decide(s State, _ Die) ([]Event, error) {
	if err := s.checkActivate(c.Disc); err != nil {
		return nil, err
	}
	return []Event{ActivationBegan{c.Disc}}, nil
}

// active checks that disc i is the one being activated.
func (s State) active(i int) error {
	if err := inRange(s, i); err != nil {
		return refuse("", ErrNoSuchDisc, "there is no disc %d", i)
	}
	if s.Active != i {
		return refuse("R-DW-1", ErrNotAllowed, "%s is not being activated: activate it first", s.Discs[i].Card.Name)
	}
	return nil
}

// canAct checks that the active disc may shoot or use a focused ability now: once an
// activation, and after a move only when Agile. R-DW-7.
// R-DW-7 (home).
func (s State) canAct(i int) error {
	d := s.Discs[i]
	switch {
	case s.Acted:
		return refuse("R-DW-1", ErrNotAllowed, "%s has already acted in this activation", d.Card.Name)
	case s.Moved && !d.Card.Agile:
		return refuse("R-DW-7", ErrNotAllowed, "%s has moved: only an Agile disc also shoots or uses a focused ability", d.Card.Name)
	}
	return nil
}

// canMove checks that the active disc may still move: once an activation, and after a shot
// or an ability only when Agile. R-DW-2, R-DW-7.
func (s State) canMove(i int) error {
	d := s.Discs[i]
	switch {
	case s.Moved:
		return refuse("R-DW-2", ErrNotAllowed, "%s has already moved in this activation", d.Card.Name)
	case s.Acted && !d.Card.Agile:
		return refuse("R-DW-7", ErrNotAllowed, "%s has acted: only an Agile disc also moves", d.Card.Name)
	}
	return nil
}

// CanMove reports whether disc i, being activated, may move now (a disc of Move 0 never
// does). R-DW-2, R-DW-7.
func (s State) CanMove(i int) bool {
	return s.active(i) == nil && s.canMove(i) == nil && s.Discs[i].Card.Move > 0
}

// CanAct reports whether disc i, being activated, may shoot or use a focused ability now.
// R-DW-1, R-DW-7.
func (s State) CanAct(i int) bool { return s.active(i) == nil && s.canAct(i) == nil }

// HasDone reports whether the disc being activated has moved or acted: it ends its
// activation then, where before it could only pass. R-DW-10.
func (s State) HasDone() bool { return s.Moved || s.Acted }

// finish ends the activation after an action when nothing is left to it: any disc after one
// action, an Agile one after a move and a shot or ability.
func finish(s State, evs []Event) []Event {
	after := s.Clone()
	for _, e := range evs {
		e.apply(&after)
	}
	i := after.Active
	if i < 0 {
		return evs
	}
	if d := after.Discs[i]; !d.OnField() || !d.Card.Agile || (after.Moved && after.Acted) {
		return append(evs, ActivationEnded{Disc: i, Next: next(after, i)})
	}
	return evs
}

// next is the side that activates after disc i's activation: the other side if it has
// anything left to do this round, else this one if it has, else the other.
func next(s State, i int) int {
	after := s.Clone()
	after.Discs[i].Token = true
	side := s.Discs[i].Side
	if !after.canGo(1-side) && after.canGo(side) {
		return side
	}
	return 1 - side
}

// Stop is why a move stops before its path ends. R-DW-2, R-DW-9.
type Stop string

// The reasons a move stops.
const (
	StopPinned Stop = "pinned"
	StopRough  Stop = "rough"
	StopSwamp  Stop = "swamp"
	StopOff    Stop = "off the battlefield"
)

// In is the reason in lang.
func (s Stop) In(lang string) string { return text.Word(lang, "stop", string(s)) }

// PlanMove says where a disc flipped through path stops: the number of flips it makes and why
// it stops there ("" when it makes them all): pinning an enemy it did not pin already (Fly:
// never while moving; Relentless: not the first time), coming to overlap rough terrain it did
// not start on, ending a flip on a swamp (Fly or Sure-footed: neither), or, activated and
// wholly off the battlefield, being destroyed. R-DW-2 (home), R-DW-9.
func PlanMove(s State, disc int, path []r2.Point) (flips int, stop Stop) {
	d := s.Discs[disc]
	me := d.disc(disc)
	startPins := map[int]bool{}
	for _, j := range overlapping(s, disc, me) {
		startPins[j] = true
	}
	var startRough []bool
	for _, t := range s.Terrain {
		startRough = append(startRough, t.Kind == Rough && OnTerrain(me, t))
	}
	relentless := d.Card.Relentless
	for k, p := range path {
		me.Center = p
		if offField(me) {
			return k + 1, StopOff
		}
		if !d.Card.Fly {
			pins := false
			for _, j := range overlapping(s, disc, me) {
				if s.Discs[j].Side != d.Side && !startPins[j] {
					pins = true
				}
			}
			if pins {
				if !relentless {
					return k + 1, StopPinned
				}
				relentless = false
			}
		}
		if !d.Card.Fly && !d.Card.SureFooted {
			for ti, t := range s.Terrain {
				switch {
				case t.Kind == Rough && !startRough[ti] && OnTerrain(me, t):
					return k + 1, StopRough
				case t.Kind == Swamp && OnTerrain(me, t):
					return k + 1, StopSwamp
				}
			}
		}
	}
	return len(path), ""
}

// overlapping are the discs on the battlefield that disc i, at me, overlaps.
func overlapping(s State, i int, me Disc) []int {
	var out []int
	for j, o := range s.Discs {
		if j != i && o.OnField() && Overlaps(me, o.disc(j)) {
			out = append(out, j)
		}
	}
	return out
}

// offField reports whether the disc lies wholly off the battlefield.
func offField(d Disc) bool {
	dx := math.Max(0, math.Max(-d.Center.X, d.Center.X-BattlefieldCm))
	dy := math.Max(0, math.Max(-d.Center.Y, d.Center.Y-BattlefieldCm))
	return math.Hypot(dx, dy) >= d.Radius()-geom.Eps
}

func (c Move) decide(s State, _ Die) ([]Event, error) {
	if err := s.active(c.Disc); err != nil {
		return nil, err
	}
	d := s.Discs[c.Disc]
	if err := s.canMove(c.Disc); err != nil {
		return nil, err
	}
	switch {
	case len(c.Path) == 0:
		return nil, refuse("R-DW-2", ErrNotAllowed, "a move is one flip or more")
	case len(c.Path) > d.Card.Move:
		return nil, refuse("R-DW-2", ErrNotAllowed, "%s flips at most %d times, not %d", d.Card.Name, d.Card.Move, len(c.Path))
	}
	from := d.At
	for k, p := range c.Path {
		if geom.Dist(from, p) > d.Card.DiameterCm+geom.Eps {
			return nil, refuse("R-DW-9", ErrNotAllowed, "flip %d moves %s %.1f cm: a flip moves it one diameter (%.1f cm) at most", k+1, d.Card.Name, geom.Dist(from, p), d.Card.DiameterCm)
		}
		from = p
	}
	flips, stop := PlanMove(s, c.Disc, c.Path)
	if flips < len(c.Path) {
		return nil, refuse("R-DW-2", ErrNotAllowed, "%s stops after flip %d (%s): the path cannot go on", d.Card.Name, flips, stop)
	}
	me := d.disc(c.Disc)
	me.Center = c.Path[len(c.Path)-1]
	evs := []Event{Moved{Disc: c.Disc, Path: c.Path, Stop: stop, On: overlapping(s, c.Disc, me)}}
	if stop == StopOff {
		evs = append(evs, Removed{Disc: c.Disc, Why: string(stop)})
		evs = append(evs, ActivationEnded{Disc: c.Disc, Next: next(s, c.Disc)})
		return evs, nil
	}
	return finish(s, evs), nil
}

func (c Shoot) decide(s State, d Die) ([]Event, error) {
	band, err := c.check(s)
	if err != nil {
		return nil, err
	}
	att := s.Discs[c.Attacker]
	r := att.Card.Ranged
	shot := Shot{Attacker: c.Attacker, Target: c.Target, Band: band, Strength: r.Strength.N}
	scatters := 0
	for range r.Fire {
		f := rollFace(d)
		shot.Faces = append(shot.Faces, f)
		if f == Scatter && !r.IgnoresScatter {
			scatters++
		}
	}
	if r.Strength.D6 {
		shot.Strength = rollD6(d)
	}
	h := newHits(shot.Strength, func(f Face) bool {
		// R-DW-5 (home): hits and criticals deal the Strength, criticals only at siege range.
		return f == Critical || (band != Siege && (f == Hit || (f == Chaos && r.ChaosAsHit)))
	})
	index := map[string]int{} // a Disc's ID is its index in the state (DiscState.disc)
	for i, o := range s.Discs {
		if o.OnField() {
			index[o.disc(i).ID] = i
		}
	}
	// R-DW-12 (home): scatter dice go where ScatterOrder says, range and sight unchecked;
	// each resolves before the target's dice.
	for _, o := range ScatterOrder(s.Discs[c.Target].disc(c.Target), s.Field(), scatters) {
		i := index[o.ID]
		f := rollFace(d) // a scatter on the re-roll is no effect
		shot.Scatter = append(shot.Scatter, ScatterDie{Disc: i, Face: f})
		h.hit(i, f)
	}
	for _, f := range shot.Faces {
		h.hit(c.Target, f)
	}
	return finish(s, h.events(s, shot)), nil
}

// check is the band of the shot, or why it cannot be made: the attacker is not the active
// disc or has acted, it has no ranged attack, the target is itself, off the battlefield, out
// of reach or out of sight. R-DW-3, R-DW-4, R-DW-5.
func (c Shoot) check(s State) (Band, error) {
	if err := s.active(c.Attacker); err != nil {
		return "", err
	}
	if err := inRange(s, c.Target); err != nil {
		return "", refuse("", ErrNoSuchDisc, "there is no disc %d", c.Target)
	}
	if err := s.canAct(c.Attacker); err != nil {
		return "", err
	}
	att, tg := s.Discs[c.Attacker], s.Discs[c.Target]
	r := att.Card.Ranged
	switch {
	case r == nil:
		return "", refuse("R-DW-5", ErrNotAllowed, "%s has no ranged attack", att.Card.Name)
	case c.Target == c.Attacker:
		return "", refuse("R-DW-5", ErrNotAllowed, "a disc does not shoot at itself")
	case !tg.OnField():
		return "", refuse("R-DW-5", ErrNotAllowed, "%s is not on the battlefield", tg.Card.Name)
	}
	a, t := att.disc(c.Attacker), tg.disc(c.Target)
	band := BandOf(math.Max(0, Gap(a, t)))
	if bandOrder(band) > bandOrder(r.MaxBand) {
		return "", refuse("R-DW-3", ErrNotAllowed, "%s is at %s range: %s reaches %s range", tg.Card.Name, band, att.Card.Name, r.MaxBand)
	}
	if !Sight(a, t, s.Terrain) {
		return "", refuse("R-DW-4", ErrNotAllowed, "%s cannot see %s", att.Card.Name, tg.Card.Name)
	}
	return band, nil
}

// hits adds up a shot's dice, disc by disc: the damage of those that count, in the order
// the discs are first damaged, and which discs took a critical.
type hits struct {
	strength int
	counts   func(Face) bool
	damage   map[int]int
	order    []int
	crit     map[int]bool
}

func newHits(strength int, counts func(Face) bool) *hits {
	return &hits{strength: strength, counts: counts, damage: map[int]int{}, crit: map[int]bool{}}
}

// hit is face f rolled against disc i.
func (h *hits) hit(i int, f Face) {
	if h.counts(f) {
		if _, seen := h.damage[i]; !seen {
			h.order = append(h.order, i)
		}
		h.damage[i] += h.strength
	}
	if f == Critical {
		h.crit[i] = true
	}
}

// events are the shot, the damage it deals and the tokens its criticals give (not to the
// active disc, nor to one that has its token).
func (h *hits) events(s State, shot Shot) []Event {
	evs := []Event{shot}
	for _, i := range h.order {
		if h.damage[i] > 0 {
			evs = append(evs, Damaged{Disc: i, Delta: h.damage[i]})
		}
	}
	for i := range s.Discs {
		if h.crit[i] && !s.Discs[i].Token && i != s.Active {
			evs = append(evs, TokenGiven{Disc: i})
		}
	}
	return evs
}

func rollFace(d Die) Face {
	v := d.Roll()
	if v < 1 || v > 6 {
		panic(errNoDice)
	}
	return Faces[v-1]
}

func rollD6(d Die) int {
	v := d.Roll()
	if v < 1 || v > 6 {
		panic(errNoDice)
	}
	return v
}

func bandOrder(b Band) int {
	switch b {
	case Short:
		return 0
	case Medium:
		return 1
	case Long:
		return 2
	}
	return 3
}

func (c Focus) decide(s State, _ Die) ([]Event, error) {
	if err := s.active(c.Disc); err != nil {
		return nil, err
	}
	if err := s.canAct(c.Disc); err != nil {
		return nil, err
	}
	me := s.Discs[c.Disc]
	band, sight := c.Band, c.NeedsSight
	if c.Magic {
		if me.Card.Magic <= 0 {
			return nil, refuse("R-DW-7", ErrNotAllowed, "%s has no Magic", me.Card.Name)
		}
		band, sight = Medium, true
	}
	ev := Focused{Disc: c.Disc, Target: c.Target}
	if c.Target == -1 {
		if c.Magic {
			return nil, refuse("R-DW-7", ErrNotAllowed, "Magic needs an enemy target")
		}
		return finish(s, []Event{ev}), nil
	}
	if err := inRange(s, c.Target); err != nil || !s.Discs[c.Target].OnField() {
		return nil, refuse("", ErrNoSuchDisc, "there is no disc %d on the battlefield", c.Target)
	}
	tg := s.Discs[c.Target]
	a, t := me.disc(c.Disc), tg.disc(c.Target)
	if got := BandOf(math.Max(0, Gap(a, t))); bandOrder(got) > bandOrder(band) {
		return nil, refuse("R-DW-7", ErrNotAllowed, "%s is at %s range: the ability reaches %s range", tg.Card.Name, got, band)
	}
	if sight && !Sight(a, t, s.Terrain) {
		return nil, refuse("R-DW-4", ErrNotAllowed, "%s cannot see %s", me.Card.Name, tg.Card.Name)
	}
	evs := []Event{ev}
	if c.Magic {
		if tg.Side == me.Side {
			return nil, refuse("R-DW-7", ErrNotAllowed, "Magic needs an enemy target")
		}
		evs = append(evs, Damaged{Disc: c.Target, Delta: me.Card.Magic})
	}
	return finish(s, evs), nil
}

// decide is R-DW-10 (home).
func (c Pass) decide(s State, _ Die) ([]Event, error) {
	if s.Active == c.Disc {
		return []Event{ActivationEnded{Disc: c.Disc, Next: next(s, c.Disc)}}, nil
	}
	if err := s.checkActivate(c.Disc); err != nil {
		return nil, err
	}
	return []Event{ActivationBegan{c.Disc}, ActivationEnded{Disc: c.Disc, Next: next(s, c.Disc)}}, nil
}

func (EndActivation) decide(s State, _ Die) ([]Event, error) {
	if s.Active < 0 {
		return nil, refuse("R-DW-1", ErrNotAllowed, "no disc is being activated")
	}
	return []Event{ActivationEnded{Disc: s.Active, Next: next(s, s.Active)}}, nil
}

func (c FromReserve) decide(s State, _ Die) ([]Event, error) {
	if err := s.checkEnter(c.Disc); err != nil {
		return nil, err
	}
	d := s.Discs[c.Disc]
	me := d.disc(c.Disc)
	me.Center = c.At
	if offField(me) {
		return nil, refuse("R-DW-1", ErrNotAllowed, "%s must come onto the battlefield", d.Card.Name)
	}
	after := s.Clone()
	after.Discs[c.Disc].Reserve, after.Discs[c.Disc].At = false, c.At
	return []Event{Placed{Disc: c.Disc, At: c.At, Next: next(after, c.Disc)}}, nil
}

func (c NextRound) decide(s State, _ Die) ([]Event, error) {
	if s.Active >= 0 {
		return nil, refuse("R-DW-1", ErrNotAllowed, "%s is being activated: end its activation first", s.Discs[s.Active].Card.Name)
	}
	if c.First != 0 && c.First != 1 {
		return nil, refuse("", ErrNotAllowed, "the side that activates first is 0 or 1, not %d", c.First)
	}
	return []Event{RoundBegan{Round: s.Round + 1, First: c.First}}, nil
}

func (c AdjustDamage) decide(s State, _ Die) ([]Event, error) {
	if err := inRange(s, c.Disc); err != nil {
		return nil, refuse("", ErrNoSuchDisc, "there is no disc %d", c.Disc)
	}
	if s.Discs[c.Disc].Damage+c.Delta < 0 {
		return nil, refuse("", ErrNotAllowed, "%s has %d damage: it does not go below 0", s.Discs[c.Disc].Card.Name, s.Discs[c.Disc].Damage)
	}
	return []Event{Damaged{Disc: c.Disc, Delta: c.Delta}}, nil
}
