//go:build wasm

package main

func cli() {}
