package session

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/event"
	"gnosis/engine/report"
	"gnosis/engine/shelf"
)

// The shelf: every game kept after it (engine/shelf; its records: app/store/shelf.go). A game
// in progress is kept when the next one of its kind starts (StartGame, DWStart), when it ends
// (its state over, DWEndGame), when this phone leaves another's game (BringBackGame), and on
// demand (KeepGame); a kept game again replaces its card. A game never leaves the shelf but by
// DeleteKept, which UndoDeleteKept takes back. The game in progress is never touched by it.
type (
	// KeepGame keeps the game in progress of Kind on the shelf now (it goes on).
	KeepGame struct{ Kind string }
	// ShowResultCode keeps the Anima Tactics game in progress on the shelf now, as KeepGame
	// does, and shows its result code for a club night (ScreenResult).
	ShowResultCode struct{}
	// OpenKept opens the kept game ID read-only (its log replayed) and goes to it, unless Stay.
	OpenKept struct {
		ID   string
		Stay bool
	}
	// DeleteKept takes the kept game ID off the shelf; UndoDeleteKept puts it back.
	DeleteKept struct{ ID string }
	// UndoDeleteKept puts back the game DeleteKept took off last.
	UndoDeleteKept struct{}
	// AddGameFile adds a game file (shelf.File: another phone's game, shared) to the shelf.
	AddGameFile struct{ Data []byte }
	// ReadLuck reads every kept game's luck for the season's (Shelf.Season), once: luckStep
	// a step, each step's outcome asking for the next (Outcome.Next).
	ReadLuck struct{}
	// ShelfStep runs the next step of a kept game being opened (OpenKept) or a game file being
	// read (AddGameFile): a step of core.Budget at most (core.Paced), so that no game, however
	// long its log, holds the page; each step's outcome asks for the next (Outcome.Next).
	ShelfStep struct{}
)

// shelfPart is the kept games' cards (store.ShelfKey), the game opened, the lucks read, the
// game last deleted, and what the games in progress' logs cannot say (store.AboutKey).
type shelfPart struct {
	*room
	games   []shelf.Game
	newest  []int    // games' indexes, newest kept first (replace)
	hay     []string // each game's sides' names and players, in lower case, for a search (replace)
	changes int      // counts the changes of games
	atNight int      // how many games were kept at a club night (replace)
	opened  *openedGame
	opening *opening                   // OpenKept's steps under way
	adding  *core.Paced[shelf.Kept]    // AddGameFile's steps under way
	lucks   map[string]report.GameLuck // nil until ReadLuck has read them all
	reading *luckReading               // ReadLuck's steps under way
	deleted *shelf.Kept                // the game DeleteKept took off last
	about   map[string]shelf.Game      // by kind
	overAt  map[string]int             // the log length each game (by kind) was kept at when over (newEnd)
	pair    *pairPart                  // the side this phone plays on two phones (side), and the other phone told (kept)
	played  playedView                 // the club nights played, as last counted (countPlayed)
}

// luckReading is the lucks being read (ReadLuck): their texts, how far the decoding has come,
// and the lucks decoded so far.
type luckReading struct {
	texts [][2]string
	next  int
	lucks map[string]report.GameLuck
	bad   int
}

// luckStep is how many lucks a step of ReadLuck decodes: about 40 ms of a phone's time.
const luckStep = 100

// noteLuck keeps a game's luck (nil: takes it away) in the lucks read, or being read.
func (p *shelfPart) noteLuck(id string, l *report.GameLuck) {
	for _, m := range []map[string]report.GameLuck{p.lucks, p.readingLucks()} {
		switch {
		case m == nil:
		case l == nil:
			delete(m, id)
		default:
			m[id] = *l
		}
	}
}

// forgetLucks forgets the lucks read, or being read: ReadLuck reads them again.
func (p *shelfPart) forgetLucks() { p.lucks, p.reading = nil, nil }

func (p *shelfPart) readingLucks() map[string]report.GameLuck {
	if p.reading == nil {
		return nil
	}
	return p.reading.lucks
}

