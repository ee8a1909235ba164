package anima

import (
	"slices"
	"strings"

	"gnosis/engine/text"
)

// GiveOrder has an Arbiter spend Order points on an order (R-ARB-1): actions cannot pay
// them, and an active order is given during the Arbiter's activation unless it is Reactive.
// An Arbiter whose card names its orders (Character.Orders) gives one of them, at the cost
// the card prints, reactive when the card says so (Cost and Reactive are then not read); one
// whose card does not (an own card) gives any order at Cost. An order is a special ability
// and an Active Action (004): Seal forbids it, Paralysis forbids it (reactive ones too), and a
// Berserker's first action must still be its charge (R-STATE-6, R-STATE-8). An order that
// names a target (Order.Target: the card's Attack and Effect orders) takes Target, which must
// be inside the zone of influence, edge to edge, with line of sight: Reach is that measure,
// from the table (nil when nobody measured: the players vouch for it). Errors: not an Arbiter,
// no such order, sealed, paralysed, a Berserker that must charge first, an active order outside
// the Arbiter's activation, no target or one out of the zone or out of sight, not enough Order
// points.
type GiveOrder struct {
	Arbiter  Ref
	Order    string
	Cost     int
	Reactive bool
	Target   *Ref
	Reach    *Reach
}

// Reach is what the table says of a target seen from a character: the gap between the two
// bases, edge to edge, in centimetres, and whether the character has line of sight to it.
type Reach struct {
	Gap   Centimetres `json:"gap_cm"`
	Sight bool        `json:"sight"`
}

// OrderPointsChanged adds Delta Order points to an Arbiter: spent on the order Order, or
// reset in the Recovery phase (Order ""). R-ARB-1.
type OrderPointsChanged struct {
	Ref    Ref    `json:"ref"`
	Delta  int    `json:"delta"`
	Order  string `json:"order,omitempty"`
	Target *Ref   `json:"target,omitempty"` // the order's target, when it names one
}

func (c GiveOrder) decide(s State, _ Die) ([]Event, error) {
	ch, err := inPlay(s, c.Arbiter)
	if err != nil {
		return nil, err
	}
	// R-ARB-1 (home): Order points, reset each Recovery (AdvancePhase), never paid by actions;
	// the orders, their costs and whether they are reactive are the card's.
	if ch.MaxOrderPoints == 0 {
		return nil, refuse("R-ARB-1", ErrNotAllowed, "%s is not an Arbiter: it has no Order points", ch.Name)
	}
	order := Order{Name: c.Order, Cost: c.Cost, Reactive: c.Reactive}
	if len(ch.Orders) > 0 {
		i := slices.IndexFunc(ch.Orders, func(o Order) bool { return strings.EqualFold(o.Name, c.Order) })
		if i < 0 {
			names := make([]string, len(ch.Orders))
			for j, o := range ch.Orders {
				names[j] = o.Name
			}
			return nil, refuse("R-ARB-1", ErrNotAllowed, "%s has no order %q: its orders are %s", ch.Name, c.Order, strings.Join(names, ", "))
		}
		order = ch.Orders[i]
	}
	if _, err := actor(s, c.Arbiter, order.Reactive); err != nil { // an active order: in its activation
		return nil, err
	}
	if err := notSealed(ch); err != nil { // an order is a special ability
		return nil, err
	}
	if err := notParalysed(ch); err != nil { // and an Active Action: none while paralysed
		return nil, err
	}
	if !order.Reactive {
		if err := mustCharge(s, c.Arbiter, ch); err != nil {
			return nil, err
		}
	}
	if err := c.targetInZone(s, ch, order); err != nil {
		return nil, err
	}
	switch {
	case order.Cost < 0:
		return nil, refuse("R-ARB-1", ErrNotAllowed, "an order costs 0 Order points or more")
	case ch.OrderPoints < order.Cost:
		return nil, refuse("R-ARB-1", ErrNotEnoughActions, "%s costs %s; %s has %d (actions cannot pay them)", order.Name, text.N(order.Cost, "%d Order point", "%d Order points"), ch.Name, ch.OrderPoints)
	}
	if order.Cost == 0 {
		return nil, nil
	}
	return []Event{OrderPointsChanged{Ref: c.Arbiter, Delta: -order.Cost, Order: order.Name, Target: c.Target}}, nil
}

// targetInZone checks the target of an order that names one: in play, not a hidden enemy
// (R-HIDE-1), and inside the Arbiter's zone of influence with line of sight when measured.
// An order that names none takes no target. R-ARB-1.
func (c GiveOrder) targetInZone(s State, arbiter Character, order Order) error {
	if !order.Target {
		if c.Target != nil {
			return refuse("R-ARB-1", ErrNotAllowed, "%s names no target", order.Name)
		}
		return nil
	}
	if c.Target == nil {
		return refuse("R-ARB-1", ErrNotAllowed, "%s names a target: choose one in the zone of influence", order.Name)
	}
	tg, err := inPlay(s, *c.Target)
	if err != nil {
		return err
	}
	if tg.Hidden && c.Target.Side != c.Arbiter.Side {
		return refuse("R-HIDE-1", ErrHidden, "%s is hidden: it cannot be targeted until found", tg.Name)
	}
	if c.Reach != nil && !InZoneOfInfluence(arbiter.Influence, c.Reach.Gap, c.Reach.Sight) {
		if !c.Reach.Sight {
			return refuse("R-ARB-1", ErrNotAllowed, "%s cannot see %s: an order needs line of sight", arbiter.Name, tg.Name)
		}
		return refuse("R-ARB-1", ErrNotAllowed, "%s is %v away, outside the zone of influence of %s (%v)", tg.Name, c.Reach.Gap, arbiter.Name, arbiter.Influence)
	}
	return nil
}

// InZoneOfInfluence reports whether something at gap (base to base, centimetres) is inside an
// Arbiter's zone of influence of the given range: as a zone of control, within the range and
// in line of sight. R-ARB-1.
func InZoneOfInfluence(influence, gap Centimetres, lineOfSight bool) bool {
	return lineOfSight && gap >= 0 && gap <= influence
}

func (OrderPointsChanged) Kind() string     { return "orders" }
func (e OrderPointsChanged) apply(s *State) { s.char(e.Ref).OrderPoints += e.Delta }
