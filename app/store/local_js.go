//go:build js && wasm

package store

import (
	"fmt"
	"sort"
	"strings"
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

// Head returns the first n characters of the value under key: the browser copies only those
// into Go (a game's record is long and its revision is read before every write).
func (localStorage) Head(key string, n int) (string, bool, error) {
	v, err := call(func() js.Value {
		s := js.Global().Get("localStorage").Call("getItem", key)
		if s.IsNull() {
			return s
		}
		// A string is a primitive in JavaScript: its methods are called on a String.
		return js.Global().Get("String").New(s).Call("slice", 0, n)
	})
	if err != nil || v.IsNull() || v.IsUndefined() {
		return "", false, err
	}
	return v.String(), true, nil
}

func (localStorage) Delete(key string) error {
	_, err := call(func() js.Value { return js.Global().Get("localStorage").Call("removeItem", key) })
	return err
}

func (localStorage) Keys(prefix string) ([]string, error) {
	var out []string
	_, err := call(func() js.Value {
		ls := js.Global().Get("localStorage")
		n := ls.Get("length").Int()
		for i := 0; i < n; i++ {
			if k := ls.Call("key", i); k.Type() == js.TypeString && strings.HasPrefix(k.String(), prefix) {
				out = append(out, k.String())
			}
		}
		return js.Undefined()
	})
	sort.Strings(out)
	return out, err
}
