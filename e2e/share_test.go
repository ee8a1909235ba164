package e2e

import (
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestShareLinkAcrossProfiles shares a party from one browser profile and opens the link in
// a fresh one: read-only with its legality, nothing stored until saved; then the second
// profile goes offline and still opens the link, saves, and plays against it.
func TestShareLinkAcrossProfiles(t *testing.T) {
	parallel(t)
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
	a.waitFor(`!!document.querySelector("#notice, #toast")`, "word on the copy")
	// The party's sheet for paper is a tap away, with the same link in its QR code.
	a.click("#print-party")
	a.wantIn("#sheet-link", link)
	a.wantIn("#party-sheet", "Heavy Armor (Equipment) · 5")
	a.click("button.back")
	a.waitFor(`!!document.querySelector("#share-link")`, "the share screen again")
	// ‹ goes to the screen before: the builder, then home.
	a.click("button.back")
	a.waitFor(`location.hash.startsWith("#/party/") && !!document.querySelector("#share-party")`, "the builder, the screen before the share screen")
	a.click("button.back")
	a.waitFor(`!!document.querySelector('button[aria-label="Edit Sharers"]')`, "home, the screen before the builder")

	b := newPage(t)
	b.open(link)
	b.wantIn("#shared-party", "Sharers")
	b.wantIn("#shared-party", "Heavy Armor · 5")
	b.wantIn("#shared-legal", "Every party rule is kept")
	if got := b.record("gnosis.parties") == ""; !got {
		t.Error("opening a link stored something before the player chose")
	}
	b.shot("shared-party")
	b.waitPrecached("/", "/app.js", "/web/app.wasm")

	goOffline(t, srv)
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
	before := b.record("gnosis.parties")
	i := strings.Index(link, "#p=") + 6
	swap := byte('A') // another character of the payload's alphabet
	if link[i] == 'A' {
		swap = 'B'
	}
	bad := link[:i] + string(swap) + link[i+1:]
	b.open(bad)
	b.wantIn("#shared-error", "cannot be read")
	b.shot("shared-bad-link")
	if after := b.record("gnosis.parties"); after != before {
		t.Error("a bad link changed the saved parties")
	}
}

// TestStorageProblems: a corrupted record is set aside and offered for download while the
// app keeps working; an old schema version is read; a full quota keeps the old record and
// says so.
func TestStorageProblems(t *testing.T) {
	srv := startServer(t)
	dir := t.TempDir()
	p := newPageIn(t, dir)
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
	if aside := p.records("gnosis.unreadable."); len(aside) != 1 || !slices.Contains(slices.Collect(maps.Values(aside)), "{broken") {
		t.Errorf("set aside: %q", aside)
	}
	p.wantIn("#aside", "gnosis.unreadable.gnosis.parties.")
	p.shot("storage-problem")
	p.click("#my-cards")
	p.wantIn("#own-cards", "Elhaym")
	p.wantIn("#own-cards", "Lucky Charm")
	p.click("button.back")
	buildParty(p, "After the problem", "Nero")
	p.wantRecord("gnosis.parties", "saved after the problem", func(v string) bool {
		return strings.Contains(v, "After the problem") && strings.HasPrefix(v, `{"v":3,`)
	})

	// An old (version 1) parties record is read, moved from localStorage where earlier
	// versions kept it (the stored one is deleted first: a record IndexedDB holds wins).
	v1parties, _ := os.ReadFile("../app/store/testdata/v1-parties.json")
	eval[bool](p, `new Promise(ok => { const r = indexedDB.open("gnosis"); r.onsuccess = () => { const tx = r.result.transaction("records", "readwrite"); tx.objectStore("records").delete("gnosis.parties"); tx.oncomplete = () => { r.result.close(); ok(true) } } })`)
	eval[bool](p, `localStorage.setItem("gnosis.parties", `+q(string(v1parties))+`), true`)
	p.reload()
	p.wantContains("2 characters · 90 / 250 levels")
	if !p.holds(`localStorage.getItem("gnosis.parties") === null`) { // taken away once moved: the move may end after the screen is drawn
		t.Error("the moved record stayed in localStorage")
	}

	// A full quota: the change stays on screen, the saved record stays as it was.
	before := p.record("gnosis.parties")
	if where := eval[string](p, `document.body.dataset.storage`); where != "IndexedDB" {
		t.Fatalf("the records are kept in %s", where)
	}
	p = p.fullStorage(dir, "http://"+srv.addr, "http://"+srv.addr+"/")
	// Imports claim nothing they did not store: a party file, a card pack.
	files := t.TempDir()
	partyFile := files + "/party.json"
	os.WriteFile(partyFile, []byte(`{"version":1,"name":"Imported while full","edition":"core","level":250,"characters":[{"name":"Nero"}]}`), 0o644)
	p.upload("#import-party", partyFile)
	p.wantIn("#notice", "Not saved on this device")
	p.wantIn(".party-item .unsaved", "not saved")
	p.waitFor(`!!document.querySelector("#notice-backup")`, "a backup offered")
	if eval[bool](p, `document.querySelector("#notice").textContent.includes("Imported") || !!document.querySelector("#toast")`) {
		t.Error("an import into a full storage said it was imported")
	}
	p.shot("storage-full-import")
	eval[bool](p, `location.hash = "#/cards", true`)
	p.waitFor(`!!document.querySelector("#import-cards")`, "the cards screen")
	pack := files + "/pack.json"
	os.WriteFile(pack, []byte(`{"version":1,"kind":"gnosis-card-pack","characters":[{"name":"Full Card","categories":["Fighter"],"level":10,"lp":"5","actions":3,"recovery":2}],"advantages":[]}`), 0o644)
	p.upload("#import-cards", pack)
	p.wantIn("#notice", "Not saved on this device")
	if eval[bool](p, `document.querySelector("#notice").textContent.includes("Imported") || !!document.querySelector("#toast")`) {
		t.Error("a card pack imported into a full storage said it was imported")
	}
	p.click("button.back")
	p.click(`button[aria-label="Edit Church"]`)
	p.typeInto("#catalog-search", "xavier")
	p.click(`button[aria-label="Add Xavier"]`)
	p.wantIn("#notice", "Not saved on this device")
	p.shot("storage-full")
	if after := p.record("gnosis.parties"); after != before {
		t.Error("a failed write changed the saved record")
	}
	p.freeStorage("http://" + srv.addr)
	p.click(`button[aria-label="Remove Xavier"]`)
	p.wantRecord("gnosis.parties", "saved again", func(v string) bool { return !strings.Contains(v, "Xavier") && strings.Contains(v, "Grey") })
	p.click("button.back")
	p.waitFor(`!!document.querySelector("#persist-status") && document.querySelector("#persist-status").textContent.length > 10`, "the persistence status")
}

// TestTwoTabs: a change in one tab shows in the other without a reload.
func TestTwoTabs(t *testing.T) {
	parallel(t)
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
	one.wantRecord("gnosis.parties", "both tabs' party", func(v string) bool { return strings.Contains(v, "Grey") && strings.Contains(v, "Nero") })
}

// backupHrefJS is a script that taps a backup link (the page script writes its address then,
// once the backup is made) without following it, and gives that address.
func backupHrefJS(css string) string {
	return `(async () => { const l = document.querySelector(` + q(css) + `);
		window.gnosis.lastBackup = null;
		const stop = (e) => e.preventDefault();
		l.addEventListener("click", stop);
		l.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
		for (let i = 0; i < 1200 && !window.gnosis.lastBackup; i++) await new Promise((r) => setTimeout(r, 50));
		l.removeEventListener("click", stop);
		return l.href })()`
}

// backupData is the backup a tap on the backup link css gives, as text.
func backupData(p *tab, css string) string {
	p.t.Helper()
	return eval[string](p, `(async () => decodeURIComponent((await `+backupHrefJS(css)+`).split(",").slice(1).join(",")))()`)
}

// TestBackup backs everything up in one profile and restores it in another, twice: the second
// restore adds nothing.
func TestBackup(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	a := newPage(t)
	a.open("http://" + srv.addr + "/")
	buildParty(a, "Backed up", "Nero", "Grey")
	a.click("button.back")
	a.waitFor(`!!document.querySelector("#export-backup")`, "the backup link")
	data := backupData(a, "#export-backup")
	file := t.TempDir() + "/backup.json"
	os.WriteFile(file, []byte(data), 0o644)

	b := newPage(t)
	b.open("http://" + srv.addr + "/")
	buildParty(b, "Backed up", "Xavier")
	b.click("button.back")
	b.upload("#import-backup", file)
	b.wantIn("#toast", "Restored: 1 party added (1 under a new name)")
	b.wantContains("Backed up (2)")
	b.upload("#import-backup", file)
	b.wantIn("#toast", "0 parties added")
	if n := until(b, func() int { return partyCount(b) }, func(n int) bool { return n == 2 }); n != 2 {
		t.Errorf("%v parties after two restores, want 2", n)
	}
}

// TestSharedShowsCosts: the receiver of a link sees what each card costs, a summon's too.
func TestSharedShowsCosts(t *testing.T) {
	parallel(t)
	p, base := seeded(t)
	p.open(base + "#/share/light")
	p.waitFor(`!!document.querySelector("#share-link")`, "the link")
	link := eval[string](p, `document.querySelector("#share-link").value`)
	b := newPage(t)
	b.open(link)
	b.wantIn("#shared-party", "↳ Elhaym · 30")
}
