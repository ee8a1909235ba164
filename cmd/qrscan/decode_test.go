package main

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
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
	got, err := Decode(frame(t, text, 640, 480, 150, 60, 6, 25, r), 640, 480, 0)
	if err != nil || got != text {
		t.Fatalf("read %q, %v; want %q", got, err, text)
	}
	if _, err := Decode(frame(t, "", 64, 48, 1000, 1000, 1, 25, r), 64, 48, 0); err == nil {
		t.Error("a frame without a code read as one")
	}
}

func BenchmarkDecode(b *testing.B) {
	t := &testing.T{}
	r := rand.New(rand.NewPCG(1, 2))
	px := frame(t, pair.Packet{Ufrag: "wP45", Pwd: "BXa63iyrshm61VXh0MxNNoeX", Candidates: []pair.Candidate{{Addr: "192.0.2.2", Port: 1}}}.String(), 640, 480, 150, 60, 6, 25, r)
	for b.Loop() {
		if _, err := Decode(px, 640, 480, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// still reads a camera's frame px (w×h) shown again and again, as a camera held still plays a
// picture: the text read, within len(Scales) frames, or "".
func still(px []byte, w, h int) string {
	for n := range Scales {
		if text, err := Decode(slices.Clone(px), w, h, n); err == nil {
			return text
		}
	}
	return ""
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
		text := still(rgba.Pix, b.Dx(), b.Dy())
		// The frames were filmed from codes of the pairing code's version 1: read whole, a
		// code of its version (whose every Base45 character decodes), not of today's.
		raw, err := pair.Unbase45(text)
		if _, perr := pair.Parse(text); err != nil || len(raw) < 48 || raw[0] != 1 || !errors.Is(perr, pair.ErrVersion) {
			t.Fatalf("%s: %q is not a whole pairing code of version 1: %v, %v", name, text, err, perr)
		}
	}
}

// sharp draws text's QR code as the pairing screen draws it (a whole number of pixels a
// module, at most 300 pixels with its 4-module margin: qrSVGSized) in the middle of a 640×480
// frame of light grey, without blur or noise: the e2e tests' cameras.
func sharp(t *testing.T, text string) []byte {
	t.Helper()
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	n := code.Size + 8
	m := max(1, 300/n)
	x0, y0 := (640-n*m)/2, (480-n*m)/2
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for y := 0; y < 480; y++ {
		for x := 0; x < 640; x++ {
			v := uint8(235)
			if x >= x0 && y >= y0 && x < x0+n*m && y < y0+n*m {
				v = 255
				if mx, my := (x-x0)/m-4, (y-y0)/m-4; mx >= 0 && my >= 0 && mx < code.Size && my < code.Size && code.Black(mx, my) {
					v = 0
				}
			}
			img.Set(x, y, color.RGBA{v, v, v, 255})
		}
	}
	return img.Pix
}

// randomPacket is a pairing code as a browser's might be: random game, keys and candidates
// (mDNS names, IPv4 and IPv6 addresses).
func randomPacket(r *rand.Rand) pair.Packet {
	const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		return string(b)
	}
	p := pair.Packet{Answer: r.IntN(2) == 0, Diskwars: r.IntN(2) == 0, Ufrag: word(4), Pwd: word(24)}
	for i := range p.Game {
		p.Game[i] = byte(r.Uint32())
	}
	for i := range p.Fingerprint {
		p.Fingerprint[i] = byte(r.Uint32())
	}
	for range 1 + r.IntN(2) {
		addr := fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x.local", r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Uint64()&(1<<48-1))
		switch r.IntN(3) { // with the camera allowed, a browser gives its raw addresses
		case 1:
			addr = fmt.Sprintf("192.168.%d.%d", r.IntN(3), 1+r.IntN(254))
		case 2:
			addr = fmt.Sprintf("fe80::%x", 1+r.IntN(0xffff)) // mostly zero bytes
		}
		p.Candidates = append(p.Candidates, pair.Candidate{Port: uint16(1024 + r.IntN(60000)), Addr: addr})
	}
	return p
}

// TestDecodeStillPictures: pairing codes drawn sharp are read in the first frame: random ones,
// and ones that ZXing's reader alone reads only at 70%, 60% or 50% of their size (found among
// 2,500 random ones).
func TestDecodeStillPictures(t *testing.T) {
	texts := []string{
		"W501.JX6T%JMLP0:JE5ZC*UCIS9GT82UC$PC/H8F6AF*8C D-3EWYAV:56LGTWG$E0.4UKOO4PIH%HY0448N5VE:R7VVALBRDLCBJBQQT580T-G LH$NMW+9/1LX7BS4CJ2QQ3U",
		"W503X3DW8+064P0UEDPIDWEDJOC9UAV+9 M6CLFHX68-93$C/8DGB9*H8SL7L.F 2TESM$ AOP8-T69 GE0O1H0-$6LNB01O%UB7YE/U4 D0ZOO4LB SMZ/8YXK9FKKZ7:PLE86W$DWNSVHM+/R21S6SGVSS+LE2R6S4",
		"W5055HR.9*:GLP0K19N2FP$DP6AIPCUA6CQDVJDVTA8VDH69./5.B8B9DFX630C/H0 VNLMQEVNS50Q%528R :3$774SK190$DFK.T1CP580L:U *3972WN9%KKZXFM7U+6GT57",
		"W50P$8WSLZ.LOO0B9FZ*A.3FFC8MWES.D++83S8SPDP.ETM87Y6.H972D4MQYJG16RP$6CXGJF53OA/.UVR3MG3W*TT69REK0Q8%+TSW2 D0.-5YB76$FKP8I9L1EIWEA3/CM.E ZDZVUYCPHOM XE7P4-SK9EBE4BS0",
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 60 {
		texts = append(texts, randomPacket(r).String())
	}
	for _, text := range texts {
		if got, err := Decode(sharp(t, text), 640, 480, 0); got != text {
			t.Errorf("%q read as %q in the first frame: %v", text, got, err)
		}
	}
}

// TestDecodeLookAlikes: codes whose data holds a look-alike of a finder or alignment pattern,
// which ZXing's reader misreads at every size (two of them pairing codes an e2e camera
// showed), are read in the first frame.
func TestDecodeLookAlikes(t *testing.T) {
	for _, text := range []string{
		"X50GS8A/V -UWO09UAE-D9L6L57M7B.69+8ECCAJ-9IFEYB8J.EQ/5W+8EYGJMV0ULD:GW3H%TN2P8.UD05CXFSWPK701+1ELFH2R53AI5804IM1O4QEOH:8R+KN8CKRCF48$%O",
		"V50+TN6B7T+4-N0GNA76B-G8VA65:6$7DIFE7T8L/E13EZ$EWKF%M6LZA-+HNV9VJK$5ATTKSBKP*E3UC2RV/DGEV0 YOF7GHANTPJKHALB0CCOJB0SRQY*0000000000000000000000FG0H0",
		"X50EOS4K51JTMO06JA.TDS/E3 CQPD04EGDAA-C.1BLCA3L5JT8ZIC0B6LW00$8C73WL1Z1G-7NZ5U.QVCWMR/HJNFEHVI7FOSGFLHY9ANB0$7W000000000000000000100N+O:M0000HB090",
		"X50LE0D/NM+0BP07QEUK6DCAQEE9/DQFFTZCJTAC56JKEIM8TZ9VDBGS8826C4NKN3 5JZY15FR$:J$ELFH3-772:GIU47RFB+HNI614TNB0$7W000000000000000000100HYR:M0000HB090",
	} {
		px := sharp(t, text)
		bmp, err := gozxing.NewBinaryBitmapFromImage(&image.RGBA{Pix: slices.Clone(px), Stride: 4 * 640, Rect: image.Rect(0, 0, 640, 480)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := qrcode.NewQRCodeReader().Decode(bmp, hints); err == nil {
			t.Errorf("ZXing's reader alone reads %q: not a look-alike", text)
		}
		if got, err := Decode(px, 640, 480, 0); got != text {
			t.Errorf("%q read as %q, %v", text, got, err)
		}
	}
}

// finderSheet is a w×h frame of n finder-like squares (a dark square in a light ring in a dark
// ring, of 7 modules of px pixels) in rows, as a sheet of them held in view.
func finderSheet(w, h, n, px int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 240
	}
	side := 8 * px
	for k := 0; k < n; k++ {
		x0, y0 := (k%(w/side))*side+px/2, (k/(w/side))*side+px/2
		for y := 0; y < 7*px; y++ {
			for x := 0; x < 7*px; x++ {
				mx, my := x/px, y/px
				ring := min(mx, my, 6-mx, 6-my)
				if ring != 1 && x0+x < w && y0+y < h {
					img.Set(x0+x, y0+y, color.RGBA{20, 20, 20, 255})
				}
			}
		}
	}
	return img.Pix
}

// TestFinderSheetGivenUp: a frame holding hundreds of finder-like squares is given up (more
// than MaxCandidates candidates) rather than weighed triple by triple, at its own size and at
// every other; a pairing code beside a few look-alikes is still read.
func TestFinderSheetGivenUp(t *testing.T) {
	for _, n := range []int{500, 800} {
		w, h := 1280, 960
		pix := finderSheet(w, h, n, 3)
		for k := range Scales {
			if text, err := Decode(slices.Clone(pix), w, h, k); err == nil {
				t.Fatalf("%d squares read as %q", n, text)
			}
		}
		img := &image.RGBA{Pix: pix, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
		bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
		m, _ := bmp.GetBlackMatrix()
		if _, err := findPatterns(m); err != errTooMany {
			t.Errorf("%d squares: %v, want the finder stopped at %d candidates", n, err, MaxCandidates)
		}
	}
}

// BenchmarkFinderSheet is the decoder's time on a frame of 800 finder-like squares (b.N frames).
func BenchmarkFinderSheet(b *testing.B) {
	w, h := 1280, 960
	pix := finderSheet(w, h, 800, 3)
	for i := 0; b.Loop(); i++ {
		Decode(slices.Clone(pix), w, h, i)
	}
}

// FuzzDecode gives the decoder any small picture: it answers with a text or an error, never a
// panic.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0, 255, 0, 255}, uint8(4), uint8(4))
	f.Fuzz(func(t *testing.T, seed []byte, w, h uint8) {
		if w == 0 || h == 0 || len(seed) == 0 {
			return
		}
		pix := make([]byte, 4*int(w)*int(h))
		for i := range pix {
			pix[i] = seed[i%len(seed)] ^ byte(i*31)
		}
		Decode(pix, int(w), int(h), int(seed[0]))
	})
}
