package e2e

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSecondSourceParty builds an Azur Alliance party with an Arbiter calling a catalog
// summon and an agent with a skill bought, reads a card printed differently by the two
// sources, shares the party to a second phone, which saves it, and starts a game in which a
// maintenance card's upkeep is paid, the Arbiter gives his card's orders, spends a single use
// card, calls the summon and shows his zone of influence on the table sketch. R-PARTY-4,
// R-PARTY-9, R-PARTY-10, R-ARB-1, R-SUM-1, R-TURN-3.
func TestSecondSourceParty(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	base := "http://" + srv.addr + "/"
	p := newPage(t)
	p.open(base)
	buildParty(p, "Azur 300", "High Arbiter Arkeid")
	p.typeInto("#catalog-search", "azur agent") // an agent may be added again: it stays "Add"
	p.click(`button[aria-label="Add Azur Agent"]`)
	p.wantIn("#m-1", "Azur Agent")
	p.typeInto("#catalog-search", "claude")
	p.click(`button[aria-label="Add Claude Valmore"]`)
	p.wantIn("#m-2", "Claude Valmore")
	p.choose("#party-level", "300")
	p.choose("#party-organization", "The Azur Alliance organization")
	p.wantIn("#party-legal", "Every party rule is kept")

	// The agent's skill adds its levels and its Defense; the Arbiter calls a Light summon.
	p.choose("#m-1 .give-upgrade", "Azur Agent: Defense")
	p.wantIn("#m-1", "+ Azur Agent: Defense · 5")
	p.choose("#m-0 .give-summon", "Alius, Holy Soldier (Lesser)")
	p.wantIn("#m-0", "↳ Alius, Holy Soldier (Lesser) · 30")
	// 75 + 30 (the summon) + 20 + 5 (the skill) + 45.
	p.wantIn("#levels-left", "175 / 300 levels")
	// A single use card on the Arbiter, a maintenance card on Claude: the pickers say so.
	p.choose("#m-0 .give-advantage", "Life Potion (Equipment) · 5 · single use")
	p.wantIn("#m-0", "Life Potion · 5")
	p.choose("#m-2 .give-advantage", "Cursed Weapon (Equipment) · 5 · upkeep 1 LP")
	p.wantIn("#m-2", "Cursed Weapon")
	p.wantIn("#party-legal", "Every party rule is kept")
	p.click(`#m-1 button[aria-label="Show the card of Azur Agent"]`)
	p.wantIn("#card-view", "Level25")
	p.click(`button[aria-label="Close the card"]`)
	p.click(`#m-0 button[aria-label="Show the card of High Arbiter Arkeid"]`)
	p.wantIn("#card-view", "Order points per turn3")
	p.wantIn("#card-view", "Zone of influence30 cm (12 in)")
	p.click(`button[aria-label="Close the card"]`)
	p.shot("builder-azur")

	// The party sheet: every card's numbers, abilities by name and cost, upgrades, cards and
	// summons, and a QR code of the party's link; it prints on A4 or Letter.
	p.click("#print-party")
	p.wantIn("#party-sheet h1", "Azur 300")
	p.wantIn("#party-sheet", "Opugnis")
	p.wantIn("#party-sheet", "Conmutio (Order, Special, Effect) · 3 Order points")
	p.wantIn("#party-sheet", "Order points per turn3")
	p.wantIn("#party-sheet", "+ Azur Agent: Defense · 5 levels")
	p.wantIn("#party-sheet", "Life Potion (Equipment) · 5 · single use")
	p.wantIn("#party-sheet", "Cursed Weapon (Equipment) · 5 · upkeep 1 LP")
	p.wantIn("#party-sheet", "↳ Alius, Holy Soldier (Lesser) · 30 levels")
	p.wantIn("#sheet-legal", "Every party rule is kept")
	p.waitFor(`!!document.querySelector("#sheet-qr svg path")`, "the QR code of the party's link")
	p.wantIn("#sheet-link", base+"#p=A")
	p.shot("party-sheet")
	for _, paper := range []struct {
		value string
		w, h  float64 // points
	}{{"a4", 595.3, 841.9}, {"letter", 612, 792}} {
		p.chooseValue("#sheet-paper", paper.value)
		p.waitFor(`document.querySelector("#party-sheet").classList.contains("paper-`+paper.value+`")`, "the sheet on "+paper.value)
		pdf := p.printPDF()
		w, h, pages := pdfPages(pdf)
		if math.Abs(w-paper.w) > 2 || math.Abs(h-paper.h) > 2 || pages < 1 || pages > 2 {
			t.Errorf("printed on %s: %d pages of %.1f × %.1f pt, want 1 or 2 of %.1f × %.1f", paper.value, pages, w, h, paper.w, paper.h)
		}
		if err := os.WriteFile(filepath.Join(artifacts, "party-sheet-"+paper.value+".pdf"), pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		record(t, "party sheet, 3 characters and a summon, on %s: %d page(s), PDF %d B", paper.value, pages, len(pdf))
	}
	// The print preview, at A4's width: the sheet alone, the app's bars and buttons off the paper.
	p.resize(794, 1123)
	p.media("print")
	for _, css := range []string{".topbar", "#print-sheet"} {
		if shown := eval[bool](p, `document.querySelector(`+q(css)+`).checkVisibility()`); shown {
			t.Errorf("%s is printed", css)
		}
	}
	p.shot("party-sheet-print")
	p.media("")
	p.resize(phoneWidth, phoneHeight)
	p.click(".topbar .back")
	p.wantIn("#levels-left", "175 / 300 levels")

	// The catalog's organization filter has all seven organizations and the Wanderers;
	// Grey is printed differently by the two sources, and his card says how.
	p.typeInto("#catalog-search", "\b") // the selected search text, deleted
	for _, org := range []string{"Azur Alliance", "Black Sun", "Church", "Empire", "Samael", "Tol Rauko", "Wissenschaft", "Wanderers (no organization)"} {
		p.choose("#filter-organization", org)
	}
	p.choose("#filter-organization", "Black Sun")
	p.wantContains("16 characters")
	p.choose("#filter-organization", "All organizations")
	p.typeInto("#catalog-search", "grey")
	p.wantIn(`#catalog-list`, "Two printings")
	p.click(`#catalog-list button[aria-label="Show the card of Grey"]`)
	p.wantIn("#printings", "These values: second source")
	p.wantIn("#printings", "The first source prints: Attack 6/8 · Damage 5/8 · Actions 5")
	p.shot("card-printings")
	p.click(`button[aria-label="Close the card"]`)

	// The party travels by link; the second phone sees the skill and the summon, and saves it.
	p.click("#share-party")
	p.waitFor(`!!document.querySelector("#share-link")`, "the party's link")
	link := eval[string](p, `document.querySelector("#share-link").value`)
	if !strings.HasPrefix(link, base+"#p=A") {
		t.Fatalf("party link %q", link)
	}
	b := newPage(t)
	b.open(link)
	b.wantIn("#shared-party", "+ Azur Agent: Defense")
	b.wantIn("#shared-party", "↳ Alius, Holy Soldier (Lesser)")
	b.wantIn("#shared-legal", "Every party rule is kept")
	b.shot("shared-azur")
	b.click("#save-shared")
	b.waitFor(`location.hash.includes("/party/")`, "the saved party in the builder")
	b.wantIn("#m-1", "+ Azur Agent: Defense · 5")
	b.wantIn("#levels-left", "175 / 300 levels")

	// A game: the Arbiter has his Order points and calls the catalog summon.
	b.click("#start-game")
	b.click("#gnosis-first-0") // a Gnosis point on the roll for who acts first (R-GNO-2)
	b.click("#begin")
	b.wantIn("#c-0-0", "Orders 3/3")
	b.wantText("#gnosis-0", "2/3")
	// On to the Action phase: in Maintenance Claude pays his Cursed Weapon's upkeep, 1 LP,
	// unless his player discards it.
	b.click("#next-phase")
	b.wantIn("#phase-steps", "Claude Valmore loses 1 LP")
	b.wantIn("#phase-steps", "Cursed Weapon")
	b.wantIn("#phase-sheet .checks", "Claude Valmore discards Cursed Weapon (upkeep 1 LP not paid)")
	if !eval[bool](b, `(() => { const t = document.querySelector("#toast"); return !t || t.getBoundingClientRect().bottom <= document.querySelector("#phase-sheet").getBoundingClientRect().top })()`) {
		t.Error("a toast covers the phase sheet")
	}
	b.shot("phase-maintenance-card")
	b.click("#confirm-phase")
	b.wantGone("#phase-sheet")
	b.wantIn("#c-0-2 .lp .value", "15/16")
	// The Arbiter gives the orders his card names, at their costs in Order points: a reactive
	// one (Praesidium) at any time, from his details; the others in his activation.
	b.details("#c-0-0")
	b.click(`#character-sheet button[aria-label="Praesidium · 2 Order points"]`)
	b.wantIn("#toast", "High Arbiter Arkeid orders Praesidium (-2 Order points)")
	b.wantIn("#c-0-0", "Orders 1/3")
	b.wantOff(`#character-sheet button[aria-label="Praesidium · 2 Order points"]`)
	b.click("#close-character")
	b.click(`#c-0-0 .activate`)
	b.wantIn("#active-panel", "Praesidium · 2 Order points")
	b.shot("tracker-arbiter-orders")
	b.wantOff(`#active-panel button[aria-label="Opugnis · 2 Order points"]`)
	// Motum names a target: the combat assistant asks whom, then says what happened (R-ARB-1).
	b.click(`#active-panel button[aria-label="Motum · 1 Order point"]`)
	b.wantIn("#combat", "The target must be in the zone of influence, in sight.")
	b.target("Claude Valmore")
	b.shot("combat-order-target")
	b.click("#combat-go")
	b.wantIn("#combat-result", "orders Motum on")
	b.click("#combat-done")
	b.wantIn("#c-0-0", "Orders 0/3")
	// His Life Potion is single use: spent once used.
	b.details("#c-0-0")
	b.click("#character-sheet .use-card")
	b.wantIn("#character-sheet", "Life Potion · used 1 · 1 action · single use") // it costs 1 action (R-PARTY-9)
	b.wantOff("#character-sheet .use-card")
	b.click("#close-character")
	b.click(`#c-0-3 .call-summon`)
	b.details("#c-0-3")
	b.wantText("#character-sheet .extra", "Bind 2 · Stability 8 · Shock +0")
	b.click("#close-character")
	b.shot("tracker-catalog-summon")

	// On the table sketch the Arbiter's zone of influence is drawn, and says who stands in it.
	b.click("#table")
	b.click(`#table-svg circle[data-model="0/0"]`)
	b.waitFor(`!!document.querySelector("#table-svg circle.influence")`, "the zone of influence")
	b.wantIn("#influence-facts", "Zone of influence (30 cm): Azur Agent")
	b.shot("table-influence")
}

// pdfPages reads a PDF's pages: the size of the first (its MediaBox, in points) and how many
// there are.
func pdfPages(pdf []byte) (w, h float64, pages int) {
	box := regexp.MustCompile(`/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]`).FindSubmatch(pdf)
	if box != nil {
		w, _ = strconv.ParseFloat(string(box[1]), 64)
		h, _ = strconv.ParseFloat(string(box[2]), 64)
	}
	return w, h, len(regexp.MustCompile(`/Type\s*/Page\b`).FindAll(pdf, -1))
}
