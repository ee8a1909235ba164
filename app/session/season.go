package session

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// The club's season on the organiser's phone (engine/season): the past nights this phone kept
// (but those the organiser leaves out) and the event files added from other phones or clubs,
// added up by the organiser's rule. Kept on the device (store.KeptSeasonKey) and in the backup.
type (
	// SetSeason sets the season's rule: its Name, its Game (event.GameAnima or
	// event.GameDiskwars: only that game's nights count), how many of a player's nights count
	// (Best: their best nights' points; 0: every night's) and Glicko-2's τ (Tau; 0: the
	// default). The joins by hand are kept. Refused (season.ErrSeason) past the season's
	// bounds.
	SetSeason struct {
		Name string
		Game string
		Best int
		Tau  float64
	}
	// LeaveSeasonNight leaves the past night Key out of the season (Out), or puts it back in.
	LeaveSeasonNight struct {
		Key string
		Out bool
	}
	// AddSeasonFile adds a club night's event file (another phone's, another club's) to the
	// season: read as every event file is (event.ReadFile: bounded, cleaned, checked); refused,
	// with its cause, for a file that is not one, a night of another game, a night the season has
	// already, or past season.MaxFileNights added. A refused file changes nothing.
	AddSeasonFile struct{ Data []byte }
	// RemoveSeasonFile takes the night added from a file, Key, off the season.
	RemoveSeasonFile struct{ Key string }
	// SeasonStep runs the next step of the season's file being opened (OpenSeasonFile), else of
	// the season being added up (a step of core.Budget at
	// most: a season of a hundred nights holds no task of the page long).
	SeasonStep struct{}
	// JoinSeasonPlayer is the organiser's hand on who a season player is: the player of season
	// ID ID counted, at each of their nights, as the player of ID As (one person entered by card
	// at a night and by name at another; As ID for a card entered under two names,
	// season.Player.Renamed: one person who changed their name), or, As "", as a player of their
	// own at each night (a guess split: two people of one name, or two who used one card). Kept as the season's joins
	// (season.Setup.Joins); refused (season.ErrJoin) where it would make one player of two at
	// one night, nothing kept.
	JoinSeasonPlayer struct {
		ID string
		As string
	}
)

// ScreenSeason is the club's season; ScreenSeasonPlayer + a player's index (in
// season.Table.Players) is a player's page.
const (
	ScreenSeason       = "/season"
	ScreenSeasonPlayer = "/season/player/"
)

// Errors of the season on the phone (core.RuleError: said in the player's language).
var (
	errSeasonFile    = errors.New("an event file refused by the season")
	errSeasonNotKept = errors.New("the season's change was not kept")
)

// seasonPart is the club's season (store.KeptSeasonKey): the set-up, the nights left out and
// added, and the season added up from them, once a change.
type seasonPart struct {
	*room
	kept    store.KeptSeason
	read    map[string]*event.Event // the nights read, by key (a past night's, an added one's)
	changes int                     // counts the changes of kept
	table   *season.Table           // the season added up, of the nights of sum
	err     error                   // why it could not be (Build's refusal)
	broken  []string                // the nights that could not be read, by name
	sum     string                  // the nights table was added up from, and the changes
	work    *core.Paced[tallied]    // the season being added up, of the nights of workSum
	workSum string
	runs    int                       // how many addings-up have begun: each new one is asked for its steps anew
	opening *core.Paced[openedSeason] // OpenSeasonFile's steps under way
}

// SeasonNight is a night the season may count: its card, whether it came from a file (else it
// is a past night kept on the phone) and whether it is in the season.
type SeasonNight struct {
	store.Night
	Added bool
	In    bool
}

// Season is the Session's club season: what it reads of the past nights too.
type Season struct {
	p  *seasonPart
	ev *eventPart
}

// Season is the Session's club season.
func (s *Session) Season() Season { return Season{&s.season, &s.event} }