// openedGame is a kept game opened: its card, its log packed and its luck (kept), its game
// replayed with its history and report (view).
type openedGame struct {
	kept shelf.Kept
	view shelf.Opened
}

// opening is a kept game being opened (OpenKept): its card, its luck, its log packed, whether
// the screen stays where it is once it is open, and the work under way.
type opening struct {
	kept shelf.Kept
	stay bool
	work *core.Paced[shelf.Opened]
}

func (p *shelfPart) load(st *store.Store, note func(error)) {
	games, err := st.Shelf()
	note(err)
	about, err := st.About()
	note(err)
	p.replace(games)
	p.about = about
	p.stopWork()
	p.opened, p.lucks, p.reading = nil, nil, nil
}

// stopWork ends the shelf's paced work under way (a game being opened or read).
func (p *shelfPart) stopWork() {
	if p.opening != nil {
		p.opening.work.Stop()
		p.opening = nil
	}
	if p.adding != nil {
		p.adding.Stop()
		p.adding = nil
	}
}

// replace puts games in place of the cards kept, and orders them newest first with what a
// search reads of each: a thousand cards are not sorted and lowered at every drawing.
func (p *shelfPart) replace(games []shelf.Game) {
	p.games = games
	p.changes++
	p.newest = make([]int, len(games))
	p.hay = make([]string, len(games))
	p.atNight = 0
	for i, g := range games {
		p.newest[i] = i
		p.hay[i] = g.Haystack()
		if g.Event != "" {
			p.atNight++
		}
	}
	sort.Slice(p.newest, func(i, j int) bool { // kept at the same millisecond: the later kept first
		a, b := p.newest[i], p.newest[j]
		if games[a].Kept != games[b].Kept {
			return games[a].Kept > games[b].Kept
		}
		return a > b
	})
}

// chosen calls take with each game q chooses, newest first (the part's own: take must not
// keep or change it), until take says to stop.
func (p *shelfPart) chosen(q Query, take func(g *shelf.Game) bool) {
	words := strings.Fields(strings.ToLower(q.Text))
	for _, i := range p.newest {
		g := &p.games[i]
		if (q.Kind != "" && g.Kind != q.Kind) || (q.Result != "" && g.Result() != q.Result) || !shelf.HasAll(p.hay[i], words) {
			continue
		}
		if !take(g) {
			return
		}
	}
}

// Query chooses kept games: words of a side's name or player (shelf.Game.Matches), a kind
// ("" both), a result ("" any).
type Query struct {
	Text   string
	Kind   string
	Result shelf.Result
}

// List is the kept games q chooses, newest first (copies).
func (v Shelf) List(q Query) []shelf.Game {
	out, _ := v.Page(q, len(v.p.games))
	return out
}

// Page is the first n kept games q chooses, newest first (copies), and how many it chooses in
// all: a screen draws a page of a thousand games without copying them all.
func (v Shelf) Page(q Query, n int) (games []shelf.Game, total int) {
	v.p.chosen(q, func(g *shelf.Game) bool {
		if total++; len(games) < n {
			games = append(games, g.Clone())
		}
		return true
	})
	return games, total
}

// Card is the card of the kept game id (a copy).
func (v Shelf) Card(id string) (shelf.Game, bool) {
	g, ok := v.p.find(id)
	return g.Clone(), ok
}

// Len is how many games are kept.
func (v Shelf) Len() int { return len(v.p.games) }

// Records are the player's records across the games q chooses (shelf.TallyOf).
func (v Shelf) Records(q Query) shelf.Records { return shelf.TallyOf(v.p.each(q)) }

// each is the games q chooses, newest first: the part's own, to read only.
func (p *shelfPart) each(q Query) []shelf.Game {
	var out []shelf.Game
	p.chosen(q, func(g *shelf.Game) bool { out = append(out, *g); return true })
	return out
}

// LuckRead reports whether the kept games' lucks are read (ReadLuck), for Season.
func (v Shelf) LuckRead() bool { return v.p.lucks != nil }

