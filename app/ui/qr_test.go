package ui

import (
	"strings"
	"testing"

	"rsc.io/qr"
)

func TestQRSVG(t *testing.T) {
	link := "http://127.0.0.1:8000/#p=AQ4eAQZZAQElZQEBQW5QVGoBDQhWYW5ndWFyZLof"
	svg, err := qrSVG(link)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := qr.Encode(link, qr.M)
	dark := 0
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; x++ {
			if code.Black(x, y) {
				dark++
			}
		}
	}
	if got := strings.Count(svg, "h1v1h-1z"); got != dark || dark == 0 {
		t.Errorf("%d modules drawn, %d dark", got, dark)
	}
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `viewBox="0 0 `) {
		t.Errorf("%.80s", svg)
	}
}
