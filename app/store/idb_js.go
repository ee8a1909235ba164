//go:build js && wasm

package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"syscall/js"
)

type indexedDB struct{ js js.Value }

// errBlocked: web/boot.js found the browser's storage blocked (and gave go-app a
// localStorage that keeps nothing).
var errBlocked = errors.New("the browser keeps no data for this site")

// IndexedDB opens the browser's IndexedDB database "gnosis" as a Backend (through
// window.gnosis.store in web/store.js). Each Commit is one transaction with strict durability,
// on disk when it returns, inside a Web Lock shared by every tab of the app. It fails where
// the browser keeps no site data.
//
// Every method waits for the browser: call it from a goroutine of its own (go-app's update
// loop is one), never from a JavaScript callback, which would hold the browser's event loop
// that the answer needs.
func IndexedDB() (Backend, error) {
	st := js.Global().Get("gnosis")
	if st.Type() != js.TypeObject || st.Get("store").Type() != js.TypeObject {
		return nil, errors.New("web/store.js is not loaded")
	}
	st = st.Get("store")
	if st.Get("blocked").Bool() {
		return nil, errBlocked
	}
	if _, err := await(func() js.Value { return st.Call("open") }); err != nil {
		return nil, err
	}
	return indexedDB{st}, nil
}

// await calls f, which returns a promise, and waits for it to settle.
func await(f func() js.Value) (v js.Value, err error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	arg := func(a []js.Value) js.Value {
		if len(a) == 0 {
			return js.Undefined()
		}
		return a[0]
	}
	ok := js.FuncOf(func(_ js.Value, a []js.Value) any { ch <- result{v: arg(a)}; return nil })
	no := js.FuncOf(func(_ js.Value, a []js.Value) any { ch <- result{err: jsError(arg(a))}; return nil })
	defer ok.Release()
	defer no.Release()
	p, err := call(f)
	if err != nil {
		return js.Undefined(), err
	}
	p.Call("then", ok, no)
	r := <-ch
	return r.v, r.err
}

// jsError turns a rejection into an error: a conflict is ErrConflict, a full storage ErrQuota.
func jsError(e js.Value) error {
	if e.Type() != js.TypeObject {
		return fmt.Errorf("browser storage: %v", e)
	}
	name, msg := e.Get("name").String(), e.Get("message").String()
	switch name {
	case "ConflictError":
		return fmt.Errorf("%w: %s", ErrConflict, msg)
	case "QuotaExceededError":
		return fmt.Errorf("%w: %s", ErrQuota, msg)
	}
	return fmt.Errorf("browser storage: %s: %s", name, msg)
}

func (d indexedDB) Get(key string) (string, bool, error) {
	v, err := await(func() js.Value { return d.js.Call("get", key) })
	if err != nil || v.Type() != js.TypeString {
		return "", false, err
	}
	return v.String(), true, nil
}

func (d indexedDB) Scan(prefix string) ([][2]string, error) {
	v, err := await(func() js.Value { return d.js.Call("scan", prefix) })
	if err != nil {
		return nil, err
	}
	if text := v.Get("text"); text.Type() == js.TypeString {
		n := v.Get("n").Int()
		parts := strings.SplitN(text.String(), "\x00", n+1)
		if n == 0 {
			parts = nil
		}
		if len(parts) != n || n%2 != 0 {
			return nil, fmt.Errorf("browser storage: a scan of %d texts came as %d", n, len(parts))
		}
		out := make([][2]string, n/2)
		for i := range out {
			out[i] = [2]string{parts[2*i], parts[2*i+1]}
		}
		return out, nil
	}
	return unpack(v.Get("bytes"), v.Get("ends"))
}

// Loaded tells the page script that the app has read what it reads at start: the records it
// read ahead are let go.
func (d indexedDB) Loaded() { d.js.Call("loaded") }

// unpack reads what web/store.js's scan packs: the records' keys and texts, one after the
// other in UTF-8 (bytes), and where each ends (ends: little-endian uint32s), taken in two
// copies; the keys and texts are slices of one string.
func unpack(bytes, ends js.Value) ([][2]string, error) {
	data := make([]byte, bytes.Length())
	js.CopyBytesToGo(data, bytes)
	idx := make([]byte, ends.Length())
	js.CopyBytesToGo(idx, ends)
	all := string(data)
	out := make([][2]string, 0, len(idx)/8)
	from := 0
	for i := 0; i+8 <= len(idx); i += 8 {
		k, v := int(binary.LittleEndian.Uint32(idx[i:])), int(binary.LittleEndian.Uint32(idx[i+4:]))
		if from > k || k > v || v > len(all) {
			return nil, fmt.Errorf("browser storage: a scan's record %d does not fit in its %d bytes", i/8, len(all))
		}
		out = append(out, [2]string{all[from:k], all[k:v]})
		from = v
	}
	return out, nil
}

func (d indexedDB) Commit(c Change) error {
	dels := make([]any, len(c.Delete))
	for i, k := range c.Delete {
		dels[i] = k
	}
	puts := make([]any, len(c.Put))
	for i, kv := range c.Put {
		puts[i] = []any{kv[0], kv[1]}
	}
	keys := c.guardKeys()
	read := make([]any, len(keys))
	for i, k := range keys {
		read[i] = k
	}
	// The page script reads the guarded records inside the transaction and asks checkGuard,
	// synchronously, whether to write: the one compare-and-swap of every backend.
	decide := js.FuncOf(func(_ js.Value, args []js.Value) any {
		texts := map[string]js.Value{}
		if len(args) == 1 {
			for i, k := range keys {
				texts[k] = args[0].Index(i)
			}
		}
		err := checkGuard(c, func(key string) (string, bool, error) {
			v := texts[key]
			if v.Type() != js.TypeString {
				return "", false, nil
			}
			if len(c.Expect) == 0 { // only its revision is read (Revision): the record's head, where it has one
				// A string is no object to call a method of: String.prototype.slice is called on it.
				if head := js.Global().Get("String").Get("prototype").Get("slice").Call("call", v, 0, 64).String(); func() bool { _, ok := headRev(head); return ok }() {
					return head, true, nil
				}
			}
			return v.String(), true, nil
		})
		if err != nil {
			return err.Error()
		}
		return ""
	})
	defer decide.Release()
	_, err := await(func() js.Value { return d.js.Call("commit", read, decide, dels, puts) })
	return err
}

// OnChange calls f (in a JavaScript callback: f must not wait) when another tab has committed
// a change to the records.
func (d indexedDB) OnChange(f func()) {
	d.js.Call("onChange", js.FuncOf(func(js.Value, []js.Value) any { f(); return nil }))
}
