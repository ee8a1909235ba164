//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// CSP is the Content-Security-Policy of every page of Gnosis, served by `gnosis serve` and
// written for static hosts by `gnosis static`. Scripts come only from the app's own origin, as
// files ('wasm-unsafe-eval' lets Go's wasm_exec.js compile app.wasm; nothing is evaluated from
// strings); go-app sets inline style attributes (a meter's width), which style-src-attr allows
// and nothing else; images are the app's own or data: URLs; the page may not be framed.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
	"manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; " +
	"frame-ancestors 'none'"

// securityHeaders are sent with every answer of `gnosis serve` and written into the static
// site's _headers file.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", CSP},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"X-Frame-Options", "DENY"},
}

// generated are the files go-app writes from memory for the page.
var generated = []string{"/app.js", "/app-worker.js", "/wasm_exec.js", "/manifest.webmanifest", "/app.css"}

// site serves exactly what the app is: its page at "/", go-app's generated files, and the
// files under web/ that existed when it started. Everything else is 404, whatever its
// escaping: a path whose cleaned form differs from itself, a dotfile, a folder. Only GET and
// HEAD are answered (405 otherwise), and only for a Host the server was told to answer to
// (421 otherwise), so that a page of another site cannot reach it by DNS rebinding.
type site struct {
	app   http.Handler
	files map[string]bool // the paths served: "/", go-app's files, "/web/…"
	hosts hostCheck
	web   string // the folder of web/, where precompressed copies are looked for
	root  string // the site's address for link previews (gnosis serve -url), "" for the one asked at
}

