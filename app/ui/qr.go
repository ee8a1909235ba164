package ui

import (
	"fmt"
	"html"
	"strings"

	"rsc.io/qr"
)

// qrSVG draws text as a QR code (error correction level M) in SVG, one path for all the
// dark modules, with the standard four-module quiet zone; label is its accessible name, in
// the player's language.
func qrSVG(text, label string) (string, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", err
	}
	n := code.Size + 8
	var path strings.Builder
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; x++ {
			if code.Black(x, y) {
				fmt.Fprintf(&path, "M%d %dh1v1h-1z", x+4, y+4)
			}
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="%s"><rect width="%d" height="%d" fill="#fff"/><path d="%s" fill="#000"/></svg>`,
		n, n, html.EscapeString(label), n, n, path.String()), nil
}
