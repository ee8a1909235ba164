//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// compressible lists the endings that get precompressed .gz and .br copies.
var compressible = map[string]bool{".wasm": true, ".js": true, ".css": true, ".html": true, ".json": true, ".webmanifest": true, ".svg": true}

// minCompressed is the smallest file, in bytes, worth a compressed copy.
const minCompressed = 1024

// precompressCmd writes .gz and .br copies beside each file named, for `gnosis serve` to send
// to browsers that accept them (make build runs it on app.wasm and web/'s text files).
func precompressCmd(args []string, stdout io.Writer) error {
	fset := newFlags("precompress")
	level := fset.Int("brotli", 9, "brotli quality, 0 (fast) to 11 (smallest)")
	if err := fset.Parse(args); err != nil {
		return usageError(err.Error())
	}
	if *level < brotli.BestSpeed || *level > brotli.BestCompression {
		return usageError(fmt.Sprintf("-brotli %d: want 0 to 11", *level))
	}
	if fset.NArg() == 0 {
		return usageError("precompress needs the files to compress")
	}
	for _, f := range fset.Args() {
		if err := precompress(f, *level); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "gnosis: compressed %d files\n", fset.NArg())
	return nil
}

func staticCmd(args []string, stdout io.Writer) error {
	fset := newFlags("static")
	out := fset.String("out", "", "directory to write the site into (required)")
	base := fset.String("base", "", "path prefix the site is served under, such as /gnosis")
	site := fset.String("url", "", "the site's address, such as https://example.org/gnosis, for link previews (og:url, og:image); its path is the -base")
	dir := fset.String("dir", ".", "directory holding web/")
	level := fset.Int("brotli", brotli.BestCompression, "brotli quality, 0 (fast) to 11 (smallest)")
	if err := parse(fset, args); err != nil {
		return err
	}
	if *out == "" {
		return usageError("static needs -out DIR")
	}
	if err := checkBase(*base); err != nil {
		return usageError(err.Error())
	}
	root := ""
	if *site != "" {
		r, path, err := siteURL(*site)
		if err != nil {
			return usageError(err.Error())
		}
		if *base != "" && siteRoot(*base) != siteRoot(path) {
			return usageError(fmt.Sprintf("-url %s and -base %s name two paths", *site, *base))
		}
		root, *base = r, path
	}
	if *level < brotli.BestSpeed || *level > brotli.BestCompression {
		return usageError(fmt.Sprintf("-brotli %d: want 0 to 11", *level))
	}
	n, err := writeStatic(*out, *dir, *base, root, *level)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "gnosis: wrote %d files to %s\n", n, *out)
	return nil
}

// writeStatic writes the complete static site into out: the prerendered page, go-app's
// scripts, the manifest, the service worker, every file of dir/web, and .gz/.br copies of
// the larger text and wasm files for hosts that serve precompressed files; root is the site's
// address for link previews ("" when not known: no og:url, no og:image). It returns the
// number of files written. Brotli quality 11 makes app.wasm about 12% smaller than 9 but
// takes about 20 s on it; tests use a low quality.
func writeStatic(out, dir, base, root string, brotliLevel int) (int, error) {
	h, err := handler(dir, base)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	if err := app.GenerateStaticWebsite(out, h); err != nil {
		return 0, err
	}
	if b, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || !bytes.Contains(b, []byte("app.js")) {
		return 0, fmt.Errorf("the generated index.html is not the app's page (%v)", err)
	}
	if err := fixManifest(filepath.Join(out, "manifest.webmanifest"), base); err != nil {
		return 0, err
	}
	if err := fixPages(out, root); err != nil {
		return 0, err
	}
	if err := copyDir(filepath.Join(dir, "web"), filepath.Join(out, "web")); err != nil {
		return 0, err
	}
	if err := writeHostFiles(out, base); err != nil {
		return 0, err
	}
	n := 0
	err = filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		n++
		info, err := d.Info()
		if err != nil || info.Size() < minCompressed || !compressible[strings.ToLower(filepath.Ext(path))] {
			return err
		}
		n += 2
		return precompress(path, brotliLevel)
	})
	return n, err
}

