package main

import (
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"testing"

	"rsc.io/qr"

	"gnosis/app/pair"
)

// frame draws text's QR code as a camera might see it: scale pixels a module, at (x0, y0) in a
// w×h grey frame, with noise of ±noise on every pixel.
func frame(t *testing.T, text string, w, h, x0, y0, scale, noise int, r *rand.Rand) []byte {
	t.Helper()
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 200
			mx, my := (x-x0)/scale-4, (y-y0)/scale-4
			if x >= x0 && y >= y0 && mx < code.Size+4 && my < code.Size+4 {
				v = 245
				if mx >= 0 && my >= 0 && mx < code.Size && my < code.Size && code.Black(mx, my) {
					v = 30
				}
			}
			v += r.IntN(2*noise+1) - noise
			g := uint8(min(max(v, 0), 255))
			img.Set(x, y, color.RGBA{g, g, g, 255})
		}
	}
	return img.Pix
}

// TestDecodeAPairingCode: a pairing code of version 7 (an offer with two mDNS candidates) in a
// noisy 640×480 frame, off centre, is read back.
func TestDecodeAPairingCode(t *testing.T) {
	p := pair.Packet{Ufrag: "wP45", Pwd: "BXa63iyrshm61VXh0MxNNoeX", Candidates: []pair.Candidate{
		{Addr: "34f16005-16d9-4dab-aee8-042a2f546cde.local", Port: 46267}, {Addr: "a3e34c9f-7b78-474d-8067-f497763b6bd7.local", Port: 60382}}}
	text := p.String()
	r := rand.New(rand.NewPCG(1, 2))
	got, err := Decode(frame(t, text, 640, 480, 150, 60, 6, 25, r), 640, 480)
	if err != nil || got != text {
		t.Fatalf("read %q, %v; want %q", got, err, text)
	}
	if _, err := Decode(frame(t, "", 64, 48, 1000, 1000, 1, 25, r), 64, 48); err == nil {
		t.Error("a frame without a code read as one")
	}
}

func BenchmarkDecode(b *testing.B) {
	t := &testing.T{}
	r := rand.New(rand.NewPCG(1, 2))
	px := frame(t, pair.Packet{Ufrag: "wP45", Pwd: "BXa63iyrshm61VXh0MxNNoeX", Candidates: []pair.Candidate{{Addr: "192.0.2.2", Port: 1}}}.String(), 640, 480, 150, 60, 6, 25, r)
	for b.Loop() {
		if _, err := Decode(px, 640, 480); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodeASharpFrame: frames as the e2e tests' fake camera played them (screenshots of
// pairing codes scaled by whole pixels: modules of uneven widths, no blur), which gozxing
// misreads at their size, are read at another.
func TestDecodeASharpFrame(t *testing.T) {
	for _, name := range []string{"sharp-frame.png", "sharp-frame-2.png", "sharp-frame-3.png", "sharp-frame-4.png"} {
		f, err := os.Open("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		rgba := image.NewRGBA(b)
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				rgba.Set(x, y, color.RGBAModel.Convert(img.At(x, y)))
			}
		}
		text, err := Decode(rgba.Pix, b.Dx(), b.Dy())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := pair.Parse(text); err != nil {
			t.Fatalf("%s: %q is not a pairing code: %v", name, text, err)
		}
	}
}
