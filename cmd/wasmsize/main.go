//go:build !wasm

// Command wasmsize weighs a WebAssembly module built by Go, package by package: each
// function's body in the code section, named by the module's name section, summed under its
// package (the name up to the first dot after its last slash). The app's module is stripped
// of its names (-ldflags=-s), so wasmsize builds its own copy with names when given -build:
//
//	go run ./cmd/wasmsize -build ./cmd/gnosis        # the app's code, by package
//	go run ./cmd/wasmsize -top 40 -depth 2 FILE.wasm # a module with names, packages cut at 2
//	go run ./cmd/wasmsize -funcs app_ui -top 50 FILE.wasm # its largest functions named so
//
// It prints a table in Markdown (bytes, share of the code section, functions), the largest
// first, for docs/MEASUREMENTS.md.
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

func main() {
	build := flag.String("build", "", "build this Go package for js/wasm (with names) and weigh it")
	top := flag.Int("top", 30, "print the largest N packages")
	depth := flag.Int("depth", 0, "cut package paths to N elements (0: whole)")
	funcs := flag.String("funcs", "", "list the largest functions whose names contain this text, not packages")
	flag.Parse()
	path := flag.Arg(0)
	if *build != "" {
		dir, err := os.MkdirTemp("", "wasmsize")
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
		path = filepath.Join(dir, "named.wasm")
		cmd := exec.Command("go", "build", "-trimpath", "-gcflags=gnosis/app/...=-l", "-o", path, *build)
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			fail(err)
		}
	}
	if path == "" {
		fail(errors.New("usage: wasmsize [-top N] [-depth N | -funcs TEXT] (-build PKG | FILE.wasm)"))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	w, err := weigh(b)
	if err != nil {
		fail(err)
	}
	var known []string
	if *build != "" {
		known = packages(*build)
	}
	if *funcs != "" {
		printFuncs(os.Stdout, w, *funcs, *top)
		return
	}
	print(os.Stdout, w, known, *top, *depth)
}

// printFuncs lists the n largest functions whose names contain match, in bytes of code, and
// their sum, in Markdown.
func printFuncs(out io.Writer, w weight, match string, n int) {
	var idx []int
	sum := 0
	for i, name := range w.names {
		if strings.Contains(name, match) {
			idx = append(idx, i)
			sum += w.sizes[i]
		}
	}
	sort.Slice(idx, func(a, b int) bool { return w.sizes[idx[a]] > w.sizes[idx[b]] })
	fmt.Fprintf(out, "| function | bytes of code |\n| --- | ---: |\n")
	for k, i := range idx {
		if k >= n {
			break
		}
		fmt.Fprintf(out, "| `%s` | %d |\n", w.names[i], w.sizes[i])
	}
	fmt.Fprintf(out, "| %d functions containing %q | %d |\n", len(idx), match, sum)
}

// packages are the import paths pkg is built from for js/wasm ("": none known).
func packages(pkg string) []string {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		fail(err)
	}
	return strings.Fields(string(out))
}

// sanitized is an import path as the wasm linker writes it in a function's name: every
// character but letters, digits and dots an underscore.
func sanitized(path string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' {
			return r
		}
		return '_'
	}, path)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "wasmsize:", err)
	os.Exit(2)
}

// weight is a module's code by function: each body's bytes and name.
type weight struct {
	code  int      // the code section's bytes
	sizes []int    // each defined function's body, in bytes
	names []string // each defined function's name ("" none)
}

// weigh reads a module's sections: the imported functions (to number the defined ones), the
// code section's bodies, and the name section's function names.
func weigh(b []byte) (weight, error) {
	var w weight
	if len(b) < 8 || !bytes.Equal(b[:4], []byte("\x00asm")) {
		return w, errors.New("not a WebAssembly module")
	}
	r := bytes.NewReader(b[8:])
	imported := 0
	names := map[int]string{}
	for r.Len() > 0 {
		id, _ := r.ReadByte()
		size, err := uleb(r)
		if err != nil {
			return w, err
		}
		sec := make([]byte, size)
		if _, err := io.ReadFull(r, sec); err != nil {
			return w, err
		}
		switch id {
		case 2:
			imported, err = importedFuncs(sec)
		case 10:
			w.code = len(sec)
			w.sizes, err = bodies(sec)
		case 0:
			err = nameSection(sec, names)
		}
		if err != nil {
			return w, err
		}
	}
	w.names = make([]string, len(w.sizes))
	for i := range w.sizes {
		w.names[i] = names[imported+i]
	}
	return w, nil
}

// importedFuncs counts the import section's functions.
func importedFuncs(sec []byte) (int, error) {
	r := bytes.NewReader(sec)
	n, err := uleb(r)
	if err != nil {
		return 0, err
	}
	funcs := 0
	for range n {
		for range 2 { // module and field names
			l, err := uleb(r)
			if err != nil {
				return 0, err
			}
			r.Seek(int64(l), io.SeekCurrent)
		}
		kind, _ := r.ReadByte()
		switch kind {
		case 0: // a function: its type index
			funcs++
			uleb(r)
		case 1: // a table: its type and limits
			r.ReadByte()
			limits(r)
		case 2: // a memory
			limits(r)
		case 3: // a global: its type and mutability
			r.ReadByte()
			r.ReadByte()
		}
	}
	return funcs, nil
}

