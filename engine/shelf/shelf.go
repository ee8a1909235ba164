// Package shelf is every game kept after it: a game's card on the shelf (Game: its date,
// edition, scenario, encounter level, both sides as played, the result, the players), its log
// packed (Pack, Unpack), its luck summed up (report.GameLuck), the game file that carries one
// game to another phone or a backup (File), and the records across games (Tally) with the luck
// of a season (MeasureSeason). It reads games; where they are kept is app/store's.
package shelf

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strings"

	"gnosis/engine"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/report"
)

// The kinds of game (Game.Kind).
const (
	Anima    = "at" // Anima Tactics
	Diskwars = "dw" // Warhammer: Diskwars
)

// Game is a kept game's card: its ID (the game's own, the same on both phones of a two-phone
// game: its kind and a hash of its start), kind, when it started and was kept (milliseconds
// since 1970; Started 0: not known), edition, scenario and encounter level (an Anima Tactics
// game's), the turn it reached (a Diskwars game's round), its gestures, whether it was over,
// the winner (0 or 1, -1 a draw; of a game left before its end, the side ahead then), the
// side that was the player's (Mine), and both sides.
type Game struct {
	ID       string  `json:"id"`
	Kind     string  `json:"kind"`
	Started  int64   `json:"started,omitempty"`
	Kept     int64   `json:"kept"`
	Edition  string  `json:"edition,omitempty"`
	Scenario string  `json:"scenario,omitempty"`
	Level    int     `json:"level,omitempty"`
	Turns    int     `json:"turns"`
	Gestures int     `json:"gestures"`
	Over     bool    `json:"over,omitempty"`
	Winner   int     `json:"winner"`
	Mine     int     `json:"mine"`
	Sides    [2]Side `json:"sides"`
}

// Side is a side of a kept game: its name, the saved party it played (its ID on the phone that
// kept it, and its version: a hash of its content as the game began; "" for a party not saved),
// the player's name, the levels it had on the table at the end (a Diskwars side's discs
// standing), the power nodes it held (R-SCN-1), and its characters (a Diskwars side's discs).
type Side struct {
	Name       string      `json:"name"`
	Party      string      `json:"party,omitempty"`
	Version    string      `json:"version,omitempty"`
	Player     string      `json:"player,omitempty"`
	Levels     int         `json:"levels"`
	Nodes      int         `json:"nodes,omitempty"`
	Characters []Character `json:"chars,omitempty"`
}

// Character is a character's game as the shelf keeps it (report.Character): its name and
// level, LP lost and dealt, kills, times out of play and scenario points. A Diskwars disc's
// LP are damage.
type Character struct {
	Name   string `json:"name"`
	Level  int    `json:"level,omitempty"`
	Lost   int    `json:"lost,omitempty"`
	Dealt  int    `json:"dealt,omitempty"`
	Kills  int    `json:"kills,omitempty"`
	Out    int    `json:"out,omitempty"`
	Points int    `json:"points,omitempty"`
}

// Clone is a copy of g that shares nothing with it.
func (g Game) Clone() Game {
	for i := range g.Sides {
		g.Sides[i].Characters = slices.Clone(g.Sides[i].Characters)
	}
	return g
}

// Result is a game's result for the player: won, lost, drawn, or left before its end.
type Result string

// The results.
const (
	Won   Result = "won"
	Lost  Result = "lost"
	Drawn Result = "drawn"
	Left  Result = "left"
)

// Result is the game's result for its player (Mine).
func (g Game) Result() Result {
	switch {
	case !g.Over:
		return Left
	case g.Winner < 0:
		return Drawn
	case g.Winner == g.Mine:
		return Won
	}
	return Lost
}

// Opponent is the name the player's opponent goes by in the records: their name where it was
// given, else their side's.
func (g Game) Opponent() string {
	o := g.Sides[1-g.mine()]
	if o.Player != "" {
		return o.Player
	}
	return o.Name
}

func (g Game) mine() int {
	if g.Mine == 1 {
		return 1
	}
	return 0
}

// Kept is one game as the shelf keeps it: its card, its log (each entry's JSON, in order) and
// its luck summed up.
type Kept struct {
	Game    Game
	Entries [][]byte
	Luck    report.GameLuck
}

// ID is the ID of a game whose log begins with first (its start's JSON): kind-hash.
func ID(kind string, first []byte) string {
	h := fnv.New64a()
	h.Write(first)
	return fmt.Sprintf("%s-%016x", kind, h.Sum64())
}

