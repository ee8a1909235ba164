//go:build !wasm

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHostCheck(t *testing.T) {
	for _, c := range []struct {
		listen string
		extra  []string
		host   string
		want   bool
	}{
		{"127.0.0.1:8000", nil, "127.0.0.1:8000", true},
		{"127.0.0.1:8000", nil, "localhost:8000", true},
		{"127.0.0.1:8000", nil, "LOCALHOST:8000", true},
		{"127.0.0.1:8000", nil, "127.0.0.2:8000", true}, // loopback
		{"127.0.0.1:8000", nil, "127.0.0.1:9000", false},
		{"127.0.0.1:8000", nil, "attacker.example:8000", false},
		{"127.0.0.1:8000", nil, "192.168.1.5:8000", false},
		{"0.0.0.0:8000", nil, "192.168.1.5:8000", true},
		{"0.0.0.0:8000", nil, "[fe80::1]:8000", true},
		{"0.0.0.0:8000", nil, "gnosis.lan:8000", false},
		{"0.0.0.0:8000", []string{"gnosis.lan"}, "gnosis.lan:8000", true},
		{"0.0.0.0:8000", []string{"gnosis.lan:443"}, "gnosis.lan:443", true},
		{"0.0.0.0:8000", []string{"gnosis.lan:443"}, "gnosis.lan:8000", false},
		{":8000", nil, "10.0.0.2:8000", true},
		{"[::1]:8000", nil, "[::1]:8000", true},
		{"[::1]:8000", nil, "127.0.0.1:8000", true},
	} {
		hc, err := newHostCheck(c.listen, c.extra)
		if err != nil {
			t.Fatal(err)
		}
		if got := hc.allows(c.host); got != c.want {
			t.Errorf("listen %s %v, Host %s: %v, want %v", c.listen, c.extra, c.host, got, c.want)
		}
	}
	if _, err := newHostCheck("8000", nil); err == nil {
		t.Error("an address without a port was taken")
	}
}

// TestSiteServesOnlyWeb: the handler in front of go-app's answers only the page, go-app's
// files and the regular files under web/, without dotfiles (the e2e test sends the raw
// requests to the real server).
func TestSiteServesOnlyWeb(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "web", ".secret"), 0o755)
	os.WriteFile(filepath.Join(dir, "web", "app.wasm"), []byte("wasm"), 0o644)
	os.WriteFile(filepath.Join(dir, "web", ".env"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "web", ".secret", "key"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("x"), 0o644)
	hc, _ := newHostCheck("127.0.0.1:80", nil)
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("app")) })
	s, err := newSite(ok, dir, hc)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{
		"/": 200, "/app.js": 200, "/web/app.wasm": 200, "/web/.env": 404, "/web/.secret/key": 404,
		"/go.mod": 404, "/web/../go.mod": 404, "/web/..%2fgo.mod": 404, "/web/": 404, "/web/app.wasm/": 404,
	} {
		r := httptest.NewRequest("GET", "http://127.0.0.1"+path, nil)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("GET %s: %d, want %d", path, w.Code, want)
		}
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest("POST", "http://127.0.0.1/", strings.NewReader("")))
	if w.Code != http.StatusMethodNotAllowed || !strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("POST: %d %v", w.Code, w.Header())
	}
}

func TestStaticBase(t *testing.T) {
	for _, base := range []string{"", "/", "/gnosis", "gnosis/", "/games/gnosis-2/", "/a.b_c~d"} {
		if err := checkBase(base); err != nil {
			t.Errorf("%q: %v", base, err)
		}
	}
	for _, base := range []string{`/"><script>`, "/a b", "/../x", "/./x", "/x//y", "/x?y", "/x#y", "/ü", `/x\y`} {
		if err := checkBase(base); err == nil {
			t.Errorf("%q was taken", base)
		}
		if code, _, stderr := runCLI("static", "-out", t.TempDir(), "-base", base); code != 2 || !strings.Contains(stderr, "plain segments") {
			t.Errorf("static -base %q: exit %d %q", base, code, stderr)
		}
	}
}
