package engine

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
)

// Snapshot is a game's state after the first At entries of its log, kept beside the log so
// that a long game opens without decoding or replaying those entries (ResumeGame). Sum ties it
// to one log: LogSum of those entries' JSON.
type Snapshot struct {
	At    int    `json:"at"`
	Sum   string `json:"sum"`
	State State  `json:"state"`
}

// LogSum is the FNV-1a 64-bit hash, in hex, of the JSON of a log's entries as LogJSON returns
// them, each followed by a newline.
func LogSum(entries [][]byte) string {
	h := fnv.New64a()
	for _, e := range entries {
		h.Write(e)
		h.Write([]byte{'\n'})
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

// Snapshot is the game's current state as a Snapshot of its whole log.
func (g *Game) Snapshot() (Snapshot, error) {
	entries, _, err := g.LogJSON()
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{At: len(entries), Sum: LogSum(entries), State: g.State()}, nil
}

// ResumeGame makes a game of the JSON of its log's entries, in order (as LogJSON returns them),
// and of its gestures to redo (the "redo" of MarshalJSON; nil for none). With a snapshot of
// that log (At within it and Sum that of its first At entries), the game starts from the
// snapshot's state: the entries before At are neither decoded nor replayed until something
// asks for them (Log, Since, an Undo past At). Without one (nil, or one of another log), every
// entry is decoded and replayed, as LoadGame does. The game keeps entries as its JSON (the
// caller must not change them).
//
// Errors: an entry that cannot be decoded (ErrUnknownEvent for an unknown kind), a log that
// Replay refuses (ErrBadSetup, ErrNoSuchCharacter), gestures to redo that do not follow it.
func ResumeGame(entries [][]byte, redo []byte, snap *Snapshot) (*Game, error) {
	g := &Game{log: make([]Entry, len(entries)), enc: slices.Clip(entries)}
	if snap != nil && snap.At > 0 && snap.At <= len(entries) && snap.Sum == LogSum(entries[:snap.At]) {
		g.base, g.baseAt, g.lazy = snap.State.Clone(), snap.At, snap.At
	}
	for i := g.baseAt; i < len(entries); i++ {
		if err := json.Unmarshal(entries[i], &g.log[i]); err != nil {
			return nil, fmt.Errorf("entry %d: %w", i+1, err)
		}
	}
	s, err := replayFrom(g.base.Clone(), g.log[g.baseAt:], g.baseAt)
	if err != nil {
		return nil, err
	}
	g.state = s
	if len(redo) > 0 {
		var undone [][]Entry
		if err := json.Unmarshal(redo, &undone); err != nil {
			return nil, fmt.Errorf("the gestures to redo: %w", err)
		}
		if err := g.redoable(undone); err != nil {
			return nil, err
		}
		g.undone = undone
	}
	return g, nil
}

// redoable checks that gestures to redo (Game.undone's order: the next one last) follow the
// game as it stands, as Replay checks a log.
func (g *Game) redoable(undone [][]Entry) error {
	var next []Entry
	for i := len(undone) - 1; i >= 0; i-- {
		next = append(next, undone[i]...)
	}
	if _, err := replayFrom(g.state.Clone(), next, len(g.log)); err != nil {
		return fmt.Errorf("the gestures to redo do not follow the game: %w", err)
	}
	return nil
}

// SnapshotUsed is how many entries the snapshot given to ResumeGame covered, 0 when it was
// not used (or for a game not resumed); an Undo past them makes it 0.
func (g *Game) SnapshotUsed() int { return g.baseAt }

// entry is the entry at index i of the log, decoded from its JSON if it was not yet. The JSON
// of an entry before lazy is what this program wrote (ResumeGame checked it against the
// snapshot's sum, taken by this program), so decoding it cannot fail.
func (g *Game) entry(i int) Entry {
	if i < g.lazy && g.log[i].Event == nil {
		if err := json.Unmarshal(g.enc[i], &g.log[i]); err != nil {
			panic(fmt.Sprintf("engine: entry %d of a resumed game: %v", i+1, err))
		}
	}
	return g.log[i]
}

// decodeAll decodes every entry not yet decoded.
func (g *Game) decodeAll() {
	for i := range g.lazy {
		g.entry(i)
	}
	g.lazy = 0
}
