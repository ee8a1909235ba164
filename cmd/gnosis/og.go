//go:build !wasm

package main

import (
	"bytes"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strings"
)

// previewImage is the picture a link to Gnosis shows in a chat (og:image): 1200×630 pixels,
// kept in web/ (e2e TestMakePreview draws it).
const previewImage = "web/preview.png"

// ogAddress matches go-app's Open Graph address and image, whatever they say (go-app writes
// "https://" and the path when it knows no domain, and a tag's attributes in either order).
var ogAddress = regexp.MustCompile(`<meta (property="og:(url|image)" content="[^"]*"|content="[^"]*" property="og:(url|image)")>`)

// withLinkPreview writes the page's og:url and og:image as absolute addresses under root (the
// site's address, "https://host/path/", ending in "/"): the page's own, and the preview
// picture. With root "" (no address known) both tags are left out, never written empty.
func withLinkPreview(page []byte, root string) []byte {
	page = ogAddress.ReplaceAll(page, nil)
	if root == "" {
		return page
	}
	tags := fmt.Sprintf(`<meta property="og:url" content="%s"><meta property="og:image" content="%s">`,
		html.EscapeString(root), html.EscapeString(root+previewImage))
	at := bytes.Index(page, []byte(`<meta property="og:title"`))
	if at < 0 {
		at = bytes.Index(page, []byte(`</head>`))
	}
	if at < 0 {
		return page
	}
	return append(page[:at:at], append([]byte(tags), page[at:]...)...)
}

// siteURL reads the address a site is served at (gnosis static -url, gnosis serve -url): http
// or https, a host, and a path of plain segments. It returns it ending in "/", and the path
// ("/gnosis", "" for the host's root).
func siteURL(s string) (root, path string, err error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", "", fmt.Errorf("-url %q: want the site's address, such as https://example.org/gnosis", s)
	}
	if err := checkBase(u.Path); err != nil {
		return "", "", fmt.Errorf("-url %q: %v", s, err)
	}
	path = strings.TrimSuffix(siteRoot(u.Path), "/")
	return u.Scheme + "://" + u.Host + path + "/", path, nil
}
