package ui

import (
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
	if !strings.Contains(svg, `aria-label="QR code: &#34;Church&#34; &amp; &lt;Samael&gt;"`) {
		t.Errorf("the label is not escaped: %.300s", svg)
	}
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `viewBox="0 0 `) {
		t.Errorf("%.80s", svg)
	}
}