// load reads the season kept; note reports what could not be read.
func (p *seasonPart) load(st *store.Store, note func(error)) {
	se, err := st.Season()
	note(err)
	if p.work != nil {
		p.work.Stop()
	}
	p.kept, p.read, p.table, p.err, p.sum, p.work = se, map[string]*event.Event{}, nil, nil, "", nil
	p.changes++
}

// setup is the season's set-up, its game the latest past night's where none was chosen.
func (p *seasonPart) setup(nights []store.Night) season.Setup {
	s := p.kept.Setup
	if s.Game == "" {
		s.Game = event.GameAnima
		if len(nights) > 0 {
			s.Game = nights[len(nights)-1].Game
		}
	}
	return s
}

// save keeps se as the season once the device has it; a storage that refuses it leaves the
// season as it was, said.
func (p *seasonPart) save(se store.KeptSeason) error {
	if err := p.store.SaveSeason(se); err != nil {
		return seasonNotKept(err)
	}
	p.kept = se
	p.changes++
	return nil
}

// seasonNotKept is err, a save the device refused, in the season's words where the storage is
// full or blocked.
func seasonNotKept(err error) error {
	if errors.Is(err, store.ErrNotSaved) || errors.Is(err, store.ErrQuota) {
		return core.Fail(errSeasonNotKept, err, "Not saved on this device: the browser's storage is full or blocked. The season stays as it was: free some space, then do it again.")
	}
	return err
}

// nights are the nights the season may count, of its game: the past nights kept (the last
// ended first), then those added from files.
func (p *seasonPart) nights(kept []store.Night) []SeasonNight {
	game := p.setup(kept).Game
	var out []SeasonNight
	for i := len(kept) - 1; i >= 0; i-- {
		if n := kept[i]; n.Game == game {
			out = append(out, SeasonNight{Night: n, In: !slices.Contains(p.kept.Out, n.Key)})
		}
	}
	for _, n := range p.kept.Added {
		if n.Game == game {
			out = append(out, SeasonNight{Night: n, Added: true, In: true})
		}
	}
	return out
}

// added reads the night of key: a past night's file, or an added one's (read once, kept).
func (p *seasonPart) night(n SeasonNight) (*event.Event, error) {
	if e, ok := p.read[n.Key]; ok {
		return e, nil
	}
	var e *event.Event
	var err error
	if n.Added {
		e, err = p.store.SeasonNight(n.Key)
	} else {
		e, err = p.store.PastNight(n.Key)
	}
	if err != nil {
		return nil, err
	}
	p.read[n.Key] = e
	return e, nil
}

// tally is the season added up from the nights in it, again only when they or the set-up
// changed: a step of the work at once (a club's season is done in it), the rest a step at a
// time (SeasonStep), the last season added up given meanwhile.
func (p *seasonPart) tally(kept []store.Night) (*season.Table, error) {
	nights := p.nights(kept)
	sum := p.sumOf(nights)
	if p.sum == sum {
		return p.table, p.err
	}
	if p.work == nil || p.workSum != sum {
		p.begin(p.setup(kept), nights, sum)
	}
	p.step()
	return p.table, p.err
}

// sumOf names the season of nights as it is now (the changes, the nights in it): the season
// is added up again when it changes.
func (p *seasonPart) sumOf(nights []SeasonNight) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", p.changes)
	for _, n := range nights {
		if n.In {
			b.WriteString(" " + n.Key)
		}
	}
	return b.String()
}

// keep takes t, added up already from the season as it is now, as the season: an adding-up
// under way is dropped.
func (p *seasonPart) keep(t *season.Table, kept []store.Night) {
	if p.work != nil {
		p.work.Stop()
		p.work = nil
	}
	p.table, p.broken, p.err, p.sum = t, nil, nil, p.sumOf(p.nights(kept))
}

// tallied is the season added up, and the nights that could not be read.
type tallied struct {
	table  *season.Table
	broken []string
}

