// Package shelf is every game kept after it: a game's card on the shelf (Game: its date,
// edition, scenario, encounter level, both sides as played, the result, the players), its log
// packed (Pack, Unpack), its luck summed up (report.GameLuck), the game file that carries one
// game to another phone or a backup (File), and the records across games (Tally) with the luck
// of a season (MeasureSeason). It reads games; where they are kept is app/store's.
package shelf

import (
	"bufio"
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

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/event"
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
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Started  int64    `json:"started,omitempty"`
	Kept     int64    `json:"kept"`
	Edition  string   `json:"edition,omitempty"`
	Scenario string   `json:"scenario,omitempty"`
	Level    int      `json:"level,omitempty"`
	Turns    int      `json:"turns"`
	Gestures int      `json:"gestures"`
	Over     bool     `json:"over,omitempty"`
	End      string   `json:"end,omitempty"`    // how it ended: anima.EndVictory, EndLength, EndConceded ("" unfinished, or not known)
	Length   int      `json:"length,omitempty"` // an Anima Tactics game's turns to play (0: no limit)
	Ahead    string   `json:"ahead,omitempty"`  // what puts the winner ahead (anima.State.Ahead)
	Winner   int      `json:"winner"`
	Mine     int      `json:"mine"`
	Sides    [2]Side  `json:"sides"`
	Event    string   `json:"event,omitempty"` // the club night it was played at, as the player's phone joined it
	At       event.At `json:"at,omitzero"`     // where at that club night, as the phone knew it (zero: not known)
}

// Side is a side of a kept game: its name, the saved party it played (its ID on the phone that
// kept it, and its version: a hash of its content as the game began; "" for a party not saved),
// the player's name, the levels it had on the table at the end (a Diskwars side's discs
// standing), the power nodes it held (R-SCN-1), its list's checksum as the game began (what a
// club night's result code names: eventgame.ListSum), and its characters (a Diskwars side's discs).
type Side struct {
	Name       string      `json:"name"`
	Party      string      `json:"party,omitempty"`
	Version    string      `json:"version,omitempty"`
	Player     string      `json:"player,omitempty"`
	Levels     int         `json:"levels"`
	Nodes      int         `json:"nodes,omitempty"`
	List       string      `json:"list,omitempty"` // the party's list checksum from the game's start, as a club night locks it
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
	Packed  string // the entries as Pack writes them, where they were read packed ("": Pack them)
}

// Pack is the kept game's log packed (Pack): as it was read, or packed now.
func (k Kept) Pack() string {
	if k.Packed != "" {
		return k.Packed
	}
	return Pack(k.Entries)
}

// ID is the ID of a game whose log begins with first (its start's JSON): kind-hash.
func ID(kind string, first []byte) string {
	h := fnv.New64a()
	h.Write(first)
	return fmt.Sprintf("%s-%016x", kind, h.Sum64())
}

// KeepAnima is an Anima Tactics game kept: its card from its log and state (the story's
// characters, the winner: anima.State.Winner), its entries and its luck (report.MeasureLuck).
// ErrNothingPlayed for a game with nothing done after its start.
func KeepAnima(g *anima.Game) (Kept, error) { return keepAnima(g, nil) }

// keepAnima is KeepAnima, tick (nil: none) called between the log's entries (a core.Paced work's).
func keepAnima(g *anima.Game, tick func()) (Kept, error) {
	entries, _, err := g.LogJSON()
	if err != nil {
		return Kept{}, err
	}
	log := g.Log()
	if !played(len(log), func(i int) bool {
		switch log[i].Event.(type) {
		case anima.GameStarted, anima.FirstRolled, anima.PhaseBegan, anima.ActionsRecovered:
			return false
		}
		return true
	}) {
		return Kept{}, ErrNothingPlayed
	}
	st := g.State()
	story := report.TellPaced(log, st, tick)
	k := Kept{Entries: entries, Luck: report.KeepLuck(report.MeasureLuckPaced(log, tick), st)}
	k.Game = Game{ID: ID(Anima, entries[0]), Kind: Anima, Edition: string(st.Edition), Scenario: string(st.Scenario),
		Level: max(st.Sides[0].EncounterLevel, st.Sides[1].EncounterLevel), Turns: st.Flow.Turn, Gestures: g.Gesture(),
		Over: st.Over(), Winner: st.Winner(), End: st.End(), Length: st.Turns, Ahead: st.Ahead()}
	for i, sd := range st.Sides {
		k.Game.Sides[i] = Side{Name: sd.Name, Levels: sd.LevelsOnTable(), Nodes: sd.Nodes, List: sd.List}
	}
	for _, c := range story.Characters {
		s := &k.Game.Sides[c.Ref.Side]
		s.Characters = append(s.Characters, Character{Name: c.Name, Level: c.Level, Lost: c.Lost, Dealt: c.Dealt, Kills: c.Kills, Out: c.OutOfPlay, Points: c.Points})
	}
	k.Game.Bound()
	return k, nil
}

