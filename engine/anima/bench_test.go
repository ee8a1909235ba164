package anima

import "testing"

func benchGame(b *testing.B, events int) *Game {
	g, err := NewGame(Setup{Sides: [2]SideSetup{
		{Name: "A", Characters: []Card{card("A1", 50, 40, 5, 3), card("A2", 45, 40, 4, 3), card("A3", 40, 40, 4, 2)}},
		{Name: "B", Characters: []Card{card("B1", 50, 40, 5, 3), card("B2", 45, 40, 4, 3), card("B3", 40, 40, 4, 2)}},
	}, Turns: 1 << 20})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; g.Len() < events; i++ {
		r := Ref{Side: i % 2, Index: i % 3}
		for _, c := range []Command{AdjustActions{r, -1}, AdjustLP{r, -1}, AdjustLP{r, 1}, AdvancePhase{}} {
			_ = g.Do(c)
		}
	}
	return g
}

// BenchmarkApply is one event folded into a state (the target is under 1 µs).
func BenchmarkApply(b *testing.B) {
	g := benchGame(b, 1)
	s := g.State()
	ev := LPChanged{Ref: Ref{0, 0}, Delta: 0}
	for b.Loop() {
		ev.apply(&s)
	}
}

// BenchmarkDo is one tap: decide, append and fold.
func BenchmarkDo(b *testing.B) {
	g := benchGame(b, 1)
	i := 0
	for b.Loop() {
		i++
		_ = g.Do(AdjustLP{Ref{0, 0}, 1 - 2*(i%2)})
	}
}

// BenchmarkReplay10k folds a log of 10,000 events (the target is under 20 ms).
func BenchmarkReplay10k(b *testing.B) {
	log := benchGame(b, 10000).Log()[:10000]
	b.ResetTimer()
	for b.Loop() {
		if _, err := Replay(log); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLegal is every action the active character may take now, ten against ten, each
// tried on every enemy (Allowed: Decide, mostly refused): what the tracker does not ask.
func BenchmarkLegal(b *testing.B) { benchChoices(b, func(s State) []Choice { return legal(s, true) }) }

// BenchmarkActions is what the tracker asks when a character is activated: each action once,
// on its first target.
func BenchmarkActions(b *testing.B) { benchChoices(b, Actions) }

func benchChoices(b *testing.B, choices func(State) []Choice) {
	var sides [2]SideSetup
	for side := range sides {
		sides[side].Name = string(rune('A' + side))
		for i := range 10 {
			sides[side].Characters = append(sides[side].Characters, card(string(rune('A'+side))+string(rune('0'+i)), 30, 16, 5, 3))
		}
	}
	g, err := NewGame(Setup{Sides: sides})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []Command{AdvancePhase{}, AdvancePhase{}, BeginActivation{Ref: Ref{0, 0}}} {
		if err := g.Do(c); err != nil {
			b.Fatal(err)
		}
	}
	s := g.State()
	for b.Loop() {
		if len(choices(s)) == 0 {
			b.Fatal("nothing legal")
		}
	}
}
