//go:build !wasm

package main

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

//go:embed app-worker.js
var workerTemplate string

// handler builds the PWA's handler for the site under base ("" or "/prefix"). dir holds
// web/ with app.wasm; the hash of every file of web/ (app.wasm, the rules' summaries, the
// page script, the styles, the icons: all that the service worker keeps offline) is the
// app's Version: a change of any of them is an update, a restart is not.
func handler(dir, base string) (*app.Handler, error) {
	wasm, err := os.Stat(filepath.Join(dir, "web", "app.wasm")) // its bytes are read by webHash
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s is missing: run make build first", filepath.Join(dir, "web", "app.wasm"))
	} else if err != nil {
		return nil, err
	}
	sum, err := webHash(filepath.Join(dir, "web"))
	if err != nil {
		return nil, err
	}
	root := siteRoot(base)
	base = strings.TrimSuffix(root, "/")
	version := hex.EncodeToString(sum[:8])
	h := &app.Handler{
		Name:                  "Gnosis · Anima Tactics companion",
		ShortName:             "Gnosis",
		Title:                 "Gnosis",
		Description:           "Build Anima Tactics parties and track games at the table, offline.",
		Lang:                  "en",
		BackgroundColor:       "#14121c",
		ThemeColor:            "#2b2540",
		LoadingLabel:          "Gnosis {progress}%",
		Icon:                  app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", Maskable: "/web/icon-maskable-512.png", SVG: "/web/icon.svg"},
		Styles:                []string{"/web/gnosis.css"},
		Scripts:               pageScripts[:startScripts], // as the head is read: before app.js
		CacheableResources:    append([]string{"/web/icon.svg", "/web/rules.json"}, pageScripts[startScripts:]...),
		Version:               version,
		WasmContentLength:     strconv.FormatInt(wasm.Size(), 10),
		ServiceWorkerTemplate: strings.ReplaceAll(workerTemplate, "{{.Root}}", root),
		// The version is in the page for the page script, which checks a copy of the last
		// screen against it before app.js has run (web/copy.js: the glance). app.wasm is not
		// preloaded: it is asked for once the page's first frame is painted (web/boot.js).
		RawHeaders: append([]string{`<meta name="gnosis-version" content="` + version + `">`}, deferred(base, pageScripts[startScripts:])...),
	}
	if base != "" {
		h.Resources = app.PrefixedLocation(base)
	}
	return h, nil
}

// pageScripts are the page's scripts, in the order they run, each one job (web/boot.js says
// which): the page's start, the records, the start copy's data and the copy, the counters'
// taps, the sheets and Back, what the player takes out, and two phones' link. The first
// startScripts run as the head is read: boot.js holds app.wasm's request, which go-app's
// deferred app.js makes, and the start copy chooses the first screen before the page is read
// and paints the copy of the last one as soon as it is. The others are deferred (deferred):
// they run in their order once the page is read, before DOMContentLoaded and long before Go
// calls them, and no longer hold back the first paint (Lighthouse counted each
// render-blocking, in three rounds of requests: with the styles, six, one round).
var pageScripts = []string{"/web/boot.js", "/web/store.js", "/web/copy-data.js", "/web/copy.js", "/web/presses.js",
	"/web/sheets.js", "/web/files.js", "/web/pair.js"}

// startScripts are how many of pageScripts run as the head is read.
const startScripts = 4

// deferred are the script elements of paths, deferred, under base ("" or "/prefix").
func deferred(base string, paths []string) []string {
	tags := make([]string, len(paths))
	for i, p := range paths {
		tags[i] = `<script defer src="` + base + p + `"></script>`
	}
	return tags
}

// siteRoot is the path of the app's page for a -base prefix: "/" or "/prefix/".
func siteRoot(base string) string {
	if t := strings.Trim(base, "/"); t != "" {
		return "/" + t + "/"
	}
	return "/"
}

// webHash is the SHA-256 of the files of web (each one's path and content, in path order),
// but the precompressed copies, which follow their originals.
func webHash(web string) ([]byte, error) {
	hash := sha256.New()
	err := filepath.WalkDir(web, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(web, p)
		fmt.Fprintf(hash, "%s\x00%d\x00", filepath.ToSlash(rel), len(b))
		hash.Write(b)
		return nil
	})
	return hash.Sum(nil), err
}

func serveCmd(args []string, stderr io.Writer) error {
	fs := newFlags("serve")
	addr := fs.String("addr", "127.0.0.1:8000", "address to listen on")
	dir := fs.String("dir", ".", "directory holding web/")
	hosts := fs.String("host", "", "other host names the server answers to, comma-separated (to open it from a phone on the LAN by name)")
	public := fs.String("url", "", "the address the app is reached at, such as https://example.org/ behind a proxy, for link previews (og:url, og:image); by default the one each page is asked at")
	if err := parse(fs, args); err != nil {
		return err
	}
	check, err := newHostCheck(*addr, strings.Split(*hosts, ","))
	if err != nil {
		return usageError(fmt.Sprintf("-addr %s: %v", *addr, err))
	}
	if err := os.Chdir(*dir); err != nil {
		return err
	}
	h, err := handler(".", "")
	if err != nil {
		return err
	}
	s, err := newSite(h, ".", check)
	if err != nil {
		return err
	}
	if *public != "" {
		root, path, err := siteURL(*public)
		if err != nil || path != "" {
			return usageError(fmt.Sprintf("-url %s: want the address of the server's root, such as https://example.org/", *public))
		}
		s.root = root
	}
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      5 * time.Minute, // app.wasm to a phone on a slow network
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(stderr, "", log.LstdFlags),
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "gnosis: serving http://%s/ (version %s)\n", l.Addr(), h.Version)
	return srv.Serve(l)
}
