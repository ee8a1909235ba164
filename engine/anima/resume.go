package anima

import (
	"hash/fnv"
	"strconv"

	"gnosis/engine/core"
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
	var base State
	at := 0
	if snap != nil && snap.At > 0 && snap.At <= len(entries) && snap.Sum == LogSum(entries[:snap.At]) {
		base, at = snap.State, snap.At
	}
	l, err := core.ResumeLog(rules, entries, redo, base, at)
	if err != nil {
		return nil, err
	}
	return &Game{gameLog: l}, nil
}

// ReadGame is the game of a log read from outside (a kept game, a game file): the JSON of its
// entries decoded, checked and folded one by one, tick called between them (core.ReadLog: a
// Paced work's, so that a long log never holds the page). ResumeGame's errors.
func ReadGame(entries [][]byte, tick func()) (*Game, error) {
	l, err := core.ReadLog(rules, entries, tick)
	if err != nil {
		return nil, err
	}
	return &Game{gameLog: l}, nil
}
