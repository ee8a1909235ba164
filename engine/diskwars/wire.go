package diskwars

// MarshalCommand writes c for another phone: {"k":"Shoot","v":{"Attacker":2,"Target":5}}.
func MarshalCommand(c Command) ([]byte, error) { return Declared.MarshalCommand(c) }

// UnmarshalCommand reads what MarshalCommand wrote; a command this version does not know is
// core.ErrUnknownCommand.
func UnmarshalCommand(b []byte) (Command, error) { return Declared.UnmarshalCommand(b) }

// Accept appends a gesture decided by another copy of this game (the phone that orders a game
// played on two phones): entries of the next gesture, none a start, each naming discs that
// exist (LoadGame's checks). What it refuses changes nothing (ErrBadSetup, or the event's own
// check). The gestures left to redo are forgotten, as after Do.
func (g *Game) Accept(entries []Entry) error {
	if len(entries) == 0 {
		return refuse("", ErrBadSetup, "an empty gesture")
	}
	next := g.lastGesture() + 1
	s := g.state.Clone()
	for _, e := range entries {
		if e.Gesture != next || e.Event == nil {
			return refuse("", ErrBadSetup, "gesture %d where %d comes next", e.Gesture, next)
		}
		if _, start := e.Event.(Started); start {
			return refuse("", ErrBadSetup, "a game starts with its start, once")
		}
		if err := e.Event.check(s); err != nil {
			return err
		}
		e.Event.apply(&s)
	}
	g.log = append(g.log, entries...)
	g.state = s
	g.undone = nil
	return nil
}

// Since returns a copy of the entries of the log from index n on (none when n >= Len).
func (g *Game) Since(n int) []Entry {
	if n >= len(g.log) {
		return nil
	}
	return append([]Entry(nil), g.log[max(n, 0):]...)
}

// Len is the number of entries of the log.
func (g *Game) Len() int { return len(g.log) }