// begin begins adding up the season of setup from nights (of sum): each night read (once,
// kept), then season.BuildPaced, a tick between each unit.
func (p *seasonPart) begin(setup season.Setup, nights []SeasonNight, sum string) {
	if p.work != nil {
		p.work.Stop()
	}
	p.workSum = sum
	p.runs++
	p.work = core.Pace(core.Budget, func(tick func()) (tallied, error) {
		var es []*event.Event
		var broken []string
		for _, n := range nights {
			if !n.In {
				continue
			}
			tick()
			e, err := p.night(n)
			if err != nil {
				broken = append(broken, n.Name)
				continue
			}
			es = append(es, e)
		}
		t, err := season.BuildPaced(setup, es, tick)
		return tallied{t, broken}, err
	})
}

// step runs a step of the season's adding up; once it is done, it is the season.
func (p *seasonPart) step() {
	if p.work == nil || !p.work.Step() {
		return
	}
	r, err := p.work.Result()
	p.table, p.broken, p.err, p.sum = r.table, r.broken, err, p.workSum
	p.work = nil
}

// finish adds the season up to its end (a request that needs it as it is now).
func (p *seasonPart) finish(kept []store.Night) (*season.Table, error) {
	p.tally(kept)
	for p.work != nil {
		p.step()
	}
	return p.table, p.err
}

// has reports whether the night of key is in the season's list already (kept or added).
func (p *seasonPart) has(kept []store.Night, e *event.Event) bool {
	return p.hasKey(kept, e, store.NightOf(e, 0).Key)
}

// hasKey is has, key e's card's key (its file's checksum): the same file, or a copy of e's
// night in the season (season.SameNight) that holds as much of it (season.Fuller).
func (p *seasonPart) hasKey(kept []store.Night, e *event.Event, key string) bool {
	nights := p.nights(kept)
	if slices.ContainsFunc(nights, func(n SeasonNight) bool { return n.Key == key }) {
		return true
	}
	_, old := p.copyOf(nights, e)
	return old != nil && season.Fuller(e, old) <= 0
}

// copyOf is the night of nights (the season's, seasonPart.nights) that e is a copy of
// (season.SameNight), and its event; nil where none is. Only the nights of e's name and day are
// read.
func (p *seasonPart) copyOf(nights []SeasonNight, e *event.Event) (SeasonNight, *event.Event) {
	for _, n := range nights {
		if !n.In || n.Name != e.Name || n.Date != e.Date {
			continue
		}
		if got, err := p.night(n); err == nil && season.SameNight(got, e) {
			return n, got
		}
	}
	return SeasonNight{}, nil
}

func (r SetSeason) apply(s *Session) (Outcome, error) {
	se := s.season.kept
	se.Setup.Name = core.CutText(strings.TrimSpace(core.CleanText(r.Name)), event.MaxName)
	se.Setup.Game, se.Setup.Best, se.Setup.Tau = r.Game, r.Best, r.Tau
	if _, err := season.Build(se.Setup, nil); err != nil { // the set-up's bounds
		return Outcome{}, err
	}
	return Outcome{}, s.season.save(se)
}

func (r LeaveSeasonNight) apply(s *Session) (Outcome, error) {
	se := s.season.kept
	se.Out = slices.DeleteFunc(slices.Clone(se.Out), func(k string) bool { return k == r.Key })
	if r.Out {
		if !slices.ContainsFunc(s.event.nights, func(n store.Night) bool { return n.Key == r.Key }) {
			return Outcome{}, nil
		}
		se.Out = append(se.Out, r.Key)
	}
	se.Setup = s.season.setup(s.event.nights) // the game the organiser saw is kept with it
	return Outcome{}, s.season.save(se)
}

