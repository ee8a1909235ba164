package session

import (
	"errors"
	"slices"

	"gnosis/app/store"
	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/season"
)

// The season's file moves the season to another phone (season.FileOf: its rule, its joins by
// hand, its nights' event files): made on the organiser's phone, opened on another's Season
// screen, read there a step at a time.

// OpenSeasonFile opens a season's file (another phone's: Season.File) on this phone, read a
// step at a time (SeasonStep: season.ReadFilePaced, bounded, cleaned, checked; its season
// added up as season.BuildPaced adds it up, or refused with Build's cause). A phone with no
// season of its own (no rule kept, no night added, no past night of the file's game) takes the
// file's season whole: its rule, its joins by hand and its nights, and shows the same
// standings and ratings. A phone with a season of its own keeps it and its rule: the file's
// nights it lacks are added (those it has counted once), with the file's joins by hand for
// them; what was done is said. Refused, with its cause, and nothing changed: a file that is
// none or past its bounds, a season of another game, past season.MaxFileNights added, the
// storage full. Nights and set-up are kept in one change.
type OpenSeasonFile struct{ Data []byte }

// errSeasonOpen is a season's file this phone refused.
var errSeasonOpen = errors.New("a season's file refused")

// openedSeason is a season's file read (season.ReadFilePaced), each night's file written again
// as the device keeps it (event.FilePaced).
type openedSeason struct {
	setup  season.Setup
	nights []*event.Event
	files  [][]byte
	table  *season.Table // the file's season added up, as it was checked
}

// File is the season's file (season.FileOf: its set-up with the joins by hand, and the nights
// in it that could be read) and its name ("Autumn.gnosis-season.json"); nil, and why, where the
// season cannot be added up or its file would be past season.MaxFileBytes.
func (v Season) File() ([]byte, string, error) {
	t, err := v.p.finish(v.ev.nights)
	if err != nil || t == nil {
		return nil, "", err
	}
	es := make([]*event.Event, len(t.Nights))
	for i, n := range t.Nights {
		es[i] = n.Event
	}
	b, err := season.FileOf(t.Setup, es)
	if err != nil {
		return nil, "", err
	}
	name := t.Setup.Name
	if name == "" {
		name = "season"
	}
	return b, safeName(name) + ".gnosis-season.json", nil
}

// Opening reports whether a season's file is being read (OpenSeasonFile's steps).
func (v Season) Opening() bool { return v.p.opening != nil }

func (r OpenSeasonFile) apply(s *Session) (Outcome, error) {
	s.season.beginOpening(r.Data)
	out, err := SeasonStep{}.apply(s)
	out.Quiet = false // the screen says the file is being read
	return out, err
}

// beginOpening begins reading the season's file data, a step at a time (a file being read
// already is dropped).
func (p *seasonPart) beginOpening(data []byte) {
	if p.opening != nil {
		p.opening.Stop()
	}
	p.opening = core.Pace(core.Budget, func(tick func()) (openedSeason, error) {
		setup, nights, err := season.ReadFilePaced(data, tick)
		var t *season.Table
		if err == nil { // the file's season adds up as it is (its joins by hand too)
			t, err = season.BuildPaced(setup, nights, tick)
		}
		if err != nil {
			return openedSeason{}, err
		}
		files := make([][]byte, len(nights))
		for i, e := range nights {
			files[i] = e.FilePaced(tick)
		}
		return openedSeason{setup, nights, files, t}, nil
	})
}

// openSeasonStep runs a step of the season's file being read; once it is read, it is opened (take)
// and what was done is said.
func (s *Session) openSeasonStep() (Outcome, error) {
	p := &s.season
	o, done, err := p.readStep()
	switch {
	case !done:
		return Outcome{Next: SeasonStep{}, Quiet: true}, nil
	case err != nil:
		return Outcome{}, core.Fail(errSeasonOpen, err, "This season's file cannot be opened, and nothing was changed: %s.", s.Settings().ErrText(err))
	}
	whole, added, err := p.take(o, s.event.nights)
	if err != nil {
		return Outcome{}, err
	}
	if whole {
		s.say(s.Settings().N(added, "The season's file is open on this phone: its rule and %d night.", "The season's file is open on this phone: its rule and %d nights."))
	} else {
		s.say(s.Settings().N(added, "This phone's own season is kept, with its rule: %d night of the file added.", "This phone's own season is kept, with its rule: %d nights of the file added."))
	}
	return Outcome{}, nil
}

