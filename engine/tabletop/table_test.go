package tabletop

import (
	"fmt"
	"strings"
	"testing"

	"github.com/golang/geo/r2"

	"gnosis/engine/anima"
)

// TestNearest: the nearest enemies by the gap between bases, ties kept in order. R-STATE-8.
func TestNearest(t *testing.T) {
	t.Run("R-STATE-8 the nearest by gap between bases", func(t *testing.T) {
		m := Model{ID: "a", Center: r2.Point{X: 0, Y: 0}, Radius: 1}
		far := Model{ID: "far", Center: r2.Point{X: 30, Y: 0}, Radius: 1}
		big := Model{ID: "big", Center: r2.Point{X: 0, Y: 12}, Radius: 3}     // gap 8
		small := Model{ID: "small", Center: r2.Point{X: 10, Y: 0}, Radius: 1} // gap 8
		got := Nearest(m, []Model{far, big, small})
		if len(got) != 2 || got[0].ID != "big" || got[1].ID != "small" {
			t.Errorf("Nearest = %v, want big and small (both 8 cm away)", got)
		}
		if Nearest(m, nil) != nil {
			t.Error("no enemy, yet a nearest")
		}
		near := Model{ID: "near", Center: r2.Point{X: 0, Y: 9.9}, Radius: 1} // gap 7.9
		if got := Nearest(m, []Model{big, near}); len(got) != 1 || got[0].ID != "near" {
			t.Errorf("Nearest = %v, want only near (1 mm closer)", got)
		}
	})
}

// TestTableWorkBounded (finding 4): a table inside every other bound (500 models, 500 pieces
// of 500 points) ran over 300 s; its work, the pairs of models times the terrain's points, is
// now bounded (MaxTableWork) and refused at once, naming the bound.
func TestTableWorkBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"unit":"cm","models":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":"m%d","x":%d,"y":%d,"radius_cm":1,"side":%d}`, i, i%100, i/100*10, 1+i%2)
	}
	b.WriteString(`],"terrain":[`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"kind":"high","polygon":[`)
		for j := range 500 {
			if j > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "[%d,%d]", j%7, j%5)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}")
	if _, err := ParseTable([]byte(b.String())); err == nil || !strings.Contains(err.Error(), "MaxTableWork") {
		t.Fatalf("got %v, want a refusal naming MaxTableWork", err)
	}
}

// TestModifiers: R-ATK-6 R-ATK-9 what the table says of an attack, read once for the combat
// assistant: long range beyond half the attacker's range, cover through a forest, and the
// enemy of the charger near the charge line who may intercept, named by reference.
func TestModifiers(t *testing.T) {
	shooter := anima.Card{Name: "Shooter", Level: 40, LP: anima.S(12), Actions: 4, Recovery: 3, Capabilities: []string{"Ranged Attack (12 inches)"}} // 30 cm
	foe := anima.Card{Name: "Foe", Level: 40, LP: anima.S(12), Actions: 4, Recovery: 3}
	g, err := anima.NewGame(anima.Setup{Sides: [2]anima.SideSetup{
		{Name: "A", Characters: []anima.Card{shooter}},
		{Name: "B", Characters: []anima.Card{foe, foe}}}})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	a, b, c := model("0/0", 10, 10, 1), model("1/0", 42, 10, 2), model("1/1", 26, 13, 2)
	tb := Table{Models: []Model{a, b, c}, Terrain: []Terrain{{Kind: Forest, Polygon: rect(30, 0, 34, 20)}}}
	mods, who, ok := tb.Modifiers(st, anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 1, Index: 0})
	if !ok || !mods.LongRange || !mods.Cover || mods.Elevated {
		t.Errorf("modifiers %+v, %v", mods, ok)
	}
	if len(who) != 1 || who[0] != (anima.Ref{Side: 1, Index: 1}) {
		t.Errorf("interceptors %v", who)
	}
	if _, _, ok := (Table{Models: []Model{a}}).Modifiers(st, anima.Ref{Side: 0, Index: 0}, anima.Ref{Side: 1, Index: 0}); ok {
		t.Error("a target off the sketch")
	}
}