func (r AddSeasonFile) apply(s *Session) (Outcome, error) {
	e, err := event.ReadFile(r.Data)
	if err != nil {
		return Outcome{}, core.Fail(errSeasonFile, err, "This file cannot be added to the season: %s", s.Settings().ErrText(err))
	}
	p := &s.season
	setup := p.setup(s.event.nights)
	if e.Game != setup.Game {
		return Outcome{}, core.Fail(errSeasonFile, nil, "%s is a night of another game: a season adds up the nights of one game", e.Name)
	}
	if p.has(s.event.nights, e) {
		return Outcome{}, core.Fail(errSeasonFile, nil, "%s is in the season already.", e.Name)
	}
	se := p.kept
	se.Setup = setup
	old, got := p.copyOf(p.nights(s.event.nights), e) // a newer copy of a night in the season: in its place
	if len(p.kept.Added) >= season.MaxFileNights && (got == nil || !old.Added) {
		return Outcome{}, core.Fail(errSeasonFile, nil, "The season has %d nights added from files, the most it keeps: remove one first.", season.MaxFileNights)
	}
	if got != nil {
		if err := p.replace(se, old, e); err != nil {
			return Outcome{}, err
		}
		s.say(fmt.Sprintf(s.T("%s: this newer copy of the night takes the place of the older one in the season."), e.Name))
		return Outcome{}, nil
	}
	if err := p.add(se, e); err != nil {
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("%s is added to the season."), e.Name))
	return Outcome{}, nil
}

// replace adds e, a newer copy of the night old, to the season se in old's place, in one
// change: old taken off where it was added from a file, left out where it is a past night of
// this phone (which stays on the phone).
func (p *seasonPart) replace(se store.KeptSeason, old SeasonNight, e *event.Event) error {
	drop := ""
	if old.Added {
		drop = old.Key
	} else {
		se.Out = append(slices.Clone(se.Out), old.Key)
	}
	out, err := p.store.ReplaceSeasonNight(se, drop, []*event.Event{e}, [][]byte{e.File()}, p.now().UnixMilli())
	if err != nil {
		return seasonNotKept(err)
	}
	delete(p.read, drop)
	p.kept = out
	p.changes++
	return nil
}

func (r RemoveSeasonFile) apply(s *Session) (Outcome, error) {
	p := &s.season
	i := slices.IndexFunc(p.kept.Added, func(n store.Night) bool { return n.Key == r.Key })
	if i < 0 {
		return Outcome{}, nil
	}
	name := p.kept.Added[i].Name
	if err := p.drop(r.Key); err != nil {
		return Outcome{}, err
	}
	s.say(fmt.Sprintf(s.T("%s is taken off the season."), name))
	return Outcome{}, nil
}

// add adds e, an event file read, to the nights added of se (the season as kept, its set-up
// maybe new), once the device has both.
func (p *seasonPart) add(se store.KeptSeason, e *event.Event) error {
	se, err := p.store.AddSeasonNight(se, e, p.now().UnixMilli())
	if err != nil {
		return seasonNotKept(err)
	}
	p.kept = se
	p.changes++
	return nil
}

// drop takes the added night key off the season, once the device has it so.
func (p *seasonPart) drop(key string) error {
	se, err := p.store.DropSeasonNight(p.kept, key)
	if err != nil {
		return seasonNotKept(err)
	}
	p.kept = se
	delete(p.read, key)
	p.changes++
	return nil
}

func (r JoinSeasonPlayer) apply(s *Session) (Outcome, error) {
	p := &s.season
	t, err := p.finish(s.event.nights)
	if err != nil || t == nil {
		return Outcome{}, err
	}
	i := slices.IndexFunc(t.Players, func(pl season.Player) bool { return pl.ID == r.ID })
	if i < 0 || r.As == r.ID && !t.Players[i].Renamed { // a card under two names is joined by hand as itself: one person
		return Outcome{}, nil
	}
	se := p.kept
	se.Setup = p.setup(s.event.nights)
	se.Setup.Joins = joined(se.Setup.Joins, t, t.Players[i], r.As)
	if _, err := season.Build(se.Setup, p.counted(s.event.nights)); err != nil {
		return Outcome{}, err
	}
	if err := p.save(se); err != nil {
		return Outcome{}, err
	}
	if s.nav.screen != ScreenSeason {
		return s.goTo(ScreenSeason), nil // the season's players are counted anew
	}
	return Outcome{}, nil
}

