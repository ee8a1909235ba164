//go:build js && wasm

package main

import "syscall/js"

// main gives the worker gnosisQRDecode(pixels, width, height): the text of the QR code in the
// frame, or "" when none is found. It counts the frames, for Decode's second reading.
func main() {
	n := 0
	js.Global().Set("gnosisQRDecode", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 3 {
			return ""
		}
		w, h := args[1].Int(), args[2].Int()
		buf := make([]byte, args[0].Get("length").Int())
		js.CopyBytesToGo(buf, args[0])
		if len(buf) != 4*w*h {
			return ""
		}
		n++
		return decodeSafely(buf, w, h, n-1)
	}))
	js.Global().Call("postMessage", map[string]any{"ready": true})
	select {}
}

// decodeSafely is Decode's text, "" when none is found or the decoder fails: a panic in it (a
// picture the reader cannot take) answers the frame as unread, and the worker reads the next.
func decodeSafely(buf []byte, w, h, n int) (text string) {
	defer func() {
		if r := recover(); r != nil {
			js.Global().Get("console").Call("warn", "gnosis: qrscan: a frame the decoder could not take")
			text = ""
		}
	}()
	text, err := Decode(buf, w, h, n)
	if err != nil {
		return ""
	}
	return text
}
