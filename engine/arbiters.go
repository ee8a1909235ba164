package engine

import (
	"slices"
	"strings"

	"gnosis/engine/text"
)

// GiveOrder has an Arbiter spend Order points on an order (R-ARB-1): actions cannot pay
// them, and an active order is given during the Arbiter's activation unless it is Reactive.
// An Arbiter whose card names its orders (Character.Orders) gives one of them, at the cost
// the card prints, reactive when the card says so (Cost and Reactive are then not read); one
// whose card does not (an own card) gives any order at Cost. Errors: not an Arbiter, no such
// order, an active order outside the Arbiter's activation, not enough Order points.
type GiveOrder struct {
	Arbiter  Ref
	Order    string
	Cost     int
	Reactive bool
}

// OrderPointsChanged adds Delta Order points to an Arbiter: spent on the order Order, or
// reset in the Recovery phase (Order ""). R-ARB-1.
type OrderPointsChanged struct {
	Ref   Ref    `json:"ref"`
	Delta int    `json:"delta"`
	Order string `json:"order,omitempty"`
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
	switch {
	case order.Cost < 0:
		return nil, refuse("R-ARB-1", ErrNotAllowed, "an order costs 0 Order points or more")
	case ch.OrderPoints < order.Cost:
		return nil, refuse("R-ARB-1", ErrNotEnoughActions, "%s costs %s; %s has %d (actions cannot pay them)", order.Name, text.N(order.Cost, "%d Order point", "%d Order points"), ch.Name, ch.OrderPoints)
	}
	if order.Cost == 0 {
		return nil, nil
	}
	return []Event{OrderPointsChanged{Ref: c.Arbiter, Delta: -order.Cost, Order: order.Name}}, nil
}

func (OrderPointsChanged) Kind() string     { return "orders" }
func (e OrderPointsChanged) apply(s *State) { s.char(e.Ref).OrderPoints += e.Delta }

func init() { register(OrderPointsChanged{}) }
