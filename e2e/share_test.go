package e2e

import (
	"os"
	"strings"
	"testing"
)

// TestShareLinkAcrossProfiles shares a party from one browser profile and opens the link in
// a fresh one: read-only with its legality, nothing stored until saved; then the second
// profile goes offline and still opens the link, saves, and plays against it.
func TestShareLinkAcrossProfiles(t *testing.T) {
	srv := startServer(t)
	a := newPage(t)
	a.open("http://" + srv.addr + "/")
	buildParty(a, "Sharers", "Nero", "Grey")
	a.choose("#m-0 .give-advantage", "Heavy Armor")
	a.click("#share-party")
	a.waitFor(`!!document.querySelector("#qr svg path")`, "the QR code")
	link := eval[string](a, `document.querySelector("#share-link").value`)
	if !strings.HasPrefix(link, "http://"+srv.addr+"/#p=") || len(link)-len("http://"+srv.addr+"/#p=") > 48 {
		t.Fatalf("link %q", link)
	}
	a.waitFor(`document.querySelector("#plain-text").value.includes("- Nero (50) + Heavy Armor (5)")`, "the plain text")
	a.shot("share-qr")
	a.click("#share-button")
	a.waitFor(`!!document.querySelector("#notice")`, "word on the copy")

	b := newPage(t)
	b.open(link)
	b.wantIn("#shared-party", "Sharers")
	b.wantIn("#shared-party", "Heavy Armor")
	b.wantIn("#shared-legal", "Every party rule is kept")
	if got := eval[bool](b, `localStorage.getItem("gnosis.parties") === null`); !got {
		t.Error("opening a link stored something before the player chose")
	}
	b.shot("shared-party")
	b.waitPrecached("/", "/app.js", "/web/app.wasm")

	srv.stop()
	b.reload() // offline, still on the link
	b.wantIn("#shared-party", "Sharers")
	b.click("#save-shared")
	b.wantIn("#levels-left", "90 / 250 levels")
	b.click("button.back")
	b.wantContains("Sharers")

	// Use the same link as an opponent, offline.
	b.open(link)
	b.click("#use-as-opponent")
	b.wantIn("#choose-for-opponent", "play against Sharers")
	b.click(`button[aria-label="Play with Sharers"]`)
	b.waitFor(`document.querySelector("#opponent").selectedOptions[0].text === "Sharers (from the link)"`, "the link's party as the opponent")
	b.click("#begin")
	b.wantIn("#levels-1", "90 levels on the table")
	b.wantIn("#c-1-0", "Nero")

	// A tampered link says so and changes nothing.
	before := eval[string](b, `localStorage.getItem("gnosis.parties")`)
	i := strings.Index(link, "#p=") + 6
	swap := byte('A') // another character of the payload's alphabet
	if link[i] == 'A' {
		swap = 'B'
	}
	bad := link[:i] + string(swap) + link[i+1:]
	b.open(bad)
	b.wantIn("#shared-error", "cannot be read")
	b.shot("shared-bad-link")
	if after := eval[string](b, `localStorage.getItem("gnosis.parties")`); after != before {
		t.Error("a bad link changed the saved parties")
	}
}

