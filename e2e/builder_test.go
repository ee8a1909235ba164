package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestOrganizationParty builds a 300-level Church party with a Wanderer and two advantage
// cards, watches violations appear beside the offending entries and disappear when fixed,
// then reloads and finds the party as it was. R-PARTY-2, R-PARTY-3, R-PARTY-7, R-PARTY-8.
func TestOrganizationParty(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	buildParty(p, "Church 300", "Nero", "Xavier", "Ergo Mundus")
	p.choose("#party-level", "300")
	p.wantIn("#levels-left", "200 / 300 levels · 100 left")
	// A faction party cannot mix Light Nero and Darkness Xavier: R-PARTY-6 beside both.
	p.wantIn("#m-0-violations", "R-PARTY-6")
	p.wantIn("#m-1-violations", "R-PARTY-6")
	p.choose("#party-organization", "The Church organization")
	p.wantGone("#m-0-violations")
	p.wantIn("#party-legal", "Every party rule is kept")

	p.choose("#m-0 .give-advantage", "Heavy Armor")
	p.choose("#add-advantage", "Tactics")
	p.wantText("#budget-cards strong", "2 / 3")
	p.wantText("#budget-ap strong", "15 / 30")
	p.wantIn("#m-0", "Heavy Armor · 5")

	// One Wanderer joins the Church (Ergo Mundus serves the Church and Samael: he is none).
	// A second Wanderer is greyed out in the catalog with the rule it would break; added
	// anyway, it breaks R-PARTY-7 beside both Wanderers; removing it mends it.
	p.typeInto("#catalog-search", "aqua")
	p.click(`button[aria-label="Add Aqua"]`)
	p.wantIn("#party-legal", "Every party rule is kept")
	p.typeInto("#catalog-search", "dereck")
	p.wantIn(`li.catalog-item.unfit:has(button[aria-label="Add Dereck Shezard"]) .violation`, "R-PARTY-7")
	p.click(`button[aria-label="Add Dereck Shezard"]`)
	p.wantIn("#m-3-violations", "R-PARTY-7")
	p.wantIn("#m-4-violations", "R-PARTY-7")
	p.wantGone("#party-legal")
	p.shot("builder-violation")
	p.click(`button[aria-label="Remove Dereck Shezard"]`)
	p.wantGone("#m-3-violations")
	p.click(`button[aria-label="Remove Aqua"]`)
	p.wantIn("#party-legal", "Every party rule is kept")

	// Two organization advantages are one too many at 300 levels (R-PARTY-2).
	// (The select is read when go-app handles its change: a second pick before the first is
	// handled would be read twice, as no finger could pick.)
	p.choose("#add-advantage", "Miracles")
	p.wantIn("#party-advantages", "Miracles")
	p.choose("#add-advantage", "Exterminators")
	p.wantIn("#party-violations", "R-PARTY-2")
	p.click(`button[aria-label="Remove Exterminators"]`)
	p.wantGone("#party-violations")

	// The card view shows every number.
	p.click(`#m-0 button[aria-label="Show the card of Nero"]`)
	p.wantIn("#card-view", "Life Points14")
	p.wantIn("#card-view", "Wings of Absolution (Ki, Attack) · 3 actions")
	p.shot("card-view")
	p.click(`button[aria-label="Close the card"]`)
	p.wantGone("#card-view")

	p.reload()
	p.click("button.back")
	p.click(`button[aria-label="Edit Church 300"]`)
	p.wantIn("#party-legal", "Every party rule is kept")
	p.wantText("#budget-cards strong", "2 / 3")
	p.wantIn("#party-advantages", "Miracles")
	p.shot("builder")

	stored := p.record("gnosis.parties")
	var rec struct {
		V       int `json:"v"`
		Parties []struct {
			Party json.RawMessage `json:"party"`
		} `json:"parties"`
	}
	if err := json.Unmarshal([]byte(stored), &rec); err != nil || rec.V != 3 || len(rec.Parties) != 1 {
		t.Fatalf("stored %s: %v", stored, err)
	}
	var party map[string]any
	json.Unmarshal(rec.Parties[0].Party, &party)
	if party["organization"] != "Church" || party["level"] != 300.0 || len(party["characters"].([]any)) != 3 || len(party["advantages"].([]any)) != 2 {
		t.Errorf("stored party file %s", rec.Parties[0].Party)
	}
}