// Season is the luck over the games q chooses, one a kind that has any (shelf.MeasureSeason);
// none before ReadLuck.
func (v Shelf) Season(q Query) []shelf.SeasonLuck {
	if v.p.lucks == nil {
		return nil
	}
	games := v.p.each(q)
	var out []shelf.SeasonLuck
	for _, kind := range []string{KindAnima, KindDiskwars} {
		if slices.ContainsFunc(games, func(g shelf.Game) bool { return g.Kind == kind }) {
			out = append(out, shelf.MeasureSeason(kind, games, v.p.lucks))
		}
	}
	return out
}

// Opened is the kept game opened (OpenKept): its card, and its game read-only (an
// anima.GameView or a diskwars.GameView); ok false when none is, or another than id.
func (v Shelf) Opened(id string) (card shelf.Game, game any, ok bool) {
	o := v.p.opened
	if o == nil || o.kept.Game.ID != id {
		return shelf.Game{}, nil, false
	}
	switch g := o.view.Game.(type) {
	case *anima.Game:
		return o.kept.Game, anima.GameView(g), true
	case *diskwars.Game:
		return o.kept.Game, diskwars.GameView(g), true
	}
	return shelf.Game{}, nil, false
}

// OpenedView is what the screens of the kept game id draw, computed once as it was opened
// (shelf.Opened: its history in the language of then, its report or its shots measured); ok
// false when it is not opened. The screens read it and change nothing of it.
func (v Shelf) OpenedView(id string) (shelf.Opened, bool) {
	o := v.p.opened
	if o == nil || o.kept.Game.ID != id {
		return shelf.Opened{}, false
	}
	return o.view, true
}

// Reading reports whether a game file is being read, a step at a time (AddGameFile).
func (v Shelf) Reading() bool { return v.p.adding != nil }

// File is the opened game as a game file (shelf.File's JSON) and its file name; nil when
// none is opened.
func (v Shelf) File() ([]byte, string) {
	o := v.p.opened
	if o == nil {
		return nil, ""
	}
	b, err := json.Marshal(shelf.FileOf(o.kept))
	if err != nil {
		return nil, ""
	}
	return b, fileName(o.kept.Game) + ".gnosis-game.json"
}

// fileName names a kept game's file: its date and sides.
func fileName(g shelf.Game) string {
	return safeName(time.UnixMilli(g.Kept).UTC().Format("2006-01-02") + " " + g.Sides[0].Name + " - " + g.Sides[1].Name)
}

// safeName is name with what a file name may not hold turned into dashes.
func safeName(name string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '-'
		}
		return r
	}, name)
}

// Deleted is the name of the game DeleteKept took off last (its sides), while UndoDeleteKept
// can put it back; ok false when none.
func (v Shelf) Deleted() (string, bool) {
	d := v.p.deleted
	if d == nil {
		return "", false
	}
	return d.Game.Sides[0].Name + " – " + d.Game.Sides[1].Name, true
}

// CSV is the games q chooses, one row each (newest first), for a spreadsheet: the columns
// date, game, edition, scenario, level, my party, my player, opponent's party, opponent,
// result, my levels, their levels, turns, gestures.
func (v Shelf) CSV(q Query) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"date", "game", "edition", "scenario", "level", "party", "player", "opponent party", "opponent", "result", "levels", "opponent levels", "turns", "gestures"})
	for _, g := range v.List(q) {
		me, them := g.Sides[g.Mine&1], g.Sides[1-g.Mine&1]
		w.Write([]string{time.UnixMilli(g.Kept).UTC().Format("2006-01-02 15:04"), g.Kind, g.Edition, g.Scenario, strconv.Itoa(g.Level),
			csvSafe(me.Name), csvSafe(me.Player), csvSafe(them.Name), csvSafe(them.Player), string(g.Result()),
			strconv.Itoa(me.Levels), strconv.Itoa(them.Levels), strconv.Itoa(g.Turns), strconv.Itoa(g.Gestures)})
	}
	w.Flush()
	return b.Bytes()
}

// csvSafe keeps a spreadsheet from reading a name as a formula.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// ErrShelfFull is a game the shelf could not keep (the storage full, the shelf at its most
// games, another tab's change twice over): the game in progress stays, and nothing starts in
// its place.
var ErrShelfFull = errors.New("the shelf could not keep the game")

