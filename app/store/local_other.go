//go:build !(js && wasm)

package store

// LocalStorage returns an in-memory Backend outside the browser (the server prerenders
// pages with it).
func LocalStorage() Backend { return NewMemory() }

// Open returns an in-memory Backend outside the browser.
func Open() (Backend, Opened) { return NewMemory(), Opened{Where: InMemory} }
