package session

import "gnosis/app/store"

// The requests of the player's settings and of the sketch of the table.
type (
	// SaveSettings keeps the player's choices.
	SaveSettings struct{ Settings store.Prefs }
	// SaveLayout keeps the sketch of the table; Save false while a finger drags (kept in
	// memory: the view saves when it lifts).
	SaveLayout struct {
		Layout store.TableLayout
		Save   bool
	}
)

func (r SaveSettings) apply(s *Session) (Outcome, error) {
	s.prefs = r.Settings
	s.applySettings()
	return Outcome{}, s.store.SaveSettings(s.prefs)
}

func (r SaveLayout) apply(s *Session) (Outcome, error) {
	s.layout = r.Layout
	if s.layout.Positions == nil {
		s.layout.Positions = map[string][2]float64{}
	}
	if !r.Save {
		return Outcome{}, nil
	}
	return Outcome{}, s.store.SaveTable(s.layout)
}

// LayoutCopy is the sketch of the table, its own copy to change and send (SaveLayout).
func (v Play) LayoutCopy() store.TableLayout { return v.s.layout.Clone() }
