package ui

import (
	"fmt"
	"html"
	"strconv"

	"rsc.io/qr"
)

// qrSVG draws text as a QR code (error correction level M) in SVG, one path for all the
// dark modules (a rectangle for each run of them along a row), with the standard four-module
// quiet zone; label is its accessible name, in the player's language.
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
	// A version 40 code has 31,329 modules: written with fmt, one at a time, the path took
	// several times the encoding's time in the page, and was twice as long for the browser.
	path := make([]byte, 0, code.Size*code.Size*4)
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; {
			if !code.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < code.Size && code.Black(x+run, y) {
				run++
			}
			path = append(path, 'M')
			path = strconv.AppendInt(path, int64(x+4), 10)
			path = append(path, ' ')
			path = strconv.AppendInt(path, int64(y+4), 10)
			path = append(path, 'h')
			path = strconv.AppendInt(path, int64(run), 10)
			path = append(path, "v1h-"...)
			path = strconv.AppendInt(path, int64(run), 10)
			path = append(path, 'z')
			x += run
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d"%s shape-rendering="crispEdges" role="img" aria-label="%s"><rect width="%d" height="%d" fill="#fff"/><path d="%s" fill="#000"/></svg>`,
		n, n, size, html.EscapeString(label), n, n, path), nil
}
