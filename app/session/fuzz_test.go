package session

import (
	"encoding/json"
	"testing"

	"gnosis/engine/anima"
)

// FuzzGuestRequest has a host decide any request of its guest, as it arrives in a message:
// nothing panics, the request is taken or refused with a text in each language, and the host's
// game stays one that replays to itself and loads back.
func FuzzGuestRequest(f *testing.F) {
	for _, r := range []wireRequest{{Undo: true}, {Redo: true}, {Cmd: mustCommand(anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1})},
		{Cmd: mustCommand(anima.AdvanceToAction{}), Dice: []int{3, 4}}, {Cmd: json.RawMessage(`{"k":"Attack","v":{"Attacker":{"side":1}}}`)}} {
		b, _ := json.Marshal(r)
		f.Add(b)
	}
	f.Add([]byte(`{"cmd":{"k":"AdjustLP","v":{"Ref":{"side":7,"index":-3},"Delta":-99}}}`))
	f.Fuzz(func(t *testing.T, req []byte) {
		host, _ := paired(t)
		op, refused := linked{host.s.pair.duo}.Decide(req)
		if op == nil && refused != nil && (refused["en"] == "" || refused["es"] == "" || refused["it"] == "") {
			t.Fatalf("a refusal not said in every language: %v", refused)
		}
		g := host.s.play.game.g // the Session's own, to write it as the store does
		if s, err := anima.Replay(g.Log()); err != nil || jsonOf(t, s) != jsonOf(t, g.State()) {
			t.Fatalf("the host's game no longer replays: %v", err)
		}
		b, err := g.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back anima.Game
		if err := back.UnmarshalJSON(b); err != nil {
			t.Fatalf("the host's game does not load back: %v", err)
		}
	})
}

func mustCommand(c anima.Command) json.RawMessage {
	b, err := anima.MarshalCommand(c)
	if err != nil {
		panic(err)
	}
	return b
}