// TestOwnCards makes a summon in My cards, imports a card pack, and assigns the summon to a
// summoner in the builder. R-PARTY-10, R-SUM-1.
func TestOwnCards(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	p.click("#my-cards")
	p.click("#new-summon")
	for field, v := range map[string]string{"name": "Elhaym", "level": "30", "lp": "10", "bind": "3", "stability": "5", "shock": "1", "affinity": "Light"} {
		p.typeInto("#ed-"+field, v)
	}
	p.click("#save-card")
	p.wantIn("#own-cards", "Summon card · level 30")
	// A bad value is refused with a message, and nothing is saved.
	p.click("#new-character")
	p.typeInto("#ed-name", "Broken")
	p.typeInto("#ed-level", "ten")
	p.click("#save-card")
	p.wantIn("#editor-error", "Level (cost)")
	p.click(`#card-editor button:not(.primary)`)

	pack := filepath.Join(t.TempDir(), "pack.json")
	os.WriteFile(pack, []byte(`{"version":1,"kind":"gnosis-card-pack","characters":[],"advantages":[{"name":"Lucky Charm","group":"Equipment","cost":5}]}`), 0o644)
	p.upload("#import-cards", pack)
	// A word of success is a toast: neutral (a status, not an alert), and it goes by itself.
	p.wantIn("#toast", "Imported 1 card.")
	if eval[bool](p, `!!document.querySelector("#notice") || document.querySelector("#toast").getAttribute("role") !== "status"`) {
		t.Error("a word of success is drawn as an error")
	}
	p.shot("toast")
	p.wantIn("#own-cards", "Equipment card · 5 points")
	p.wantGone("#toast")
	href := eval[string](p, `document.querySelector("#export-cards").href`)
	if !containsAll([]string{href}, nil) || len(href) < 100 {
		t.Errorf("export link %q", href)
	}
	p.shot("my-cards")

	p.click("button.back")
	buildParty(p, "Summoners", "Saint Hazael")
	p.choose("#m-0 .give-summon", "Elhaym")
	p.wantIn("#m-0", "↳ Elhaym · 30")
	p.wantIn("#levels-left", "75 / 250 levels")
	p.choose("#m-0 .give-advantage", "Lucky Charm")
	p.wantIn("#m-0", "Lucky Charm · 5")
	p.wantIn("#party-legal", "Every party rule is kept")
}

// TestCatalogFilters narrows the catalog by organization, faction, category and level, and
// widens it again with the "all" choices.
func TestCatalogFilters(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	p.click("#new-party")
	p.wantContains("184 characters")
	p.choose("#filter-organization", "Church")
	p.choose("#filter-faction", "Darkness")
	p.choose("#filter-category", "Mystic")
	p.wantContains("3 characters")
	p.wantIn("#catalog-list", "Damaris")
	p.wantIn("#catalog-list", "Maria")
	p.choose("#filter-level", "30")
	p.wantContains("0 characters")
	p.choose("#filter-level", "Any level")
	p.choose("#filter-category", "All categories")
	p.choose("#filter-faction", "All factions")
	p.choose("#filter-organization", "All organizations")
	p.wantContains("184 characters")
	p.choose("#add-advantage", "Tactics")
	p.wantIn("#party-advantages", "Tactics") // the choice taken: the picker is drawn again after it
	if v := evalUntil(p, `document.querySelector("#add-advantage").selectedOptions[0].text`, func(v string) bool { return v == "+ Plot, team or organization card" }); v != "+ Plot, team or organization card" {
		t.Errorf("the party card picker shows %q after a choice", v)
	}
	p.shot("catalog-filters")
}

