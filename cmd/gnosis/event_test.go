//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gnosis/engine/event"
)

// TestEventCommands: gnosis event pair prints the round the app pairs from the same file (and
// --write keeps it), gnosis event standings prints every player's line (--csv as a
// spreadsheet reads it); a broken file says why and exits 2.
func TestEventCommands(t *testing.T) {
	e := event.New("Club night", "2026-12-05", 42)
	for _, name := range []string{"Ana", "Bruno", "Carla", "Dario", "Elena"} {
		if _, err := e.AddPlayer(name); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "club.json")
	if err := os.WriteFile(path, e.File(), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := e.Next()
	if err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI("event", "pair", "--json", path)
	var got event.Round
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || len(got.Pairings) != 3 {
		t.Fatalf("event pair: exit %d, %q %q", code, out, stderr)
	}
	for i := range got.Pairings {
		if got.Pairings[i].Players != want.Pairings[i].Players {
			t.Fatalf("the command line paired %v, the app %v", got.Pairings, want.Pairings)
		}
	}
	if code, out, _ := runCLI("event", "pair", "--write", path); code != 0 || !strings.Contains(out, "table 3") || !strings.Contains(out, "bye") {
		t.Fatalf("event pair --write: exit %d, %q", code, out)
	}
	b, _ := os.ReadFile(path)
	kept, err := event.ReadFile(b)
	if err != nil || kept.Round() != 1 {
		t.Fatalf("the round kept: %v, %d", err, kept.Round())
	}
	code, out, _ = runCLI("event", "standings", "--csv", path)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 6 || !strings.HasPrefix(lines[0], "place,player,points") {
		t.Fatalf("event standings --csv: exit %d, %q", code, out)
	}
	if code, out, _ := runCLI("event", "standings", path); code != 0 || !strings.Contains(out, "Ana (1)") || !strings.Contains(out, "SoS") {
		t.Fatalf("event standings: exit %d, %q", code, out)
	}
	os.WriteFile(path, []byte(`{"kind":"gnosis-event","version":1,"rounds":99}`), 0o644)
	if code, _, stderr := runCLI("event", "pair", path); code != 2 || !strings.Contains(stderr, "event") {
		t.Fatalf("a broken event file: exit %d, %q", code, stderr)
	}
	if code, _, _ := runCLI("event", "pair"); code != 2 {
		t.Fatalf("no file: exit %d", code)
	}
}

// TestEventPairWritesNoFilePastItsBound: issue 69. An event file all but full (corrections of
// the longest reasons, within 300 bytes of event.MaxFileBytes): gnosis event pair --write
// refuses to keep a round that would take it past the bound, says why, exits 1, and the file
// is as it was, still read.
func TestEventPairWritesNoFilePastItsBound(t *testing.T) {
	e := event.New("Club night", "2026-12-05", 12)
	e.Rounds, e.Method = 3, event.Random
	for i := range event.MaxPlayers {
		e.AddPlayer(fmt.Sprintf("Player %d", i+1))
	}
	for n := 1; n <= 2; n++ {
		if _, err := e.Pair(); err != nil {
			t.Fatal(err)
		}
		for _, p := range e.Played[n-1].Pairings {
			e.Type(n, p.Table, event.Result{Outcome: event.Drawn})
		}
	}
	// Corrections of the longest reasons, 50 at a time while far from the bound, then one at a
	// time on a copy until the next would pass it.
	why, tables := strings.Repeat("東", event.MaxWhy), event.MaxPlayers/2
	for i := 0; ; i++ {
		step := 1
		if len(e.File()) < event.MaxFileBytes-100<<10 {
			step = 50
		}
		f := e.Clone()
		for j := range step {
			k := i*50 + j
			if err := f.Correct(k/tables%2+1, k%tables+1, event.Result{Outcome: event.Drawn}, "org", why); err != nil {
				t.Fatalf("the file does not fill: %v at %d bytes", err, len(e.File()))
			}
		}
		if len(f.File()) > event.MaxFileBytes-300 {
			if step == 1 {
				break
			}
			continue
		}
		e = f
	}
	path := filepath.Join(t.TempDir(), "full.json")
	before := e.File()
	os.WriteFile(path, before, 0o644)
	code, _, stderr := runCLI("event", "pair", "--write", path)
	after, _ := os.ReadFile(path)
	if code != 1 || !strings.Contains(stderr, "past the") || string(after) != string(before) {
		t.Fatalf("a round past the bound: exit %d, %q, the file %d bytes of %d", code, stderr, len(after), len(before))
	}
	if _, err := event.ReadFile(after); err != nil {
		t.Fatal(err)
	}
}
