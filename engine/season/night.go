package season

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"gnosis/engine/event"
)

// A night's key (event.Event.Key) is a CRC-32 of its seed, name and day: two nights may share
// it by chance (one pair in four billion; a region's ten thousand nights hold some fifty
// million pairs), and one night may be given twice, a copy kept before its last rounds beside
// its final file. SameNight tells the two apart; a season counts each night once, its copy
// with the most of it played (Fuller), and two nights of one key both, the later in the
// season's order under its key and a number ("1a2b3c4d-2").

// SameNight reports whether a and b are copies of one club night, either maybe taken before
// the other's later rounds: the same key, name, day and seed, the players of the one with fewer
// the first players of the other (the same names, folded, and cards: a late entry comes after
// them), and the rounds paired in both paired alike (the same players at each table; results
// may have been typed or corrected since).
func SameNight(a, b *event.Event) bool {
	if a.Key() != b.Key() || a.Name != b.Name || a.Date != b.Date || a.Seed != b.Seed || a.Game != b.Game {
		return false
	}
	for i := range min(len(a.Players), len(b.Players)) {
		p, q := a.Players[i], b.Players[i]
		if p.Card != q.Card || event.Fold(p.Name) != event.Fold(q.Name) {
			return false
		}
	}
	for r := range min(len(a.Played), len(b.Played)) {
		pa, pb := a.Played[r].Pairings, b.Played[r].Pairings
		if !slices.EqualFunc(pa, pb, func(x, y event.Pairing) bool { return x.Players == y.Players }) {
			return false
		}
	}
	return true
}

// Fuller compares two copies of one night (SameNight) by how much of it each holds: the rounds
// paired, then the results in, then the players entered (+1: a holds more).
func Fuller(a, b *event.Event) int {
	return cmp.Or(cmp.Compare(len(a.Played), len(b.Played)), cmp.Compare(results(a), results(b)), cmp.Compare(len(a.Players), len(b.Players)))
}

// results counts the results of e's games in.
func results(e *event.Event) int {
	n := 0
	for _, r := range e.Played {
		for _, p := range r.Pairings {
			if p.Result != nil {
				n++
			}
		}
	}
	return n
}

// addNight adds e to the season's nights: in place of a copy of it given before that holds
// less (Fuller; of two that hold as much, the later given), or left out as a copy that holds
// no more (Skipped), or a night of its own, even of another's key (keyed apart: nameNights).
func (t *Table) addNight(e *event.Event, byKey map[string][]int) {
	k := e.Key()
	for _, i := range byKey[k] {
		if n := &t.Nights[i]; SameNight(n.Event, e) {
			t.Skipped++
			if Fuller(e, n.Event) >= 0 {
				*n = newNight(k, e)
			}
			return
		}
	}
	byKey[k] = append(byKey[k], len(t.Nights))
	t.Nights = append(t.Nights, newNight(k, e))
}

// keyApart gives each night of a key another night has too its own key, in the season's order
// of nights: the first keeps it, the others have it with their number ("1a2b3c4d-2"), which a
// join by hand names.
func (t *Table) keyApart(byKey map[string][]int) {
	seen := map[string]int{}
	for i := range t.Nights {
		n := &t.Nights[i]
		if len(byKey[n.Key]) < 2 {
			continue
		}
		seen[n.Key]++
		if c := seen[n.Key]; c > 1 {
			n.Key += "-" + strconv.Itoa(c)
		}
	}
}

// newNight is the season's night of e, of key k.
func newNight(k string, e *event.Event) Night {
	return Night{Key: k, Name: e.Name, Date: e.Date, Players: len(e.Players), Event: e, day: dayOf(e.Date)}
}

// dayOf is a night's day as a number to order by (20260115): its date (event.IsDay), or, for
// a night a phone kept before days were checked, its date read as year-month-day numbers
// ("2026-1-15"); 0 (first) where it is no day.
func dayOf(date string) int {
	var y, m, d int
	var rest string
	if n, _ := fmt.Sscanf(date, "%d-%d-%d%s", &y, &m, &d, &rest); n == 3 && y >= 0 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31 {
		return y*10000 + m*100 + d
	}
	return 0
}
