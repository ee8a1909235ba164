//go:build js && wasm

package main

import (
	"syscall/js"

	"gnosis/engine/roster/unpack"
)

// main gives the worker gnosisUnpackRoster(bytes): a roster file's bytes (a Uint8Array, already
// held to the bound of outside files by roster.Check) unpacked, wire.Unpacked's JSON as a
// string.
func main() {
	js.Global().Set("gnosisUnpackRoster", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 1 {
			return ""
		}
		b := make([]byte, args[0].Get("length").Int())
		js.CopyBytesToGo(b, args[0])
		return string(unpack.Unpack(b))
	}))
	js.Global().Call("postMessage", map[string]any{"ready": true})
	select {}
}
