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

// Decode reads the QR code in an image of w×h pixels given as RGBA bytes, row by row (a
// canvas's ImageData): its text, or an error when none is found.
func Decode(rgba []byte, w, h int) (string, error) {
	img := &image.RGBA{Pix: rgba, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
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
