package anima

import "gnosis/engine/text"

// Edition selects where the rulebooks disagree: Core (the Spanish/English rulebook, the
// default) or Alpha (the Italian Alpha 1.0 revision).
type Edition string

// In is the edition in lang ("Básica").
func (e Edition) In(lang string) string { return text.Word(lang, "edition", string(e)) }

// The editions.
const (
	Core  Edition = "core"
	Alpha Edition = "alpha"
)

// Valid reports whether e is a known edition ("" is not; use Core).
func (e Edition) Valid() bool { return e == Core || e == Alpha }

// GnosisPoints is the number of Gnosis points a side gets each turn, renewed each Recovery
// phase (AdvancePhase). core: one per full 100 encounter levels; alpha: the encounter table's
// column as printed (R-PARTY-2: 4 from 450 to 599 levels, 6 from 600 on). R-GNO-1 (home).
func GnosisPoints(e Edition, encounterLevel int) int {
	if encounterLevel < 0 {
		return 0
	}
	if e == Alpha {
		return TierFor(encounterLevel).Gnosis
	}
	return encounterLevel / 100
}