// limits skips a table's or memory's limits.
func limits(r *bytes.Reader) {
	flag, _ := r.ReadByte()
	uleb(r)
	if flag&1 == 1 {
		uleb(r)
	}
}

// bodies are the code section's function bodies' sizes.
func bodies(sec []byte) ([]int, error) {
	r := bytes.NewReader(sec)
	n, err := uleb(r)
	if err != nil {
		return nil, err
	}
	out := make([]int, 0, n)
	for range n {
		size, err := uleb(r)
		if err != nil {
			return nil, err
		}
		out = append(out, int(size))
		r.Seek(int64(size), io.SeekCurrent)
	}
	return out, nil
}

// nameSection reads a custom section's function names, where it is the "name" section.
func nameSection(sec []byte, names map[int]string) error {
	r := bytes.NewReader(sec)
	l, err := uleb(r)
	if err != nil {
		return err
	}
	name := make([]byte, l)
	io.ReadFull(r, name)
	if string(name) != "name" {
		return nil
	}
	for r.Len() > 0 {
		kind, _ := r.ReadByte()
		size, err := uleb(r)
		if err != nil {
			return err
		}
		sub := make([]byte, size)
		io.ReadFull(r, sub)
		if kind != 1 {
			continue
		}
		sr := bytes.NewReader(sub)
		n, _ := uleb(sr)
		for range n {
			idx, _ := uleb(sr)
			l, err := uleb(sr)
			if err != nil {
				return err
			}
			s := make([]byte, l)
			io.ReadFull(sr, s)
			names[int(idx)] = string(s)
		}
	}
	return nil
}

// uleb reads an unsigned LEB128 number.
func uleb(r *bytes.Reader) (uint64, error) {
	v, err := binary.ReadUvarint(r)
	if err != nil {
		return 0, fmt.Errorf("a damaged module: %w", err)
	}
	return v, nil
}

// pkg is the package of a Go function's name as the wasm linker writes it (its import path's
// slashes and dashes, its brackets, underscores: gnosis_app_ui.__EventScreen_.Render): the
// longest of the known import paths (sanitized) it begins with, else its name up to the
// first dot after its last underscore before a dot (a domain's dot, github.com_…, kept), with
// underscores as slashes; cut to depth elements (0: whole).
func pkg(name string, known []string, depth int) string {
	if name == "" {
		return "(no name)"
	}
	best := ""
	for _, k := range known {
		if len(k) > len(best) && strings.HasPrefix(name, sanitized(k)+".") {
			best = k
		}
	}
	if best == "" {
		from := 0
		if u := strings.IndexByte(name, '_'); u > 0 {
			if dot := strings.IndexByte(name, '.'); dot >= 0 && dot < u && domain(name[dot+1:u]) {
				from = u
			}
		}
		if dot := strings.IndexByte(name[from:], '.'); dot >= 0 {
			name = name[:from+dot]
		}
		best = strings.TrimSuffix(strings.ReplaceAll(name, "_", "/"), "/")
	}
	if depth > 0 {
		if parts := strings.Split(best, "/"); len(parts) > depth {
			best = strings.Join(parts[:depth], "/")
		}
	}
	return best
}

// domain reports whether s ends a module path's host: com, org, io and the like.
func domain(s string) bool {
	switch s {
	case "com", "org", "io", "in", "net", "dev":
		return true
	}
	return false
}

// print writes the table of packages, the largest first, the top n of them, and the rest.
func print(out io.Writer, w weight, known []string, n, depth int) {
	type row struct {
		pkg          string
		bytes, funcs int
	}
	by := map[string]*row{}
	total := 0
	for i, size := range w.sizes {
		p := pkg(w.names[i], known, depth)
		if by[p] == nil {
			by[p] = &row{pkg: p}
		}
		by[p].bytes += size
		by[p].funcs++
		total += size
	}
	rows := make([]*row, 0, len(by))
	for _, r := range by {
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, j int) bool {
		return rows[i].bytes > rows[j].bytes || rows[i].bytes == rows[j].bytes && rows[i].pkg < rows[j].pkg
	})
	fmt.Fprintf(out, "| package | bytes of code | share | functions |\n| --- | ---: | ---: | ---: |\n")
	rest, restFuncs := 0, 0
	for i, r := range rows {
		if i >= n {
			rest, restFuncs = rest+r.bytes, restFuncs+r.funcs
			continue
		}
		fmt.Fprintf(out, "| `%s` | %d | %.1f%% | %d |\n", r.pkg, r.bytes, 100*float64(r.bytes)/float64(total), r.funcs)
	}
	if rest > 0 {
		fmt.Fprintf(out, "| %d others | %d | %.1f%% | %d |\n", len(rows)-n, rest, 100*float64(rest)/float64(total), restFuncs)
	}
	fmt.Fprintf(out, "| all | %d | 100%% | %d |\n", total, len(w.sizes))
}
