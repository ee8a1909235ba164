//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"image"
	_ "image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
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

// TestCommittedHostFiles: the host files committed in static/ are what gnosis static writes for
// a site at the root (make static writes the generated site beside them).
func TestCommittedHostFiles(t *testing.T) {
	dir := t.TempDir()
	if err := writeHostFiles(dir, ""); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"_headers", ".nojekyll", "404.html"} {
		want, _ := os.ReadFile(filepath.Join(dir, name))
		got, err := os.ReadFile(filepath.Join("..", "..", "static", name))
		if err != nil || string(got) != string(want) {
			t.Errorf("static/%s differs from what gnosis static writes (%v): run go test ./cmd/gnosis -run TestCommittedHostFiles -update-host-files", name, err)
			if *updateHostFiles {
				os.WriteFile(filepath.Join("..", "..", "static", name), want, 0o644)
			}
		}
	}
}

var updateHostFiles = flag.Bool("update-host-files", false, "rewrite static/'s host files")

// TestServePrecompressed: a file under web/ with fresh .br and .gz copies is sent compressed
// to a browser that accepts it, under its own type; a stale copy, a browser that accepts
// neither, or a q=0 is sent the file as it is.
func TestServePrecompressed(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	os.MkdirAll(web, 0o755)
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm raw raw raw raw raw"), 0o644)
	os.WriteFile(filepath.Join(web, "gnosis.css"), []byte("body{}"), 0o644)
	if err := precompress(filepath.Join(web, "app.wasm"), 5); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir) // go-app serves web/ from the working folder, as gnosis serve does
	dir = "."
	web = "web"
	h, err := handler(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	hosts, _ := newHostCheck("127.0.0.1:8000", nil)
	s, err := newSite(h, dir, hosts)
	if err != nil {
		t.Fatal(err)
	}
	get := func(p, accept string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "http://127.0.0.1:8000"+p, nil)
		if accept != "" {
			r.Header.Set("Accept-Encoding", accept)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w
	}
	br, _ := os.ReadFile(filepath.Join(web, "app.wasm.br"))
	for _, c := range []struct{ accept, enc string }{{"gzip, deflate, br, zstd", "br"}, {"gzip", "gzip"}, {"br;q=0, gzip", "gzip"}, {"", ""}, {"identity", ""}} {
		w := get("/web/app.wasm", c.accept)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != c.enc || w.Header().Get("Content-Type") != "application/wasm" {
			t.Errorf("Accept-Encoding %q: %d, encoding %q, type %q; want %q", c.accept, w.Code, w.Header().Get("Content-Encoding"), w.Header().Get("Content-Type"), c.enc)
		}
		if c.enc == "br" && w.Body.String() != string(br) {
			t.Error("the brotli answer is not the .br copy")
		}
		if !strings.Contains(w.Header().Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: no Vary", c.accept)
		}
	}
	if w := get("/web/app.wasm.br", "br"); w.Code != 404 {
		t.Errorf("the .br copy is served under its own name: %d", w.Code)
	}
	if w := get("/web/gnosis.css", "br"); w.Header().Get("Content-Encoding") != "" {
		t.Error("a file without copies is sent compressed")
	}
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(web, "app.wasm.br"), old, old)
	os.Chtimes(filepath.Join(web, "app.wasm.gz"), old, old)
	if w := get("/web/app.wasm", "br, gzip"); w.Header().Get("Content-Encoding") != "" {
		t.Error("a stale copy is served")
	}
}

