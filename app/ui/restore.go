package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
)

// attrRestoring marks <body> while a backup is being restored (for the tests to wait on).
const attrRestoring = "data-restoring"

// startRestore begins restoring a backup file (store.Restore): one step per task of the page,
// so that a backup of thousands of parties never holds it (the home screen shows how far it
// has come, and every tap is answered in between); nothing is written before the whole file is
// read and checked, and nothing saved is overwritten.
func (s *Session) startRestore(data []byte) {
	if s.restoring != nil {
		s.notice = s.t("A backup is being restored: wait until it ends.")
		return
	}
	r, err := store.NewRestore(data, s.parties, newID)
	if err != nil {
		s.notice = s.t("Nothing restored: ") + s.errText(err)
		return
	}
	s.restoring, s.restoreEdits, s.restorePct = r, s.partiesEdits, 0
	body().Call("setAttribute", attrRestoring, "yes")
	s.nextRestoreStep()
}

// nextRestoreStep has the page run the next step once it has handled what waits (taps,
// drawing).
func (s *Session) nextRestoreStep() {
	if s.restoreFn == nil {
		s.restoreFn = app.FuncOf(func(app.Value, []app.Value) any {
			s.ctx.Dispatch(s.restoreStep)
			return nil
		})
	}
	app.Window().Call("setTimeout", s.restoreFn, 0)
}

// restoreStep runs one step of the restore; the last writes what it made and says so.
func (s *Session) restoreStep(ctx app.Context) {
	r := s.restoring
	if r == nil {
		return
	}
	if s.partiesEdits != s.restoreEdits { // a party was changed meanwhile: merge with it
		r.Rebase(s.parties)
		s.restoreEdits, s.restoreWritten = s.partiesEdits, false
	}
	if err := r.Step(); err != nil {
		s.restoring = nil
		body().Call("removeAttribute", attrRestoring)
		s.notice = s.t("Nothing restored: ") + s.errText(err)
		s.publish(ctx)
		return
	}
	if !r.Done() {
		if pct := int(100*r.Progress()) / 5 * 5; pct != s.restorePct { // a redraw every 5%
			s.restorePct = pct
			s.publish(ctx)
		} else {
			ctx.PreventUpdate()
		}
		s.nextRestoreStep()
		return
	}
	if !s.restoreWritten { // the parties' record first, a step of its own (the largest)
		s.writeRestored(r)
		ctx.PreventUpdate()
		s.nextRestoreStep()
		return
	}
	s.restoring, s.restoreWritten = nil, false
	body().Call("removeAttribute", attrRestoring)
	s.finishRestore(r)
	s.publish(ctx)
}

// writeRestored writes the restored list of parties, as the restore wrote it in JSON, or
// keeps why it could not (finishRestore says it).
func (s *Session) writeRestored(r *store.Restore) {
	_, list, _, _ := r.Result()
	s.partiesEdits++
	s.restoreEdits, s.restoreWritten = s.partiesEdits, true
	s.restoreFailed = s.store.SavePartiesJSON(list)
}

// finishRestore takes what the restore made, merges the backup's own cards and game into
// those of now (small: a step), and says in the player's language what it did.
func (s *Session) finishRestore(r *store.Restore) {
	parties, _, bk, rep := r.Result()
	hadGame := s.game != nil
	s.parties = parties
	s.own, s.game = store.MergeExtras(s.own, s.game, bk, &rep)
	ok := true
	if s.restoreFailed != nil {
		s.restoreFailed = nil
		ok = s.saveParties() // say what is not on the device, party by party
	} else {
		s.savedParties, s.unsavedParties = snapshot(s.parties), map[string]bool{}
	}
	if len(bk.Armies) > 0 {
		s.dw.armies, rep.ArmiesAdded = store.MergeArmies(s.dw.armies, bk.Armies, func() string { return "a" + newID()[1:] })
		ok = s.saveArmies() && ok
	}
	if err := s.store.SaveCards(s.own); err != nil {
		s.warn(err)
		ok = false
	}
	if !hadGame && s.game != nil {
		ok = s.saveGame() && ok
	}
	if ok {
		s.say(s.t("Restored: ") + s.mergeText(rep) + ".")
	}
}
