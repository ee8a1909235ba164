package diskwars

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"gnosis/engine/core"
	"gnosis/engine/text"
)

// TestShotDice lists a shot's dice as the shot rolls them: the Fire battle dice, the d6 of a
// d6 Strength, then a scatter die for each scatter face entered, to the discs ScatterOrder
// gives. R-DW-5, R-DW-6, R-DW-8, R-DW-12.
func TestShotDice(t *testing.T) {
	d6 := archers
	d6.Ranged = &Ranged{MaxBand: Medium, Fire: 2, Strength: Strength{D6: true}, Damage: Arcane}
	g := field(t, nil, []DiscCard{d6}, []DiscCard{orcs, wolf, orcs}, at(10, 10), at(30, 10), at(30, 16), at(30, 22))
	do(t, g, Activate{Disc: 0})
	s, shot := g.State(), Shoot{Attacker: 0, Target: 1}
	labels := func(entered ...int) string {
		slots, err := ShotDice(s, shot, entered)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range slots {
			out = append(out, d.In(text.EN))
		}
		return strings.Join(out, "; ")
	}
	if got := labels(); got != "battle die 1 of 2; battle die 2 of 2; Strength d6" {
		t.Errorf("before the roll: %s", got)
	}
	if got := labels(4, 3); got != "battle die 1 of 2; battle die 2 of 2; Strength d6; scatter die 1 of 1: Wolf" {
		t.Errorf("a scatter entered: %s", got)
	}
	if got := labels(3, 3, 6); got != "battle die 1 of 2; battle die 2 of 2; Strength d6; scatter die 1 of 2: Wolf; scatter die 2 of 2: Orcs" {
		t.Errorf("two scatters: %s", got)
	}
	for _, c := range []struct {
		entered []int
		want    error
		msg     string
	}{
		{nil, nil, ""},
		{[]int{4, 3, 6, 5}, nil, ""},
		{[]int{4, 3}, ErrNoDice, "2 dice more needed; next: Strength d6"},
		{[]int{4, 3, 6}, ErrNoDice, "1 die more needed; next: scatter die 1 of 1: Wolf"},
		{[]int{4, 4, 6, 1}, core.ErrTooManyDice, "this needs 3 dice; 4 were entered"},
		{[]int{4, 7, 1}, ErrNoDice, "a d6 shows 1 to 6, not 7"},
	} {
		err := CheckShotDice(s, shot, c.entered)
		if !errors.Is(err, c.want) || (err != nil && err.Error() != c.msg) {
			t.Errorf("%v: %v, want %q", c.entered, err, c.msg)
		}
	}
	// The dice entered are the dice the shot rolls: the faces as listed resolve the shot.
	sd := ScriptedDie{4, 3, 6, 5}
	g.SetDie(&sd)
	do(t, g, shot)
	if st := g.State(); st.Discs[1].Damage != 6 || st.Discs[2].Damage != 6 || len(sd) != 0 {
		t.Errorf("after the shot: target %d, wolf %d, dice left %v", st.Discs[1].Damage, st.Discs[2].Damage, sd)
	}
	// A refused shot is its refusal.
	if _, err := ShotDice(g.State(), shot, nil); err == nil {
		t.Error("a second shot listed dice")
	}
}

// TestHistory says the golden round in English, Spanish and Italian; it must match
// testdata/round.history.golden.txt (go test -update writes it again).
func TestHistory(t *testing.T) {
	b, err := os.ReadFile("testdata/round.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	g, err := LoadGame(b)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, lang := range []string{text.EN, text.ES, text.IT} {
		out.WriteString("# " + lang + "\n")
		for _, l := range g.History(lang) {
			fmt.Fprintf(&out, "%2d %s\n", l.Gesture, l.Text)
		}
	}
	const golden = "testdata/round.history.golden.txt"
	if *update {
		if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != out.String() {
		t.Errorf("the history differs from %s (go test -update writes it again):\n%s", golden, out.String())
	}
}
