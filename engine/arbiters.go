package engine

import "gnosis/engine/text"

// GiveOrder has an Arbiter spend Order points on an order (R-ARB-1): actions cannot pay
// them, and an active order is given during the Arbiter's activation unless it is Reactive.
type GiveOrder struct {
	Arbiter  Ref
	Order    string
	Cost     int
	Reactive bool
}

// OrderPointsChanged adds Delta Order points to an Arbiter. R-ARB-1.
type OrderPointsChanged struct {
	Ref   Ref `json:"ref"`
	Delta int `json:"delta"`
}

func (c GiveOrder) decide(s State, _ Die) ([]Event, error) {
	ch, err := actor(s, c.Arbiter, c.Reactive)
	if err != nil {
		return nil, err
	}
	// R-ARB-1 (home): Order points, reset each Recovery (AdvancePhase), never paid by actions.
	switch {
	case ch.MaxOrderPoints == 0:
		return nil, refuse("R-ARB-1", ErrNotAllowed, "%s is not an Arbiter: it has no Order points", ch.Name)
	case c.Cost < 0:
		return nil, refuse("R-ARB-1", ErrNotAllowed, "an order costs 0 Order points or more")
	case ch.OrderPoints < c.Cost:
		return nil, refuse("R-ARB-1", ErrNotEnoughActions, "%s costs %s; %s has %d (actions cannot pay them)", c.Order, text.N(c.Cost, "%d Order point", "%d Order points"), ch.Name, ch.OrderPoints)
	}
	if c.Cost == 0 {
		return nil, nil
	}
	return []Event{OrderPointsChanged{Ref: c.Arbiter, Delta: -c.Cost}}, nil
}

func (OrderPointsChanged) Kind() string     { return "orders" }
func (e OrderPointsChanged) apply(s *State) { s.char(e.Ref).OrderPoints += e.Delta }

func init() { register(OrderPointsChanged{}) }
