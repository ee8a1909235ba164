package ui

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
)

var update = flag.Bool("update", false, "write the golden files anew")

// TestCounterPatchGolden: what a counter's tap writes to the page (counterPatch, the page
// script's one JSON text) for a game's counters, against its golden file; and each selector it
// names finds what the tracker draws (the same constants on both sides).
func TestCounterPatchGolden(t *testing.T) {
	cat := catalog.Default()
	var sides [2]anima.SideSetup
	for side, names := range [2][]string{{"Nero", "Grey"}, {"Xavier"}} {
		sides[side] = anima.SideSetup{Name: []string{"Light", "Dark"}[side], EncounterLevel: 250}
		for _, n := range names {
			c, _ := cat.Character(n)
			sides[side].Characters = append(sides[side].Characters, c)
		}
	}
	g, err := anima.NewGame(anima.Setup{Sides: sides, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	nero := anima.Ref{}
	for _, cmd := range []anima.Command{anima.AdvanceToAction{}, anima.BeginActivation{Ref: nero}, anima.AdjustLP{Ref: nero, Delta: -3}, anima.AdjustGnosis{Side: 1, Delta: -1}} {
		if err := g.Do(cmd); err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
	}
	s := testSession(t, cat, "en", g)
	got := s.counterPatch([3]int{0, 0, 0}, [3]int{0, 1, 0}, [3]int{1, 0, 1}, [3]int{1, 7, 0})
	const golden = "testdata/counter-patch.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got+"\n" != string(want) {
		t.Errorf("the patch\n%s\nwant (go test -update writes it)\n%s", got, want)
	}
	tr := newScreen(s, screenGame).(*Tracker)
	row := app.HTMLString(tr.characterRow(g.State(), nero))
	for _, w := range []string{`id="` + rowID(nero) + `"`, `class="` + classCounter + " " + counterLP + `"`, `class="` + classCounter + " " + counterActions, `class="` + classValue + `"`} {
		if !strings.Contains(row, w) {
			t.Errorf("the row the patch writes to has no %s:\n%s", w, row)
		}
	}
	side := app.HTMLString(tr.sideView(g.State(), 1, false))
	for _, w := range []string{`id="` + sideID(1) + `"`, `class="` + classGnosisCounter + `"`} {
		if !strings.Contains(side, w) {
			t.Errorf("the side the patch writes to has no %s", w)
		}
	}
}
