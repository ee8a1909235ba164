package main

import (
	"bytes"
	"os"
	"testing"
)

func TestParseAbility(t *testing.T) {
	for in, want := range map[string]string{
		"Nuala (Ki, Attack) [3]":                           "Nuala|Ki,Attack|3|false",
		"Gae Bolg":                                         "Gae Bolg||0|false",
		"ooo+ — Final Burst (Ki, Attack)":                  "Final Burst|Ki,Attack|3|true",
		"Nathaniel's Hand (Magic, Effect [2]":              "Nathaniel's Hand|Magic,Effect|2|false",
		"Disposable Agents (Special Effect, Reactive) [1]": "Disposable Agents|Special,Effect,Reactive|1|false",
		"The Mark of Noah (Magic,Effect) [2]":              "The Mark of Noah|Magic,Effect|2|false",
		"Cat's Trick [3]":                                  "Cat's Trick||3|false",
		"Rage (Ki, Effect) [2+]":                           "Rage|Ki,Effect|2|true",
		"Ash Slave (Magic, Effect, Upkeep 1) [2]":          "Ash Slave|Magic,Effect|2|false",
		"Hold the Line (Order, Special, Action) [1 OT]":    "Hold the Line|Order,Special,Action|1|false",
	} {
		a := ParseAbility(in)
		got := a.Name + "|" + join(a.Keywords) + "|" + itoa(a.Cost) + "|" + map[bool]string{true: "true", false: "false"}[a.CostPlus]
		if got != want {
			t.Errorf("%q: got %s, want %s", in, got, want)
		}
	}
}

func join(s []string) string {
	var b bytes.Buffer
	for i, x := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(x)
	}
	return b.String()
}

func itoa(n int) string { return string(rune('0' + n)) }

// TestShippedCatalogIsUpToDate re-imports the shared card data and compares it with the
// embedded file, so that the two cannot drift apart unnoticed.
func TestShippedCatalogIsUpToDate(t *testing.T) {
	const dir = "../../../shared/data"
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no shared card data beside the repository: %v", err)
	}
	d, err := importDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	// 88 + 96 profiles, 97 + 2 advantage cards, 10 + 14 organization advantages.
	if len(d.Characters) != 184 || len(d.Summons) != 16 || len(d.Advantages) != 97+2+10+14 || len(d.Pilots) != 12 || len(d.Upgrades) != 154 {
		t.Errorf("%d characters, %d summons, %d advantages, %d pilots, %d upgrades", len(d.Characters), len(d.Summons), len(d.Advantages), len(d.Pilots), len(d.Upgrades))
	}
	got, err := Encode(d)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../engine/catalog/catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("engine/catalog/catalog.json is stale: run go run ./cmd/catalog-import")
	}
	src, err := GoSource(d)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := os.ReadFile("../../engine/catalog/data.go"); err != nil || !bytes.Equal(src, want) {
		t.Fatalf("engine/catalog/data.go is stale (%v): run go run ./cmd/catalog-import", err)
	}
}
