// Command qrscan is the QR decoder of the pairing screen, built as its own WebAssembly
// (web/qrscan.wasm) and run in a Web Worker (web/qrscan-worker.js) where the browser has no
// BarcodeDetector: the page sends each camera frame's pixels, the worker answers with the text
// of a QR code found in it. It is gozxing (a pure Go port of ZXing's QR reader, Apache 2.0),
// loaded only when a scan starts, so app.wasm's first download does not carry it.
package main

import (
	"image"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// Scales are the sizes a frame not read at its own is read at again, one a frame, in turn.
// ZXing's finder and sampler miss some sharp pictures at one size and read them at another
// (pictures of a screen whose modules fall on whole pixels, as a camera held still sees
// them): of 2,500 pairing codes drawn sharp, 38 were not read at their own size, all but one
// of them at one of these, most at the first three.
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

func decode(img image.Image) (string, error) {
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		return "", err
	}
	r, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		return "", err
	}
	return r.GetText(), nil
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
