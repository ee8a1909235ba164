package anima

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gnosis/engine/text"
)

// Printing names one of the catalog's two transcriptions of the cards. Where they differ, a
// catalog card keeps both values (Printed), carries the default printing's values, and a
// party may pin the card to the other one (PartyEntry.Printing).
type Printing string

// The printings. SecondPrinting is the default: its source states that it includes the 2011
// errata and the 2013 update, and none of the values in which the two differ is printed in
// the rulebooks (../shared/seeds).
const (
	FirstPrinting  Printing = "first"  // ../shared/data: acebaur/Anima-Tactics- (one card from NBSamael/TRPG)
	SecondPrinting Printing = "second" // ../shared/data/sullind: SulLind/BSData-Anima-Tactics-
)

// DefaultPrinting is the printing whose values a catalog card carries where the two differ.
const DefaultPrinting = SecondPrinting

// In names the printing in lang ("first source", "fonte seconda"...).
func (p Printing) In(lang string) string { return text.Word(lang, "printing", string(p)) }

// Valid reports whether p is a printing ("" is not).
func (p Printing) Valid() bool { return p == FirstPrinting || p == SecondPrinting }

// Printed is one printing's value of a field where the two printings differ: the field as
// the sources' comparison names it ("defense", "level", "special_abilities: Noah cost",
// "cost"...) and the value as printed ("9", "30/35", "Fighter;Mystic", "" for not printed).
type Printed struct {
	Printing Printing `json:"printing"`
	Field    string   `json:"field"`
	Value    string   `json:"value"`
}

// ErrPrinting is wrapped by the errors of WithPrinting: an unknown printing, or a card that
// has no value of that printing.
var ErrPrinting = errors.New("printing")

// printings lists the printings that ps holds values of (none for a card printed alike in
// both), in the order first, second.
func printings(ps []Printed) []Printing {
	var out []Printing
	for _, want := range []Printing{FirstPrinting, SecondPrinting} {
		for _, p := range ps {
			if p.Printing == want {
				out = append(out, want)
				break
			}
		}
	}
	return out
}

// Printings lists the printings in which this card differs (empty: one printing).
func (c Card) Printings() []Printing { return printings(c.Printed) }

// PrintedAs gives the value of field in printing p, and whether that printing differs there.
func PrintedAs(ps []Printed, p Printing, field string) (string, bool) {
	for _, x := range ps {
		if x.Printing == p && x.Field == field {
			return x.Value, true
		}
	}
	return "", false
}

func checkPrinting(name string, ps []Printed, p Printing) error {
	if !p.Valid() {
		return fmt.Errorf("%w %q of %s: want first or second", ErrPrinting, p, name)
	}
	for _, x := range ps {
		if x.Printing == p {
			return nil
		}
	}
	return fmt.Errorf("%w: %s is printed alike in both sources; there is no %s printing to choose", ErrPrinting, name, p)
}

// WithPrinting returns the card with printing p's values where the printings differ. The
// card's own printing returns it unchanged. Errors wrap ErrPrinting: p unknown, or the card
// printed alike in both.
func (c Card) WithPrinting(p Printing) (Card, error) {
	if err := checkPrinting(c.Name, c.Printed, p); err != nil {
		return c, err
	}
	if p == c.Printing {
		return c, nil
	}
	out := c
	out.Abilities = append([]Ability(nil), c.Abilities...)
	for _, x := range c.Printed {
		if x.Printing != p {
			continue
		}
		if err := out.setPrinted(x.Field, x.Value); err != nil {
			return c, fmt.Errorf("%w: %s, %s %q: %v", ErrPrinting, c.Name, x.Field, x.Value, err)
		}
	}
	out.Printing = p
	return out, nil
}

// firstInt reads the first number of "30" or "30/35".
func firstInt(v string) (int, error) {
	first, _, _ := strings.Cut(v, "/")
	return strconv.Atoi(strings.TrimSpace(first))
}

// SplitList splits a card's list, "Fighter;Mystic" or "Light, Dark", into its trimmed words.
func SplitList(v string) []string {
	var out []string
	for _, x := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == ',' }) {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// stat is the card's two-valued stat the sources' comparison names field ("attack",
// "life_points"...), or nil.
func (c *Card) stat(field string) *Stat {
	switch field {
	case "attack":
		return &c.Attack
	case "damage":
		return &c.Damage
	case "defense":
		return &c.Defense
	case "armor":
		return &c.Armor
	case "life_points":
		return &c.LP
	case "resistance":
		return &c.Resistance
	}
	return nil
}

// setPrinted sets one field as the sources' comparison names it.
func (c *Card) setPrinted(field, value string) error {
	var err error
	if s := c.stat(field); s != nil {
		*s, err = ParseStat(value)
		return err
	}
	switch field {
	case "level":
		c.Level, err = firstInt(value)
	case "actions_total":
		c.Actions, err = strconv.Atoi(value)
	case "recovery":
		c.Recovery, err = strconv.Atoi(value)
	case "faction":
		c.Faction = Faction(value)
	case "organization":
		c.Organization = value
	case "leader":
		c.Leader = Leadership(value)
	case "affinity":
		c.Affinity = SplitList(value)
	case "category":
		c.Categories = nil
		for _, k := range SplitList(value) {
			c.Categories = append(c.Categories, Category(k))
		}
	default:
		name, ok := strings.CutPrefix(field, "special_abilities: ")
		if name, ok = strings.CutSuffix(name, " cost"); !ok {
			return fmt.Errorf("unknown field")
		}
		for i, a := range c.Abilities {
			if strings.EqualFold(a.Name, name) {
				c.Abilities[i].Cost, err = strconv.Atoi(value)
				return err
			}
		}
		return fmt.Errorf("no ability %q", name)
	}
	return err
}

// WithPrinting returns the advantage card with printing p's values (its cost and actions).
// Errors wrap ErrPrinting: p unknown, the card printed alike in both, or missing from p.
func (a AdvantageCard) WithPrinting(p Printing) (AdvantageCard, error) {
	if err := checkPrinting(a.Name, a.Printed, p); err != nil {
		return a, err
	}
	if p == a.Printing {
		return a, nil
	}
	out := a
	for _, x := range a.Printed {
		if x.Printing != p {
			continue
		}
		var err error
		switch x.Field {
		case "cost":
			out.Cost, err = strconv.Atoi(x.Value)
			if x.Value == "" {
				out.Cost, err = 0, nil
			}
		case "actions":
			out.Automatic = strings.EqualFold(x.Value, "Automatic")
		case "missing":
			err = fmt.Errorf("not a card of this printing")
		default:
			err = fmt.Errorf("unknown field")
		}
		if err != nil {
			return a, fmt.Errorf("%w: %s, %s %q: %v", ErrPrinting, a.Name, x.Field, x.Value, err)
		}
	}
	out.Printing = p
	return out, nil
}