// newSite wraps the app's handler h; dir holds web/.
func newSite(h http.Handler, dir string, hosts hostCheck) (*site, error) {
	web := filepath.Join(dir, "web")
	s := &site{app: h, files: map[string]bool{"/": true}, hosts: hosts, web: web}
	for _, g := range generated {
		s.files[g] = true
	}
	err := filepath.WalkDir(web, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if strings.HasPrefix(d.Name(), ".") && p != web {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && !strings.HasSuffix(p, ".br") && !strings.HasSuffix(p, ".gz") {
			rel, err := filepath.Rel(web, p)
			if err != nil {
				return err
			}
			s.files["/web/"+filepath.ToSlash(rel)] = true
		}
		return nil
	})
	return s, err
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for _, h := range securityHeaders {
		w.Header().Set(h[0], h[1])
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if !s.hosts.allows(r.Host) {
		http.Error(w, "this server does not answer to "+r.Host, http.StatusMisdirectedRequest)
		return
	}
	if !s.serves(r) {
		http.NotFound(w, r)
		return
	}
	if enc, ext := s.encoding(r); enc != "" {
		// The precompressed copy, under the original's type and cache rule, with an ETag of
		// its own ("…-br", "…-gz": another representation than the identity's), and whole.
		w.Header().Set("Content-Encoding", enc)
		w.Header().Set("Content-Type", contentType(r.URL.Path))
		w.Header().Add("Vary", "Accept-Encoding")
		suffix := "-" + strings.TrimPrefix(ext, ".")
		r2 := forEncoding(r, suffix)
		r2.URL.Path += ext
		s.app.ServeHTTP(&etagSuffix{ResponseWriter: w, suffix: suffix}, r2)
		return
	}
	if strings.HasPrefix(r.URL.Path, "/web/") {
		w.Header().Add("Vary", "Accept-Encoding")
	}
	if r.URL.Path == "/" {
		s.servePage(w, r)
		return
	}
	if r.Method == http.MethodGet && slices.Contains(generated, r.URL.Path) {
		s.serveMade(w, r, nil)
		return
	}
	s.app.ServeHTTP(w, r)
}

// servePage serves the app's page with its link preview's address (withLinkPreview): the one
// the server was given (-url), else the address it was asked at (a Host it answers to).
func (s *site) servePage(w http.ResponseWriter, r *http.Request) {
	root := s.root
	if root == "" {
		root = "http://" + r.Host + "/"
	}
	s.serveMade(w, r, func(body []byte) []byte { return withLinkPreview(body, root) }, "Host")
}

// serveMade serves an answer go-app makes from memory (the page, its generated files), changed
// by change where it is a 200 (nil: as made), and compressed as it goes out where the browser
// accepts brotli or gzip (onTheFly): the page is 22 kB of HTML, read before anything is
// painted. A compressed answer has its own ETag ("…-br", "…-gz"), as a precompressed copy
// has, and is whole (no Range). A HEAD is answered as made. vary are the request's headers
// the answer depends on besides Accept-Encoding.
func (s *site) serveMade(w http.ResponseWriter, r *http.Request, change func([]byte) []byte, vary ...string) {
	enc := ""
	if r.Method == http.MethodGet {
		enc = onTheFly(r.Header.Get("Accept-Encoding"))
	}
	r2 := r
	suffix := ""
	if enc != "" {
		suffix = "-" + map[string]string{"br": "br", "gzip": "gz"}[enc]
		r2 = forEncoding(r, suffix)
	}
	var made pageRecorder
	made.header = http.Header{}
	s.app.ServeHTTP(&made, r2)
	code, body := max(made.code, http.StatusOK), made.body.Bytes()
	if code == http.StatusOK && change != nil {
		body = change(body)
	}
	for k, v := range made.header {
		w.Header()[k] = v
	}
	for _, h := range vary {
		w.Header().Add("Vary", h)
	}
	if enc != "" {
		w.Header().Add("Vary", "Accept-Encoding")
		if tag := w.Header().Get("ETag"); strings.HasSuffix(tag, `"`) {
			w.Header().Set("ETag", strings.TrimSuffix(tag, `"`)+suffix+`"`)
		}
		if code == http.StatusOK {
			body = compressed(enc, body)
			w.Header().Set("Content-Encoding", enc)
			w.Header().Del("Accept-Ranges")
		}
	}
	if code != http.StatusNotModified {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	}
	w.WriteHeader(code)
	w.Write(body)
}

// forEncoding is r as go-app is asked it for an answer in an encoding whose ETag carries suffix
// ("-br", "-gz") inside its quotes: a copy, whole (a Range applies to the identity body only,
// so a resumed download never mixes the bytes of two encodings), whose If-None-Match is the
// identity's ETag where it named this encoding's answer, and none otherwise (go-app compares
// it with its own ETag, the identity's, which does not match the encoded answer).
func forEncoding(r *http.Request, suffix string) *http.Request {
	r2 := r.Clone(r.Context())
	r2.Header.Del("Range")
	r2.Header.Del("If-Range")
	r2.Header.Del("If-None-Match")
	if inm := r.Header.Get("If-None-Match"); strings.HasSuffix(inm, suffix+`"`) {
		r2.Header.Set("If-None-Match", strings.TrimSuffix(inm, suffix+`"`)+`"`)
	}
	return r2
}

// onTheFly is the encoding an answer made from memory is compressed in: brotli where the
// browser accepts it, else gzip, else "" (identity).
func onTheFly(accept string) string {
	for _, enc := range []string{"br", "gzip"} {
		if acceptsEncoding(accept, enc) {
			return enc
		}
	}
	return ""
}

// compressed is body in enc ("br": brotli at 6; "gzip": gzip's default), written as it is
// served: a page or a script of a few tens of kB takes about a millisecond.
func compressed(enc string, body []byte) []byte {
	var b bytes.Buffer
	var zw io.WriteCloser
	if enc == "br" {
		zw = brotli.NewWriterLevel(&b, 6)
	} else {
		zw = gzip.NewWriter(&b)
	}
	zw.Write(body)
	zw.Close()
	return b.Bytes()
}

// pageRecorder keeps an answer to write it changed (servePage).
type pageRecorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (p *pageRecorder) Header() http.Header         { return p.header }
func (p *pageRecorder) WriteHeader(code int)        { p.code = code }
func (p *pageRecorder) Write(b []byte) (int, error) { return p.body.Write(b) }

// encoding picks the precompressed copy of a file under web/ (made by `gnosis precompress`
// at build) that the browser accepts: brotli, else gzip; "" when there is none, or when it
// is older than the file (a stale copy is never served).
func (s *site) encoding(r *http.Request) (enc, ext string) {
	p := r.URL.Path
	if !strings.HasPrefix(p, "/web/") || !compressible[path.Ext(p)] {
		return "", ""
	}
	accept := r.Header.Get("Accept-Encoding")
	file := filepath.Join(s.web, filepath.FromSlash(strings.TrimPrefix(p, "/web/")))
	orig, err := os.Stat(file)
	if err != nil {
		return "", ""
	}
	for _, c := range []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !acceptsEncoding(accept, c.enc) {
			continue
		}
		if st, err := os.Stat(file + c.ext); err == nil && !st.ModTime().Before(orig.ModTime()) {
			return c.enc, c.ext
		}
	}
	return "", ""
}

