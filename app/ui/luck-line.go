package ui

import (
	"strconv"

	"gnosis/engine/event"
)

// luckLine is one player's luck as a row of a night's or a season's luck: the LP their attacks
// took against what the odds expected, the difference signed, and over how many games
// ("Ann: 12 LP taken, 10.5 expected (+1.5) · 3 games").
func luckLine(c page, l event.PlayerLuck) string {
	return c.f("%s: %d LP taken, %s expected (%s)", l.Name, l.LP, strconv.FormatFloat(l.ExpectedLP, 'f', 1, 64), signed(l.Ahead())) +
		" · " + c.n(l.Games, "%d game", "%d games")
}