// TestPartyFileImportExport exports a party file from the builder, imports it back as a copy,
// refuses a broken file without touching what is saved, and deletes a party.
func TestPartyFileImportExport(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	buildParty(p, "Exported", "Nero", "Grey")
	href := eval[string](p, `decodeURIComponent(document.querySelector("#export-party").href.split(",").slice(1).join(","))`)
	file := filepath.Join(t.TempDir(), "exported.json")
	os.WriteFile(file, []byte(href), 0o644)
	var f struct {
		Version    int    `json:"version"`
		Name       string `json:"name"`
		Characters []struct {
			Name string `json:"name"`
		} `json:"characters"`
	}
	if err := json.Unmarshal([]byte(href), &f); err != nil || f.Version != 1 || f.Name != "Exported" || len(f.Characters) != 2 {
		t.Fatalf("exported %s: %v", href, err)
	}
	p.click("button.back")
	p.upload("#import-party", file)
	p.wantContains("Imported Exported (2).")
	p.wantContains("Exported (2)")

	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"name":"X","edition":"core","level":250,"characters":[{"name":"Nobody"}],"advantages":[]}`), 0o644)
	p.upload("#import-party", bad)
	p.wantContains(`Party not imported: character "Nobody" is not in the catalog`)
	if n := partyCount(p); n != 2 {
		t.Errorf("%v parties saved after a refused import, want 2", n)
	}

	// A zipped BattleScribe roster: the party is saved; its one unknown entry is listed with
	// the offer to make an own card of it, which opens the card form with its name.
	abs, _ := filepath.Abs("../engine/roster/testdata/church-acebaur.rosz")
	p.upload("#import-party", abs)
	p.wantContains("Imported Church of Light.")
	p.wantIn("#unmatched", "Rocket Boots (chosen on Legacy of Solomon)")
	p.shot("roster-unmatched")
	p.click(`button[aria-label="Make an own card of Rocket Boots"]`)
	p.waitFor(`document.querySelector("#ed-name") && document.querySelector("#ed-name").value === "Rocket Boots"`, "the card form with the entry's name")
	p.click("button.back")
	p.wantGone("#unmatched")
	p.click(`button[aria-label="Edit Church of Light"]`)
	p.wantIn("#m-2", "Legacy of Solomon with Valeria Strauss")
	p.wantIn("#party-advantages", "Tactics")
	p.click("button.back")
	notRoster, _ := filepath.Abs("../engine/roster/testdata/not-a-roster.cat")
	p.upload("#import-party", notRoster)
	p.wantContains("Party not imported: not a BattleScribe roster")
	// A roster's reader that cannot be loaded (its worker's script missing): the import is
	// refused, saying so, and nothing is saved.
	p.expectErrors("no-such-worker")
	eval[bool](p, `(() => {
		const W = (window.__Worker = window.Worker);
		window.Worker = function (u, o) { return new W(String(u).replace("roster-worker.js", "no-such-worker.js"), o); };
		return true;
	})()`)
	p.upload("#import-party", abs)
	p.wantContains("Party not imported: the roster reader could not be loaded: try again once online")
	eval[bool](p, `(window.Worker = window.__Worker), true`)
	p.click(`button[aria-label="Edit Church of Light"]`)
	p.click("#delete-party")
	p.click("#delete-party")
	p.wantContains("My parties")

	p.click(`button[aria-label="Edit Exported (2)"]`)
	p.click("#delete-party")
	p.wantText("#delete-party", "Tap again to delete Exported (2)")
	p.click("#delete-party")
	p.wantContains("My parties")
	p.wantGone(`button[aria-label="Edit Exported (2)"]`)
	if n := until(p, func() int { return partyCount(p) }, func(n int) bool { return n == 1 }); n != 1 { // the delete's save may land after the screen
		t.Errorf("%v parties saved after deleting one, want 1", n)
	}
}

// TestBuilderPreventsMistakes: a party of the Church shows the Church and the Wanderers in
// the catalog, marks leaders and summoners, greys out what would break a rule with the
// rule's reason, keeps its levels pinned in view while adding, and sorts the equipment; an
// illegal party is marked on the home list and warned of, with its violations, before a
// game starts. R-PARTY-3, R-PARTY-4, R-PARTY-6, R-PARTY-7, R-PARTY-10.
func TestBuilderPreventsMistakes(t *testing.T) {
	parallel(t)
	srv := startServer(t)
	p := newPage(t)
	p.open("http://" + srv.addr + "/")
	buildParty(p, "Mixed", "Nero", "Xavier")
	p.wantIn("#m-0-violations", "R-PARTY-6")

	// The home list marks the illegal party; the start screen warns before the game.
	p.click("button.back")
	p.wantIn(".party-item .illegal", "2 rules broken")
	p.shot("home-illegal")
	p.click(`button[aria-label="Play with Mixed"]`)
	p.wantIn("#illegal-warning", "Mixed breaks 2 party rules:")
	p.wantIn("#illegal-warning .violation", "R-PARTY-6")
	p.wantText("#begin", "Start anyway")
	p.shot("start-illegal")
	p.click("button.back")

	// A party of the Church: the catalog shows the Church and the Wanderers only.
	p.click(`button[aria-label="Edit Mixed"]`)
	p.typeInto("#catalog-search", "")
	p.choose("#party-organization", "The Church organization")
	p.wantIn("#party-legal", "Every party rule is kept")
	p.wantIn("#filter-organization option", "Church and Wanderers")
	p.wantIn("#catalog-list", "Ergo Mundus")
	if !p.holds(`!document.querySelector("#catalog-list").textContent.includes("Lilith")`) {
		t.Error("an Empire character in the catalog of a Church party")
	}
	p.choose("#filter-organization", "All organizations")
	p.wantIn("#catalog-list", "Lilith")
	p.choose("#filter-organization", "Church and Wanderers")
	p.wantGone(`button[aria-label="Add Lilith"]`)
	// Marks: a leader, a summoner.
	p.wantIn(`li.catalog-item:has(button[aria-label="Add Romeo Exxet"]) .marks`, "Leader")
	p.wantIn(`li.catalog-item:has(button[aria-label="Add Saint Hazael"]) .marks`, "Summoner 2")
	// What no longer fits: at 100 levels every card over the 0 left is greyed with R-PARTY-3,
	// and says by how many levels.
	p.choose("#party-level", "100")
	p.wantIn(`li.catalog-item.unfit:has(button[aria-label="Add Grey"]) .over-budget`, "R-PARTY-3")
	p.wantIn(`li.catalog-item.unfit:has(button[aria-label="Add Grey"]) .over-budget`, "40 levels over the encounter level")
	// The rule of a greyed card opens over the builder; Back closes it and the builder stays.
	p.click(`li.catalog-item.unfit:has(button[aria-label="Add Grey"]) .over-budget button.rule`)
	p.wantIn("#rule-sheet h2", "R-PARTY-3 · The budget")
	p.do(chromedp.NavigateBack())
	p.wantGone("#rule-sheet")
	p.wantIn("#budget-pin", "levels")
	p.choose("#party-level", "250")
	p.waitFor(`!document.querySelector('li.catalog-item:has(button[aria-label="Add Grey"])').classList.contains("unfit")`, "Grey fits again")
	// The budget stays in view while scrolling the catalog.
	eval[bool](p, `document.querySelector("#catalog-list li:last-child").scrollIntoView(), true`)
	p.waitFor(`(() => { const r = document.querySelector("#budget-pin").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight })()`, "the pinned budget in view")
	p.wantIn("#budget-pin", "100 / 250 levels · 150 left")
	p.shot("builder-pinned")
	p.audit("builder-pinned")
	// Equipment sorted by name.
	sorted := eval[bool](p, `(() => { const o = [...document.querySelectorAll("#m-0 .give-advantage option")].slice(1).map(o => o.textContent.toLowerCase()); return o.length > 3 && o.every((t, i) => i === 0 || o[i-1] <= t) })()`)
	if !sorted {
		t.Error("the equipment list is not sorted by name")
	}
}

// TestFullBudgetCatalog: with no level left, the catalog says of each card by how many levels it
// would go over, muted, with R-PARTY-3's button, not the full rule in red on every card.
func TestFullBudgetCatalog(t *testing.T) {
	parallel(t)
	p, base := seeded(t)
	p.open(base + "#/party/dark")
	p.choose("#party-level", "100") // Xavier 50 + Azriel 50
	p.wantIn("#catalog-list .over-budget", "levels over the encounter level")
	if n := evalUntil(p, `document.querySelectorAll('#catalog-list .violation[data-rule="R-PARTY-3"]').length`, func(n int) bool { return n == 0 }); n != 0 {
		t.Errorf("%d catalog cards still say R-PARTY-3 in full", n)
	}
	p.shot("builder-full-budget")
}
