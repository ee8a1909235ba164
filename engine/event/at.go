package event

// At is where a game was played at a club night, as the player's phone knew it when the game
// was kept, from the round's link its player joined: the event's key (Event.Key), that
// round and table, the player's ID in the event, and the side of the game they played (0 or 1;
// -1 where the phone cannot tell: one phone, both sides of one list). What the organiser's
// phone counts a game's result by (Event.Place).
type At struct {
	Key    string `json:"key"`
	Round  int    `json:"round"`
	Table  int    `json:"table"`
	Player int    `json:"player"`
	Side   int    `json:"side"`
}

// MaxAt bounds an At's numbers: rounds, tables and players of a club night are far fewer.
const MaxAt = 1 << 10

// Clean is a cut to its bounds: the zero At (not known) where its numbers are out of them (a
// file's or a code's At is never trusted further than that).
func (a At) Clean() At {
	if a.Round < 1 || a.Round > MaxAt || a.Table < 1 || a.Table > MaxAt || a.Player < 1 || a.Player > MaxAt || a.Side < -1 || a.Side > 1 {
		return At{}
	}
	a.Key = clean(a.Key, 16)
	return a
}

// Known reports whether a says where a game was played (not the zero At).
func (a At) Known() bool { return a.Player > 0 }