// keep keeps k, a game in progress as its owner keeps it (game.keptNow; err its error), on
// the shelf; a game with nothing played is not kept (nil), nor one whose log is over the
// shelf's bounds (said, and nil: it goes on, and may be shared as a game file). The error says
// the game could not be kept (ErrShelfFull wrapping the store's).
func (p *shelfPart) keep(k shelf.Kept, err error) error {
	_, err = p.keepID(k, err)
	return err
}

// keepID is keep, and the ID of the game kept ("": none, nothing was played).
func (p *shelfPart) keepID(k shelf.Kept, err error) (string, error) {
	k, err = p.keptNow(k, err)
	if errors.Is(err, shelf.ErrNothingPlayed) || (err == nil && k.Game.ID == "") {
		return "", nil
	}
	if errors.Is(err, shelf.ErrTooLong) {
		p.log("shelf", err)
		p.notes.say(fmt.Sprintf(p.T("The game is too long to keep on the shelf (over %d entries): share it as a file to keep it."), shelf.MaxEntries))
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if err := p.shelve(k); err != nil {
		return "", fmt.Errorf("%w: %w", ErrShelfFull, err)
	}
	return k.Game.ID, nil
}

// change makes a change of the shelf's cards (change: a store write given the cards, which
// returns them as kept) and takes the cards it returns; when another tab changed the shelf
// meanwhile (store.ErrConflict), it reads the shelf again and makes the change once more, so
// that a change in another tab never refuses this one for good. On an error nothing is taken.
func (p *shelfPart) change(change func(games []shelf.Game) ([]shelf.Game, error)) error {
	games, err := change(p.games)
	if errors.Is(err, store.ErrConflict) {
		var again []shelf.Game
		if again, err = p.store.Shelf(); err == nil {
			p.replace(again)
			games, err = change(p.games)
		}
	}
	if err != nil {
		return err
	}
	p.replace(games)
	return nil
}

// shelve keeps k on the shelf (store.Shelve, through change).
func (p *shelfPart) shelve(k shelf.Kept) error {
	if err := p.change(func(games []shelf.Game) ([]shelf.Game, error) { return p.store.Shelve(games, k) }); err != nil {
		return err
	}
	p.noteLuck(k.Game.ID, &k.Luck)
	return nil
}

// refusal is why the shelf could not keep a game, in the player's words: the shelf at its
// most games, the storage full, another tab's change, or the store's own words.
func (p *shelfPart) refusal(err error) error {
	p.log("shelf", err)
	switch {
	case errors.Is(err, store.ErrShelfAtMost):
		return core.Fail(ErrShelfFull, nil, "The shelf holds %d games, its most: delete games from the shelf (share them as files first to keep them), then try again.", store.MaxShelf)
	case errors.Is(err, store.ErrConflict):
		return core.Fail(ErrShelfFull, nil, "The shelf was changed in another tab at the same moment: try again.")
	case errors.Is(err, store.ErrNotSaved), errors.Is(err, store.ErrQuota):
		return core.Fail(ErrShelfFull, nil, "The last game could not be kept on the shelf: the storage is full. Share it as a file or delete games from the shelf, then start again.")
	}
	return core.Fail(ErrShelfFull, nil, "The shelf could not keep the game: %s", err.Error())
}

// keptNow is k, a game in progress as its owner keeps it (err its error), as the shelf keeps
// it, with what its log cannot say (the about record's, when it is of this game; else the side
// this phone plays on two phones), and the club night it was played at: the one it was kept
// at first, else the one the player plays now (a game kept again once the next night is
// joined, as the next game starts, stays at its own).
func (p *shelfPart) keptNow(k shelf.Kept, err error) (shelf.Kept, error) {
	if err != nil || k.Game.ID == "" {
		return k, err
	}
	k.Game.Kept = p.now().UnixMilli()
	j := p.settings.joined(p.now())
	mine, two := p.pair.side(k.Game.Kind)
	if a, ok := p.about[k.Game.Kind]; ok && a.ID == k.Game.ID {
		k.Game.Started, k.Game.Mine = a.Started, a.Mine
		for i := range k.Game.Sides {
			sd := &k.Game.Sides[i]
			sd.Party, sd.Version, sd.Player = a.Sides[i].Party, a.Sides[i].Version, a.Sides[i].Player
		}
	} else if two {
		k.Game.Mine = mine
	}
	if old, ok := p.find(k.Game.ID); ok && old.Event != "" { // kept at a club night already: its night stays its own
		k.Game.Event, k.Game.At = old.Event, old.At
	} else if j != nil {
		k.Game.Event, k.Game.At = j.Event, at(j, k.Game, mine, two)
	}
	return k, nil
}

// at is where game g was played at the club night j the player joined (zero: j's round's link
// came before the player's ID was in it): j's round and table, and the side its player played,
// this phone's on two phones (mine), else the one side whose list is the player's (-1 where
// both sides or neither have it).
func at(j *store.Joined, g shelf.Game, mine int, two bool) event.At {
	a := event.At{Key: j.Key, Round: j.Round, Table: j.Table, Player: j.ID, Side: -1}
	switch {
	case two:
		a.Side = mine
	case j.Sum != "" && g.Sides[0].List == j.Sum && g.Sides[1].List != j.Sum:
		a.Side = 0
	case j.Sum != "" && g.Sides[1].List == j.Sum && g.Sides[0].List != j.Sum:
		a.Side = 1
	}
	return a.Clean()
}

// keepBefore keeps k, the game in progress as its owner keeps it (err its error), before
// another takes its place: a game the storage cannot keep stops the change (the player is told,
// and nothing is lost).
func (p *shelfPart) keepBefore(k shelf.Kept, err error) error {
	if err := p.keep(k, err); err != nil {
		return p.refusal(err)
	}
	return nil
}

// newEnd reports whether the game of kind, over at the log length n, is to be kept on the
// shelf (both phones of a two-phone game see it end): once, again after an undo and a new end.
func (p *shelfPart) newEnd(kind string, n int) bool {
	if p.overAt[kind] == n {
		return false
	}
	if p.overAt == nil {
		p.overAt = map[string]int{}
	}
	p.overAt[kind] = n
	return true
}

// started notes what the log of a game of kind that starts cannot say: when, the parties
// (saved ones' IDs, and their versions), the players.
func (p *shelfPart) started(kind string, first []byte, parties, players [2]string, version func(id string) string) {
	a := shelf.Game{ID: shelf.ID(kind, first), Kind: kind, Started: p.now().UnixMilli()}
	for i := range a.Sides {
		a.Sides[i].Party, a.Sides[i].Player = parties[i], shelf.CleanPlayer(players[i])
		if parties[i] != "" {
			a.Sides[i].Version = version(parties[i])
		}
	}
	if p.about == nil {
		p.about = map[string]shelf.Game{}
	}
	p.about[kind] = a
	if err := p.store.SaveAbout(p.about); err != nil {
		p.log("about", err)
	}
}

// versionOf is a version of v's content: its JSON's CRC-32.
func versionOf(v any) string {
	b, _ := json.Marshal(v)
	return fmt.Sprintf("%08x", crc32.ChecksumIEEE(b))
}

func (r KeepGame) apply(s *Session) (Outcome, error) {
	if r.Kind != KindAnima && r.Kind != KindDiskwars {
		return Outcome{}, fmt.Errorf("%w: %q", ErrNoSuchGame, r.Kind)
	}
	id, err := s.shelf.keepID(s.games.keptNow(r.Kind, false))
	if err != nil {
		return Outcome{}, s.shelf.refusal(err)
	}
	if id == "" { // nothing played (or too long, said): not "kept"
		if !s.Notices.toastPending {
			s.notice = s.T("Nothing was played yet: there is nothing to keep on the shelf.")
		}
		return Outcome{}, nil
	}
	s.pair.kept(r.Kind) // on two phones, the other keeps it too
	s.say(s.T("Kept on the shelf."))
	return Outcome{}, nil
}

func (ShowResultCode) apply(s *Session) (Outcome, error) {
	id, err := s.shelf.keepID(s.play.game.keptNow(false))
	if err != nil {
		return Outcome{}, s.shelf.refusal(err)
	}
	if id == "" {
		s.notice = s.T("Nothing was played yet: the game has no result to show.")
		return Outcome{}, nil
	}
	s.pair.kept(KindAnima)
	return s.goTo(ScreenResult + id), nil
}

func (r OpenKept) apply(s *Session) (Outcome, error) {
	began, err := s.shelf.open(r.ID, r.Stay)
	if err != nil || !began {
		return Outcome{Quiet: !began && err == nil}, err
	}
	return ShelfStep{}.apply(s)
}

// open begins opening the kept game id (OpenKept; stay: without going to it), unless it is
// being opened already (false: then it stays only if both asked to). The error: no such game
// on the shelf, or its log cannot be read.
func (p *shelfPart) open(id string, stay bool) (began bool, err error) {
	card, ok := p.find(id)
	if !ok {
		return false, core.Fail(shelf.ErrNotAKeptGame, nil, "That game is not on the shelf.")
	}
	if o := p.opening; o != nil {
		if o.kept.Game.ID == id {
			o.stay = o.stay && stay
			return false, nil
		}
		o.work.Stop()
	}
	packed, luck, err := p.store.KeptLog(id)
	if err != nil {
		return false, core.Fail(shelf.ErrNotAKeptGame, err, "That game's log cannot be read: it stays on the shelf.")
	}
	p.opening = &opening{kept: shelf.Kept{Game: card, Luck: luck, Packed: packed}, stay: stay, work: shelf.OpenPaced(card.Kind, packed, p.settings.lang)}
	return true, nil
}

// ShelfStep runs a step of the kept game being opened, else of the game file being read, and
// finishes it once done.
func (ShelfStep) apply(s *Session) (Outcome, error) {
	out, to, err := s.shelf.step()
	if to != "" {
		return s.shelf.more(s.goTo(to)), err
	}
	return out, err
}

// step runs a step of the kept game being opened, else of the game file being read, and
// finishes it once done: the outcome, or the screen to go to (to: the game opened, or the
// shelf once a file's game is on it).
func (p *shelfPart) step() (out Outcome, to string, err error) {
	if o := p.opening; o != nil {
		if !o.work.Step() {
			return Outcome{Next: ShelfStep{}, Quiet: true}, "", nil
		}
		p.opening = nil
		v, err := o.work.Result()
		if err != nil {
			return p.more(Outcome{}), "", core.Fail(shelf.ErrNotAKeptGame, err, "That game's log cannot be read: it stays on the shelf.")
		}
		p.opened = &openedGame{kept: o.kept, view: v}
		if o.stay {
			return p.more(Outcome{}), "", nil
		}
		return Outcome{}, ScreenKept + o.kept.Game.ID, nil
	}
	if a := p.adding; a != nil {
		if !a.Step() {
			return Outcome{Next: ShelfStep{}, Quiet: true}, "", nil
		}
		p.adding = nil
		k, err := a.Result()
		if err != nil {
			return Outcome{}, "", err
		}
		if err := p.add(k); err != nil {
			return Outcome{}, "", err
		}
		return Outcome{}, ScreenShelf, nil
	}
	return Outcome{Quiet: true}, "", nil
}

// more asks for the next step when the shelf has work left (a game file read while a game
// opened).
func (p *shelfPart) more(o Outcome) Outcome {
	if p.adding != nil && o.Next == nil {
		o.Next = ShelfStep{}
	}
	return o
}

// find is the card of the kept game id.
func (p *shelfPart) find(id string) (shelf.Game, bool) {
	i := slices.IndexFunc(p.games, func(g shelf.Game) bool { return g.ID == id })
	if i < 0 {
		return shelf.Game{}, false
	}
	return p.games[i], true
}

func (r DeleteKept) apply(s *Session) (Outcome, error) {
	card, ok := s.shelf.find(r.ID)
	if !ok {
		return Outcome{}, nil
	}
	packed, luck, err := s.store.KeptLog(r.ID)
	if err != nil { // deleted all the same: it is what the player asked; no undo of a log unread
		s.log("shelf", err)
	}
	if err := s.shelf.change(func(games []shelf.Game) ([]shelf.Game, error) { return s.store.Unshelve(games, r.ID) }); err != nil {
		return Outcome{}, err
	}
	var deleted *shelf.Kept
	if packed != "" {
		deleted = &shelf.Kept{Game: card, Packed: packed, Luck: luck}
	}
	s.shelf.deletedNow(r.ID, deleted)
	s.say(s.T("Game deleted from the shelf."))
	return s.goTo(ScreenShelf), nil
}

// deletedNow forgets what the shelf holds of the kept game id, taken off the shelf: its luck,
// the game opened or being opened; d is kept for an undo (nil: none).
func (p *shelfPart) deletedNow(id string, d *shelf.Kept) {
	p.deleted = d
	p.noteLuck(id, nil)
	if p.opened != nil && p.opened.kept.Game.ID == id {
		p.opened = nil
	}
	if o := p.opening; o != nil && o.kept.Game.ID == id {
		o.work.Stop()
		p.opening = nil
	}
}

func (UndoDeleteKept) apply(s *Session) (Outcome, error) {
	back, err := s.shelf.undoDelete()
	if err != nil {
		return Outcome{}, err
	}
	if back {
		s.say(s.T("The game is back on the shelf."))
	}
	return Outcome{}, nil
}

// undoDelete puts the game DeleteKept took off last back on the shelf, and says whether there
// was one (the error: the shelf could not keep it, ErrShelfFull).
func (p *shelfPart) undoDelete() (bool, error) {
	d := p.deleted
	if d == nil {
		return false, nil
	}
	if err := p.shelve(*d); err != nil {
		return false, p.refusal(err)
	}
	p.deleted = nil
	return true, nil
}

func (r AddGameFile) apply(s *Session) (Outcome, error) {
	if !s.shelf.readFile(r.Data) {
		s.notice = s.T("A game file is being read: wait until it is on the shelf.")
		return Outcome{}, nil
	}
	return ShelfStep{}.apply(s)
}

// readFile begins reading a game file (data) for the shelf, a step at a time (ShelfStep),
// unless one is being read: false.
func (p *shelfPart) readFile(data []byte) bool {
	if p.adding != nil {
		return false
	}
	p.adding = shelf.ReadPaced(data)
	return true
}

// add keeps the game a game file held (AddGameFile's last step), unless the shelf has it
// already (by its log's ID): a game kept is never changed by a file. It says what it did.
func (p *shelfPart) add(k shelf.Kept) error {
	if k.Game.Kept == 0 {
		k.Game.Kept = p.now().UnixMilli()
	}
	if _, had := p.find(k.Game.ID); had {
		p.notes.say(p.T("That game is on the shelf already: nothing was changed."))
		return nil
	}
	if err := p.shelve(k); err != nil {
		return p.refusal(err)
	}
	p.notes.say(p.T("The game is on the shelf."))
	return nil
}

func (ReadLuck) apply(s *Session) (Outcome, error) { return s.shelf.readLuck() }

// readLuck reads a step of the kept games' lucks (ReadLuck), and asks for the next until all
// are read (the error: the store's).
func (p *shelfPart) readLuck() (Outcome, error) {
	if p.lucks != nil {
		return Outcome{Quiet: true}, nil
	}
	if p.reading == nil {
		texts, err := p.store.KeptLucks()
		if err != nil {
			return Outcome{}, err
		}
		p.reading = &luckReading{texts: texts, lucks: make(map[string]report.GameLuck, len(texts))}
	}
	r := p.reading
	for end := min(r.next+luckStep, len(r.texts)); r.next < end; r.next++ {
		l, err := store.DecodeLuck(r.texts[r.next][1])
		if err != nil {
			r.bad++ // its game is measured without it
			continue
		}
		r.lucks[r.texts[r.next][0]] = l
	}
	if r.next < len(r.texts) {
		return Outcome{Next: ReadLuck{}, Quiet: true}, nil
	}
	if r.bad > 0 {
		p.browser.Log("warn", fmt.Sprintf("gnosis: shelf: %d lucks could not be read", r.bad))
	}
	p.lucks, p.reading = r.lucks, nil
	return Outcome{}, nil
}
