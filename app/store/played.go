package store

import (
	"cmp"
	"slices"

	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/shelf"
)

// The club nights a player played, as their phone keeps them: the round the player plays now
// (Prefs.Event) and the rounds joined before it (Prefs.Played), each from the round's link
// the player opened. The games kept at them are the shelf's (shelf.Game.Event, At), never
// kept twice: a phone's list of its nights is made of both (app/session, played.go).

// MaxPlayed bounds the rounds joined before the one played now (Prefs.Played): a player's
// weekly nights of four rounds for more than two years, about 250 bytes each in the settings.
// A round joined past it takes the oldest's place (its games stay on the shelf, which names
// their night); a restore adds none past it.
const MaxPlayed = 500

// SameRound reports whether j and o are one round of one club night: by the event's key where
// both have one (a night's name and day may be cut in a crowded round's link), else by its
// name and day; and by the round.
func (j Joined) SameRound(o Joined) bool {
	if j.Key != "" && o.Key != "" {
		return j.Key == o.Key && j.Round == o.Round
	}
	return j.Key == o.Key && j.Event == o.Event && j.Date == o.Date && j.Round == o.Round
}

// Joining is played, the rounds joined before now (the round played now, nil: none), as they
// are once j is joined: now among them unless j is its round again (the player picked another
// name), j's round taken out (j is played now), the oldest gone past MaxPlayed. A new slice:
// played is not changed.
func Joining(played []Joined, now *Joined, j Joined) []Joined {
	out := slices.DeleteFunc(slices.Clone(played), func(p Joined) bool { return p.SameRound(j) })
	if now != nil && !now.SameRound(j) {
		out = append(out, *now)
	}
	if len(out) > MaxPlayed {
		out = out[len(out)-MaxPlayed:]
	}
	return out
}

// MergePlayed adds the rounds of in (a backup's, its round played then among them) that the
// phone lacks (in played, or now: the round played now), newest first while fewer than
// MaxPlayed are kept, none overwritten; each read as a record's is (cleanJoined). It returns the
// rounds, oldest joined first, and how many were added.
func MergePlayed(played []Joined, now *Joined, in []Joined) ([]Joined, int) {
	out := slices.Clone(played)
	have := func(j Joined) bool {
		return (now != nil && now.SameRound(j)) || slices.ContainsFunc(out, j.SameRound)
	}
	added := 0
	for i := len(in) - 1; i >= 0 && len(out) < MaxPlayed; i-- {
		j, ok := cleanJoined(in[i])
		if !ok || have(j) {
			continue
		}
		out = append(out, j)
		added++
	}
	slices.SortStableFunc(out, func(a, b Joined) int { return cmp.Compare(a.At, b.At) })
	return out, added
}

// boundPlayed is played as a record holds it, read within its bounds: each round cleaned
// (cleanJoined), one that names no night left out, the last MaxPlayed.
func boundPlayed(played []Joined) []Joined {
	out := played[:0:0]
	for _, j := range played {
		if j, ok := cleanJoined(j); ok {
			out = append(out, j)
		}
	}
	if len(out) > MaxPlayed {
		out = out[len(out)-MaxPlayed:]
	}
	return out
}

// cleanJoined is j with its names cleaned and cut as a round's link's are, its numbers not
// known (0) where out of event.MaxAt; false where it names no night.
func cleanJoined(j Joined) (Joined, bool) {
	j.Event, j.Date, j.Player, j.Opponent = shelf.CleanPlayer(j.Event), shelf.CleanPlayer(j.Date), shelf.CleanPlayer(j.Player), shelf.CleanPlayer(j.Opponent)
	j.Key, j.Sum = core.CutText(core.CleanText(j.Key), 16), core.CutText(core.CleanText(j.Sum), 16)
	for _, n := range []*int{&j.Round, &j.Table, &j.ID} {
		if *n < 0 || *n > event.MaxAt {
			*n = 0
		}
	}
	return j, j.Event != "" || j.Key != ""
}