// TestPrecompressedCaching (finding 10): each encoding has its own ETag, a Range applies to
// the identity body only (a compressed answer is whole), and Accept-Encoding's weights are
// read with their parameters in any order.
func TestPrecompressedCaching(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	os.MkdirAll(web, 0o755)
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte(strings.Repeat("\x00asm raw ", 300)), 0o644)
	if err := precompress(filepath.Join(web, "app.wasm"), 5); err != nil {
		t.Fatal(err)
	}
	s := servedIn(t, dir)
	get := func(header ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "http://127.0.0.1:8000/web/app.wasm", nil)
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w
	}
	plain, br, gz := get(), get("Accept-Encoding", "br"), get("Accept-Encoding", "gzip")
	tags := map[string]bool{plain.Header().Get("ETag"): true, br.Header().Get("ETag"): true, gz.Header().Get("ETag"): true}
	if len(tags) != 3 || !strings.HasSuffix(br.Header().Get("ETag"), `-br"`) || !strings.HasSuffix(gz.Header().Get("ETag"), `-gz"`) {
		t.Errorf("ETags identity %s, br %s, gzip %s: want three", plain.Header().Get("ETag"), br.Header().Get("ETag"), gz.Header().Get("ETag"))
	}
	if w := get("Accept-Encoding", "br", "If-None-Match", br.Header().Get("ETag")); w.Code != http.StatusNotModified {
		t.Errorf("the brotli copy's own ETag: %d, want 304", w.Code)
	}
	if w := get("Accept-Encoding", "br", "If-None-Match", plain.Header().Get("ETag")); w.Code != 200 || w.Header().Get("Content-Encoding") != "br" {
		t.Errorf("the identity's ETag asked of the brotli copy: %d, want the copy whole", w.Code)
	}
	if w := get("Accept-Encoding", "br", "Range", "bytes=10-20"); w.Code != 200 || w.Body.Len() != br.Body.Len() {
		t.Errorf("a Range on the brotli copy: %d, %d bytes; want 200 and the whole copy", w.Code, w.Body.Len())
	}
	if w := get("Range", "bytes=10-19"); w.Code != http.StatusPartialContent || w.Body.Len() != 10 {
		t.Errorf("a Range on the identity body: %d, %d bytes", w.Code, w.Body.Len())
	}
	for accept, want := range map[string]string{"br;foo=1;q=0, gzip": "gzip", "br; q=0": "", "*;q=0": "", "*": "br", "gzip;q=0.5, br;q=0.001": "br", "br;q=0.0": ""} {
		if got := get("Accept-Encoding", accept).Header().Get("Content-Encoding"); got != want {
			t.Errorf("Accept-Encoding %q: %q, want %q", accept, got, want)
		}
	}
}

// TestStaticPageFixes (findings 1 and 9): the static page carries the CSP as a <meta> and no
// Open Graph address without a host, whatever the order go-app wrote the attributes in; the
// manifest's start_url and scope are the site's root with its slash.
func TestStaticPageFixes(t *testing.T) {
	out := t.TempDir()
	page := `<html><head><meta charset="UTF-8"><meta content="https:///gnosis" property="og:url"><meta property="og:image" content="https://"><meta property="og:title" content="Gnosis"></head></html>`
	os.WriteFile(filepath.Join(out, "index.html"), []byte(page), 0o644)
	os.WriteFile(filepath.Join(out, "manifest.webmanifest"), []byte(`{"scope":"/","start_url":"/gnosis","name":"Gnosis"}`), 0o644)
	if err := fixPages(out, ""); err != nil {
		t.Fatal(err)
	}
	if err := fixManifest(filepath.Join(out, "manifest.webmanifest"), "/gnosis"); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if s := string(b); strings.Contains(s, "https://") || !strings.Contains(s, `http-equiv="Content-Security-Policy"`) || strings.Contains(s, "frame-ancestors") || !strings.Contains(s, "og:title") {
		t.Errorf("page: %s", s)
	}
	m, _ := os.ReadFile(filepath.Join(out, "manifest.webmanifest"))
	if s := string(m); !strings.Contains(s, `"scope":"/gnosis/"`) || !strings.Contains(s, `"start_url":"/gnosis/"`) || !strings.Contains(s, `"name":"Gnosis"`) {
		t.Errorf("manifest: %s", s)
	}
}

// ogTags are the page's Open Graph address and picture: property and content, in order.
var ogTags = regexp.MustCompile(`<meta property="og:(url|image)" content="([^"]*)">`)

