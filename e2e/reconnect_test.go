package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gnosis/engine/text"
)

// TestReconnectAfterReload: two paired phones, and one of them reloads (the guest, then the
// host). Each player taps ⇄ as the lost link asks: the host's pairing screen shows a new code at
// once (never "Paired" while the link is down), the guest's scans it and shows its own, the host
// scans that, and both are back in step with no tap lost; no screen says the phones cannot
// connect. At 390 and 360 px, with the audit; twice, the phones in English and Spanish, then in
// Italian and English, light and dark.
func TestReconnectAfterReload(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	for _, c := range []struct {
		host, guest string
		hostDark    bool
	}{{"en", "es", false}, {"it", "en", true}} {
		t.Run(c.host+"-"+c.guest, func(t *testing.T) { parallel(t); reconnectAfterReload(t, srv, c.host, c.guest, c.hostDark) })
	}
}

func reconnectAfterReload(t *testing.T, srv *server, hostLang, guestLang string, hostDark bool) {
	dir := t.TempDir()
	hostCam, guestCam := filepath.Join(dir, "host.y4m"), filepath.Join(dir, "guest.y4m")
	writeY4M(t, hostCam, nil)
	host := startPairOn(phoneWithCamera(t, t.TempDir(), hostCam), srv, "Light", []string{"Claire Adelheid", "Yuri Olsen"}, "Dark", []string{"Iosara", "May"})
	host.theme(hostDark)
	guest := phoneWithCamera(t, t.TempDir(), guestCam)
	guest.theme(!hostDark)
	inLanguage(guest, srv, guestLang)
	inLanguage(host, srv, hostLang)
	lang := map[*tab]string{host: hostLang, guest: guestLang}
	say := func(p *tab, key string) string { return text.T(lang[p], key) }
	host.click("#play-two-phones")
	guest = pairPhones(t, srv, host, hostCam, "", guestCam, guest)
	guest.waitFor(`!!document.querySelector("#pair-done")`, "the host's game on the guest")
	host.click("#pair-done")
	guest.click("#pair-done")
	value := func(p *tab, css string) string {
		p.waitFor(`!!document.querySelector(`+q(css)+`)`, css)
		return eval[string](p, `document.querySelector(`+q(css)+`).textContent`)
	}
	same := func(what string) {
		t.Helper()
		// Both phones' numbers as they are each time, not the host's read once: a tap of the
		// guest's may reach the host after that read, and the guest shows the number it took.
		for _, css := range []string{"#c-0-0 .lp .value", "#c-0-1 .lp .value", "#c-1-0 .lp .value", "#c-1-1 .lp .value"} {
			deadline := time.Now().Add(patience(30 * time.Second))
			for h, g := value(host, css), value(guest, css); h != g; h, g = value(host, css), value(guest, css) {
				if time.Now().After(deadline) {
					t.Fatalf("%s: %s is %q on the host, %q on the guest", what, css, h, g)
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
		// The whole log: as many gestures kept on each phone.
		deadline := time.Now().Add(patience(10 * time.Second))
		for h, g := gameEntries(host), gameEntries(guest); h != g; h, g = gameEntries(host), gameEntries(guest) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the host keeps %d gestures, the guest %d", what, h, g)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// noFalseCause: no screen says the phones could not connect.
	noFalseCause := func(p *tab, who string) {
		t.Helper()
		if s := eval[string](p, `document.body.innerText`); containsAny(s, say(p, "The phones could not connect. They must be on the same Wi-Fi (one where devices see each other), or one phone shares a hotspot with the other.")) {
			t.Errorf("%s says the phones cannot connect: %s", who, s)
		}
	}
	// rePair: the two phones tap ⇄; the host shows a new code, the guest scans it and shows its
	// own, the host scans that. With stale, the guest's camera still sees the host's last code
	// (a code on another screen): the host refuses the answer to it in words that say what to
	// tap, and the guest's Scan again reads the new one.
	rePair := func(what string, width int64, stale bool) {
		t.Helper()
		for _, p := range []*tab{host, guest} {
			p.resize(width, 780)
			p.waitFor(`!!document.querySelector("#two-phones.link-lost") || !!document.querySelector("#pair-again")`, what+": the lost link said by ⇄, or on the pairing screen")
		}
		// Issue 62: each game screen says in words, in view, what happened and the next tap, in
		// the order the players take them (the host's new code first); the players follow them.
		for p, words := range map[*tab]string{
			host:  "The link to the other phone is lost (it may have reloaded): tap ⇄ here for a new code, then ⇄ on the other phone to scan it.",
			guest: "The link to the first phone is lost (a phone may have reloaded): tap ⇄ on the other phone first, then ⇄ here to scan its code.",
		} {
			if !has(p, "#two-phones") {
				continue // on its pairing screen, which says it (below)
			}
			p.wantIn("#link-lost", say(p, words))
			if !p.holds(`(() => { const r = document.querySelector("#link-lost").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight })()`) {
				t.Errorf("%s: the words of the lost link are out of view", what)
			}
			p.shot("reconnect-words-" + lang[p] + "-" + strings.ReplaceAll(what, " ", "-"))
		}
		host.click("#two-phones")
		host.waitFor(`!!document.querySelector("#pair-qr svg")`, what+": the host's new code")
		if s := value(host, ".pair"); containsAny(s, say(host, "Paired. Check that both phones show the same code:")) {
			t.Errorf("%s: the host's pairing screen says %q while the link is down", what, s)
		}
		host.wantIn(".pair", say(host, "1. On the other phone: tap ⇄, and scan this code."))
		host.audit(what + ": the host")
		host.shot("reconnect-host-code-" + hostLang + "-" + strings.ReplaceAll(what, " ", "-"))
		code := host.codeImage()
		if !stale {
			writeY4M(t, guestCam, code)
		}
		if has(guest, "#pair-again") {
			guest.click("#pair-again")
		} else {
			guest.click("#two-phones")
		}
		writeY4M(t, hostCam, guest.codeImage())
		guest.audit(what + ": the guest")
		guest.shot("reconnect-guest-code-" + guestLang + "-" + strings.ReplaceAll(what, " ", "-"))
		host.click("#pair-scan")
		if stale {
			host.wantIn("#pair-error", say(host, "That code answers an older code of this phone: on the other phone, tap Scan again and scan the code shown here."))
			noFalseCause(host, what)
			writeY4M(t, guestCam, code)
			old := eval[string](guest, `document.querySelector("#pair-qr").innerHTML`)
			guest.click("#pair-rescan")
			guest.waitFor(`!!document.querySelector("#pair-qr svg") && document.querySelector("#pair-qr").innerHTML !== `+q(old), what+": the guest's new code")
			writeY4M(t, hostCam, guest.codeImage())
		}
		for _, p := range []*tab{host, guest} {
			p.within(`!!document.querySelector("#pair-code")`, patience(20*time.Second))
			noFalseCause(p, what)
			p.wantIn("#pair-status", say(p, "Paired. Check that both phones show the same code:"))
		}
		if a, b := value(host, "#pair-code"), value(guest, "#pair-code"); a != b {
			t.Errorf("%s: the phones show %q and %q", what, a, b)
		}
		guest.waitFor(`!!document.querySelector("#pair-done")`, what+": the game on the guest")
		host.click("#pair-done")
		guest.click("#pair-done")
		same(what + ": the same game on both phones")
	}

	guest.click("#tab-1")
	before := value(host, "#c-1-0 .lp .value")
	guest.tap("#c-1-0 .lp .minus")
	host.waitFor(`document.querySelector("#c-1-0 .lp .value").textContent != `+q(before), "the guest's tap on the host")

	guest.reload()
	guest.waitFor(`!!document.querySelector("#side-1.shown")`, "the guest back on its own side after its reload")
	if has(guest, "#c-0-0 .activate") {
		t.Error("the guest offers to activate a character of the host's side")
	}
	rePair("the guest reloaded", 390, true)
	guest.click("#tab-1")
	guest.tap("#c-1-1 .lp .minus")
	same("a tap of the guest's after pairing again")

	host.tap("#c-0-0 .lp .minus")
	same("a tap of the host's")
	// The guest sits on its pairing screen, paired, as the host reloads: it says the link is
	// lost and what to tap, not "Paired".
	guest.click("#two-phones")
	guest.wantIn("#pair-status", say(guest, "Paired. Check that both phones show the same code:"))
	host.reload()
	guest.wantIn("#pair-status", say(guest, "The link is lost (a phone may have reloaded). 1. On the other phone, tap ⇄: it shows a new code. 2. Then tap Pair again here and scan it."))
	if s := value(guest, ".pair"); containsAny(s, say(guest, "Paired. Check that both phones show the same code:")) {
		t.Errorf("the guest's pairing screen says %q while the link is down", s)
	}
	guest.audit("the guest, its link lost")
	guest.shot("reconnect-guest-link-lost-" + guestLang)
	rePair("the host reloaded", 360, false)
	host.click("#tab-0")
	host.tap("#c-0-1 .lp .minus")
	same("a tap of the host's after pairing again")
}

// containsAny reports whether s contains one of parts.
func containsAny(s string, parts ...string) bool {
	for _, p := range parts {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}
