package e2e

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// largestPaints keeps, from the document's start, each largest contentful paint the browser
// reports (its time, size and element) in window.largestPaints.
const largestPaints = `window.largestPaints = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) {
	const el = e.element; window.largestPaints.push({ at: e.startTime, size: e.size,
		element: el ? el.tagName + (el.id ? "#" + el.id : "") + (el.className ? "." + String(el.className).replace(/ /g, ".") : "") + (el.closest("#glance") ? " (the start copy)" : "") : "(gone)" }); } })
	.observe({ type: "largest-contentful-paint", buffered: true });`

// TestFirstPaintStaysTheLargest (issue 71 part 1): on a first visit of the home screen, CPU 4×
// slower, the largest contentful paint is the page's own, before app.wasm is asked for: the
// prerendered first screen (on a first visit it is the start copy itself, its nodes moved, not
// copied: web/copy.js paintFirst), whose largest paint the browser reports before app.wasm is
// asked for (web/boot.js waits for that report); go-app's first drawing over it paints nothing
// larger. Where the largest paint came after app.wasm's request, Lighthouse's simulation of a
// slow network made it wait for the whole module (a simulated 15.9 s).
func TestFirstPaintStaysTheLargest(t *testing.T) {
	srv := startServer(t)
	for _, size := range []struct{ w, h int64 }{{phoneWidth, phoneHeight}, {360, 740}} {
		p := newPage(t)
		p.resize(size.w, size.h)
		p.throttle(4)
		p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: largestPaints})
			return err
		}))
		p.open("http://" + srv.addr + "/")
		// Two frames after the first screen, for the paints of go-app's drawing to be reported.
		eval[bool](p, `new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => ok(true), 100))))`)
		var got struct {
			Paints []struct {
				At, Size float64
				Element  string
			}
			Wasm, FCP float64
		}
		b, _ := json.Marshal(eval[any](p, `({ paints: window.largestPaints,
			wasm: (performance.getEntriesByType("resource").find(e => e.name.endsWith("/web/app.wasm")) || { startTime: -1 }).startTime,
			fcp: (performance.getEntriesByName("first-contentful-paint")[0] || { startTime: -1 }).startTime })`))
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Paints) == 0 || got.Wasm < 0 {
			t.Fatalf("%dx%d: no largest paint or no app.wasm request reported: %s", size.w, size.h, b)
		}
		var each []string
		for _, lp := range got.Paints {
			each = append(each, lp.Element+" at "+ms(lp.At))
		}
		last := got.Paints[len(got.Paints)-1]
		t.Logf("%dx%d: first paint %s, app.wasm asked for at %s; largest paints: %s", size.w, size.h, ms(got.FCP), ms(got.Wasm), strings.Join(each, ", "))
		if last.At > got.Wasm {
			t.Errorf("%dx%d: the largest paint (%s at %s) came after app.wasm was asked for (%s)", size.w, size.h, last.Element, ms(last.At), ms(got.Wasm))
		}
	}
}

// ms writes a time of the page in milliseconds.
func ms(v float64) string { return strconv.FormatFloat(v, 'f', 0, 64) + " ms" }
