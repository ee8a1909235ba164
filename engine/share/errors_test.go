package share

import (
	"testing"

	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

// TestEveryErrorIsTranslated: every message a link's error says (core.Fail, the reader's
// fail) is in text's catalogue, so that a broken link says why in the player's language.
func TestEveryErrorIsTranslated(t *testing.T) {
	found, missing, err := sourcecheck.Missing(".", map[string]int{"Fail": 2, "fail": 0}, text.Has)
	if err != nil || found < 20 || len(missing) > 0 {
		t.Errorf("%d messages found; not in text's catalogue: %q; %v", found, missing, err)
	}
}
