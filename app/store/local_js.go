//go:build js && wasm

package store

import (
	"fmt"
	"syscall/js"
)

type localStorage struct{}

// LocalStorage returns the browser's window.localStorage as a Backend. Its errors (a full
// quota, storage disabled in private mode) are returned, never panicked.
func LocalStorage() Backend { return localStorage{} }

func call(f func() js.Value) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("browser storage: %v", r)
		}
	}()
	return f(), nil
}

func (localStorage) Get(key string) (string, bool, error) {
	v, err := call(func() js.Value { return js.Global().Get("localStorage").Call("getItem", key) })
	if err != nil || v.IsNull() || v.IsUndefined() {
		return "", false, err
	}
	return v.String(), true, nil
}

func (localStorage) Set(key, value string) error {
	_, err := call(func() js.Value { return js.Global().Get("localStorage").Call("setItem", key, value) })
	return err
}
