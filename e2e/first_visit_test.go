package e2e

import (
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"
)

// browserLanguage is a script, run before the page's own, that gives the page a browser in
// language tag (navigator.language and languages).
func browserLanguage(tag string) string {
	return `Object.defineProperty(Navigator.prototype, "language", { get: () => ` + q(tag) + ` });
Object.defineProperty(Navigator.prototype, "languages", { get: () => [` + q(tag) + `] });`
}

// lastLCP is the time of the page's last largest contentful paint, in milliseconds since
// navigation: what the browser took as the largest thing drawn, and when.
const lastLCP = `new Promise((ok) => new PerformanceObserver((l) => { const e = l.getEntries(); ok(e.length ? e[e.length - 1].startTime : -1); })
	.observe({ type: "largest-contentful-paint", buffered: true }))`

// firstSels are the home screen's elements whose boxes must not move when Go takes over.
var firstSels = []string{".topbar h1", ".parties h2", "#new-party", ".parties p.muted", ".parties label.button", "#my-cards",
	"#open-diskwars", "#join-game", "#open-rules", "#language", "#vibrate", "#persist-status", "#persist", "#export-backup", "#data label.button"}

// TestFirstVisit: a first visit's page holds its first screen, drawn by go-app on the server:
// before Go is up it shows the home screen in the browser's language (English, Spanish,
// Italian; any other reads as English), over go-app's loader, with app.wasm's download
// progress, and its controls are disabled: a tap says the app is still starting and does
// nothing. When Go draws the screen, no box moves by more than a pixel and the largest paint
// stays the first one. A shared party's link shows the party's place, then the party. Where
// records are kept, the empty home screen is not shown.
func TestFirstVisit(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	for _, c := range []struct {
		tag, parties, starting string
		w, h                   int64
	}{
		{"en-GB", "My parties", "Still starting: tap again once the screen is ready.", 390, 844},
		{"es-ES", "Mis grupos", "Aún se está iniciando: vuelve a tocar cuando la pantalla esté lista.", 360, 740},
		{"it", "I miei gruppi", "Ancora in avvio: tocca di nuovo quando la schermata è pronta.", 390, 844},
		{"de-DE", "My parties", "Still starting: tap again once the screen is ready.", 360, 740},
	} {
		t.Run(c.tag, func(t *testing.T) {
			p := newPage(t)
			p.resize(c.w, c.h)
			held(p, chromedp.Navigate(base), browserLanguage(c.tag))
			p.waitFor(`!!document.querySelector("#glance.first-copy")`, "the first screen as the start copy")
			if has(p, "body[data-ready]") {
				t.Fatal("Go drew the screen while held back")
			}
			p.wantText("#glance .parties h2", c.parties)
			state := eval[map[string]string](p, `(() => {
				const g = document.getElementById("glance");
				return {
					loader: getComputedStyle(document.getElementById("app-wasm-loader")).visibility,
					root: getComputedStyle(document.body.firstElementChild).display,
					busy: g.getAttribute("aria-busy"), disabled: String(g.querySelector("#new-party").getAttribute("aria-disabled")),
					others: String(document.querySelectorAll(".home").length), lang: document.documentElement.lang,
				};
			})()`)
			lang := c.tag[:2]
			if lang == "de" {
				lang = "en"
			}
			want := map[string]string{"loader": "hidden", "root": "none", "busy": "true", "disabled": "true", "others": "1", "lang": lang}
			for k, v := range want {
				if state[k] != v {
					t.Errorf("the first screen: %s is %q, want %q", k, state[k], v)
				}
			}
			// The download's progress, as go-app's loader counts it, in the screen's status.
			p.waitFor(`/\d+%$/.test(document.querySelector("#glance .glance-status").textContent)`, "the download's progress in the first screen")
			if !eval[bool](p, `(() => { const b = document.querySelector("#glance .glance-status").getBoundingClientRect(); return b.height > 10 && b.bottom <= innerHeight })()`) {
				t.Error("the download's progress is not where the player sees it")
			}
			if !regexp.MustCompile(`\d+%$`).MatchString(eval[string](p, `document.querySelector("#glance .glance-status").textContent`)) {
				t.Error("no progress in the first screen's status")
			}
			p.shot("first-visit-" + c.tag)
			p.audit("the first screen, " + c.tag)
			copyBoxes := eval[[][]float64](p, glanceBoxesJS+`("#glance", `+jsonOf(firstSels)+`)`)

			// A tap before Go is up: nothing happens but the status saying so.
			p.tap("#glance #new-party")
			p.tap("#glance #open-rules")
			p.wantText("#glance .glance-status", c.starting)
			if h := eval[string](p, `location.hash`); h != "" {
				t.Errorf("a tap on the first screen went through: the address is at %q", h)
			}

			eval[bool](p, `(window.releaseGo(), true)`)
			ready := p.ready()
			if has(p, "#glance") || has(p, "#first-screens") {
				t.Error("the first screen stayed after Go drew the screen")
			}
			p.wantText(".parties h2", c.parties)
			eval[bool](p, `(scrollTo(0, 0), true)`) // as the copy's were taken: the top bar sticks to the top
			sameBoxes(t, "the first visit", firstSels, copyBoxes, eval[[][]float64](p, glanceBoxesJS+`(".shell", `+jsonOf(firstSels)+`)`))
			if lcp := eval[float64](p, lastLCP); lcp < 0 || lcp >= ready {
				t.Errorf("the largest paint came at %.0f ms, Go's screen at %.0f: the first screen was not the largest", lcp, ready)
			}
			if has(p, "#new-party:focus") || eval[string](p, `location.hash`) != "" {
				t.Error("a tap on the first screen was answered once Go was up")
			}
		})
	}

	t.Run("shared link", func(t *testing.T) {
		link := visitorsLink(t, base)
		p := newPage(t)
		held(p, chromedp.Navigate(link), browserLanguage("es-ES"))
		p.waitFor(`!!document.querySelector("#glance.first-copy #shared-party")`, "the shared link's first screen")
		p.wantText("#glance #shared-party h2", "Abriendo el grupo…")
		p.wantText("#glance .topbar h1", "Grupo compartido")
		p.waitFor(`/\d+%$/.test(document.querySelector("#glance .glance-status").textContent)`, "the download's progress")
		place := eval[[][]float64](p, glanceBoxesJS+`("#glance", ["#shared-party", ".topbar h1"])`)
		p.shot("first-visit-shared-link")
		p.audit("the shared link's first screen")
		eval[bool](p, `(window.releaseGo(), true)`)
		p.ready()
		p.wantIn("#shared-party h2", "Visitors")
		after := eval[[][]float64](p, glanceBoxesJS+`(".shell", ["#shared-party", ".topbar h1"])`)
		if after[0] == nil || after[0][1] != place[0][1] || after[0][0] != place[0][0] {
			t.Errorf("the party is not in its place: %v, kept at %v", after[0], place[0])
		}
	})

	t.Run("kept records", func(t *testing.T) {
		// A profile with parties: the empty home screen is never shown; where localStorage
		// holds nothing of the app's, the records read ahead take it away.
		p := newPage(t)
		p.open(base)
		seedParties(p)
		p.reload()
		held(p, chromedp.Reload())
		if has(p, "#glance.first-copy") {
			t.Error("the empty home screen shows where parties are kept")
		}
		eval[bool](p, `(window.releaseGo(), true)`)
		p.ready()
		held(p, chromedp.Reload(), `localStorage.clear()`)
		p.waitFor(`performance.getEntriesByName("gnosis:glance").length > 0 && !document.getElementById("glance")`, "the empty home screen taken away")
		eval[bool](p, `(window.releaseGo(), true)`)
		p.ready()
		p.wantIn(".parties", "Dark Hand")
	})
}
