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
func qrSVG(text, label string) (string, error) { return qrSVGSized(text, label, 0) }

// qrSVGSized is qrSVG drawn at a whole number of CSS pixels a module, as wide as fits in
// maxPx (0: as wide as its box, as qrSVG): every module as wide as the others, which a camera
// reads more surely than modules of 5 and 6 pixels side by side.
func qrSVGSized(text, label string, maxPx int) (string, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", err
	}
	n := code.Size + 8
	size := ""
	if maxPx > 0 {
		px := n * max(1, maxPx/n)
		size = fmt.Sprintf(` width="%d" height="%d" class="exact"`, px, px)
	}
	var path strings.Builder
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; x++ {
			if code.Black(x, y) {
				fmt.Fprintf(&path, "M%d %dh1v1h-1z", x+4, y+4)
			}
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d"%s shape-rendering="crispEdges" role="img" aria-label="%s"><rect width="%d" height="%d" fill="#fff"/><path d="%s" fill="#000"/></svg>`,
		n, n, size, html.EscapeString(label), n, n, path.String()), nil
}
