package session

import (
	"fmt"
	"slices"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
)

// The requests of the player's own cards.
type (
	// PutCard keeps Card as the Index-th own character or summon card (-1: a new one).
	PutCard struct {
		Card  anima.Card
		Index int
	}
	// PutAdvantage keeps Card as the Index-th own advantage card (-1: a new one).
	PutAdvantage struct {
		Card  anima.AdvantageCard
		Index int
	}
	// DeleteOwnCard forgets the Index-th own character card (Advantage: advantage card).
	DeleteOwnCard struct {
		Advantage bool
		Index     int
	}
	// ImportCards adds a card pack's cards, each under a name no own card has.
	ImportCards struct{ Pack anima.CardPack }
	// CorrectCard opens Card in the cards screen's editor, to save another printing of it.
	CorrectCard struct{ Card anima.Card }
)

func (r PutCard) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.cards.putCharacter(r.Index, r.Card)
}

func (r PutAdvantage) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.cards.putAdvantage(r.Index, r.Card)
}

func (r DeleteOwnCard) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.cards.deleteAt(r.Advantage, r.Index)
}

func (r ImportCards) apply(s *Session) (Outcome, error) {
	added, err := s.cards.importPack(r.Pack)
	if err != nil {
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("Imported %s."), s.Settings().N(added, "%d card", "%d cards")))
	return Outcome{}, nil
}

func (r CorrectCard) apply(s *Session) (Outcome, error) {
	out := s.goTo(ScreenCards)
	s.cards.edit(r.Card)
	return out, nil
}

// putCharacter puts card at i of the own characters (appended: i out of them, -1), and saves
// them (the error: not saved).
func (c *cardsPart) putCharacter(i int, card anima.Card) error {
	c.own.Characters = putAt(c.own.Characters, i, card)
	return c.save()
}

// putAdvantage puts card at i of the own advantage cards, as putCharacter does.
func (c *cardsPart) putAdvantage(i int, card anima.AdvantageCard) error {
	c.own.Advantages = putAt(c.own.Advantages, i, card)
	return c.save()
}

// deleteAt forgets the own card at i (an advantage card's, else a character's), and saves.
func (c *cardsPart) deleteAt(advantage bool, i int) error {
	if advantage {
		c.own.Advantages = removeAt(c.own.Advantages, i)
	} else {
		c.own.Characters = removeAt(c.own.Characters, i)
	}
	return c.save()
}

// importPack adds pack's cards, each under a name no own card has, saves them, and says how
// many it added (the error: not saved).
func (c *cardsPart) importPack(pack anima.CardPack) (int, error) {
	var added, n int
	c.own.Characters, added = store.MergeCards(c.own.Characters, pack.Characters, func(x anima.Card) string { return x.Name }, func(x *anima.Card, n string) { x.Name = n })
	c.own.Advantages, n = store.MergeCards(c.own.Advantages, pack.Advantages, func(x anima.AdvantageCard) string { return x.Name }, func(x *anima.AdvantageCard, n string) { x.Name = n })
	return added + n, c.save()
}

// edit has the cards screen's editor open card, to save another printing of it.
func (c *cardsPart) edit(card anima.Card) { c.editing = &card }

// putAt returns a copy of s with v at i, or appended when i is out of s (-1).
func putAt[T any](s []T, i int, v T) []T {
	out := slices.Clone(s)
	if i < 0 || i >= len(out) {
		return append(out, v)
	}
	out[i] = v
	return out
}

// removeAt returns a copy of s without its i-th element.
func removeAt[T any](s []T, i int) []T {
	if i < 0 || i >= len(s) {
		return s
	}
	return append(slices.Clone(s[:i]), s[i+1:]...)
}

// InGame is the card of the character at r of the game st, as it is played: the catalog's
// card (a character's or a summon's) or one of the player's own, by name, with the numbers of
// the printing in play (the game's own, where they differ from the card's first: upgrades and
// an older printing), for the details a player checks at the table (names and numbers only).
// ok is false for a character of no known card (a game file's card): its numbers then come
// from the game alone.
func (v Cards) InGame(st anima.State, r anima.Ref) (card anima.Card, ok bool) {
	ch, found := st.Character(r)
	if !found {
		return card, false
	}
	card, ok = v.c.cat.Character(ch.Name)
	if !ok {
		card, ok = v.c.cat.Summon(ch.Name)
	}
	for _, own := range v.c.own.Characters {
		if !ok && own.Name == ch.Name {
			card, ok = own, true
		}
	}
	if !ok {
		card = anima.Card{Name: ch.Name, Level: ch.Level}
	}
	in := func(printed anima.Stat, now int) anima.Stat {
		if printed.Base == now {
			return printed // "5/2" stays as printed
		}
		return anima.S(now)
	}
	card.Attack, card.Damage, card.Defense = in(card.Attack, ch.Attack), in(card.Damage, ch.Damage), in(card.Defense, ch.Defense)
	card.Armor, card.LP, card.Resistance = in(card.Armor, ch.Armor), in(card.LP, ch.MaxLP), in(card.Resistance, ch.Resistance)
	card.Actions, card.Recovery, card.Level = ch.MaxActions, ch.Recovery, ch.Level
	card.Walk, card.Run = ch.Walk, ch.Run
	if ch.BaseSize != "" {
		card.BaseSize = ch.BaseSize
	}
	return card, ok
}

// load reads the player's own cards; note reports what could not be read.
func (c *cardsPart) load(st *store.Store, note func(error)) {
	own, err := st.Cards()
	note(err)
	c.replace(own)
}

// replace puts own in place of the player's own cards.
func (c *cardsPart) replace(own store.OwnCards) {
	c.own = own
	c.changes++
}

// leave forgets the card to correct: it is for the cards screen as it opens (CorrectCard).
func (c *cardsPart) leave() { c.editing = nil }

// save writes the player's own cards, changed.
func (c *cardsPart) save() error {
	c.changes++
	return c.store.SaveCards(c.own)
}

// Catalog is the catalog of cards.
func (v Cards) Catalog() *catalog.Catalog { return v.c.cat }

// Resolve is a party file with its cards read from the catalog (party.ResolveParty).
func (v Cards) Resolve(p party.PartyFile) (party.Party, error) {
	return party.ResolveParty(p, v.c.cat)
}

// Own are the player's own cards: a copy (PutCard, PutAdvantage change them).
func (v Cards) Own() store.OwnCards {
	c := v.c
	return c.copy.of(c.own, c.changes)
}

// ToCorrect is the card the cards screen opens in its editor when it opens: the one CorrectCard
// asked for, until the player goes to another screen (nil: none). A copy: reading it changes
// nothing.
func (v Cards) ToCorrect() *anima.Card {
	if v.c.editing == nil {
		return nil
	}
	c := *v.c.editing
	return &c
}

// Abilities are the special abilities printed on the card of the character named: the
// catalog's, or one of the player's own cards.
func (v Cards) Abilities(name string) []anima.Ability {
	if card, ok := v.c.cat.Character(name); ok {
		return card.Abilities
	}
	for _, card := range v.c.own.Characters {
		if card.Name == name {
			return card.Abilities
		}
	}
	return nil
}