// readStep runs a step of the season's file being read: done, it is the file read, or why not.
func (p *seasonPart) readStep() (openedSeason, bool, error) {
	if !p.opening.Step() {
		return openedSeason{}, false, nil
	}
	o, err := p.opening.Result()
	p.opening = nil
	return o, true, err
}

// own reports whether this phone has a season of its own, beside the one of game: a rule kept,
// a night added, or a past night of game kept.
func (p *seasonPart) own(kept []store.Night, game string) bool {
	return p.kept.Setup.Game != "" || len(p.kept.Added) > 0 || slices.ContainsFunc(kept, func(n store.Night) bool { return n.Game == game })
}

// take keeps the season's file o read: whole where this phone has no season of its own, else
// its nights the season lacks, with their joins by hand, added to this phone's season. It
// reports whether it was taken whole and how many nights were added; refused, nothing changed.
func (p *seasonPart) take(o openedSeason, kept []store.Night) (whole bool, added int, err error) {
	whole = !p.own(kept, o.setup.Game)
	se := p.kept
	se.Setup = p.setup(kept)
	if p.kept.Setup.Game == "" && !whole { // no rule kept: the season of the file's game, of this phone's nights
		se.Setup.Game = o.setup.Game
	}
	if whole {
		se.Setup = o.setup
	} else if se.Setup.Game != o.setup.Game {
		return false, 0, core.Fail(errSeasonOpen, nil, "This season's file is of another game than this phone's season, and a phone keeps one season: nothing was changed.")
	}
	var es []*event.Event
	var files [][]byte
	seen := map[string]bool{}
	for i, e := range o.nights {
		key := event.Checksum(string(o.files[i]))
		if seen[key] || p.hasKey(kept, e, key) {
			continue
		}
		seen[key] = true
		es, files = append(es, e), append(files, o.files[i])
	}
	if len(se.Added)+len(es) > season.MaxFileNights {
		return false, 0, core.Fail(errSeasonOpen, nil, "The season would have more than %d nights added from files: nothing was changed. Remove some first.", season.MaxFileNights)
	}
	if !whole {
		se.Setup.Joins = p.joinsFor(kept, se.Setup, o.setup.Joins, es)
	}
	out, err := p.store.AddSeasonNights(se, es, files, p.now().UnixMilli())
	if err != nil {
		return false, 0, seasonNotKept(err)
	}
	p.kept = out
	p.changes++
	if whole && len(es) == len(o.nights) { // the season is the file's, as it was added up: not added up again
		for i, e := range es {
			p.read[out.Added[len(out.Added)-len(es)+i].Key] = e
		}
		p.keep(o.table, kept)
	}
	return whole, len(es), nil
}

// joinsFor is setup's joins with those of theirs for the nights es (added from a season's
// file), up to season.MaxJoins; setup's alone where the season would refuse them (ErrJoin:
// two who met at a night made one).
func (p *seasonPart) joinsFor(kept []store.Night, setup season.Setup, theirs []season.Join, es []*event.Event) []season.Join {
	mine := setup.Joins
	out := slices.Clone(mine)
	for _, j := range theirs {
		if len(out) < season.MaxJoins && slices.ContainsFunc(es, func(e *event.Event) bool { return e.Key() == j.Night }) {
			out = append(out, j)
		}
	}
	if len(out) == len(mine) {
		return mine
	}
	p.finish(kept) // the nights of the season read, to check the joins against
	setup.Joins = out
	if _, err := season.Build(setup, append(p.counted(kept), es...)); err != nil {
		return mine
	}
	return out
}
