package session

import (
	"gnosis/app/store"
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
)

func (r SaveSettings) apply(s *Session) (Outcome, error) {
	s.settings.prefs = r.Settings
	s.applySettings()
	return Outcome{}, s.store.SaveSettings(s.settings.prefs)
}

func (r SaveLayout) apply(s *Session) (Outcome, error) {
	s.play.layout = r.Layout
	if s.play.layout.Positions == nil {
		s.play.layout.Positions = map[string][2]float64{}
	}
	if !r.Save {
		return Outcome{}, nil
	}
	return Outcome{}, s.store.SaveTable(s.play.layout)
}

// load reads the player's choices; note reports what could not be read.
func (p *settingsPart) load(st *store.Store, note func(error)) {
	set, err := st.Settings()
	note(err)
	p.prefs = set
}

// Lang is the player's language: "en", "es" or "it".
func (v Settings) Lang() string { return v.s.settings.lang }

// T is an English text of the interface in the player's language.
func (v Settings) T(key string) string { return text.T(v.s.settings.lang, key) }

// N is the count n in the player's language, with the catalogue's keys one and other.
func (v Settings) N(n int, one, other string) string {
	return text.N(n, one, other).In(v.s.settings.lang)
}

// Get is the player's choices: a copy (SaveSettings changes them).
func (v Settings) Get() store.Prefs {
	p := v.s.settings.prefs
	if p.Opponent != nil {
		o := deepCopy(*p.Opponent)
		p.Opponent = &o
	}
	return p
}

// Keepless reports whether the browser keeps nothing: the app runs in memory.
func (v Settings) Keepless() bool { return v.s.settings.keepless }

// Where is where the records are kept (store.Opened.Where).
func (v Settings) Where() string { return v.s.settings.where }

// Persist is whether the browser keeps the data: "", "granted", "not granted", "unsupported".
func (v Settings) Persist() string { return v.s.settings.persist }

// UpdateReady reports whether a new version is installed, to offer a reload.
func (v Settings) UpdateReady() bool { return v.s.settings.update }

// ErrText is an error in the player's language: a rule the engine refused with
// (core.RuleError.In), a link longer than a link holds (fragment.ErrTooLong), else the
// error's own text.
func (v Settings) ErrText(err error) string { return v.s.errTextIn(err, v.s.settings.lang) }
