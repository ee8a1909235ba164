package season

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"

	"gnosis/engine/event"
)

// Page is a season player's page: each game they played, from their side, each party they
// took with its record, and their luck over the games whose files came in (LuckGames of them:
// the sum of their side's figures, attacks, hits and LP against the expected).
type Page struct {
	Games     []PlayerGame
	Parties   []PartyRecord
	Luck      event.Luck
	LuckGames int
}

// PlayerGame is a game of a player's page: the game, the player's side in it, their opponent
// (an index in Table.Players) and its night.
type PlayerGame struct {
	Game     Game
	Side     int
	Opponent int
	Night    Night
}

// PartyRecord is a party a player took over the season ("": no list locked) and its games won,
// drawn and lost.
type PartyRecord struct {
	Party            string
	Won, Drawn, Lost int
}

// What a game was for a side (Game.For).
const (
	Won   = "won"
	Drawn = "drawn"
	Lost  = "lost"
)

// For is what game g was for its side i: Won, Drawn or Lost.
func (g Game) For(i int) string {
	switch {
	case g.Outcome == event.Drawn:
		return Drawn
	case (g.Outcome == event.FirstWins) == (i == 0):
		return Won
	}
	return Lost
}

// PageOf is player i's page (an index in Players): their games in the season's order, and
// each party's record in the order first taken.
func (t *Table) PageOf(i int) Page {
	var d Page
	parties := map[string]int{} // index in d.Parties
	for _, gi := range t.GamesOf(i) {
		g := t.Games[gi]
		for side := range 2 {
			if g.Players[side] != i {
				continue
			}
			d.Games = append(d.Games, PlayerGame{Game: g, Side: side, Opponent: g.Players[1-side], Night: t.Nights[g.Night]})
			if g.Luck != nil {
				d.Luck.Add(g.Luck[side])
				d.LuckGames++
			}
			name := g.Parties[side]
			at, ok := parties[name]
			if !ok {
				at = len(d.Parties)
				parties[name] = at
				d.Parties = append(d.Parties, PartyRecord{Party: name})
			}
			switch p := &d.Parties[at]; g.For(side) {
			case Won:
				p.Won++
			case Lost:
				p.Lost++
			default:
				p.Drawn++
			}
		}
	}
	return d
}

// CSVHeader are the season's standings' columns as CSV writes them, in order.
var CSVHeader = []string{"place", "player", "points", "nights", "won", "drawn", "lost", "byes", "margin", "strength of schedule", "rating", "deviation"}

// CSVHeaded is the season's standings as a spreadsheet reads them, under header (CSVHeader's
// columns, in the player's language): a row a player, the first first; a name is never read as
// a formula.
func (t *Table) CSVHeaded(header []string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(header)
	for _, s := range t.Standings {
		name := s.Name
		if name != "" && strings.ContainsRune("=+-@\t\r", rune(name[0])) {
			name = "'" + name
		}
		w.Write([]string{strconv.Itoa(s.Place), name, strconv.Itoa(s.Points), strconv.Itoa(s.Nights), strconv.Itoa(s.Won),
			strconv.Itoa(s.Drawn), strconv.Itoa(s.Lost), strconv.Itoa(s.Byes), strconv.Itoa(s.Margin()),
			strconv.FormatFloat(s.Schedule(), 'f', 2, 64), strconv.FormatFloat(s.Rating.R, 'f', 0, 64), strconv.FormatFloat(s.Rating.RD, 'f', 0, 64)})
	}
	w.Flush()
	return b.Bytes()
}