func (SeasonStep) apply(s *Session) (Outcome, error) {
	p := &s.season
	if p.opening != nil {
		return s.openSeasonStep()
	}
	if p.work == nil {
		return Outcome{Quiet: true}, nil
	}
	p.step()
	if p.work != nil {
		return Outcome{Next: SeasonStep{}, Quiet: true}, nil
	}
	return Outcome{}, nil
}

// Counting reports whether the season is being added up (SeasonStep's steps): what Table
// gives meanwhile is the season as it was.
func (v Season) Counting() bool { return v.p.work != nil }

// Run names the adding-up under way (Counting): another once the nights or the set-up change
// as it goes and it begins anew, whose steps a screen asks for again (SeasonStep).
func (v Season) Run() int { return v.p.runs }

// joined is joins with each night of pl counted as the player as ("": alone), in place of any
// join of theirs before.
func joined(joins []season.Join, t *season.Table, pl season.Player, as string) []season.Join {
	out := slices.Clone(joins)
	for _, en := range pl.Entries {
		j := season.Join{Night: t.Nights[en.Night].Key, Player: en.Player, As: as}
		out = slices.DeleteFunc(out, func(o season.Join) bool { return o.Night == j.Night && o.Player == j.Player })
		out = append(out, j)
	}
	return out
}

// counted are the nights in the season that could be read (as tally read them).
func (p *seasonPart) counted(kept []store.Night) []*event.Event {
	var es []*event.Event
	for _, n := range p.nights(kept) {
		if e, ok := p.read[n.Key]; ok && n.In {
			es = append(es, e)
		}
	}
	return es
}

// restore takes a backup's season: its set-up and nights left out where this phone has no
// season yet, and the nights added that the season lacks; it says how many were added.
func (p *seasonPart) restore(bk *store.SeasonBackup, kept []store.Night) (added int, err error) {
	if bk == nil {
		return 0, nil
	}
	se := p.kept
	if se.Setup.Game == "" && len(se.Added) == 0 {
		se.Setup, se.Out = bk.Setup, bk.Out
		if err := p.save(se); err != nil {
			return 0, err
		}
	}
	for _, raw := range bk.Added {
		e, err := event.ReadFile(raw)
		if err != nil || e.Game != p.setup(kept).Game || p.has(kept, e) || len(p.kept.Added) >= season.MaxFileNights {
			continue
		}
		if err := p.add(p.kept, e); err != nil {
			return added, err
		}
		added++
	}
	return added, nil
}

// Setup is the season's set-up (its game the latest past night's where none was chosen).
func (v Season) Setup() season.Setup {
	s := v.p.setup(v.ev.nights)
	s.Joins = slices.Clone(s.Joins)
	return s
}

// Nights are the nights the season may count, of its game: the past nights kept on the phone
// (the last ended first), each in the season or left out, then those added from files.
func (v Season) Nights() []SeasonNight { return v.p.nights(v.ev.nights) }

// Table is the season added up from the nights in it (nil, and why, where it cannot be): the
// part's own, made once a change: read it, never change it.
func (v Season) Table() (*season.Table, error) { return v.p.tally(v.ev.nights) }

// Broken are the names of the nights in the season whose files could not be read (left out of
// its table).
func (v Season) Broken() []string {
	v.p.tally(v.ev.nights)
	return slices.Clone(v.p.broken)
}

// CSV is the season's standings as CSV under header (season.CSVHeader's columns in the
// player's language) and its file name; nil where the season cannot be added up.
func (v Season) CSV(header []string) ([]byte, string) {
	t, err := v.Table()
	if err != nil || t == nil {
		return nil, ""
	}
	return t.CSVHeaded(header), v.FileName("csv")
}

// FileName is the name of a file of the season's standings as ext ("csv", "png"): "Autumn
// standings.csv", after the season's name ("season" where it has none), safe for any device.
func (v Season) FileName(ext string) string {
	name := v.Setup().Name
	if name == "" {
		name = "season"
	}
	return safeName(name) + " standings." + ext
}