// KeepDiskwars is a Diskwars game kept: its card (the round reached, the discs standing, the
// side with more standing ahead: diskwars.State.Standing; its discs' damage dealt by their
// shots and taken), its entries and its luck (report.MeasureShots). A Diskwars game is over
// when it is ended (DWEndGame), which the caller says. ErrNothingPlayed for a game with
// nothing done after its start.
func KeepDiskwars(g *diskwars.Game, over bool) (Kept, error) { return keepDiskwars(g, over, nil) }

// keepDiskwars is KeepDiskwars, tick (nil: none) called between the log's entries.
func keepDiskwars(g *diskwars.Game, over bool, tick func()) (Kept, error) {
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
	shots := report.MeasureShotsPaced(log, tick)
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
	k.Game.Bound()
	return k, nil
}

// Bounds of a kept game's card, so that a thousand cards read at every start stay small
// whatever a game file held: MaxName characters a side's or a character's name, MaxCharacters
// characters a side (the first ones; a party has a few dozen at most), and so at most
// MaxCardBytes of JSON a card (TestCardBound).
const (
	MaxName       = 80 // as a Diskwars army's or disc's name (a party's name is at most 60)
	MaxCharacters = 48
	MaxCardBytes  = 48 << 10
)

// Bound keeps the card within MaxName and MaxCharacters, every name cleaned; it reports
// whether it changed anything (a card kept before the bounds, or forged).
func (g *Game) Bound() (changed bool) {
	cut := func(s *string) {
		if c := clean(*s, MaxName); c != *s {
			*s, changed = c, true
		}
	}
	cut(&g.Event)
	for i := range g.Sides {
		s := &g.Sides[i]
		cut(&s.Name)
		if c := clean(s.List, 16); c != s.List {
			s.List, changed = c, true
		}
		if len(s.Characters) > MaxCharacters {
			s.Characters, changed = s.Characters[:MaxCharacters:MaxCharacters], true
		}
		for j := range s.Characters {
			cut(&s.Characters[j].Name)
		}
	}
	return changed
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

// Bounds of a game file and of a packed log: what Read and Unpack take in at most. They bound a
// kept game's work, not only its bytes: a log of MaxEntries entries (a game of some 7,500
// gestures, nearly four times the longest played at a table) is read, replayed and measured
// natively in a quarter of a second (a game file of one attack repeated to the bound:
// TestHugeFileIsBounded, docs/MEASUREMENTS.md), and in the page a step at a time (core.Paced);
// a game file is refused past MaxFileBytes by its size alone, before it is parsed (its parse is
// one piece of work no step can cut: 256 KiB is twice the file of a table game at the bound).
const (
	MaxUnpacked  = 2 << 20 // bytes of entries' JSON
	MaxEntries   = 10_000
	MaxFileBytes = 256 << 10 // bytes of a game file
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

// ErrTooLong is wrapped by the error of a log over MaxUnpacked or MaxEntries.
var ErrTooLong = errors.New("a game's log over the bounds")

// Unpack reads a log Pack wrote: each entry's JSON. A log that is not base64 or not deflated
// is refused (ErrNotAKeptGame), and one larger than MaxUnpacked or longer than MaxEntries too
// (ErrNotAKeptGame and ErrTooLong).
func Unpack(s string) ([][]byte, error) { return unpack(s, nil) }

// unpackChunk is how much of a log is inflated between two ticks.
const unpackChunk = 64 << 10

// unpack is Unpack, tick (nil: none) called between the chunks inflated.
func unpack(s string, tick func()) ([][]byte, error) {
	if len(s) > base64.StdEncoding.EncodedLen(MaxUnpacked) { // deflate never makes text larger by much
		return nil, tooLong(fmt.Sprintf("over %d bytes", MaxUnpacked))
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: its log is not base64: %v", ErrNotAKeptGame, err)
	}
	r := flate.NewReader(bytes.NewReader(raw))
	var text []byte
	for {
		if tick != nil {
			tick()
		}
		n, err := io.CopyN(sliceWriter{&text}, r, unpackChunk)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: its log cannot be inflated: %v", ErrNotAKeptGame, err)
		}
		if len(text) > MaxUnpacked || n == 0 {
			return nil, tooLong(fmt.Sprintf("over %d bytes", MaxUnpacked))
		}
	}
	if len(text) > MaxUnpacked {
		return nil, tooLong(fmt.Sprintf("over %d bytes", MaxUnpacked))
	}
	if len(text) == 0 {
		return nil, fmt.Errorf("%w: its log is empty", ErrNotAKeptGame)
	}
	if n := bytes.Count(text, []byte{'\n'}) + 1; n > MaxEntries {
		return nil, tooLong(fmt.Sprintf("%d entries, over %d", n, MaxEntries))
	}
	return bytes.Split(text, []byte{'\n'}), nil
}

func tooLong(what string) error {
	return fmt.Errorf("%w: %w: its log has %s", ErrNotAKeptGame, ErrTooLong, what)
}

// sliceWriter appends what is written to a byte slice.
type sliceWriter struct{ b *[]byte }

func (w sliceWriter) Write(p []byte) (int, error) { *w.b = append(*w.b, p...); return len(p), nil }

// Open is the game of a kept log: an *anima.Game or a *diskwars.Game by kind, replayed
// (anima.ReadGame, diskwars.ReadGame, which refuse a broken log whole).
func Open(kind string, entries [][]byte) (any, error) { return open(kind, entries, nil) }

// open is Open, tick (nil: none) called between the entries replayed.
func open(kind string, entries [][]byte, tick func()) (any, error) {
	switch kind {
	case Anima:
		return anima.ReadGame(entries, tick)
	case Diskwars:
		return diskwars.ReadGame(entries, tick)
	}
	return nil, fmt.Errorf("%w: a game of kind %q", ErrNotAKeptGame, kind)
}

// Opened is a kept game opened to be read (OpenPaced): its game replayed (an *anima.Game or a
// *diskwars.Game), its history in the language it was opened in, and an Anima Tactics game's
// report or a Diskwars game's shots measured: what its screens draw, computed once.
type Opened struct {
	Game      any
	Lang      string
	History   []anima.HistoryLine    // an Anima Tactics game's
	DWHistory []diskwars.HistoryLine // a Diskwars game's
	Report    *report.Report         // an Anima Tactics game's
	Shots     *report.ShotLuck       // a Diskwars game's
}

// OpenPaced opens a kept game of kind from its packed log (Pack) a step at a time (core.Paced,
// core.Budget a step): the log unpacked, replayed, its history written in lang and the game
// told, so that neither the kept game nor its report holds the page. Unpack's and Open's
// errors.
func OpenPaced(kind, packed, lang string) *core.Paced[Opened] {
	return core.Pace(core.Budget, func(tick func()) (Opened, error) {
		entries, err := unpack(packed, tick)
		if err != nil {
			return Opened{}, err
		}
		g, err := open(kind, entries, tick)
		if err != nil {
			return Opened{}, err
		}
		o := Opened{Game: g, Lang: lang}
		switch g := g.(type) {
		case *anima.Game:
			r := report.OfPaced(g, tick)
			o.Report, o.History = &r, anima.HistoryPaced(g.Log(), lang, tick)
		case *diskwars.Game:
			log := g.Log()
			shots := report.MeasureShotsPaced(log, tick)
			o.Shots, o.DWHistory = &shots, diskwars.HistoryOf(log, lang, tick)
		}
		return o, nil
	})
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
	return File{Kind: FileKind, Version: 1, Game: k.Game, Log: k.Pack()}
}

// Read takes in a game file: its log replayed, and its card and luck made again from the game
// (Keep), keeping of the file's card only what the log cannot say (when it started and was
// kept, the players, the parties and their versions, whose side was the player's). The card's
// ID is the log's own (ID), whatever the file's card says. Errors: ErrNotAKeptGame for a file
// of another kind or version, or whose log cannot be read (ErrTooLong over the bounds); the
// engine's for a log it refuses. It reads whole, at once: ReadPaced in the page.
func Read(b []byte) (Kept, error) {
	return core.Run(func(tick func()) (Kept, error) { return read(b, tick) })
}

// ReadPaced is Read a step at a time (core.Paced, core.Budget a step).
func ReadPaced(b []byte) *core.Paced[Kept] {
	return core.Pace(core.Budget, func(tick func()) (Kept, error) { return read(b, tick) })
}

func read(b []byte, tick func()) (Kept, error) {
	if len(b) > MaxFileBytes {
		return Kept{}, core.Fail(ErrTooLong, ErrNotAKeptGame, "a game file of %d kB: a kept game's file is at most %d kB; it was not read", len(b)>>10, MaxFileBytes>>10)
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "not a Gnosis game file: it cannot be read")
	}
	return f.kept(tick)
}

