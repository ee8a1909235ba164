package event

import (
	"math"
	"slices"
	"strconv"

	"gnosis/engine/core"
	"gnosis/engine/fragment"
)

// StandingsKey is the fragment key of the standings' link: base#standings=<payload>.
const StandingsKey = "standings="

// StandingsView is the standings as a link carries them to anyone's phone, with no server: the
// event's name and day, the rounds counted of its rounds, its tiebreakers in order, and each
// player's line, best first.
type StandingsView struct {
	Event       string       `json:"e"`
	Date        string       `json:"d"`
	Round       int          `json:"r"`
	Of          int          `json:"n"`
	Tiebreakers []Tiebreaker `json:"b"`
	Rows        []Row        `json:"s"`
}

// Row is a player's line of shared standings: their name, tournament points, games won, drawn
// and lost, margin of levels, scenario points, strength of schedule (in hundredths), and
// whether they dropped.
type Row struct {
	Name     string `json:"p"`
	Points   int    `json:"t"`
	Won      int    `json:"w"`
	Drawn    int    `json:"x"`
	Lost     int    `json:"l"`
	Margin   int    `json:"m"`
	Scenario int    `json:"c"`
	Schedule int    `json:"o"` // hundredths of a point
	Dropped  bool   `json:"q,omitempty"`
}

// ScheduleText is the row's strength of schedule as the standings write it ("4.50").
func (r Row) ScheduleText() string { return strconv.FormatFloat(float64(r.Schedule)/100, 'f', 2, 64) }

// Shared is the event's standings as a link carries them.
func (e *Event) Shared() StandingsView {
	v := StandingsView{Event: e.Name, Date: e.Date, Round: e.Round(), Of: e.Rounds, Tiebreakers: e.Tiebreakers}
	for _, s := range e.Standings() {
		v.Rows = append(v.Rows, Row{Name: s.Name, Points: s.Points, Won: s.Won, Drawn: s.Drawn, Lost: s.Lost, Margin: s.Margin(),
			Scenario: s.Scenario, Schedule: int(math.Round(s.Schedule() * 100)), Dropped: s.Dropped})
	}
	return v
}

// Link is the standings' link under base (the app's address), within the bound of a link
// read (fragment.MaxLink): where the players' names are too long in bytes for it (256 players
// named in a script of four bytes a character), they are cut until it fits, never a row left out.
func (v StandingsView) Link(base string) string {
	payload := Seal(v)
	for n := MaxName; len(payload) > fragment.MaxLink && n > 1; {
		n = n * 3 / 4
		cut := v
		cut.Event = clean(v.Event, n)
		cut.Rows = slices.Clone(v.Rows)
		for i := range cut.Rows {
			cut.Rows[i].Name = clean(v.Rows[i].Name, n)
		}
		payload = Seal(cut)
	}
	return fragment.Link(base, StandingsKey, payload)
}

// ReadStandings reads a standings' link (or its fragment, or its payload): bounded (fragment's
// MaxLink), its checksum checked, every name cleaned and cut (MaxName), at most MaxPlayers
// rows, every number within the event's bounds. ErrStandingsLink says what is wrong.
func ReadStandings(link string) (StandingsView, error) {
	var v StandingsView
	payload := fragment.Payload(link, StandingsKey)
	if payload == "" {
		return v, core.Fail(ErrStandingsLink, nil, "not a club night's standings: open the link the organiser shared")
	}
	if err := Unseal(payload, &v); err != nil {
		return StandingsView{}, core.Fail(ErrStandingsLink, err, "the standings' link is damaged: ask for it again")
	}
	if v.Round < 0 || v.Of < v.Round || v.Of > MaxRounds || len(v.Rows) > MaxPlayers || len(v.Tiebreakers) > len(Tiebreakers) {
		return StandingsView{}, core.Fail(ErrStandingsLink, nil, "the standings' link holds standings out of bounds")
	}
	for _, t := range v.Tiebreakers {
		if !slices.Contains(Tiebreakers, t) {
			return StandingsView{}, core.Fail(ErrStandingsLink, nil, "the standings' link holds standings out of bounds")
		}
	}
	v.Event, v.Date = clean(v.Event, MaxName), clean(v.Date, MaxName)
	for i := range v.Rows {
		r := &v.Rows[i]
		r.Name = clean(r.Name, MaxName)
		for _, n := range []int{r.Points, r.Won, r.Drawn, r.Lost, r.Scenario, r.Schedule} {
			if n < 0 || n > MaxPoints*MaxRounds*MaxLevels {
				return StandingsView{}, core.Fail(ErrStandingsLink, nil, "the standings' link holds standings out of bounds")
			}
		}
		if r.Margin < -MaxLevels*MaxRounds || r.Margin > MaxLevels*MaxRounds {
			return StandingsView{}, core.Fail(ErrStandingsLink, nil, "the standings' link holds standings out of bounds")
		}
	}
	return v, nil
}
