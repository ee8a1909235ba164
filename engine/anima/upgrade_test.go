package anima

import "testing"

// TestChangeInEachLanguage: an upgrade's change is said with the stats abbreviated in the
// player's language, as the card lines abbreviate them; one it cannot read, as printed.
func TestChangeInEachLanguage(t *testing.T) {
	for lang, want := range map[string]string{"en": "+1 Atk, +2 Dmg, -1 Speed", "es": "+1 Ata, +2 Daño, -1 Velocidad", "it": "+1 Att, +2 Dan, -1 Velocità"} {
		if got := ChangeIn("+1 Atk, +2 Dmg, -1 Speed", lang); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := ChangeIn("+1 Luck", "es"); got != "+1 Luck" {
		t.Errorf("an unread change: %q", got)
	}
}