// TestStorageProblems: a corrupted record is set aside and offered for download while the
// app keeps working; an old schema version is read; a full quota keeps the old record and
// says so.
func TestStorageProblems(t *testing.T) {
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	v1cards, err := os.ReadFile("../app/store/testdata/v1-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	eval[bool](p, `localStorage.setItem("gnosis.parties", "{broken"), localStorage.setItem("gnosis.cards", `+q(string(v1cards))+`), true`)
	// Five starts with the same damaged record make one set-aside copy, downloadable each time.
	for range 5 {
		p.reload()
		p.wantIn(".notice.problem", "could not be read")
		if href := eval[string](p, `document.querySelector(".notice.problem a").href`); !strings.Contains(href, "%7Bbroken") {
			t.Errorf("download link %q", href)
		}
		eval[bool](p, `localStorage.setItem("gnosis.parties", "{broken"), true`)
	}
	if aside := eval[[]string](p, `Object.keys(localStorage).filter(k => k.startsWith("gnosis.unreadable.")).map(k => localStorage.getItem(k))`); len(aside) != 1 || aside[0] != "{broken" {
		t.Errorf("set aside: %q", aside)
	}
	p.wantIn("#aside", "gnosis.unreadable.gnosis.parties.")
	p.shot("storage-problem")
	p.click("#my-cards")
	p.wantIn("#own-cards", "Elhaym")
	p.wantIn("#own-cards", "Lucky Charm")
	p.click("button.back")
	buildParty(p, "After the problem", "Nero")
	if v := eval[string](p, `localStorage.getItem("gnosis.parties")`); !strings.Contains(v, "After the problem") || !strings.Contains(v, `"v":2`) {
		t.Errorf("not saved after the problem: %s", v)
	}

	// An old (version 1) parties record is read.
	v1parties, _ := os.ReadFile("../app/store/testdata/v1-parties.json")
	eval[bool](p, `localStorage.setItem("gnosis.parties", `+q(string(v1parties))+`), true`)
	p.reload()
	p.wantContains("2 characters · 90 / 250 levels")

	// A full quota: the change stays on screen, the saved record stays as it was.
	before := eval[string](p, `localStorage.getItem("gnosis.parties")`)
	fill := func() {
		eval[bool](p, `(() => { let n = 6 << 20; while (n > 16) { try { localStorage.setItem("junk", "x".repeat(n)); break } catch (e) { n = Math.floor(n * 0.9) } } return true })()`)
		eval[bool](p, `(() => { let i = 0; for (const size of [4096, 512, 64, 8, 1]) { for (;;) { try { localStorage.setItem("junk" + i++, "x".repeat(size)) } catch (e) { break } } } return true })()`)
	}
	fill()
	// Imports claim nothing they did not store: a party file, a card pack.
	dir := t.TempDir()
	partyFile := dir + "/party.json"
	os.WriteFile(partyFile, []byte(`{"version":1,"name":"Imported while full","edition":"core","level":250,"characters":[{"name":"Nero"}]}`), 0o644)
	p.upload("#import-party", partyFile)
	p.wantIn("#notice", "Not saved on this device")
	p.wantIn(".party-item .unsaved", "not saved")
	p.waitFor(`!!document.querySelector("#notice-backup")`, "a backup offered")
	if strings.Contains(eval[string](p, `document.querySelector("#notice").textContent`), "Imported") {
		t.Error("an import into a full storage said it was imported")
	}
	p.shot("storage-full-import")
	eval[bool](p, `location.hash = "#/cards", true`)
	p.waitFor(`!!document.querySelector("#import-cards")`, "the cards screen")
	pack := dir + "/pack.json"
	os.WriteFile(pack, []byte(`{"version":1,"kind":"gnosis-card-pack","characters":[{"name":"Full Card","categories":["Fighter"],"level":10,"lp":"5","actions":3,"recovery":2}],"advantages":[]}`), 0o644)
	p.upload("#import-cards", pack)
	p.wantIn("#notice", "Not saved on this device")
	if strings.Contains(eval[string](p, `document.querySelector("#notice").textContent`), "Imported") {
		t.Error("a card pack imported into a full storage said it was imported")
	}
	p.click("button.back")
	p.click(`button[aria-label="Edit Church"]`)
	p.typeInto("#catalog-search", "xavier")
	p.click(`button[aria-label="Add Xavier"]`)
	p.wantIn("#notice", "Not saved on this device")
	p.shot("storage-full")
	if after := eval[string](p, `localStorage.getItem("gnosis.parties")`); after != before {
		t.Error("a failed write changed the saved record")
	}
	eval[bool](p, `Object.keys(localStorage).filter(k => k.startsWith("junk")).forEach(k => localStorage.removeItem(k)), true`)
	p.click(`button[aria-label="Remove Xavier"]`)
	if v := eval[string](p, `localStorage.getItem("gnosis.parties")`); strings.Contains(v, "Xavier") || !strings.Contains(v, "Grey") {
		t.Errorf("saving did not resume: %s", v)
	}
	p.click("button.back")
	p.waitFor(`!!document.querySelector("#persist-status") && document.querySelector("#persist-status").textContent.length > 10`, "the persistence status")
}

// TestTwoTabs: a change in one tab shows in the other without a reload.
func TestTwoTabs(t *testing.T) {
	srv := startServer(t)
	one := newPage(t)
	one.open("http://" + srv.addr + "/")
	two := one.newTab()
	two.open("http://" + srv.addr + "/")
	buildParty(one, "From tab one", "Nero")
	two.wantContains("From tab one")
	two.click(`button[aria-label="Edit From tab one"]`)
	two.typeInto("#catalog-search", "grey")
	two.click(`button[aria-label="Add Grey"]`)
	one.wantIn("#party-members", "Grey")
	if v := eval[string](one, `localStorage.getItem("gnosis.parties")`); !strings.Contains(v, "Grey") || !strings.Contains(v, "Nero") {
		t.Errorf("saved: %s", v)
	}
}

// TestBackup backs everything up in one profile and restores it in another, twice: the second
// restore adds nothing.
func TestBackup(t *testing.T) {
	srv := startServer(t)
	a := newPage(t)
	a.open("http://" + srv.addr + "/")
	buildParty(a, "Backed up", "Nero", "Grey")
	a.click("button.back")
	a.waitFor(`!!document.querySelector("#export-backup")`, "the backup link")
	data := eval[string](a, `decodeURIComponent(document.querySelector("#export-backup").href.split(",").slice(1).join(","))`)
	file := t.TempDir() + "/backup.json"
	os.WriteFile(file, []byte(data), 0o644)

	b := newPage(t)
	b.open("http://" + srv.addr + "/")
	buildParty(b, "Backed up", "Xavier")
	b.click("button.back")
	b.upload("#import-backup", file)
	b.wantIn("#notice", "Restored: 1 party added (1 under a new name)")
	b.wantContains("Backed up (2)")
	b.upload("#import-backup", file)
	b.wantIn("#notice", "0 parties added")
	if n := eval[float64](b, `JSON.parse(localStorage.getItem("gnosis.parties")).parties.length`); n != 2 {
		t.Errorf("%v parties after two restores, want 2", n)
	}
}
