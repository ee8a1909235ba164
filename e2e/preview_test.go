package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestMakePreview draws web/preview.png, the 1200×630 picture a link to Gnosis shows in a chat
// (og:image): the app's icon, its name and what it does, on its colours. It runs only with
// GNOSIS_PREVIEW=1 (the picture is kept in the repository, as the icons are); cmd/gnosis's
// TestPreviewImage checks the kept one.
func TestMakePreview(t *testing.T) {
	if os.Getenv("GNOSIS_PREVIEW") == "" {
		t.Skip("draws web/preview.png: GNOSIS_PREVIEW=1")
	}
	icon, err := os.ReadFile(filepath.Join("..", "web", "icon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	p := newPage(t)
	p.do(chromedp.EmulateViewport(1200, 630))
	p.do(chromedp.Navigate("about:blank"))
	eval[bool](p, `(() => { document.documentElement.innerHTML = `+q(`<body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;gap:64px;padding:0 96px;box-sizing:border-box;background:#14121c;color:#f4f1fa;font-family:DejaVu Sans,sans-serif">
		<div style="width:340px;height:340px;flex:none">`+string(icon)+`</div>
		<div><div style="font-size:132px;font-weight:700;letter-spacing:-2px;color:#e8b94a">Gnosis</div>
		<div style="font-size:44px;line-height:1.25;margin-top:12px">Anima Tactics parties and games at the table, offline</div></div></body>`)+`; return true })()`)
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "web", "preview.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
