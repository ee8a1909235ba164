package anima

import (
	"strconv"
	"strings"
)

// Advantage cards in play: uses of a character's Equipment and Power cards and plays of a
// side's Plot and Team cards (R-PARTY-9).

// UseCard counts a use of a character's Equipment or Power card (Delta 1), or takes a counted
// use back (Delta -1, a correction: the actions stay spent; Undo takes back the whole use). A
// single use card is spent once used; other limits are printed on the card (R-PARTY-9): the
// player reads them there. A card without the word Automatic costs actions to use
// (R-PARTY-9): the actions it prints (CardInPlay.Actions; 1 when the data has no number),
// spent as any action is, so its bearer must be the active character (or the card Reactive),
// not paralysed (R-STATE-6), not a Berserker that must charge first (R-STATE-8), and have the
// actions (R-ACT-1; Poison costs LP for them, R-STATE-5). Errors: the character is not in play,
// has no such card, has spent it (single use), lost it (a maintenance card discarded,
// R-TURN-3), has not used it (taking a use back), or cannot spend the actions.
type UseCard struct {
	Ref   Ref
	Card  string
	Delta int
}

// CardUsed counts a use of a character's Equipment or Power card (Delta 1) or takes one back
// (Delta -1). R-PARTY-9.
type CardUsed struct {
	Ref   Ref    `json:"ref"`
	Card  string `json:"card"`
	Delta int    `json:"delta"`
}

func (c UseCard) decide(s State, d Die) ([]Event, error) {
	ch, err := inPlay(s, c.Ref)
	if err != nil {
		return nil, err
	}
	name, err := countCard(ch.Cards, ch.Name, c.Card, c.Delta, true)
	if err != nil {
		return nil, err
	}
	t := begin(s, d)
	if card := ch.card(name); c.Delta > 0 && !card.Automatic {
		if _, err := actor(s, c.Ref, card.Reactive); err != nil {
			return nil, err
		}
		if !card.Reactive {
			if err := mustCharge(s, c.Ref, ch); err != nil {
				return nil, err
			}
		}
		cost := card.UseCost()
		if err := canSpend(ch, cost, Reason(name)); err != nil {
			return nil, err
		}
		t.spend(c.Ref, ch, cost, Reason(name))
	}
	t.emit(CardUsed{Ref: c.Ref, Card: name, Delta: c.Delta})
	return t.done()
}

// UseCost is what a use of the card costs in actions: none for an Automatic card, else the
// actions it prints, and 1 when the data has no number. R-PARTY-9.
func (c CardInPlay) UseCost() int {
	if c.Automatic {
		return 0
	}
	return max(c.Actions, 1)
}

// card is the character's card of that name (its own name, as countCard gives it).
func (c Character) card(name string) CardInPlay {
	for _, cd := range c.Cards {
		if cd.Name == name {
			return cd
		}
	}
	return CardInPlay{}
}

// Usable reports whether the card may be used or played once more: not a single use card
// already spent (R-PARTY-9), not a maintenance card discarded (R-TURN-3).
func (c CardInPlay) Usable() bool { return !c.Discarded && !(c.SingleUse && c.Used > 0) }

// countCard finds the card called name (in any case) among an owner's cards and checks that
// delta, one use (used: a character's card) or play (a side's card) more or less, keeps its
// count at 0 or more, that a single use card is used once and a discarded card not at all;
// it returns the card's own name. R-PARTY-9.
func countCard(cards []CardInPlay, owner, name string, delta int, used bool) (string, error) {
	if delta != 1 && delta != -1 {
		return "", refuse("R-PARTY-9", ErrNotAllowed, "a card counts one at a time, not %+d", delta)
	}
	for _, card := range cards {
		if !strings.EqualFold(card.Name, name) {
			continue
		}
		switch {
		case delta < 0 || card.Usable():
		case card.Discarded:
			return "", refuse("R-TURN-3", ErrNotAllowed, "%s was discarded: its upkeep was not paid", card.Name)
		default:
			return "", refuse("R-PARTY-9", ErrNotAllowed, "%s is a single use card, and %s has spent it", card.Name, owner)
		}
		if card.Used+delta < 0 {
			if used {
				return "", refuse("R-PARTY-9", ErrNotAllowed, "%s has not used %s", owner, card.Name)
			}
			return "", refuse("R-PARTY-9", ErrNotAllowed, "%s has not played %s", owner, card.Name)
		}
		return card.Name, nil
	}
	return "", refuse("R-PARTY-9", ErrNotAllowed, "%s has no card %q", owner, name)
}

// PlayCard marks one of a side's Plot or Team cards played (Delta 1), or takes a play back
// (Delta -1). Plot cards stay hidden in hand until played, at any time unless the card says
// otherwise (R-PARTY-9); the tracker keeps which were played. Errors: the side has no such
// card, it is a single use card already played, or it was not played (taking a play back).
type PlayCard struct {
	Side  int
	Card  string
	Delta int
}

// SideCardPlayed marks a side's Plot or Team card played (Delta 1) or takes the play back
// (Delta -1). R-PARTY-9.
type SideCardPlayed struct {
	Side  int    `json:"side"`
	Card  string `json:"card"`
	Delta int    `json:"delta"`
}

func (c PlayCard) decide(s State, _ Die) ([]Event, error) {
	if c.Side < 0 || c.Side > 1 {
		return nil, fail(ErrNoSuchCharacter, "no side %d", c.Side+1)
	}
	sd := s.Sides[c.Side]
	name, err := countCard(sd.Cards, sd.Name, c.Card, c.Delta, false)
	if err != nil {
		return nil, err
	}
	return []Event{SideCardPlayed{Side: c.Side, Card: name, Delta: c.Delta}}, nil
}

// CardDiscarded takes a maintenance card out of play: its upkeep was not paid. R-TURN-3.
type CardDiscarded struct {
	Ref  Ref    `json:"ref"`
	Card string `json:"card"`
}

// ParseUpkeep reads a maintenance card's upkeep as printed: "1 LP" (lp), "2 actions" or
// "1 action"; ok is false for anything else.
func ParseUpkeep(printed string) (n int, lp, ok bool) {
	f := strings.Fields(strings.ToLower(printed))
	if len(f) != 2 {
		return 0, false, false
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 {
		return 0, false, false
	}
	switch f[1] {
	case "lp":
		return n, true, true
	case "action", "actions":
		return n, false, true
	}
	return 0, false, false
}

func (CardUsed) Kind() string       { return "card-used" }
func (SideCardPlayed) Kind() string { return "card-played" }
func (CardDiscarded) Kind() string  { return "card-discarded" }

func (e CardDiscarded) apply(s *State) {
	c := s.char(e.Ref)
	for i := range c.Cards {
		if c.Cards[i].Name == e.Card {
			c.Cards[i].Discarded = true
			return
		}
	}
}

func (e CardUsed) apply(s *State) {
	c := s.char(e.Ref)
	for i := range c.Cards {
		if c.Cards[i].Name == e.Card {
			c.Cards[i].Used += e.Delta
			return
		}
	}
}

func (e SideCardPlayed) apply(s *State) {
	cards := s.Sides[e.Side].Cards
	for i := range cards {
		if cards[i].Name == e.Card {
			cards[i].Used += e.Delta
			return
		}
	}
}