// fixManifest makes the manifest's start_url and scope the site's root with its slash
// ("/gnosis/"): go-app writes "/gnosis" and "/", but the service worker registered from
// /gnosis/app-worker.js controls /gnosis/ only, so an installed app opened at "/gnosis" with
// the network off got the browser's offline page.
func fixManifest(file, base string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("the generated manifest: %v", err)
	}
	m["start_url"], m["scope"] = siteRoot(base), siteRoot(base)
	if b, err = json.Marshal(m); err != nil {
		return err
	}
	return os.WriteFile(file, b, 0o644)
}

// fixPages writes the Content-Security-Policy into every generated page as a <meta>, for
// hosts that ignore the _headers file (GitHub Pages, a plain nginx), and the Open Graph
// address and picture under root, the site's address (withLinkPreview; left out when root is
// ""). frame-ancestors cannot be given by a <meta> (browsers ignore it there and say so), so
// the page's policy leaves it to _headers.
func fixPages(out, root string) error {
	meta := `<meta charset="UTF-8"><meta http-equiv="Content-Security-Policy" content="` + metaCSP() + `">`
	return filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".html" {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.Contains(b, []byte(`<meta charset="UTF-8">`)) {
			return nil // 404.html and other host files
		}
		b = bytes.Replace(b, []byte(`<meta charset="UTF-8">`), []byte(meta), 1)
		b = withLinkPreview(b, root)
		return os.WriteFile(path, b, 0o644)
	})
}

// metaCSP is CSP without the directives a <meta> cannot carry.
func metaCSP() string {
	var keep []string
	for _, d := range strings.Split(CSP, ";") {
		if d = strings.TrimSpace(d); d != "" && !strings.HasPrefix(d, "frame-ancestors") {
			keep = append(keep, d)
		}
	}
	return strings.Join(keep, "; ")
}

func copyDir(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if strings.HasSuffix(path, ".gz") || strings.HasSuffix(path, ".br") {
			return nil // stale copies from an earlier build are made anew
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}

// precompress writes path.gz (gzip, best) and path.br (brotli at the given quality) beside path.
func precompress(path string, brotliLevel int) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		return err
	}
	var br bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotliLevel)
	bw.Write(raw)
	if err := bw.Close(); err != nil {
		return err
	}
	if err := os.WriteFile(path+".gz", gz.Bytes(), 0o644); err != nil {
		return err
	}
	return os.WriteFile(path+".br", br.Bytes(), 0o644)
}

// checkBase accepts a path prefix of plain segments ("/gnosis", "/games/gnosis/"): letters,
// digits and - . _ ~, no dot segment. The prefix is written into the page and the service
// worker as it is.
func checkBase(base string) error {
	trimmed := strings.Trim(base, "/")
	if trimmed == "" {
		return nil
	}
	for _, seg := range strings.Split(trimmed, "/") {
		ok := seg != "" && seg != "." && seg != ".."
		for _, r := range seg {
			ok = ok && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-._~", r))
		}
		if !ok {
			return fmt.Errorf("-base %q: want a path of plain segments such as /gnosis (letters, digits, - . _ ~)", base)
		}
	}
	return nil
}

// writeHostFiles writes what a static host needs beside the site: _headers (the security
// headers and no-cache, in the format of Netlify and Cloudflare Pages), .nojekyll (GitHub Pages
// serves the files as they are) and a 404 page that sends the visitor to the app.
func writeHostFiles(out, base string) error {
	root := siteRoot(base)
	var h strings.Builder
	fmt.Fprintf(&h, "%s*\n", root)
	for _, kv := range securityHeaders {
		fmt.Fprintf(&h, "  %s: %s\n", kv[0], kv[1])
	}
	h.WriteString("  Cache-Control: no-cache\n")
	page := `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gnosis</title>` +
		`<meta http-equiv="refresh" content="0; url=` + root + `"></head>` +
		`<body><p><a href="` + root + `">Gnosis</a></p></body></html>` + "\n"
	for name, content := range map[string]string{"_headers": h.String(), ".nojekyll": "", "404.html": page} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}
