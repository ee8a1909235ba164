package ui

import (
	"encoding/json"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
)

// draftKey is where the combat assistant's open draft is kept in the tab's sessionStorage: a
// reload (the phone closing the page behind the player's back, a pull to refresh) reopens the
// assistant with what was chosen and the dice entered, as long as the game has not moved on.
const draftKey = "gnosis.combat-draft"

// keptDraft is the combat assistant's draft as kept across a reload: whose action, which, and
// the game's length when it was kept (a draft of another moment of the game is dropped).
type keptDraft struct {
	Attacker anima.Ref   `json:"attacker"`
	Action   string      `json:"action"`
	Log      int         `json:"log"`
	Draft    combatDraft `json:"draft"`
}

func sessionStorage() app.Value { return app.Window().Get("sessionStorage") }

// keepDraft keeps d, the draft on screen of play's game, for a reload.
func keepDraft(play session.Play, attacker anima.Ref, action string, d *combatDraft) {
	if !app.IsClient || play.Game() == nil {
		return
	}
	b, err := json.Marshal(keptDraft{Attacker: attacker, Action: action, Log: play.Game().Len(), Draft: *d})
	if err == nil {
		defer func() { recover() }() // a browser that keeps nothing: the draft lives on screen only
		sessionStorage().Call("setItem", draftKey, string(b))
	}
}

// dropDraft forgets the kept draft: the assistant closed, or resolved.
func dropDraft() {
	if app.IsClient {
		defer func() { recover() }()
		sessionStorage().Call("removeItem", draftKey)
	}
}

// keptDraftNow is the draft kept before a reload, if play's game is still where it was then.
func keptDraftNow(play session.Play) (keptDraft, bool) {
	var k keptDraft
	if !app.IsClient || play.Game() == nil {
		return k, false
	}
	var v app.Value
	func() {
		defer func() { recover() }()
		v = sessionStorage().Call("getItem", draftKey)
	}()
	if v == nil || v.IsNull() || v.IsUndefined() || json.Unmarshal([]byte(v.String()), &k) != nil || k.Log != play.Game().Len() {
		return k, false
	}
	return k, true
}