// KeepAnima is an Anima Tactics game kept: its card from its log and state (the story's
// characters, the winner: engine.State.Winner), its entries and its luck (report.MeasureLuck).
// ErrNothingPlayed for a game with nothing done after its start.
func KeepAnima(g *engine.Game) (Kept, error) {
	entries, _, err := g.LogJSON()
	if err != nil {
		return Kept{}, err
	}
	log := g.Log()
	if !played(len(log), func(i int) bool {
		switch log[i].Event.(type) {
		case engine.GameStarted, engine.FirstRolled, engine.PhaseBegan, engine.ActionsRecovered:
			return false
		}
		return true
	}) {
		return Kept{}, ErrNothingPlayed
	}
	st := g.State()
	story := report.Tell(log, st)
	k := Kept{Entries: entries, Luck: report.KeepLuck(report.MeasureLuck(log), st)}
	k.Game = Game{ID: ID(Anima, entries[0]), Kind: Anima, Edition: string(st.Edition), Scenario: string(st.Scenario),
		Level: max(st.Sides[0].EncounterLevel, st.Sides[1].EncounterLevel), Turns: st.Flow.Turn, Gestures: g.Gesture(),
		Over: st.Over(), Winner: st.Winner()}
	for i, sd := range st.Sides {
		k.Game.Sides[i] = Side{Name: sd.Name, Levels: sd.LevelsOnTable(), Nodes: sd.Nodes}
	}
	for _, c := range story.Characters {
		s := &k.Game.Sides[c.Ref.Side]
		s.Characters = append(s.Characters, Character{Name: c.Name, Level: c.Level, Lost: c.Lost, Dealt: c.Dealt, Kills: c.Kills, Out: c.OutOfPlay, Points: c.Points})
	}
	return k, nil
}

// KeepDiskwars is a Diskwars game kept: its card (the round reached, the discs standing, the
// side with more standing ahead: diskwars.State.Standing; its discs' damage dealt by their
// shots and taken), its entries and its luck (report.MeasureShots). A Diskwars game is over
// when it is ended (DWEndGame), which the caller says. ErrNothingPlayed for a game with
// nothing done after its start.
func KeepDiskwars(g *diskwars.Game, over bool) (Kept, error) {
	log := g.Log()
	if !played(len(log), func(i int) bool { _, start := log[i].Event.(diskwars.Started); return !start }) {
		return Kept{}, ErrNothingPlayed
	}
	entries := make([][]byte, len(log))
	for i, e := range log {
		b, err := json.Marshal(e)
		if err != nil {
			return Kept{}, err
		}
		entries[i] = b
	}
	st := g.State()
	shots := report.MeasureShots(log)
	standing := st.Standing()
	k := Kept{Entries: entries, Luck: report.KeepShots(shots, st)}
	k.Game = Game{ID: ID(Diskwars, entries[0]), Kind: Diskwars, Turns: st.Round, Gestures: g.Gesture(), Over: over, Winner: ahead(standing)}
	dealt, taken := map[int]int{}, map[int]int{}
	for _, x := range shots.Shots {
		dealt[x.Attacker] += x.Damage
		taken[x.Target] += x.Damage
	}
	for i, name := range st.Names {
		k.Game.Sides[i] = Side{Name: name, Levels: standing[i]}
	}
	for i, d := range st.Discs {
		if d.Side < 0 || d.Side > 1 {
			continue
		}
		s := &k.Game.Sides[d.Side]
		s.Characters = append(s.Characters, Character{Name: d.Card.Name, Lost: taken[i], Dealt: dealt[i], Out: b2i(d.Removed)})
	}
	return k, nil
}

// ErrNothingPlayed is a game with nothing done after its start: not kept.
var ErrNothingPlayed = errors.New("nothing was played")

// played reports whether any of n entries is a gesture of play (did).
func played(n int, did func(int) bool) bool {
	for i := range n {
		if did(i) {
			return true
		}
	}
	return false
}

