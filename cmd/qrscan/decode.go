// Command qrscan is the QR decoder of the pairing screen, built as its own WebAssembly
// (web/qrscan.wasm) and run in a Web Worker (web/qrscan-worker.js) where the browser has no
// BarcodeDetector: the page sends each camera frame's pixels, the worker answers with the text
// of a QR code found in it. It is gozxing (a pure Go port of ZXing's QR reader, Apache 2.0),
// loaded only when a scan starts, so app.wasm's first download does not carry it.
package main

import (
	"image"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode/decoder"
	"github.com/makiuchi-d/gozxing/qrcode/detector"
)

// Scales are the sizes a frame not read at its own is read at again, one a frame, in turn: a
// backstop. ZXing's reader alone missed 38 of 2,500 pairing codes drawn sharp at their own
// size, and read all but one of them at one of these; with withoutLookAlike, it read every
// one of 5,000 at its own size.
var Scales = []float64{0.9, 0.7, 0.85, 0.5, 0.75, 0.6, 0.8, 0.55, 0.65}

// Decode reads the QR code in an image of w×h pixels given as RGBA bytes, row by row (a
// canvas's ImageData): its text, or an error when none is found. Frame n (counted from 0 by
// the caller) not read at its own size is read again at Scales[n%len(Scales)]: a frame without
// a code costs two readings, and a still picture is tried at every scale within
// len(Scales) frames.
func Decode(rgba []byte, w, h, n int) (string, error) {
	img := &image.RGBA{Pix: rgba, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	text, err := decode(img)
	if err != nil {
		text, err = decode(scaled(img, Scales[n%len(Scales)]))
	}
	return text, err
}

// hints has ZXing look harder: every row of the picture, not one in a few.
var hints = map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true}

// decode reads img as ZXing's reader does (its finder patterns, its alignment pattern, the
// grid between them), then, when that fails, as the reader does not: on the grid of the
// finder patterns alone, and again with each finder pattern it chose blanked in turn. ZXing's
// finder stops looking once three patterns agree, and a code's data may hold a look-alike of
// a finder pattern (a dark square in a light ring in a dark ring) found before the real third,
// or of the alignment pattern: the grid is skewed or falls outside the picture, and the code
// is misread at every size. Of 2,500 pairing codes drawn sharp, a third of them with raw
// addresses of many zero bytes, 16 were misread so by the reader alone (4 at every size); with
// this, none. A blanked look-alike leaves the real pattern to be found; a code seen from the
// front needs no alignment pattern. The error is the reader's.
func decode(img image.Image) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	m, err := bmp.GetBlackMatrix()
	if err != nil {
		return "", err
	}
	return withoutLookAlike(m, 1)
}

// withoutLookAlike reads the code in m on the finder patterns ZXing finds in it, with the
// alignment pattern (ZXing's reader) and without, then, depth times over, with each of them
// blanked in turn. Its error is the first reading's.
func withoutLookAlike(m *gozxing.BitMatrix, depth int) (string, error) {
	info, notFound := findPatterns(m)
	if notFound != nil {
		return "", notFound
	}
	found, err := detector.NewDetector(m).ProcessFinderPatternInfo(info)
	if err == nil {
		var text string
		if text, err = read(found.GetBits()); err == nil {
			return text, nil
		}
		dim := found.GetBits().GetWidth()
		t := detector.Detector_createTransform(info.GetTopLeft(), info.GetTopRight(), info.GetBottomLeft(), nil, dim)
		if bits, err2 := detector.Detector_sampleGrid(m, t, dim); err2 == nil {
			if text, err2 := read(bits); err2 == nil {
				return text, nil
			}
		}
	}
	if depth == 0 {
		return "", err
	}
	w, h := m.GetWidth(), m.GetHeight()
	for _, p := range []*detector.FinderPattern{info.GetTopLeft(), info.GetTopRight(), info.GetBottomLeft()} {
		c, _ := gozxing.NewBitMatrix(w, h)
		row := gozxing.NewBitArray(w)
		for y := range h {
			c.SetRow(y, m.GetRow(y, row))
		}
		r := int(4*p.GetEstimatedModuleSize()) + 1 // the 7-module pattern and a little
		for y := max(0, int(p.GetY())-r); y < min(h, int(p.GetY())+r); y++ {
			for x := max(0, int(p.GetX())-r); x < min(w, int(p.GetX())+r); x++ {
				c.Unset(x, y)
			}
		}
		if text, err2 := withoutLookAlike(c, depth-1); err2 == nil {
			return text, nil
		}
	}
	return "", err
}

// MaxCandidates bounds the finder patterns ZXing may weigh in one picture: its choice of the
// best three weighs every triple of them, so a sheet of finder-like squares in view (500 of
// them took 7-10 s a frame natively) would stall the decoder. A picture with more is given
// up: a pairing code shows three, and a few look-alikes in its data.
const MaxCandidates = 48

// tooMany stops ZXing's finder at the candidate past MaxCandidates.
type tooMany struct{}

// errTooMany is findPatterns's error for a picture of more than MaxCandidates candidates.
var errTooMany = gozxing.NewNotFoundException("more than %d finder-like patterns in view", MaxCandidates)

// findPatterns is ZXing's finder of the three finder patterns, stopped (errTooMany) at the
// candidate past MaxCandidates: its callback counts each new one.
func findPatterns(m *gozxing.BitMatrix) (info *detector.FinderPatternInfo, err gozxing.NotFoundException) {
	n := 0
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(tooMany); !ok {
				panic(r)
			}
			info, err = nil, errTooMany
		}
	}()
	count := func(gozxing.ResultPoint) {
		if n++; n > MaxCandidates {
			panic(tooMany{})
		}
	}
	return detector.NewFinderPatternFinder(m, count).Find(hints)
}

// read decodes a code's modules.
func read(bits *gozxing.BitMatrix) (string, error) {
	d, err := decoder.NewDecoder().Decode(bits, hints)
	if err != nil {
		return "", err
	}
	return d.GetText(), nil
}

// scaled is img at scale, each pixel the nearest one of img.
func scaled(img *image.RGBA, scale float64) *image.RGBA {
	b := img.Bounds()
	w, h := int(float64(b.Dx())*scale), int(float64(b.Dy())*scale)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		sy := int(float64(y) / scale)
		for x := 0; x < w; x++ {
			sx := int(float64(x) / scale)
			copy(out.Pix[out.PixOffset(x, y):out.PixOffset(x, y)+4], img.Pix[img.PixOffset(b.Min.X+sx, b.Min.Y+sy):])
		}
	}
	return out
}
