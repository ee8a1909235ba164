//go:build !wasm

package main

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log"
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
// web/ with app.wasm, whose content hash is the app's Version: a new build is an update,
// a restart is not.
func handler(dir, base string) (*app.Handler, error) {
	wasm, err := os.ReadFile(filepath.Join(dir, "web", "app.wasm"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s is missing: run make build first", filepath.Join(dir, "web", "app.wasm"))
	} else if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(wasm)
	base = "/" + strings.Trim(base, "/")
	root := base
	if base != "/" {
		root = base + "/"
	} else {
		base = ""
	}
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
		CacheableResources:    []string{"/web/icon.svg"},
		Version:               hex.EncodeToString(sum[:8]),
		WasmContentLength:     strconv.Itoa(len(wasm)),
		ServiceWorkerTemplate: strings.ReplaceAll(workerTemplate, "{{.Root}}", root),
	}
	if base != "" {
		h.Resources = app.PrefixedLocation(base)
	}
	return h, nil
}

func serveCmd(args []string, stderr io.Writer) error {
	fs := newFlags("serve")
	addr := fs.String("addr", "127.0.0.1:8000", "address to listen on")
	dir := fs.String("dir", ".", "directory holding web/")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := os.Chdir(*dir); err != nil {
		return err
	}
	h, err := handler(".", "")
	if err != nil {
		return err
	}
	srv := &http.Server{Addr: *addr, Handler: h, ReadHeaderTimeout: 10 * time.Second, ErrorLog: log.New(stderr, "", log.LstdFlags)}
	fmt.Fprintf(stderr, "gnosis: serving http://%s/ (version %s)\n", *addr, h.Version)
	return srv.ListenAndServe()
}
