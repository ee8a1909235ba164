package roster

import (
	"testing"

	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

// TestEveryErrorIsTranslated: every message a roster's error says (core.Fail) is in
// text's catalogue, so that a roster refused says why in the player's language.
func TestEveryErrorIsTranslated(t *testing.T) {
	found, missing, err := sourcecheck.Missing(".", map[string]int{"Fail": 2}, text.Has)
	if err != nil || found < 7 || len(missing) > 0 {
		t.Errorf("%d messages found; not in text's catalogue: %q; %v", found, missing, err)
	}
}
