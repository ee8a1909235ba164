package store

import (
	"testing"

	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

// TestEveryErrorIsTranslated: every message a backup's error says (core.Fail, backupPart)
// is in text's catalogue, so that a restore refused says why in the player's language.
func TestEveryErrorIsTranslated(t *testing.T) {
	found, missing, err := sourcecheck.Missing(".", map[string]int{"Fail": 2, "backupPart": 1}, text.Has)
	if err != nil || found < 6 || len(missing) > 0 {
		t.Errorf("%d messages found; not in text's catalogue: %q; %v", found, missing, err)
	}
}