// TestLinkPreview: gnosis static -url and gnosis serve write the page's og:url and og:image as
// absolute addresses (the site's, and its 1200×630 preview picture); with no address known
// the tags are left out, never written empty; a -url that is not a site's address is refused.
func TestLinkPreview(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	os.MkdirAll(web, 0o755)
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm"), 0o644)
	tags := func(page []byte) [][2]string {
		var out [][2]string
		for _, m := range ogTags.FindAllSubmatch(page, -1) {
			out = append(out, [2]string{string(m[1]), string(m[2])})
		}
		return out
	}
	for _, c := range []struct {
		args []string
		want [][2]string
	}{
		{[]string{"-url", "https://example.org/gnosis"}, [][2]string{{"url", "https://example.org/gnosis/"}, {"image", "https://example.org/gnosis/web/preview.png"}}},
		{[]string{"-url", "https://example.org", "-base", ""}, [][2]string{{"url", "https://example.org/"}, {"image", "https://example.org/web/preview.png"}}},
		{[]string{"-base", "/gnosis"}, nil},
	} {
		out := filepath.Join(t.TempDir(), "site")
		code, _, stderr := runCLI(append([]string{"static", "-out", out, "-dir", dir, "-brotli", "1"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		index, _ := os.ReadFile(filepath.Join(out, "index.html"))
		if got := tags(index); !slices.Equal(got, c.want) || bytes.Contains(index, []byte(`content="https://"`)) || !bytes.Contains(index, []byte("og:title")) {
			t.Errorf("%v: og tags %v, want %v", c.args, got, c.want)
		}
		if c.args[1] == "https://example.org/gnosis" && !bytes.Contains(index, []byte(`src="/gnosis/app.js"`)) {
			t.Errorf("%v: the page does not load from the address's path", c.args)
		}
	}
	for _, bad := range []string{"example.org", "ftp://example.org/", "https://example.org/a b", "https://user@example.org/", "https://example.org/?q=1"} {
		if code, _, stderr := runCLI("static", "-out", t.TempDir(), "-dir", dir, "-url", bad); code != 2 || !strings.Contains(stderr, "-url") {
			t.Errorf("-url %q: exit %d, %s", bad, code, stderr)
		}
	}
	if code, _, _ := runCLI("static", "-out", t.TempDir(), "-dir", dir, "-url", "https://example.org/gnosis", "-base", "/other"); code != 2 {
		t.Error("-url and -base naming two paths were taken")
	}

	// gnosis serve: the address the page was asked at, or the one given.
	s := servedIn(t, dir, "gnosis.lan")
	get := func(host string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", "http://"+host+"/", nil))
		return w
	}
	for _, c := range []struct{ root, host, want string }{{"", "127.0.0.1:8000", "http://127.0.0.1:8000/"}, {"", "gnosis.lan", "http://gnosis.lan/"}, {"https://example.org/", "gnosis.lan", "https://example.org/"}} {
		s.root = c.root
		w := get(c.host)
		want := [][2]string{{"url", c.want}, {"image", c.want + "web/preview.png"}}
		if got := tags(w.Body.Bytes()); w.Code != 200 || !slices.Equal(got, want) || w.Header().Get("Content-Length") != strconv.Itoa(w.Body.Len()) {
			t.Errorf("served at %s (-url %q): %d, og tags %v, want %v; length %s of %d", c.host, c.root, w.Code, got, want, w.Header().Get("Content-Length"), w.Body.Len())
		}
	}
}

// TestPreviewImage: the link preview's picture is a PNG of 1200×630 pixels, as chats show
// them (e2e TestMakePreview draws it).
func TestPreviewImage(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", previewImage))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, format, err := image.DecodeConfig(f)
	if err != nil || format != "png" || cfg.Width != 1200 || cfg.Height != 630 {
		t.Errorf("%s: %s %d×%d (%v), want a PNG of 1200×630", previewImage, format, cfg.Width, cfg.Height, err)
	}
}

// TestFirstScreensInThePage: the page that gnosis static writes and gnosis serve sends holds
// the first screens, drawn by go-app's server-side rendering of the app's components: the home
// screen and a shared link's, in English, Spanish and Italian, each naming its kind, language
// and words for the start copy (web/copy.js shows one); no boolean attribute is written true
// that the screen has false (a checkbox unticked, the language's other options unselected).
func TestFirstScreensInThePage(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	os.MkdirAll(web, 0o755)
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm"), 0o644)
	out := filepath.Join(t.TempDir(), "site")
	if code, _, stderr := runCLI("static", "-out", out, "-dir", dir, "-brotli", "1"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	static, _ := os.ReadFile(filepath.Join(out, "index.html"))
	s := servedIn(t, dir)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1:8000/", nil))
	shell := regexp.MustCompile(`<div [^>]*class="shell"[^>]*>`)
	for name, page := range map[string]string{"static": string(static), "served": w.Body.String()} {
		if !strings.Contains(page, `<div id="first-screens">`) {
			t.Fatalf("%s: no first screens in the page", name)
		}
		var got []string
		for _, tag := range shell.FindAllString(page, -1) {
			kind := regexp.MustCompile(`data-first="(\w+)"`).FindStringSubmatch(tag)
			lang := regexp.MustCompile(`lang="(\w+)"`).FindStringSubmatch(tag)
			if kind == nil || lang == nil || !strings.Contains(tag, `data-loading="`) || !strings.Contains(tag, `data-starting="`) {
				t.Errorf("%s: a first screen without its kind, language or words: %s", name, tag)
				continue
			}
			got = append(got, kind[1]+"-"+lang[1])
		}
		if want := []string{"home-en", "shared-en", "home-es", "shared-es", "home-it", "shared-it"}; !slices.Equal(got, want) {
			t.Errorf("%s: first screens %v, want %v", name, got, want)
		}
		for _, words := range []string{"My parties", "Mis grupos", "I miei gruppi", "Opening the party…", "Abriendo el grupo…", "Apertura del gruppo…", "Cargando…", "Caricamento…"} {
			if !strings.Contains(page, words) {
				t.Errorf("%s: %q is not in the page", name, words)
			}
		}
		if strings.Contains(page, `="false"`) || strings.Count(page, "selected") != 3 || strings.Contains(page, `id="vibrate" checked`) {
			t.Errorf("%s: a boolean attribute written as true: %d selected options for 3 language lists (the home screens')", name, strings.Count(page, "selected"))
		}
	}
}

// TestPageScripts: the page's scripts are declared once (pageScripts) and each is a file of
// web/ with one job: every script of web/ but the QR decoder's worker is on the list, none is
// over 300 lines, and web/boot.js, the first, names every other as it says each one's job.
func TestPageScripts(t *testing.T) {
	files, err := filepath.Glob("../../web/*.js")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, s := range pageScripts {
		listed[strings.TrimPrefix(s, "/web/")] = true
	}
	boot, _ := os.ReadFile("../../web/boot.js")
	for _, f := range files {
		name := filepath.Base(f)
		if name == "qrscan-worker.js" || name == "image-worker.js" || name == "roster-worker.js" { // the QR decoder's worker (pair.js), the image's and the roster reader's (files.js)
			continue
		}
		if !listed[name] {
			t.Errorf("web/%s is not one of the page's scripts (pageScripts)", name)
		}
		delete(listed, name)
		b, _ := os.ReadFile(f)
		if n := bytes.Count(b, []byte("\n")); n > 300 {
			t.Errorf("web/%s has %d lines: more than one job? (300 at most)", name, n)
		}
		if name != "boot.js" && !bytes.Contains(boot, []byte("//   - "+name+": ")) {
			t.Errorf("web/boot.js does not say what web/%s does", name)
		}
	}
	for name := range listed {
		t.Errorf("pageScripts names web/%s, which is not there", name)
	}
	if pageScripts[0] != "/web/boot.js" {
		t.Errorf("the first page script is %s, not boot.js, which makes window.gnosis", pageScripts[0])
	}
}

// servedIn is what gnosis serve serves from dir (web/ under it), on 127.0.0.1:8000 and the
// other hosts named; the test runs in dir from then on.
func servedIn(t *testing.T, dir string, hosts ...string) *site {
	t.Helper()
	t.Chdir(dir)
	h, err := handler(".", "")
	if err != nil {
		t.Fatal(err)
	}
	check, _ := newHostCheck("127.0.0.1:8000", hosts)
	s, err := newSite(h, ".", check)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPageCompressedOnTheFly: the page and go-app's generated files, made from memory, go out
// in brotli or gzip as the browser accepts (the page is read before anything is painted), the
// same bytes as the identity once read back, each encoding under its own ETag, revalidated by
// it (304), whole under a Range; a HEAD and a browser that accepts neither get them as made.
func TestPageCompressedOnTheFly(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	os.MkdirAll(web, 0o755)
	os.WriteFile(filepath.Join(web, "app.wasm"), []byte("\x00asm"), 0o644)
	s := servedIn(t, dir)
	get := func(method, p string, header ...string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(method, "http://127.0.0.1:8000"+p, nil)
		for i := 0; i+1 < len(header); i += 2 {
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		return w
	}
	read := func(enc string, body []byte) string {
		var rd io.Reader = bytes.NewReader(body)
		switch enc {
		case "br":
			rd = brotli.NewReader(rd)
		case "gzip":
			zr, err := gzip.NewReader(rd)
			if err != nil {
				t.Fatal(err)
			}
			rd = zr
		}
		b, err := io.ReadAll(rd)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, p := range append([]string{"/"}, generated...) {
		plain := get("GET", p)
		if plain.Code != 200 || plain.Header().Get("Content-Encoding") != "" || plain.Body.Len() == 0 {
			t.Fatalf("%s as made: %d, encoding %q", p, plain.Code, plain.Header().Get("Content-Encoding"))
		}
		tags := map[string]bool{plain.Header().Get("ETag"): true}
		for _, c := range []struct{ accept, enc, suffix string }{{"gzip, deflate, br, zstd", "br", `-br"`}, {"gzip", "gzip", `-gz"`}} {
			w := get("GET", p, "Accept-Encoding", c.accept)
			tag := w.Header().Get("ETag")
			tags[tag] = true
			switch {
			case w.Code != 200 || w.Header().Get("Content-Encoding") != c.enc:
				t.Errorf("%s, Accept-Encoding %q: %d, encoding %q", p, c.accept, w.Code, w.Header().Get("Content-Encoding"))
			case sorted(read(c.enc, w.Body.Bytes())) != sorted(plain.Body.String()):
				t.Errorf("%s in %s is not the page as made", p, c.enc)
			case !strings.Contains(strings.Join(w.Header().Values("Vary"), ","), "Accept-Encoding") || w.Header().Get("Content-Length") != strconv.Itoa(w.Body.Len()):
				t.Errorf("%s in %s: Vary %q, Content-Length %q for %d bytes", p, c.enc, w.Header().Values("Vary"), w.Header().Get("Content-Length"), w.Body.Len())
			case w.Header().Get("Content-Type") != plain.Header().Get("Content-Type"):
				t.Errorf("%s in %s: type %q, as made %q", p, c.enc, w.Header().Get("Content-Type"), plain.Header().Get("Content-Type"))
			}
			if p == "/" && (w.Body.Len()*3 > plain.Body.Len() || !slices.Contains(w.Header().Values("Vary"), "Host")) {
				t.Errorf("the page in %s: %d bytes of %d, Vary %q", c.enc, w.Body.Len(), plain.Body.Len(), w.Header().Values("Vary"))
			}
			if tag != "" && !strings.HasSuffix(tag, c.suffix) {
				t.Errorf("%s in %s: ETag %s", p, c.enc, tag)
			}
			if tag != "" {
				if again := get("GET", p, "Accept-Encoding", c.accept, "If-None-Match", tag); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
					t.Errorf("%s in %s revalidated by its ETag: %d, %d bytes", p, c.enc, again.Code, again.Body.Len())
				}
			}
			if whole := get("GET", p, "Accept-Encoding", c.accept, "Range", "bytes=0-9"); whole.Code != 200 || sorted(read(c.enc, whole.Body.Bytes())) != sorted(plain.Body.String()) {
				t.Errorf("%s in %s under a Range: %d, %d bytes", p, c.enc, whole.Code, whole.Body.Len())
			}
		}
		if plain.Header().Get("ETag") != "" && len(tags) != 3 {
			t.Errorf("%s: ETags %v, want three", p, tags)
		}
		if head := get("HEAD", p, "Accept-Encoding", "br"); head.Code != 200 || head.Header().Get("Content-Encoding") != "" {
			t.Errorf("HEAD %s: %d, encoding %q", p, head.Code, head.Header().Get("Content-Encoding"))
		}
	}
}

// sorted is s's bytes in order: go-app writes an element's attributes in a map's order, so two
// answers of one page are the same bytes in another order.
func sorted(s string) string {
	b := []byte(s)
	slices.Sort(b)
	return string(b)
}
