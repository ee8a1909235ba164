package ui

import (
	"fmt"
	"strings"
	"testing"

	"rsc.io/qr"
)

func TestQRSVG(t *testing.T) {
	link := "http://127.0.0.1:8000/#p=AQ4eAQZZAQElZQEBQW5QVGoBDQhWYW5ndWFyZLof"
	svg, err := qrSVG(link, `QR code: "Church" & <Samael>`)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := qr.Encode(link, qr.M)
	// The path's rectangles, one a run of dark modules along a row, are the code's dark modules.
	d := svg[strings.Index(svg, `<path d="`)+len(`<path d="`):]
	d = d[:strings.IndexByte(d, '"')]
	drawn := map[[2]int]bool{}
	for _, r := range strings.Split(strings.TrimSuffix(d, "z"), "z") {
		var x, y, w, back int
		if n, err := fmt.Sscanf(r, "M%d %dh%dv1h-%d", &x, &y, &w, &back); n != 4 || err != nil || w != back || w < 1 {
			t.Fatalf("a rectangle %q: %v", r, err)
		}
		for i := range w {
			drawn[[2]int{x + i - 4, y - 4}] = true
		}
	}
	dark := 0
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; x++ {
			if code.Black(x, y) {
				dark++
			}
			if code.Black(x, y) != drawn[[2]int{x, y}] {
				t.Fatalf("module %d,%d: dark %v, drawn %v", x, y, code.Black(x, y), drawn[[2]int{x, y}])
			}
		}
	}
	if dark == 0 || len(drawn) != dark {
		t.Errorf("%d modules drawn, %d dark", len(drawn), dark)
	}
	if !strings.Contains(svg, `aria-label="QR code: &#34;Church&#34; &amp; &lt;Samael&gt;"`) {
		t.Errorf("the label is not escaped: %.300s", svg)
	}
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `viewBox="0 0 `) {
		t.Errorf("%.80s", svg)
	}
}
