//go:build js && wasm

package store

import (
	"fmt"
	"sort"
	"strings"
	"syscall/js"
)

type localStorage struct{}

// LocalStorage returns the browser's window.localStorage as a Backend: where IndexedDB cannot
// be opened, and to read the records of earlier versions of Gnosis (Migrate). Its errors (a
// full quota, storage blocked) are returned, never panicked. A Change is undone when one of
// its writes fails, so it is kept whole or not at all; two tabs are not kept apart as
// IndexedDB keeps them.
func LocalStorage() Backend { return localStorage{} }

func call(f func() js.Value) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("browser storage: %v", r)
			if e, ok := r.(js.Error); ok && e.Get("name").String() == "QuotaExceededError" {
				err = fmt.Errorf("%w: %v", ErrQuota, r)
			}
		}
	}()
	return f(), nil
}

func ls() js.Value { return js.Global().Get("localStorage") }

func (localStorage) Get(key string) (string, bool, error) {
	v, err := call(func() js.Value { return ls().Call("getItem", key) })
	if err != nil || v.IsNull() || v.IsUndefined() {
		return "", false, err
	}
	return v.String(), true, nil
}

func (l localStorage) Scan(prefix string) ([][2]string, error) {
	var keys []string
	_, err := call(func() js.Value {
		s := ls()
		n := s.Get("length").Int()
		for i := 0; i < n; i++ {
			if k := s.Call("key", i); k.Type() == js.TypeString && strings.HasPrefix(k.String(), prefix) {
				keys = append(keys, k.String())
			}
		}
		return js.Undefined()
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(keys)
	out := make([][2]string, 0, len(keys))
	for _, k := range keys {
		if v, ok, err := l.Get(k); err != nil {
			return nil, err
		} else if ok {
			out = append(out, [2]string{k, v})
		}
	}
	return out, nil
}

func (l localStorage) Commit(c Change) error {
	if err := checkGuard(c, l.Get); err != nil {
		return err
	}
	type old struct {
		key, value string
		was        bool
	}
	var done []old
	undo := func() {
		for i := len(done) - 1; i >= 0; i-- {
			o := done[i]
			call(func() js.Value {
				if o.was {
					return ls().Call("setItem", o.key, o.value)
				}
				return ls().Call("removeItem", o.key)
			})
		}
	}
	step := func(key string, f func() js.Value) error {
		v, was, err := l.Get(key)
		if err == nil {
			_, err = call(f)
		}
		if err != nil {
			undo()
			return err
		}
		done = append(done, old{key, v, was})
		return nil
	}
	for _, k := range c.Delete {
		if err := step(k, func() js.Value { return ls().Call("removeItem", k) }); err != nil {
			return err
		}
	}
	for _, kv := range c.Put {
		if err := step(kv[0], func() js.Value { return ls().Call("setItem", kv[0], kv[1]) }); err != nil {
			return err
		}
	}
	return nil
}
