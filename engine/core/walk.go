package core

import "iter"

// Before walks a game's log: each entry with the state it follows, fold taking the state from
// one entry to the next from the zero state (the state is the walk's own: read it during the
// step, do not keep it, the next step changes it).
func Before[E, S any](log []E, fold func(*S, E)) iter.Seq2[E, S] {
	return func(yield func(E, S) bool) {
		var s S
		for _, e := range log {
			if !yield(e, s) {
				return
			}
			fold(&s, e)
		}
	}
}
