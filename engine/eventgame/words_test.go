package eventgame

import (
	"slices"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/event"
	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

// TestEveryErrorIsTranslated: every message a list's or a game's refusal says here is in
// text's catalogue, so that the organiser reads why in their language.
func TestEveryErrorIsTranslated(t *testing.T) {
	found, missing, err := sourcecheck.Missing(".", map[string]int{"Fail": 2}, text.Has)
	if err != nil || found < 4 || len(missing) > 0 {
		t.Errorf("%d messages found; not in text's catalogue: %q; %v", found, missing, err)
	}
}

// TestTheEventSaysTheGamesWords: engine/event knows no game, so it writes the words a code and
// a set-up share with Anima Tactics itself; they are the game's: each edition valid (the
// default the game's core one), each end and lead the game's.
func TestTheEventSaysTheGamesWords(t *testing.T) {
	if event.Editions[0] != string(anima.Core) {
		t.Errorf("the default edition %q, the game's core %q", event.Editions[0], anima.Core)
	}
	for _, ed := range []anima.Edition{anima.Core, anima.Alpha} {
		if !slices.Contains(event.Editions, string(ed)) {
			t.Errorf("the event does not know the edition %q", ed)
		}
	}
	for _, ed := range event.Editions {
		if !anima.Edition(ed).Valid() {
			t.Errorf("the event knows an edition the game does not: %q", ed)
		}
	}
	ends := []string{"", anima.EndVictory, anima.EndLength, anima.EndConceded}
	aheads := []string{"", anima.AheadFlag, anima.AheadConceded, anima.AheadStanding, anima.AheadNodes, anima.AheadLevels}
	if !slices.Equal(event.Ends, ends) || !slices.Equal(event.Aheads, aheads) {
		t.Errorf("the event's ends %q and leads %q; the game's %q and %q", event.Ends, event.Aheads, ends, aheads)
	}
}