// etagSuffix writes the answer with suffix added inside its ETag's quotes.
type etagSuffix struct {
	http.ResponseWriter
	suffix string
	done   bool
}

func (e *etagSuffix) tag() {
	if e.done {
		return
	}
	e.done = true
	if tag := e.Header().Get("ETag"); strings.HasSuffix(tag, `"`) {
		e.Header().Set("ETag", strings.TrimSuffix(tag, `"`)+e.suffix+`"`)
	}
}

func (e *etagSuffix) WriteHeader(code int) { e.tag(); e.ResponseWriter.WriteHeader(code) }

func (e *etagSuffix) Write(b []byte) (int, error) { e.tag(); return e.ResponseWriter.Write(b) }

// acceptsEncoding reports whether an Accept-Encoding header accepts enc: listed with a weight
// above 0 (RFC 9110 §12.5.3: "br;q=0.5", parameters in any order), or not listed while "*"
// is, with a weight above 0. A weight that cannot be read counts as 1.
func acceptsEncoding(header, enc string) bool {
	star := -1.0
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(part, ";")
		name := strings.TrimSpace(fields[0])
		q := 1.0
		for _, p := range fields[1:] {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch {
		case strings.EqualFold(name, enc):
			return q > 0
		case name == "*":
			star = q
		}
	}
	return star > 0
}

// contentType is a file's media type by its ending.
func contentType(p string) string {
	if t := mime.TypeByExtension(path.Ext(p)); t != "" {
		return t
	}
	return "application/octet-stream"
}

// serves reports whether r asks for one of the site's files by its plain path: no escaped
// slash, no dot segment, nothing that cleans to another path.
func (s *site) serves(r *http.Request) bool {
	p := r.URL.Path
	if r.URL.RawPath != "" || path.Clean(p) != p || strings.Contains(p, "\\") {
		return false
	}
	return s.files[p]
}

// hostCheck says which Host headers the server answers: its listen address's own host (an
// unspecified address, 0.0.0.0 or ::, allows any IP literal), localhost, and the names given
// with -host, each on the listen port (a name given with a port of its own, on that port).
type hostCheck struct {
	port  string
	ip    net.IP          // the listen address's IP; nil for a name
	names map[string]bool // lower-case host or host:port
}

func newHostCheck(listen string, extra []string) (hostCheck, error) {
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return hostCheck{}, err
	}
	c := hostCheck{port: port, ip: net.ParseIP(host), names: map[string]bool{"localhost": true}}
	if c.ip == nil && host != "" {
		c.names[strings.ToLower(host)] = true
	}
	if host == "" {
		c.ip = net.IPv6unspecified
	}
	for _, e := range extra {
		if e = strings.ToLower(strings.TrimSpace(e)); e != "" {
			c.names[e] = true
		}
	}
	return c, nil
}

func (c hostCheck) allows(hostport string) bool {
	hostport = strings.ToLower(hostport)
	if c.names[hostport] {
		return true
	}
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = hostport, "80"
	}
	if port != c.port {
		return false
	}
	if c.names[host] {
		return true
	}
	ip := net.ParseIP(host)
	if ip == nil || c.ip == nil {
		return false
	}
	return c.ip.IsUnspecified() || ip.Equal(c.ip) || (ip.IsLoopback() && c.ip.IsLoopback())
}
