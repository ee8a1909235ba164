//go:build !wasm

package main

import (
	"fmt"
	"io"
	"os"

	"gnosis/engine/anima"
)

// readInput reads a file named on the command line, at most anima.MaxFileBytes: a larger
// regular file is refused by its size before anything is read, and a stream that goes on
// (a pipe, /dev/zero) after that many bytes (the readers then drop a byte order mark:
// anima.CheckFile). Its errors are exit 2 with the file's name and the bound.
func readInput(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, exitError{2, err.Error()}
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && info.Size() > anima.MaxFileBytes {
		return nil, exitError{2, fmt.Sprintf("%s: %d bytes, more than the %d a file may hold (anima.MaxFileBytes)", path, info.Size(), anima.MaxFileBytes)}
	}
	b, err := io.ReadAll(io.LimitReader(f, anima.MaxFileBytes+1))
	if err != nil {
		return nil, exitError{2, fmt.Sprintf("%s: %v", path, err)}
	}
	if len(b) > anima.MaxFileBytes {
		return nil, exitError{2, fmt.Sprintf("%s: more than the %d bytes a file may hold (anima.MaxFileBytes)", path, anima.MaxFileBytes)}
	}
	return b, nil
}
