package season

import (
	"errors"
	"math"
	"slices"

	"gnosis/engine/core"
	"gnosis/engine/event"
	"gnosis/engine/fragment"
)

// View is a season's standings as a link carries them (#season=…), for a phone that has none of
// its nights: the season's name, its nights, how many of a player's count (Best; 0: all), and a
// row a player, the first first.
type View struct {
	Name   string    `json:"e"`
	Nights int       `json:"k"`
	Best   int       `json:"b,omitempty"`
	Rows   []ViewRow `json:"s"`
}

// ViewRow is a player's line of a season's standings as a link carries them: their name,
// points, nights, games won, drawn and lost, margin, and their rating and its deviation rounded
// to whole numbers.
type ViewRow struct {
	Name   string `json:"p"`
	Points int    `json:"t"`
	Nights int    `json:"k"`
	Won    int    `json:"w"`
	Drawn  int    `json:"x"`
	Lost   int    `json:"l"`
	Margin int    `json:"m"`
	Rating int    `json:"r"`
	RD     int    `json:"d"`
}

// LinkKey begins a season's standings' link's fragment.
const LinkKey = "season="

// MaxViewRows bounds the rows a season's link holds: a club's season, not a region's.
const MaxViewRows = 1000

// ErrLink is a season's standings' link refused.
var ErrLink = errors.New("not a season's standings")

// View is the season's standings as a link carries them.
func (t *Table) View() View {
	v := View{Name: t.Setup.Name, Nights: len(t.Nights), Best: t.Setup.Best}
	for _, s := range t.Standings {
		v.Rows = append(v.Rows, ViewRow{Name: s.Name, Points: s.Points, Nights: s.Nights, Won: s.Won, Drawn: s.Drawn, Lost: s.Lost,
			Margin: s.Margin(), Rating: int(math.Round(s.Rating.R)), RD: int(math.Round(s.Rating.RD))})
	}
	return v
}

// Link is the standings' link under base (the app's address), within the bound of a link read
// (fragment.MaxLink): names too long in bytes for it are cut until it fits, then the last rows
// are left out (the first MaxViewRows at most).
func (v View) Link(base string) string {
	v.Rows = v.Rows[:min(len(v.Rows), MaxViewRows)]
	payload := event.Seal(v)
	for n, cut := event.MaxName, v; len(payload) > fragment.MaxLink; payload = event.Seal(cut) {
		if n <= 1 { // every name a letter: the last rows go
			cut.Rows = cut.Rows[:len(cut.Rows)*9/10]
			continue
		}
		n = n * 3 / 4
		cut.Name = cleanTo(v.Name, n)
		cut.Rows = slices.Clone(v.Rows)
		for i := range cut.Rows {
			cut.Rows[i].Name = cleanTo(v.Rows[i].Name, n)
		}
	}
	return fragment.Link(base, LinkKey, payload)
}

// ReadLink reads a season's standings' link (or its fragment, or its payload): bounded
// (fragment.MaxLink), its checksum checked, every name cleaned and cut (event.MaxName), at most
// MaxViewRows rows, every number within a season's bounds; else ErrLink, with what to do.
func ReadLink(link string) (View, error) {
	var v View
	payload := fragment.Payload(link, LinkKey)
	if payload == "" {
		return v, core.Fail(ErrLink, nil, "not a season's standings: open the link the organiser shared")
	}
	if err := event.Unseal(payload, &v); err != nil {
		return View{}, core.Fail(ErrLink, err, "the season's link is damaged: ask for it again")
	}
	if v.Nights < 0 || v.Nights > MaxNights || v.Best < 0 || v.Best > MaxBest || len(v.Rows) > MaxViewRows {
		return View{}, core.Fail(ErrLink, nil, "the season's link holds standings out of bounds")
	}
	v.Name = cleanName(v.Name)
	for i := range v.Rows {
		r := &v.Rows[i]
		r.Name = cleanName(r.Name)
		if !inBounds(*r, v.Nights) {
			return View{}, core.Fail(ErrLink, nil, "the season's link holds standings out of bounds")
		}
	}
	return v, nil
}

// inBounds reports whether a row's numbers are a season's of nights nights.
func inBounds(r ViewRow, nights int) bool {
	most := (nights + 1) * event.MaxPoints * event.MaxRounds
	for _, n := range []int{r.Points, r.Won, r.Drawn, r.Lost, r.Rating, r.RD} {
		if n < 0 || n > max(most, 100000) {
			return false
		}
	}
	return r.Nights >= 0 && r.Nights <= nights && abs(r.Margin) <= (nights+1)*event.MaxLevels*event.MaxRounds
}

func abs(n int) int { return max(n, -n) }

// cleanTo is a name cleaned and cut to n characters.
func cleanTo(s string, n int) string {
	r := []rune(cleanName(s))
	if len(r) > n {
		return string(r[:n])
	}
	return string(r)
}