func ahead(n [2]int) int {
	switch {
	case n[0] > n[1]:
		return 0
	case n[1] > n[0]:
		return 1
	}
	return -1
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Bounds of a packed log: what Unpack takes in at most.
const (
	MaxUnpacked = 16 << 20 // bytes of entries' JSON
	MaxEntries  = 200_000
)

// Pack is a log's entries (their JSON, one a line) deflated and in base64: a game of 2,000
// gestures in a few tens of kilobytes (measured: TestPackedSize).
func Pack(entries [][]byte) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	for i, e := range entries {
		if i > 0 {
			w.Write([]byte{'\n'})
		}
		w.Write(e)
	}
	w.Close()
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// ErrNotAKeptGame is wrapped by the errors of a packed log or a game file that cannot be read.
var ErrNotAKeptGame = errors.New("not a kept game")

// Unpack reads a log Pack wrote: each entry's JSON. A log that is not base64, not deflated,
// larger than MaxUnpacked or longer than MaxEntries is refused (ErrNotAKeptGame).
func Unpack(s string) ([][]byte, error) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: its log is not base64: %v", ErrNotAKeptGame, err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	text, err := io.ReadAll(io.LimitReader(r, MaxUnpacked+1))
	if err != nil {
		return nil, fmt.Errorf("%w: its log cannot be inflated: %v", ErrNotAKeptGame, err)
	}
	if len(text) > MaxUnpacked {
		return nil, fmt.Errorf("%w: its log is over %d bytes", ErrNotAKeptGame, MaxUnpacked)
	}
	if len(text) == 0 {
		return nil, fmt.Errorf("%w: its log is empty", ErrNotAKeptGame)
	}
	if n := bytes.Count(text, []byte{'\n'}) + 1; n > MaxEntries {
		return nil, fmt.Errorf("%w: its log has %d entries, over %d", ErrNotAKeptGame, n, MaxEntries)
	}
	return bytes.Split(text, []byte{'\n'}), nil
}

// Open is the game of a kept log: an *engine.Game or a *diskwars.Game by kind, replayed
// (engine.ResumeGame, diskwars.LoadGame, which refuse a broken log whole).
func Open(kind string, entries [][]byte) (any, error) {
	switch kind {
	case Anima:
		return engine.ResumeGame(entries, nil, nil)
	case Diskwars:
		return diskwars.LoadGame(append(append([]byte{'['}, bytes.Join(entries, []byte{','})...), ']'))
	}
	return nil, fmt.Errorf("%w: a game of kind %q", ErrNotAKeptGame, kind)
}

// FileKind marks a game file.
const FileKind = "gnosis-game"

// File is one kept game as a file, shared or in a backup: {"kind":"gnosis-game","version":1,
// "game":{its card},"log":"<Pack>"}.
type File struct {
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	Game    Game   `json:"game"`
	Log     string `json:"log"`
}

// FileOf is k as a file.
func FileOf(k Kept) File {
	return File{Kind: FileKind, Version: 1, Game: k.Game, Log: Pack(k.Entries)}
}

// Read takes in a game file: its log replayed, and its card and luck made again from the game
// (Keep), keeping of the file's card only what the log cannot say (when it started and was
// kept, the players, the parties and their versions, whose side was the player's). Errors:
// ErrNotAKeptGame for a file of another kind or version, or whose log cannot be read; the
// engine's for a log it refuses.
func Read(b []byte) (Kept, error) {
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "not a Gnosis game file: it cannot be read")
	}
	return f.Kept()
}

// Kept is the game the file holds (Read).
func (f File) Kept() (Kept, error) {
	if f.Kind != FileKind || f.Version != 1 {
		return Kept{}, core.Fail(ErrNotAKeptGame, nil, "not a Gnosis game file (kind %q, version %d)", f.Kind, f.Version)
	}
	entries, err := Unpack(f.Log)
	if err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "the game file's log cannot be read")
	}
	g, err := Open(f.Game.Kind, entries)
	if err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "the game file's log cannot be replayed")
	}
	var k Kept
	switch g := g.(type) {
	case *engine.Game:
		k, err = KeepAnima(g)
	case *diskwars.Game:
		k, err = KeepDiskwars(g, f.Game.Over)
	}
	if err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "the game file holds no game played")
	}
	in := f.Game
	k.Game.Started, k.Game.Kept, k.Game.Mine = max(in.Started, 0), max(in.Kept, 0), in.mine()
	for i := range k.Game.Sides {
		s, from := &k.Game.Sides[i], in.Sides[i]
		s.Party, s.Version, s.Player = clean(from.Party, 64), clean(from.Version, 32), CleanPlayer(from.Player)
	}
	return k, nil
}

// Haystack is what a search reads of a game: its sides' names and players, in lower case.
func (g Game) Haystack() string {
	return strings.ToLower(g.Sides[0].Name + "\n" + g.Sides[0].Player + "\n" + g.Sides[1].Name + "\n" + g.Sides[1].Player)
}

// HasAll reports whether hay holds every one of words (lower case).
func HasAll(hay string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// MaxPlayer is the longest player's name kept, in characters.
const MaxPlayer = 60

// CleanPlayer is a player's name as kept: cleaned of what a name must not hold, at most
// MaxPlayer characters.
func CleanPlayer(name string) string { return clean(name, MaxPlayer) }

// clean is s cleaned of what a name must not hold (core.CleanText), and cut to n characters.
func clean(s string, n int) string {
	s = core.CleanText(s)
	if r := []rune(s); len(r) > n {
		s = string(r[:n])
	}
	return s
}
