package session

import (
	"slices"
	"time"

	"gnosis/app/store"
	"gnosis/engine/party"
	"gnosis/engine/tabletop"
	"gnosis/engine/text"
)

// The requests of the player's settings and of the sketch of the table.
type (
	// SaveSettings keeps the player's choices.
	SaveSettings struct{ Settings store.Prefs }
	// SaveLayout keeps the sketch of the table; Save false while a finger drags (kept in
	// memory: the view saves when it lifts).
	SaveLayout struct {
		Layout tabletop.Layout
		Save   bool
	}
	// Persistence is whether the browser keeps the data: "granted", "not granted", "unsupported".
	Persistence struct{ State string }
	// UpdateReady is the word that a new version is installed (Ready), to offer a reload.
	UpdateReady struct{ Ready bool }
)

func (r SaveSettings) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.settings.put(r.Settings)
}

func (r SaveLayout) apply(s *Session) (Outcome, error) {
	return Outcome{}, s.play.putLayout(r.Layout, r.Save)
}

func (r Persistence) apply(s *Session) (Outcome, error) {
	s.settings.persisting(r.State)
	return Outcome{}, nil
}

func (r UpdateReady) apply(s *Session) (Outcome, error) {
	s.settings.updateReady(r.Ready)
	return Outcome{}, nil
}

// put keeps prefs as the player's settings, in their language, and saves them (the error:
// not saved); the player card stays the one kept (MakePlayerCard's alone), and so do the
// rounds joined (JoinEvent's, and a restore's).
func (p *settingsPart) put(prefs store.Prefs) error {
	prefs.Card = p.prefs.Card // the player card is MakePlayerCard's alone
	prefs.Event, prefs.Played = p.prefs.Event, p.prefs.Played
	p.prefs = prefs
	p.setLanguage()
	return p.store.SaveSettings(p.prefs)
}

// persisting keeps whether the browser keeps the data: "granted", "not granted",
// "unsupported".
func (p *settingsPart) persisting(state string) { p.persist = state }

// updateReady keeps whether a new version is installed, for a reload to be offered.
func (p *settingsPart) updateReady(ready bool) { p.update = ready }

// load reads the player's choices; note reports what could not be read.
func (p *settingsPart) load(st *store.Store, note func(error)) {
	set, err := st.Settings()
	note(err)
	p.prefs = set
	p.joins++
}

// setLanguage sets the language: the player's choice, else the browser's.
func (p *settingsPart) setLanguage() {
	p.lang = p.prefs.Language
	if p.lang == "" {
		p.lang = text.Lang(p.browser.Language())
	}
	p.browser.SetLanguage(p.lang)
}

// chooseOpponent keeps o as the next game's opponent in the settings on the device, so that
// a reload keeps the choice.
func (p *settingsPart) chooseOpponent(o *party.PartyFile) {
	if p.prefs.Opponent == nil && o == nil {
		return
	}
	p.prefs.Opponent = o
	p.warnLater(p.store.SaveSettings(p.prefs))
}

// joinEvent keeps j as the club night this phone's player plays (the shelf marks the games
// kept on its day), in the settings on the device.
// A join the device does not keep is not made (its error).
// The round played before goes with the rounds played (store.Joining).
func (p *settingsPart) joinEvent(j *store.Joined) error {
	before, played := p.prefs.Event, p.prefs.Played
	p.prefs.Event, p.prefs.Played = j, store.Joining(played, before, *j)
	if err := p.store.SaveSettings(p.prefs); err != nil {
		p.prefs.Event, p.prefs.Played = before, played
		return err
	}
	p.joins++
	return nil
}

// addPlayed adds a backup's rounds played (and its round played then) that this phone lacks
// (store.MergePlayed), none overwritten, and says how many; nothing where the device does not
// keep them (its error).
func (p *settingsPart) addPlayed(bk store.Prefs) (int, error) {
	in := bk.Played
	if bk.Event != nil {
		in = append(slices.Clone(in), *bk.Event)
	}
	played, added := store.MergePlayed(p.prefs.Played, p.prefs.Event, in)
	if added == 0 {
		return 0, nil
	}
	before := p.prefs.Played
	p.prefs.Played = played
	if err := p.store.SaveSettings(p.prefs); err != nil {
		p.prefs.Played = before
		return 0, err
	}
	p.joins++
	return added, nil
}

// rounds are the rounds of club nights this phone's player joined, oldest first: those played
// before, and the one played now (the part's own, to read only).
func (p *settingsPart) rounds() []store.Joined {
	if p.prefs.Event == nil {
		return p.prefs.Played
	}
	return append(slices.Clone(p.prefs.Played), *p.prefs.Event)
}

// joinedFor is how long after joining a club night a game kept is still its game: a night
// that goes on past midnight keeps its games.
const joinedFor = 16 * time.Hour

// joined is the club night the player plays now: joined on the event's day, or within
// joinedFor of now; else nil.
func (p *settingsPart) joined(now time.Time) *store.Joined {
	j := p.prefs.Event
	switch {
	case j == nil:
		return nil
	case j.Date == now.Format(time.DateOnly), j.At > 0 && now.Sub(time.UnixMilli(j.At)) < joinedFor && !now.Before(time.UnixMilli(j.At)):
		return j
	}
	return nil
}

// Lang is the player's language: "en", "es" or "it".
func (v Settings) Lang() string { return v.p.lang }

// T is an English text of the interface in the player's language.
func (v Settings) T(key string) string { return text.T(v.p.lang, key) }

// N is the count n in the player's language, with the catalogue's keys one and other.
func (v Settings) N(n int, one, other string) string {
	return text.N(n, one, other).In(v.p.lang)
}

// Get is the player's choices: a copy (SaveSettings changes them).
func (v Settings) Get() store.Prefs {
	p := v.p.prefs
	if p.Opponent != nil {
		o := deepCopy(*p.Opponent)
		p.Opponent = &o
	}
	return p
}

// Keepless reports whether the browser keeps nothing: the app runs in memory.
func (v Settings) Keepless() bool { return v.p.keepless }

// Where is where the records are kept (store.Opened.Where).
func (v Settings) Where() string { return v.p.where }

// Persist is whether the browser keeps the data: "", "granted", "not granted", "unsupported".
func (v Settings) Persist() string { return v.p.persist }

// UpdateReady reports whether a new version is installed, to offer a reload.
func (v Settings) UpdateReady() bool { return v.p.update }

// ErrText is an error in the player's language: a rule the engine refused with
// (core.RuleError.In), a link longer than a link holds (fragment.ErrTooLong), else the
// error's own text.
func (v Settings) ErrText(err error) string { return errText(err, v.p.lang) }
