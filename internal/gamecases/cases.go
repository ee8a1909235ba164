// Package gamecases makes games for the tests: a game played as at a table (TableGame), a game
// between two parties as a player's phone starts it (PartyGame), and the
// log of the worst game file a forged one can be inside the shelf's bounds (AttackLog), shared by the
// shelf's native tests and the end-to-end tests that read it in the page.
package gamecases

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
)

// TableGame is a game of about n gestures played as at a table: the engine's own choices (an
// activation, an attack, the phase's end) picked at random, and between them the taps of the
// counters (LP, actions, Gnosis) that make most of a game's gestures; its dice the game's own.
func TableGame(seed uint64, n int) (*anima.Game, error) {
	r := rand.New(rand.NewPCG(seed, 7))
	cat := catalog.Default()
	var sides [2]anima.SideSetup
	for side, names := range [2][]string{{"Nero", "Grey", "Lemures"}, {"Xavier", "Kisidan", "Hikari"}} {
		sides[side] = anima.SideSetup{Name: []string{"Light", "Dark"}[side], EncounterLevel: 250}
		for _, name := range names {
			if c, ok := cat.Character(name); ok {
				sides[side].Characters = append(sides[side].Characters, c)
			}
		}
		if len(sides[side].Characters) == 0 {
			return nil, fmt.Errorf("side %d: none of %v in the catalog", side, names)
		}
	}
	g, err := anima.NewGame(anima.Setup{Sides: sides, Turns: 200, Seed: seed + 1})
	if err != nil {
		return nil, err
	}
	for g.Gesture() < n && !g.State().Over() {
		s := g.State()
		var c anima.Command
		if r.IntN(3) > 0 { // a tap of a counter
			side := r.IntN(2)
			ref := anima.Ref{Side: side, Index: r.IntN(len(s.Sides[side].Characters))}
			switch r.IntN(3) {
			case 0:
				c = anima.AdjustLP{Ref: ref, Delta: []int{-1, 1}[r.IntN(2)]}
			case 1:
				c = anima.AdjustActions{Ref: ref, Delta: []int{-1, 1}[r.IntN(2)]}
			default:
				c = anima.AdjustGnosis{Side: side, Delta: []int{-1, 1}[r.IntN(2)]}
			}
		} else if choices := anima.Actions(s); len(choices) > 0 {
			var plays []anima.Command // mostly what a character does; the phase ends now and then
			for _, ch := range choices {
				switch ch.Command.(type) {
				case anima.AdvancePhase, anima.AdvanceToAction:
				default:
					plays = append(plays, ch.Command)
				}
			}
			c = choices[r.IntN(len(choices))].Command
			if len(plays) > 0 && r.IntN(40) > 0 {
				c = plays[r.IntN(len(plays))]
			}
		}
		if c == nil {
			break
		}
		g.Do(c) // a refusal changes nothing: pick again
	}
	return g, nil
}

// AttackLog is the entries (their JSON) of a game's start and one attack's gesture repeated
// until the log has n entries: the most a forged game file can ask of a reader per byte (each
// entry an exchange to replay and measure against its odds); packed, a few kilobytes.
func AttackLog(n int) ([][]byte, error) {
	var entries [][]byte
	for seed := uint64(1); seed < 40 && entries == nil; seed++ {
		g, err := TableGame(seed, 400)
		if err != nil {
			return nil, err
		}
		all, _, err := g.LogJSON()
		if err != nil {
			return nil, err
		}
		type head struct {
			G int    `json:"g"`
			K string `json:"k"`
		}
		attack := -1
		for _, e := range all {
			var v head
			json.Unmarshal(e, &v)
			if v.K == "attack" {
				attack = v.G
				break
			}
		}
		if attack < 0 {
			continue
		}
		var gesture [][]byte
		last := 0
		for _, e := range all {
			var v head
			json.Unmarshal(e, &v)
			switch {
			case v.G == attack:
				gesture = append(gesture, e)
			case v.G < attack:
				entries, last = append(entries, e), v.G
			}
		}
		for g := last + 1; len(entries) < n; g++ {
			for _, e := range gesture {
				if len(entries) == n {
					break
				}
				entries = append(entries, bytes.Replace(e, fmt.Appendf(nil, `{"g":%d,`, attack), fmt.Appendf(nil, `{"g":%d,`, g), 1))
			}
		}
	}
	if entries == nil {
		return nil, errors.New("no game of the seeds tried has an attack")
	}
	return entries, nil
}

// PartyGame is a game between two parties (each resolved against the catalog, its list's
// checksum lists[i] kept on its side, as a player's phone starts a game from saved parties),
// played at random (the engine's choices and LP taps) for at most n gestures or to its end.
func PartyGame(sides [2]party.PartyFile, lists [2]string, seed uint64, n int) (*anima.Game, error) {
	cat := catalog.Default()
	su := anima.Setup{Edition: sides[0].Edition, Turns: 2, Seed: seed}
	for i, f := range sides {
		p, err := party.ResolveParty(f, cat)
		if err != nil {
			return nil, err
		}
		su.Sides[i] = p.Side()
		su.Sides[i].List = lists[i]
	}
	g, err := anima.NewGame(su)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(seed, 3))
	for k := 0; k < n && !g.State().Over(); k++ {
		s := g.State()
		var c anima.Command
		if r.IntN(4) == 0 { // a blow: LP lost
			side := r.IntN(2)
			c = anima.AdjustLP{Ref: anima.Ref{Side: side, Index: r.IntN(len(s.Sides[side].Characters))}, Delta: -r.IntN(8)}
		} else if choices := anima.Actions(s); len(choices) > 0 {
			c = choices[r.IntN(len(choices))].Command
		} else {
			c = anima.AdvancePhase{}
		}
		_ = g.Do(c) // a refused command changes nothing
	}
	return g, nil
}