// LogID is the ID of the game the file's log holds (ID: its kind and a hash of its first entry),
// whatever its card says, read without unpacking more than that first entry; "" when the log
// cannot be read that far. A restore asks it to pass over the games the shelf has already.
func (f File) LogID() string {
	if f.Game.Kind != Anima && f.Game.Kind != Diskwars || len(f.Log) > base64.StdEncoding.EncodedLen(MaxUnpacked) {
		return ""
	}
	r := bufio.NewReader(io.LimitReader(flate.NewReader(base64.NewDecoder(base64.StdEncoding, strings.NewReader(f.Log))), MaxUnpacked))
	first, err := r.ReadBytes('\n')
	switch {
	case err == io.EOF && len(first) > 0:
	case err != nil:
		return ""
	default:
		first = first[:len(first)-1]
	}
	return ID(f.Game.Kind, first)
}

// Kept is the game the file holds (Read).
func (f File) Kept() (Kept, error) { return f.kept(nil) }

// Reading is Kept a step at a time (core.Paced, core.Budget a step).
func (f File) Reading() *core.Paced[Kept] {
	return core.Pace(core.Budget, f.kept)
}

func (f File) kept(tick func()) (Kept, error) {
	if f.Kind != FileKind || f.Version != 1 {
		return Kept{}, core.Fail(ErrNotAKeptGame, nil, "not a Gnosis game file (kind %q, version %d)", f.Kind, f.Version)
	}
	entries, err := unpack(f.Log, tick)
	if errors.Is(err, ErrTooLong) {
		return Kept{}, core.Fail(ErrTooLong, err, "the game file's log is longer than a kept game may be (%d entries, %d MB): it was not read", MaxEntries, MaxUnpacked>>20)
	}
	if err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "the game file's log cannot be read")
	}
	g, err := open(f.Game.Kind, entries, tick)
	if err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "the game file's log cannot be replayed")
	}
	var k Kept
	switch g := g.(type) {
	case *anima.Game:
		k, err = keepAnima(g, tick)
	case *diskwars.Game:
		k, err = keepDiskwars(g, f.Game.Over, tick)
	}
	if err != nil {
		return Kept{}, core.Fail(ErrNotAKeptGame, err, "the game file holds no game played")
	}
	k.Packed = f.Log
	in := f.Game
	k.Game.Started, k.Game.Kept, k.Game.Mine = max(in.Started, 0), max(in.Kept, 0), in.mine()
	k.Game.Event, k.Game.At = CleanPlayer(in.Event), in.At.Clean()
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
		s = strings.TrimSpace(string(r[:n]))
	}
	return s
}
