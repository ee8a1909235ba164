package anima

import (
	"path/filepath"
	"testing"
)

// TestEngineHoldsOnlyPackages: issue 63: engine/ holds packages only, the two games (anima,
// diskwars) beside what they share: no Go file at its root.
func TestEngineHoldsOnlyPackages(t *testing.T) {
	if files, _ := filepath.Glob("../*.go"); len(files) > 0 {
		t.Errorf("Go files at engine/'s root: %v", files)
	}
}
