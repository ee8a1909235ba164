//go:build !(js && wasm)

package main

import "fmt"

func main() { fmt.Println("roster runs in a browser's Web Worker: build it with GOOS=js GOARCH=wasm") }
