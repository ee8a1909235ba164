package ui

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"

	"gnosis/engine/anima"
)

// TestSideColoursContrast: every side colour the engine names has a value, and each is at
// least 3:1 against the page, the cards and the toast (the text colour), in the light theme and the dark (web/gnosis.css),
// as a part of the screen that tells a side must be (WCAG 1.4.11).
func TestSideColoursContrast(t *testing.T) {
	css, err := os.ReadFile("../../web/gnosis.css")
	if err != nil {
		t.Fatal(err)
	}
	var backs []string
	for _, m := range regexp.MustCompile(`--(bg|panel|text): (#[0-9a-f]{6});`).FindAllStringSubmatch(string(css), -1) {
		backs = append(backs, m[2])
	}
	if len(backs) != 6 { // each theme's page, cards and text (the toast's background)
		t.Fatalf("the themes' backgrounds: %v", backs)
	}
	for _, name := range anima.SideColours {
		hex, ok := sideHex[name]
		if !ok {
			t.Errorf("%s has no value", name)
			continue
		}
		for _, b := range backs {
			if r := contrast(hex, b); r < 3 {
				t.Errorf("%s (%s) on %s: %.2f:1, want 3:1 or more", name, hex, b, r)
			}
		}
	}
}

// contrast is WCAG's contrast ratio of two colours #rrggbb.
func contrast(a, b string) float64 {
	lum := func(h string) float64 {
		ch := func(i int) float64 {
			v, _ := strconv.ParseUint(h[i:i+2], 16, 8)
			c := float64(v) / 255
			if c <= 0.03928 {
				return c / 12.92
			}
			return math.Pow((c+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(1) + 0.7152*ch(3) + 0.0722*ch(5)
	}
	la, lb := lum(a), lum(b)
	return (math.Max(la, lb) + 0.05) / (math.Min(la, lb) + 0.05)
}
