// Package thirdparty holds the copies of other projects' code that Gnosis builds instead of
// the published ones, each beside the patch that makes it and a test that it is exactly the
// pinned version with that patch.
package thirdparty

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goApp is the pinned go-app that go.mod requires and replaces by ./go-app.
const goApp = "github.com/maxence-charriere/go-app/v10@v10.1.11"

// copied says whether a file of the pinned module is in the copy: the module's own files and
// the two packages Gnosis builds, without their tests and the generator (pkg/app/gen).
func copied(rel string) bool {
	switch rel {
	case "go.mod", "go.sum", "LICENSE":
		return true
	}
	dir, name := filepath.Split(rel)
	return (dir == "pkg/app/" || dir == "pkg/errors/") && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// TestGoAppIsThePinnedVersionAndThePatch: third_party/go-app is go-app v10.1.11 (the files
// copied) with third_party/go-app.patch applied, nothing more: the patch builds go-app's
// server-only code (http.go's Handler.ServeHTTP, LocalDir's file server) outside wasm only,
// so app.wasm links no net/http, TLS nor x509; its routes by regular expression outside wasm
// only (route_regexp.go; in wasm RouteWithRegexp panics, route_regexp_wasm.go: Gnosis routes
// every path with Route), so app.wasm links no regexp; its encryption outside wasm only
// (crypto.go; in wasm Encrypt and Decrypt fail, crypto_wasm.go), so app.wasm links no
// crypto/aes; its IDs made by uuid.go from crypto/rand, as github.com/google/uuid's NewString
// makes them, so app.wasm links neither that package nor md5 and sha1; and its server-side
// rendering writes HTML's attributes (node.go: a boolean attribute set false left out, values
// escaped as HTML).
func TestGoAppIsThePinnedVersionAndThePatch(t *testing.T) {
	out, err := exec.Command("go", "mod", "download", "-json", goApp).Output()
	var mod struct{ Dir, Error string }
	if err != nil || json.Unmarshal(out, &mod) != nil || mod.Dir == "" {
		t.Fatalf("the pinned go-app: %v %s %s", err, out, mod.Error)
	}
	want := t.TempDir()
	err = filepath.WalkDir(mod.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(mod.Dir, path)
		if !copied(filepath.ToSlash(rel)) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		os.MkdirAll(filepath.Join(want, filepath.Dir(rel)), 0o755)
		return os.WriteFile(filepath.Join(want, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	patch, err := filepath.Abs("go-app.patch")
	if err != nil {
		t.Fatal(err)
	}
	apply := exec.Command("git", "apply", "-p1", patch)
	apply.Dir = want
	if out, err := apply.CombinedOutput(); err != nil {
		t.Fatalf("the patch does not apply to the pinned go-app: %v\n%s", err, out)
	}
	files := map[string]bool{}
	for _, root := range []string{want, "go-app"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(root, path)
				files[filepath.ToSlash(rel)] = true
			}
			return err
		})
	}
	for rel := range files {
		a, errA := os.ReadFile(filepath.Join(want, rel))
		b, errB := os.ReadFile(filepath.Join("go-app", rel))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: the copy is not the pinned go-app with the patch (%v, %v)", rel, errA, errB)
		}
	}
}

// leftOut are the packages app.wasm does not link, and why: the patched go-app keeps its
// server to native builds, and what Gnosis never calls out of wasm; a roster's file is
// unpacked by a WebAssembly of its own.
var leftOut = map[string]string{
	"net/http":               "go-app's server (http.go, resource_local.go)",
	"crypto/tls":             "go-app's server, through net/http",
	"crypto/x509":            "go-app's server, through net/http",
	"regexp":                 "go-app's RouteWithRegexp (route_regexp.go)",
	"regexp/syntax":          "go-app's RouteWithRegexp, through regexp",
	"crypto/aes":             "go-app's Encrypt and Decrypt (crypto.go)",
	"crypto/md5":             "github.com/google/uuid, for go-app's IDs (uuid.go makes them)",
	"crypto/sha1":            "github.com/google/uuid",
	"github.com/google/uuid": "go-app's IDs (uuid.go makes them)",
	"database/sql/driver":    "github.com/google/uuid",
	"encoding/xml":           "a roster's file, unpacked by web/roster.wasm (cmd/roster)",
	"archive/zip":            "a roster's file, unpacked by web/roster.wasm (cmd/roster)",
}

// notInWasm are go-app's calls that a wasm build of the copy does not do: each fails there
// (RouteWithRegexp panics; Encrypt, Decrypt and PersistWithEncryption fail with an error).
var notInWasm = []string{"RouteWithRegexp", "Encrypt", "Decrypt", "PersistWithEncryption"}

// TestGnosisCallsNothingLeftOut: no Go file of Gnosis's calls a method or function named as
// one of notInWasm's, so what the patch leaves out of app.wasm is never asked for there.
func TestGnosisCallsNothingLeftOut(t *testing.T) {
	for _, dir := range []string{"../app", "../cmd", "../engine", "../internal"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && slices.Contains(notInWasm, sel.Sel.Name) {
					t.Errorf("%s calls %s, which the patched go-app does not do in wasm", path, sel.Sel.Name)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestNoServerInAppWasm: app.wasm links none of leftOut's packages.
func TestNoServerInAppWasm(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "./cmd/gnosis")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		if why, ok := leftOut[p]; ok {
			t.Errorf("app.wasm links %s, left out for %s", p, why)
		}
	}
}
