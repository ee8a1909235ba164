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
	if len(d.Characters) != 88 || len(d.Advantages) != 97+10 || len(d.Pilots) != 12 {
		t.Errorf("%d characters, %d advantages, %d pilots", len(d.Characters), len(d.Advantages), len(d.Pilots))
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
}
