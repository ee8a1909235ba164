package ui

import "gnosis/engine/anima"

// sideHex is each side colour's (anima.SideColours) one value, readable in both themes: at
// least 3:1 against the page, the cards and the toast, light and dark (WCAG 1.4.11 for a part of the
// screen that tells a side: TestSideColoursContrast reads the themes in web/gnosis.css).
var sideHex = map[string]string{
	"blue": "#2f7fd8", "red": "#e0473c", "green": "#2c964c", "amber": "#b8730d", "violet": "#9a5fe0", "teal": "#14948c",
}

// defaultColour is a side's colour when its game names none (a game started before colours).
var defaultColour = [2]string{"blue", "red"}

// sideColour is the value of side's colour in s.
func sideColour(s anima.State, side int) string {
	name := s.Sides[side].Colour
	if _, ok := sideHex[name]; !ok {
		name = defaultColour[side]
	}
	return sideHex[name]
}
