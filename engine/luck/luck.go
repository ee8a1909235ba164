// Package luck is a side's luck as counts against the exact odds: what a battle report
// measures in a game's log (engine/report), what a club night adds up player by player
// (engine/event) and a season game by game. It knows no game: the counts are the same for
// an Anima Tactics side's attacks and a Diskwars side's shots.
package luck

// Figures are a side's counts, in one game (report.Side) or over a season's and a club night's games:
// its attacks and those left unmeasured (Left), hits and the LP its attacks took (a Diskwars
// side's shots and damage) against the expected, its checks and those left unmeasured, those
// passed against the expected.
type Figures struct {
	Attacks        int     `json:"attacks"`
	Left           int     `json:"left"`
	Hits           int     `json:"hits"`
	ExpectedHits   float64 `json:"expected_hits"`
	LP             int     `json:"lp"`
	ExpectedLP     float64 `json:"expected_lp"`
	Checks         int     `json:"checks"`
	ChecksLeft     int     `json:"checks_left"`
	Passed         int     `json:"passed"`
	ExpectedPassed float64 `json:"expected_passed"`
}

// Add adds o's counts to f's (a season's, or a player's over a club night's games).
func (f *Figures) Add(o Figures) {
	f.Attacks += o.Attacks
	f.Left += o.Left
	f.Hits += o.Hits
	f.ExpectedHits += o.ExpectedHits
	f.LP += o.LP
	f.ExpectedLP += o.ExpectedLP
	f.Checks += o.Checks
	f.ChecksLeft += o.ChecksLeft
	f.Passed += o.Passed
	f.ExpectedPassed += o.ExpectedPassed
}
