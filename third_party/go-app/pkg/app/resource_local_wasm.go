//go:build wasm

package app

import "strings"

// LocalDir returns a ResourceResolver for local resources. It resolves paths
// starting with /web/ to their full file path based on the specified local directory.
// This resolver is suitable for handling resources stored in the local filesystem.
func LocalDir(directory string) ResourceResolver {
	directory = strings.TrimRight(directory, "/")
	return localResourceResolver{directory: directory}
}

type localResourceResolver struct {
	directory string // in a browser there is no local directory to serve files from
}
